// RUN: %nvc-opt %s -nvc-fold-range-checks | FileCheck %s
// RUN: %nvc-opt %s -nvc-fold-range-checks=index-bits=64 | FileCheck %s --check-prefix=IB64

// nvc-fold-range-checks replaces each arith.cmpi whose outcome the signed
// ranges of its operands decide with a constant, then folds what that
// decides: Python's negative-index wrap `i < 0 ? i + n : i` of an index built
// from cuda.grid(1) disappears. A test the ranges cannot decide stays.

// cuda.grid(1) is never negative: the wrap of both accesses folds away.
// CHECK-LABEL: func.func @wrap_of_grid_index
// CHECK-NEXT:    %[[ID:.*]] = gpu.global_id x
// CHECK-NEXT:    %[[I:.*]] = arith.index_cast %[[ID]] : index to i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg2, %[[I]] : i32
// CHECK-NEXT:    %[[AI:.*]] = arith.index_cast %[[A]] : i32 to index
// CHECK-NEXT:    %[[V:.*]] = memref.load %arg0[%[[AI]]]
// CHECK-NEXT:    %[[B:.*]] = arith.addi %arg3, %[[I]] : i32
// CHECK-NEXT:    %[[BI:.*]] = arith.index_cast %[[B]] : i32 to index
// CHECK-NEXT:    memref.store %[[V]], %arg1[%[[BI]]]
// CHECK-NEXT:    return
func.func @wrap_of_grid_index(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32, %arg3: i32, %n: i32 {nvc.non_negative}) {
  %c0_i32 = arith.constant 0 : i32
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %4 = arith.cmpi slt, %0, %c0_i32 : i32
  %5 = arith.addi %0, %n : i32
  %6 = arith.select %4, %5, %0 : i32
  %7 = arith.addi %arg2, %6 : i32
  %8 = arith.index_cast %7 : i32 to index
  %9 = memref.load %arg0[%8] : memref<?xf32>
  %11 = arith.select %4, %5, %0 : i32
  %12 = arith.addi %arg3, %11 : i32
  %13 = arith.index_cast %12 : i32 to index
  memref.store %9, %arg1[%13] : memref<?xf32>
  return
}

// An index from a scalar argument may be negative: the test and the wrap stay.
// CHECK-LABEL: func.func @wrap_of_argument
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %arg1, %{{.*}} : i32
// CHECK:         arith.select %[[NEG]]
// CHECK:         memref.load
func.func @wrap_of_argument(%arg0: memref<?xf32>, %i: i32, %n: i32 {nvc.non_negative}) -> f32 {
  %c0_i32 = arith.constant 0 : i32
  %0 = arith.cmpi slt, %i, %c0_i32 : i32
  %1 = arith.addi %i, %n : i32
  %2 = arith.select %0, %1, %i : i32
  %3 = arith.index_cast %2 : i32 to index
  %4 = memref.load %arg0[%3] : memref<?xf32>
  return %4 : f32
}

// The option: with 32-bit indices (the default) an invocation id is below
// 2^31, so `id < 2^31` holds; with index-bits=64 it is not known.
// CHECK-LABEL: func.func @id_bound
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    return %[[T]] : i1
// IB64-LABEL: func.func @id_bound
// IB64:         %[[C:.*]] = arith.cmpi slt
// IB64-NEXT:    return %[[C]] : i1
func.func @id_bound() -> i1 {
  %big = arith.constant 2147483648 : i64
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i64
  %1 = arith.cmpi slt, %0, %big : i64
  return %1 : i1
}
