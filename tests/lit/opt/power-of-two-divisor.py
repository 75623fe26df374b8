# Division by a power of two (-O2, passes/PowerOfTwoDivisor.cpp): a constant
# divisor ±2^k whose reciprocal is normal becomes a multiplication by 2^-k; a
# loop that divides by a divisor defined outside it is versioned on a test of
# the divisor's bits (mantissa zero, exponent field in [1, 2·bias − 1]): a
# copy multiplying by the reciprocal built from them where the test holds,
# the loop as it was where not.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-power-of-two-divisor -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-unroll-grid-stride -fno-power-of-two-divisor -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
import numpy as np
import numba_vulkan as nv
from numba import cuda, float64


# CHECK-LABEL: func.func @phases
# The test and the reciprocal, before the outer loop (N is invariant in both).
# CHECK: %[[BITS:.*]] = arith.bitcast %[[N:.*]] : f64 to i64
# CHECK: arith.andi %[[BITS]], %c4503599627370495_i64
# CHECK: arith.cmpi ult, %{{.*}}, %c2045_i64
# CHECK: %[[TEST:.*]] = arith.andi
# CHECK: arith.subi %c2046_i64
# CHECK: %[[RECIPROCAL:.*]] = arith.bitcast %{{.*}} : i64 to f64
# CHECK-NOT: arith.bitcast
# CHECK: scf.if %[[TEST]] -> (i32) {
# CHECK-NEXT: scf.while
# CHECK-NOT: arith.divf
# CHECK: arith.mulf %{{.*}}, %[[RECIPROCAL]] : f64
# CHECK-NOT: arith.divf
# CHECK: } else {
# CHECK-NEXT: scf.while
# CHECK-NOT: arith.mulf %{{.*}}, %[[RECIPROCAL]]
# CHECK: arith.divf %{{.*}}, %[[N]] : f64
# CHECK: return
# OFF-LABEL: func.func @phases
# OFF-NOT: scf.if
# OFF: arith.divf
@cuda.jit("void(float64[:, ::1], float64[::1])")
def phases(out, xs):
    N = xs.shape[0]
    for k in range(out.shape[0]):
        for n in range(cuda.grid(1), out.shape[1], cuda.gridsize(1)):
            out[k, n] = xs[n] * k / N


# A constant power of two: a multiplication, with no test; other constants,
# reciprocals that are not normal (2^-1023 for 2^1023) and float32 likewise.
# CHECK-LABEL: func.func @constants
# CHECK: arith.mulf %{{.*}}, %cst{{.*}} : f64
# CHECK: arith.divf %{{.*}}, %cst{{.*}} : f64
# CHECK: arith.divf %{{.*}}, %cst{{.*}} : f64
# CHECK: arith.mulf %{{.*}}, %cst{{.*}} : f32
# CHECK-NOT: scf.if
# CHECK: return
@cuda.jit("void(float64[::1], float32[::1])")
def constants(a, b):
    i = cuda.grid(1)
    a[i] = a[i] / 0.125
    a[i + 1] = a[i + 1] / 3.0
    a[i + 2] = a[i + 2] / 8.98846567431158e+307
    b[i] = b[i] / np.float32(-4)


# Left alone: a divisor that changes in the loop, and a division by a
# non-constant outside any loop.
# CHECK-LABEL: func.func @left_alone
# CHECK-NOT: arith.bitcast
# CHECK-NOT: scf.if
# CHECK: arith.divf
# CHECK: scf.while
# CHECK: arith.divf
# CHECK: return
@cuda.jit("void(float32[::1], float32[::1])")
def left_alone(a, d):
    i = cuda.grid(1)
    a[i] = a[i] / d[0]
    for j in range(d.shape[0]):
        a[i] += a[i] / d[j]


# A loop with a barrier, dividing by a divisor per invocation: a test of it
# would send the invocations of a workgroup to different copies of the loop
# (and barriers), so the loop is left alone.
# CHECK-LABEL: func.func @barrier_per_invocation
# CHECK-NOT: arith.bitcast
# CHECK-NOT: scf.if
# CHECK: scf.while
# CHECK: gpu.barrier
# CHECK: arith.divf
# CHECK: return
@cuda.jit("void(float64[::1], float64[::1])")
def barrier_per_invocation(x, d):
    s = cuda.shared.array(64, float64)
    t = cuda.threadIdx.x
    dt = d[t]
    v = x[t]
    for r in range(4):
        s[t] = v
        cuda.syncthreads()
        v = s[(t + 1) % 64] / dt
        cuda.syncthreads()
    x[t] = v


# The same loop with a scalar argument as divisor: the same for every
# invocation, so the branch is uniform and the loop is versioned.
# CHECK-LABEL: func.func @barrier_uniform
# CHECK: %[[RECIPROCAL:.*]] = arith.bitcast %{{.*}} : i64 to f64
# CHECK: scf.if
# CHECK: gpu.barrier
# CHECK: arith.mulf %{{.*}}, %[[RECIPROCAL]] : f64
# CHECK: } else {
# CHECK: gpu.barrier
# CHECK: arith.divf
# CHECK: return
@cuda.jit("void(float64[::1], float64)")
def barrier_uniform(x, d):
    s = cuda.shared.array(64, float64)
    t = cuda.threadIdx.x
    v = x[t]
    for r in range(4):
        s[t] = v
        cuda.syncthreads()
        v = s[(t + 1) % 64] / d
        cuda.syncthreads()
    x[t] = v


# A per-invocation divisor in a loop without barriers inside one with them:
# the inner loop is versioned (the branch rejoins before the next barrier),
# the outer one is not.
# CHECK-LABEL: func.func @barrier_inner_loop
# CHECK: scf.while
# CHECK: gpu.barrier
# CHECK: arith.bitcast %{{.*}} : f64 to i64
# CHECK: scf.if
# CHECK: arith.mulf
# CHECK: } else {
# CHECK: arith.divf
# CHECK: gpu.barrier
# CHECK: return
@cuda.jit("void(float64[::1], float64[::1])")
def barrier_inner_loop(x, d):
    s = cuda.shared.array(64, float64)
    t = cuda.threadIdx.x
    dt = d[t]
    v = x[t]
    for r in range(3):
        s[t] = v
        cuda.syncthreads()
        for k in range(r + 1):
            v = v + s[(t + k) % 64] / dt
        cuda.syncthreads()
    x[t] = v


# Likewise a subgroup shuffle: lanes split between the copies would read
# inactive lanes.
# CHECK-LABEL: func.func @shuffle_per_invocation
# CHECK-NOT: scf.if
# CHECK: scf.while
# CHECK: GroupNonUniformShuffleXor
# CHECK: arith.divf
# CHECK: return
@cuda.jit("void(float32[::1], float32[::1])")
def shuffle_per_invocation(x, d):
    t = cuda.grid(1)
    dt = d[t]
    v = x[t]
    for r in range(4):
        v = nv.subgroup.shuffle_xor(v, 1) / dt
    x[t] = v
