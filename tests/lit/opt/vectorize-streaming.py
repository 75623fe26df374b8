# Streaming-kernel vectorisation (-O2, passes/VectorizeStreaming.cpp): a
# guarded straight-line kernel over x[i], y[i], … gives each invocation four
# consecutive elements of the requested grid, moved as vector<4> loads and
# stores through a second view of each binding when all four exist and are
# aligned, and as four scalar copies of the body otherwise.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-vectorize-streaming -o - | FileCheck %s
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s --check-prefix=SPIRV
# RUN: %nvc %s -fno-vectorize-streaming --emit=mlir --mlir-print-ir-after=nvc-contract-fma -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -O1 --emit=spirv -o - | FileCheck %s --check-prefix=OFF-SPIRV
import numpy as np
from numba import cuda


@cuda.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = a * x[i] + y[i]


# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @saxpy(%arg0: f32, %arg1: memref<?xf32, {{.*}}>, %arg2: memref<?xf32, {{.*}}>, {{.*}}, %arg9: memref<?xvector<4xf32>, {{.*}}>, %arg10: memref<?xvector<4xf32>, {{.*}}>, %arg11: index)
# CHECK-SAME: nvc.buffer_aliases = array<i32: 9, 1, 10, 2>, nvc.coarsen = 4 : i32
# CHECK: %[[G:.*]] = gpu.global_id x
# CHECK: %[[FIRST:[0-9]+]] = arith.muli %[[G]], %c4 : index
# CHECK: %[[LAST:[0-9]+]] = arith.addi %[[FIRST]], %c3 : index
# CHECK: arith.cmpi ult, %[[LAST]], %arg11 : index
# CHECK: scf.if %[[VEC:[0-9]+]] {
# CHECK: %[[X:[0-9]+]] = memref.load %arg9[%{{[0-9]+}}] : memref<?xvector<4xf32>
# CHECK: %[[A:[0-9]+]] = vector.broadcast %arg0 : f32 to vector<4xf32>
# CHECK: %[[AX:[0-9]+]] = arith.mulf %[[A]], %[[X]] : vector<4xf32>
# CHECK: %[[Y:[0-9]+]] = memref.load %arg10[%{{[0-9]+}}] : memref<?xvector<4xf32>
# CHECK: %[[S:[0-9]+]] = arith.addf %[[AX]], %[[Y]] : vector<4xf32>
# CHECK: memref.store %[[S]], %arg10[%{{[0-9]+}}] : memref<?xvector<4xf32>
# CHECK: } else {
# Four scalar copies, each testing that its invocation was requested and its own guard.
# CHECK-COUNT-4: memref.store %{{[0-9]+}}, %arg2[%{{[0-9]+}}] : memref<?xf32
# CHECK: return

# Each vector view is a variable of its own at its array's binding.
# SPIRV-DAG: OpDecorate %saxpy_arg1 Binding 0
# SPIRV-DAG: OpDecorate %saxpy_arg2 Binding 1
# SPIRV-DAG: OpDecorate %saxpy_arg9 Binding 0
# SPIRV-DAG: OpDecorate %saxpy_arg10 Binding 1
# SPIRV-DAG: OpDecorate %_runtimearr_v4float ArrayStride 16
# SPIRV: OpLoad %v4float
# SPIRV: OpFMul %v4float
# SPIRV: OpLoad %v4float
# SPIRV: OpFAdd %v4float

# OFF-NOT: nvc.coarsen
# OFF-NOT: vector<4x
# OFF-SPIRV-NOT: v4float


@cuda.jit("void(int32[::1], int32[::1])")
def shifted(x, y):
    i = cuda.grid(1)
    if i < y.size - 1:
        y[i] = x[i + 1] * 3


# Any invocation-independent offset: x[i + 1] is aligned when x's view starts at 3 mod 4.
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @shifted
# CHECK-SAME: nvc.coarsen = 4
# CHECK: memref.load %{{.*}} : memref<?xvector<4xi32>
# CHECK: arith.muli %{{.*}} : vector<4xi32>


@cuda.jit("void(float64[::1], float64[::1])")
def double_precision(x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = x[i]


# Left alone: 8-byte elements. (Left-alone kernels have no nvc.buffer_aliases or
# nvc.coarsen, which would sort before nvc.kernel in the attribute list.)
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @double_precision
# CHECK-SAME: attributes {nvc.kernel,


@cuda.jit("void(float32[::1], int32[::1], float32[::1])")
def gather(x, idx, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = x[idx[i]]


# Left alone: x is read at a data-dependent index.
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @gather
# CHECK-SAME: attributes {nvc.kernel,


@cuda.jit("void(float32[::1], float32[::1])")
def uses_thread_idx(x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = x[i] + cuda.threadIdx.x


# Left alone: threadIdx would change meaning.
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @uses_thread_idx
# CHECK-SAME: attributes {nvc.kernel,


@cuda.jit("void(float32[::1], float32[::1], int32)")
def with_loop(x, y, k):
    i = cuda.grid(1)
    if i < y.size:
        s = np.float32(0)
        for j in range(k):
            s += x[i]
        y[i] = s


# Left alone: a loop (thread coarsening's business, not this pass's).
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @with_loop
# CHECK-SAME: attributes {nvc.kernel,


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def two_d(x, y):
    i, j = cuda.grid(2)
    if i < y.shape[0] and j < y.shape[1]:
        y[i, j] = x[i, j]


# Left alone: a 2-D grid.
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @two_d
# CHECK-SAME: attributes {nvc.kernel,


C = np.float32(1.0001)
D = np.float32(0.5)


@cuda.jit("void(float32[::1], float32[::1])")
def at_bound(x, y):
    i = cuda.grid(1)
    if i < y.size:
        v = x[i]
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        y[i] = v


# The cost model: 128 elementwise operations (16 x 8) for two accesses, 64 per
# access, is still vectorised ...
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @at_bound
# CHECK-SAME: nvc.coarsen = 4
# CHECK: vector<4xf32>


@cuda.jit("void(float32[::1], float32[::1])")
def over_bound(x, y):
    i = cuda.grid(1)
    if i < y.size:
        v = x[i]
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = (((v * C + D) * C + D) * C + D) * C + D
        v = v + D
        y[i] = v


# ... one more and the kernel is bound by its arithmetic: left alone
# (kMaxOperationsPerAccess), not copied five times.
# CHECK-LABEL: IR Dump After {{.*}}VectorizeStreamingPass (nvc-vectorize-streaming)
# CHECK: func.func @over_bound
# CHECK-SAME: attributes {nvc.kernel,
# CHECK-NOT: vector<4xf32>
# CHECK: return
