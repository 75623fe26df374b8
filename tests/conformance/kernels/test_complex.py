# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_complex.py
# (and its complex_usecases.py) at b18b944b2f88a4e840424e49a1b0d29488263b40
# (tests/conformance/conformance.py): the kernels as upstream wrote them,
# lifted out of their test methods.
#
# compile_scalar_func(pyfunc, argtypes, restype) compiles a usecase of
# complex_usecases.py as a device function, cuda.jit(restype(*argtypes),
# device=True)(pyfunc), and a kernel kernel_func that calls it through its
# closure variable device_func. Here the usecases (those test_complex uses)
# are @cuda.jit(device=True) functions in this file, without the declared
# signature (each test compiles one usecase for complex64 and complex128
# alike; the declared result types are the types Numba infers), and each
# test has its own kernel_func (kernel_func_<usecase>), calling its usecase
# in device_func's place. The kernels' signatures (compile_scalar_func's
# kernel_types) are the cases' sig.
import cmath

import numpy as np
from numba import cuda


# TestComplex.test_real (complex_usecases.real_usecase)
@cuda.jit(device=True)
def real_usecase(x):
    return x.real


# TestComplex.test_imag (complex_usecases.imag_usecase)
@cuda.jit(device=True)
def imag_usecase(x):
    return x.imag


# TestComplex.test_conjugate (complex_usecases.conjugate_usecase)
@cuda.jit(device=True)
def conjugate_usecase(x):
    return x.conjugate()


# TestCMath.test_phase (complex_usecases.phase_usecase)
@cuda.jit(device=True)
def phase_usecase(x):
    return cmath.phase(x)


# TestCMath.test_polar (complex_usecases.polar_as_complex_usecase)
@cuda.jit(device=True)
def polar_as_complex_usecase(x):
    return complex(*cmath.polar(x))


# TestCMath.test_rect (complex_usecases.rect_usecase)
@cuda.jit(device=True)
def rect_usecase(r, phi):
    return cmath.rect(r, phi)


# TestCMath.test_isnan (complex_usecases.isnan_usecase)
@cuda.jit(device=True)
def isnan_usecase(x):
    return cmath.isnan(x)


# TestCMath.test_isinf (complex_usecases.isinf_usecase)
@cuda.jit(device=True)
def isinf_usecase(x):
    return cmath.isinf(x)


# TestCMath.test_isfinite (complex_usecases.isfinite_usecase)
@cuda.jit(device=True)
def isfinite_usecase(x):
    return cmath.isfinite(x)


# TestCMath.test_exp (complex_usecases.exp_usecase)
@cuda.jit(device=True)
def exp_usecase(x):
    return cmath.exp(x)


# TestCMath.test_log (complex_usecases.log_usecase)
@cuda.jit(device=True)
def log_usecase(x):
    return cmath.log(x)


# TestCMath.test_log_base (complex_usecases.log_base_usecase)
@cuda.jit(device=True)
def log_base_usecase(x, base):
    return cmath.log(x, base)


# TestCMath.test_log10 (complex_usecases.log10_usecase)
@cuda.jit(device=True)
def log10_usecase(x):
    return cmath.log10(x)


# TestCMath.test_sqrt (complex_usecases.sqrt_usecase)
@cuda.jit(device=True)
def sqrt_usecase(x):
    return cmath.sqrt(x)


# TestCMath.test_acos (complex_usecases.acos_usecase)
@cuda.jit(device=True)
def acos_usecase(x):
    return cmath.acos(x)


# TestCMath.test_asin (complex_usecases.asin_usecase)
@cuda.jit(device=True)
def asin_usecase(x):
    return cmath.asin(x)


# TestCMath.test_atan (complex_usecases.atan_usecase)
@cuda.jit(device=True)
def atan_usecase(x):
    return cmath.atan(x)


# TestCMath.test_cos (complex_usecases.cos_usecase)
@cuda.jit(device=True)
def cos_usecase(x):
    return cmath.cos(x)


# TestCMath.test_sin (complex_usecases.sin_usecase)
@cuda.jit(device=True)
def sin_usecase(x):
    return cmath.sin(x)


# TestCMath.test_tan (complex_usecases.tan_usecase)
@cuda.jit(device=True)
def tan_usecase(x):
    return cmath.tan(x)


# TestCMath.test_acosh (complex_usecases.acosh_usecase)
@cuda.jit(device=True)
def acosh_usecase(x):
    return cmath.acosh(x)


# TestCMath.test_asinh (complex_usecases.asinh_usecase)
@cuda.jit(device=True)
def asinh_usecase(x):
    return cmath.asinh(x)


# TestCMath.test_atanh (complex_usecases.atanh_usecase)
@cuda.jit(device=True)
def atanh_usecase(x):
    return cmath.atanh(x)


# TestCMath.test_cosh (complex_usecases.cosh_usecase)
@cuda.jit(device=True)
def cosh_usecase(x):
    return cmath.cosh(x)


# TestCMath.test_sinh (complex_usecases.sinh_usecase)
@cuda.jit(device=True)
def sinh_usecase(x):
    return cmath.sinh(x)


# TestCMath.test_tanh (complex_usecases.tanh_usecase)
@cuda.jit(device=True)
def tanh_usecase(x):
    return cmath.tanh(x)


