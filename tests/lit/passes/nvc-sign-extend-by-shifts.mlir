// RUN: %nvc-opt %s -nvc-sign-extend-by-shifts | FileCheck %s

// nvc-sign-extend-by-shifts writes each arith.extsi from i32 to i64 as a zero
// extension, a shift left by 32 and an arithmetic shift right by 32 (lavapipe
// mis-compares values sign-extended by OpSConvert); other extensions stay.

// CHECK-LABEL: func.func @int32_to_int64
// CHECK-NEXT:    %[[Z:.*]] = arith.extui %arg0 : i32 to i64
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : i64
// CHECK-NEXT:    %[[H:.*]] = arith.shli %[[Z]], %[[C32]] : i64
// CHECK-NEXT:    %[[S:.*]] = arith.shrsi %[[H]], %[[C32]] : i64
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[S]], %arg1 : i64
// CHECK-NEXT:    return %[[R]] : i64
func.func @int32_to_int64(%x: i32, %y: i64) -> i64 {
  %0 = arith.extsi %x : i32 to i64
  %1 = arith.addi %0, %y : i64
  return %1 : i64
}

// Narrower sources (NVIDIA's driver gets their shifts wrong) and i32 results
// keep their extsi.
// CHECK-LABEL: func.func @other_widths
// CHECK-NEXT:    %[[A:.*]] = arith.extsi %arg0 : i16 to i64
// CHECK-NEXT:    %[[B:.*]] = arith.extsi %arg1 : i8 to i32
// CHECK-NEXT:    return %[[A]], %[[B]] : i64, i32
// CHECK-NOT:     arith.shrsi
func.func @other_widths(%a: i16, %b: i8) -> (i64, i32) {
  %0 = arith.extsi %a : i16 to i64
  %1 = arith.extsi %b : i8 to i32
  return %0, %1 : i64, i32
}
