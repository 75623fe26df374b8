# Thread coarsening (-O2, passes/CoarsenThreads.cpp): a kernel that uses the
# invocation only through cuda.grid(1) computes C outputs per invocation,
# g + k * (grid_dim * block_dim), each guard of output k extended by
# `g_k < N` (N: the requested grid, a hidden last argument), the outputs'
# loops jammed into one whose reads are shared.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-coarsen-threads -o - | FileCheck %s
# RUN: %nvc %s -fno-vectorize-streaming -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s --coarsen=2 --emit=mlir --mlir-print-ir-after=nvc-coarsen-threads -o - | FileCheck %s --check-prefix=TWO
# RUN: %nvc %s --coarsen=1 -o %t1.spv && FileCheck %s --check-prefix=ONE < %t1.json
# RUN: %nvc %s -fno-coarsen -fno-vectorize-streaming -o %t2.spv && FileCheck %s --check-prefix=OFF < %t2.json
# RUN: %nvc %s -O1 -o %t3.spv && FileCheck %s --check-prefix=OFF < %t3.json
# RUN: not %nvc %s --coarsen=0 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: rm -f %t4.spv
# RUN: not %nvc %S/../Inputs/coarsen-bad-option.py -o %t4.spv 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: not test -e %t4.spv
import math

import numpy as np
from numba import cuda, float32


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def weighted(x, w, out):
    i = cuda.grid(1)
    if i < out.size:
        xi = x[i] * np.float32(2.0)
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * xi + x[j % x.size]
        out[i] = acc


# No loop: nothing to share, the cost model leaves it alone.
@cuda.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = a * x[i] + y[i]


