"""Reference values and comparisons for the cmath special-value e2e case
(kernels/cmath_special.py, registered in test_examples.py).

The reference is CPython's cmath (complex128). At arguments whose parts
are both finite and nonzero (no branch cut, no special value) a finite
nonzero result part may instead be within the bound of the correctly
rounded value (mpmath): CPython's own error reaches 5 ulp there (tan's real
part near |z| = 1.4, where its formula cancels) and 10 ulp (log's real part
near |z| = 1, which nvc computes as CPython does), so nvc's result is
accepted near either. Where CPython raises
ValueError or OverflowError instead of returning a value (C99 Annex G's
invalid/divide-by-zero/overflow cases, e.g. cmath.exp(1 + inf j),
cmath.log(0), cmath.exp(1e300)), it is glibc's C99 function of the same
name (called through ctypes), whose values agree with CPython everywhere
CPython returns one; for cmath.rect, which C99 lacks, the value CPython's
special-value table holds. complex64 results are compared with that
reference on the float32-rounded inputs.

Rules: a result part whose reference part is ±0, ±inf or NaN, or whose
argument has an infinite or NaN part (complex64: except log10 and log(z,
base), whose values there are table constants divided in float32), must be
identical (sign of zero and
NaN-ness included); other parts must be within ULPS units in the last place
(of the result's type) of the float64 reference, or within the smallest
normal number of it (a GPU may flush subnormal results); for cmath.log(z,
base), a quotient whose smaller part may cancel, ulps of the larger part.
complex64 on a module that may flush float32 subnormals: a part at finite
arguments within 4 smallest normals of the reference, either sign
(Mismatches.flush_slack).
"""
import cmath
import ctypes
import functools
import math
import warnings

import mpmath
import numpy as np

UNARY = ["exp", "log", "log10", "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh",
         "cosh", "tanh", "asinh", "acosh", "atanh", "np.exp", "rect"]
REALS = ["abs", "phase", "polar[0]", "polar[1]"]
FLAGS = ["isnan", "isinf", "isfinite"]
# f(z) = -i g(i z) (cos z = cosh(i z)), as CPython computes them.
VIA_IZ = {"sin": "sinh", "cos": "cosh", "tan": "tanh", "asin": "asinh", "atan": "atanh"}

# Largest error (ulps of the result type) accepted for finite results,
# per dtype; docs/math.md gives the measured maxima.
ULPS = {np.complex128: 8, np.complex64: 8}
DIVISION_ULPS = 1


class _Complex(ctypes.Structure):
    # double complex is passed and returned as two doubles (x86-64 SysV),
    # the same as this struct.
    _fields_ = [("re", ctypes.c_double), ("im", ctypes.c_double)]


_libm = ctypes.CDLL("libm.so.6")


def c99(name, z):
    """glibc's c<name>(z) (cexp, clog, clog10, csqrt, csin, ...)."""
    fn = getattr(_libm, "c" + name)
    fn.restype, fn.argtypes = _Complex, [_Complex]
    r = fn(_Complex(z.real, z.imag))
    return complex(r.re, r.im)


def rect_reference(r, phi):
    try:
        return cmath.rect(r, phi)
    except ValueError:
        # CPython raises for r nonzero and not NaN with phi infinite; its
        # table holds inf + nan j for infinite r, nan + nan j otherwise.
        return complex(math.inf if math.isinf(r) else math.nan, math.nan)


def accurate_parts(name, z, value):
    """`value` (CPython's `name`(z)) with each finite nonzero part replaced
    by mpmath's correctly rounded one, where both parts of z are finite and
    nonzero (off the axes, so off every branch cut); otherwise `value`."""
    name = cmath_name(name)
    if name == "rect" or not all(math.isfinite(p) and p != 0 for p in (z.real, z.imag)):
        return value
    # mpmath's formulas cancel too (asin of 1e-310 + 1e-310j is 1 + z² …,
    # atan's imaginary part at 1e120 + 1e-46j): enough bits for both parts'
    # exponents side by side, twice.
    scale = sum(abs(math.frexp(p)[1]) for p in (z.real, z.imag))
    with mpmath.workprec(160 + 2 * scale):
        exact = getattr(mpmath, name)(mpmath.mpc(z.real, z.imag))
    parts = []
    for cpython, precise in ((value.real, exact.real), (value.imag, exact.imag)):
        ok = math.isfinite(cpython) and cpython != 0
        parts.append(float(precise) if ok else cpython)
    return complex(*parts)


