# RUN: %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: %nvc %s -o %t.spv -Werror
# 004_…txt: an array expression held in a variable is computed where it is
# read, so reading it twice computes it twice; nvc says so in a note (not a
# warning: -Werror still compiles) at the second read, once.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[::1], float32[::1])")
def k(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        d = a[i] * 2
        out[i] = d.sum() + d.max() + d.min()
        e = a[i] + 1
        out[i] += e.sum()

# CHECK: expression-reread-note.py:15:28: note: 'd' is an array expression, computed again at each of its 3 reads; to compute its elements once, store them in a local array (cuda.local.array) and read that
# CHECK-NOT: note:
