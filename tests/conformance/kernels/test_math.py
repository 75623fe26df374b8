# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_math.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles the module-level math_* functions with
# cuda.jit((arytype, restype))(fn) in its templates (unary_template,
# binary_template, pow_template_int32, modf_template_*); here they are
# @cuda.jit and each case gives the signature.
import math

import numpy as np
from numba import cuda
from numba.cuda import float32, float64, int32, void, int64


# TestCudaMath.test_math_acos
@cuda.jit
def math_acos(A, B):
    i = cuda.grid(1)
    B[i] = math.acos(A[i])


# TestCudaMath.test_math_asin
@cuda.jit
def math_asin(A, B):
    i = cuda.grid(1)
    B[i] = math.asin(A[i])


# TestCudaMath.test_math_atan
@cuda.jit
def math_atan(A, B):
    i = cuda.grid(1)
    B[i] = math.atan(A[i])


# TestCudaMath.test_math_acosh
@cuda.jit
def math_acosh(A, B):
    i = cuda.grid(1)
    B[i] = math.acosh(A[i])


# TestCudaMath.test_math_asinh
@cuda.jit
def math_asinh(A, B):
    i = cuda.grid(1)
    B[i] = math.asinh(A[i])


# TestCudaMath.test_math_atanh
@cuda.jit
def math_atanh(A, B):
    i = cuda.grid(1)
    B[i] = math.atanh(A[i])


