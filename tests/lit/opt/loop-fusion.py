# Loop fusion (-O2, passes/LoopFusion.cpp): adjacent loops of a block over
# the same counter become one loop when no dependence forbids it; the second
# body's recomputation of the first's addresses and loads is then merged.
# Kernels whose fusion relies on array arguments not aliasing say so.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-loop-fusion -o - | FileCheck %s
# RUN: %nvc %s -fno-loop-fusion --emit=mlir --mlir-print-ir-after=loop-invariant-code-motion -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -fno-readonly-buffers -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float64[::1], float64[::1])")
def row_stats(x, sums, sumsq):
    i = cuda.grid(1)
    if i < x.shape[0]:
        s = 0.0
        for j in range(x.shape[1]):
            s += x[i, j]
        q = 0.0
        for j in range(x.shape[1]):
            q += x[i, j] * x[i, j]
        sums[i] = s
        sumsq[i] = q


# A sum and a sum of squares over a row: one loop carrying the counter and
# both sums, one load of x[i, j] per iteration.
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @row_stats
# CHECK-SAME: attributes {nvc.kernel,
# CHECK: %{{[0-9]+}}:3 = scf.while (%{{.*}} = %c0_i32, %{{.*}} = %cst, %{{.*}} = %cst) : (i32, f64, f64)
# CHECK: } do {
# CHECK-NEXT: ^bb0(%[[J:.*]]: i32, %[[S:.*]]: f64, %[[Q:.*]]: f64):
# CHECK: %[[X:[0-9]+]] = memref.load %arg0
# CHECK-NOT: memref.load
# CHECK: %[[NEXT:[0-9]+]] = arith.addi %[[J]], %c1_i32
# CHECK-NOT: memref.load
# CHECK: arith.mulf %[[X]], %[[X]] : f32
# CHECK-NOT: memref.load
# CHECK: scf.yield %[[NEXT]], %{{[0-9]+}}, %{{[0-9]+}} : i32, f64, f64
# CHECK-NEXT: }
# CHECK-NOT: scf.while
# CHECK: return


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def producer_consumer(x, tmp, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        for j in range(x.shape[1]):
            tmp[i, j] = x[i, j] * np.float32(2.0)
        for j in range(x.shape[1]):
            out[i, j] = tmp[i, j] + np.float32(1.0)
        for j in range(x.shape[1]):
            out[i, j] = out[i, j] * tmp[i, j]


# Iteration j of the second loop reads only what iteration j of the first
# wrote (tmp[i, j]); the third reads and writes out[i, j] and reads tmp[i, j]:
# all three fuse. x and out are different arguments: the kernel relies on
# the no-alias rule (iteration j now writes out before iteration j + 1
# reads x).
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @producer_consumer
# CHECK-SAME: nvc.assumes_no_alias
# CHECK: scf.while
# CHECK: } do {
# CHECK: memref.load %arg0
# CHECK: memref.store %{{[0-9]+}}, %arg1[%[[T:[0-9]+]]]
# CHECK: memref.load %arg1[%[[T]]]
# CHECK: memref.store %{{[0-9]+}}, %arg2[%[[O:[0-9]+]]]
# CHECK: memref.load %arg2[%[[O]]]
# CHECK: memref.store %{{[0-9]+}}, %arg2[%[[O]]]
# CHECK: scf.yield
# CHECK-NEXT: }
# CHECK-NOT: scf.while
# CHECK: return


@cuda.jit("void(float32[:, ::1])")
def private_intermediate(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        tmp = cuda.local.array(16, np.float32)
        for j in range(16):
            tmp[j] = x[i, j] * x[i, j]
        for j in range(16):
            x[i, j] = tmp[j] - x[i, j]


# A private array never shares memory with an argument, and x is accessed
# at the same element in iteration j of both loops: no reliance on the
# no-alias rule.
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @private_intermediate
# CHECK-SAME: attributes {nvc.kernel,
# CHECK: scf.while
# CHECK: } do {
# CHECK: memref.store %{{[0-9]+}}, %[[TMP:[0-9a-z_]+]][%[[K:[0-9]+]]]
# CHECK: memref.load %[[TMP]][%[[K]]]
# CHECK: scf.yield
# CHECK-NEXT: }
# CHECK-NOT: scf.while
# CHECK: return


# Left alone: each kernel keeps its two loops.
@cuda.jit("void(float32[::1], float32[::1], int32, int32)")
def different_bounds(x, out, n, m):
    s = np.float32(0.0)
    for j in range(n):
        s += x[j]
    for j in range(m):
        s += x[j] * x[j]
    out[0] = s


@cuda.jit("void(float32[::1], float32[::1], float32[::1], int32)")
def different_step(x, tmp, out, n):
    for j in range(n):
        tmp[j] = x[j]
    for j in range(0, n, 2):
        out[j] = tmp[j]


@cuda.jit("void(float32[::1], float32[::1], float32[::1], int32)")
def reads_a_later_iteration(x, tmp, out, n):
    for j in range(n):
        tmp[j] = x[j]
    for j in range(n):
        out[j] = tmp[(j + 1) % n]


@cuda.jit("void(float32[::1], float32[::1], int32)")
def store_between(x, out, n):
    t = np.float32(0.0)
    for j in range(n):
        t += x[j]
    x[0] = t
    for j in range(n):
        t += x[j]
    out[0] = t


@cuda.jit("void(float32[::1], float32[::1], int32)")
def uses_first_result(x, out, n):
    mean = np.float32(0.0)
    for j in range(n):
        mean += x[j]
    mean /= n
    v = np.float32(0.0)
    for j in range(n):
        v += (x[j] - mean) * (x[j] - mean)
    out[0] = v


@cuda.jit("void(float32[::1], float32[::1], float32[::1], int32)")
def same_element(x, y, out, n):
    for j in range(n):
        out[0] += x[j]
    for j in range(n):
        out[0] += y[j]


@cuda.jit("void(float32[::1], float32[::1])")
def barrier_in_loop(x, out):
    sm = cuda.shared.array(64, np.float32)
    i = cuda.threadIdx.x
    for j in range(4):
        sm[i] = x[i] + j
        cuda.syncthreads()
    for j in range(4):
        out[i] += sm[(i + j) % 64]


@cuda.jit("void(float32[::1], int32[::1], int32)")
def atomic_in_loop(x, counts, n):
    for j in range(n):
        cuda.atomic.add(counts, j, 1)
    for j in range(n):
        x[j] += counts[j]


# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @different_bounds
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @different_step
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @reads_a_later_iteration
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @store_between
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @uses_first_result
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @same_element
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @barrier_in_loop
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return
# CHECK-LABEL: IR Dump After LoopFusion (nvc-loop-fusion)
# CHECK: func.func @atomic_in_loop
# CHECK-COUNT-2: } do {
# CHECK-NOT: } do {
# CHECK: return

# Without the pass every loop stays: 2 + 3 + 2 loops in the fused kernels.
# OFF-LABEL: func.func @row_stats
# OFF-COUNT-2: } do {
# OFF-LABEL: func.func @producer_consumer
# OFF-COUNT-3: } do {
# OFF-LABEL: func.func @private_intermediate
# OFF-COUNT-2: } do {

# The manifest's keys are sorted: each entry's flag precedes its name.
# MANIFEST: "assumes_no_alias": false
# MANIFEST: "name": "row_stats"
# MANIFEST: "assumes_no_alias": true
# MANIFEST: "name": "producer_consumer"
# MANIFEST: "assumes_no_alias": false
# MANIFEST: "name": "private_intermediate"
