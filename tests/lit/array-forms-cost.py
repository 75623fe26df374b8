# RUN: %nvc %s --kernel row_norm --emit=spirv | FileCheck %s --check-prefix=ONELOOP
# RUN: %nvc %s --kernel row_norm --emit=spirv | FileCheck %s --check-prefix=PLAIN
# RUN: %nvc %s --kernel column_max --emit=spirv | FileCheck %s --check-prefix=PLAIN
# RUN: %nvc %s --kernel scalar_ufuncs --emit=spirv | FileCheck %s --check-prefix=PLAIN
# RUN: %nvc %s --kernel runtime_axis --emit=spirv | FileCheck %s --check-prefix=CHECKED
# RUN: %nvc %s --kernel broadcast --emit=spirv | FileCheck %s --check-prefix=CHECKED
# The array forms of 004_…txt "Arrays inside kernels" cost what a hand-written
# loop costs: a reduction of an expression of views is one loop with no
# temporary array (ONELOOP), and forms that cannot fail (views with constant
# bounds, a constant axis, ufuncs of numbers) have no error buffer, whose
# record is written with an atomic (PLAIN). A run-time axis and two arrays
# whose shapes are known only at run time can raise ValueError: those
# kernels get the error buffer (the CHECKED prefix; broadcast's a[i] * b is
# such a pair).
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[::1], float32[::1])")
def row_norm(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        d = a[i] - b[i]
        out[i] = np.sqrt((d * d).sum())


@cuda.jit("void(float32[:, ::1], float32[::1])")
def column_max(a, out):
    i = cuda.grid(1)
    if i < a.shape[1]:
        out[i] = a[1:, :].T.sum(axis=1)[i] + a[0, 1:-1].sum()


@cuda.jit("void(float32[::1], float32[::1])")
def scalar_ufuncs(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = np.add(a[i], 1) * np.logical_and(a[i], True) + np.fmax(a[i], 0.0)


@cuda.jit("void(float32[:, ::1], float32[::1], int64)")
def runtime_axis(a, out, axis):
    i = cuda.grid(1)
    if i < a.shape[1]:
        out[i] = a.sum(axis)[i]


@cuda.jit("void(float32[:, ::1], float32[::1], float32[::1])")
def broadcast(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = (a[i] * b).sum()

# ONELOOP: OpLoopMerge
# ONELOOP-NOT: OpLoopMerge

# PLAIN: OpEntryPoint
# PLAIN-NOT: OpAtomic

# CHECKED: OpAtomicCompareExchange