# The decorator's factor wins over the cost model and --coarsen.
@cuda.jit("void(float32[::1], float32[::1])", coarsen=3)
def decorated(x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = x[i] + np.float32(1.0)


# coarsen=1 turns it off for this kernel.
@cuda.jit("void(float32[::1], float32[::1], float32[::1])", coarsen=1)
def declined(x, w, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * x[i]
        out[i] = acc


# Refusals: each kernel below has a loop the cost model would coarsen, but
# uses something whose meaning coarsening would change.
@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def uses_thread_idx(x, w, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * x[i]
        out[i] = acc + cuda.threadIdx.x


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def grid_stride(x, w, out):
    start = cuda.grid(1)
    for i in range(start, out.size, cuda.gridsize(1)):
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * x[i]
        out[i] = acc


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def with_barrier(x, w, out):
    i = cuda.grid(1)
    acc = 0.0
    for j in range(w.size):
        acc += w[j]
    cuda.syncthreads()
    if i < out.size:
        out[i] = acc * x[i]


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def shared_memory(x, w, out):
    cache = cuda.shared.array(64, dtype=np.float32)
    i = cuda.grid(1)
    if i < out.size:
        cache[0] = 1.0
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * x[i]
        out[i] = acc + cache[0]


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def atomics(x, w, out):
    i = cuda.grid(1)
    if i < x.size:
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * x[i]
        cuda.atomic.add(out, 0, acc)


# A 2-D kernel is coarsened along y: the copies j, j + G, ... share the read
# of A's row i (an address that depends on the id along x), read in a loop
# guarded by both bounds; the guard is jammed (one `if` for the copies, each
# copy's column the first passing copy's where its own bound fails, each
# store under its copy's condition).
@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = float32(0.)
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp


# 2-D, but the loop's shared read (w[k]) is at an address the same for the
# whole subgroup: the cost model leaves it alone; --coarsen=2 coarsens it
# along y.
@cuda.jit("void(float32[:, ::1], float32[::1], float32[:, ::1])")
def two_dimensional(x, w, out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        acc = 0.0
        for k in range(w.size):
            acc += w[k] * x[i, j]
        out[i, j] = acc


# A 3-D kernel: refused.
@cuda.jit("void(float32[:, :, ::1], float32[::1], float32[:, :, ::1])")
def three_dimensional(x, w, out):
    i, j, k = cuda.grid(3)
    if i < out.shape[0] and j < out.shape[1] and k < out.shape[2]:
        acc = 0.0
        for m in range(w.size):
            acc += w[m] * x[i, j, k]
        out[i, j, k] = acc


# An early return: `if c: return` before the body is an if whose else branch
# is the body; jammed like matmul's guard, its condition negated.
@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def early_return(A, B, C):
    i, j = cuda.grid(2)
    if i >= C.shape[0] or j >= C.shape[1]:
        return
    tmp = float32(0.)
    for k in range(A.shape[1]):
        tmp += A[i, k] * B[k, j]
    C[i, j] = tmp


# An if/else whose else branch stores: `and g_k < N` on the condition would
# run the else branch for a copy that did not exist, so with --coarsen=2
# each copy's if runs inside `if g_k < N`.
@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def if_else(x, out, spill):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * np.float32(2.0)
    else:
        spill[0] = 1.0


# Calls of the math library (math.hypot, math.fmod: @nvc_math_* until the
# library is expanded) are pure: the loop is jammed and its reads shared.
@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[::1])")
def math_calls(x, w, v, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.float32(0.0)
        for j in range(w.size):
            acc += math.hypot(w[j], v[j]) * x[i]
        out[i] = acc


# A write that does not depend on the invocation would run once for C.
@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32[::1])")
def unguarded_write(x, w, flag, out):
    i = cuda.grid(1)
    flag[0] = 1.0
    if i < out.size:
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * x[i]
        out[i] = acc


# The loop's trip count depends on the output: its copies cannot be jammed.
@cuda.jit("void(float32[::1], int32[::1], float32[::1])")
def varying_trip_count(x, counts, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for j in range(counts[i]):
            acc += x[j]
        out[i] = acc


# A loop nested in the output's work whose trip count depends on the output
# (it might not end for an index that did not exist): not jammed, not taken
# out of the guard; --coarsen=2 keeps it in each output's guard.
@cuda.jit("void(float32[::1], int32[::1], float32[::1])")
def nested_varying_loop(x, reps, out):
    i = cuda.grid(1)
    if i < out.size:
        r = reps[i]
        acc = 0.0
        for j in range(x.size):
            for k in range(r):
                acc += x[j]
        out[i] = acc


# The cost model: a loop reading two arrays (w[j], x[j % n]) for all outputs, one float64
# accumulator per output (2 registers; 0.0 is a Python float): C = 4.
# CHECK-LABEL: func.func @weighted
# CHECK-SAME: %[[N:arg[0-9]+]]: index) attributes {nvc.coarsen = 4 : i32
# CHECK-NEXT: %[[G:.*]] = gpu.global_id x
# CHECK-NEXT: %[[BD:.*]] = gpu.block_dim x
# CHECK-NEXT: %[[GD:.*]] = gpu.grid_dim x
# CHECK-NEXT: %[[STRIDE:[0-9]+]] = arith.muli %[[GD]], %[[BD]] : index
# CHECK-NEXT: %[[E0:[0-9]+]] = arith.cmpi ult, %[[G]], %[[N]] : index
# CHECK: %[[G1:[0-9]+]] = arith.addi %[[G]], %{{[0-9]+}} : index
# CHECK-NEXT: %[[E1:[0-9]+]] = arith.cmpi ult, %[[G1]], %[[N]] : index
# CHECK: %[[E3:[0-9]+]] = arith.cmpi ult, %{{[0-9]+}}, %[[N]] : index
# CHECK: %[[I0:[0-9]+]] = arith.index_cast %[[G]] : index to i32
# CHECK-NEXT: %[[I1:[0-9]+]] = arith.index_cast %[[G1]] : index to i32
# CHECK: %[[C0:[0-9]+]] = arith.cmpi slt, %[[I0]], %arg9 : i32
# CHECK-NEXT: %[[C1:[0-9]+]] = arith.cmpi slt, %[[I1]], %arg9 : i32
# CHECK: %[[A0:[0-9]+]] = arith.andi %[[C0]], %[[E0]] : i1
# CHECK-NEXT: %[[X0:[0-9]+]] = scf.if %[[A0]] -> (f32) {
# CHECK: %[[A1:[0-9]+]] = arith.andi %[[C1]], %[[E1]] : i1
# CHECK-NEXT: %[[X1:[0-9]+]] = scf.if %[[A1]] -> (f32) {
# CHECK: %[[X2:[0-9]+]] = scf.if %{{[0-9]+}} -> (f32) {
# CHECK: %[[X3:[0-9]+]] = scf.if %{{[0-9]+}} -> (f32) {
# One loop, the counter once and four accumulators; w[j] loaded once.
# CHECK: %[[LOOP:[0-9]+]]:5 = scf.while ({{.*}}) : (i32, f64, f64, f64, f64)
# CHECK: } do {
# CHECK: %[[W:[0-9]+]] = memref.load %arg1
# CHECK-NOT: memref.load
# CHECK-NEXT: arith.mulf %[[W]], %[[X0]] : f32
# CHECK-NEXT: arith.mulf %[[W]], %[[X1]] : f32
# CHECK-NEXT: arith.mulf %[[W]], %[[X2]] : f32
# CHECK-NEXT: arith.mulf %[[W]], %[[X3]] : f32
# CHECK: scf.yield
# Each output's store under its own guard.
# CHECK: arith.andi %[[C0]], %[[E0]] : i1
# CHECK-NEXT: scf.if
# CHECK: arith.truncf %[[LOOP]]#1
# CHECK: memref.store
# CHECK: arith.andi %[[C1]], %[[E1]] : i1
# CHECK-NEXT: scf.if
# CHECK: arith.truncf %[[LOOP]]#2
# CHECK: memref.store
# CHECK: arith.truncf %[[LOOP]]#4
# CHECK: memref.store
# CHECK-NEXT: }
# CHECK-NEXT: return

# Left alone (no nvc.coarsen, no hidden argument): no loop to share, coarsen=1,
# and each kernel that uses what coarsening would change.
# CHECK-LABEL: func.func @saxpy
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @decorated
# CHECK-SAME: %{{.*}}: index) attributes {nvc.coarsen = 3 : i32
# CHECK-LABEL: func.func @declined
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @uses_thread_idx
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @grid_stride
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @with_barrier
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @shared_memory
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @atomics
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @matmul
# CHECK-SAME: %[[N:arg[0-9]+]]: index) attributes {nvc.coarsen_y = 4 : i32, nvc.kernel
# CHECK-NEXT: %[[G:.*]] = gpu.global_id y
# CHECK-NEXT: %[[BD:.*]] = gpu.block_dim y
# CHECK-NEXT: %[[GD:.*]] = gpu.grid_dim y
# CHECK-NEXT: %[[STEP:.*]] = arith.muli %[[GD]], %[[BD]] : index
# CHECK-NEXT: %[[E0:.*]] = arith.cmpi ult, %[[G]], %[[N]] : index
# CHECK: arith.addi %[[G]], %{{.*}} : index
# CHECK: arith.addi %[[G]], %{{.*}} : index
# CHECK: %[[G3:.*]] = arith.addi %[[G]], %{{.*}} : index
# CHECK-NEXT: %[[E3:.*]] = arith.cmpi ult, %[[G3]], %[[N]] : index
# CHECK: %[[X:.*]] = gpu.global_id x
# CHECK: %[[J0:.*]] = arith.index_cast %[[G]] : index to i32
# CHECK: %[[J3:.*]] = arith.index_cast %[[G3]] : index to i32
# Each copy's bounds check, then whether any copy passes.
# CHECK: %[[C0:.*]] = scf.if
# CHECK: = scf.if
# CHECK: = scf.if
# CHECK: %[[C3:.*]] = scf.if
# CHECK: %[[V0:.*]] = arith.andi %[[C0]], %[[E0]] : i1
# CHECK: %[[V1:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
# CHECK-NEXT: %[[ANY1:.*]] = arith.ori %[[V0]], %[[V1]] : i1
# CHECK-NEXT: %[[V2:.*]] = arith.andi
# CHECK-NEXT: %[[ANY2:.*]] = arith.ori %[[ANY1]], %[[V2]] : i1
# CHECK-NEXT: %[[V3:.*]] = arith.andi %[[C3]], %[[E3]] : i1
# CHECK-NEXT: %[[ANY:.*]] = arith.ori %[[ANY2]], %[[V3]] : i1
# CHECK-NEXT: scf.if %[[ANY]] {
# The anchor (the first passing copy's column), then each copy's column.
# CHECK-NEXT: %[[A2:.*]] = arith.select %[[V2]], %{{.*}}, %[[J3]] : i32
# CHECK-NEXT: %[[A1:.*]] = arith.select %[[V1]], %{{.*}}, %[[A2]] : i32
# CHECK-NEXT: %[[COL0:.*]] = arith.select %[[V0]], %[[J0]], %[[A1]] : i32
# CHECK-NEXT: %[[COL1:.*]] = arith.select %[[V1]], %{{.*}}, %[[COL0]] : i32
# CHECK-NEXT: %[[COL2:.*]] = arith.select %[[V2]], %{{.*}}, %[[COL0]] : i32
# CHECK-NEXT: %[[COL3:.*]] = arith.select %[[V3]], %[[J3]], %[[COL0]] : i32
# One loop, one accumulator per copy; A[i, k] read once, B[k, j] per copy.
# CHECK: %[[ACC:.*]]:5 = scf.while ({{.*}}) : (i32, f32, f32, f32, f32) -> (i32, f32, f32, f32, f32)
# CHECK: %[[AV:.*]] = memref.load %arg0
# CHECK-NOT: memref.load %arg0
# CHECK: arith.addi %{{.*}}, %[[COL0]] : i32
# CHECK-NEXT: arith.addi %{{.*}}, %[[COL1]] : i32
# CHECK-NEXT: arith.addi %{{.*}}, %[[COL2]] : i32
# CHECK-NEXT: arith.addi %{{.*}}, %[[COL3]] : i32
# CHECK-COUNT-4: memref.load %arg1
# CHECK-COUNT-4: arith.mulf %[[AV]], %{{.*}} : f32
# CHECK-COUNT-4: arith.addf
# CHECK: scf.yield
# Each copy's store under its own condition.
# CHECK: scf.if %[[V0]] {
# CHECK-NEXT: memref.store %[[ACC]]#1, %arg2
# CHECK: scf.if %[[V1]] {
# CHECK-NEXT: memref.store %[[ACC]]#2, %arg2
# CHECK: scf.if %[[V2]] {
# CHECK-NEXT: memref.store %[[ACC]]#3, %arg2
# CHECK: scf.if %[[V3]] {
# CHECK-NEXT: memref.store %[[ACC]]#4, %arg2
# CHECK-LABEL: func.func @two_dimensional
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @three_dimensional
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @early_return
# CHECK-SAME: index) attributes {nvc.coarsen_y = 4 : i32, nvc.kernel
# Copy k's condition: not (its early-return test), and it exists.
# CHECK: %[[NOT0:.*]] = arith.xori %{{.*}}, %true{{.*}} : i1
# CHECK-NEXT: %[[V0:.*]] = arith.andi %[[NOT0]], %{{.*}} : i1
# CHECK: scf.if %{{.*}} {
# CHECK: scf.while {{.*}} : (i32, f32, f32, f32, f32) -> (i32, f32, f32, f32, f32)
# CHECK: scf.if %[[V0]] {
# CHECK-NEXT: memref.store
# CHECK-LABEL: func.func @if_else
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @math_calls
# CHECK-SAME: index) attributes {nvc.coarsen = 4 : i32, nvc.kernel
# CHECK: scf.while {{.*}} : (i32, f32, f32, f32, f32) -> (i32, f32, f32, f32, f32)
# CHECK: call @nvc_math_hypot_f32
# CHECK-NOT: call @nvc_math_hypot_f32
# CHECK: scf.yield
# CHECK-LABEL: func.func @unguarded_write
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @varying_trip_count
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel
# CHECK-LABEL: func.func @nested_varying_loop
# CHECK-NOT: nvc.coarsen{{(_y)?}} =
# CHECK-SAME: nvc.kernel

# --coarsen=2 applies to every kernel that can be coarsened and has no
# coarsen=: also those the cost model leaves alone (saxpy; a loop whose copies
# cannot be jammed stays in each output's guard); never to the refused ones.
# TWO-LABEL: func.func @weighted
# TWO-SAME: nvc.coarsen = 2 : i32
# TWO: scf.while {{.*}} : (i32, f64, f64) -> (i32, f64, f64)
# TWO-LABEL: func.func @saxpy
# TWO-SAME: nvc.coarsen = 2 : i32
# TWO-LABEL: func.func @decorated
# TWO-SAME: nvc.coarsen = 3 : i32
# TWO-LABEL: func.func @declined
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @uses_thread_idx
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @grid_stride
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @with_barrier
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @shared_memory
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @atomics
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @matmul
# TWO-SAME: index) attributes {nvc.coarsen_y = 2 : i32, nvc.kernel
# TWO-LABEL: func.func @two_dimensional
# TWO-SAME: index) attributes {nvc.coarsen_y = 2 : i32, nvc.kernel
# TWO-LABEL: func.func @three_dimensional
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @early_return
# TWO-SAME: nvc.coarsen_y = 2 : i32
# TWO-LABEL: func.func @if_else
# TWO-SAME: %[[N:arg[0-9]+]]: index) attributes {nvc.coarsen = 2 : i32, nvc.kernel
# TWO: %[[E0:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : index
# TWO: %[[E1:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : index
# TWO: scf.if %[[E0]] {
# TWO-NEXT: scf.if %{{.*}} {
# TWO: } else {
# TWO: memref.store
# TWO: scf.if %[[E1]] {
# TWO-NEXT: scf.if %{{.*}} {
# TWO: } else {
# TWO: memref.store
# TWO-LABEL: func.func @math_calls
# TWO-SAME: nvc.coarsen = 2 : i32
# TWO-LABEL: func.func @unguarded_write
# TWO-NOT: nvc.coarsen{{(_y)?}} =
# TWO-SAME: nvc.kernel
# TWO-LABEL: func.func @varying_trip_count
# TWO-SAME: nvc.coarsen = 2 : i32
# TWO: scf.if
# TWO: scf.while
# TWO: scf.if
# TWO: scf.while
# TWO-LABEL: func.func @nested_varying_loop
# TWO-SAME: nvc.coarsen = 2 : i32
# TWO: scf.if %{{[0-9]+}} {
# TWO-NEXT: memref.load %arg1

# The manifest: the factor, and the hidden field after the arguments' (the
# block of `weighted` had 36 bytes: 3 arrays of 3 fields).
# MANIFEST: "coarsen": 4,
# MANIFEST: "name": "weighted",
# MANIFEST-NEXT: "original_grid_offset": 36,
# MANIFEST-NEXT: "original_grid_offset_y": null,
# MANIFEST-NEXT: "parameter_block": {
# MANIFEST-NEXT: "binding": null,
# MANIFEST-NEXT: "kind": "push_constant",
# MANIFEST-NEXT: "size": 40
# MANIFEST: "coarsen": 1,
# MANIFEST: "name": "saxpy",
# MANIFEST-NEXT: "original_grid_offset": null,
# MANIFEST: "coarsen": 3,
# MANIFEST: "name": "decorated",
# MANIFEST: "coarsen": 1,
# MANIFEST: "name": "declined",
# Along y: its own factor and hidden field (3 2-D arrays of 5 fields).
# MANIFEST: "coarsen_y": 4,
# MANIFEST: "name": "matmul",
# MANIFEST-NEXT: "original_grid_offset": null,
# MANIFEST-NEXT: "original_grid_offset_y": 60,
# MANIFEST-NEXT: "parameter_block": {
# MANIFEST-NEXT: "binding": null,
# MANIFEST-NEXT: "kind": "push_constant",
# MANIFEST-NEXT: "size": 64

# OFF: "coarsen": 1,
# OFF: "name": "weighted",
# OFF-NEXT: "original_grid_offset": null,
# OFF-NOT: "coarsen": {{[2-9]}}

# --coarsen=1: off, except where the decorator says otherwise.
# ONE: "coarsen": 1,
# ONE: "name": "weighted",
# ONE: "coarsen": 1,
# ONE: "name": "saxpy",
# ONE: "coarsen": 3,
# ONE: "name": "decorated",
# ONE: "coarsen": 1,
# ONE: "name": "declined",

# RANGE: --coarsen: Value 0 not in range 1 to 16

# BAD: coarsen-bad-option.py:5:41: error: coarsen= takes an integer from 1 to 16
# BAD-NEXT: @cuda.jit("void(float32[::1])", coarsen=0)
# BAD-NEXT: {{^}}                                        ^
