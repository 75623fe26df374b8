# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# A row takes a number (set everywhere) or a tuple of numbers; an array is an
# error (NumPy would copy it, which nvc does not do yet).
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[::1])")
def k(m, x):
    m[0] = x

# CHECK: row-assignment.py:10:12: error: assigning to a view (a row or a slice) takes a number, set everywhere, or a tuple of numbers, one per element of a row, not array(float32, 1d, C)
