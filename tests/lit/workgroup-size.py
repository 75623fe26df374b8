# RUN: %nvc %s -o %t.spv 2>&1 | FileCheck %s --implicit-check-not=warning:
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s -o %t2.spv --local-size 32 --local-size transpose=16,8 2>&1 | count 0
# RUN: FileCheck %s --check-prefix=GIVEN-MANIFEST < %t2.json
# RUN: not %nvc %s -o %t3.spv --local-size nosuch=32 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not %nvc %s -o %t4.spv --local-size 32 --local-size 64 2>&1 | FileCheck %s --check-prefix=TWICE
# A kernel written for a fixed block (numba-cuda has no default block size)
# shows it by indexing a shared array of that extent with its local id: its
# manifest default is that size, with a warning naming the option that says
# so, and the manifest's max_workgroup_size makes launchers refuse larger
# workgroups (docs/language.md, "Workgroups, shared memory and barriers").
import numpy as np
from numba import cuda, float32
import numba_vulkan as nv

TPB = 128
TILE = 16


@cuda.jit("void(float32[::1], float32[::1])")
def block_sums(x, out):
    sm = cuda.shared.array(TPB, float32)
    tx = cuda.threadIdx.x
    # CHECK: workgroup-size.py:[[@LINE+1]]:5: warning: kernel 'block_sums' indexes shared array 'sm' by cuda.threadIdx.x (128 elements along that dimension): it is written for workgroups of 128x1x1, which its launches default to instead of 64x1x1; say so with local_size=128 in the decorator or --local-size block_sums=128 [-Wworkgroup-size]
    sm[tx] = x[cuda.grid(1)]
    cuda.syncthreads()
    if tx < 64:
        sm[tx] += sm[tx + 64]
    if tx == 0:
        out[cuda.blockIdx.x] = sm[0]


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def transpose(a, b):
    # A 2-D tile indexed [ty, tx] and [tx, ty]: TILE x TILE, warned once.
    tile = cuda.shared.array((TILE, TILE + 1), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x, y = cuda.grid(2)
    tile[ty, tx] = a[y, x]
    cuda.syncthreads()
    # The tighter bound along x: tile[tx, ...] has 16 rows (its columns 17).
    # CHECK: workgroup-size.py:[[@LINE+1]]:15: warning: kernel 'transpose' indexes shared array 'tile' by cuda.threadIdx.x (16 elements along that dimension): it is written for workgroups of 16x16x1, which its launches default to instead of 64x1x1; say so with local_size=(16, 16) in the decorator or --local-size transpose=16,16 [-Wworkgroup-size]
    b[x, y] = tile[tx, ty]


@nv.jit("void(int32[::1])", local_size=TPB // 4)
def declared(out):
    # local_size= says it: no warning; 32 is within the array's 64.
    sm = nv.shared.array(64, np.int32)
    sm[nv.local_id(0)] = nv.local_id(0)
    nv.barrier()
    out[nv.global_id(0)] = sm[0]


@cuda.jit("void(int32[::1])")
def guarded(out):
    # Accesses under a test of the id, or after an early return on it, bound nothing.
    sm = cuda.shared.array(32, np.int32)
    t = cuda.threadIdx.x
    v = sm[t] if t < 32 else 0
    if t >= 32:
        return
    sm[t] = t + v
    out[t] = sm[(t + 1) % 32]


# MANIFEST: "function": "block_sums",
# MANIFEST: "max_workgroup_size": {
# MANIFEST: "reasons": [
# MANIFEST-NEXT: "shared array 'sm' has 128 elements along the dimension the kernel indexes by cuda.threadIdx.x (workgroup-size.py:{{[0-9]+}})",
# MANIFEST-NEXT: null,
# MANIFEST-NEXT: null
# MANIFEST: "size": [
# MANIFEST-NEXT: 128,
# MANIFEST-NEXT: null,
# MANIFEST-NEXT: null
# MANIFEST: "workgroup_size": [
# MANIFEST-NEXT: 128,
# MANIFEST-NEXT: 1,
# MANIFEST-NEXT: 1
# MANIFEST: "function": "transpose",
# MANIFEST: "size": [
# MANIFEST-NEXT: 16,
# MANIFEST-NEXT: 16,
# MANIFEST-NEXT: null
# MANIFEST: "workgroup_size": [
# MANIFEST-NEXT: 16,
# MANIFEST-NEXT: 16,
# MANIFEST-NEXT: 1
# MANIFEST: "function": "declared",
# MANIFEST: "size": [
# MANIFEST-NEXT: 64,
# MANIFEST: "workgroup_size": [
# MANIFEST-NEXT: 32,
# MANIFEST-NEXT: 1,
# MANIFEST-NEXT: 1
# MANIFEST: "function": "guarded",
# MANIFEST: "max_workgroup_size": null,
# MANIFEST: "workgroup_size": [
# MANIFEST-NEXT: 64,

# GIVEN-MANIFEST: "function": "block_sums",
# GIVEN-MANIFEST: "workgroup_size": [
# GIVEN-MANIFEST-NEXT: 32,
# GIVEN-MANIFEST: "function": "transpose",
# GIVEN-MANIFEST: "workgroup_size": [
# GIVEN-MANIFEST-NEXT: 16,
# GIVEN-MANIFEST-NEXT: 8,
# GIVEN-MANIFEST: "function": "declared",
# GIVEN-MANIFEST: "workgroup_size": [
# GIVEN-MANIFEST-NEXT: 32,
# GIVEN-MANIFEST: "function": "guarded",
# GIVEN-MANIFEST: "workgroup_size": [
# GIVEN-MANIFEST-NEXT: 32,

# UNKNOWN: nvc: error: --local-size names 'nosuch', which is not a kernel of 'workgroup-size.py'
# TWICE: nvc: error: --local-size gives the size of every kernel twice
