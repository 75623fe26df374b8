// RUN: %nvc-opt %s -nvc-constant-divisor-division | FileCheck %s
// RUN: %nvc-opt %s -nvc-constant-divisor-division=fastmath=true | FileCheck %s --check-prefix=FAST

// nvc-constant-divisor-division computes each float64 `x / c`, c a constant
// that is not a power of two, correctly rounded without dividing by c (NVIDIA
// multiplies by its reciprocal): q0 = |x|·(1/m) for |c| = m·2^s, two
// corrections by exact Dekker remainders, the scale and sign applied at the
// end; out of range (zeros, infinities, NaN, quotients that are not normal) a
// division by `x is NaN ? x : c`, not a constant to the driver. Left alone:
// powers of two, run-time divisors, float32, fastmath kernels (all with
// fastmath=true).

// x / 3.0: m = 1.5, 1/m = 2/3; Dekker's split constant 2^27 + 1.
// CHECK-LABEL: func.func @by_three
// CHECK:         %[[C:.*]] = arith.constant 3.000000e+00 : f64
// CHECK-NEXT:    %[[ABS:.*]] = math.absf %arg0 : f64
// CHECK:         %[[AX:.*]] = arith.mulf %[[ABS]], %{{.*}} : f64
// CHECK:         %[[R:.*]] = arith.constant 0.66666666666666663 : f64
// CHECK-NEXT:    %[[Q0:.*]] = arith.mulf %[[AX]], %[[R]] : f64
// CHECK:         arith.constant 0x41A0000002000000 : f64
// CHECK:         %[[BITS:.*]] = arith.bitcast %{{.*}} : f64 to i64
// CHECK:         %[[NAN:.*]] = arith.cmpf uno, %arg0, %arg0 : f64
// CHECK-NEXT:    %[[D:.*]] = arith.select %[[NAN]], %arg0, %[[C]] : f64
// CHECK-NEXT:    %[[DIV:.*]] = arith.divf %arg0, %[[D]] : f64
// CHECK-NEXT:    %[[RES:.*]] = arith.select %{{.*}}, %{{.*}}, %[[DIV]] : f64
// CHECK-NEXT:    return %[[RES]] : f64
// FAST-LABEL:  func.func @by_three
// FAST-NEXT:     %[[C:.*]] = arith.constant 3.000000e+00 : f64
// FAST-NEXT:     %[[Q:.*]] = arith.divf %arg0, %[[C]] : f64
// FAST-NEXT:     return %[[Q]] : f64
func.func @by_three(%x: f64) -> f64 {
  %c = arith.constant 3.0 : f64
  %0 = arith.divf %x, %c : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT:    %[[FOUR:.*]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT:    %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %[[A:.*]] = arith.divf %arg0, %[[FOUR]] : f64
// CHECK-NEXT:    %[[B:.*]] = arith.divf %arg0, %arg1 : f64
// CHECK-NEXT:    %[[F:.*]] = arith.divf %arg2, %[[THREE]] : f32
// CHECK-NEXT:    return %[[A]], %[[B]], %[[F]] : f64, f64, f32
func.func @left_alone(%x: f64, %y: f64, %z: f32) -> (f64, f64, f32) {
  %four = arith.constant 4.0 : f64
  %c3 = arith.constant 3.0 : f32
  %0 = arith.divf %x, %four : f64
  %1 = arith.divf %x, %y : f64
  %2 = arith.divf %z, %c3 : f32
  return %0, %1, %2 : f64, f64, f32
}

// CHECK-LABEL: func.func @fastmath_kernel
// CHECK-NEXT:    %[[C:.*]] = arith.constant 3.000000e+00 : f64
// CHECK-NEXT:    %[[Q:.*]] = arith.divf %arg0, %[[C]] : f64
// CHECK-NEXT:    %[[P:.*]] = arith.divf %arg0, %[[C]] fastmath<arcp> : f64
// CHECK-NEXT:    return %[[Q]], %[[P]] : f64, f64
func.func @fastmath_kernel(%x: f64) -> (f64, f64) attributes {nvc.fastmath} {
  %c = arith.constant 3.0 : f64
  %0 = arith.divf %x, %c : f64
  %1 = arith.divf %x, %c fastmath<arcp> : f64
  return %0, %1 : f64, f64
}