def cmath_name(name):
    """The cmath (and mpmath) function a UNARY entry is: np.exp is exp."""
    return "exp" if name == "np.exp" else name


def unary_reference(name, z):
    if name == "rect":
        return rect_reference(z.real, z.imag)
    name = cmath_name(name)
    try:
        return getattr(cmath, name)(z)
    except (ValueError, OverflowError):
        if name in VIA_IZ:
            # CPython defines these through the hyperbolic function of i z;
            # the same identity on C99's value keeps the signs C99 leaves
            # unspecified (csin(inf + inf j)) consistent with CPython.
            h = unary_reference(VIA_IZ[name], complex(-z.imag, z.real))
            return h if name == "cos" else complex(h.imag, -h.real)
        return c99(name, z)


def real_references(z):
    try:
        r = math.hypot(z.real, z.imag)
    except OverflowError:
        r = math.inf
    phi = math.atan2(z.imag, z.real)
    return [r, phi, r, phi]


def flag_references(z):
    return [cmath.isnan(z), cmath.isinf(z), cmath.isfinite(z)]


def flushed(v, part):
    """v with a subnormal of `part` replaced by a zero of its sign, as a
    device that flushes subnormals gives it."""
    tiny = np.finfo(part).tiny
    return part(math.copysign(0.0, v)) if abs(v) < tiny else part(v)


def division_reference(a, b, part, flush=False):
    """a / b with numba-cuda's formula (CPython's _Py_c_quot) in `part`
    (np.float32 or np.float64) arithmetic; a zero divisor gives NumPy's
    (a.re / |b.re|, a.im / |b.im|). With `flush`, as a device without
    DenormPreserve computes it (NVIDIA's for float32): every operand
    subnormal and every sum's and product's subnormal result is flushed to
    zero, while a quotient keeps a subnormal result (nvc computes float32
    division in float64 and rounds once, and the driver keeps the subnormal
    of that conversion; measured on the H200: (1+3e38j) / (1+3e38j) has the
    imaginary part -3.3e-39, (-2.3e-27+1.6e31j) / (-3.9e-26+1.9e14j) 1.2e-41,
    where the subnormal ratio is flushed in the product that uses it)."""
    f = (lambda v: flushed(v, part)) if flush else part
    ar, ai, br, bi = (f(v) for v in (a.real, a.imag, b.real, b.imag))

    def mul(x, y):
        return f(f(x) * f(y))

    def add(x, y):
        return f(f(x) + f(y))

    def div(x, y):
        return part(f(x) / f(y))
    with np.errstate(all="ignore"):
        if br == 0 and bi == 0:
            return div(ar, abs(br)), div(ai, abs(bi))
        if abs(br) >= abs(bi):
            ratio = div(bi, br)
            denom = add(br, mul(bi, ratio))
            return div(add(ar, mul(ai, ratio)), denom), div(add(ai, -mul(ar, ratio)), denom)
        ratio = div(br, bi)
        denom = add(mul(br, ratio), bi)
        return div(add(mul(ar, ratio), ai), denom), div(add(mul(ai, ratio), -ar), denom)


def same_value(got, want, rtol=0.0):
    """Equal with the sign of zero, both NaN, or finite within `rtol`."""
    got, want = float(got), float(want)
    if math.isnan(got) or math.isnan(want):
        return math.isnan(got) and math.isnan(want)
    if got == want:
        return math.copysign(1.0, got) == math.copysign(1.0, want)
    return math.isfinite(want) and abs(got - want) <= rtol * abs(want)


def log_base_reference(a, b):
    la, lb = unary_reference("log", a), unary_reference("log", b)
    re, im = division_reference(la, lb, np.float64)
    return complex(re, im)


def values(part):
    """The special-value grid of one part type: zeros, tiny, ±1, ordinary,
    huge, infinities and NaN."""
    # `edge`: where exp/cosh/sinh overflow though their products with
    # cos/sin need not (CPython's guard for float64, float64 products for
    # float32).
    if part == np.float64:
        tiny, edge, huge = [1e-310, -4e-320, 1e-20], [710.0], [1e300, -1e300, 1.5e308]
    else:
        tiny, edge, huge = [1e-20, -3e-30], [95.0], [1e30, -1e30, 3e38]
    return [0.0, -0.0, *tiny, 1.0, -1.0, 0.5, 2.5, -2.5, *edge, *huge, math.inf, -math.inf,
            math.nan]


