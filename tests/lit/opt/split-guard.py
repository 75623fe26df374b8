# Guard splitting (-O2, passes/SplitKernelGuard.cpp): a bounds-guarded
# kernel `if i < n: {A; loop; B}` whose loop depends neither on A nor on the
# invocation for its trip count or read addresses and writes no memory becomes
# `vals = if c {A} else {zeros}; loop; if c {B}`.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-split-guard -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-promote-accumulator -fno-split-guard -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -o %t.spv
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def weighted(x, w, out):
    i = cuda.grid(1)
    if i < out.size:
        xi = x[i] * np.float32(2.0)
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * xi
        out[i] = acc


# A data-dependent guard may skip the loop in most invocations: left alone.
@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def data_guard(x, w, out):
    i = cuda.grid(1)
    if x[i] > 0:
        acc = 0.0
        for j in range(w.size):
            acc += w[j] * x[i]
        out[i] = acc


# The trip count comes from the guarded region: left alone.
@cuda.jit("void(float32[::1], int32[::1], float32[::1])")
def guarded_bound(x, counts, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for j in range(counts[i]):
            acc += x[j]
        out[i] = acc


# The loop reads at an address that depends on the invocation (out of bounds
# for one failing the guard): left alone.
@cuda.jit("void(float32[::1], int32, float32[::1])")
def guarded_address(x, n, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for j in range(n):
            acc += x[i * n + j]
        out[i] = acc


# The loop writes memory: left alone.
@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def storing_loop(x, tmp, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for j in range(x.size):
            acc += x[j]
            tmp[i] = acc
        out[i] = acc


# Two loops in the guarded region (different trip counts: loop fusion leaves
# them apart): left alone.
@cuda.jit("void(float32[::1], float32[::1], int32, int32)")
def two_loops(x, out, n, m):
    i = cuda.grid(1)
    if i < out.size:
        a = 0.0
        for j in range(n):
            a += x[j]
        b = 0.0
        for j in range(m):
            b += x[j] * x[j]
        out[i] = a * b


# CHECK-LABEL: func.func @weighted
# CHECK: %[[ID:[0-9]+]] = arith.index_cast %global_id_x : index to i32
# CHECK-NEXT: %[[C:[0-9]+]] = arith.cmpi slt, %[[ID]], %arg9 : i32
# CHECK: %[[XI:[0-9]+]] = scf.if %[[C]] -> (f32) {
# CHECK-NEXT: memref.load %arg0
# CHECK: } else {
# CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
# CHECK-NEXT: scf.yield %[[Z]] : f32
# CHECK-NEXT: }
# CHECK-NEXT: %[[LOOP:[0-9]+]]:2 = scf.while
# CHECK: memref.load %arg1
# CHECK: arith.mulf %{{[0-9]+}}, %[[XI]] : f32
# CHECK: scf.yield
# CHECK-NEXT: }
# CHECK-NEXT: scf.if %[[C]] {
# CHECK: arith.truncf %[[LOOP]]#1
# CHECK: memref.store %{{[0-9]+}}, %arg2
# CHECK-NEXT: }
# CHECK-NEXT: return

# CHECK-LABEL: func.func @data_guard
# CHECK: scf.if %{{[0-9]+}} {
# CHECK-NEXT: scf.while

# CHECK-LABEL: func.func @guarded_bound
# CHECK: scf.if %{{[0-9]+}} {
# CHECK-NEXT: memref.load %arg1
# CHECK-NEXT: scf.while

# CHECK-LABEL: func.func @guarded_address
# CHECK: scf.if %{{[0-9]+}} {
# CHECK: scf.while

# CHECK-LABEL: func.func @storing_loop
# CHECK: scf.if %{{[0-9]+}} {
# CHECK-NEXT: scf.while

# CHECK-LABEL: func.func @two_loops
# CHECK: scf.if %{{[0-9]+}} {
# CHECK-NEXT: scf.while

# Without the pass the loop stays in the guard.
# OFF-LABEL: func.func @weighted
# OFF: scf.if %{{[0-9]+}} {
# OFF: scf.while
# OFF: memref.store
# OFF-NEXT: }
# OFF-NEXT: return
