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
float64 fails above 2 ulp, float32 above the bound in BOUNDS_F32. Prints
a per-function table of the maximum error (and the argument where it
occurs); exits 1 on any failure.

Usage: accuracy.py --nvc PATH --nvc-run PATH [--work DIR] [--seed N]
       [--n N] [--only NAME,...] [--markdown]
"""
import argparse
import math
import os
import subprocess
import sys
import time

import numpy as np

LD = np.longdouble
PI_LD = LD("3.141592653589793238462643383279502884197")

# Documented float32 bounds (ulp). float32 results are float64 results
# rounded once (≤ 0.5 ulp + 2^-28); the bound is 1.5 because an error
# straddling a power of two is counted in the smaller binade's ulp.
BOUNDS_F32 = {}
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
    big = 1e8 if name in ("sin", "cos", "tan") else float(fin.max)
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
    with np.errstate(over="ignore", invalid="ignore"):
        x = np.concatenate(parts).astype(dtype)
    if name in ("sin", "cos", "tan"):  # the documented range of the reduction
        x = x[~(np.abs(x) > 1e8)]
    return x


def pair_samples(name, dtype, rng, n):
    x = samples(name, dtype, rng, n)
    y = samples(name, dtype, rng, n)
    m = min(len(x), len(y))
    x, y = x[:m], rng.permutation(y[:m])
    sp = np.array(SPECIALS, dtype)
    gx, gy = np.meshgrid(sp, sp)
    x = np.concatenate([x, gx.ravel(), rng.uniform(-3, 3, n).astype(dtype)])
    y = np.concatenate([y, gy.ravel(), rng.uniform(-3, 3, n).astype(dtype)])
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


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nvc", required=True)
    p.add_argument("--nvc-run", required=True)
    p.add_argument("--work", default="math-work")
    p.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    p.add_argument("--n", type=int, default=4000)
    p.add_argument("--only", type=lambda s: s.split(","))
    p.add_argument("--markdown", action="store_true")
    sys.exit(run(p.parse_args()))


if __name__ == "__main__":
    main()
