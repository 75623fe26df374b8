# RUN: %nvc %s --emit=mlir | FileCheck %s
# Tuples are compile-time aggregates: unpacking, constant indexing, shapes
# and len() cost no memory; each element is its own value.
from numba import cuda

PAIR = (3, 4.5)


@cuda.jit("void(float64[:, ::1])")
def k(a):
    i, j = cuda.grid(2)
    m, n = a.shape
    t = (i, a[0, 0], PAIR[1])
    q, r = divmod(i, n)
    if i < m and j < n:
        a[i, j] = t[1] + t[-1] + len(t) + q + r + PAIR[0]

# CHECK: gpu.global_id x
# CHECK: gpu.global_id y
# Three scalars for t, no aggregate:
# CHECK-NOT: tuple
# CHECK: arith.constant 4.500000e+00 : f64
