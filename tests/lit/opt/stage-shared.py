# Shared-memory staging (-O2, passes/StageShared.cpp): a loop at the top
# level of the kernel that every invocation runs with the same trip count
# reads us[j], vs[j], ... at invocation-independent addresses; the
# workgroup loads each tile of 256 elements once into workgroup memory
# (invocation t loads elements t, t + L, ... for any workgroup size L),
# barrier, the loop runs the tile reading workgroup memory, barrier.
# RUN: %nvc %s -fno-split-guard --emit=mlir --mlir-print-ir-after=nvc-stage-shared -o - | FileCheck %s --check-prefix=NOSPLIT
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-stage-shared -o - | FileCheck %s
# RUN: %nvc %s -fno-readonly-buffers -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s -fno-stage-shared -fno-readonly-buffers -o %t2.spv && FileCheck %s --check-prefix=OFF < %t2.json
# RUN: %nvc %s -O1 -o %t3.spv && FileCheck %s --check-prefix=OFF < %t3.json
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s --check-prefix=SPIRV
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def staged(us, vs, out):
    i = cuda.grid(1)
    x = np.float32(0)
    if i < out.size:
        x = out[i]
    acc = np.float32(0)
    for j in range(us.size):
        acc += us[j] * x + vs[j]
    if i < out.size:
        out[i] = acc


# CHECK-LABEL: func.func @staged(
# CHECK-SAME: nvc.assumes_no_alias
# CHECK-SAME: nvc.staged_shared_bytes = 2048
# CHECK: %[[TU:.*]] = memref.alloc() : memref<256xf32, #spirv.storage_class<Workgroup>>
# CHECK: %[[TV:.*]] = memref.alloc() : memref<256xf32, #spirv.storage_class<Workgroup>>
# CHECK: scf.while (%[[BASE:[a-z0-9]+]] = %c0_i32
# CHECK: } do {
# CHECK: %[[N:.*]] = arith.minsi %{{.*}}, %c256_i32 : i32
# CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
# CHECK: memref.load %arg0
# CHECK: memref.store %{{.*}}, %[[TU]][%[[T]]]
# CHECK: memref.load %arg1
# CHECK: memref.store %{{.*}}, %[[TV]][%[[T]]]
# CHECK: }
# CHECK-NEXT: gpu.barrier
# CHECK-NEXT: scf.while
# CHECK-NOT: memref.load %arg0
# CHECK-NOT: memref.load %arg1
# CHECK: memref.load %[[TU]]
# CHECK-NOT: memref.load %arg
# CHECK: memref.load %[[TV]]
# CHECK: gpu.barrier
# CHECK: return


