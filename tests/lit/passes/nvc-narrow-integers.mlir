// RUN: %nvc-opt %s -nvc-narrow-integers | FileCheck %s
// RUN: %nvc-opt %s -nvc-narrow-integers=index-bits=64 | FileCheck %s --check-prefix=IB64

// nvc-narrow-integers computes in 32 bits the 64-bit integer arithmetic
// (@cuda.jit's exact int64) that value ranges or a truncation of the result
// prove the same, and leaves the rest 64-bit.

// Ranges: a compare of two sign-extended int32 values is the int32 compare.
// CHECK-LABEL: func.func @compare_extended
// CHECK-NEXT:    %[[ID:.*]] = gpu.global_id x
// CHECK-NEXT:    %[[I:.*]] = arith.index_cast %[[ID]] : index to i32
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi slt, %[[I]], %arg0 : i32
// CHECK-NEXT:    return %[[C]] : i1
func.func @compare_extended(%n: i32 {nvc.non_negative}) -> i1 {
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %1 = arith.extsi %0 : i32 to i64
  %2 = arith.extsi %n : i32 to i64
  %3 = arith.cmpi slt, %1, %2 : i64
  return %3 : i1
}

// Ranges in [0, 2^32): an id plus a non-negative int32 is computed as uint32
// and zero-extended. Not with index-bits=64, where the id may be larger.
// CHECK-LABEL: func.func @sum_of_id_and_extent
// CHECK-NEXT:    %[[ID:.*]] = gpu.global_id x
// CHECK-NEXT:    %[[I:.*]] = arith.index_cast %[[ID]] : index to i64
// CHECK-NEXT:    %[[T:.*]] = arith.trunci %[[I]] : i64 to i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[T]], %arg0 : i32
// CHECK-NEXT:    %[[W:.*]] = arith.extui %[[S]] : i32 to i64
// CHECK-NEXT:    return %[[W]] : i64
// IB64-LABEL: func.func @sum_of_id_and_extent
// IB64:         %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// IB64-NEXT:    return %[[S]] : i64
func.func @sum_of_id_and_extent(%n: i32 {nvc.non_negative}) -> i64 {
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i64
  %1 = arith.extsi %n : i32 to i64
  %2 = arith.addi %0, %1 : i64
  return %2 : i64
}

// Truncation: the low 32 bits of a product and sum (an array index) are the
// 32-bit product and sum of the truncated operands, whatever their ranges.
// CHECK-LABEL: func.func @truncated_index
// CHECK-NEXT:    %[[A:.*]] = arith.trunci %arg0 : i64 to i32
// CHECK-NEXT:    %[[B:.*]] = arith.trunci %arg1 : i64 to i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[B2:.*]] = arith.trunci %arg1 : i64 to i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[M]], %[[B2]] : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @truncated_index(%a: i64, %b: i64) -> i32 {
  %0 = arith.muli %a, %b : i64
  %1 = arith.addi %0, %b : i64
  %2 = arith.trunci %1 : i64 to i32
  return %2 : i32
}

// Left alone: a sum of two int64 scalars of unknown range, used as int64.
// CHECK-LABEL: func.func @wide_sum
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %arg1 : i64
// CHECK-NEXT:    return %[[S]] : i64
// CHECK-NOT:     i32
func.func @wide_sum(%a: i64, %b: i64) -> i64 {
  %0 = arith.addi %a, %b : i64
  return %0 : i64
}
