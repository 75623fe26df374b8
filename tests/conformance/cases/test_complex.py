"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_complex.py (kernels/test_complex.py).

BaseComplexTest.run_func: one launch per signature of each test (complex128
and complex64, or the float arguments of cmath.rect), on the test's values
(basic_values, more_values, non_nan_values as upstream lists them) less
those for which the Python usecase raises ValueError (math domain error),
as upstream skips them. The output is np.empty; the launch is
kernel[ceil(n / 256), 256].

Reference: what upstream asserts, the usecase run by CPython on the same
(Python float/complex) values, stored in the output's dtype. Upstream
compares with assertPreciseEqual(prec, ulps): per part, within
2**(ulps - bits - 1) * (|got| + |expected|) (bits 24 for complex64/float32,
53 for complex128/float64), which is rtol = 2**(ulps - bits) of the
magnitude here; infinities and NaN exactly. (The harness does not check the
sign of zeros, which assertPreciseEqual does unless ignore_sign_on_zero.)
"""
import cmath
import itertools
import math

import numpy as np

from conformance import Case, empty

# complex_usecases (the Python functions upstream's expected values come from)
PY = {
    "real_usecase": lambda x: x.real,
    "imag_usecase": lambda x: x.imag,
    "conjugate_usecase": lambda x: x.conjugate(),
    "phase_usecase": cmath.phase,
    "polar_as_complex_usecase": lambda x: complex(*cmath.polar(x)),
    "rect_usecase": cmath.rect,
    "isnan_usecase": cmath.isnan,
    "isinf_usecase": cmath.isinf,
    "isfinite_usecase": cmath.isfinite,
    "exp_usecase": cmath.exp,
    "log_usecase": cmath.log,
    "log_base_usecase": cmath.log,
    "log10_usecase": cmath.log10,
    "sqrt_usecase": cmath.sqrt,
    "acos_usecase": cmath.acos,
    "asin_usecase": cmath.asin,
    "atan_usecase": cmath.atan,
    "cos_usecase": cmath.cos,
    "sin_usecase": cmath.sin,
    "tan_usecase": cmath.tan,
    "acosh_usecase": cmath.acosh,
    "asinh_usecase": cmath.asinh,
    "atanh_usecase": cmath.atanh,
    "cosh_usecase": cmath.cosh,
    "sinh_usecase": cmath.sinh,
    "tanh_usecase": cmath.tanh,
}


def basic_values():
    reals = [-0.0, +0.0, 1, -1, +1.5, -3.5, float("-inf"), float("+inf"), float("nan")]
    return [complex(x, y) for x, y in itertools.product(reals, reals)]


def more_values():
    reals = [0.0, +0.0, 1, -1, -math.pi, +math.pi, float("-inf"), float("+inf"), float("nan")]
    return [complex(x, y) for x, y in itertools.product(reals, reals)]


def non_nan_values():
    reals = [-0.0, +0.0, 1, -1, -math.pi, +math.pi, float("inf"), float("-inf")]
    return [complex(x, y) for x, y in itertools.product(reals, reals)]


CASES = []


def run_func(test, usecase, restype, argtypes, values, ulps=1):
    """One launch of run_func for the signature restype(*argtypes)."""
    prec_bits = 24 if argtypes[0] in (np.float32, np.complex64) else 53
    pyfunc = PY[usecase]
    ok_values, expected = [], []
    for args in values:
        if not isinstance(args, (list, tuple)):
            args = (args,)
        try:
            expected.append(pyfunc(*args))
            ok_values.append(args)
        except ValueError as e:
            assert "math domain error" in str(e)
    n = len(ok_values)

    def make_args(rng):
        inputs = [np.empty(n, dtype=tp) for tp in argtypes]
        for i, vs in enumerate(ok_values):
            for v, inp in zip(vs, inputs):
                inp[i] = v
        return [empty(n, restype)] + inputs

    def reference(*args):
        with np.errstate(all="ignore"):
            return {0: np.array(expected, dtype=restype)}

    names = {np.float32: "float32", np.float64: "float64", np.complex64: "complex64",
             np.complex128: "complex128", np.bool_: "boolean"}
    sig = "void(" + ", ".join(names[tp] + "[::1]" for tp in [restype, *argtypes]) + ")"
    CASES.append(Case(
        "kernel_func_" + usecase, test, "complex",
        name=f"{usecase}__{names[argtypes[0]]}", sig=sig, args=make_args,
        griddim=int(math.ceil(n / 256)), blockdim=256, reference=reference,
        rtol=2.0 ** (ulps - prec_bits)))


UNDERLYING = {np.complex64: np.float32, np.complex128: np.float64}

# TestComplex.check_real_image, test_conjugate (basic values)
for usecase, test in (("real_usecase", "TestComplex.test_real"),
                      ("imag_usecase", "TestComplex.test_imag")):
    for tp in (np.complex64, np.complex128):
        run_func(test, usecase, UNDERLYING[tp], (tp,), basic_values())
for tp in (np.complex64, np.complex128):
    run_func("TestComplex.test_conjugate", "conjugate_usecase", tp, (tp,), basic_values())


def check_unary_func(test, usecase, ulps=1, values=None, returns_float=False):
    """TestCMath.check_unary_func: complex128 on more_values, then complex64
    on basic_values (unless the test gives values)."""
    for tp, default in ((np.complex128, more_values), (np.complex64, basic_values)):
        restype = UNDERLYING[tp] if returns_float else tp
        run_func(test, usecase, restype, (tp,), values or default(), ulps)


check_unary_func("TestCMath.test_phase", "phase_usecase", returns_float=True)
check_unary_func("TestCMath.test_polar", "polar_as_complex_usecase")

# TestCMath.test_rect
for tp, seed in ((np.complex128, more_values()), (np.complex64, basic_values())):
    values = [(z.real, z.imag) for z in seed if not math.isinf(z.imag) or z.real == 0]
    run_func("TestCMath.test_rect", "rect_usecase", tp, (UNDERLYING[tp], UNDERLYING[tp]),
             values)

# TestCMath.check_predicate_func (complex128 then complex64, basic values)
for usecase in ("isnan_usecase", "isinf_usecase", "isfinite_usecase"):
    for tp in (np.complex128, np.complex64):
        run_func("TestCMath.test_" + usecase[:-8], usecase, np.bool_, (tp,), basic_values())

check_unary_func("TestCMath.test_exp", "exp_usecase", ulps=2)
check_unary_func("TestCMath.test_log", "log_usecase")

# TestCMath.test_log_base: all pairs of more_values, ulps=3
for tp in (np.complex128, np.complex64):
    run_func("TestCMath.test_log_base", "log_base_usecase", tp, (tp, tp),
             list(itertools.product(more_values(), more_values())), ulps=3)

check_unary_func("TestCMath.test_log10", "log10_usecase")
check_unary_func("TestCMath.test_sqrt", "sqrt_usecase")
check_unary_func("TestCMath.test_acos", "acos_usecase", ulps=2)
check_unary_func("TestCMath.test_asin", "asin_usecase", ulps=2)
check_unary_func("TestCMath.test_atan", "atan_usecase", ulps=2, values=non_nan_values())
check_unary_func("TestCMath.test_cos", "cos_usecase", ulps=2)
check_unary_func("TestCMath.test_sin", "sin_usecase", ulps=2)
check_unary_func("TestCMath.test_tan", "tan_usecase", ulps=2)
check_unary_func("TestCMath.test_acosh", "acosh_usecase")
check_unary_func("TestCMath.test_asinh", "asinh_usecase", ulps=2)
check_unary_func("TestCMath.test_atanh", "atanh_usecase", ulps=2)
check_unary_func("TestCMath.test_cosh", "cosh_usecase", ulps=2)
check_unary_func("TestCMath.test_sinh", "sinh_usecase", ulps=2)
check_unary_func("TestCMath.test_tanh", "tanh_usecase", ulps=2)

# TestAtomicOnComplexComponents: arr = np.arange(N) + np.arange(N) * 1j
N = 32
CASES.append(Case("atomic_add_one", "TestAtomicOnComplexComponents.test_atomic_on_real",
                  "atomics", sig="void(complex128[::1])",
                  args=lambda rng: [np.arange(N) + np.arange(N) * 1j], griddim=1, blockdim=N,
                  reference=lambda a: {0: a + 1}))
CASES.append(Case("atomic_add_one_j", "TestAtomicOnComplexComponents.test_atomic_on_imag",
                  "atomics", sig="void(complex128[::1])",
                  args=lambda rng: [np.arange(N) + np.arange(N) * 1j], griddim=1, blockdim=N,
                  reference=lambda a: {0: a + 1j}))