# TestComplex.test_real (compile_scalar_func's kernel_func, device_func = real_usecase)
@cuda.jit
def kernel_func_real_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = real_usecase(a[i])


# TestComplex.test_imag (compile_scalar_func's kernel_func, device_func = imag_usecase)
@cuda.jit
def kernel_func_imag_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = imag_usecase(a[i])


# TestComplex.test_conjugate (compile_scalar_func's kernel_func, device_func = conjugate_usecase)
@cuda.jit
def kernel_func_conjugate_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = conjugate_usecase(a[i])


# TestCMath.test_phase (compile_scalar_func's kernel_func, device_func = phase_usecase)
@cuda.jit
def kernel_func_phase_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = phase_usecase(a[i])


# TestCMath.test_polar (compile_scalar_func's kernel_func, device_func = polar_as_complex_usecase)
@cuda.jit
def kernel_func_polar_as_complex_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = polar_as_complex_usecase(a[i])


# TestCMath.test_rect (compile_scalar_func's kernel_func, device_func = rect_usecase)
@cuda.jit
def kernel_func_rect_usecase(out, a, b):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = rect_usecase(a[i], b[i])


# TestCMath.test_isnan (compile_scalar_func's kernel_func, device_func = isnan_usecase)
@cuda.jit
def kernel_func_isnan_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = isnan_usecase(a[i])


# TestCMath.test_isinf (compile_scalar_func's kernel_func, device_func = isinf_usecase)
@cuda.jit
def kernel_func_isinf_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = isinf_usecase(a[i])


# TestCMath.test_isfinite (compile_scalar_func's kernel_func, device_func = isfinite_usecase)
@cuda.jit
def kernel_func_isfinite_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = isfinite_usecase(a[i])


# TestCMath.test_exp (compile_scalar_func's kernel_func, device_func = exp_usecase)
@cuda.jit
def kernel_func_exp_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = exp_usecase(a[i])


# TestCMath.test_log (compile_scalar_func's kernel_func, device_func = log_usecase)
@cuda.jit
def kernel_func_log_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = log_usecase(a[i])


# TestCMath.test_log_base (compile_scalar_func's kernel_func, device_func = log_base_usecase)
@cuda.jit
def kernel_func_log_base_usecase(out, a, b):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = log_base_usecase(a[i], b[i])


# TestCMath.test_log10 (compile_scalar_func's kernel_func, device_func = log10_usecase)
@cuda.jit
def kernel_func_log10_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = log10_usecase(a[i])


# TestCMath.test_sqrt (compile_scalar_func's kernel_func, device_func = sqrt_usecase)
@cuda.jit
def kernel_func_sqrt_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = sqrt_usecase(a[i])


# TestCMath.test_acos (compile_scalar_func's kernel_func, device_func = acos_usecase)
@cuda.jit
def kernel_func_acos_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = acos_usecase(a[i])


# TestCMath.test_asin (compile_scalar_func's kernel_func, device_func = asin_usecase)
@cuda.jit
def kernel_func_asin_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = asin_usecase(a[i])


# TestCMath.test_atan (compile_scalar_func's kernel_func, device_func = atan_usecase)
@cuda.jit
def kernel_func_atan_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = atan_usecase(a[i])


# TestCMath.test_cos (compile_scalar_func's kernel_func, device_func = cos_usecase)
@cuda.jit
def kernel_func_cos_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = cos_usecase(a[i])


# TestCMath.test_sin (compile_scalar_func's kernel_func, device_func = sin_usecase)
@cuda.jit
def kernel_func_sin_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = sin_usecase(a[i])


# TestCMath.test_tan (compile_scalar_func's kernel_func, device_func = tan_usecase)
@cuda.jit
def kernel_func_tan_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = tan_usecase(a[i])


# TestCMath.test_acosh (compile_scalar_func's kernel_func, device_func = acosh_usecase)
@cuda.jit
def kernel_func_acosh_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = acosh_usecase(a[i])


# TestCMath.test_asinh (compile_scalar_func's kernel_func, device_func = asinh_usecase)
@cuda.jit
def kernel_func_asinh_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = asinh_usecase(a[i])


# TestCMath.test_atanh (compile_scalar_func's kernel_func, device_func = atanh_usecase)
@cuda.jit
def kernel_func_atanh_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = atanh_usecase(a[i])


# TestCMath.test_cosh (compile_scalar_func's kernel_func, device_func = cosh_usecase)
@cuda.jit
def kernel_func_cosh_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = cosh_usecase(a[i])


# TestCMath.test_sinh (compile_scalar_func's kernel_func, device_func = sinh_usecase)
@cuda.jit
def kernel_func_sinh_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = sinh_usecase(a[i])


# TestCMath.test_tanh (compile_scalar_func's kernel_func, device_func = tanh_usecase)
@cuda.jit
def kernel_func_tanh_usecase(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = tanh_usecase(a[i])


# TestAtomicOnComplexComponents.test_atomic_on_real
@cuda.jit
def atomic_add_one(values):
    i = cuda.grid(1)
    cuda.atomic.add(values.real, i, 1)


# TestAtomicOnComplexComponents.test_atomic_on_imag
@cuda.jit
def atomic_add_one_j(values):
    i = cuda.grid(1)
    cuda.atomic.add(values.imag, i, 1)