def grid(part):
    v = values(part)
    return np.array([complex(a, b) for a in v for b in v])


def random_values(rng, n, part):
    """Ordinary values, values of every magnitude, and values near the
    branch points ±1, ±i."""
    top = 300 if part == np.float64 else 35
    k = n // 3
    ordinary = (rng.uniform(-4, 4, k) + 1j * rng.uniform(-4, 4, k))
    mag = 10.0 ** rng.uniform(-top, top, (2, k)) * rng.choice([-1, 1], (2, k))
    wide = mag[0] + 1j * mag[1]
    m = n - 2 * k
    near = rng.choice([1, -1, 1j, -1j], m) + (rng.standard_normal(m) + 1j * rng.standard_normal(m)) * 10.0 ** rng.uniform(-12, -1, m)
    return np.concatenate([ordinary, wide, near])


def ulp_error(got, want, part, scale=0.0):
    """|got - want| in units in the last place of max(|want|, scale) in
    `part`."""
    w = part(max(abs(want), scale))
    spacing = float(np.spacing(w)) if np.isfinite(w) else float(np.spacing(np.finfo(part).max))
    return abs(float(got) - float(want)) / spacing


class Mismatches:
    """Collects failures and the largest finite error per function."""

    def __init__(self, part, flushes=False):
        self.part = part
        self.bad = []
        self.worst = {}
        # A device that flushes float32 subnormals (no DenormPreserve 32:
        # NVIDIA's driver) flushes some operations' subnormal results and
        # not others' (a float32 quotient rounded from float64 keeps its
        # subnormal), so a complex64 part whose formula passes through the
        # subnormal range is off by up to a few of the smallest normal
        # number, with either sign (acos(2.8e14 + 4e-24j).real is 1.47e-38
        # exactly, 0.0 flushed): accepted within 4 of them.
        self.flush_slack = 4 * float(np.finfo(part).tiny) if flushes and part == np.float32 else 0.0

    def part_matches(self, label, z, got, want, exact, ulps, scale=0.0, alt=None):
        """One part: `label` names the function (for the error report), `z`
        the arguments (for the failure message); `alt()`, if given, a second
        value a finite inexact result may be within `ulps` of instead
        (computed only when `want` does not match)."""
        got = float(got)
        tiny = float(np.finfo(self.part).tiny)
        w_rounded = float(self.part(want)) if math.isfinite(want) else want
        if self.flush_slack and not exact and math.isfinite(want) and math.isfinite(got) and \
                abs(got - want) <= self.flush_slack:
            return
        if math.isnan(want):
            ok = math.isnan(got)
        elif exact or math.isinf(w_rounded) or (w_rounded == 0 and scale == 0):
            ok = got == w_rounded and math.copysign(1, got) == math.copysign(1, w_rounded)
        else:
            err = ulp_error(got, want, self.part, scale) if math.isfinite(got) else math.inf
            ok = err <= ulps or abs(got - want) <= tiny
            if not ok and alt is not None and math.isfinite(got):
                second = alt()
                if math.isfinite(second):
                    err = ulp_error(got, second, self.part, scale)
                    ok = err <= ulps
            if ok and abs(got - want) > tiny:
                self.worst[label] = max(self.worst.get(label, 0), err)
        if not ok:
            self.bad.append(f"{label} of {z!r}: got {got!r}, want {want!r}")

    def complex_matches(self, label, z, got, want, ulps, exact=None, normwise=False, alt=None):
        """Both parts; `normwise` measures errors in ulps of the larger
        part's magnitude (for a quotient, whose small part may cancel, even
        to a zero of either sign); `alt()`, a second acceptable value (see
        part_matches)."""
        if exact is None:
            # complex64: log10's values derived from a table constant (π/2 /
            # ln 10) are rounded twice in float32; they get the ulp bound.
            exact = (not (math.isfinite(z.real) and math.isfinite(z.imag)) and
                     (self.part == np.float64 or label != "log10"))
        scale = max(abs(want.real), abs(want.imag)) if normwise else 0.0
        scale = scale if math.isfinite(scale) else 0.0
        self.part_matches(label + ".real", z, got.real, want.real, exact, ulps, scale,
                          None if alt is None else (lambda: alt().real))
        self.part_matches(label + ".imag", z, got.imag, want.imag, exact, ulps, scale,
                          None if alt is None else (lambda: alt().imag))

    def check(self):
        if self.bad:
            # How many per function part, then the first few of each.
            by_label = {}
            for line in self.bad:
                by_label.setdefault(line.split(" of ", 1)[0], []).append(line)
            counts = ", ".join(f"{k}: {len(v)}" for k, v in by_label.items())
            examples = [line for lines in by_label.values() for line in lines[:2]]
            raise AssertionError(f"{len(self.bad)} mismatches ({counts}), e.g.\n  " +
                                 "\n  ".join(examples[:40]))


