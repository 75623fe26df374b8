// RUN: %nvc-opt %s -nvc-expand-math-library | FileCheck %s
// RUN: %nvc-opt %s -nvc-expand-math-library=use-float64=false | FileCheck %s --check-prefix=NOF64

// nvc-expand-math-library (on a gpu.module) replaces math-dialect operations
// and @nvc_math_* calls with nvc's own float32/float64 implementations
// (docs/math.md). Left alone: what GLSL.std.450 has exactly (sqrt, floor,
// ...), float32 operations flagged afn (the built-in), and, without float64
// (use-float64=false, --no-float64), float32 functions GLSL.std.450 has.

// trunc(x) = x < 0 ? ceil(x) : floor(x)
// CHECK-LABEL: func.func @trunc64
// CHECK-NEXT:    %[[FL:.*]] = math.floor %arg0 : f64
// CHECK-NEXT:    %[[CE:.*]] = math.ceil %arg0 : f64
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %[[NEG:.*]] = arith.cmpf olt, %arg0, %[[Z]] : f64
// CHECK-NEXT:    %[[T:.*]] = arith.select %[[NEG]], %[[CE]], %[[FL]] : f64
// CHECK-NEXT:    return %[[T]] : f64

// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT:    %[[S:.*]] = math.sqrt %arg0 : f64
// CHECK-NEXT:    %[[SIN:.*]] = math.sin %arg1 fastmath<afn> : f32
// CHECK-NEXT:    %[[F:.*]] = math.floor %arg1 : f32
// CHECK-NEXT:    return %[[S]], %[[SIN]], %[[F]] : f64, f32, f32

// float32 sin in float32, with float64 only beyond 1e5 (an scf.if).
// CHECK-LABEL: func.func @sin32
// CHECK-NEXT:    %[[BOUND:.*]] = arith.constant 1.000000e+05 : f32
// CHECK-NEXT:    %[[A:.*]] = math.absf %arg0 : f32
// CHECK-NEXT:    %[[SMALL:.*]] = arith.cmpf ole, %[[A]], %[[BOUND]] : f32
// CHECK-NEXT:    scf.if %[[SMALL]] -> (f32, f32, i64) {
// CHECK-NOT:     math.sin
// NOF64-LABEL: func.func @sin32
// NOF64-NEXT:    %[[S:.*]] = math.sin %arg0 : f32
// NOF64-NEXT:    return %[[S]] : f32

gpu.module @kernels {
  func.func @trunc64(%x: f64) -> f64 {
    %0 = math.trunc %x : f64
    return %0 : f64
  }
  func.func @left_alone(%x: f64, %y: f32) -> (f64, f32, f32) {
    %0 = math.sqrt %x : f64
    %1 = math.sin %y fastmath<afn> : f32
    %2 = math.floor %y : f32
    return %0, %1, %2 : f64, f32, f32
  }
  func.func @sin32(%y: f32) -> f32 {
    %0 = math.sin %y : f32
    return %0 : f32
  }
}
