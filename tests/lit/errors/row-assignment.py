# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# A view takes a number (set everywhere), a tuple of numbers (a row), or an
# array or array expression that broadcasts to it (NumPy's rules): a
# 2-dimensional array cannot go into a row.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def k(m, x):
    m[0] = x

# CHECK: row-assignment.py:11:12: error: cannot broadcast array(float32, 2d, C) into a 1-dimensional view
