# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_ufuncs.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream writes them. _make_ufunc_usecase(ufunc) builds
#     def fn(a0, a1, ...):
#         np.<ufunc.__name__>(a0, a1, ...)
# named "<ufunc.__name__>_usecase", and CUDAUFuncTestBase._compile compiles it
# with cuda.jit(argtypes) (the inputs' types, then the outputs'); here each is
# written out.
import numpy as np
from numba import cuda


# TestBasicTrigUFuncs.test_sin_ufunc
@cuda.jit
def sin_usecase(a0,a1):
    np.sin(a0,a1)


# TestBasicTrigUFuncs.test_cos_ufunc
@cuda.jit
def cos_usecase(a0,a1):
    np.cos(a0,a1)


# TestBasicTrigUFuncs.test_tan_ufunc
@cuda.jit
def tan_usecase(a0,a1):
    np.tan(a0,a1)


# TestBasicTrigUFuncs.test_arcsin_ufunc
@cuda.jit
def arcsin_usecase(a0,a1):
    np.arcsin(a0,a1)


# TestBasicTrigUFuncs.test_arccos_ufunc
@cuda.jit
def arccos_usecase(a0,a1):
    np.arccos(a0,a1)


# TestBasicTrigUFuncs.test_arctan_ufunc
@cuda.jit
def arctan_usecase(a0,a1):
    np.arctan(a0,a1)


# TestBasicTrigUFuncs.test_arctan2_ufunc
@cuda.jit
def arctan2_usecase(a0,a1,a2):
    np.arctan2(a0,a1,a2)


# TestHypTrigUFuncs.test_hypot_ufunc
@cuda.jit
def hypot_usecase(a0,a1,a2):
    np.hypot(a0,a1,a2)


# TestHypTrigUFuncs.test_sinh_ufunc
@cuda.jit
def sinh_usecase(a0,a1):
    np.sinh(a0,a1)


# TestHypTrigUFuncs.test_cosh_ufunc
@cuda.jit
def cosh_usecase(a0,a1):
    np.cosh(a0,a1)


# TestHypTrigUFuncs.test_tanh_ufunc
@cuda.jit
def tanh_usecase(a0,a1):
    np.tanh(a0,a1)


# TestHypTrigUFuncs.test_arcsinh_ufunc
@cuda.jit
def arcsinh_usecase(a0,a1):
    np.arcsinh(a0,a1)


# TestHypTrigUFuncs.test_arccosh_ufunc
@cuda.jit
def arccosh_usecase(a0,a1):
    np.arccosh(a0,a1)


# TestHypTrigUFuncs.test_arctanh_ufunc
@cuda.jit
def arctanh_usecase(a0,a1):
    np.arctanh(a0,a1)


# TestConversionUFuncs.test_deg2rad_ufunc
@cuda.jit
def deg2rad_usecase(a0,a1):
    np.deg2rad(a0,a1)


# TestConversionUFuncs.test_rad2deg_ufunc
@cuda.jit
def rad2deg_usecase(a0,a1):
    np.rad2deg(a0,a1)


# TestConversionUFuncs.test_degrees_ufunc
@cuda.jit
def degrees_usecase(a0,a1):
    np.degrees(a0,a1)


# TestConversionUFuncs.test_radians_ufunc
@cuda.jit
def radians_usecase(a0,a1):
    np.radians(a0,a1)


# TestComparisonUFuncs1.test_greater_ufunc
@cuda.jit
def greater_usecase(a0,a1,a2):
    np.greater(a0,a1,a2)


# TestComparisonUFuncs1.test_greater_equal_ufunc
@cuda.jit
def greater_equal_usecase(a0,a1,a2):
    np.greater_equal(a0,a1,a2)


# TestComparisonUFuncs1.test_less_ufunc
@cuda.jit
def less_usecase(a0,a1,a2):
    np.less(a0,a1,a2)


# TestComparisonUFuncs1.test_less_equal_ufunc
@cuda.jit
def less_equal_usecase(a0,a1,a2):
    np.less_equal(a0,a1,a2)


# TestComparisonUFuncs1.test_not_equal_ufunc
@cuda.jit
def not_equal_usecase(a0,a1,a2):
    np.not_equal(a0,a1,a2)


# TestComparisonUFuncs1.test_equal_ufunc
@cuda.jit
def equal_usecase(a0,a1,a2):
    np.equal(a0,a1,a2)


# TestLogicalUFuncs.test_logical_and_ufunc
@cuda.jit
def logical_and_usecase(a0,a1,a2):
    np.logical_and(a0,a1,a2)


# TestLogicalUFuncs.test_logical_or_ufunc
@cuda.jit
def logical_or_usecase(a0,a1,a2):
    np.logical_or(a0,a1,a2)


# TestLogicalUFuncs.test_logical_xor_ufunc
@cuda.jit
def logical_xor_usecase(a0,a1,a2):
    np.logical_xor(a0,a1,a2)


# TestLogicalUFuncs.test_logical_not_ufunc
@cuda.jit
def logical_not_usecase(a0,a1):
    np.logical_not(a0,a1)


# TestMinmaxUFuncs.test_maximum_ufunc
@cuda.jit
def maximum_usecase(a0,a1,a2):
    np.maximum(a0,a1,a2)


# TestMinmaxUFuncs.test_minimum_ufunc
@cuda.jit
def minimum_usecase(a0,a1,a2):
    np.minimum(a0,a1,a2)


# TestMinmaxUFuncs.test_fmax_ufunc
@cuda.jit
def fmax_usecase(a0,a1,a2):
    np.fmax(a0,a1,a2)


# TestMinmaxUFuncs.test_fmin_ufunc
@cuda.jit
def fmin_usecase(a0,a1,a2):
    np.fmin(a0,a1,a2)


# TestBitwiseUFuncs.test_bitwise_and_ufunc
@cuda.jit
def bitwise_and_usecase(a0,a1,a2):
    np.bitwise_and(a0,a1,a2)


# TestBitwiseUFuncs.test_bitwise_or_ufunc
@cuda.jit
def bitwise_or_usecase(a0,a1,a2):
    np.bitwise_or(a0,a1,a2)


# TestBitwiseUFuncs.test_bitwise_xor_ufunc
@cuda.jit
def bitwise_xor_usecase(a0,a1,a2):
    np.bitwise_xor(a0,a1,a2)


# TestBitwiseUFuncs.test_invert_ufunc, TestBitwiseUFuncs.test_bitwise_not_ufunc
# (np.bitwise_not is np.invert: its __name__ is 'invert')
@cuda.jit
def invert_usecase(a0,a1):
    np.invert(a0,a1)


# TestLogUFuncs.test_log_ufunc
@cuda.jit
def log_usecase(a0,a1):
    np.log(a0,a1)


# TestLogUFuncs.test_log2_ufunc
@cuda.jit
def log2_usecase(a0,a1):
    np.log2(a0,a1)


# TestLogUFuncs.test_log10_ufunc
@cuda.jit
def log10_usecase(a0,a1):
    np.log10(a0,a1)