# TestCudaMath.test_math_cos, TestCudaMath.test_math_fp16
@cuda.jit
def math_cos(A, B):
    i = cuda.grid(1)
    B[i] = math.cos(A[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_sin
@cuda.jit
def math_sin(A, B):
    i = cuda.grid(1)
    B[i] = math.sin(A[i])


# TestCudaMath.test_math_tan
@cuda.jit
def math_tan(A, B):
    i = cuda.grid(1)
    B[i] = math.tan(A[i])


# TestCudaMath.test_math_cosh
@cuda.jit
def math_cosh(A, B):
    i = cuda.grid(1)
    B[i] = math.cosh(A[i])


# TestCudaMath.test_math_sinh
@cuda.jit
def math_sinh(A, B):
    i = cuda.grid(1)
    B[i] = math.sinh(A[i])


# TestCudaMath.test_math_tanh
@cuda.jit
def math_tanh(A, B):
    i = cuda.grid(1)
    B[i] = math.tanh(A[i])


# TestCudaMath.test_math_atan2
@cuda.jit
def math_atan2(A, B, C):
    i = cuda.grid(1)
    C[i] = math.atan2(A[i], B[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_exp
@cuda.jit
def math_exp(A, B):
    i = cuda.grid(1)
    B[i] = math.exp(A[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_exp2
@cuda.jit
def math_exp2(A, B):
    i = cuda.grid(1)
    B[i] = math.exp2(A[i])


# TestCudaMath.test_math_erf
@cuda.jit
def math_erf(A, B):
    i = cuda.grid(1)
    B[i] = math.erf(A[i])


# TestCudaMath.test_math_erfc
@cuda.jit
def math_erfc(A, B):
    i = cuda.grid(1)
    B[i] = math.erfc(A[i])


# TestCudaMath.test_math_expm1
@cuda.jit
def math_expm1(A, B):
    i = cuda.grid(1)
    B[i] = math.expm1(A[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_fabs
@cuda.jit
def math_fabs(A, B):
    i = cuda.grid(1)
    B[i] = math.fabs(A[i])


# TestCudaMath.test_math_gamma
@cuda.jit
def math_gamma(A, B):
    i = cuda.grid(1)
    B[i] = math.gamma(A[i])


# TestCudaMath.test_math_lgamma
@cuda.jit
def math_lgamma(A, B):
    i = cuda.grid(1)
    B[i] = math.lgamma(A[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_log
@cuda.jit
def math_log(A, B):
    i = cuda.grid(1)
    B[i] = math.log(A[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_log2
@cuda.jit
def math_log2(A, B):
    i = cuda.grid(1)
    B[i] = math.log2(A[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_log10
@cuda.jit
def math_log10(A, B):
    i = cuda.grid(1)
    B[i] = math.log10(A[i])


# TestCudaMath.test_math_log1p
@cuda.jit
def math_log1p(A, B):
    i = cuda.grid(1)
    B[i] = math.log1p(A[i])


# TestCudaMath.test_math_remainder, TestCudaMath.test_math_nextafter
@cuda.jit
def math_remainder(A, B, C):
    i = cuda.grid(1)
    C[i] = math.remainder(A[i], B[i])


# TestCudaMath.test_math_nextafter
@cuda.jit
def math_nextafter(A, B, C):
    i = cuda.grid(1)
    C[i] = math.nextafter(A[i], B[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_sqrt
@cuda.jit
def math_sqrt(A, B):
    i = cuda.grid(1)
    B[i] = math.sqrt(A[i])


# TestCudaMath.test_math_hypot
@cuda.jit
def math_hypot(A, B, C):
    i = cuda.grid(1)
    C[i] = math.hypot(A[i], B[i])


# TestCudaMath.test_math_pow
@cuda.jit
def math_pow(A, B, C):
    i = cuda.grid(1)
    C[i] = math.pow(A[i], B[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_ceil
@cuda.jit
def math_ceil(A, B):
    i = cuda.grid(1)
    B[i] = math.ceil(A[i])


# TestCudaMath.test_math_fp16, TestCudaMath.test_math_floor
@cuda.jit
def math_floor(A, B):
    i = cuda.grid(1)
    B[i] = math.floor(A[i])


# TestCudaMath.test_math_copysign
@cuda.jit
def math_copysign(A, B, C):
    i = cuda.grid(1)
    C[i] = math.copysign(A[i], B[i])


# TestCudaMath.test_math_fmod
@cuda.jit
def math_fmod(A, B, C):
    i = cuda.grid(1)
    C[i] = math.fmod(A[i], B[i])


# TestCudaMath.test_math_modf
@cuda.jit
def math_modf(A, B, C):
    i = cuda.grid(1)
    B[i], C[i] = math.modf(A[i])


# TestCudaMath.test_math_isnan
@cuda.jit
def math_isnan(A, B):
    i = cuda.grid(1)
    B[i] = math.isnan(A[i])


# TestCudaMath.test_math_isinf
@cuda.jit
def math_isinf(A, B):
    i = cuda.grid(1)
    B[i] = math.isinf(A[i])


# TestCudaMath.test_math_isfinite
@cuda.jit
def math_isfinite(A, B):
    i = cuda.grid(1)
    B[i] = math.isfinite(A[i])


# TestCudaMath.test_math_degrees
@cuda.jit
def math_degrees(A, B):
    i = cuda.grid(1)
    B[i] = math.degrees(A[i])


# TestCudaMath.test_math_radians
@cuda.jit
def math_radians(A, B):
    i = cuda.grid(1)
    B[i] = math.radians(A[i])


# TestCudaMath.test_math_fp16_trunc, TestCudaMath.test_math_trunc, TestCudaMath.test_math_trunc_non_float64
@cuda.jit
def math_trunc(A, B):
    i = cuda.grid(1)
    B[i] = math.trunc(A[i])


# TestCudaMath.test_math_pow_binop
@cuda.jit
def math_pow_binop(A, B, C):
    i = cuda.grid(1)
    C[i] = A[i] ** B[i]


# TestCudaMath.test_math_mod_binop
@cuda.jit
def math_mod_binop(A, B, C):
    i = cuda.grid(1)
    C[i] = A[i] % B[i]


# TestCudaMath.test_math_remainder_0_0
@cuda.jit(void(float64[::1], int64, int64))
def test_0_0(r, x, y):
    r[0] = math.remainder(x, y)
