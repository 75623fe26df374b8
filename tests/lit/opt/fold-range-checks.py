# Range-check folding (-O1, passes/FoldRangeChecks.cpp): Python's sign test
# `i < 0 ? i + n : i` of an index, and floor division's corrections, go away
# where the index is never negative: invocation ids, range-loop counters,
# array extents, and sums of them that cannot wrap; they stay where the index
# may be negative.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-fold-range-checks -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=cse -fno-fold-range-checks -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s --index-bits 32 --emit=mlir --mlir-print-ir-after=nvc-fold-range-checks -o - | FileCheck %s --check-prefix=WRAP
# RUN: %nvc %s -o %t.spv
from numba import cuda


# CHECK-LABEL: func.func @matmul
# CHECK-NOT: arith.select
# CHECK: scf.while
# CHECK-NOT: arith.select
# CHECK: return
# OFF-LABEL: func.func @matmul
# OFF: arith.select
@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.0
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp


# Inside `0 < i < n - 1`, i - 1 and i + 1 are indices in range; a counter
# running down to 0 is never negative; divmod of an id by an extent needs no
# floor correction (only the division by zero's two selects stay).
# CHECK-LABEL: func.func @stencil
# CHECK-NOT: arith.select
# CHECK: arith.cmpi eq
# CHECK-NEXT: arith.select
# CHECK-NEXT: arith.divsi
# CHECK-NEXT: arith.select
# CHECK-NOT: arith.select
# CHECK: return
@cuda.jit("void(float32[::1], float32[::1])")
def stencil(a, out):
    i = cuda.grid(1)
    if 0 < i < a.shape[0] - 1:
        acc = a[i - 1] + a[i] + a[i + 1]
        for k in range(i % 4, -1, -1):
            acc += a[k]
        q = i // out.shape[0]
        out[i] = acc + a[q]


# What may be negative keeps its test: i - 1 at i = 0 (the last element),
# an index read from memory, k - 2 for a counter from 0, and (i - 5) % 7 (its
# floor correction, and the sign test of the result, which intervals cannot
# bound). A counter stepping by 2 to a bound near 2**31 cannot wrap in
# @cuda.jit's 64-bit integers; in 32-bit ones (--index-bits 32) it could, and
# keeps its test there.
# CHECK-LABEL: func.func @negative
# CHECK-COUNT-5: arith.select
# CHECK-NOT: arith.select
# CHECK: return
# WRAP-LABEL: func.func @negative
# WRAP-COUNT-6: arith.select
# WRAP-NOT: arith.select
# WRAP: return
@cuda.jit("void(float32[::1], int32[::1], float32[::1])")
def negative(a, idx, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        acc = a[i - 1] + a[idx[i]]
        for k in range(4):
            acc += a[k - 2]
        for k in range(0, a.shape[0], 2):
            acc += a[k]
        out[i] = acc + a[(i - 5) % 7]


# With 32-bit indices a grid-stride loop's step, cuda.gridsize(1), is positive
# (the runtime bounds the invocations per axis): the loop tests only i < n.
# With 32-bit integers the sign test of i stays: i + gridsize may wrap past
# 2**31 - 1. With @cuda.jit's 64-bit ones it cannot, so i is in [0, n) in the
# body and the test goes.
# CHECK-LABEL: func.func @gridstride
# CHECK: scf.while
# CHECK-NEXT: arith.cmpi slt
# CHECK-NEXT: scf.condition
# CHECK-NOT: arith.select
# CHECK: return
# WRAP-LABEL: func.func @gridstride
# WRAP: scf.while
# WRAP-NEXT: arith.cmpi slt
# WRAP-NEXT: scf.condition
# WRAP: arith.select
@cuda.jit("void(float32[::1], float32[::1])")
def gridstride(x, out):
    for i in range(cuda.grid(1), x.shape[0], cuda.gridsize(1)):
        out[i] = x[i] * 2
