// RUN: %nvc-opt %s -nvc-correctly-rounded-float32 | FileCheck %s
// RUN: %nvc-opt %s -nvc-correctly-rounded-float32=fastmath=true | FileCheck %s --check-prefix=FAST

// nvc-correctly-rounded-float32 computes each float32 (scalar or vector)
// division and sqrt in float64 and rounds the result once to float32
// (correctly rounded, as on a CPU). Left alone: kernels marked nvc.fastmath
// (every kernel with fastmath=true), operations flagged arcp or afn, float64.

// CHECK-LABEL: func.func @div_sqrt
// CHECK-NEXT:    %[[A:.*]] = arith.extf %arg0 : f32 to f64
// CHECK-NEXT:    %[[B:.*]] = arith.extf %arg1 : f32 to f64
// CHECK-NEXT:    %[[Q:.*]] = arith.divf %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[QF:.*]] = arith.truncf %[[Q]] : f64 to f32
// CHECK-NEXT:    %[[A2:.*]] = arith.extf %arg0 : f32 to f64
// CHECK-NEXT:    %[[R:.*]] = math.sqrt %[[A2]] : f64
// CHECK-NEXT:    %[[RF:.*]] = arith.truncf %[[R]] : f64 to f32
// CHECK-NEXT:    return %[[QF]], %[[RF]] : f32, f32
// FAST-LABEL:  func.func @div_sqrt
// FAST-NEXT:     arith.divf %arg0, %arg1 : f32
// FAST-NEXT:     math.sqrt %arg0 : f32
func.func @div_sqrt(%a: f32, %b: f32) -> (f32, f32) {
  %0 = arith.divf %a, %b : f32
  %1 = math.sqrt %a : f32
  return %0, %1 : f32, f32
}

// CHECK-LABEL: func.func @vector_div
// CHECK-NEXT:    %[[A:.*]] = arith.extf %arg0 : vector<4xf32> to vector<4xf64>
// CHECK-NEXT:    %[[B:.*]] = arith.extf %arg1 : vector<4xf32> to vector<4xf64>
// CHECK-NEXT:    %[[Q:.*]] = arith.divf %[[A]], %[[B]] : vector<4xf64>
// CHECK-NEXT:    %[[QF:.*]] = arith.truncf %[[Q]] : vector<4xf64> to vector<4xf32>
// CHECK-NEXT:    return %[[QF]] : vector<4xf32>
func.func @vector_div(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %0 = arith.divf %a, %b : vector<4xf32>
  return %0 : vector<4xf32>
}

// CHECK-LABEL: func.func @fastmath_kernel
// CHECK-NEXT:    %[[Q:.*]] = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT:    return %[[Q]] : f32
func.func @fastmath_kernel(%a: f32, %b: f32) -> f32 attributes {nvc.fastmath} {
  %0 = arith.divf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @approx
// CHECK-NEXT:    %[[Q:.*]] = arith.divf %arg0, %arg1 fastmath<arcp> : f32
// CHECK-NEXT:    %[[R:.*]] = math.sqrt %arg0 fastmath<afn> : f32
// CHECK-NEXT:    %[[D:.*]] = arith.divf %arg2, %arg2 : f64
// CHECK-NEXT:    return %[[Q]], %[[R]], %[[D]] : f32, f32, f64
// CHECK-NOT:     arith.extf
func.func @approx(%a: f32, %b: f32, %c: f64) -> (f32, f32, f64) {
  %0 = arith.divf %a, %b fastmath<arcp> : f32
  %1 = math.sqrt %a fastmath<afn> : f32
  %2 = arith.divf %c, %c : f64
  return %0, %1, %2 : f32, f32, f64
}
