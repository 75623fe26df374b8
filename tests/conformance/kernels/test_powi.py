# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_powi.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles the module-level functions with
# cuda.jit(void(float64[:, :], int8, float64[:, :]))(fn) (test_powi,
# test_powi_binop) or cuda.jit(fn) (the cpow tests); here they are
# @cuda.jit and each case gives the signature.
import math
import numpy as np
from numba import cuda
from numba.cuda import float64, int8, int32, void


# TestCudaPowi.test_powi
@cuda.jit
def cu_mat_power(A, power, power_A):
    y, x = cuda.grid(2)

    m, n = power_A.shape
    if x >= n or y >= m:
        return

    power_A[y, x] = math.pow(A[y, x], int32(power))


# TestCudaPowi.test_powi_binop
@cuda.jit
def cu_mat_power_binop(A, power, power_A):
    y, x = cuda.grid(2)

    m, n = power_A.shape
    if x >= n or y >= m:
        return

    power_A[y, x] = A[y, x] ** power


# TestCudaPowi.test_cpow_complex64_pow, test_cpow_complex128_pow
@cuda.jit
def vec_pow(r, x, y):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = pow(x[i], y[i])


# TestCudaPowi.test_cpow_complex64_binop, test_cpow_complex128_binop
@cuda.jit
def vec_pow_binop(r, x, y):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = x[i] ** y[i]


# TestCudaPowi.test_cpow_complex64_inplace_binop, test_cpow_complex128_inplace_binop
@cuda.jit
def vec_pow_inplace_binop(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] **= x[i]