@cuda.jit("void(float32[::1], float32[::1])")
def under_guard(us, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.float32(0)
        for j in range(us.size):
            acc += us[j]
        out[i] = acc


# Guard splitting (-O2) moves the loop out from under the bounds guard, so it
# is staged; without guard splitting the loop stays under the
# invocation-dependent guard and is left alone.
# CHECK-LABEL: func.func @under_guard(
# CHECK: memref.alloc
# CHECK: gpu.barrier
# CHECK: return
# NOSPLIT-LABEL: func.func @under_guard(
# NOSPLIT-NOT: memref.alloc
# NOSPLIT-NOT: gpu.barrier
# NOSPLIT: return


@cuda.jit("void(float32[::1], float32[::1])")
def written(us, out):
    i = cuda.grid(1)
    acc = np.float32(0)
    for j in range(us.size):
        acc += us[j]
    if i < us.size:
        us[i] = acc
        out[i] = acc


# Left alone: the kernel writes the array the loop reads.
# CHECK-LABEL: func.func @written(
# CHECK-NOT: memref.alloc
# CHECK: return


@cuda.jit("void(float32[::1], float32[::1])")
def per_invocation(us, out):
    i = cuda.grid(1)
    acc = np.float32(0)
    for j in range(out.size):
        acc += us[i + j]
    if i < out.size:
        out[i] = acc


# Left alone: the address depends on the invocation.
# CHECK-LABEL: func.func @per_invocation(
# CHECK-NOT: memref.alloc
# CHECK: return


@cuda.jit("void(float32[::1], float32[::1])")
def short_loop(us, out):
    i = cuda.grid(1)
    acc = np.float32(0)
    for j in range(100):
        acc += us[j]
    if i < out.size:
        out[i] = acc


# Left alone by the cost model: fewer iterations than one tile.
# CHECK-LABEL: func.func @short_loop(
# CHECK-NOT: memref.alloc
# CHECK: return

@cuda.jit("void(float64[::1], float64[::1], float64[::1], complex128[::1], float64[::1], complex128[::1])")
def wide(us, vs, ws, vis, ls, out):
    i = cuda.grid(1)
    x = 0.0
    if i < out.size:
        x = ls[i]
    acc = 0j
    for j in range(us.size):
        acc += vis[j] * (us[j] * x + vs[j] + ws[j])
    if i < out.size:
        out[i] = acc


# 40 bytes an iteration (float64 u, v, w and complex128 vis, the workshop's
# float64 visibilities; complex128 elements are two float64 loads): tiles of 256 would take 10 KiB, so they are halved
# to 128 iterations (5 KiB).
# CHECK-LABEL: func.func @wide(
# CHECK-SAME: nvc.staged_shared_bytes = 5120
# CHECK-COUNT-5: memref.alloc() : memref<128xf64, #spirv.storage_class<Workgroup>>
# CHECK: arith.minsi %{{.*}}, %c128_i32 : i32
# CHECK: return


@cuda.jit("void(complex128[::1], complex128[::1], complex128[::1], complex128[::1], complex128[::1], "
          "complex128[::1], complex128[::1], complex128[::1], complex128[::1], complex128[::1])")
def too_wide(a, b, c, d, e, f, g, h, k, out):
    i = cuda.grid(1)
    acc = 0j
    for j in range(a.size):
        acc += a[j] + b[j] + c[j] + d[j] + e[j] + f[j] + g[j] + h[j] + k[j]
    if i < out.size:
        out[i] = acc


# Left alone by the cost model: nine complex128 arrays take 144 bytes an
# iteration, 9 KiB even in the smallest tiles (64 iterations).
# CHECK-LABEL: func.func @too_wide(
# CHECK-NOT: memref.alloc
# CHECK: return

@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def big_shared(x, w, out):
    buf = cuda.shared.array(8000, np.float32)
    i = cuda.grid(1)
    buf[cuda.threadIdx.x] = np.float32(1)
    cuda.syncthreads()
    acc = buf[0]
    for j in range(w.size):
        acc += w[j]
    if i < out.size:
        out[i] = acc * x[i]


# Left alone: the kernel's own 32,000 bytes of shared memory already exceed
# Vulkan's guaranteed 16 KiB, and staging never adds to such a kernel.
# CHECK-LABEL: func.func @big_shared(
# CHECK-NOT: nvc.staged_shared_bytes
# CHECK: memref.alloc() : memref<8000xf32
# CHECK-NOT: memref.alloc
# CHECK: return


@cuda.jit("void(complex128[::1], complex128[::1], complex128[::1])")
def three_loops(a, b, out):
    i = cuda.grid(1)
    acc = 0j
    for j in range(a.size):
        acc += a[j] * b[j]
    for j in range(a.size):
        acc += a[j] - b[j]
    for j in range(a.size):
        acc -= a[j] + b[j]
    if i < out.size:
        out[i] = acc


# Three loops of 32 bytes an iteration: the first two get 8 KiB of tiles
# each, the third none, as the kernel would otherwise need more than 16 KiB.
# CHECK-LABEL: func.func @three_loops(
# CHECK-SAME: nvc.staged_shared_bytes = 16384
# CHECK-COUNT-8: memref.alloc() : memref<256xf64, #spirv.storage_class<Workgroup>>
# CHECK-NOT: memref.alloc
# CHECK: return

# The manifest's first entry point (keys in alphabetical order) counts the
# tiles in its workgroup memory and relies on the no-alias rule (out may not
# share memory with us or vs).
# MANIFEST: "assumes_no_alias": true
# MANIFEST: "name": "staged"
# MANIFEST: "shared_memory_bytes": 2048
# OFF: "assumes_no_alias": false
# OFF: "name": "staged"
# OFF: "shared_memory_bytes": 0
# SPIRV: OpControlBarrier
