"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_math.py (kernels/test_math.py).

One case per template call of each test (one function, one dtype), as
TestCudaMath's templates compile and launch them:
- unary_template: A = np.linspace(start, stop, 50, dtype), B = np.empty_like(A,
  dtype=restype), kernel[1, 50](A, B); asserted with assert_allclose at
  rtol 1e-13 (float64 input), 1e-6 (float32), 1e-3 (others): the cases use
  the same rtol;
- binary_template: A = np.linspace(start, stop, 50).astype(dtype), kernel[1,
  50](A, A, B) (upstream states no tolerance: the suite's default);
- pow_template_int32: A = np.linspace(0, 25, 50), B = np.arange(50, int32),
  rtol 1e-6 as upstream;
- unary_bool_special_values: [0, denorm, tiny, 0.5, 1, max, inf, nan] and
  its negation, two launches (exact);
- test_math_modf's templates (exact, NaN where NaN).
The unary_bool_template_* helpers upstream calls are unary_template with
the input dtype as the result dtype, as upstream's helpers are written.

The reference is the simulator (Python's math on each element), which is
within upstream's tolerance of the NumPy function upstream asserts, except
where the simulator cannot run the kernel: math.trunc of other than float64
(upstream skips it on the simulator: np.trunc), float16 (np.float16 math,
upstream's assertion npfunc(A), rtol 1e-3) and math.remainder(0, 0) (NaN;
CPython raises).
"""
import numpy as np

from conformance import Case, empty

NELEM = 50
NB = {np.float16: "float16", np.float32: "float32", np.float64: "float64",
      np.int32: "int32", np.int64: "int64", np.uint64: "uint64"}

CASES = []


def _test(fn):
    return "TestCudaMath.test_" + fn


def unary(fn, npdtype, nprestype, start, stop, test=None, name=None, npfunc=None):
    """unary_template(func, npfunc, npdtype, nprestype, start, stop)."""
    if npdtype == np.float64:
        rtol = 1e-13
    elif npdtype == np.float32:
        rtol = 1e-6
    else:
        rtol = 1e-3
    reference = "sim"
    if npfunc is not None:
        reference = lambda A, B: {0: A, 1: npfunc(A).astype(nprestype)}
    CASES.append(Case(
        fn, test or _test(fn), "float16" if npdtype == np.float16 else "math",
        name=name or f"{fn}__{NB[npdtype]}",
        sig=f"void({NB[npdtype]}[::1], {NB[nprestype]}[::1])",
        args=lambda rng: [np.linspace(start, stop, NELEM, dtype=npdtype),
                          empty(NELEM, nprestype)],
        griddim=1, blockdim=NELEM, reference=reference, rtol=rtol))


def unary_float32(fn, start=0, stop=1, **kw):
    unary(fn, np.float32, np.float32, start, stop, **kw)


def unary_float64(fn, start=0, stop=1, **kw):
    unary(fn, np.float64, np.float64, start, stop, **kw)


def unary_int64(fn, start=0, stop=50, **kw):
    unary(fn, np.int64, np.float64, start, stop, **kw)


def unary_uint64(fn, start=0, stop=50, **kw):
    unary(fn, np.uint64, np.float64, start, stop, **kw)


def unary_all(fn, start=0, stop=1, istart=None, istop=None):
    """The four calls most tests make: float32, float64 and, with the integer
    templates' own defaults unless the test gives bounds, int64 and uint64."""
    unary_float32(fn, start, stop)
    unary_float64(fn, start, stop)
    unary_int64(fn, istart if istart is not None else 0, istop if istop is not None else 50)
    unary_uint64(fn, istart if istart is not None else 0, istop if istop is not None else 50)


def binary(fn, npdtype, nprestype, start, stop, test=None, name=None):
    """binary_template(func, npfunc, npdtype, nprestype, start, stop)."""
    CASES.append(Case(
        fn, test or _test(fn), "math",
        name=name or f"{fn}__{NB[npdtype]}",
        sig=f"void({NB[npdtype]}[::1], {NB[npdtype]}[::1], {NB[nprestype]}[::1])",
        args=lambda rng: [np.linspace(start, stop, NELEM).astype(npdtype),
                          np.linspace(start, stop, NELEM).astype(npdtype),
                          empty(NELEM, nprestype)],
        griddim=1, blockdim=NELEM))


def binary_float32(fn, start=0, stop=1, **kw):
    binary(fn, np.float32, np.float32, start, stop, **kw)


def binary_float64(fn, start=0, stop=1, **kw):
    binary(fn, np.float64, np.float64, start, stop, **kw)


def binary_int64(fn, start=0, stop=50, **kw):
    binary(fn, np.int64, np.float64, start, stop, **kw)


def binary_uint64(fn, start=0, stop=50, **kw):
    binary(fn, np.uint64, np.float64, start, stop, **kw)


# test_math_acos, test_math_asin: integers only with zero (start=0, stop=0).
for fn in ("math_acos", "math_asin"):
    unary_all(fn, istart=0, istop=0)
unary_all("math_atan")
for t in ("float32", "float64", "int64", "uint64"):
    globals()["unary_" + t]("math_acosh", start=1, stop=2)
unary_all("math_asinh")
for t in ("float32", "float64", "int64", "uint64"):
    globals()["unary_" + t]("math_atanh", start=0, stop=0.9)
unary_all("math_cos")

# test_math_fp16 (unary_template_float16: float16 in and out, rtol 1e-3).
for fn, npfunc, start in [("math_sin", np.sin, 0), ("math_cos", np.cos, 0),
                          ("math_exp", np.exp, 0), ("math_log", np.log, 1),
                          ("math_log2", np.log2, 1), ("math_log10", np.log10, 1),
                          ("math_fabs", np.fabs, -1), ("math_sqrt", np.sqrt, 0),
                          ("math_ceil", np.ceil, 0), ("math_floor", np.floor, 0),
                          ("math_exp2", np.exp2, 0)]:
    unary(fn, np.float16, np.float16, start, 1, test="TestCudaMath.test_math_fp16",
          npfunc=npfunc)
# test_math_fp16_trunc
unary("math_trunc", np.float16, np.float16, 0, 1, test="TestCudaMath.test_math_fp16_trunc",
      npfunc=np.trunc)

for fn in ("math_sin", "math_tan", "math_cosh", "math_sinh", "math_tanh"):
    unary_all(fn)

# test_math_atan2
binary_float32("math_atan2")
binary_float64("math_atan2")
binary_int64("math_atan2")
binary_uint64("math_atan2")

# test_math_erf, test_math_erfc (upstream's reference is a vectorized math.erf/erfc)
for fn in ("math_erf", "math_erfc", "math_exp", "math_exp2", "math_expm1"):
    unary_all(fn)

# test_math_fabs
unary_float32("math_fabs", start=-1)
unary_float64("math_fabs", start=-1)
unary_int64("math_fabs", start=-1)
unary_uint64("math_fabs", start=0)

# test_math_gamma, test_math_lgamma
for fn in ("math_gamma", "math_lgamma"):
    unary_float32(fn, start=0.1)
    unary_float64(fn, start=0.1)
    unary_int64(fn, start=1)
    unary_uint64(fn, start=1)

# test_math_log, log2, log10 (start=1)
for fn in ("math_log", "math_log2", "math_log10"):
    unary_float32(fn, start=1)
    unary_float64(fn, start=1)
    unary_int64(fn, start=1)
    unary_uint64(fn, start=1)

unary_all("math_log1p")

# test_math_remainder
binary_float32("math_remainder", start=1e-11)
binary_float64("math_remainder", start=1e-11)
binary_int64("math_remainder", start=1)
binary_uint64("math_remainder", start=1)

# test_math_remainder_0_0 (skipped on the simulator: CPython raises; asserts NaN)
CASES.append(Case("test_0_0", "TestCudaMath.test_math_remainder_0_0", "math",
                  args=lambda rng: [np.zeros(1, np.float64), 0, 0],
                  reference=lambda r, x, y: {0: np.array([np.nan])}))

# test_math_nextafter: float32 nextafter, then (as upstream writes it) the
# float64/int64/uint64 calls are of math_remainder.
binary_float32("math_nextafter", start=1e-11)
T = "TestCudaMath.test_math_nextafter"
binary_float64("math_remainder", start=1e-11, test=T, name="math_remainder__nextafter_float64")
binary_int64("math_remainder", start=1, test=T, name="math_remainder__nextafter_int64")
binary_uint64("math_remainder", start=1, test=T, name="math_remainder__nextafter_uint64")

unary_all("math_sqrt")

# test_math_hypot
binary_float32("math_hypot")
binary_float64("math_hypot")
binary_int64("math_hypot")
binary_uint64("math_hypot")

# test_math_pow
binary_float32("math_pow")
binary_float64("math_pow")
for npdtype in (np.float32, np.float64):
    # pow_template_int32: asserts np.power(A, B).astype(npdtype), rtol 1e-6
    # (float32 overflows to inf for large powers).
    CASES.append(Case(
        "math_pow", "TestCudaMath.test_math_pow", "math",
        name=f"math_pow__{NB[npdtype]}_int32",
        sig=f"void({NB[npdtype]}[::1], int32[::1], {NB[npdtype]}[::1])",
        args=lambda rng, npdtype=npdtype: [np.linspace(0, 25, NELEM).astype(npdtype),
                                           np.arange(NELEM, dtype=np.int32),
                                           empty(NELEM, npdtype)],
        griddim=1, blockdim=NELEM, rtol=1e-6))

# test_math_pow_binop
binary_float32("math_pow_binop")
binary_float64("math_pow_binop")

# test_math_ceil, test_math_floor
unary_all("math_ceil")
unary_all("math_floor")

# test_math_trunc (float64 only), test_math_trunc_non_float64 (skipped on the
# simulator: the reference is np.trunc, as upstream asserts)
unary_float64("math_trunc")
T = "TestCudaMath.test_math_trunc_non_float64"
unary_float32("math_trunc", test=T, npfunc=np.trunc)
unary_int64("math_trunc", test=T, npfunc=np.trunc)
unary_uint64("math_trunc", test=T, npfunc=np.trunc)

# test_math_copysign
binary_float32("math_copysign", start=-1)
binary_float64("math_copysign", start=-1)


# test_math_modf: modf_template_compare / modf_template_nan (zeros_like outputs).
def modf(name, values, dtype):
    ty = NB[dtype]
    CASES.append(Case(
        "math_modf", "TestCudaMath.test_math_modf", "math", name=name,
        sig=f"void({ty}[:], {ty}[:], {ty}[:])",
        args=lambda rng: [v := np.asarray(values).astype(dtype), np.zeros_like(v),
                          np.zeros_like(v)],
        griddim=1, blockdim=len(values), rtol=0.0))


for dtype in (np.float32, np.float64):
    modf(f"math_modf__{NB[dtype]}_simple", np.linspace(0, 10, NELEM), dtype)
    modf(f"math_modf__{NB[dtype]}_inf", [np.inf, -np.inf], dtype)
    modf(f"math_modf__{NB[dtype]}_nan", [np.nan], dtype)

# test_math_fmod, test_math_mod_binop
for fn in ("math_fmod", "math_mod_binop"):
    binary_float32(fn, start=1)
    binary_float64(fn, start=1)


# test_math_isnan, isinf, isfinite
def special_values(fn, npdtype):
    """unary_bool_special_values: two launches, on A and on -A."""
    fi = np.finfo(npdtype)
    denorm = fi.tiny / 4
    values = np.array([0.0, denorm, fi.tiny, 0.5, 1.0, fi.max, np.inf, np.nan], dtype=npdtype)
    for suffix, a in (("", values), ("_neg", -values)):
        CASES.append(Case(
            fn, _test(fn), "math", name=f"{fn}__special_{NB[npdtype]}{suffix}",
            sig=f"void({NB[npdtype]}[::1], int32[::1])",
            args=lambda rng, a=a: [a.copy(), empty(a.size, np.int32)],
            griddim=1, blockdim=values.size))


for fn in ("math_isnan", "math_isinf", "math_isfinite"):
    unary_float32(fn)
    unary_float64(fn)
    unary(fn, np.int32, np.int32, 0, 49)
    unary(fn, np.int64, np.int64, 0, 49)
    special_values(fn, np.float32)
    special_values(fn, np.float64)

# test_math_degrees, test_math_radians
for fn in ("math_degrees", "math_radians"):
    unary_float32(fn)
    unary_float64(fn)
