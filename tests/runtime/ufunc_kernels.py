"""Ufuncs compiled by nvc for ufuncs_numpy.py (nvc-run --ufunc and --reduce against NumPy):
a vectorize of two loops, one with identity 0 whose .reduce nvc compiles too, a
guvectorize with a core dimension, one with two outputs, and a @cuda.reduce function."""
import math

import numpy as np
from numba import cuda, guvectorize, vectorize


@vectorize(["float32(float32, float32)", "float64(float64, float64)"], target="cuda")
def gaussian(x, sigma):
    return math.exp(-0.5 * (x / sigma) ** 2)


@vectorize(["int32(int32, int32)", "int64(int64, int64)", "float64(float64, float64)"],
           identity=0, target="cuda")
def add(a, b):
    return a + b


@vectorize(["float64(float64, float64)"], target="cuda")
def bigger(a, b):
    return max(a, b)


@guvectorize(["void(float32[:], float32[:], float32[:])",
              "void(float64[:], float64[:], float64[:])"], "(n),(n)->()", target="cuda")
def distance(a, b, out):
    total = 0.0
    for i in range(a.shape[0]):
        total += (a[i] - b[i]) ** 2
    out[0] = math.sqrt(total)


@guvectorize(["void(float64[:], float64, float64[:], float64[:])"], "(n),()->(n),()",
             target="cuda")
def scaled_sum(a, s, out, total):
    t = 0.0
    for i in range(a.shape[0]):
        out[i] = a[i] * s
        t += out[i]
    total[0] = t


@cuda.reduce
def sum_reduce(a, b):
    return a + b
