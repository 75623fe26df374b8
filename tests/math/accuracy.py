#!/usr/bin/python3
"""Accuracy test of nvc's math library.

Compiles one kernel per (function, dtype) that applies the function to every
element of its input arrays, runs it with nvc-run on the Vulkan device
(lavapipe in CI) on many random arguments per range (tiny, small, medium,
large, near special points, signed zeros, infinities, NaN), and compares
with the host's libm through NumPy in 80-bit long double (so the reference
itself is ~2^-11 ulp from the exact value), or Python's `math` where NumPy
has no such function.

Error is measured in ulps of the result type at the reference value. A
NaN/inf/zero reference must be matched exactly (zeros with their sign).
float64 fails above 2 ulp, float32 above the bound in BOUNDS_F32, and a
float32 function computed in float64 (all but sin, cos, tan) also wherever
its result is not correctly rounded (not_correctly_rounded). Prints
a per-function table of the maximum error (and the argument where it
occurs); exits 1 on any failure.

With --fastmath, instead: the float32 functions --fastmath maps to the
device's GLSL.std.450 built-ins, checked against Vulkan's precision
requirements for them (FASTMATH).

Usage: accuracy.py --nvc PATH --nvc-run PATH [--work DIR] [--seed N]
       [--n N] [--only NAME,...] [--markdown] [--fastmath]
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

LD = np.longdouble
PI_LD = LD("3.141592653589793238462643383279502884197")

# Documented float32 bounds (ulp). float32 results are float64 results
# rounded once (≤ 0.5 ulp + 2^-28); the bound is 1.5 because an error
# straddling a power of two is counted in the smaller binade's ulp.
# sin and cos on float32 are computed in float32 (docs/math.md): ≤ 1 ulp.
BOUNDS_F32 = {"sin": 1.0, "cos": 1.0}
BOUND_F32_DEFAULT = 1.5
BOUND_F64 = 2.0


def sinpi_ref(x):
    x = x.astype(np.float64)
    x = np.where(np.abs(x) >= 2.0**53, 0.0, x)  # even integers: +0
    k = np.round(2 * x)
    r = (x - k / 2).astype(LD)
    q = np.mod(k, 4)
    s, c = np.sin(PI_LD * r), np.cos(PI_LD * r)
    return np.select([q == 0, q == 1, q == 2, q == 3], [s, c, -s, -c]), q


def ref_sinpi(x):
    v, _ = sinpi_ref(x)
    return np.where(np.isfinite(x), np.where(x == 0, x, v), np.nan)


def ref_cospi(x0):
    x = x0.astype(np.float64)
    x = np.where(np.abs(x) >= 2.0**53, 0.0, x)  # larger floats are even integers
    k = np.round(2 * x)
    r = (x - k / 2).astype(LD)
    q = np.mod(np.mod(k, 4) + 1, 4)
    s, c = np.sin(PI_LD * r), np.cos(PI_LD * r)
    v = np.select([q == 0, q == 1, q == 2, q == 3], [s, c, -s, -c])
    return np.where(np.isfinite(x0), v, np.nan)


def via_math(f):
    def ref(*args):
        out = []
        for vals in zip(*[a.astype(np.float64) for a in args]):
            try:
                out.append(f(*map(float, vals)))
            except (ValueError, OverflowError):
                out.append(np.nan)
        return np.array(out, dtype=LD)
    return ref


def via_mpmath(name):
    """A reference from mpmath at 80 bits where it is installed (else the
    host's libm through Python's math)."""
    try:
        import mpmath
    except ImportError:
        return via_math(getattr(math, name))
    f = getattr(mpmath, name)

    def ref(x):
        out = []
        with mpmath.workprec(80):
            for v in x.astype(np.float64):
                v = float(v)
                if math.isnan(v) or (v == 0 and name not in ("loggamma", "gamma")):
                    out.append(LD(v) if name == "erf" else LD(1.0 if v == 0 else v))
                    continue
                if name == "loggamma":  # log|Γ(x)|; poles (0, negative integers) are +inf
                    if math.isinf(v) or (v <= 0 and v == math.floor(v)):
                        out.append(LD(np.inf))
                        continue
                    r = mpmath.re(f(mpmath.mpf(v)))
                    m, e = mpmath.frexp(r) if r != 0 else (0, 0)
                    out.append(LD(int(mpmath.ldexp(m, 64))) * LD(2) ** (int(e) - 64) if r != 0
                               else LD(0.0))
                    continue
                if name == "gamma":  # ±0: ±inf; negative integers, -inf: NaN
                    if v == 0 or math.isinf(v):
                        out.append(LD(math.copysign(np.inf, v)) if v == 0 or v > 0 else LD(np.nan))
                        continue
                    if v < 0 and v == math.floor(v):
                        out.append(LD(np.nan))
                        continue
                    if v > 172:
                        out.append(LD(np.inf))
                        continue
                    r = f(mpmath.mpf(v))
                    if abs(r) < mpmath.mpf(2) ** -1100:
                        out.append(LD(math.copysign(0.0, float(mpmath.sign(r)))))
                        continue
                    m, e = mpmath.frexp(r)
                    out.append(LD(int(mpmath.ldexp(m, 64))) * LD(2) ** (int(e) - 64))
                    continue
                if abs(v) > 30:  # erf = ±1, erfc = 0 or 2 (mpmath overflows on huge v)
                    out.append(LD(math.copysign(1.0, v)) if name == "erf" else LD(0.0 if v > 0 else 2.0))
                    continue
                r = f(mpmath.mpf(v))
                # mpmath returns mpf; keep ~64 bits through long double
                m, e = mpmath.frexp(r) if r != 0 else (0, 0)
                out.append(LD(int(mpmath.ldexp(m, 64))) * LD(2) ** (int(e) - 64) if r != 0
                           else LD(0.0))
        return np.array(out, dtype=LD)
    return ref


def fmod_ref(x, y):
    return np.fmod(x.astype(np.float64), y.astype(np.float64)).astype(LD)  # exact


# name: (python spelling in the kernel, arity, reference on long double arrays)
FUNCS = {
    "sin": ("math.sin", 1, np.sin),
    "cos": ("math.cos", 1, np.cos),
    "tan": ("math.tan", 1, np.tan),
    "exp": ("math.exp", 1, np.exp),
    "exp2": ("np.exp2", 1, np.exp2),
    "expm1": ("math.expm1", 1, np.expm1),
    "log": ("math.log", 1, np.log),
    "log2": ("math.log2", 1, np.log2),
    "log10": ("math.log10", 1, np.log10),
    "log1p": ("math.log1p", 1, np.log1p),
    "asin": ("math.asin", 1, np.arcsin),
    "acos": ("math.acos", 1, np.arccos),
    "atan": ("math.atan", 1, np.arctan),
    "sinh": ("math.sinh", 1, np.sinh),
    "cosh": ("math.cosh", 1, np.cosh),
    "tanh": ("math.tanh", 1, np.tanh),
    "asinh": ("math.asinh", 1, np.arcsinh),
    "acosh": ("math.acosh", 1, np.arccosh),
    "atanh": ("math.atanh", 1, np.arctanh),
    "cbrt": ("np.cbrt", 1, np.cbrt),
    "sqrt": ("math.sqrt", 1, np.sqrt),
    "trunc": ("np.trunc", 1, np.trunc),
    "rint": ("np.rint", 1, np.rint),
    "floor": ("np.floor", 1, np.floor),
    "degrees": ("math.degrees", 1, None),
    "sinpi": ("cuda.libdevice.sinpi", 1, ref_sinpi),
    "cospi": ("cuda.libdevice.cospi", 1, ref_cospi),
    "atan2": ("math.atan2", 2, np.arctan2),
    "hypot": ("math.hypot", 2, np.hypot),
    "fmod": ("math.fmod", 2, fmod_ref),
    "copysign": ("math.copysign", 2, np.copysign),
    "pow": ("math.pow", 2, np.power),
    "erf": ("math.erf", 1, via_mpmath("erf")),
    "erfc": ("math.erfc", 1, via_mpmath("erfc")),
    "lgamma": ("math.lgamma", 1, via_mpmath("loggamma")),
    "gamma": ("math.gamma", 1, via_mpmath("gamma")),
}
F64_ONLY = set()
F32_ONLY = set()

SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, 5e-324, -5e-324,
            2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308]


def samples(name, dtype, rng, n):
    """Random arguments by range, plus special values and points near the
    function's special points."""
    fin = np.finfo(dtype)
    big = float(fin.max)
    lmin = math.log10(float(fin.smallest_subnormal))
    parts = [
        rng.uniform(-1, 1, n),                                     # small
        rng.uniform(-10, 10, n),                                   # medium
        np.sign(rng.uniform(-1, 1, n)) * 10 ** rng.uniform(-8, 0, n),   # tiny
        np.sign(rng.uniform(-1, 1, n // 4)) * 10 ** rng.uniform(lmin, -8, n // 4),
        np.sign(rng.uniform(-1, 1, n)) * 10 ** rng.uniform(1, math.log10(big), n),  # large
        np.array(SPECIALS),
    ]
    near = {
        "sin": [k * math.pi / 2 for k in range(-40, 41)], "cos": [k * math.pi / 2 for k in range(-40, 41)],
        "tan": [k * math.pi / 4 for k in range(-40, 41)],
        "exp": [709.78, -708.39, -745.13, 88.72, -87.33, -103.97], "exp2": [1024, -1022, -1074, 128, -126, -149],
        "expm1": [709.78, -0.3466, 0.3466, 0.6931], "log": [1.0], "log2": [1.0], "log10": [1.0],
        "log1p": [-1.0, 0.0], "asin": [1.0, -1.0, 0.7071], "acos": [1.0, -1.0, 0.7071],
        "atan": [1.0, -1.0], "acosh": [1.0], "atanh": [1.0, -1.0, 0.5], "cosh": [710.47, 89.4],
        "sinh": [710.47, -710.47, 89.4, 22, 1], "tanh": [0.55, 22], "cbrt": [1.0, 8.0],
        "sinpi": [k / 2 for k in range(-20, 21)], "cospi": [k / 2 for k in range(-20, 21)],
        "erf": [0.5, -0.5, 2.5, -2.5, 0.75, 1.5, 2.25, 6.0],
        "lgamma": [0.875, 1.125, 3.125, 16.0, 1.0, 2.0, 0.5, -0.125, -0.5, -1.5, -10.5],
        "erfc": [0.5, -0.5, 2.5, -2.5, 0.75, 1.5, 2.25, 6.0, 26.5, 27.2, 10.0, 9.19, 3.9],
    }.get(name, [])
    for p in near:
        parts.append(p + p * rng.uniform(-1e-6, 1e-6, n // 20))
        parts.append(p + rng.integers(-30, 30, 60) * float(np.spacing(np.array(p, dtype)) or 0))
    if name in ("log", "log2", "log10", "acosh"):
        parts.append(10 ** rng.uniform(lmin, math.log10(float(fin.max)), n))
    if name in ("lgamma", "gamma"):
        parts.append(rng.uniform(-30, 30, n))
        parts.append(rng.uniform(0, 200, n))
    if name == "gamma":
        parts.append(rng.uniform(-190, -160, n))
    if name in ("erf", "erfc"):
        parts.append(rng.uniform(-6, 6, n))
        parts.append(rng.uniform(-28, 28, n))
    if name in ("asin", "acos", "atanh"):
        parts.append(1 - 10 ** rng.uniform(-17, -1, n))
    if name in ("sin", "cos", "tan") and dtype == np.float32:
        parts += trig_f32_samples(rng, n)
    if name in ("sin", "cos", "tan") and dtype == np.float64:
        parts += trig_f64_samples(rng, n)
    with np.errstate(over="ignore", invalid="ignore"):
        x = np.concatenate(parts).astype(dtype)
    return x


# float32 arguments in the float32 fast path's range (|x| ≤ 1e5) closest to
# a multiple of π/2 relative to their ulp, where the reduction cancels most:
# found by scanning every float32 in [π/4, 1e5] with x - k·π/2 computed in
# float64 (π/2 as a 36-bit head, so k·head is exact, and a 53-bit tail).
TRIG_F32_HARD = [
    252.89821, 505.79642, 4.712389, 52516.434, 1011.59283, 9.424778, 2023.1857, 14.137167,
    1.5707964, 2238.3848, 4046.3713, 56993.203,  # |x - k·π/2| from 2^-27.8 (252.89821)
]


def trig_f32_samples(rng, n):
    """float32 sin/cos/tan: the fast path's range, the float32 values within
    4 ulps of k·π/2 for random k up to 2^16, the hardest reductions, around
    the bound 1e5 and beyond it (the float64 Payne–Hanek fallback) up to the
    largest float32, with its hardest arguments."""
    near = (rng.integers(-63600, 63600, n) * (math.pi / 2)).astype(np.float32)
    step = rng.integers(-4, 5, n)
    for s in range(4):
        near[step > s] = np.nextafter(near[step > s], np.float32(np.inf))
        near[step < -s] = np.nextafter(near[step < -s], np.float32(-np.inf))
    hard = np.array(TRIG_F32_HARD, np.float32)
    huge = np.array(TRIG_F32_HUGE, np.float32)
    huge = np.concatenate([huge, np.nextafter(huge, np.float32(0)),
                           np.nextafter(huge, np.float32(np.inf))])
    # the 64 largest float32 values (their spacing is 2^104)
    top = (float(np.finfo(np.float32).max) - np.arange(64) * 2.0**104).astype(np.float32)
    return [rng.uniform(-1e5, 1e5, n), near.astype(np.float64), hard, -hard,
            1e5 + rng.uniform(-50, 50, n // 4), rng.uniform(-1e7, 1e7, n // 4),
            np.sign(rng.uniform(-1, 1, n)) * 10 ** rng.uniform(5, 38.5, n),  # Payne–Hanek
            huge, -huge, top, -top]


# float64 arguments nearest a nonzero multiple of π/2 in the medium-range
# reduction's range (|x| ≤ 1.6e6), with |x − k·π/2| (printed by
# scripts/minimax.py from the continued fractions of 2^(e−52)·2/π).
TRIG_F64_HARD = [
    45.553093477052,     # 2^-60.5: the closest of all doubles in [1, 2^21)
    321307.9594422229,   # 2^-54.3
    1.5707963267948966,  # 2^-53.9
    642615.9188844458,   # 2^-53.3
    46066.74387591393,   # 2^-52.7
    1285231.8377688916,  # 2^-52.3
]


# The doubles nearest a nonzero multiple of π/2 over the whole float64 range
# above the medium-range reduction (the Payne–Hanek reduction's hardest
# cases), with |x − k·π/2|, from the continued fractions of 2^e·2/π mod 1
# (scripts/payne_hanek.py; the first is the worst case of all doubles).
TRIG_F64_HUGE = [
    5.319372648326541e+255,   # 2^-60.9 (6381956970095103·2^797)
    1.0638745296653083e+256,  # 2^-59.9
    14461176.67027838,        # 2^-59.0
    3.576149729694266e+39,    # 2^-58.9
    2.1277490593306166e+256,  # 2^-58.9
    3.924293714572882e+298,   # 2^-58.8
    6.426511099577231e+173,   # 2^-58.5
    1.3930726336834465e+259,  # 2^-58.1
    9.312926614229972e+204,   # 2^-58.1
    3.8281827772588983e+59,   # 2^-58.1
    28922353.34055676,        # 2^-58.0
    1.1248520745804428e+89,   # 2^-58.0
    3.104181269033855e+307,   # 2^-57.1
]
# The float32 values nearest a nonzero multiple of π/2 above 1e5 (the
# float64 fallback), likewise from scripts/payne_hanek.py.
TRIG_F32_HUGE = [
    7.729178919452902e+28,   # 2^-29.2
    21999384576.0,           # 2^-28.9
    1.5458357838905804e+29,  # 2^-28.2
    43998769152.0,           # 2^-27.9
    3.0916715677811608e+29,  # 2^-27.2
    4.638183382783466e+25,   # 2^-27.2
    1522788990976.0,         # 2^-27.1
    8.11762663906456e+22,    # 2^-27.0
    4.3865578967101227e+33,  # 2^-26.5
    42781604.0,              # 2^-26.3
]


def trig_f64_samples(rng, n):
    """float64 sin/cos/tan: the medium-range reduction's range |x| ≤ 1.6e6, the
    doubles within 4 ulps of k·π/2 for random k up to 1.02e6, the hardest
    reductions, around the bound 1.6e6 and beyond it (the Payne–Hanek
    fallback) up to the largest double, with its hardest arguments."""
    near = rng.integers(-1018000, 1018000, n) * (math.pi / 2)
    step = rng.integers(-4, 5, n)
    for s in range(4):
        near[step > s] = np.nextafter(near[step > s], np.inf)
        near[step < -s] = np.nextafter(near[step < -s], -np.inf)
    hard = np.array(TRIG_F64_HARD)
    hard = np.concatenate([hard + np.arange(-3, 4)[:, None] * np.spacing(hard)]).ravel()
    huge = np.array(TRIG_F64_HUGE)
    huge = np.concatenate([huge + np.arange(-3, 4)[:, None] * np.spacing(huge)]).ravel()
    top = np.finfo(np.float64).max - np.arange(64) * 2.0**971  # the 64 largest doubles
    return [rng.uniform(-1.6e6, 1.6e6, n), near, hard, -hard,
            1.6e6 + rng.uniform(-50, 50, n // 4), -1.6e6 + rng.uniform(-50, 50, n // 4),
            np.array([1.6e6, -1.6e6, np.nextafter(1.6e6, np.inf)]),
            rng.uniform(-1e8, 1e8, n // 4),
            np.sign(rng.uniform(-1, 1, n)) * 10 ** rng.uniform(8, 308.25, n),  # Payne–Hanek
            2.0 ** rng.integers(26, 1024, n // 4) * rng.uniform(1, 2, n // 4),
            huge, -huge, top, -top]


def pair_samples(name, dtype, rng, n):
    x = samples(name, dtype, rng, n)
    y = samples(name, dtype, rng, n)
    m = min(len(x), len(y))
    x, y = x[:m], rng.permutation(y[:m])
    sp = np.array(SPECIALS, dtype)
    gx, gy = np.meshgrid(sp, sp)
    # a few subnormal multiples against moderate operands: atan2 and fmod
    # results that are themselves subnormal, where each extra rounding shows
    # (every multiple k·2^-1074 for k ≤ 64 against 16 operands of exponents 0…7)
    mod = 2.0 ** (np.arange(16) // 2) * rng.uniform(1, 2, 16) * np.where(np.arange(16) % 2, -1, 1)
    sub, mod = np.meshgrid(np.arange(1, 65) * float(np.finfo(dtype).smallest_subnormal), mod)
    sub, mod = sub.ravel().astype(dtype), mod.ravel().astype(dtype)
    x = np.concatenate([x, gx.ravel(), sub, mod, rng.uniform(-3, 3, n).astype(dtype)])
    y = np.concatenate([y, gy.ravel(), mod, sub, rng.uniform(-3, 3, n).astype(dtype)])
    if name == "pow":  # keep results in range: moderate exponents, some integers
        y[-n:] = np.where(rng.random(n) < 0.3, np.round(y[-n:] * 5), y[-n:] * 10)
        x[-n:] = rng.uniform(-4, 4, n)
        if dtype == np.float64:  # large and tiny results: y·log|x| up to ±745
            bx = np.exp(rng.uniform(-5, 5, n))
            by = rng.uniform(-745, 709.7, n) / np.log(bx)
            x, y = np.concatenate([x, bx]), np.concatenate([y, by])
    return x, y


def kernel_source(dtype):
    t = "float32" if dtype == np.float32 else "float64"
    lines = ["import math", "import numpy as np", "from numba import cuda", ""]
    for name, (spelling, arity, _) in FUNCS.items():
        if (dtype == np.float32 and name in F64_ONLY) or (dtype == np.float64 and name in F32_ONLY):
            continue
        if spelling.startswith("cuda.libdevice.") and dtype == np.float32:
            spelling += "f"
        args = ", ".join(f"{t}[::1]" for _ in range(arity + 1))
        params = ", ".join(["x", "y"][:arity] + ["out"])
        call = ", ".join(f"{v}[i]" for v in ["x", "y"][:arity])
        lines += [f'@cuda.jit("void({args})")', f"def k_{name}({params}):",
                  "    i = cuda.grid(1)", "    if i < out.shape[0]:",
                  f"        out[i] = {spelling}({call})", ""]
    return "\n".join(lines)


def ulp_error(got, ref, dtype):
    """Error of `got` in ulps of `dtype` at `ref` (long double); inf where a
    special value (NaN, inf, signed zero) is not matched."""
    got_ld = got.astype(LD)
    err = np.zeros(len(got), dtype=np.float64)
    refnan, gotnan = np.isnan(ref), np.isnan(got_ld)
    err[refnan != gotnan] = np.inf
    both = ~refnan & ~gotnan
    with np.errstate(over="ignore", invalid="ignore"):
        r_t = ref.astype(dtype)  # reference rounded to the result type
    spec = both & (np.isinf(ref) | np.isinf(r_t) | (ref == 0) | np.isinf(got_ld) | (got_ld == 0))
    # special results must match exactly (after rounding; zeros with sign)
    exact = (got == r_t) & (np.signbit(got) == np.signbit(r_t))
    err[spec & ~exact] = np.inf
    fin = both & ~spec
    sp = np.spacing(np.abs(r_t[fin])).astype(LD)
    # at a power of two the ulp below is half the spacing above
    lower = np.abs(got_ld[fin]) < np.abs(ref[fin])
    pow2 = np.abs(r_t[fin]) == 2.0 ** np.floor(np.log2(np.abs(r_t[fin]).astype(np.float64)))
    sp = np.where(lower & pow2, sp / 2, sp)
    sp = np.maximum(sp, LD(float(np.finfo(dtype).smallest_subnormal)))
    err[fin] = np.abs((got_ld[fin] - ref[fin]) / sp).astype(np.float64)
    return err


# float32 functions computed in float64 and rounded once: their results
# must be the reference rounded to float32 (correctly rounded) wherever the
# reference is farther than CR_MARGIN ulp from a rounding midpoint (the
# float64 value's error, documented in docs/math.md, is far below it; the
# long double reference's, ~2^-40 float32 ulp, too). sin, cos and tan are
# computed in float32 (≤ 1 ulp); fastmath and libdevice's fast_ spellings
# are not tested here.
CR_F32_EXCLUDED = {"sin", "cos", "tan"}
CR_MARGIN = 2.0 ** -10


def not_correctly_rounded(got, ref):
    """Indices where float32 `got` is not long double `ref` rounded to
    float32, among finite, nonzero references farther than CR_MARGIN ulp
    from a midpoint between two float32 values."""
    with np.errstate(over="ignore", invalid="ignore"):
        r_t = ref.astype(np.float32)
    fin = np.isfinite(ref) & np.isfinite(r_t) & (ref != 0) & (r_t != 0)
    idx = np.flatnonzero(fin)
    rt, rf = r_t[idx].astype(LD), ref[idx]
    toward = np.where(rf > rt, LD(np.inf), LD(-np.inf)).astype(np.float32)
    neighbour = np.nextafter(r_t[idx], toward).astype(LD)
    half = np.abs(neighbour - rt) / 2
    margin = np.abs(np.abs(rf - rt) - half) / (2 * half)
    checked = idx[(margin > CR_MARGIN) & (rf != rt)]
    return checked[got[checked] != r_t[checked]]


def run(args):
    rng = np.random.default_rng(args.seed)
    os.makedirs(args.work, exist_ok=True)
    rows, failed = [], []
    for dtype in (np.float64, np.float32):
        tname = "float64" if dtype == np.float64 else "float32"
        src = os.path.join(args.work, f"math_{tname}.py")
        with open(src, "w") as f:
            f.write(kernel_source(dtype))
        spv = os.path.join(args.work, f"math_{tname}.spv")
        subprocess.run([args.nvc, src, "-o", spv], check=True)
        for name, (spelling, arity, ref) in FUNCS.items():
            if args.only and name not in args.only:
                continue
            if (dtype == np.float32 and name in F64_ONLY) or (dtype == np.float64 and name in F32_ONLY):
                continue
            if arity == 1:
                xs = [samples(name, dtype, rng, args.n)]
            else:
                xs = list(pair_samples(name, dtype, rng, args.n))
            n = len(xs[0])
            cmd = [args.nvc_run, spv, "--entry", f"k_{name}", "--grid", str(n)]
            for v, a in zip("xy", xs):
                path = os.path.join(args.work, f"{name}_{tname}_{v}.npy")
                np.save(path, a)
                cmd.append(f"{v}=@{path}")
            out = os.path.join(args.work, f"{name}_{tname}_out.npy")
            np.save(out, np.full(n, np.nan, dtype))
            cmd += [f"out=@{out}", "--out", f"out={out}"]
            subprocess.run(cmd, check=True)
            got = np.load(out)
            with np.errstate(all="ignore"):
                if name == "degrees":
                    want = (xs[0] * dtype(180.0 / math.pi)).astype(LD)
                else:
                    want = ref(*[a.astype(LD) for a in xs])
            err = ulp_error(got, want, dtype)
            if name == "lgamma" and dtype == np.float64:
                # documented exclusion: x < 0 where |lgamma(x)| < 0.5 (around its zeros)
                with np.errstate(all="ignore"):
                    excl = (xs[0] < 0) & (np.abs(want) < 0.5)
                err[excl] = 0.0
                n -= int(excl.sum())
            worst = int(np.argmax(err))
            bound = BOUND_F64 if dtype == np.float64 else BOUNDS_F32.get(name, BOUND_F32_DEFAULT)
            ok = err[worst] <= bound
            if dtype == np.float32 and name not in CR_F32_EXCLUDED and name != "degrees":
                wrong = not_correctly_rounded(got, want)
                if len(wrong):
                    i = int(wrong[0])
                    print(f"{name} float32: {len(wrong)} results not correctly rounded, first at "
                          f"{', '.join(repr(float(a[i])) for a in xs)}: got {float(got[i])!r}, "
                          f"want {float(want[i].astype(np.float32))!r}")
                    ok = False
            where = ", ".join(repr(float(a[worst])) for a in xs)
            rows.append((name, tname, float(err[worst]), bound, n, where, ok,
                         float(got[worst]), float(want[worst])))
            if not ok:
                failed.append(f"{name} {tname}")
    if args.markdown:
        print("| function | type | max ulp | bound | args tested |")
        print("|---|---|---|---|---|")
        for name, t, e, bound, n, *_ in rows:
            print(f"| {name} | {t} | {e:.3f} | {bound:g} | {n} |")
    else:
        print(f"{'function':10} {'type':8} {'max ulp':>10} {'bound':>6} {'n':>7}  worst at")
        for name, t, e, bound, n, where, ok, g, w in rows:
            flag = "" if ok else f"   FAIL got {g!r} want {w!r}"
            print(f"{name:10} {t:8} {e:10.3f} {bound:6g} {n:7}  ({where}){flag}")
    print(f"seed {args.seed}: {len(rows) - len(failed)} passed, {len(failed)} failed"
          + (": " + ", ".join(failed) if failed else ""))
    return 1 if failed else 0


# --fastmath: float32 functions that become the device's GLSL.std.450 built-ins,
# with Vulkan's precision requirements for them (Vulkan spec, "Precision and
# Operation of SPIR-V Instructions") as the bounds. name: (spelling,
# argument ranges, bound kind). Every range is checked against the bound.
FASTMATH = {
    "sin": ("math.sin", "abs 2^-11 on [-pi, pi]"),
    "cos": ("math.cos", "abs 2^-11 on [-pi, pi]"),
    "tan": ("math.tan", "sin/cos: 2^-11 (|sin| + |cos|)/cos^2 + 3 ulp"),
    "exp": ("math.exp", "3 + 2|x| ulp"),
    "log": ("math.log", "3 ulp outside [0.5, 2], abs 2^-21 inside"),
    "pow": ("math.pow", "exp2(y log2 x): (3 + 2|t|) ulp + |y| ln2 err(log2 x)"),
}


def fastmath_samples(name, rng, n):
    """(x, y or None) float32 arguments inside the range where Vulkan bounds
    the built-in's error."""
    if name in ("sin", "cos", "tan"):
        x = np.concatenate([rng.uniform(-math.pi, math.pi, n), [0.0, -0.0, 1.0, -1.0]])
        if name == "tan":
            x = rng.uniform(-1.5, 1.5, n)
        return x.astype(np.float32), None
    if name == "exp":
        return rng.uniform(-87, 88, n).astype(np.float32), None
    if name == "log":
        x = np.concatenate([10 ** rng.uniform(-37, 38, n), rng.uniform(0.5, 2, n)])
        return x.astype(np.float32), None
    x = np.exp(rng.uniform(-4, 4, n))
    y = rng.uniform(-8, 8, n)
    return x.astype(np.float32), y.astype(np.float32)


def fastmath_bound(name, x, y, want):
    """Per-element allowed absolute error (long double) for the built-in."""
    ulp = np.spacing(np.abs(want.astype(np.float32))).astype(LD)
    xl = x.astype(LD)
    if name in ("sin", "cos"):
        return np.full(len(x), LD(2.0 ** -11))
    if name == "tan":
        s, c = np.sin(xl), np.cos(xl)
        return LD(2.0 ** -11) * (np.abs(s) + np.abs(c)) / (c * c) + 3 * ulp
    if name == "exp":
        return (3 + 2 * np.abs(xl)) * ulp
    if name == "log":
        inside = (xl >= 0.5) & (xl <= 2)
        return np.where(inside, LD(2.0 ** -21), 3 * ulp)
    yl = y.astype(LD)
    l2 = np.log2(xl)
    t = yl * l2
    err_log2 = np.maximum(LD(2.0 ** -21), 3 * np.spacing(np.abs(l2.astype(np.float32))).astype(LD))
    return ((3 + 2 * np.abs(t)) * LD(2.0 ** -23) + np.abs(yl) * err_log2 * LD(math.log(2))) * np.abs(want)


def run_fastmath(args):
    """Compiles the float32 kernels with --fastmath and checks the built-ins'
    error against Vulkan's bounds; prints max absolute/relative errors."""
    rng = np.random.default_rng(args.seed)
    os.makedirs(args.work, exist_ok=True)
    src = os.path.join(args.work, "fastmath_float32.py")
    lines = ["import math", "from numba import cuda", ""]
    for name, (spelling, _) in FASTMATH.items():
        arity = 2 if name == "pow" else 1
        params = ", ".join(["x", "y"][:arity] + ["out"])
        call = ", ".join(f"{v}[i]" for v in ["x", "y"][:arity])
        sig = ", ".join(["float32[::1]"] * (arity + 1))
        lines += [f'@cuda.jit("void({sig})")', f"def k_{name}({params}):",
                  "    i = cuda.grid(1)", "    if i < out.shape[0]:",
                  f"        out[i] = {spelling}({call})", ""]
    with open(src, "w") as f:
        f.write("\n".join(lines))
    spv = os.path.join(args.work, "fastmath_float32.spv")
    subprocess.run([args.nvc, src, "--fastmath", "-o", spv], check=True)
    failed = []
    print(f"{'function':8} {'max abs err':>12} {'max rel err':>12} {'max err/bound':>14}  bound")
    for name, (spelling, bound_text) in FASTMATH.items():
        if args.only and name not in args.only:
            continue
        x, y = fastmath_samples(name, rng, args.n)
        cmd = [args.nvc_run, spv, "--entry", f"k_{name}", "--grid", str(len(x))]
        for v, a in (("x", x), ("y", y)):
            if a is None:
                continue
            path = os.path.join(args.work, f"fm_{name}_{v}.npy")
            np.save(path, a)
            cmd.append(f"{v}=@{path}")
        out = os.path.join(args.work, f"fm_{name}_out.npy")
        np.save(out, np.full(len(x), np.nan, np.float32))
        cmd += [f"out=@{out}", "--out", f"out={out}"]
        subprocess.run(cmd, check=True)
        got = np.load(out).astype(LD)
        ref = FUNCS[name][2]
        want = ref(x.astype(LD)) if y is None else ref(x.astype(LD), y.astype(LD))
        err = np.abs(got - want)
        err = np.where(np.isnan(err), LD(np.inf), err)
        rel = err / np.maximum(np.abs(want), LD(1e-30))
        ratio = err / fastmath_bound(name, x, y, want)
        worst = float(np.max(ratio))
        ok = worst <= 1.0
        if not ok:
            failed.append(name)
        print(f"{name:8} {float(np.max(err)):12.3e} {float(np.max(rel)):12.3e} {worst:14.3f}  "
              f"{bound_text}" + ("" if ok else "   FAIL"))
    # Outside [-π, π] Vulkan sets no bound for sin/cos; report the error there
    # (the e2e imaging test's tolerance uses it).
    for name in ("sin", "cos"):
        if args.only and name not in args.only:
            continue
        for lim in (200.0, 1e4):
            x = rng.uniform(-lim, lim, args.n).astype(np.float32)
            path = os.path.join(args.work, f"fm_{name}_wide_x.npy")
            out = os.path.join(args.work, f"fm_{name}_wide_out.npy")
            np.save(path, x)
            np.save(out, np.full(len(x), np.nan, np.float32))
            subprocess.run([args.nvc_run, spv, "--entry", f"k_{name}", "--grid", str(len(x)),
                            f"x=@{path}", f"out=@{out}", "--out", f"out={out}"], check=True)
            err = np.abs(np.load(out).astype(LD) - FUNCS[name][2](x.astype(LD)))
            print(f"{name:8} {float(np.max(err)):12.3e}  (|x| <= {lim:g}, no Vulkan bound)")
    print(f"fastmath seed {args.seed}: {len(FASTMATH) - len(failed)} passed, {len(failed)} failed"
          + (": " + ", ".join(failed) if failed else ""))
    return 1 if failed else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nvc", required=True)
    p.add_argument("--nvc-run", required=True)
    p.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "nvc-math-work"),
                   help="where the kernels and arrays go (default: under the temporary directory)")
    p.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    p.add_argument("--n", type=int, default=4000)
    p.add_argument("--only", type=lambda s: s.split(","))
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--fastmath", action="store_true",
                   help="check the float32 built-ins --fastmath selects against Vulkan's bounds")
    a = p.parse_args()
    sys.exit(run_fastmath(a) if a.fastmath else run(a))


if __name__ == "__main__":
    main()
