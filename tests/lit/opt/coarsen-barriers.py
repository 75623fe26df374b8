# Coarsening of barrier kernels (-O2, passes/CoarsenBarrierKernels.cpp): a
# kernel with shared memory and cuda.syncthreads() runs Cx x Cy neighbouring
# workgroups in one (copy (kx, ky) = original workgroup (Cx * blockIdx.x + kx,
# Cy * blockIdx.y + ky)), barriers once, shared arrays replicated only along
# the axes where the copies store different values, loads that are the same
# for the copies along an axis once per copy along the other.
# RUN: %nvc %s -w --emit=mlir --mlir-print-ir-after=nvc-coarsen-barrier-kernels -o - | FileCheck %s
# RUN: %nvc %s -w -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# --coarsen=C: every eligible kernel without coarsen= (the refusals stay at 1).
# RUN: %nvc %s -w --coarsen=2 -o %t2.spv && FileCheck %s --check-prefix=TWO < %t2.json
# Off: --coarsen=1 (coarsen= still applies), -fno-coarsen-barriers and -O1 (it does not).
# RUN: %nvc %s -w --coarsen=1 -o %t3.spv && FileCheck %s --check-prefix=ONE < %t3.json
# RUN: %nvc %s -w -fno-coarsen-barriers -o %t4.spv && FileCheck %s --check-prefix=OFF < %t4.json
# RUN: %nvc %s -w -O1 -o %t5.spv && FileCheck %s --check-prefix=OFF < %t5.json
# The LLVM backend does not coarsen (the hidden argument, as CoarsenThreads).
# RUN: %nvc %examples/fast_matmul.py -w --backend=llvm -o %t6.spv && FileCheck %s --check-prefix=LLVM < %t6.json
# RUN: %nvc %examples/fast_matmul.py -w -o %t7.spv && FileCheck %s --check-prefix=EXAMPLE < %t7.json
import numpy as np
from numba import cuda, float32

TPB = 16


