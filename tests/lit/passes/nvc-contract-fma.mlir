// RUN: %nvc-opt %s -nvc-contract-fma | FileCheck %s
// RUN: %nvc-opt %s -nvc-contract-fma=all-kernels=true | FileCheck %s --check-prefix=ALL

// nvc-contract-fma fuses float `a*b ± c` into math.fma, and `acc ± (a*b ± c*d)`
// into two FMAs, in kernels marked nvc.fastmath (fastmath=True), or in every
// kernel with all-kernels (--fp-contract=fast). A product with another use is
// not fused; nor is anything in a kernel without permission.

// CHECK-LABEL: func.func @muladd
// CHECK-NEXT:    %[[F:.*]] = math.fma %arg0, %arg1, %arg2 : f32
// CHECK-NEXT:    return %[[F]] : f32

// c - a*b = fma(-a, b, c)
// CHECK-LABEL: func.func @mulsub
// CHECK-NEXT:    %[[NA:.*]] = arith.negf %arg0 : f64
// CHECK-NEXT:    %[[F:.*]] = math.fma %[[NA]], %arg1, %arg2 : f64
// CHECK-NEXT:    return %[[F]] : f64

// acc + (a*b - c*d) = fma(-c, d, fma(a, b, acc))
// CHECK-LABEL: func.func @complex_mac
// CHECK-NEXT:    %[[F1:.*]] = math.fma %arg1, %arg2, %arg0 : f32
// CHECK-NEXT:    %[[NC:.*]] = arith.negf %arg3 : f32
// CHECK-NEXT:    %[[F2:.*]] = math.fma %[[NC]], %arg4, %[[F1]] : f32
// CHECK-NEXT:    return %[[F2]] : f32

// CHECK-LABEL: func.func @shared_product
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %arg0, %arg1 : f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[M]], %arg2 : f32
// CHECK-NEXT:    return %[[S]], %[[M]] : f32, f32

// CHECK-LABEL: func.func @no_permission
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %arg0, %arg1 : f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[M]], %arg2 : f32
// CHECK-NEXT:    return %[[S]] : f32
// ALL-LABEL:   func.func @no_permission
// ALL-NEXT:      %[[F:.*]] = math.fma %arg0, %arg1, %arg2 : f32
// ALL-NEXT:      return %[[F]] : f32

func.func @muladd(%a: f32, %b: f32, %c: f32) -> f32 attributes {nvc.fastmath} {
  %0 = arith.mulf %a, %b : f32
  %1 = arith.addf %0, %c : f32
  return %1 : f32
}
func.func @mulsub(%a: f64, %b: f64, %c: f64) -> f64 attributes {nvc.fastmath} {
  %0 = arith.mulf %a, %b : f64
  %1 = arith.subf %c, %0 : f64
  return %1 : f64
}
func.func @complex_mac(%acc: f32, %a: f32, %b: f32, %c: f32, %d: f32) -> f32 attributes {nvc.fastmath} {
  %0 = arith.mulf %a, %b : f32
  %1 = arith.mulf %c, %d : f32
  %2 = arith.subf %0, %1 : f32
  %3 = arith.addf %acc, %2 : f32
  return %3 : f32
}
func.func @shared_product(%a: f32, %b: f32, %c: f32) -> (f32, f32) attributes {nvc.fastmath} {
  %0 = arith.mulf %a, %b : f32
  %1 = arith.addf %0, %c : f32
  return %1, %0 : f32, f32
}
func.func @no_permission(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = arith.mulf %a, %b : f32
  %1 = arith.addf %0, %c : f32
  return %1 : f32
}
