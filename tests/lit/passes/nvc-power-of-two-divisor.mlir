// RUN: %nvc-opt %s -nvc-power-of-two-divisor | FileCheck %s
// RUN: %nvc-opt %s -nvc-power-of-two-divisor=version-loops=false | FileCheck %s --check-prefix=NOVERSION

// nvc-power-of-two-divisor replaces a float32/float64 division by a power of
// two with a multiplication by its exact reciprocal: for a constant divisor
// directly; for a divisor defined outside the loop the division is in, by
// versioning the loop on a test of the divisor's bits (mantissa zero, the
// reciprocal normal): a copy that multiplies where it is a power of two, the
// original loop where not (only with version-loops). Other divisors stay.

// CHECK-LABEL: func.func @constant
// CHECK:         %[[QUARTER:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:    %[[A:.*]] = arith.mulf %arg0, %[[QUARTER]] : f32
// CHECK-NEXT:    %[[EIGHT:.*]] = arith.constant 8.000000e+00 : f64
// CHECK-NEXT:    %[[B:.*]] = arith.mulf %arg1, %[[EIGHT]] : f64
// CHECK-NEXT:    return %[[A]], %[[B]] : f32, f64
// NOVERSION-LABEL: func.func @constant
// NOVERSION:       arith.mulf %arg0
// NOVERSION:       arith.mulf %arg1

// CHECK-LABEL: func.func @invariant
// CHECK:         %[[BITS:.*]] = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT:    %[[MMASK:.*]] = arith.constant 8388607 : i32
// CHECK-NEXT:    %[[MANT:.*]] = arith.andi %[[BITS]], %[[MMASK]] : i32
// CHECK:         %[[EXPOK:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[MANTOK:.*]] = arith.cmpi eq, %[[MANT]], %{{.*}} : i32
// CHECK-NEXT:    %[[POW2:.*]] = arith.andi %[[EXPOK]], %[[MANTOK]] : i1
// CHECK:         %[[RECIP:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK-NEXT:    scf.if %[[POW2]] -> (index) {
// CHECK-NEXT:      scf.while
// CHECK:             %[[V:.*]] = memref.load %arg0
// CHECK-NEXT:        arith.mulf %[[V]], %[[RECIP]] : f32
// CHECK:         } else {
// CHECK-NEXT:      scf.while
// CHECK:             %[[W:.*]] = memref.load %arg0
// CHECK-NEXT:        arith.divf %[[W]], %arg1 : f32
// NOVERSION-LABEL: func.func @invariant
// NOVERSION-NOT:   scf.if
// NOVERSION:       arith.divf %{{.*}}, %arg1 : f32

// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %[[A:.*]] = arith.divf %arg0, %[[C3]] : f32
// CHECK-NEXT:    %[[B:.*]] = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT:    return %[[A]], %[[B]] : f32, f32

func.func @constant(%x: f32, %y: f64) -> (f32, f64) {
  %c4 = arith.constant 4.0 : f32
  %c8 = arith.constant 0.125 : f64
  %0 = arith.divf %x, %c4 : f32
  %1 = arith.divf %y, %c8 : f64
  return %0, %1 : f32, f64
}
func.func @invariant(%x: memref<?xf32>, %d: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%j = %c0) : (index) -> index {
    %more = arith.cmpi slt, %j, %n : index
    scf.condition(%more) %j : index
  } do {
  ^bb0(%j: index):
    %v = memref.load %x[%j] : memref<?xf32>
    %q = arith.divf %v, %d : f32
    memref.store %q, %x[%j] : memref<?xf32>
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}
func.func @left_alone(%x: f32, %y: f32) -> (f32, f32) {
  %c3 = arith.constant 3.0 : f32
  %0 = arith.divf %x, %c3 : f32
  %1 = arith.divf %x, %y : f32
  return %0, %1 : f32, f32
}