# fast_matmul (003): merged 4 x 4. The copies along x share y, so A's tile
# sA (stored from A[y, tx + i * TPB]) is replicated along y only, and each
# sA[ty, j] load serves the four copies along x; likewise sB along x only and
# each sB[j, tx] load the four copies along y: 8 loads for 16 multiply-adds,
# a 4 x 4 register block.
@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :])")
def fast_matmul(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x
    tmp = float32(0.)
    for i in range(bpg):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp

# CHECK-LABEL: func.func @fast_matmul(
# CHECK-SAME: %[[NX:arg[0-9]+]]: index, %[[NY:arg[0-9]+]]: index) attributes {nvc.coarsen = 4 : i32, nvc.coarsen_y = 4 : i32
# The original workgroups along x, Wx = Nx / blockDim.x; copy kx is 4 b + kx,
# copy 0's workgroup where 4 b + kx >= Wx.
# CHECK-NEXT: %[[BD:.*]] = gpu.block_dim x
# CHECK-NEXT: %[[W:.*]] = arith.divui %[[NX]], %[[BD]] : index
# CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
# CHECK-NEXT: %[[B:.*]] = gpu.block_id x
# CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[B]], %[[C4]] : index
# CHECK-NEXT: %[[T:.*]] = gpu.thread_id x
# CHECK-NEXT: %[[X0A:.*]] = arith.muli %[[FIRST]], %[[BD]] : index
# CHECK-NEXT: %[[X0:.*]] = arith.addi %[[X0A]], %[[T]] : index
# CHECK-NEXT: %[[K1:.*]] = arith.constant 1 : index
# CHECK-NEXT: %[[B1:.*]] = arith.addi %[[FIRST]], %[[K1]] : index
# CHECK-NEXT: %[[E1:.*]] = arith.cmpi ult, %[[B1]], %[[W]] : index
# CHECK-NEXT: %{{.*}} = arith.select %[[E1]], %[[B1]], %[[FIRST]] : index
# CHECK: %[[E2:.*]] = arith.cmpi ult, %{{.*}}, %[[W]] : index
# CHECK: %[[E3:.*]] = arith.cmpi ult, %{{.*}}, %[[W]] : index
# The same along y, Wy = Ny / blockDim.y.
# CHECK: %[[BDY:.*]] = gpu.block_dim y
# CHECK-NEXT: %[[WY:.*]] = arith.divui %[[NY]], %[[BDY]] : index
# CHECK-NEXT: %[[C4Y:.*]] = arith.constant 4 : index
# CHECK-NEXT: %[[BY:.*]] = gpu.block_id y
# CHECK-NEXT: %[[FIRSTY:.*]] = arith.muli %[[BY]], %[[C4Y]] : index
# CHECK: %[[EY1:.*]] = arith.cmpi ult, %{{.*}}, %[[WY]] : index
# CHECK: %[[EY2:.*]] = arith.cmpi ult, %{{.*}}, %[[WY]] : index
# CHECK: %[[EY3:.*]] = arith.cmpi ult, %{{.*}}, %[[WY]] : index
# Copy (kx, ky) exists when both of its workgroups do; in copy order
# k = kx + 4 ky: (1, 1), (2, 1), (3, 1), (1, 2), ...
# CHECK: %[[E11:.*]] = arith.andi %[[E1]], %[[EY1]] : i1
# CHECK-NEXT: arith.andi %[[E2]], %[[EY1]] : i1
# CHECK-NEXT: arith.andi %[[E3]], %[[EY1]] : i1
# CHECK-NEXT: arith.andi %[[E1]], %[[EY2]] : i1
# Four A tiles (one per copy along y) and four B tiles (one per copy along x),
# each four in one array with the copy index innermost.
# CHECK-COUNT-2: memref.alloc() : memref<256x4xf32, #spirv.storage_class<Workgroup>>
# CHECK-NOT: memref.alloc()
# gridDim.x (the tile loop's bound) is Wx.
# CHECK: %[[BPG:.*]] = arith.index_cast %[[W]] : index to i32
# The tile loop: its counter once, 16 accumulators.
# CHECK: scf.while ({{.*}}) : (i32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
# CHECK-NEXT: arith.cmpi slt, %{{.*}}, %[[BPG]] : i32
# A's elements: loaded once per copy along y, B's once per copy along x.
# CHECK-COUNT-4: memref.load %arg0
# CHECK-NOT: memref.load %arg0
# CHECK-COUNT-4: memref.load %arg1
# CHECK-NOT: memref.load %arg1
# CHECK: gpu.barrier
# CHECK-NOT: gpu.barrier
# CHECK: scf.while ({{.*}}) : (i32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
# CHECK: } do {
# The copies' elements of one index are adjacent (one vector load on the GPU).
# CHECK: %[[CA0:.*]] = arith.constant 0 : index
# CHECK-NEXT: %[[SA0:.*]] = memref.load %[[TA:alloc.*]][%[[IA:.*]], %[[CA0]]]
# CHECK-NEXT: %[[CA1:.*]] = arith.constant 1 : index
# CHECK-NEXT: %[[SA1:.*]] = memref.load %[[TA]][%[[IA]], %[[CA1]]]
# CHECK-NEXT: %[[CA2:.*]] = arith.constant 2 : index
# CHECK-NEXT: %[[SA2:.*]] = memref.load %[[TA]][%[[IA]], %[[CA2]]]
# CHECK-NEXT: %[[CA3:.*]] = arith.constant 3 : index
# CHECK-NEXT: %[[SA3:.*]] = memref.load %[[TA]][%[[IA]], %[[CA3]]]
# CHECK-NEXT: arith.muli
# CHECK-NEXT: arith.addi
# CHECK-NEXT: arith.index_cast
# CHECK-NEXT: %[[CB0:.*]] = arith.constant 0 : index
# CHECK-NEXT: %[[SB0:.*]] = memref.load %[[TB:alloc.*]][%[[IB:.*]], %[[CB0]]]
# CHECK-NEXT: %[[CB1:.*]] = arith.constant 1 : index
# CHECK-NEXT: %[[SB1:.*]] = memref.load %[[TB]][%[[IB]], %[[CB1]]]
# CHECK-NEXT: %[[CB2:.*]] = arith.constant 2 : index
# CHECK-NEXT: %[[SB2:.*]] = memref.load %[[TB]][%[[IB]], %[[CB2]]]
# CHECK-NEXT: %[[CB3:.*]] = arith.constant 3 : index
# CHECK-NEXT: %[[SB3:.*]] = memref.load %[[TB]][%[[IB]], %[[CB3]]]
# CHECK-NEXT: arith.mulf %[[SA0]], %[[SB0]] : f32
# CHECK-NEXT: arith.mulf %[[SA0]], %[[SB1]] : f32
# CHECK-NEXT: arith.mulf %[[SA0]], %[[SB2]] : f32
# CHECK-NEXT: arith.mulf %[[SA0]], %[[SB3]] : f32
# CHECK-NEXT: arith.mulf %[[SA1]], %[[SB0]] : f32
# CHECK: arith.mulf %[[SA3]], %[[SB3]] : f32
# CHECK-NOT: arith.mulf
# CHECK: gpu.barrier
# CHECK-NOT: gpu.barrier
# CHECK: scf.yield
# The stores of the copies other than (0, 0) are guarded by their
# workgroups' existence.
# CHECK: memref.store %{{.*}}#0, %arg2
# CHECK: scf.if %[[E1]] {
# CHECK-NEXT: memref.store %{{.*}}#1, %arg2
# CHECK: scf.if %[[E3]] {
# CHECK-NEXT: memref.store %{{.*}}#3, %arg2
# CHECK: scf.if %[[EY1]] {
# CHECK-NEXT: memref.store %{{.*}}#4, %arg2
# CHECK: scf.if %[[E11]] {
# CHECK-NEXT: memref.store %{{.*}}#5, %arg2


# A 1-D tiled kernel (the n-body shape): every workgroup stages the same tile
# of w, so one tile serves all copies and sh[j] is loaded once; float64
# accumulators take 2 registers each, C = 4 still.
@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def tiled_1d(x, w, out):
    sh = cuda.shared.array(64, np.float64)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    xi = x[i] if i < x.size else 0.0
    acc = 0.0
    for tile in range((w.size + 63) // 64):
        k = tile * 64 + t
        sh[t] = w[k] if k < w.size else 0.0
        cuda.syncthreads()
        for j in range(64):
            acc += sh[j] * xi
        cuda.syncthreads()
    if i < out.size:
        out[i] = acc

# CHECK-LABEL: func.func @tiled_1d(
# CHECK-SAME: index) attributes {nvc.coarsen = 4 : i32
# CHECK: memref.alloc() : memref<64xf64, #spirv.storage_class<Workgroup>>
# CHECK-NOT: memref.alloc()
# CHECK: scf.while ({{.*}}) : (i32, f64, f64, f64, f64)
# CHECK: scf.while ({{.*}}) : (i32, f64, f64, f64, f64)
# CHECK: } do {
# CHECK: %[[SH:.*]] = memref.load %alloc
# CHECK-NOT: memref.load
# CHECK: arith.mulf %[[SH]], %{{.*}} : f64
# CHECK-NEXT: arith.mulf %[[SH]], %{{.*}} : f64
# CHECK-NEXT: arith.mulf %[[SH]], %{{.*}} : f64
# CHECK-NEXT: arith.mulf %[[SH]], %{{.*}} : f64


# A 1-D stencil with a halo: each copy stages its own elements, nothing is
# shared: the cost model leaves it alone; coarsen=2 replicates the array.
@cuda.jit("void(float32[::1], float32[::1])")
def stencil_1d(x, out):
    sh = cuda.shared.array(66, np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x + 1
    sh[t] = x[i] if i < x.size else np.float32(0)
    if t == 1:
        sh[0] = x[i - 1] if 0 < i <= x.size else np.float32(0)
    if t == 64:
        sh[65] = x[i + 1] if i + 1 < x.size else np.float32(0)
    cuda.syncthreads()
    if i < out.size:
        out[i] = sh[t - 1] + sh[t] + sh[t + 1]

# CHECK-LABEL: func.func @stencil_1d(
# CHECK-NOT: nvc.coarsen =
# CHECK-SAME: nvc.kernel


@cuda.jit("void(float32[::1], float32[::1])", coarsen=2)
def stencil_1d_requested(x, out):
    sh = cuda.shared.array(66, np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x + 1
    sh[t] = x[i] if i < x.size else np.float32(0)
    cuda.syncthreads()
    if i < out.size:
        out[i] = sh[t - 1] + sh[t]

# CHECK-LABEL: func.func @stencil_1d_requested(
# CHECK-SAME: index) attributes {nvc.coarsen = 2 : i32
# CHECK-COUNT-1: memref.alloc() : memref<66x2xf32, #spirv.storage_class<Workgroup>>
# CHECK-NOT: memref.alloc()
# CHECK: gpu.barrier
# CHECK-NOT: gpu.barrier
# CHECK: func.func


# Refusals: each kernel asks for coarsen=4 and keeps one workgroup per
# workgroup. A barrier under a condition on the invocation (undefined
# behaviour, left as it is):
@cuda.jit("void(float32[::1], float32[::1])", coarsen=4)
def divergent_barrier(x, out):
    sh = cuda.shared.array(64, np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    sh[t] = x[i]
    if t < 32:
        cuda.syncthreads()
    out[i] = sh[63 - t]


# A barrier in a loop whose trip count depends on blockIdx.x: the same for a
# workgroup's invocations, not for the copies (blockIdx.x is remapped per
# copy, but one barrier cannot serve different trip counts).
@cuda.jit("void(float32[::1], float32[::1])", coarsen=4)
def block_dependent_barrier(x, out):
    sh = cuda.shared.array(64, np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    acc = np.float32(0)
    for r in range(cuda.blockIdx.x % 3):
        sh[t] = x[i] + r
        cuda.syncthreads()
        acc += sh[63 - t]
        cuda.syncthreads()
    out[i] = acc


# An atomic on shared memory.
@cuda.jit("void(float32[::1], int32[::1])", coarsen=4)
def shared_atomic(x, out):
    count = cuda.shared.array(1, np.int32)
    i = cuda.grid(1)
    if cuda.threadIdx.x == 0:
        count[0] = 0
    cuda.syncthreads()
    if x[i] > 0:
        cuda.atomic.add(count, 0, 1)
    cuda.syncthreads()
    if cuda.threadIdx.x == 0:
        out[cuda.blockIdx.x] = count[0]


# A subgroup operation.
@cuda.jit("void(float32[::1], float32[::1])", coarsen=4)
def subgroup_shuffle(x, out):
    sh = cuda.shared.array(64, np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    sh[t] = x[i]
    cuda.syncthreads()
    out[i] = cuda.shfl_xor_sync(0xffffffff, sh[63 - t], 1)


# The lane id: an invocation id the pass does not model.
@cuda.jit("void(float32[::1], float32[::1])", coarsen=4)
def lane_id(x, out):
    sh = cuda.shared.array(64, np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    sh[t] = x[i]
    cuda.syncthreads()
    out[i] = sh[63 - t] + cuda.laneid


# A grid-synchronised kernel (one invocation per state slot).
@cuda.jit("void(float32[::1], float32[::1])", coarsen=4)
def grid_sync(x, out):
    sh = cuda.shared.array(64, np.float32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    sh[t] = x[i]
    cuda.syncthreads()
    out[i] = sh[63 - t]
    cuda.cg.this_grid().sync()
    x[i] = out[i] + np.float32(1)

# fast_matmul with one more barrier, under a condition on blockIdx.y: the
# same for the copies along x, not for copies along y (one barrier cannot
# serve both), so only x is merged although the tiles' loads would be shared
# along y too.
@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :])")
def y_dependent_barrier(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tmp = float32(0.)
    for i in range(cuda.gridDim.x):
        sA[ty, tx] = A[y, tx + i * TPB]
        sB[ty, tx] = B[ty + i * TPB, x]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if cuda.blockIdx.y % 2 == 1:
        sC = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
        sC[ty, tx] = tmp
        cuda.syncthreads()
        tmp += sC[tx, ty]
    C[y, x] = tmp

# CHECK-LABEL: func.func @y_dependent_barrier(
# CHECK-SAME: %{{.*}}: index) attributes {nvc.coarsen = 4 : i32
# CHECK-NOT: nvc.coarsen_y
# CHECK-SAME: nvc.kernel
# CHECK-NOT: gpu.block_id y
# blockIdx.y read once, not remapped per copy.
# CHECK: gpu.block_id y
# CHECK-NOT: gpu.block_id y
# CHECK: return

# MANIFEST: "coarsen": 4,
# MANIFEST-NEXT: "coarsen_y": 4,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "fast_matmul"
# MANIFEST-NOT: "coarsen"
# MANIFEST: "original_grid_offset": {{[0-9]+}}
# MANIFEST-NEXT: "original_grid_offset_y": {{[0-9]+}}
# MANIFEST: "coarsen": 4,
# MANIFEST-NEXT: "coarsen_y": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "tiled_1d"
# MANIFEST: "original_grid_offset_y": null
# MANIFEST: "coarsen": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "stencil_1d"
# MANIFEST-NOT: "coarsen"
# MANIFEST: "original_grid_offset": null
# MANIFEST: "coarsen": 2,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "stencil_1d_requested"
# MANIFEST: "coarsen": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "divergent_barrier"
# MANIFEST: "coarsen": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "block_dependent_barrier"
# MANIFEST: "coarsen": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "shared_atomic"
# MANIFEST: "coarsen": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "subgroup_shuffle"
# MANIFEST: "coarsen": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "lane_id"
# MANIFEST: "coarsen": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "grid_sync"
# MANIFEST: "coarsen": 4,
# MANIFEST-NEXT: "coarsen_y": 1,
# MANIFEST-NOT: "coarsen"
# MANIFEST: "function": "y_dependent_barrier"

# --coarsen merges along x only.
# TWO: "coarsen": 2,
# TWO-NEXT: "coarsen_y": 1,
# TWO-NOT: "coarsen"
# TWO: "function": "fast_matmul"
# TWO: "coarsen": 2,
# TWO-NOT: "coarsen"
# TWO: "function": "tiled_1d"
# TWO: "coarsen": 2,
# TWO-NOT: "coarsen"
# TWO: "function": "stencil_1d"
# TWO: "coarsen": 2,
# TWO-NOT: "coarsen"
# TWO: "function": "stencil_1d_requested"
# TWO: "coarsen": 1,
# TWO-NOT: "coarsen"
# TWO: "function": "divergent_barrier"
# TWO: "coarsen": 1,
# TWO-NOT: "coarsen"
# TWO: "function": "block_dependent_barrier"

# ONE: "coarsen": 1,
# ONE-NOT: "coarsen"
# ONE: "function": "fast_matmul"
# ONE: "coarsen": 1,
# ONE-NOT: "coarsen"
# ONE: "function": "tiled_1d"
# ONE: "coarsen": 1,
# ONE-NOT: "coarsen"
# ONE: "function": "stencil_1d"
# ONE: "coarsen": 2,
# ONE-NOT: "coarsen"
# ONE: "function": "stencil_1d_requested"

# OFF: "coarsen": 1,
# OFF-NOT: "coarsen"
# OFF: "function": "fast_matmul"
# OFF: "coarsen": 1,
# OFF-NOT: "coarsen"
# OFF: "function": "tiled_1d"
# OFF: "coarsen": 1,
# OFF-NOT: "coarsen"
# OFF: "function": "stencil_1d"
# OFF: "coarsen": 1,
# OFF-NOT: "coarsen"
# OFF: "function": "stencil_1d_requested"

# LLVM: "coarsen": 1,
# LLVM-NOT: "coarsen"
# LLVM: "function": "fast_matmul"

# The example: 4 KiB for A's four tiles, 4 KiB for B's four.
# EXAMPLE: "coarsen": 4,
# EXAMPLE-NEXT: "coarsen_y": 4,
# EXAMPLE-NOT: "coarsen"
# EXAMPLE: "function": "fast_matmul"
# EXAMPLE: "shared_memory_bytes": 8192,
