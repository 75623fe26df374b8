// RUN: %nvc-opt %s -nvc-decorate-no-contraction | FileCheck %s

// nvc-decorate-no-contraction marks every float multiply, add, subtract,
// negate and divide no_contraction (OpDecorate NoContraction), so drivers do
// not fuse them into FMAs; integer arithmetic and explicit FMAs stay as they
// are.

// CHECK-LABEL: spirv.func @float_arithmetic
// CHECK-NEXT:    %[[M:.*]] = spirv.FMul %arg0, %arg1 {no_contraction} : f32
// CHECK-NEXT:    %[[A:.*]] = spirv.FAdd %[[M]], %arg2 {no_contraction} : f32
// CHECK-NEXT:    %[[S:.*]] = spirv.FSub %[[A]], %arg0 {no_contraction} : f32
// CHECK-NEXT:    %[[N:.*]] = spirv.FNegate %[[S]] {no_contraction} : f32
// CHECK-NEXT:    %[[D:.*]] = spirv.FDiv %[[N]], %arg1 {no_contraction} : f32
// CHECK-NEXT:    spirv.ReturnValue %[[D]] : f32

// CHECK-LABEL: spirv.func @left_alone
// CHECK-NEXT:    %[[I:.*]] = spirv.IMul %arg0, %arg0 : i32
// CHECK-NEXT:    %[[F:.*]] = spirv.GL.Fma %arg1, %arg1, %arg1 : f64
// CHECK-NEXT:    %[[R:.*]] = spirv.FRem %[[F]], %arg1 : f64
// CHECK-NEXT:    spirv.ReturnValue %[[R]] : f64
// CHECK-NOT:     no_contraction
spirv.module Logical GLSL450 {
  spirv.func @float_arithmetic(%a: f32, %b: f32, %c: f32) -> f32 "None" {
    %0 = spirv.FMul %a, %b : f32
    %1 = spirv.FAdd %0, %c : f32
    %2 = spirv.FSub %1, %a : f32
    %3 = spirv.FNegate %2 : f32
    %4 = spirv.FDiv %3, %b : f32
    spirv.ReturnValue %4 : f32
  }
  spirv.func @left_alone(%i: i32, %x: f64) -> f64 "None" {
    %0 = spirv.IMul %i, %i : i32
    %1 = spirv.GL.Fma %x, %x, %x : f64
    %2 = spirv.FRem %1, %x : f64
    spirv.ReturnValue %2 : f64
  }
}