def check_unary(z, out, reals, flags, ctype, flushes=False):
    """Checks the unary kernel's outputs for arguments `z` (already of
    dtype `ctype`); `flushes`: the module that ran may flush float32
    subnormals (Mismatches). Returns the largest finite error per function."""
    part = np.float32 if ctype == np.complex64 else np.float64
    m = Mismatches(part, flushes)
    ulps = ULPS[ctype]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for i, w in enumerate(z):
            w = complex(w)
            for j, name in enumerate(UNARY):
                want = unary_reference(name, w)
                alt = None
                if part == np.float64:
                    alt = functools.lru_cache(None)(functools.partial(accurate_parts, name, w, want))
                m.complex_matches(name, w, complex(out[i, j]), want, ulps, alt=alt)
            exact = not (math.isfinite(w.real) and math.isfinite(w.imag))
            for j, (name, want) in enumerate(zip(REALS, real_references(w))):
                m.part_matches(name, w, reals[i, j], want, exact, ulps)
            for j, (name, want) in enumerate(zip(FLAGS, flag_references(w))):
                if bool(flags[i, j]) != want:
                    m.bad.append(f"{name}({w!r}): got {flags[i, j]}, want {want}")
    m.check()
    return m.worst


def check_binary(a, b, out, ctype, flushes=False):
    """Checks a / b (identical to the formula's value in the part type, to
    DIVISION_ULPS on finite parts) and cmath.log(a, b). With `flushes` (the
    module that ran may flush float32 subnormals: no DenormPreserve 32),
    complex64 results that match the formula computed with flushed
    subnormals are accepted too (docs/language.md, "Subnormals")."""
    part = np.float32 if ctype == np.complex64 else np.float64
    m = Mismatches(part, flushes)
    flushes = flushes and part == np.float32
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for i, (x, y) in enumerate(zip(a, b)):
            x, y = complex(x), complex(y)
            re_flushed = im_flushed = log_flushed = False
            if flushes:
                # Each part on its own: the device flushes the subnormal
                # results of some operations and not of others (NVIDIA keeps
                # the subnormal a float32 division rounded from float64
                # gives), so one part may follow the flushed formula and the
                # other the exact one.
                fre, fim = division_reference(x, y, part, flush=True)
                la, lb = (unary_reference("log", v) for v in (x, y))
                lre, lim = division_reference(
                    complex(flushed(la.real, part), flushed(la.imag, part)),
                    complex(flushed(lb.real, part), flushed(lb.imag, part)), part, flush=True)
                got_d, got_l = complex(out[i, 0]), complex(out[i, 1])
                re_flushed = same_value(got_d.real, fre, 2e-7)
                im_flushed = same_value(got_d.imag, fim, 2e-7)
                log_flushed = (same_value(got_l.real, lre, 1e-5) and
                               same_value(got_l.imag, lim, 1e-5))
            re, im = division_reference(x, y, part)
            if not re_flushed:
                m.part_matches("division.real", (x, y), out[i, 0].real, float(re), False,
                               DIVISION_ULPS)
            if not im_flushed:
                m.part_matches("division.imag", (x, y), out[i, 0].imag, float(im), False,
                               DIVISION_ULPS)
            if part == np.float64 and not (y.real == 0 and y.imag == 0):
                assert complex(re, im) == x / y or math.isnan(re) or math.isnan(im), \
                    "the division reference differs from CPython's complex division"
            exact = (not all(math.isfinite(v) for v in (x.real, x.imag, y.real, y.imag)) and
                     part == np.float64)
            if not log_flushed:
                m.complex_matches("log(z, base)", (x, y), complex(out[i, 1]),
                                  log_base_reference(x, y), ULPS[ctype], exact, normwise=True)
    m.check()
    return m.worst
