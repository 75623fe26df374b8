# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_array_args.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods. Every
# test but test_array_ary names its kernel f; here f_<test> (test_unituple's
# is f_unituple, ...).
import numpy as np

from numba import cuda


# TestCudaArrayArg.test_array_ary
@cuda.jit("double(double[:],int64)", device=True, inline="always")
def device_function(a, c):
    return a[c]


# TestCudaArrayArg.test_array_ary
@cuda.jit("void(double[:],double[:])")
def kernel(x, y):
    i = cuda.grid(1)
    y[i] = device_function(x, i)


# TestCudaArrayArg.test_unituple (renamed from f)
@cuda.jit
def f_unituple(r, x):
    r[0] = x[0]
    r[1] = x[1]
    r[2] = x[2]


# TestCudaArrayArg.test_tuple (renamed from f)
@cuda.jit
def f_tuple(r1, r2, x):
    r1[0] = x[0]
    r1[1] = x[1]
    r1[2] = x[2]
    r2[0] = x[3]
    r2[1] = x[4]
    r2[2] = x[5]


# TestCudaArrayArg.test_namedunituple (renamed from f)
@cuda.jit
def f_namedunituple(r, x):
    r[0] = x.x
    r[1] = x.y


# TestCudaArrayArg.test_namedtuple (renamed from f)
@cuda.jit
def f_namedtuple(r1, r2, x):
    r1[0] = x.x
    r1[1] = x.y
    r2[0] = x.r


# TestCudaArrayArg.test_empty_tuple (renamed from f)
@cuda.jit
def f_empty_tuple(r, x):
    r[0] = len(x)


# TestCudaArrayArg.test_tuple_of_empty_tuples (renamed from f)
@cuda.jit
def f_tuple_of_empty_tuples(r, x):
    r[0] = len(x)
    r[1] = len(x[0])


# TestCudaArrayArg.test_tuple_of_tuples (renamed from f)
@cuda.jit
def f_tuple_of_tuples(r, x):
    r[0] = len(x)
    r[1] = len(x[0])
    r[2] = len(x[1])
    r[3] = len(x[2])
    r[4] = x[1][0]
    r[5] = x[1][1]
    r[6] = x[2][0]
    r[7] = x[2][1]
    r[8] = x[2][2]


# TestCudaArrayArg.test_tuple_of_tuples_and_scalars (renamed from f)
@cuda.jit
def f_tuple_of_tuples_and_scalars(r, x):
    r[0] = len(x)
    r[1] = len(x[0])
    r[2] = x[0][0]
    r[3] = x[0][1]
    r[4] = x[0][2]
    r[5] = x[1]


# TestCudaArrayArg.test_tuple_of_arrays (renamed from f)
@cuda.jit
def f_tuple_of_arrays(x):
    i = cuda.grid(1)
    if i < len(x[0]):
        x[0][i] = x[1][i] + x[2][i]


# TestCudaArrayArg.test_tuple_of_array_scalar_tuple (renamed from f)
@cuda.jit
def f_tuple_of_array_scalar_tuple(r, x):
    r[0] = x[0][0]
    r[1] = x[0][1]
    r[2] = x[1]
    r[3] = x[2][0]
    r[4] = x[2][1]
