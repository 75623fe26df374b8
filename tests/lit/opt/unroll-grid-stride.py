# Grid-stride unrolling (-O2, passes/UnrollGridStride.cpp): a loop whose
# counter advances by cuda.gridsize(1) and whose short body loads from an
# array argument becomes a main loop of four iterations, entered while the
# next four conditions hold, followed by the original loop for the rest.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-unroll-grid-stride -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-vectorize-streaming -fno-unroll-grid-stride -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -o %t.spv
import numpy as np
from numba import cuda


# CHECK-LABEL: func.func @partial_sums
# CHECK: scf.while
# CHECK-COUNT-4: arith.cmpi ult, %{{.*}}, %arg2
# CHECK: scf.condition
# CHECK: } do {
# CHECK-COUNT-4: memref.load %arg0
# CHECK: scf.yield
# The original loop runs the remaining iterations from the main loop's results.
# CHECK: scf.while (%{{.*}} = %[[MAIN:.*]]#0, %{{.*}} = %[[MAIN]]#1)
# CHECK: memref.load %arg0
# CHECK-NOT: memref.load %arg0
# CHECK: return
# OFF-LABEL: func.func @partial_sums
# OFF: memref.load %arg0
# OFF-NOT: memref.load %arg0
# OFF: func.func @left_alone
@cuda.jit("void(float32[::1], float32[::1])")
def partial_sums(xs, out):
    acc = np.float32(0)
    for i in range(cuda.grid(1), xs.shape[0], cuda.gridsize(1)):
        acc += xs[i]
    out[cuda.grid(1)] = acc


# Left alone: a constant step (drivers count and unroll those), a body with a
# branch, a condition that depends on the accumulator, and a loop that reads
# only workgroup memory.
# CHECK-LABEL: func.func @left_alone
# CHECK-COUNT-4: scf.while
# CHECK-NOT: scf.while
# CHECK: return
@cuda.jit("void(float32[::1], float32[::1])")
def left_alone(xs, out):
    shared = cuda.shared.array(256, dtype=np.float32)
    i0 = cuda.grid(1)
    g = cuda.gridsize(1)
    acc = np.float32(0)
    for i in range(i0, xs.shape[0], 4):
        acc += xs[i]
    for i in range(i0, xs.shape[0], g):
        if xs[i] > 0:
            acc += xs[i]
    i = i0
    while acc < 100 and i < xs.shape[0]:
        acc += xs[i]
        i += g
    for i in range(cuda.threadIdx.x, 256, cuda.blockDim.x):
        acc += shared[i]
    out[i0] = acc


# Left alone: a body with a subgroup shuffle. Invocations whose trip counts
# differ run their shared iterations together; unrolled, one with four left
# would run the main loop while its partner runs the rest, and the shuffle
# would read a lane that is not active.
# CHECK-LABEL: func.func @with_shuffle
# CHECK: scf.while
# CHECK-NOT: scf.while
# CHECK: return
@cuda.jit("void(float32[::1], float32[::1])")
def with_shuffle(xs, out):
    for i in range(cuda.grid(1), xs.shape[0], cuda.gridsize(1)):
        out[i] = cuda.shfl_xor_sync(0xffffffff, xs[i], 1)
