"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_matmul.py (kernels/doc_matmul.py).

test_matmul launches matmul (printing its result without asserting it) and
fast_matmul on x_h = np.arange(16).reshape([4, 4]) (int64), y_h = ones([4,
4]), z_h = zeros([4, 4]), then fast_matmul on the non-square x_h =
np.arange(115).reshape([5, 23]), y_h = ones([23, 7]), z_h = zeros([5, 7]),
and asserts z_h == x_h @ y_h for both fast_matmul launches; that is the
reference (for matmul's launch too). Launch configurations as upstream
computes them; the kernels are compiled lazily.
"""
import math

import numpy as np

from conformance import Case

TPB = 16
SIG = "void(int64[:, ::1], float64[:, ::1], float64[:, ::1])"


def square(rng):
    return [np.arange(16).reshape([4, 4]), np.ones([4, 4]), np.zeros([4, 4])]


def nonsquare(rng):
    return [np.arange(115).reshape([5, 23]), np.ones([23, 7]), np.zeros([5, 7])]


def product(x, y, z):
    return {0: x, 1: y, 2: x @ y}


# threadsperblock = (16, 16); blockspergrid from z_h.shape (square) or from
# max(x_h.shape[0], y_h.shape[0]), max(x_h.shape[1], y_h.shape[1]) (non-square).
SQUARE_GRID = (math.ceil(4 / 16), math.ceil(4 / 16))
NONSQUARE_GRID = (math.ceil(max(23, 7) / TPB), math.ceil(max(5, 23) / TPB))

CASES = [
    Case("matmul", "test_matmul", "doc examples", sig=SIG, args=square,
         griddim=SQUARE_GRID, blockdim=(16, 16), reference=product),
    Case("fast_matmul", "test_matmul", "doc examples", sig=SIG, args=square,
         griddim=SQUARE_GRID, blockdim=(TPB, TPB), reference=product,
         name="fast_matmul__square"),
    Case("fast_matmul", "test_matmul", "doc examples", sig=SIG, args=nonsquare,
         griddim=NONSQUARE_GRID, blockdim=(TPB, TPB), reference=product,
         name="fast_matmul__nonsquare"),
]
