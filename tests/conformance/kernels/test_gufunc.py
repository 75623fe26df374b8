# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the gufuncs and kernels as upstream wrote them, lifted out of their test
# methods (renamed where several tests use one name).
import numpy as np

from numba.cuda import void, int32, float32, float64
from numba.cuda import guvectorize
from numba import cuda


# _get_matmulcore_gufunc() (dtype=float32): test_gufunc_small,
# test_gufunc_auto_transfer, test_gufunc, test_gufunc_hidim, test_gufunc_stream
@guvectorize(
    [void(float32[:, :], float32[:, :], float32[:, :])],
    "(m,n),(n,p)->(m,p)",
    target="cuda",
)
def matmulcore(A, B, C):
    m, n = A.shape
    n, p = B.shape
    for i in range(m):
        for j in range(p):
            C[i, j] = 0
            for k in range(n):
                C[i, j] += A[i, k] * B[k, j]


# _get_matmulcore_gufunc(dtype=float64): test_gufunc_new_axis (renamed)
@guvectorize(
    [void(float64[:, :], float64[:, :], float64[:, :])],
    "(m,n),(n,p)->(m,p)",
    target="cuda",
)
def matmulcore_f64(A, B, C):
    m, n = A.shape
    n, p = B.shape
    for i in range(m):
        for j in range(p):
            C[i, j] = 0
            for k in range(n):
                C[i, j] += A[i, k] * B[k, j]


# TestCUDAGufunc.test_copy
@guvectorize([void(float32[:], float32[:])], "(x)->(x)", target="cuda")
def copy(A, B):
    for i in range(B.size):
        B[i] = A[i]


# TestCUDAGufunc.test_copy_unspecified_return (renamed from copy)
@guvectorize([(float32[:], float32[:])], "(x)->(x)", target="cuda")
def copy_unspecified_return(A, B):
    for i in range(B.size):
        B[i] = A[i]


# TestCUDAGufunc.test_copy_odd (renamed from copy)
@guvectorize([void(float32[:], float32[:])], "(x)->(x)", target="cuda")
def copy_odd(A, B):
    for i in range(B.size):
        B[i] = A[i]


# TestCUDAGufunc.test_copy2d
@guvectorize(
    [void(float32[:, :], float32[:, :])],
    "(x, y)->(x, y)",
    target="cuda",
)
def copy2d(A, B):
    for x in range(B.shape[0]):
        for y in range(B.shape[1]):
            B[x, y] = A[x, y]


# TestCUDAGufunc.test_not_supported_call_from_jit
@guvectorize([void(int32[:], int32[:])], "(n)->(n)", target="cuda")
def gufunc_copy(A, b):
    for i in range(A.shape[0]):
        b[i] = A[i]


# TestCUDAGufunc.test_not_supported_call_from_jit
@cuda.jit
def cuda_jit(A, b):
    return gufunc_copy(A, b)


# TestCUDAGufunc.test_inefficient_launch_configuration
@guvectorize(
    ["void(float32[:], float32[:], float32[:])"],
    "(n),(n)->(n)",
    target="cuda",
)
def numba_dist_cuda(a, b, dist):
    len = a.shape[0]
    for i in range(len):
        dist[i] = a[i] * b[i]


# TestCUDAGufunc.test_efficient_launch_configuration
@guvectorize(
    ["void(float32[:], float32[:], float32[:])"],
    "(n),(n)->(n)",
    nopython=True,
    target="cuda",
)
def numba_dist_cuda2(a, b, dist):
    len = a.shape[0]
    for i in range(len):
        dist[i] = a[i] * b[i]


# TestCUDAGufunc.check_tuple_arg (test_tuple_of_tuple_arg,
# test_tuple_of_namedtuple_arg, test_tuple_of_array_arg)
@guvectorize(
    [(float64[:], float64[:], float64[:])], "(n),(n)->()", target="cuda"
)
def gu_reduce(x, y, r):
    s = 0
    for i in range(len(x)):
        s += x[i] * y[i]
    r[0] = s


# TestMultipleOutputs.test_multiple_outputs_same_type_passed_in (renamed from
# copy)
@guvectorize(
    [void(float32[:], float32[:], float32[:])],
    "(x)->(x),(x)",
    target="cuda",
)
def copy_two_outputs(A, B, C):
    for i in range(B.size):
        B[i] = A[i]
        C[i] = A[i]


# TestMultipleOutputs.test_multiple_outputs_distinct_values,
# test_multiple_output_allocation (same function in both)
@guvectorize(
    [void(float32[:], float32[:], float32[:])],
    "(x)->(x),(x)",
    target="cuda",
)
def copy_and_double(A, B, C):
    for i in range(B.size):
        B[i] = A[i]
        C[i] = A[i] * 2


# TestMultipleOutputs.test_multiple_output_dtypes
@guvectorize(
    [void(int32[:], int32[:], float64[:])],
    "(x)->(x),(x)",
    target="cuda",
)
def copy_and_multiply(A, B, C):
    for i in range(B.size):
        B[i] = A[i]
        C[i] = A[i] * 1.5
