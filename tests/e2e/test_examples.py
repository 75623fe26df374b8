#!/usr/bin/python3
"""End-to-end tests: compile every example kernel with nvc, run it with
nvc-run on the Vulkan device (lavapipe in CI) on fresh random inputs, and
compare with NumPy.

Every case draws new random inputs (seeded from the clock, printed so a
failure can be replayed with --seed), poisons its outputs with NaN (or a
sentinel integer) before the run so unwritten elements are caught, and checks
every emitted module with spirv-val. float64 results must match NumPy to
1 ulp (the kernels do the same operations in the same order, and nvc
forbids contraction into FMAs); float32 to the tolerance stated per case.

--opt FLAG (e.g. -O0) compiles every case at that optimisation level too:
the results must be the same as at the default level (docs/optimisation.md).

Differential testing: every case runs under each backend given with
--backend (default: both): nvc's default MLIR backend and the LLVM backend
(--backend=llvm, LLVM's SPIR-V target). Both must match the reference.
Where the LLVM backend cannot yet express a case, LLVM_EXPECTED_FAILURES
says so with the reason; such a case must still fail (XFAIL), and one that
starts passing is reported as XPASS and fails the run, so that the table is
kept exact.

Usage: test_examples.py --nvc PATH --nvc-run PATH [--seed N] [--work DIR] [--opt FLAG]
                        [--backend mlir|llvm ...]
       test_examples.py --precompiled --nvc-run PATH --work DIR   (modules from an
       earlier run in DIR: how the suite runs on a GPU machine without nvc)
Prints one line per case and backend and a closing 'N passed, N failed'
line; exits 1 on any failure or unexpected pass.
"""
import argparse
import hashlib
import io
import itertools
import cmath
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

import warnings

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
KERNELS = os.path.join(ROOT, "tests", "e2e", "kernels")


def validate_manifest(path):
    """Checks a manifest nvc wrote against docs/manifest.schema.json."""
    import json
    import jsonschema
    with open(os.path.join(ROOT, "docs", "manifest.schema.json")) as f:
        schema = json.load(f)
    with open(path) as f:
        jsonschema.validate(json.load(f), schema)


def spirv_val_env(manifest_path):
    """spirv-val's --target-env for a module: its manifest's target_env (nvc
    --target-env; Debian's spirv-val 2023.1 predates vulkan1.4, whose modules
    nvc validates by 1.3's rules)."""
    with open(manifest_path) as f:
        env = json.load(f)["target_env"]
    return "vulkan1.3" if env == "vulkan1.4" else env


class Runner:
    def __init__(self, nvc, nvc_run, work, rng, opt_flags=(), precompiled=False, backend="mlir"):
        self.nvc, self.nvc_run, self.work, self.rng = nvc, nvc_run, work, rng
        self.opt_flags = tuple(opt_flags)   # added to every compile (--opt)
        self.precompiled = precompiled      # use the modules an earlier run left in work
        self.backend = backend
        self.compiled = {}

    def compile(self, example, flags=()):
        flags = tuple(flags) + self.opt_flags
        key = (example, tuple(flags))
        if key not in self.compiled:
            suffix = "".join(flags)
            # Long flags (a --sig) by their hash: the variant files add up to
            # 60 characters to the name, and names stop at 255 bytes.
            if len(suffix) > 64:
                suffix = "-" + hashlib.sha1(suffix.encode()).hexdigest()[:12]
            out = os.path.join(self.work, self.backend + "_" + os.path.splitext(example.replace("/", "_"))[0] + suffix + ".spv")
            if self.precompiled:
                if not os.path.exists(out):
                    raise AssertionError(f"{out} was not compiled: run the suite with nvc and "
                                         f"--work {self.work} first")
                self.compiled[key] = out
                return out
            src = os.path.join(EXAMPLES, example)
            if not os.path.exists(src):
                src = os.path.join(KERNELS, example)
            # --verify-each: MLIR's verifier after every pass (off by default).
            subprocess.run([self.nvc, src, "-o", out, "-I", os.path.join(KERNELS, "lib"),
                            "--backend", self.backend, "--verify-each", *flags], check=True)
            manifest = os.path.splitext(out)[0] + ".json"
            # The module and every variant: nvc validates whole only the modules
            # no other one extends (compiler/ModuleValidation.h); this checks them all.
            with open(manifest) as f:
                variants = [v["name"] for v in json.load(f).get("variants", [])]
            for module in [out] + [os.path.splitext(out)[0] + "." + v + ".spv" for v in variants]:
                subprocess.run(["spirv-val", "--target-env", spirv_val_env(manifest), module],
                               check=True)
            validate_manifest(manifest)
            self.compiled[key] = out
        return self.compiled[key]

    def run(self, example, entry, grid, arrays, scalars=(), outputs=(), local_size=None,
            flags=(), groups=None, env=None, shared_bytes=None):
        """Runs `entry` over `grid` invocations (or `groups` workgroups);
        returns {name: array} for `outputs`. `env` adds environment
        variables (NVC_NO_VARIANTS=1: the main module even where the device
        could run a variant); `shared_bytes` is the launch's dynamic shared
        memory (nvc-run --shared-bytes)."""
        results, report = self.run_reporting(example, entry, grid, arrays, scalars, outputs,
                                             local_size, flags, groups, env, shared_bytes)
        if report.returncode != 0:
            raise AssertionError(f"nvc-run exited {report.returncode}: {report.stderr.strip()}")
        return results

    def call(self, example, mode, name, operands, outputs=(), flags=()):
        """Calls ufunc `name` of `example` through nvc-run (`mode`: --ufunc or
        --reduce) with `operands` (name -> array, or a scalar passed as its
        text); returns {name: array} for `outputs` (a reduction's result is
        "out")."""
        spv = self.compile(example, flags)
        cmd = [self.nvc_run, spv, mode, name]
        for op, value in operands.items():
            if isinstance(value, np.ndarray):
                path = os.path.join(self.work, f"{self.backend}_{name}_{op}_in.npy")
                np.save(path, value)
                cmd.append(f"{op}=@{path}")
            else:
                cmd.append(f"{op}={value}")
        results = {}
        for op in outputs:
            results[op] = os.path.join(self.work, f"{self.backend}_{name}_{op}_out.npy")
            cmd += ["--out", f"{op}={results[op]}"]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            raise AssertionError(f"{' '.join(cmd[2:4])} exited {p.returncode}: "
                                 f"{p.stderr.strip()}")
        return {op: np.load(path) for op, path in results.items()}

    def call_fails(self, example, mode, name, operands, text, flags=()):
        """Asserts that the call is refused with an error containing `text`."""
        try:
            self.call(example, mode, name, operands, flags=flags)
        except AssertionError as e:
            assert text in str(e), f"expected an error with {text!r}: {e}"
            return
        raise AssertionError(f"{mode} {name} succeeded; expected an error with {text!r}")

    def run_reporting(self, example, entry, grid, arrays, scalars=(), outputs=(),
                      local_size=None, flags=(), groups=None, env=None, shared_bytes=None,
                      run_flags=()):
        """As run(), for kernels that raise or print: returns ({name: array},
        report), report having `returncode`, `stderr` and `printed` (the
        lines the kernel printed: stdout without nvc-run -v's lines).
        `run_flags` go to nvc-run (--print-words N)."""
        spv = self.compile(example, flags)
        cmd = [self.nvc_run, spv, "--entry", entry, *run_flags]
        if shared_bytes is not None:
            cmd += ["--shared-bytes", str(shared_bytes)]
        if groups:
            cmd += ["--groups", ",".join(map(str, groups))]
        else:
            cmd += ["--grid", ",".join(map(str, grid))]
        if local_size:
            cmd += ["--local-size", ",".join(map(str, local_size))]
        for name, value in scalars:
            # (a string is nvc-run's own form, e.g. xoroshiro128p:N:SEED)
            cmd.append(f"{name}={value}" if isinstance(value, str) else f"{name}={value!r}")
        for name, array in arrays.items():
            path = os.path.join(self.work, f"{self.backend}_{entry}_{name}_in.npy")
            np.save(path, array)
            cmd.append(f"{name}=@{path}")
        results = {}
        for name in outputs:
            results[name] = os.path.join(self.work, f"{self.backend}_{entry}_{name}_out.npy")
            cmd += ["--out", f"{name}={results[name]}"]
        p = subprocess.run(cmd + ["-v"], env={**os.environ, **(env or {})},
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode not in (0, 1):
            raise AssertionError(f"nvc-run exited {p.returncode}: {p.stderr.strip()}")
        # nvc-run -v names the module it loaded (a variant, or the main one).
        self.last_module = next((l.split(": ", 1)[1] for l in p.stdout.splitlines()
                                 if l.startswith("module: ")), None)
        self.last_device = next((l.split(": ", 1)[1] for l in p.stdout.splitlines()
                                 if l.startswith("device: ")), "")
        # ... and for each variant of the module whether the device can run it.
        self.last_variants = {l.split(" ", 1)[1].split(": ", 1)[0]:
                              l.endswith(": the device can run it")
                              for l in p.stdout.splitlines() if l.startswith("variant ")}
        verbose = ("device: ", "module: ", "variant ", "entry point: ", "workgroups (groups): ",
                   "workgroup size (local size): ", "dynamic shared memory: ", "pipeline cache: ",
                   "wrote ")
        p.printed = [l for l in p.stdout.splitlines() if not l.startswith(verbose)]
        outputs_written = p.returncode == 0 or all(os.path.exists(path)
                                                   for path in results.values())
        if not outputs_written:
            raise AssertionError(f"nvc-run exited {p.returncode} without its outputs: "
                                 f"{p.stderr.strip()}")
        return {name: np.load(path) for name, path in results.items()}, p

    def may_flush_float32_subnormals(self):
        """Whether the module of the last run leaves float32 subnormals to the
        device (no DenormPreserve 32), which may flush them (NVIDIA's does)."""
        return "denorm-preserve" not in os.path.basename(self.last_module)

    def assert_first_runnable_variant(self, source, flags=()):
        """The last run loaded the first variant of the manifest that the
        device can run (nvc-run -v lists them in the manifest's order of
        preference), or the main module when it can run none."""
        first = next((name for name, runnable in self.last_variants.items() if runnable), None)
        if first is None:
            want = os.path.basename(self.compile(source, flags))
        else:
            want = f".{first}.spv"
        assert self.last_module.endswith(want), (self.last_module, self.last_variants)


def poisoned(shape, dtype):
    a = np.empty(shape, dtype=dtype)
    a.fill(np.nan if np.issubdtype(dtype, np.floating) else 0x5A5A)
    return a


# Sums of random values compared with NumPy's: NumPy adds pairwise, kernels
# in order, so the two differ by a few ulp of the magnitudes summed (at most
# n * 2**-53 * sum|x| for n terms), not of a sum that may nearly cancel. Used
# as atol = SUM_ATOL * sum|x| for sums of up to 64 float64 terms.
SUM_ATOL = 1e-14


def check_close(got, want, rtol, atol=0.0):
    if got.shape != want.shape or got.dtype != want.dtype:
        raise AssertionError(f"got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    if rtol == 0 and atol == 0:
        # float64: within 1 ulp
        ulps = np.abs(got - want) / np.spacing(np.abs(want).astype(want.dtype))
        bad = ~(ulps <= 1)
    else:
        bad = ~np.isclose(got, want, rtol=rtol, atol=atol)
    if bad.any():
        idx = np.argwhere(bad)[0]
        raise AssertionError(f"{bad.sum()} of {got.size} elements differ; first at "
                             f"{tuple(idx)}: got {got[tuple(idx)]!r}, want {want[tuple(idx)]!r}")


# Each case: (name, function(runner, rng)). Sizes are not multiples of the
# workgroup size, so the bounds checks of the kernels are exercised.

def case_saxpy(r, rng):
    n = int(rng.integers(900, 1100))
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    a = np.float32(rng.uniform(-3, 3))
    out = r.run("saxpy.py", "saxpy", [n], {"x": x, "y": y}, [("a", float(a))], ["y"])
    want = (a * x + y).astype(np.float32)  # same two roundings as the kernel
    check_close(out["y"], want, rtol=0, atol=0)


def case_vecadd(dtype, entry):
    def run(r, rng):
        n = int(rng.integers(1000, 3000))
        a = rng.random(n).astype(dtype)
        b = rng.random(n).astype(dtype)
        c = poisoned(n, dtype)
        out = r.run("vecadd.py", entry, [n], {"a": a, "b": b, "c": c}, outputs=["c"])
        check_close(out["c"], a + b, rtol=0, atol=0)
    return run


def case_stencil(r, rng):
    rows, cols = int(rng.integers(20, 70)), int(rng.integers(20, 70))
    src = rng.standard_normal((rows, cols)).astype(np.float32)
    dst = np.zeros((rows, cols), np.float32)
    out = r.run("stencil.py", "stencil", [cols, rows], {"src": src, "dst": dst},
                outputs=["dst"], local_size=(8, 8))
    want = dst.copy()
    # The kernel divides a float32 sum by the int 4: float64 division
    # (Numba's typing), stored back as float32.
    s = (src[:-2, 1:-1] + src[2:, 1:-1]) + src[1:-1, :-2] + src[1:-1, 2:]
    want[1:-1, 1:-1] = (s.astype(np.float64) / 4).astype(np.float32)
    check_close(out["dst"], want, rtol=0, atol=0)


def case_matmul(dtype, entry):
    def run(r, rng):
        m, k, n = (int(v) for v in rng.integers(5, 40, size=3))
        A = rng.standard_normal((m, k)).astype(dtype)
        B = rng.standard_normal((k, n)).astype(dtype)
        C = poisoned((m, n), dtype)
        out = r.run("matmul.py", entry, [m, n], {"A": A, "B": B, "C": C}, outputs=["C"],
                    local_size=(4, 4))
        # Reference: the same float64 accumulation in the same order.
        want = np.zeros((m, n), np.float64)
        for kk in range(k):
            # A[i, k] * B[k, j] is a product in the arrays' dtype, added to
            # the float64 accumulator `tmp = 0.` (Numba's typing).
            want += (A[:, kk:kk + 1] * B[kk:kk + 1, :]).astype(np.float64)
        check_close(out["C"], want.astype(dtype), rtol=0, atol=0)
    return run


def case_matmul1d(r, rng):
    m, k, n = (int(v) for v in rng.integers(5, 30, size=3))
    A = rng.standard_normal((m, k))
    B = rng.standard_normal((k, n))
    C = np.zeros((m, n))
    out = r.run("matmul1d.py", "matmul", [m * n], {"A": A, "B": B, "C": C}, outputs=["C"])
    want = np.zeros((m, n))
    for kk in range(k):
        want += A[:, kk:kk + 1] * B[kk:kk + 1, :]
    check_close(out["C"], want, rtol=0, atol=0)


def case_gridstride(entry):
    def run(r, rng):
        n = int(rng.integers(5000, 9000))
        xs = rng.standard_normal(n).astype(np.float32)
        ys = rng.standard_normal(n).astype(np.float32)
        zs = poisoned(n, np.float32)
        # A grid much smaller than the array: each invocation loops.
        out = r.run("gridstride.py", entry, [256], {"xs": xs, "ys": ys, "zs": zs},
                    outputs=["zs"])
        check_close(out["zs"], xs + ys, rtol=0, atol=0)
    return run


def semantics_reference(x, y, step):
    """The kernel of kernels/control_flow.py, run by Python itself."""
    total = (x // y + 3 * (x % y)) if y != 0 else 0
    for k in range(10, -10, step):
        if k % 4 == 0:
            continue
        if k < -7:
            break
        total += k
    if -50 < x <= 50 and (y > 0 or x < 0):
        total += 1000
    n = 0
    while n < 5:
        n += 1
        if n == x % 5:
            break
    else:
        total += 7
    return total + n * 100000


def case_control_flow(r, rng):
    n = int(rng.integers(300, 500))
    a = rng.integers(-100, 100, n).astype(np.int32)
    b = rng.integers(-9, 9, n).astype(np.int32)  # includes 0
    out = poisoned(n, np.int32)
    step = int(rng.choice([-1, -2, -3]))
    res = r.run("control_flow.py", "semantics", [n], {"a": a, "b": b, "out": out},
                [("step", step)], ["out"])
    want = np.array([semantics_reference(int(x), int(y), step) for x, y in zip(a, b)], np.int32)
    if not np.array_equal(res["out"], want):
        bad = np.argwhere(res["out"] != want)[0][0]
        raise AssertionError(f"a={a[bad]} b={b[bad]} step={step}: got {res['out'][bad]}, "
                             f"want {want[bad]}")


def case_int_divmod_extremes(r, rng):
    """a // b and a % b on signed and unsigned integers with numba.cuda's
    edges: a zero divisor gives 0, and so do MIN // -1 and MIN % -1 (numba's
    int_divmod_signed; the quotient overflows); exact int64 at @cuda.jit's
    default and with --index-bits 64, 32-bit integers with --index-bits 32
    (@nv.jit's default)."""
    for bits_, flags in ((64, ["--index-bits", "64"]), (64, []), (32, ["--index-bits", "32"])):
        lo, hi = -2 ** (bits_ - 1), 2 ** (bits_ - 1) - 1
        edges = [lo, lo + 1, -1, 0, 1, 2, -2, hi, hi - 1, 7, -7]
        pairs = [(x, y) for x in edges for y in edges]
        n = len(pairs) + 200
        a = np.array([x for x, _ in pairs] + list(rng.integers(lo, hi, 200, endpoint=True)), np.int64)
        b = np.array([y for _, y in pairs] + list(rng.integers(-9, 9, 200)), np.int64)
        ua = rng.integers(0, 2 ** bits_ - 1, n, dtype=np.uint64, endpoint=True)
        ua[::5] = 0
        res = r.run("int_divmod_extremes.py", "signed_divmod", [n],
                    {"a": a, "b": b, "q": poisoned(n, np.int64), "r": poisoned(n, np.int64)},
                    outputs=["q", "r"], flags=flags)
        res.update({"u" + k: v for k, v in r.run(
            "int_divmod_extremes.py", "unsigned_divmod", [n],
            {"a": ua, "q": poisoned(n, np.uint64), "r": poisoned(n, np.uint64)},
            outputs=["q", "r"], flags=flags).items()})

        def numba_divmod(x, y):
            if y == 0 or (x == lo and y == -1):
                return 0, 0
            return x // y, x % y
        want = [numba_divmod(int(x), int(y)) for x, y in zip(a, b)]
        nxt = np.roll(ua, -1)
        uwant = [(0, 0) if int(y) == 0 else (int(x) // int(y), int(x) % int(y)) for x, y in zip(ua, nxt)]
        for k in range(n):
            got = (int(res["q"][k]), int(res["r"][k]))
            assert got == want[k], f"{bits_}-bit {a[k]} // {b[k]}, % : got {got}, want {want[k]}"
            ugot = (int(res["uq"][k]), int(res["ur"][k]))
            assert ugot == uwant[k], f"{bits_}-bit {ua[k]} // {nxt[k]}, %: got {ugot}, want {uwant[k]}"


def within_ulps(got, want, ulps):
    """|got - want| ≤ ulps·spacing(want) elementwise, NaN where want is NaN and
    equal infinities; raises with the first offending element."""
    got, want = np.asarray(got), np.asarray(want)
    with np.errstate(invalid="ignore", over="ignore"):
        same = (got == want) | (np.isnan(got) & np.isnan(want))
        near = np.abs(got - want) <= ulps * np.spacing(np.abs(want).astype(want.dtype))
    bad = ~(same | (np.isfinite(want) & near))
    if bad.any():
        k = np.argwhere(bad)[0][0]
        raise AssertionError(f"{bad.sum()} of {got.size} differ by more than {ulps} ulp; first "
                             f"at {k}: got {got[k]!r}, want {want[k]!r}")


def numba_float_int_power(x, n, ftype):
    """Numba's float ** integer (int_power_impl / static_power_impl): repeated
    squaring in the float's width, 1/r for a negative exponent."""
    r, a, e = ftype(1), ftype(x), abs(int(n))
    with np.errstate(all="ignore"):
        while e:
            if e & 1:
                r = ftype(r * a)
            e >>= 1
            a = ftype(a * a)
        return ftype(ftype(1) / r) if n < 0 else r


def numba_int_power(a, n, bits, constant):
    """Numba's integer ** integer in `bits`-bit arithmetic: a negative
    exponent gives 0 unless the base is ±1, and 0 ** negative the minimum.
    A constant exponent inverts the computed power (static_power_impl), a
    run-time one tests the base (int_power_impl)."""
    wrap = lambda v: (v + 2**(bits - 1)) % 2**bits - 2**(bits - 1)
    r = wrap(a ** abs(n))
    if n >= 0:
        return r
    t = r if constant else a
    return -2**(bits - 1) if t == 0 else (r if t in (1, -1) else 0)


def complex_close(got, want, rtol, what):
    """Each part equal (NaN to NaN, inf to inf) where either part of `want` is
    not finite, else |got - want| ≤ rtol·|want|."""
    with np.errstate(all="ignore"):
        finite = np.isfinite(want)
        same = lambda g, w: (g == w) | (np.isnan(g) & np.isnan(w))
        special_ok = same(got.real, want.real) & same(got.imag, want.imag)
        near = np.abs(got - want) <= rtol * np.abs(want)
    bad = ~np.where(finite, near, special_ok)
    if bad.any():
        k = np.argwhere(bad)[0][0]
        raise AssertionError(f"{what}: {bad.sum()} of {got.size} differ; first at {k}: "
                             f"got {got[k]!r}, want {want[k]!r}")


def numba_cpow(a, b, ftype):
    """numba-cuda's complex ** complex (mathimpl.cpow_implement) in the
    precision of `ftype`, with NumPy's functions for the math library's."""
    f = ftype
    with np.errstate(all="ignore"):
        ar, ai, br, bi = f(a.real), f(a.imag), f(b.real), f(b.imag)
        if br == 0 and bi == 0:
            return complex(1, 0)
        if ar == 0 and br == 0:
            return complex(0, 0)
        vabs = f(np.hypot(ar, ai))
        ln = f(np.power(vabs, br))
        at = f(np.arctan2(ai, ar))
        phase = f(at * br)
        if bi != 0:
            ln = f(ln / f(np.exp(f(at * bi))))
            phase = f(phase + f(bi * f(np.log(vabs))))
        return complex(f(ln * f(np.cos(phase))), f(ln * f(np.sin(phase))))


def case_operators(r, rng):
    n = int(rng.integers(100, 200))
    # complex unary operators
    z = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    z[::9] = 0
    out, out64, truth = poisoned(4 * n, np.complex128), poisoned(n, np.complex64), \
        poisoned(2 * n, np.bool_)
    res = r.run("operators.py", "complex_unary", [n], {"z": z, "out": out, "out64": out64,
                                                        "truth": truth},
                outputs=["out", "out64", "truth"])
    want = np.empty(4 * n, np.complex128)
    want[0::4], want[1::4], want[2::4] = -z, z, -6j
    want[3::4] = -(z * 2) - 1j
    assert np.array_equal(res["out"], want), "complex -z, +z"
    assert np.array_equal(res["out64"], -z.astype(np.complex64)), "complex64 -z"
    want_t = np.empty(2 * n, np.bool_)
    want_t[0::2], want_t[1::2] = z == 0, True
    assert np.array_equal(res["truth"], want_t), "not z"
    b = rng.integers(0, 2, n).astype(np.bool_)
    res = r.run("operators.py", "bool_unary", [n], {"b": b, "inv": poisoned(n, np.bool_),
                                                     "neg": poisoned(2 * n, np.int64)},
                outputs=["inv", "neg"])
    assert np.array_equal(res["inv"], ~b), "~bool is the boolean not (NumPy's rule)"
    want_n = np.empty(2 * n, np.int64)
    want_n[0::2], want_n[1::2] = -b.astype(np.int64), b
    assert np.array_equal(res["neg"], want_n), "-bool, +bool"

    # float64 and float32 powers
    x = rng.standard_normal(n) * 3
    x[::7] = np.round(x[::7])
    y = rng.standard_normal(n) * 4
    y[::5] = np.round(y[::5])                     # integral exponents of negative bases
    k = rng.integers(-12, 13, n)
    out = poisoned(8 * n, np.float64)
    res = r.run("operators.py", "power64", [n], {"x": x, "y": y, "n": k, "out": out},
                outputs=["out"])["out"]
    f8 = np.float64
    with np.errstate(all="ignore"):
        within_ulps(res[0::8], np.power(x, y), 2)
        within_ulps(res[1::8], np.power(np.abs(x), 1.0 / 3.0), 2)
        within_ulps(res[2::8], np.power(np.abs(x), y), 2)
    exact = lambda got, want, what: np.testing.assert_array_equal(got, want, err_msg=what)
    exact(res[3::8], [numba_float_int_power(a, m, f8) for a, m in zip(x, k)], "x ** n (run time)")
    exact(res[4::8], [numba_float_int_power(a, 5, f8) for a in x], "x ** 5")
    exact(res[5::8], [numba_float_int_power(a, -3, f8) for a in x], "x ** -3")
    exact(res[6::8], [numba_float_int_power(a, 12, f8) for a in x], "pow(x, 12)")
    exact(res[7::8], np.ones(n), "x ** 0")
    x32, y32 = x.astype(np.float32), y.astype(np.float32)
    k32 = k.astype(np.int32)
    res = r.run("operators.py", "power32", [n], {"x": x32, "y": y32, "n": k32,
                                                  "out": poisoned(6 * n, np.float32)},
                outputs=["out"])["out"]
    f4 = np.float32
    with np.errstate(all="ignore"):
        want_pow32 = np.power(x32.astype(np.float64), y32.astype(np.float64)).astype(np.float32)
    within_ulps(res[0::6], want_pow32, 1)
    within_ulps(res[5::6], want_pow32, 1)
    exact(res[1::6], [numba_float_int_power(a, m, f4) for a, m in zip(x32, k32)],
          "float32 ** int32 stays float32")
    exact(res[2::6], [numba_float_int_power(a, 7, f4) for a in x32], "float32 ** 7")
    exact(res[3::6], [numba_float_int_power(a, -2, f4) for a in x32], "float32 ** -2")
    exact(res[4::6], [numba_float_int_power(a, m, f4) for a, m in zip(x32, k32)], "pow(x, n)")

    # integer powers, 64-bit exact (@cuda.jit's default, --index-bits 64) and
    # with 32-bit integers
    a = rng.integers(-3, 4, n)
    m = rng.integers(-3, 11, n)
    for flags, bits in ((["--index-bits", "64"], 64), ([], 64), (["--index-bits", "32"], 32)):
        res = r.run("operators.py", "power_int", [n], {"a": a, "n": m,
                                                        "out": poisoned(5 * n, np.int64)},
                    outputs=["out"], flags=flags)["out"]
        want = np.empty(5 * n, np.int64)
        for i, (p, q) in enumerate(zip(a.tolist(), m.tolist())):
            want[5 * i:5 * i + 5] = [numba_int_power(p, q, bits, False),
                                     numba_int_power(p, 3, bits, True),
                                     numba_int_power(p, -1, bits, True),
                                     numba_int_power(p, -2, bits, True), p * p]
        exact(res, want, f"integer ** ({bits}-bit)")

    # complex powers: numba-cuda's cpow, also its test's special cases
    ca = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    cb = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    ca[:2], cb[:2] = [0j, 1j], [0j, 1.0]
    ca[2], cb[2] = 0j, 2.5 + 1j
    xr = rng.standard_normal(n)
    res = r.run("operators.py", "power_complex", [n], {"a": ca, "b": cb, "x": xr,
                                                        "out": poisoned(4 * n, np.complex128)},
                outputs=["out"])["out"]
    want = np.array([[numba_cpow(p, q, f8), numba_cpow(p, 2, f8), numba_cpow(p, complex(s), f8),
                      numba_cpow(complex(s), q, f8)] for p, q, s in zip(ca, cb, xr)]).ravel()
    complex_close(res, want, 1e-13, "complex128 **")
    ca64, cb64 = ca.astype(np.complex64), cb.astype(np.complex64)
    res = r.run("operators.py", "power_complex64", [n], {"a": ca64, "b": cb64,
                                                          "out": poisoned(n, np.complex64)},
                outputs=["out"])["out"]
    want = np.array([numba_cpow(p, q, f4) for p, q in zip(ca64, cb64)])
    complex_close(res, want, 3e-6, "complex64 **")
    # numba's own test, on the random elements: at the special cases numba's
    # cpow is not NumPy's (1j ** (1+0j) has cos(float32(pi/2)) = -4.4e-08 as
    # its real part, 0j ** (2.5+1j) is 0 * cos(-inf) = nan; NumPy: 1j, 0j).
    np.testing.assert_allclose(res[3:], (ca64 ** cb64)[3:], rtol=3e-6, atol=1e-30)


def python_divmod(x, y, ftype):
    """CPython's float // and % (Numba's real_divmod) in the precision of
    `ftype`; a zero divisor gives x / y and NaN (Numba without exceptions)."""
    x, y = float(x), float(y)
    with np.errstate(all="ignore"):
        if y == 0:
            return ftype(np.float64(x) / y), ftype(np.nan)
    if ftype == np.float64:
        return divmod(x, y)
    # float32: the same steps rounded to float32 (fmod is exact)
    f = ftype
    with np.errstate(all="ignore"):
        mod = f(np.fmod(f(x), f(y)))
        div = f(f(f(x) - mod) / f(y))
        if mod != 0 or np.isnan(mod):
            if (y < 0) != (mod < 0):
                mod, div = f(mod + f(y)), f(div - f(1))
        else:
            mod = f(-0.0) if y < 0 else f(0.0)
        if div != 0 and not np.isnan(div):
            fl = f(np.floor(div))
            return (f(fl + 1) if f(div - fl) > 0.5 else fl), mod
        d2 = f(div * div)
        return f(f(d2 * f(x)) / f(y)), mod


def case_float_divmod_shifts(r, rng):
    for dtype, entry in ((np.float64, "float_divmod"), (np.float32, "float_divmod__1")):
        specials = [0.0, -0.0, 1.0, -1.0, 2.5, -7.5, np.inf, -np.inf, np.nan, 5.412409578950563e-20,
                    1e30, -3.0, 0.5]
        pairs = [(x, y) for x in specials for y in specials]
        m = len(pairs) + 64
        a = np.array([p[0] for p in pairs] + list(rng.standard_normal(64) * 100), dtype)
        b = np.array([p[1] for p in pairs] + list(rng.standard_normal(64) * 3), dtype)
        res = r.run("operators.py", entry, [m], {"a": a, "b": b, "out": poisoned(4 * m, dtype)},
                    outputs=["out"])["out"]
        for i in range(m):
            q, rem = python_divmod(a[i], b[i], dtype)
            got = res[4 * i:4 * i + 4]
            want = np.array([rem, q, q, rem], dtype)
            if not bits_equal(got, want).all():
                raise AssertionError(f"{dtype.__name__} {a[i]!r} % // {b[i]!r}: got "
                                     f"{got.tolist()}, want {want.tolist()}")
    n = 64
    u = rng.integers(0, 2**64, n, dtype=np.uint64)
    u[0] = 2**64 - 2
    s = rng.integers(-2**40, 2**40, n)
    res = r.run("shifts.py", "shifts", [n], {"u": u, "s": s, "uo": poisoned(3 * n, np.uint64),
                                                "so": poisoned(2 * n, np.int64)},
                outputs=["uo", "so"], flags=["--index-bits", "64"])
    want = np.empty(3 * n, np.uint64)
    want[0::3] = u >> np.uint64(1)                                 # logical: uint64 stays unsigned
    want[1::3] = (u << np.uint64(3)) ^ np.uint64(1)
    want[2::3] = (u & np.uint64(0xff)) << np.uint64(60)            # uint8 << int: uint64
    assert np.array_equal(res["uo"], want), "unsigned shifts (the left operand's signedness)"
    want_s = np.empty(2 * n, np.int64)
    want_s[0::2], want_s[1::2] = s >> 2, s << 5
    assert np.array_equal(res["so"], want_s), "signed shifts"


def case_extrema(r, rng):
    for dtype, entry in ((np.float64, "extrema"), (np.float32, "extrema__1")):
        specials = [np.nan, 1.0, -1.0, 0.0, -0.0, np.inf, -np.inf, 2.5]
        pairs = [(x, y) for x in specials for y in specials]
        m = len(pairs) + 32
        a = np.array([p[0] for p in pairs] + list(rng.standard_normal(32)), dtype)
        b = np.array([p[1] for p in pairs] + list(rng.standard_normal(32)), dtype)
        res = r.run("operators.py", entry, [m], {"a": a, "b": b, "out": poisoned(4 * m, dtype)},
                    outputs=["out"])["out"]
        want = np.empty(4 * m, dtype)
        # numba-cuda: np.maximum/minimum propagate NaN (the first NaN operand) and
        # otherwise take a on a >= b (<=); Python's max/min take b only if b > a (<).
        for i, (x, y) in enumerate(zip(a, b)):
            nan = x if np.isnan(x) else y
            any_nan = np.isnan(x) or np.isnan(y)
            want[4 * i] = nan if any_nan else (x if x >= y else y)
            want[4 * i + 1] = nan if any_nan else (x if x <= y else y)
            want[4 * i + 2] = y if y > x else x
            want[4 * i + 3] = y if y < x else x
        same = bits_equal(res, want)
        if not same.all():
            k = np.argwhere(~same)[0][0]
            raise AssertionError(f"{entry} of {a[k // 4]!r}, {b[k // 4]!r} (result {k % 4}): "
                                 f"got {res[k]!r}, want {want[k]!r}")


def case_index_ranges(r, rng):
    n = int(rng.integers(300, 500))
    a = rng.standard_normal(n)
    idx = rng.integers(-n, n, n).astype(np.int32)
    out = poisoned(n, np.float64)
    res = r.run("index_ranges.py", "shifted", [n], {"a": a, "idx": idx, "out": out},
                outputs=["out"])
    want = np.empty(n)
    for i in range(n):  # Python's own indexing and divmod
        acc = a[i - 1]
        if 0 < i < n - 1:
            acc += a[i - 1] * 2.0 + a[i + 1]
        for k in range(i % 5, -1, -1):
            acc += a[k] * 0.5
        for k in range(4):
            acc += a[k - 2] * 0.25
        q, rem = divmod(i, 7)
        acc += a[q] + a[rem] * 3.0
        q, rem = divmod(i - 5, 7)
        acc += a[q] * 5.0 + a[rem] * 7.0
        acc += a[idx[i]] * 11.0
        want[i] = acc
    check_close(res["out"], want, rtol=0, atol=0)
    m, p = int(rng.integers(20, 40)), int(rng.integers(20, 40))
    b = rng.standard_normal((m, p))
    out2 = poisoned((m, p), np.float64)
    res = r.run("index_ranges.py", "tile_sums", [m, p], {"a": b, "out": out2}, outputs=["out"])
    want2 = np.empty((m, p))
    for i in range(m):
        for j in range(p):
            acc = 0.0
            for k in range(p):
                acc += b[i, k] * b[k % m, j]
            want2[i, j] = acc + b[i - 1, j - 1]
    check_close(res["out"], want2, rtol=0, atol=0)


def bits_equal(got, want):
    """Element-wise: the same bits, or both NaN (payloads may differ)."""
    uint = {4: np.uint32, 8: np.uint64}[want.dtype.itemsize]
    return (got.view(uint) == want.view(uint)) | (np.isnan(got) & np.isnan(want))


def flush_subnormals(x):
    """x with its subnormal elements replaced by zeros of the same sign (a
    device's flush-to-zero)."""
    tiny = np.finfo(x.dtype).tiny
    return np.where(np.abs(x) < tiny, np.copysign(np.zeros_like(x), x), x).astype(x.dtype)


def case_divisions(r, rng):
    # Divisors: powers of two across the whole exponent range (the extremes'
    # reciprocals are not normal: those keep the division), other numbers and
    # special values; dividends: zeros, infinities, NaN, subnormals, extremes
    # and random numbers of random magnitude. Bit-identical to NumPy.
    for dtype, entry in ((np.float64, "divide_rows"), (np.float32, "divide_rows32")):
        fi = np.finfo(dtype)
        emax = fi.maxexp
        pows = [2.0 ** int(k) for k in (0, 1, -1, rng.integers(2, 30), -rng.integers(2, 30),
                                        emax - 2, emax - 1, -(emax - 2), -(emax - 1), -(emax + 2))]
        d = np.array(pows + [-p for p in pows] + [3.0, 0.1, 0.0, -0.0, np.inf, np.nan, 1.5, -7.0,
                                                  fi.tiny / 4, fi.max] +
                     list(rng.standard_normal(4)), dtype=dtype)
        specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, fi.tiny, -fi.tiny, fi.tiny / 8,
                             fi.max, -fi.max, 1.0, 3.0], dtype=dtype)
        m = int(rng.integers(30, 50))
        scale = np.exp2(rng.integers(-emax, emax, (len(d), m)).astype(np.float64))
        randoms = (rng.standard_normal((len(d), m)) * scale).astype(dtype)
        a = np.ascontiguousarray(np.concatenate(
            [np.broadcast_to(specials, (len(d), len(specials))), randoms], axis=1))
        out = poisoned(a.shape, dtype)
        res = r.run("divisions.py", entry, [len(d)], {"a": a, "d": d, "out": out},
                    outputs=["out"])
        # The module computes with floats: the runtime loads the first of its
        # float-controls variants (DenormPreserve 32 and/or
        # SignedZeroInfNanPreserve) that the device can run, else the main
        # module.
        if r.backend == "mlir":
            assert "signed-zero-inf-nan-preserve" in r.last_variants, r.last_variants
            if dtype == np.float32:
                assert "denorm-preserve" in r.last_variants, r.last_variants
            r.assert_first_runnable_variant("divisions.py")
        with np.errstate(all="ignore"):
            want = a / d[:, None]
        same = bits_equal(res["out"], want)
        # A device that cannot keep float32 subnormals (no
        # shaderDenormPreserveFloat32: NVIDIA's driver 580) flushes them, in
        # the operands and the result, when the module it runs has no
        # DenormPreserve 32 (docs/language.md, "Subnormals"). Lavapipe keeps them.
        if dtype == np.float32 and r.may_flush_float32_subnormals():
            with np.errstate(all="ignore"):
                flushed = flush_subnormals(flush_subnormals(a) / flush_subnormals(d)[:, None])
            same |= bits_equal(res["out"], flushed) & ~bits_equal(flushed, want)
        if not same.all():
            i, j = np.argwhere(~same)[0]
            raise AssertionError(f"{entry}: {(~same).sum()} of {a.size} differ; first "
                                 f"{a[i, j]!r} / {d[i]!r}: got {res['out'][i, j]!r}, "
                                 f"want {want[i, j]!r}")
    # Dividends of every magnitude (each element its own exponent), the
    # correction's range limits 2^-960 and 2^995 and their neighbours, and
    # special values.
    m = int(rng.integers(400, 800))
    edges = np.array([2.0 ** -960, 2.0 ** 995, 2.0 ** -961, 2.0 ** 996, 1.0, 3.0, 6.0, 0.3])
    x = np.concatenate([rng.standard_normal(m) * np.exp2(rng.integers(-1074, 1024, m)),
                        edges, -edges, np.nextafter(edges, 0), np.nextafter(edges, np.inf),
                        [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324,
                         2.2250738585072014e-308, 1.7976931348623157e308]])
    divisors = [8.0, -0.25, 3.0, 2.0 ** 1023, 2.0 ** -1022, -7.0, 0.1, 1e300, -3e-300,
                1.7976931348623157e308, 10.0]
    out = poisoned((len(x), len(divisors) + 2), np.float64)
    res = r.run("divisions.py", "divide_constants", [len(x)], {"a": x, "out": out},
                outputs=["out"])
    with np.errstate(all="ignore"):
        x32 = x.astype(np.float32)
        want = np.concatenate([x[:, None] / np.array(divisors),
                               (x32 / np.float32(3.0)).astype(np.float64)[:, None],
                               (x32 / np.float32(-0.1)).astype(np.float64)[:, None]], axis=1)
    same = bits_equal(res["out"], want)
    if r.may_flush_float32_subnormals():
        # The float32 columns where float32 subnormals may flush (as above).
        with np.errstate(all="ignore"):
            x32f = flush_subnormals(x32)
            flushed = np.stack([flush_subnormals(x32f / np.float32(3.0)),
                                flush_subnormals(x32f / np.float32(-0.1))], 1).astype(np.float64)
        same[:, -2:] |= bits_equal(res["out"][:, -2:], flushed)
    if not same.all():
        i, j = np.argwhere(~same)[0]
        raise AssertionError(f"divide_constants: {(~same).sum()} of {same.size} differ from "
                             f"NumPy's divisions; first {x[i]!r} / divisor {j}: got "
                             f"{res['out'][i, j]!r}, want {want[i, j]!r}")


def case_divisions_group(r, rng):
    # Divisors that differ between the invocations of a workgroup (every
    # other one a power of two) in loops with barriers and shuffles: a test
    # of such divisors would send neighbours to different copies of the loop
    # (PowerOfTwoDivisor versions these loops on uniform divisors only).
    n = 64
    x = rng.standard_normal(n)
    pows = np.exp2(rng.integers(-8, 8, n).astype(np.float64))
    d = np.where(np.arange(n) % 2 == 0, pows, rng.uniform(1.1, 1.9, n) * pows)
    d = d * np.where(rng.random(n) < 0.5, -1.0, 1.0)
    out = poisoned(n, np.float64)
    res = r.run("divisions.py", "barrier_rounds", [n], {"x": x, "d": d, "out": out},
                outputs=["out"], local_size=(n,))
    want = x.copy()
    for _ in range(4):
        want = np.roll(want, -1) / d
    if not bits_equal(res["out"], want).all():
        raise AssertionError(f"barrier_rounds: {(~bits_equal(res['out'], want)).sum()} of {n} "
                             f"differ: got {res['out'][:4]}, want {want[:4]}")
    for s in (2.0 ** int(rng.integers(-8, 8)), float(rng.uniform(1.1, 1.9))):
        out = poisoned(n, np.float64)
        res = r.run("divisions.py", "barrier_rounds_uniform", [n], {"x": x, "out": out},
                    scalars=[("d", s)], outputs=["out"], local_size=(n,))
        want = x.copy()
        for _ in range(4):
            want = np.roll(want, -1) / s
        if not bits_equal(res["out"], want).all():
            raise AssertionError(f"barrier_rounds_uniform (d = {s!r}): results differ")
    # Every invocation reads the same xs[j]: StageShared stages them through
    # workgroup memory, with barriers in the loop (two workgroups).
    xs = rng.standard_normal(int(rng.integers(300, 600)))
    d2 = np.concatenate([d, d[::-1]])
    out = poisoned(2 * n, np.float64)
    res = r.run("divisions.py", "staged_sums", [2 * n], {"xs": xs, "d": d2, "out": out},
                outputs=["out"], local_size=(n,))
    want = np.zeros(2 * n)
    for v in xs:
        want = want + v / d2
    if not bits_equal(res["out"], want).all():
        raise AssertionError(f"staged_sums: {(~bits_equal(res['out'], want)).sum()} of {2 * n} "
                             f"differ: got {res['out'][:4]}, want {want[:4]}")
    x32, d32 = x.astype(np.float32), d.astype(np.float32)
    out = poisoned(n, np.float32)
    res = r.run("divisions.py", "shuffle_rounds", [n], {"x": x32, "d": d32, "out": out},
                outputs=["out"], local_size=(n,))
    want = x32.copy()
    for _ in range(4):
        want = want[np.arange(n) ^ 1] / d32
    if not bits_equal(res["out"], want).all():
        raise AssertionError(f"shuffle_rounds: {(~bits_equal(res['out'], want)).sum()} of {n} "
                             f"differ: got {res['out'][:4]}, want {want[:4]}")


def case_gridstride_shuffle(r, rng):
    # One workgroup of 32, three full rounds and 1 + 2j elements more: lanes
    # 0..2j loop four times, the others three, and pair (2j, 2j + 1) is split.
    n = 32 * 3 + 1 + 2 * int(rng.integers(0, 15))
    xs = rng.standard_normal(n).astype(np.float32)
    out = poisoned(n, np.float32)
    res = r.run("gridstride_shuffle.py", "swap_pairs", [32], {"xs": xs, "out": out},
                outputs=["out"], local_size=(32,))
    # Element n - 1's partner is past the end: its lane is alone in the last
    # iteration and the shuffle reads an inactive lane there.
    partner = np.arange(n - 1) ^ 1
    check_close(res["out"][:n - 1], xs[partner], rtol=0, atol=0)


def case_array_loops(r, rng):
    m, n = int(rng.integers(20, 60)), int(rng.integers(3, 12))
    a = rng.standard_normal((m, n))
    w = rng.standard_normal(n + int(rng.integers(0, 3)))   # zip stops at the shortest
    b = rng.standard_normal(n - 1)
    out = poisoned((m, 5), np.float64)
    res = r.run("array_loops.py", "rows", [m], {"a": a, "w": w, "b": b, "out": out}, outputs=["out"])
    want = np.empty((m, 5))
    for i in range(m):
        row = a[i]
        total = 0.0
        for v in row:
            total += v
        weighted = 0.0
        for j, v in enumerate(row):
            weighted += j * v
        dot = 0.0
        for x, y, z in zip(row, w, b):
            dot += x * y - z
        want[i] = [total, weighted, dot, row[-1] + a[i, -2], a[i + 1, 0] if i + 1 < m else row[0]]
    check_close(res["out"], want, rtol=0, atol=0)
    cnt = int(rng.integers(100, 200))
    bounds = np.stack([rng.integers(-30, 30, cnt), rng.integers(-30, 30, cnt),
                       rng.choice([-3, -1, 1, 2, 5], cnt)], axis=1).reshape(-1).astype(np.int64)
    res = r.run("array_loops.py", "enumerated_ranges", [cnt], {"bounds": bounds,
                "out": poisoned(cnt, np.int64)}, outputs=["out"])
    want = []
    for start, stop, step in bounds.reshape(-1, 3).tolist():
        total = sum((k + 1) * j for k, j in enumerate(range(start, stop, step)) if j % 3 != 0)
        total += sum(k - j for k, j in enumerate(range(stop, start, -1)))
        want.append(total)
    assert res["out"].tolist() == want


def case_complex(r, rng):
    n = int(rng.integers(300, 600))
    def c64(k):
        return (rng.standard_normal(k) + 1j * rng.standard_normal(k)).astype(np.complex64)
    a, b = c64(n), c64(n)
    b[::7] = a[::7]                                      # exercise a[i] == b[i]
    s = np.complex64(complex(rng.standard_normal(), rng.standard_normal()))
    out, parts = poisoned(n, np.complex64), poisoned(n, np.float32)
    res = r.run("complex_ops.py", "arith64", [n], {"a": a, "b": b, "out": out, "parts": parts},
                [("s", complex(s))], ["out", "parts"])
    acc = np.zeros(n, np.complex64)
    acc += a * b
    acc += np.conjugate(a) / b
    acc -= s
    acc += (a.imag + 1j * b.real).astype(np.complex64)
    check_close(res["out"], acc, rtol=1e-6, atol=1e-6)
    want_parts = np.where(a != b, acc.real * acc.imag, np.float32(-1)).astype(np.float32)
    check_close(res["parts"], want_parts, rtol=1e-5, atol=1e-5)

    z = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    x = rng.standard_normal(n)
    out128 = poisoned(n, np.complex128)
    res = r.run("complex_ops.py", "arith128", [n], {"z": z, "x": x, "out": out128}, outputs=["out"])
    check_close(res["out"], (z * 2j + x - (1 + 0.5j)) / (z + 3), rtol=1e-15, atol=1e-15)


def case_device_functions(r, rng):
    n = int(rng.integers(100, 300))
    x = rng.standard_normal(n).astype(np.float32)
    d = rng.standard_normal(n)
    outs = {"out_a": poisoned(n, np.float32), "out_b": poisoned(n, np.float32),
            "out_c": poisoned(n, np.float64), "out_i": poisoned(n, np.int32)}
    res = r.run("device_functions.py", "helpers", [n], {"x": x, "d": d, **outs},
                outputs=list(outs))
    two = np.float32(2)
    check_close(res["out_a"], np.clip(x + two, np.float32(-1), np.float32(1)), rtol=0, atol=0)
    check_close(res["out_b"], x - two, rtol=0, atol=0)
    prefix = np.array([sum(d[:i + 1].tolist()) for i in range(n)])   # sequential sums
    want_c = np.clip(prefix * 0.5, -10.0, 10.0) + (d - 1.0)
    if r.last_device.startswith("llvmpipe"):
        check_close(res["out_c"], want_c, rtol=0, atol=0)
    else:
        # NVIDIA's driver reassociates this float64 loop sum despite NoContraction
        # (measured on the H200, docs/design.md): bound the error of any order,
        # (i+1)·ε·Σ|d| for the prefix (halved) plus one rounding of the result.
        bound = np.array([(i + 1) * 2.0**-53 * np.abs(d[:i + 1]).sum() for i in range(n)])
        err = np.abs(res["out_c"] - want_c)
        assert (err <= 0.5 * bound + np.spacing(np.abs(want_c)) * 2).all(), \
            f"float64 prefix sums beyond the reassociation bound on {r.last_device}"
    check_close(res["out_i"], np.clip(np.arange(n) - 5, 0, 100).astype(np.int32), rtol=0, atol=0)


def case_overloads(r, rng):
    n = int(rng.integers(100, 300))
    x = (rng.standard_normal(n) * 2).astype(np.float32)
    y = rng.standard_normal(n) * 3
    k = rng.integers(-1000, 1000, n).astype(np.int32)
    u = rng.integers(0, 3, n).astype(np.uint8)
    m = rng.standard_normal((n, 6))
    outs = {"out_f": poisoned(n, np.float32), "out_d": poisoned(n, np.float64),
            "out_i": poisoned(n, np.int64), "out_r": poisoned(n, np.float64)}
    res = r.run("overloads.py", "overloads", [n], {"x": x, "y": y, "n": k, "u": u, "m": m, **outs},
                outputs=list(outs))
    x64 = x.astype(np.float64)
    # clip_unit's cuda overload (the generic one would multiply by 1000),
    # plus the float32 array's scaled_at method (float32 * int64: float64).
    check_close(res["out_f"], (np.clip(x64, 0, 1) + x64 * 2).astype(np.float32), rtol=0, atol=0)
    # poly: defaults c=2.0, d=1, then keywords; float64's shift 0.25; halve: x * 0.5.
    want_d = ((2.0 * y * y + 1 + 0.25) + (0.5 * y * y + 1 + 0.25) + (3.0 * y * y + 2 + 0.25)
              + y * 0.5)
    check_close(res["out_d"], want_d, rtol=0, atol=0)
    k64 = k.astype(np.int64)
    want_i = (k64 > 0) + 10 * (u != 0) + k64 * 30 + k64 * k64 + k64 // 2
    check_close(res["out_i"], want_i.astype(np.int64), rtol=0, atol=0)
    rows = np.zeros(n)
    for j in range(4):
        rows = rows + m[:, j]                         # accumulate's sequential sum
    check_close(res["out_r"], rows + (1.0 * y * y + 0 + 0.25) + y * 3 + m[:, 5], rtol=0, atol=0)


def case_device_signatures(r, rng):
    n = int(rng.integers(100, 200))
    x = (rng.standard_normal(n) * 20).astype(np.float32)
    x[:4] = [5.7, -5.7, 3.2, 9.9]                       # the issue's values: 15 -15 9 27
    k = rng.integers(-3000, 3000, n).astype(np.int32)
    y = rng.standard_normal(n) * 100
    outs = {"outf": poisoned(2 * n, np.float32), "outi": poisoned(3 * n, np.int64),
            "outh": poisoned(n, np.float32), "outw": poisoned(n, np.int64)}
    res = r.run("device_signatures.py", "calls", [n], {"x": x, "k": k, "y": y, **outs},
                outputs=list(outs))
    trunc32 = lambda v: np.int32(np.int64(v))         # float -> int32 toward zero
    want_f = np.empty(2 * n, np.float32)
    want_f[0::2] = [np.float32(np.int32(trunc32(v) * np.int32(3))) for v in x]
    want_f[1::2] = (x.astype(np.float64) * 2 + y).astype(np.float32)
    check_close(res["outf"], want_f, rtol=0, atol=0)
    assert (res["outf"][0:8:2] == [15, -15, 9, 27]).all()
    k64 = k.astype(np.int64)
    want_i = np.empty(3 * n, np.int64)
    want_i[0::3] = k64 * 2 + k64
    with np.errstate(over="ignore"):
        want_i[1::3] = ((k64 * 1000003).astype(np.int32) * np.int32(3)).astype(np.int64)
    want_i[2::3] = k64 * 2 + 7
    check_close(res["outi"], want_i, rtol=0, atol=0)
    check_close(res["outh"], (y / 3.0).astype(np.float32), rtol=0, atol=0)
    check_close(res["outw"], (k.astype(np.uint8) + np.uint8(200)).astype(np.int64), rtol=0, atol=0)


def case_device_array_args(r, rng):
    n = 64 * int(rng.integers(3, 6))
    x = rng.standard_normal(n).astype(np.float32)
    out = poisoned((n, 4), np.float32)
    res = r.run("device_array_args.py", "mixed", [n], {"x": x, "out": out}, outputs=["out"],
                local_size=[64])
    f = np.float32

    def weighted(a, m):  # the helper's own float32 order
        s = f(0)
        for j in range(m):
            s = f(s + f(a[j] * f(j + 1)))
        return s
    want = np.empty((n, 4), np.float32)
    for i in range(n):
        t, block = i % 64, x[i - i % 64:i - i % 64 + 64]
        buf = [f(x[i] + f(j)) for j in range(4)]
        want[i] = [weighted(buf, 4), weighted(block, t + 1), weighted(x, 3),
                   f(f(weighted(buf, 2) * f(0.5)) + f(weighted(block, 1) * f(2)))]
    check_close(res["out"], want, rtol=0, atol=0)


def case_entry_by_dtype(r, rng):
    """nvc-run without --entry on a kernel of three signatures launches the
    entry point whose parameters take the arguments (float32, float64 or
    int16 arrays), and names each signature when none does."""
    spv = r.compile("entry_by_dtype.py")
    n = 200
    for dtype, entry in ((np.float32, "scale"), (np.float64, "scale__1"), (np.int16, "scale__2")):
        x = (rng.integers(-50, 50, n) if dtype == np.int16 else rng.standard_normal(n)).astype(dtype)
        a = 3 if dtype == np.int16 else 1.25
        xin, outin, outp = (os.path.join(r.work, f"{r.backend}_entry_{w}.npy") for w in ("x", "o", "r"))
        np.save(xin, x)
        np.save(outin, poisoned(n, dtype))
        p = subprocess.run([r.nvc_run, spv, "--grid", str(n), f"x=@{xin}", f"a={a}",
                            f"out=@{outin}", "--out", f"out={outp}", "-v"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert p.returncode == 0, p.stdout
        assert f"entry point: {entry}\n" in p.stdout, (dtype, p.stdout)
        want = x * dtype(a) + x
        got = np.load(outp)
        assert got.dtype == dtype and np.array_equal(got, want), (dtype, got[:4], want[:4])
    # int32 arrays: no signature takes them; the message lists all three.
    np.save(xin, np.arange(n, dtype=np.int32))
    np.save(outin, np.zeros(n, np.int32))
    p = subprocess.run([r.nvc_run, spv, "--grid", str(n), f"x=@{xin}", "a=2", f"out=@{outin}"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 1, p.stdout
    assert "3 entry points and none of them accepts these arguments; choose one with --entry" in \
        p.stdout and "scale__1(x: float64[:], a: float64, out: float64[:])" in p.stdout, p.stdout


def case_shuffle_edges(r, rng):
    n = 64 * int(rng.integers(2, 4))
    for d in sorted({0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, int(rng.integers(0, 70))}):
        x = rng.standard_normal(n)
        k = rng.integers(-2**40, 2**40, n)
        res = r.run("shuffle_edges.py", "cuda_edges", [n],
                    {"deltas": np.array([d], np.int32), "x": x, "k": k,
                     "out": poisoned(9 * n, np.int32), "outf": poisoned(2 * n, np.float64)},
                    outputs=["out", "outf"], local_size=[64],
                    flags=["--index-bits", "64"])
        info = res["out"][8::9]
        lane, size = info % 1000, info // 1000
        assert (lane == np.arange(n) % size).all(), "1-D workgroups split into consecutive lanes"
        i = np.arange(n)
        base = i - lane

        def pick(values, src, inside):
            return np.where(inside, values[np.where(inside, base + src, i)], values)
        v = (i * 3 + 1).astype(np.int32)
        want = np.empty(8 * n, np.int32)
        want[0::8] = pick(v, lane + d, lane + d < size)
        want[1::8] = pick(v, lane - d, lane >= d)
        want[2::8] = pick(v, lane ^ d, (lane ^ d) < size)
        want[3::8] = pick(v, (d + lane) & (size - 1), True)
        want[4::8] = pick(k, lane + d, lane + d < size).astype(np.int32)
        want[5::8] = pick(k, lane - d, lane >= d).astype(np.int32)
        want[6::8] = pick(v, lane + 1, lane + 1 < size)
        want[7::8] = pick(v, lane - 1, lane >= 1)
        got = np.delete(res["out"], np.s_[8::9])
        for j, what in enumerate(["shfl_down", "shfl_up", "shfl_xor", "shfl", "shfl_down int64",
                                  "shfl_up int64", "shfl_down 1", "shfl_up 1"]):
            if not np.array_equal(got[j::8], want[j::8]):
                bad = np.argwhere(got[j::8] != want[j::8])[0][0]
                raise AssertionError(f"{what} delta {d} (subgroup size {size[0]}): invocation "
                                     f"{bad} got {got[j::8][bad]}, want {want[j::8][bad]}")
        wantf = np.empty(2 * n)
        wantf[0::2] = pick(x, lane + d, lane + d < size)
        wantf[1::2] = pick(x, lane ^ d, (lane ^ d) < size)
        assert np.array_equal(res["outf"], wantf), f"float64 shuffles, delta {d}"

        xf = rng.standard_normal(n).astype(np.float32)
        res = r.run("shuffle_edges.py", "nv_edges", [n],
                    {"deltas": np.array([d], np.int32), "x": xf,
                     "out": poisoned(4 * n, np.int32), "outf": poisoned(n, np.float32)},
                    outputs=["out", "outf"], local_size=[64])
        v = (i * 5 - 7).astype(np.int32)
        want = np.empty(4 * n, np.int32)
        want[0::4] = pick(v, lane + d, lane + d < size)
        want[1::4] = pick(v, lane - d, lane >= d)
        want[2::4] = pick(v, lane ^ d, (lane ^ d) < size)
        want[3::4] = pick(v, d & (size - 1), True)
        assert np.array_equal(res["out"], want), f"nv.subgroup shuffles, delta {d}"
        assert np.array_equal(res["outf"], pick(xf, lane + d, lane + d < size)), \
            f"nv.subgroup.shuffle_down float32, delta {d}"


def case_small_scalars(r, rng):
    n = int(rng.integers(50, 100))
    types = {"bool": None, "int8": (-128, 127), "uint8": (0, 255), "int16": (-32768, 32767),
             "uint16": (0, 65535)}
    for entry, order in (("small", ["int8", "uint8", "int16", "uint16"]),
                         ("small__1", ["uint8", "int8", "uint16", "int16"])):
        for trial in range(3):
            flag = bool(rng.integers(0, 2))
            vals = []
            for t in order:
                lo, hi = types[t]
                # the extremes first, then random values
                vals.append([lo, hi][trial] if trial < 2 else int(rng.integers(lo, hi + 1)))
            res = r.run("small_scalars.py", entry, [n], {"out": poisoned(n, np.int64)},
                        [("flag", int(flag))] + list(zip("abcd", vals)), ["out"],
                        flags=["--index-bits", "64"])
            i = np.arange(n)
            a, b, c, d = vals
            want = np.where(flag, i, -i) + a * 1000000 + b * 10000 + c * 100 + d
            check_close(res["out"], want.astype(np.int64), rtol=0, atol=0)
    x = rng.standard_normal(n).astype(np.float32)
    for k, neg in ((-128, 1), (127, 0), (int(rng.integers(-128, 128)), 1)):
        res = r.run("small_scalars.py", "scale", [n], {"out": x.copy()},
                    [("k", k), ("neg", neg)], ["out"])
        want = x * np.float32(k)
        check_close(res["out"], -want if neg else want, rtol=0, atol=0)


def case_module_level_code(r, rng):
    n = int(rng.integers(10, 100))
    res = r.run("module_level_code.py", "k", [n], {"out": poisoned(n, np.float64)}, outputs=["out"])
    want = 2 + 8 + 3 + 4 + 5 + 4.0 + 1.0 + 2.0 + (np.arange(n) > 3)
    check_close(res["out"], want, rtol=0, atol=0)


def case_lane_id(r, rng):
    n = 64 * int(rng.integers(2, 5))
    res = r.run("lane_id.py", "lanes", [n], {"out": poisoned(n, np.int32)}, outputs=["out"],
                local_size=[64])
    out = res["out"]
    width = int(out[0]) // 1000
    assert width in (1, 2, 4, 8, 16, 32, 64, 128), f"subgroup size {width}"
    # 1-D workgroups of 64: subgroups are runs of consecutive invocations.
    check_close(out, (np.arange(n) % 64 % width + 1000 * width).astype(np.int32), rtol=0, atol=0)


def case_precision(r, rng):
    n = int(rng.integers(200, 400))
    x, y = rng.standard_normal(n), rng.standard_normal(n)
    s = float(rng.standard_normal())
    k = rng.integers(-60000, 60000, n).astype(np.int64)
    res = r.run("precision_narrow.py", "narrowed", [n], {"x": x, "y": y, "n": k},
                [("s", s)], ["y", "n"])
    x32, y32, s32 = x.astype(np.float32), y.astype(np.float32), np.float32(s)
    want = (x32 * np.float32(0.5) + s32 * y32).astype(np.float64)   # computed in float32
    check_close(res["y"], want, rtol=1e-6, atol=1e-6)
    # 32-bit wrap-around, as numba-vulkan (the launcher converts int64 <-> int32)
    check_close(res["n"], (k.astype(np.int32) * k.astype(np.int32)).astype(np.int64), rtol=0, atol=0)

    a = rng.integers(-2**31, 2**31, n).astype(np.int64)
    out = poisoned(n, np.int64)
    res = r.run("precision_exact.py", "exact", [n], {"a": a, "out": out}, outputs=["out"])
    want = np.array([v * v - (v // 7) * (1 << 40) for v in a.tolist()], dtype=object)
    want = np.array([((w + 2**63) % 2**64) - 2**63 for w in want], dtype=np.int64)
    if not np.array_equal(res["out"], want):
        raise AssertionError("exact 64-bit integer arithmetic differs")


def case_global_arrays(r, rng):
    n = int(rng.integers(100, 300))
    res = r.run("global_arrays.py", "captured", [n], {"out": poisoned(n, np.float64)},
                outputs=["out"])
    table = np.array([3.0, 1.5, -2.0, 8.0])
    assert (res["out"] == table[np.arange(n) % 4] * np.arange(n)).all()
    x = rng.standard_normal(n).astype(np.float32)
    out, extra = np.zeros(n, np.float32), np.zeros(n)
    res = r.run("global_arrays.py", "smooth", [n], {"x": x, "out": out, "extra": extra},
                outputs=["out", "extra"])
    w = np.array([0.25, 0.5, 0.25], dtype=np.float32)
    want = np.zeros(n, np.float32)
    ramp, grid = np.arange(0, 10, 2), np.linspace(-1.0, 1.0, 5)
    table = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
    want_extra = np.zeros(n)
    for i in range(1, n - 1):
        acc = np.float32(0)
        for k in range(3):
            acc = np.float32(acc + x[i - 1 + k] * w[k])
        want[i] = acc * np.float32(np.pi)
        want_extra[i] = ramp[i % 5] + grid[i % 5] + table[i % 2, i % 3]
    check_close(res["out"], want, rtol=0, atol=0)
    check_close(res["extra"], want_extra, rtol=0, atol=0)


def case_imported_helpers(r, rng):
    n = int(rng.integers(100, 300))
    x = rng.standard_normal(n) * 4
    out = poisoned(n, np.float64)
    res = r.run("imported_helpers.py", "apply", [n], {"x": x, "out": out}, outputs=["out"])
    want = np.clip(x, -2.5, 2.5) + 0.5 * np.floor(x) - np.clip(x, 0.0, 2.5)
    check_close(res["out"], want, rtol=0, atol=0)


def case_private_arrays(r, rng):
    m = int(rng.integers(50, 150))
    a = rng.standard_normal((m, 4)).astype(np.float32)
    out = poisoned((m, 4), np.float32)
    res = r.run("private_arrays.py", "reverse_rows", [m], {"a": a, "out": out}, outputs=["out"])
    # acc[1, j] = float32 value + 0.5 (float32) + 0.0 (float64) -> stored as float32
    want = ((a[:, ::-1] + np.float32(0.5)).astype(np.float64) + 0.0).astype(np.float32)
    check_close(res["out"], want, rtol=0, atol=0)


def case_fast_matmul(r, rng):
    # Square and non-square; the seed's tile loop runs gridDim.x times, so
    # A's columns must fit in the columns of the grid (k <= n rounded up).
    for m, k, n in [(32, 32, 32), tuple(int(v) for v in sorted(rng.integers(5, 60, size=3)))]:
        A = rng.standard_normal((m, k)).astype(np.float32)
        B = rng.standard_normal((k, n)).astype(np.float32)
        C = poisoned((m, n), np.float32)
        res = r.run("fast_matmul.py", "fast_matmul", [n, m], {"A": A, "B": B, "C": C},
                    outputs=["C"], local_size=(16, 16))
        want = np.zeros((m, n), np.float32)
        for kk in range(k):                       # the kernel's float32 order
            want = want + A[:, kk:kk + 1] * B[kk:kk + 1, :]
        check_identical(res["C"], want)
        # The default build merges workgroups (the coarsening of barrier
        # kernels): bit-identical to -O0 and to --coarsen=1.
        for flags in (("-O0",), ("--coarsen=1",), ("--coarsen=3",)):
            other = r.run("fast_matmul.py", "fast_matmul", [n, m], {"A": A, "B": B, "C": C},
                          outputs=["C"], local_size=(16, 16), flags=flags)
            check_identical(other["C"], res["C"])


def case_no_float64(r, rng):
    n = int(rng.integers(200, 400))
    x, y = rng.standard_normal(n), rng.standard_normal(n)
    a = float(rng.standard_normal())
    res = r.run("no_float64.py", "axpy64", [n], {"x": x, "y": y}, [("a", a)], ["y"],
                flags=("--no-float64", "-Wno-float64-unavailable"))
    f = np.float32
    want = (f(a) * x.astype(f) + y.astype(f)).astype(np.float64)
    check_close(res["y"], want, rtol=0, atol=0)


def case_narrow_storage(r, rng):
    """narrow=True kernels on float64/complex128 arrays: float32 storage, so
    float32 results (within float32 tolerance of NumPy in float64), and a grid
    shorter than the arrays: the random tails and a NaN poisoned one come back
    bit-identical (the launcher widens only elements the kernel changed)."""
    def same_bits(got, want, what):
        if got.tobytes() != want.tobytes():
            raise AssertionError(f"{what}: elements the kernel did not write changed")

    rows, n = int(rng.integers(50, 120)), int(rng.integers(200, 400))
    count = n - int(rng.integers(70, 150))       # beyond one 64-wide workgroup's tail
    xs, ws = rng.standard_normal(rows), rng.standard_normal(rows)
    s = float(rng.uniform(0.5, 1.5)) / n
    acc = rng.standard_normal(n)                 # random start values, float64 digits
    acc[count + 3] = np.nan                      # poison in the tail
    before = acc.copy()
    res = r.run("narrow_storage.py", "accumulate", [count],
                {"xs": xs, "ws": ws, "acc": acc}, [("s", s), ("count", count)], ["acc"])
    i = np.arange(count)
    want = before[:count] + (ws[None, :] * np.cos(s * xs[None, :] * i[:, None])).sum(axis=1)
    scale = np.abs(ws).sum() + np.abs(before[:count]).max()
    check_close(res["acc"][:count], want, rtol=0, atol=2e-5 * scale)
    # The written head is float32, widened exactly.
    got = res["acc"][:count]
    if not np.array_equal(got.astype(np.float32).astype(np.float64), got):
        raise AssertionError("written elements are not float32 values")
    same_bits(res["acc"][count:], before[count:], "accumulate")

    us, ls = rng.standard_normal(rows) * 40, rng.uniform(-0.05, 0.05, n)
    vis = rng.standard_normal(rows) + 1j * rng.standard_normal(rows)
    img = poisoned(n, np.complex128)
    img[:count] = 0
    img[count + 1:] = rng.standard_normal(n - count - 1) + 1j * rng.standard_normal(n - count - 1)
    before = img.copy()
    res = r.run("narrow_storage.py", "image1d", [count],
                {"us": us, "vis": vis, "ls": ls, "img": img}, [("count", count)], ["img"])
    want = (vis[None, :] * np.exp(2j * np.pi * us[None, :] * ls[:count, None])).sum(axis=1)
    check_close(res["img"][:count], want, rtol=0, atol=1e-4 * np.abs(vis).sum())
    same_bits(res["img"][count:], before[count:], "image1d")


def visibilities(rng, rows, shape, dtype, cdtype):
    us, vs, ws = (rng.standard_normal(rows) * 40 for _ in range(3))
    vis = rng.standard_normal(rows) + 1j * rng.standard_normal(rows)
    h0, h1 = shape[0] // 2, shape[1] // 2
    lpx, mpx = np.mgrid[-h0:shape[0] - h0, -h1:shape[1] - h1]
    ls, ms = lpx * 0.002, mpx * 0.002
    ndashes = np.sqrt(1 - ls**2 - ms**2) - 1
    arrays = {"us": us, "vs": vs, "ws": ws, "vis": vis, "ls": ls, "ms": ms, "ndashes": ndashes}
    arrays = {k: v.astype(cdtype if k == "vis" else dtype) for k, v in arrays.items()}
    # The image NumPy computes from the same (rounded) data, in float64.
    a = {k: v.astype(np.complex128 if k == "vis" else np.float64) for k, v in arrays.items()}
    phase = 2 * np.pi * (a["us"][:, None, None] * a["ls"] + a["vs"][:, None, None] * a["ms"]
                         + a["ws"][:, None, None] * a["ndashes"])
    want = (a["vis"][:, None, None] * np.exp(1j * phase)).sum(axis=0)
    return arrays, want, np.abs(a["vis"]).sum()


def case_imaging(example, dtype, cdtype, rel):
    def run(r, rng):
        rows, shape = int(rng.integers(100, 300)), (int(rng.integers(8, 20)), int(rng.integers(8, 20)))
        arrays, want, scale = visibilities(rng, rows, shape, dtype, cdtype)
        img = np.zeros(shape, cdtype)        # version 1 accumulates into img
        res = r.run(example, "kernel", [shape[0] * shape[1]], {**arrays, "img": img},
                    outputs=["img"], flags=("-Wno-float64-promotion",))
        check_close(res["img"].astype(np.complex128), want, rtol=0, atol=rel * scale)
    return run


def case_dft(r, rng):
    n = int(rng.integers(200, 500))
    xs = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    Xs = poisoned(n, np.complex128)
    res = r.run("dft.py", "dft", [n], {"xs": xs, "Xs": Xs}, outputs=["Xs"],
                flags=("-Wno-float64-promotion",))
    check_close(res["Xs"], np.fft.fft(xs), rtol=0, atol=1e-9 * n)


def manifest_coarsen(spv, entry, axis="x"):
    """The coarsening factor along `axis` ("x": `coarsen`, "y": `coarsen_y`)
    the manifest of `spv` records for `entry`."""
    import json
    with open(os.path.splitext(spv)[0] + ".json") as f:
        e = next(e for e in json.load(f)["entry_points"] if e["name"] == entry)
    return e["coarsen"] if axis == "x" else e["coarsen_y"]


def case_coarsening(example, entry, dtype, cdtype, narrow=False):
    """Thread coarsening (docs/optimisation.md) of the naive kernels at several
    factors: the manifest must record the factor (the kernel was coarsened),
    results must be bit-identical to the same kernel compiled without
    coarsening, and close to NumPy. Grids are not multiples of the factor or
    the workgroup size; outputs the kernel writes are poisoned."""
    def run(r, rng):
        if example.startswith("imaging/"):
            rows, shape = int(rng.integers(100, 300)), (int(rng.integers(8, 20)), int(rng.integers(8, 20)))
            arrays, want, scale = visibilities(rng, rows, shape, dtype, cdtype)
            n, out = shape[0] * shape[1], "img"
            accumulates = example.endswith("v1_naive.py")   # img += …: starts at 0
            arrays["img"] = np.zeros(shape, cdtype) if accumulates else poisoned(shape, cdtype)
            tol = (1e-4 if narrow or dtype == np.float32 else 1e-10) * scale
        else:
            n, out = int(rng.integers(200, 500)), "Xs"
            xs = rng.standard_normal(n) + 1j * rng.standard_normal(n)
            arrays = {"xs": xs, "Xs": poisoned(n, np.complex128)}
            want, tol = np.fft.fft(xs), 1e-9 * n
        flags = ("-Wno-float64-promotion",) + (("--narrow=floats",) if narrow else ())
        # Coarsening runs from -O2, in the default backend.
        off = r.backend == "llvm" or any(f in ("-O0", "-O1", "-fno-coarsen") for f in r.opt_flags)
        base = r.run(example, entry, [n], arrays, outputs=[out], flags=flags + ("--coarsen=1",))[out]
        if manifest_coarsen(r.compile(example, flags + ("--coarsen=1",)), entry) != 1:
            raise AssertionError("--coarsen=1 did not turn coarsening off")
        check_close(base.astype(np.complex128), want, rtol=0, atol=tol)
        for c in (2, 3, 4):
            # A workgroup size that does not divide the grid, and one that is
            # not a power of two, with explicit workgroup counts too.
            for local, groups in ((None, None), ((48,), None), ((32,), (-(-n // 32) + 1,))):
                got = r.run(example, entry, [n], arrays, outputs=[out], local_size=local,
                            groups=groups, flags=flags + (f"--coarsen={c}",))[out]
                if manifest_coarsen(r.compile(example, flags + (f"--coarsen={c}",)), entry) != (1 if off else c):
                    raise AssertionError(f"--coarsen={c}: the kernel was not coarsened")
                try:
                    check_identical(got, base)
                except AssertionError as e:
                    raise AssertionError(f"coarsened by {c}, local size {local}, groups {groups}: {e}")
    return run


def case_thread_coarsening_2d(entry, dtype):
    """Thread coarsening along y of kernels/thread_coarsening_2d.py's 2-D
    kernels (passes/CoarsenThreads.cpp): -O0 must match a NumPy reference
    computed in the kernel's order bit for bit; --coarsen=1 must turn it off;
    the default (the cost model: 4 along y; split_else 1) and --coarsen=2, 3, 4 must match
    -O0 bit for bit, the manifest recording the factor along y. Random
    inputs, shapes that are not multiples of the workgroup or of C,
    workgroups of 16 x 16 and 8 x 3, outputs poisoned (band's columns below
    `lo`, which no copy may write, too)."""
    def run(r, rng):
        name = np.dtype(dtype).name
        sigs = {"matmul": f"void({name}[:, :], {name}[:, :], {name}[:, :])",
                "band": f"void({name}[:, :], {name}[:, :], {name}[::1], {name}[:, :], "
                        "int32[:, :], int32)",
                "early_return": f"void({name}[:, :], {name}[:, :], {name}[:, :])",
                "split_else": f"void({name}[:, :], {name}[:, :], {name}[:, :], int32[:, :])"}
        flags = ("-D", f"DT=np.{name}")
        for kernel, sig in sigs.items():
            flags += ("--sig", f"{kernel}={sig}")

        def rand(*shape):
            if dtype == np.int32:
                return rng.integers(-1000, 1000, size=shape).astype(dtype)
            return rng.standard_normal(shape).astype(dtype)
        m, k, n = (int(v) for v in rng.integers(5, 90, size=3))
        A, B = rand(m, k), rand(k, n)
        want = np.zeros((m, n), dtype)
        for kk in range(k):                       # the kernel's order
            want = want + A[:, kk:kk + 1] * B[kk:kk + 1, :]
        arrays = {"A": A, "B": B, "C": poisoned((m, n), dtype)}
        outs, scalars = ["C"], []
        expected = {"C": want}
        if entry == "band":
            lo = int(rng.integers(1, n))
            scale = rand(n)
            arrays = {"A": A, "B": B, "scale": scale, "C": poisoned((m, n), dtype),
                      "hits": poisoned((m, n), np.int32)}
            outs, scalars = ["C", "hits"], [("lo", lo)]
            expected = {"C": arrays["C"].copy(), "hits": arrays["hits"].copy()}
            expected["C"][:, lo:] = want[:, lo:] * scale[lo:]
            expected["hits"][:, lo:] = (np.arange(m)[:, None] * 1000 + np.arange(n)[None, :])[:, lo:]
        if entry == "split_else":
            arrays["E"] = poisoned((m, 1), np.int32)
            outs = ["C", "E"]

        def split_else_E(local):
            """E after split_else over the grid [m, n] in workgroups `local`:
            1 at i % m for every invocation (i, j) past C's shape."""
            E = poisoned((m, 1), np.int32)
            gx, gy = -(-m // local[0]) * local[0], -(-n // local[1]) * local[1]
            for i in range(gx):
                if i >= m or gy > n:
                    E[i % m, 0] = 1
            return E

        def compiled(extra, local):
            got = r.run("thread_coarsening_2d.py", entry, [m, n], arrays, scalars=scalars,
                        outputs=outs, local_size=local, flags=flags + extra)
            spv = r.compile("thread_coarsening_2d.py", flags + extra)
            return got, (manifest_coarsen(spv, entry), manifest_coarsen(spv, entry, "y"))

        def identical(got, want, what):
            for out in outs:
                try:
                    check_identical(got[out], want[out])
                except AssertionError as e:
                    raise AssertionError(f"{what}, {out}: {e}")
        off = r.backend == "llvm" or any(f in ("-O0", "-O1", "-fno-coarsen") for f in r.opt_flags)
        cost_model = 1 if entry == "split_else" else 4
        for local in ((16, 16), (8, 3)):
            base, _ = compiled(("-O0",), local)
            if entry == "split_else":
                expected["E"] = split_else_E(local)
            identical(base, expected, f"-O0, local size {local}, against NumPy")
            for extra, factor in ((("--coarsen=1",), 1), ((), cost_model), (("--coarsen=2",), 2),
                                  (("--coarsen=3",), 3), (("--coarsen=4",), 4)):
                got, c = compiled(extra, local)
                what = f"{' '.join(extra) or 'default'}, local size {local}"
                if c != (1, 1 if off else factor):
                    raise AssertionError(f"{what}: the manifest's coarsen, coarsen_y are {c}, "
                                         f"expected {(1, 1 if off else factor)}")
                identical(got, base, f"{what} against -O0")
    return run


def barrier_reference(entry, arrays, dtype):
    """What `entry` of kernels/barrier_coarsening.py computes, in its order of
    operations (NumPy rounds each operation as the kernel does)."""
    if entry in ("tiled_matmul", "tiled_matmul_ids"):
        A, B = arrays["A"], arrays["B"]
        want = np.zeros((A.shape[0], B.shape[1]), dtype)
        for kk in range(A.shape[1]):          # padding adds exact zeros
            want = want + A[:, kk:kk + 1] * B[kk:kk + 1, :]
        if entry == "tiled_matmul":
            return {"C": want}
        gy, gx = -(-A.shape[0] // 16), -(-B.shape[1] // 16)
        tiles = arrays["tiles"].copy()
        tiles[:gx * gy] = (gy * 1000 + np.arange(gy)).repeat(gx)
        return {"C": want, "tiles": tiles}
    if entry == "tiled_dot":
        x, w = arrays["x"], arrays["w"]
        want = np.zeros(x.size, dtype)
        for j in range(-(-w.size // 64) * 64):
            want = want + (w[j] if j < w.size else dtype(0)) * x
        return {"out": want}
    if entry == "stencil":
        x = arrays["x"]
        pad = np.concatenate([np.zeros(1, dtype), x, np.zeros(1, dtype)])
        return {"out": pad[:-2] + pad[1:-1] + pad[2:]}
    x, out = arrays["x"], arrays["out"].copy()
    groups = -(-x.size // 64)
    sh = np.zeros(groups * 64, dtype)
    sh[:x.size] = x
    sh = sh.reshape(groups, 64)
    s = 32
    while s > 0:
        sh[:, :s] = sh[:, :s] + sh[:, s:2 * s]
        s //= 2
    out[:groups] = sh[:, 0]
    return {"out": out}


def case_barrier_coarsening(entry, dtype, cost_model_factors):
    """Coarsening of kernels with shared memory and barriers
    (passes/CoarsenBarrierKernels.cpp): `entry` of kernels/barrier_coarsening.py
    compiled at -O0 and with --coarsen=1 must match the NumPy reference bit for
    bit; the default compile (the cost model, whose factors along x and y,
    `cost_model_factors`, the manifest must record) and --coarsen=2, 3, 4
    (along x only) must match them bit for bit. Random inputs, sizes that are
    not multiples of the workgroup or of C, outputs poisoned (block_sums' out
    has 3 elements past the last workgroup's, which must stay poisoned: a copy
    past the grid must not store)."""
    def run(r, rng):
        name = np.dtype(dtype).name
        sigs = {"tiled_matmul": f"void({name}[:, :], {name}[:, :], {name}[:, :])",
                "tiled_matmul_ids": f"void({name}[:, :], {name}[:, :], {name}[:, :], int32[::1])",
                "tiled_dot": f"void({name}[::1], {name}[::1], {name}[::1])",
                "stencil": f"void({name}[::1], {name}[::1])",
                "block_sums": f"void({name}[::1], {name}[::1])"}
        flags = ("-D", f"DT=np.{name}", "-Wno-workgroup-size")
        source = "barrier_coarsening_stencil.py" if entry == "stencil" else "barrier_coarsening.py"
        for kernel, sig in sigs.items():
            if (kernel == "stencil") == (entry == "stencil"):
                flags += ("--sig", f"{kernel}={sig}")

        def rand(*shape):
            if dtype == np.int32:
                return rng.integers(-1000, 1000, size=shape).astype(dtype)
            return rng.standard_normal(shape).astype(dtype)
        if entry in ("tiled_matmul", "tiled_matmul_ids"):
            m, k, n = (int(v) for v in rng.integers(5, 75, size=3))
            arrays = {"A": rand(m, k), "B": rand(k, n), "C": poisoned((m, n), dtype)}
            grid, local, outs = [n, m], (16, 16), ["C"]
            if entry == "tiled_matmul_ids":
                arrays["tiles"] = np.full(-(-m // 16) * -(-n // 16) + 3, -7, np.int32)
                outs.append("tiles")
        else:
            size = int(rng.integers(150, 700))
            arrays = {"x": rand(size)}
            if entry == "tiled_dot":
                arrays["w"] = rand(int(rng.integers(1, 300)))
            groups = -(-size // 64)
            arrays["out"] = poisoned(groups + 3 if entry == "block_sums" else size, dtype)
            grid, local, outs = [size], (64,), ["out"]

        def compiled(extra):
            got = r.run(source, entry, grid, arrays, outputs=outs,
                        local_size=local, flags=flags + extra)
            spv = r.compile(source, flags + extra)
            return got, (manifest_coarsen(spv, entry), manifest_coarsen(spv, entry, "y"))

        def identical(got, want):
            for out in outs:
                try:
                    check_identical(got[out], want[out])
                except AssertionError as e:
                    raise AssertionError(f"{out}: {e}")
        base, c0 = compiled(("-O0",))
        identical(base, barrier_reference(entry, arrays, dtype))
        off = r.backend == "llvm" or any(f in ("-O0", "-O1", "-fno-coarsen-barriers")
                                         for f in r.opt_flags)
        for extra, want in ((("--coarsen=1",), (1, 1)), ((), cost_model_factors),
                            (("--coarsen=2",), (2, 1)), (("--coarsen=3",), (3, 1)),
                            (("--coarsen=4",), (4, 1))):
            got, c = compiled(extra)
            if c != ((1, 1) if off else want):
                raise AssertionError(f"{' '.join(extra) or 'default'}: the manifest's coarsen, "
                                     f"coarsen_y are {c}, expected {(1, 1) if off else want}")
            try:
                identical(got, base)
            except AssertionError as e:
                raise AssertionError(f"{' '.join(extra) or 'default'} (coarsen {c}) against "
                                     f"-O0: {e}")
    return run


def complex_product(a, b):
    """a * b of complex arrays with each part rounded as Python's complex
    multiplication (and numba-cuda's, and nvc's at --fp-contract=off) rounds
    it: (ar*br - ai*bi) + (ar*bi + ai*br)j, four products and two sums, no
    FMA. NumPy's own a * b is no bit-exact reference for this: NumPy 2.5.2 on
    the GPU machine's host fuses the products into FMAs (2026-12-05: 24,546 of
    100,000 real parts differ from the formula; Python's complex product: none
    of 2,000); NumPy 1.24 here computes the formula (docs/benchmarks.md)."""
    out = np.empty(np.broadcast(a, b).shape, np.result_type(a, b))
    out.real = a.real * b.real - a.imag * b.imag
    out.imag = a.real * b.imag + a.imag * b.real
    return out


def check_identical(got, want):
    """Bit for bit (check_close with zero tolerances allows 1 ulp)."""
    if got.shape != want.shape or got.dtype != want.dtype:
        raise AssertionError(f"got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    bad = got.view(np.uint8).reshape(got.size, -1) != want.view(np.uint8).reshape(want.size, -1)
    if bad.any():
        idx = int(np.argwhere(bad.any(axis=1))[0][0])
        raise AssertionError(f"{int(bad.any(axis=1).sum())} of {got.size} elements differ; first "
                             f"at {idx}: got {got.flat[idx]!r}, want {want.flat[idx]!r}")


def case_fma_contraction(r, rng):
    """--fp-contract=off (default) is bit-identical to NumPy doing the same
    operations in the same order; --fp-contract=fast and fastmath=True are
    within the bound of docs/optimisation.md: u·(|a·b| + |c|) for a·b + c
    fused against 2u·(|a·b| + |c|) unfused, so the two differ by at most
    3u·(|a·b| + |c|); an n-term complex multiply-accumulate, fused or not,
    is within (n + 2)·u·Σ|terms| of the exact sum per component, so they
    differ by at most 2(n + 2)·u·Σ|terms| (u = 2^-24 float32, 2^-53 float64)."""
    n = int(rng.integers(700, 1200))
    for dtype, entry, u in ((np.float32, "muladd", 2.0**-24), (np.float64, "muladd__1", 2.0**-53)):
        a, b, c = (rng.standard_normal(n).astype(dtype) for _ in range(3))
        exact = (a * b + c).astype(dtype)      # NumPy: two roundings, never fused
        bound = 3 * u * (np.abs(a.astype(np.float64) * b) + np.abs(c))
        for flags in ((), ("--fp-contract=fast",)):
            res = r.run("fma_contraction.py", entry, [n], {"a": a, "b": b, "c": c,
                        "out": poisoned(n, dtype)}, outputs=["out"], flags=flags)
            if flags:
                err = np.abs(res["out"].astype(np.float64) - exact)
                if not (err <= bound).all():
                    raise AssertionError(f"{entry} {flags}: error {err.max()} over the bound")
            else:
                check_identical(res["out"], exact)
    a, b, c = (rng.standard_normal(n).astype(np.float32) for _ in range(3))
    res = r.run("fma_contraction.py", "muladd_fastmath", [n], {"a": a, "b": b, "c": c,
                "out": poisoned(n, np.float32)}, outputs=["out"])
    err = np.abs(res["out"].astype(np.float64) - (a * b + c))
    if not (err <= 3 * 2.0**-24 * (np.abs(a.astype(np.float64) * b) + np.abs(c))).all():
        raise AssertionError(f"muladd_fastmath: error {err.max()} over the bound")

    m = int(rng.integers(50, 120))
    for cdtype, fdtype, entry, u in ((np.complex64, np.float32, "cmac64", 2.0**-24),
                                     (np.complex128, np.float64, "cmac128", 2.0**-53)):
        x = (rng.standard_normal(m) + 1j * rng.standard_normal(m)).astype(cdtype)
        y = (rng.standard_normal(m) + 1j * rng.standard_normal(m)).astype(cdtype)
        # The kernel's order with float operations only (NumPy's complex
        # loops may use other formulas): acc += x[j] * y[(i + j) % m].
        re, im = np.zeros(m, fdtype), np.zeros(m, fdtype)
        mag = np.zeros(m)
        for j in range(m):
            yj = y[(np.arange(m) + j) % m]
            xr, xi, yr, yi = x[j].real, x[j].imag, yj.real, yj.imag
            re = re + (xr * yr - xi * yi)
            im = im + (xr * yi + xi * yr)
            mag += np.abs(np.float64(xr) * yr) + np.abs(np.float64(xi) * yi) \
                + np.abs(np.float64(xr) * yi) + np.abs(np.float64(xi) * yr)
        exact = (re + 1j * im).astype(cdtype)
        for flags in ((), ("--fp-contract=fast",)):
            res = r.run("fma_contraction.py", entry, [m], {"x": x, "y": y,
                        "out": poisoned(m, cdtype)}, outputs=["out"], flags=flags)
            if flags:
                got = res["out"].astype(np.complex128)
                err = np.maximum(np.abs(got.real - exact.real), np.abs(got.imag - exact.imag))
                if not (err <= 2 * (m + 2) * u * mag).all():
                    raise AssertionError(f"{entry} {flags}: error {err.max()} over the bound")
            else:
                check_identical(res["out"], exact)


def case_fastmath(r, rng):
    """The sincos fusion (cse after the math library) leaves results bit for
    bit as they were: the naive float64 and the float32 imaging kernels give
    the same bits with and without -fno-cse. Under --fastmath (built-in
    float32 sin/cos, 2π distributed over the phase sum, FMAs) the images stay
    within the documented tolerance of NumPy's float64 image: float64
    kernels 1e-10·Σ|vis| (their math functions do not change), float32
    kernels (1e-4 + 2·FASTMATH_SINCOS_ERR)·Σ|vis|, FASTMATH_SINCOS_ERR the
    built-ins' absolute error bound (docs/math.md)."""
    rows, shape = int(rng.integers(100, 300)), (int(rng.integers(8, 20)), int(rng.integers(8, 20)))
    for example, dtype, cdtype, rel in (
            ("imaging/v1_naive.py", np.float64, np.complex128, 1e-10),
            ("imaging/v3_float32.py", np.float32, np.complex64, 1e-4 + 2 * FASTMATH_SINCOS_ERR)):
        arrays, want, scale = visibilities(rng, rows, shape, dtype, cdtype)
        images = {}
        for flags in ((), ("-fno-cse",), ("--fastmath",)):
            res = r.run(example, "kernel", [shape[0] * shape[1]],
                        {**arrays, "img": np.zeros(shape, cdtype)}, outputs=["img"],
                        flags=("-Wno-float64-promotion",) + flags)
            images[flags] = res["img"]
        check_identical(images[()], images[("-fno-cse",)])
        check_close(images[("--fastmath",)].astype(np.complex128), want, rtol=0, atol=rel * scale)


# Vulkan's bound on the absolute error of the float32 sin/cos built-ins (on
# [-π, π]; it sets none beyond). lavapipe stays below 7.4e-8 up to |x| = 1e4
# (tests/math/accuracy.py --fastmath; docs/math.md); NVIDIA's approximate
# sin/cos lose accuracy as |x| grows but stay far below this at the phases
# used here (|phase| < 100).
FASTMATH_SINCOS_ERR = 2.0**-11


def case_accumulate(r, rng):
    """Promoted accumulators (-O2) give the same bits as NumPy adding the same
    terms in the same order into the initial values; k = 0 adds nothing."""
    n, m = int(rng.integers(300, 700)), int(rng.integers(20, 60))
    x = rng.standard_normal(m)
    z = rng.standard_normal(m) + 1j * rng.standard_normal(m)
    for k in (int(rng.integers(1, 3 * m)), 0):
        out = rng.standard_normal(n)
        res = r.run("accumulate.py", "accumulate", [n], {"x": x, "out": out}, [("k", k)], ["out"])
        want = out.copy()
        for j in range(k):
            want = want + x[(np.arange(n) + j) % m] * 0.5
        check_identical(res["out"], want)
        cout = rng.standard_normal(n) + 1j * rng.standard_normal(n)
        res = r.run("accumulate.py", "caccumulate", [n], {"x": z, "out": cout}, [("k", k)], ["out"])
        re, im = cout.real.copy(), cout.imag.copy()
        for j in range(k):
            a, b = z[(np.arange(n) + j) % m], z[j % m]
            re = re + (a.real * b.real - a.imag * b.imag)
            im = im + (a.real * b.imag + a.imag * b.real)
        check_identical(res["out"], re + 1j * im)


def case_loop_fusion(r, rng):
    """Fused loops (-O2) give the same bits as NumPy doing each loop's
    operations in order (cumsum adds left to right); the loop that must not
    fuse reads elements the first loop wrote later."""
    rows, m = int(rng.integers(200, 400)), int(rng.integers(5, 40))
    x = rng.standard_normal((rows, m))
    res = r.run("loop_fusion.py", "row_stats", [rows],
                {"x": x, "sums": poisoned(rows, np.float64), "sumsq": poisoned(rows, np.float64)},
                outputs=["sums", "sumsq"])
    check_identical(res["sums"], np.cumsum(x, axis=1)[:, -1].copy())
    check_identical(res["sumsq"], np.cumsum(x * x, axis=1)[:, -1].copy())
    res = r.run("loop_fusion.py", "producer_consumer", [rows],
                {"x": x, "tmp": poisoned((rows, m), np.float64),
                 "out": poisoned((rows, m), np.float64)}, outputs=["tmp", "out"])
    tmp = x * 2.0 + 1.0
    check_identical(res["tmp"], tmp)
    check_identical(res["out"], (tmp * tmp - x) * 0.5 + tmp)
    res = r.run("loop_fusion.py", "shifted", [rows],
                {"x": x, "tmp": poisoned((rows, m), np.float64),
                 "out": poisoned((rows, m), np.float64)}, outputs=["out"])
    tmp = x * 3.0
    check_identical(res["out"], np.roll(tmp, -1, axis=1) - tmp)


def case_launch_chain(r, rng):
    """Fused launch chains give the bits of NumPy doing each launch's
    operations in order; sizes are not multiples of the workgroup size, so
    the kernels' bounds checks matter, and outputs start poisoned."""
    n = int(rng.integers(1000, 3000)) | 1
    a = np.float32(rng.standard_normal())
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    res = r.run("launch_chain.py", "scale_then_add", [n],
                {"x": x, "y": y, "out": poisoned(n, np.float32)}, [("a", float(a))], ["out"])
    check_identical(res["out"], (a * x) + y)
    x = rng.standard_normal(n)
    y = rng.standard_normal(n)
    c = float(rng.random())
    res = r.run("launch_chain.py", "square_shift_relu", [n],
                {"x": x, "y": y, "shifted": poisoned(n, np.float64),
                 "out": poisoned(n, np.float64)}, [("c", c)], ["shifted", "out"])
    t = x * x - c
    check_identical(res["shifted"], t)
    check_identical(res["out"], np.where(t > 0.0, t, 0.0) + y)


# The seed kernels of the workshop's DFT and direct-imaging chapters that
# need no shared memory (float64 cos/sin, libdevice cosf/sinf/fast_sincosf).
# Atomics: each case runs twice on devices with float atomic adds (lavapipe,
# NVIDIA): with the atomic-float-add variant the runtime picks, and with the
# main module's compare-and-swap loops (NVC_NO_VARIANTS=1).
BUILDS = [("variant", None), ("CAS loops", {"NVC_NO_VARIANTS": "1"})]


def case_integer_atomics(r, rng):
    for local in (32, 64, 256):
        n = int(rng.integers(700, 1300))
        values = rng.integers(-1000, 1000, size=n).astype(np.int32)
        counts = np.array([0, 5, -2**31, 2**31 - 1, -7], np.int32)
        bits = np.array([0xFFFFFFFF, 0, 0x12345678, 0, 0xFFFFFFFF], np.uint32)
        wraps = np.array([3, 2], np.uint32)
        wide = np.array([int(rng.integers(-1000, 1000))], np.int64)
        claims = np.zeros(2, np.int32)
        olds = np.full(2 * n, 0x5A5A, np.int32)
        res = r.run("atomics.py", "integer_atomics", [n],
                    {"values": values, "counts": counts, "olds": olds, "bits": bits,
                     "wraps": wraps, "wide": wide, "claims": claims},
                    outputs=["counts", "olds", "bits", "wraps", "wide", "claims"],
                    local_size=(local,))
        u = values.astype(np.uint32)
        want_counts = [n, 5 - int(values.astype(np.int64).sum()), values.max(), values.min()]
        assert res["counts"][:4].tolist() == want_counts, (res["counts"], want_counts)
        # add returned each previous count once; exch's previous values and
        # the final one are the initial value and every i exactly once.
        assert sorted(res["olds"][:n].tolist()) == list(range(n)), "add's previous values"
        chain = sorted(res["olds"][n:].tolist() + [int(res["counts"][4])])
        assert chain == sorted([-7] + list(range(n))), "exch's previous values"
        want_bits = [np.bitwise_and.reduce(u), np.bitwise_or.reduce(u),
                     np.uint32(0x12345678) ^ np.bitwise_xor.reduce(u), u.max(), u.min()]
        assert res["bits"].tolist() == [int(b) for b in want_bits], (res["bits"], want_bits)
        inc, dec = 3, 2                      # numba.cuda's inc/dec, applied n times
        for _ in range(n):
            inc = 0 if inc >= 6 else inc + 1
            dec = 4 if (dec == 0 or dec > 4) else dec - 1
        assert res["wraps"].tolist() == [inc, dec], (res["wraps"], [inc, dec])
        assert res["wide"].tolist() == [int(wide[0]) + int(values.astype(np.int64).sum())]
        winner, winners = res["claims"].tolist()
        assert winners == 1 and 1 <= winner <= n, res["claims"]
        # compare_and_swap (no index: element 0 of a 1-D array).
        slot = np.array([0, 7, 7], np.int32)
        res = r.run("atomics.py", "compare_and_swap_first", [n],
                    {"slot": slot, "olds": poisoned(n, np.int32)}, outputs=["slot", "olds"])
        slot, got = res["slot"], res["olds"]
        winner = int(slot[0])
        assert 1 <= winner <= n and got[winner - 1] == 0, (slot, got[:8])
        assert (np.delete(got, winner - 1) == winner).all(), got[:8]
        assert (slot[1:] == 7).all(), slot


def case_float_atomics(r, rng):
    for (label, env), local, (dtype, entry) in itertools.product(
            BUILDS, (32, 128), ((np.float32, "float_atomics"), (np.float64, "float_atomics__1"))):
        if True:  # float64: compare-and-swap loops on 64-bit integers
            n = int(rng.integers(500, 900))
            x = rng.standard_normal(n).astype(dtype)
            acc = np.array([0, 1, -np.inf, np.inf, -np.inf, -np.inf, np.inf, 2.5], dtype)
            olds = poisoned(2 * n, dtype)
            res = r.run("atomics.py", entry, [n], {"x": x, "acc": acc, "olds": olds},
                        outputs=["acc", "olds"], local_size=(local,), env=env)
            # lavapipe and NVIDIA have shaderBufferFloat32AtomicAdd: the
            # runtime must load a variant with OpAtomicFAddEXT unless told
            # not to (an atomic-float-add one with float controls where the
            # device also has those).
            variant = ".atomic-float-add" in os.path.basename(r.last_module)
            assert variant == (env is None), (label, r.last_module)
            got, o = res["acc"], res["olds"]
            total = x.astype(np.float64).sum()
            tol = (1e-5 if dtype == np.float32 else 1e-13) * np.abs(x).sum()  # any order
            assert abs(got[0] - total) <= tol and abs(got[1] - (1 - total)) <= tol, (label, got)
            assert got[2] == x.max() and got[3] == x.min() and got[4] == x.max(), (label, got)
            assert got[5] == x.max() and got[6] == x.min(), (label, got)
            # Previous values of add: partial sums, one of them 0, all finite.
            assert np.isfinite(o[:n]).all() and (o[:n] == 0).sum() >= 1, label
            chain = np.sort(np.concatenate([o[n:], got[7:8]]))
            assert np.array_equal(chain, np.sort(np.concatenate([x, [2.5]]))), label
    for k, dtype in enumerate((np.int32, np.int64, np.uint32, np.uint64)):
        info = np.iinfo(dtype)
        n = int(rng.integers(300, 600))
        x = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        acc = np.array([info.min, info.max], dtype)
        res = r.run("atomics.py", "integer_nan_extrema" + (f"__{k}" if k else ""), [n],
                    {"x": x, "acc": acc}, outputs=["acc"])
        assert res["acc"].tolist() == [x.max(), x.min()], (dtype, res["acc"])


def case_histogram(r, rng):
    for label, env in BUILDS:
        for local in (16, 64, 256):
            n = int(rng.integers(900, 1500))
            keys = rng.integers(0, 16, size=n).astype(np.int32)
            weights = rng.uniform(0, 1, size=n).astype(np.float32)
            counts = np.zeros(16, np.int32)
            sums = np.zeros(16, np.float32)
            grid2d = np.zeros((4, 4), np.int32)
            res = r.run("atomics.py", "histogram", [n],
                        {"keys": keys, "weights": weights, "counts": counts, "sums": sums,
                         "grid2d": grid2d},
                        outputs=["counts", "sums", "grid2d"], local_size=(local,), env=env)
            want = np.bincount(keys, minlength=16)
            assert res["counts"].tolist() == want.tolist(), (label, local)
            assert res["grid2d"].reshape(-1).tolist() == want.tolist(), (label, local)
            check_close(res["sums"], np.bincount(keys, weights, 16).astype(np.float32),
                        rtol=1e-4, atol=1e-4)


def case_seed_reductions(r, rng):
    for label, env in BUILDS:
        n = int(rng.integers(3000, 5000))
        x = rng.standard_normal(n).astype(np.float32)
        xs = rng.standard_normal(n)
        tol32 = 1e-5 * np.abs(x).sum()
        # block_sums's tree assumes 256 invocations. total's second stage has
        # one subgroup add up the per-subgroup partials, so it needs no more
        # subgroups than lanes: local sizes up to 64 with lavapipe's 8 lanes
        # (the seed's assumption; up to 1024 with NVIDIA's 32).
        for entry, local in [("block_sums", 256), ("total", 32), ("total", 64)]:
            out = np.zeros(1, np.float32)
            res = r.run("seed_reductions.py", entry, [-(-n // local) * local],
                        {"x": x, "out": out}, outputs=["out"], local_size=(local,), env=env)
            assert abs(res["out"][0] - x.astype(np.float64).sum()) <= tol32, (label, entry)
        for entry in ("sum_atomic", "sum"):   # grid-stride: fewer invocations than elements
            acc = np.zeros(1, np.float32)
            res = r.run("seed_reductions.py", entry, [256 * 5], {"xs": xs, "acc": acc},
                        outputs=["acc"], local_size=(256,), env=env)
            assert abs(res["acc"][0] - xs.sum()) <= 1e-5 * np.abs(xs).sum(), (label, entry)


MATH_CASES = [
    ("DFT of the GPU workshop (complex128, math.cos/sin)", case_dft),
    ("imaging v1: naive, float64", case_imaging("imaging/v1_naive.py", np.float64, np.complex128, 1e-10)),
    ("imaging v2: local accumulator", case_imaging("imaging/v2_accumulator.py", np.float64, np.complex128, 1e-10)),
    ("imaging v3: float32 and libdevice cosf/sinf", case_imaging("imaging/v3_float32.py", np.float32, np.complex64, 1e-4)),
    ("imaging v4: fast_sincosf", case_imaging("imaging/v4_fast_sincosf.py", np.float32, np.complex64, 1e-4)),
    ("thread coarsening: imaging v1, float64", case_coarsening("imaging/v1_naive.py", "kernel", np.float64, np.complex128)),
    ("thread coarsening: imaging v1, --narrow=floats", case_coarsening("imaging/v1_naive.py", "kernel", np.float64, np.complex128, narrow=True)),
    ("thread coarsening: imaging v2", case_coarsening("imaging/v2_accumulator.py", "kernel", np.float64, np.complex128)),
    ("thread coarsening: imaging v3", case_coarsening("imaging/v3_float32.py", "kernel", np.float32, np.complex64)),
    ("thread coarsening: imaging v4", case_coarsening("imaging/v4_fast_sincosf.py", "kernel", np.float32, np.complex64)),
    ("thread coarsening: DFT", case_coarsening("dft.py", "dft", np.float64, np.complex128)),
    ("thread coarsening along y: matmul, float32", case_thread_coarsening_2d("matmul", np.float32)),
    ("thread coarsening along y: matmul, float64", case_thread_coarsening_2d("matmul", np.float64)),
    ("thread coarsening along y: matmul, int32", case_thread_coarsening_2d("matmul", np.int32)),
    ("thread coarsening along y: band (first copy outside the guard), float32",
     case_thread_coarsening_2d("band", np.float32)),
    ("thread coarsening along y: band (first copy outside the guard), int32",
     case_thread_coarsening_2d("band", np.int32)),
    ("thread coarsening along y: early return, float32", case_thread_coarsening_2d("early_return", np.float32)),
    ("thread coarsening along y: if/else storing in its else, float32",
     case_thread_coarsening_2d("split_else", np.float32)),
    ("barrier coarsening: tiled_matmul, float32", case_barrier_coarsening("tiled_matmul", np.float32, (4, 4))),
    ("barrier coarsening: tiled_matmul, float64", case_barrier_coarsening("tiled_matmul", np.float64, (4, 2))),
    ("barrier coarsening: tiled_matmul, int32", case_barrier_coarsening("tiled_matmul", np.int32, (4, 2))),
    # 4 x 3: its per-workgroup store's index and value take registers too.
    ("barrier coarsening: tiled_matmul with blockIdx, gridDim along y, float32",
     case_barrier_coarsening("tiled_matmul_ids", np.float32, (4, 3))),
    ("barrier coarsening: tiled_matmul with blockIdx, gridDim along y, float64",
     case_barrier_coarsening("tiled_matmul_ids", np.float64, (4, 2))),
    ("barrier coarsening: tiled_dot, float32", case_barrier_coarsening("tiled_dot", np.float32, (4, 1))),
    ("barrier coarsening: tiled_dot, float64", case_barrier_coarsening("tiled_dot", np.float64, (4, 1))),
    ("barrier coarsening: tiled_dot, int32", case_barrier_coarsening("tiled_dot", np.int32, (4, 1))),
    ("barrier coarsening: stencil, float32", case_barrier_coarsening("stencil", np.float32, (1, 1))),
    ("barrier coarsening: stencil, float64", case_barrier_coarsening("stencil", np.float64, (1, 1))),
    ("barrier coarsening: stencil, int32", case_barrier_coarsening("stencil", np.int32, (1, 1))),
    ("barrier coarsening: block_sums, float32", case_barrier_coarsening("block_sums", np.float32, (1, 1))),
    ("barrier coarsening: block_sums, float64", case_barrier_coarsening("block_sums", np.float64, (1, 1))),
    ("barrier coarsening: block_sums, int32", case_barrier_coarsening("block_sums", np.int32, (1, 1))),
    ("imaging v5: 2π hoisted out of the loop", case_imaging("imaging/v5_hoisted.py", np.float32, np.complex64, 1e-4)),
]


def case_subgroups(r, rng):
    n = 256                                   # whole workgroups: every lane active
    x = rng.standard_normal(n).astype(np.float32)
    k = rng.integers(-50, 50, n).astype(np.int32)
    out, info = poisoned(n, np.float32), poisoned((n, 8), np.int32)
    res = r.run("subgroups.py", "subgroup_ops", [n], {"x": x, "k": k, "out": out, "info": info},
                outputs=["out", "info"], local_size=(64,))
    got = res["info"]
    size = int(got[0, 1])
    if size < 1 or 64 % size or np.any(got[:, 1] != size):
        raise AssertionError(f"subgroup sizes {set(got[:, 1].tolist())}")
    lanes = np.arange(n) % size                # 1-D workgroups: consecutive lanes
    groups = np.arange(n) // size
    check_close(got[:, 0], lanes.astype(np.int32), rtol=0, atol=0)
    sums = np.array([x[groups == g].astype(np.float64).sum() for g in groups])
    check_close(res["out"].astype(np.float64), sums, rtol=0, atol=1e-5 * size)
    check_close(got[:, 2], np.array([k[groups == g].max() for g in groups], np.int32), rtol=0, atol=0)
    check_close(got[:, 3], np.array([int((k[groups == g] > 40).any()) for g in groups], np.int32), rtol=0, atol=0)
    check_close(got[:, 4], np.ones(n, np.int32), rtol=0, atol=0)
    check_close(got[:, 5], k[np.arange(n) ^ 1].astype(np.int32), rtol=0, atol=0)
    inner = lanes < size - 1                   # shfl_down from past the last lane is undefined
    check_close(got[inner, 6], k[np.arange(n)[inner] + 1], rtol=0, atol=0)
    check_close(got[:, 7], (lanes + 100 * size).astype(np.int32), rtol=0, atol=0)



def case_cmath(r, rng):
    n = int(rng.integers(200, 400))
    z = (rng.standard_normal(n) + 1j * rng.standard_normal(n)) * 3
    z[:4] = [0j, -2 + 0j, -2 - 0j, 1j]                 # branch cuts and zero
    out, reals = poisoned(n, np.complex128), poisoned((n, 4), np.float64)
    res = r.run("cmath_ops.py", "cmath_ops", [n], {"z": z, "out": out, "reals": reals},
                outputs=["out", "reals"])
    import cmath
    want = np.array([cmath.exp(w) + cmath.sqrt(w) * 2 - np.exp(w * 0.5j) for w in z])
    check_close(res["out"], want, rtol=1e-14, atol=1e-14)
    polar = [cmath.polar(w) for w in z]
    want_reals = np.array([[abs(w), cmath.phase(w), p[0] - abs(cmath.rect(*p)), p[1]]
                           for w, p in zip(z, polar)])
    check_close(res["reals"], want_reals, rtol=1e-14, atol=1e-14)

def case_cmath_special(r, rng):
    """Every cmath function, abs, np.exp and division of complex64/complex128
    on a grid of special-value pairs and random values, against CPython's
    cmath (rules in cmath_special_check.py)."""
    import cmath_special_check as chk
    for ctype, part, bits in ((np.complex128, np.float64, "128"), (np.complex64, np.float32, "64")):
        z = np.concatenate([chk.grid(part), chk.random_values(rng, 900, part)]).astype(ctype)
        n = len(z)
        outs = {"out": np.full((n, len(chk.UNARY)), 12345.5 - 777j, ctype),
                "reals": np.full((n, len(chk.REALS)), 12345.5, part),
                "flags": np.full((n, len(chk.FLAGS)), 7, np.int32)}
        res = r.run("cmath_special.py", "unary" + bits, [n], {"z": z, **outs}, outputs=list(outs))
        worst = chk.check_unary(z, res["out"], res["reals"], res["flags"], ctype,
                                flushes=r.may_flush_float32_subnormals())
        if os.environ.get("NVC_CMATH_REPORT"):
            print(ctype.__name__, {k: round(v, 2) for k, v in sorted(worst.items())})
        v = [0.0, -0.0, 1.0, -1.0, 2.5, -0.5, chk.values(part)[-4], np.inf, -np.inf, np.nan]
        g = np.array([complex(x, y) for x in v for y in v])
        a = np.concatenate([np.repeat(g, len(g)), chk.random_values(rng, 600, part)]).astype(ctype)
        b = np.concatenate([np.tile(g, len(g)), chk.random_values(rng, 600, part)]).astype(ctype)
        out = np.full((len(a), 2), 12345.5 - 777j, ctype)
        res = r.run("cmath_special.py", "binary" + bits, [len(a)], {"a": a, "b": b, "out": out},
                    outputs=["out"])
        worst = chk.check_binary(a, b, res["out"], ctype,
                                 flushes=r.may_flush_float32_subnormals())
        if os.environ.get("NVC_CMATH_REPORT"):
            print(ctype.__name__, {k: round(v, 2) for k, v in sorted(worst.items())})


# Cooperative kernels (issue 4): workgroups, shared memory, barriers and
# subgroups, each with several workgroup sizes and data sizes that are not
# multiples of them.
WORKGROUP_SIZES = (32, 64, 128, 256)


def check_equal(got, want):
    """Exact equality (infinities included), dtypes and shapes too."""
    if got.shape != want.shape or got.dtype != want.dtype:
        raise AssertionError(f"got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    bad = ~((got == want) | (np.isnan(got) & np.isnan(want)) if got.dtype.kind in "fc"
            else got == want)
    if bad.any():
        idx = np.argwhere(bad)[0]
        raise AssertionError(f"{bad.sum()} of {got.size} elements differ; first at "
                             f"{tuple(idx)}: got {got[tuple(idx)]!r}, want {want[tuple(idx)]!r}")




def subgroup_blocks(a, size, fill):
    """`a` padded with `fill` to whole subgroups of `size` lanes: (groups, size)."""
    n = -(-a.size // size) * size
    return np.concatenate([a, np.full(n - a.size, fill, a.dtype)]).reshape(-1, size)


def exclusive(scan, blocks, identity):
    """The exclusive scan from the inclusive one: shifted right by one lane."""
    out = np.empty_like(scan)
    out[:, 0] = identity
    out[:, 1:] = scan[:, :-1]
    return out


def case_subgroup_scans(r, rng):
    for local in WORKGROUP_SIZES:
        n = int(rng.integers(local + 1, 4 * local)) | 1      # never a multiple of the group
        x = rng.uniform(-2, 2, n).astype(np.float32)
        k = rng.integers(-20, 21, n).astype(np.int32)
        p = rng.choice(np.array([-2, -1, 1, 2], np.int32), n)
        out, info = poisoned((n, 8), np.float32), poisoned((n, 19), np.int32)
        res = r.run("subgroup_scans.py", "scans", [n], {"x": x, "k": k, "p": p, "out": out,
                                                        "info": info},
                    outputs=["out", "info"], local_size=(local,))
        got, gotf = res["info"], res["out"]
        size = int(got[0, 12])
        if size < 1 or local % size or np.any(got[:, 12] != size):
            raise AssertionError(f"subgroup sizes {set(got[:, 12].tolist())}")
        lanes = np.arange(n) % size
        check_equal(got[:, 13], lanes.astype(np.int32))
        xb = subgroup_blocks(x, size, np.float32(0)).astype(np.float64)
        kb = subgroup_blocks(k, size, np.int32(0)).astype(np.int64)
        pb = subgroup_blocks(p, size, np.int32(1)).astype(np.int64)
        ob = 1 + xb / 8
        flat = lambda b: b.reshape(-1)[:n]
        tol = 1e-5 * size
        isum = np.cumsum(xb, axis=1)
        check_close(gotf[:, 0].astype(np.float64), flat(isum), rtol=0, atol=tol)
        check_close(gotf[:, 1].astype(np.float64), flat(exclusive(isum, xb, 0)), rtol=0, atol=tol)
        imin, imax = np.minimum.accumulate(xb, axis=1), np.maximum.accumulate(xb, axis=1)
        check_equal(gotf[:, 2].astype(np.float64), flat(imin))
        check_equal(gotf[:, 3].astype(np.float64), flat(exclusive(imax, xb, -np.inf)))
        iprod = np.cumprod(ob, axis=1)
        check_close(gotf[:, 4].astype(np.float64), flat(iprod), rtol=1e-5 * size, atol=0)
        check_close(gotf[:, 5].astype(np.float64), flat(exclusive(iprod, ob, 1)), rtol=1e-5 * size, atol=0)
        check_equal(gotf[:, 6].astype(np.float64), flat(imax))
        check_equal(gotf[:, 7].astype(np.float64), flat(exclusive(imin, xb, np.inf)))
        i32 = lambda a: a.astype(np.int64).astype(np.uint32).view(np.int32)   # wraps as the kernel does
        ip = np.cumprod(pb, axis=1)
        check_equal(got[:, 0], i32(flat(ip)))
        check_equal(got[:, 1], i32(flat(exclusive(ip, pb, 1))))
        ikmax, ikmin = np.maximum.accumulate(kb, axis=1), np.minimum.accumulate(kb, axis=1)
        check_equal(got[:, 2], i32(flat(ikmax)))
        check_equal(got[:, 3], i32(flat(exclusive(ikmin, kb, 2**31 - 1))))
        iks = np.cumsum(kb, axis=1)
        check_equal(got[:, 4], i32(flat(iks)))
        check_equal(got[:, 5], i32(flat(exclusive(iks, kb, 0))))
        check_equal(got[:, 15], i32(flat(ikmin)))
        check_equal(got[:, 16], i32(flat(exclusive(ikmax, kb, -2**31))))
        # Votes: elect is lane 0; the ballot's bits are the lanes with k > 0.
        check_equal(got[:, 6], (lanes == 0).astype(np.int32))
        def word(w):   # lanes 32w .. 32w + 31 of each subgroup, as a uint32 per lane
            lanes_w = (kb[:, 32 * w:32 * w + 32] > 0).astype(np.uint64)
            bits = (lanes_w << np.arange(lanes_w.shape[1], dtype=np.uint64)).sum(axis=1)
            return np.repeat(bits.astype(np.uint32), size)[:n]
        word0 = word(0)
        check_equal(got[:, 7], word0.view(np.int32))
        check_equal(got[:, 10], word0.view(np.int32))
        check_equal(got[:, 14], (word(1) | word(2) | word(3)).view(np.int32))
        check_equal(got[:, 8], flat(np.repeat((kb > 0).sum(axis=1, keepdims=True), size, axis=1)).astype(np.int32))
        check_equal(got[:, 9], i32(flat(np.repeat(kb[:, :1], size, axis=1))))
        full = np.uint32((1 << size) - 1 if size < 32 else 0xffffffff)
        check_equal(got[:, 11], np.full(n, full, np.uint32).view(np.int32))
        # Inside `if k > 0:` only those lanes take part.
        pos = np.where(kb > 0, kb, 0)
        want17 = np.where(kb > 0, np.cumsum(pos, axis=1), -1)
        check_equal(got[:, 17], i32(flat(want17)))
        firstpos = np.argmax(kb > 0, axis=1)
        first = np.take_along_axis(kb, firstpos[:, None], axis=1)
        elect = (np.arange(size)[None, :] == firstpos[:, None]).astype(np.int64)
        want18 = np.where(kb > 0, first * 10 + elect, -1)
        check_equal(got[:, 18], i32(flat(want18)))


def case_subgroup_64bit(r, rng):
    for local in (32, 64):
        n = int(rng.integers(local + 1, 3 * local)) | 1
        x = rng.standard_normal(n) * 1e3
        k = rng.integers(-2**40, 2**40, n)
        out, info = poisoned((n, 3), np.float64), poisoned((n, 4), np.int64)
        res = r.run("subgroup_64bit.py", "wide", [n], {"x": x, "k": k, "out": out, "info": info},
                    outputs=["out", "info"], local_size=(local,))
        # The subgroup size, from where the exclusive sums restart at 0.
        starts = np.flatnonzero(res["out"][:, 0] == 0)
        size = int(starts[1]) if starts.size > 1 else n
        if local % size or np.any(starts % size):
            raise AssertionError(f"exclusive scans restart at {starts[:4]}")
        lanes = np.arange(n) % size
        xb, kb = subgroup_blocks(x, size, 0.0), subgroup_blocks(k, size, np.int64(0))
        flat = lambda b: b.reshape(-1)[:n]
        check_close(res["out"][:, 0], flat(exclusive(np.cumsum(xb, axis=1), xb, 0.0)),
                    rtol=0, atol=1e-12 * np.abs(x).sum())
        partner = np.arange(n) ^ 1
        ok = partner < n
        check_equal(res["out"][ok, 1], x[partner[ok]])
        check_equal(res["out"][:, 2], flat(np.repeat(xb[:, :1], size, axis=1)))
        got = res["info"]
        check_equal(got[:, 0], flat(np.maximum.accumulate(kb, axis=1)))
        up = lanes > 0                                        # lane 0's shuffle_up is undefined
        check_equal(got[up, 1], k[np.arange(n)[up] - 1])
        check_equal(got[:, 2], flat(np.repeat(kb[:, :1], size, axis=1)))
        check_equal(got[:, 3], flat(np.repeat(kb.sum(axis=1, keepdims=True), size, axis=1)))


def case_syncthreads_votes(r, rng):
    for local in WORKGROUP_SIZES:
        n = int(rng.integers(local + 1, 5 * local))
        if n % local == 0:
            n += 1
        x = rng.uniform(-3, 3, n).astype(np.float32)
        out = poisoned((n, 4), np.int32)
        res = r.run("syncthreads_votes.py", "votes", [n], {"x": x, "out": out}, outputs=["out"],
                    local_size=(local,))
        xb = subgroup_blocks(x, local, np.float32(0))        # one row per workgroup
        per = lambda v: np.repeat(v, local)[:n].astype(np.int32)
        want = np.stack([per((xb > 0).sum(axis=1)), per((xb > -2).all(axis=1)),
                         per((xb > 2).any(axis=1)),
                         per(sum((xb > t).sum(axis=1) for t in range(3)))], axis=1)
        check_equal(res["out"], want)
    for lx, ly in ((8, 8), (16, 4), (32, 2), (4, 16)):
        rows, cols = int(rng.integers(10, 40)), int(rng.integers(10, 40))
        x = rng.uniform(-3, 3, (rows, cols)).astype(np.float32)
        out = poisoned((rows, cols, 2), np.int32)
        # cuda.grid(2) gives (x, y): rows run along x.
        res = r.run("syncthreads_votes.py", "votes2d", [rows, cols], {"x": x, "out": out},
                    outputs=["out"], local_size=(lx, ly))
        gr, gc = -(-rows // lx) * lx, -(-cols // ly) * ly
        pad = np.zeros((gr, gc), np.float32)
        pad[:rows, :cols] = x
        blocks = pad.reshape(gr // lx, lx, gc // ly, ly)
        count = (blocks > 0).sum(axis=(1, 3))
        big = (blocks > 2).any(axis=(1, 3))
        want = np.stack([np.repeat(np.repeat(count, lx, 0), ly, 1)[:rows, :cols],
                         np.repeat(np.repeat(big, lx, 0), ly, 1)[:rows, :cols]], axis=2)
        check_equal(res["out"], want.astype(np.int32))


def case_tuple_loops(r, rng):
    n = int(rng.integers(600, 2000))
    xs = rng.standard_normal(n)
    groups = -(-n // 256)
    out, info = poisoned(groups, np.float64), poisoned(n, np.int32)
    res = r.run("tuple_loops.py", "tree", [n], {"xs": xs, "out": out, "info": info},
                outputs=["out", "info"], local_size=(256,))
    pad = np.concatenate([xs, np.zeros(groups * 256 - n)]).reshape(groups, 256)
    check_close(res["out"], pad.sum(axis=1), rtol=0, atol=1e-13 * np.abs(xs).sum())
    want = []
    for i in range(n):
        acc = 0
        for v in (3, -1, 4, -1, 5, 9, 2):
            if v < 0:
                continue
            if v > i % 10:
                break
            acc += v
        else:
            acc += 1000
        want.append(acc)
    check_equal(res["info"], np.array(want, np.int32))


def case_literal_unroll(r, rng):
    src = "literal_unroll.py"
    n = int(rng.integers(30, 90))
    x = rng.standard_normal(n)
    x[rng.integers(0, n, 3)] = 0.25        # the float32 item's value: == holds for it too
    res = r.run(src, "mixed", [n], {"x": x, "out": poisoned(n, np.float64)}, outputs=["out"])
    want = []
    for i in range(n):
        acc, broke = 0.0, False
        for v in (1, 2.5, 0.25, True, x[i]):
            if v == 2.5 and i % 3 == 0:
                continue
            if i % 5 == 4 and v == 0.25:
                broke = True
                break
            acc += v * 2
        want.append(acc if broke else acc + 1000)
    check_close(res["out"], np.array(want), rtol=1e-15)
    res = r.run(src, "tables", [n], {"out": poisoned((n, 9), np.float64)}, outputs=["out"])
    tables = (np.int32([3, -1, 4, 1, -5]), np.float64([[0.5, np.inf], [2.5, -3.5]])[::-1],
              np.array([True, False, True, True]), np.float32([1.25, np.nan, -0.5]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        row = [float(np.nansum(a) + np.nanmax(a) * 10 + a.ndim * 100 + a.size * 1000)
               for a in tables] + [float(a.min()) for a in tables]
    want = np.array([row + [sum(v * w for v in (np.int32(i), 0.5 * i, i % 2 == 0)
                                for w in (2, 0.25))] for i in range(n)])
    assert np.array_equal(res["out"], want, equal_nan=True), (res["out"][:2], want[:2])
    x32 = rng.standard_normal(n).astype(np.float32)
    res = r.run(src, "uniform", [n], {"x": x32, "out": poisoned(n, np.float64)}, outputs=["out"])
    # float64 s += float32 items in order: ((0 + x) + 2x) + 0.5 in float64.
    want = ((0.0 + x32.astype(np.float64)) + (x32 * np.float32(2)).astype(np.float64)) + 0.5
    check_close(res["out"], want, rtol=0, atol=0)
    res = r.run(src, "evaluated_once", [n], {"x": x, "out": poisoned(n, np.float64)},
                outputs=["x", "out"])
    i = np.arange(n)
    s = x.copy()
    for _ in range(4):                     # s += 10 per item, rounded each time
        s = s + 10
    want = (((x * 3 + 1) * 3 + 2 * x) * 3 + i) + s
    check_close(res["out"], want, rtol=0, atol=0)
    assert (res["x"] == -1).all(), res["x"]


def case_array_sum(r, rng):
    for local in (*WORKGROUP_SIZES, 1024):
        n = local + int(rng.integers(1, 50))                   # more elements than threads
        data = rng.integers(-1000, 1000, n).astype(np.int64)
        res = r.run("array_sum.py", "array_sum", None, {"data": data}, outputs=["data"],
                    local_size=(local,), groups=(1,), flags=("-Wno-divergent-barrier",))
        want = data.copy()
        want[0] = data[:local].sum()
        check_equal(res["data"], want)


# Dynamic shared memory (numba-cuda's cuda.shared.array(0, dtype)): every
# dtype family through one device function, at several byte counts per module.
DYNAMIC_SHARED_DTYPES = [np.float32, np.float64, np.int32, np.int64, np.int16, np.uint8,
                         np.bool_, np.complex64, np.complex128]


def random_values(rng, n, dtype):
    """n random values of `dtype`, never all equal (bools: both values)."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        v = rng.integers(0, 2, n).astype(np.bool_)
        v[:2] = [True, False]
        return v
    if dtype.kind == "c":
        return (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)
    if dtype.kind == "f":
        return rng.standard_normal(n).astype(dtype)
    info = np.iinfo(dtype)
    lo, hi = max(info.min, -2**31), min(info.max, 2**31 - 1)
    return rng.integers(lo, hi, n, endpoint=True).astype(dtype)


def poisoned_narrow(n, dtype):
    """poisoned(), with a sentinel that fits 8-bit integers too."""
    if np.dtype(dtype).kind in "iu" and np.dtype(dtype).itemsize == 1:
        return np.full(n, 0x5A, dtype)
    return poisoned(n, dtype)


def case_dynamic_shared(r, rng):
    src = "dynamic_shared.py"
    # numba-cuda's test_dyn_shared_memory: compiled[1, 50, 0, ary.size * 4](ary).
    ary = poisoned(50, np.float32)
    res = r.run(src, "dyn_shared_memory", None, {"ary": ary}, outputs=["ary"],
                local_size=(50,), groups=(1,), shared_bytes=50 * 4)
    check_equal(res["ary"], 2 * np.arange(50, dtype=np.float32))

    # Each workgroup reverses its first bytes // itemsize elements through the
    # dynamic array: all of them, some (with bytes that are no multiple of the
    # itemsize), one, and none (numba's default of 0 bytes); one module each.
    local, groups = 64, 3
    for dtype in DYNAMIC_SHARED_DTYPES:
        itemsize = np.dtype(dtype).itemsize
        for k in (local, int(rng.integers(2, local)), 1, 0):
            nbytes = k * itemsize + (int(rng.integers(1, itemsize)) if itemsize > 1 and k else 0)
            x = random_values(rng, local * groups, dtype)
            out = poisoned_narrow(local * groups, dtype)
            lens = poisoned(3, np.int64)
            res = r.run(src, "reverse_" + np.dtype(dtype).name, None,
                        {"x": x, "out": out, "lens": lens}, outputs=["out", "lens"],
                        local_size=(local,), groups=(groups,), shared_bytes=nbytes)
            want = out.copy()
            for g in range(groups):
                want[g * local:g * local + k] = x[g * local:g * local + k][::-1]
            label = f"{np.dtype(dtype).name}, {nbytes} bytes"
            assert res["lens"].tolist() == [k, k, k], (label, res["lens"])
            try:
                check_equal(res["out"], want)
            except AssertionError as e:
                raise AssertionError(f"{label}: {e}")

    # Static and dynamic arrays side by side, at two workgroup sizes.
    for local in (128, 32):
        n = local * 2
        x = rng.standard_normal(n).astype(np.float32)
        y = rng.integers(-1000, 1000, n).astype(np.int32)
        out = poisoned(n, np.float32)
        res = r.run(src, "static_and_dynamic", None, {"x": x, "y": y, "out": out},
                    outputs=["out"], local_size=(local,), groups=(2,), shared_bytes=local * 4)
        xb, yb = x.reshape(2, local), y.reshape(2, local)
        want = (xb[:, ::-1] + np.roll(yb, -1, axis=1).astype(np.float32)).reshape(-1)
        check_equal(res["out"], want)

    # One memory under three names, one of them in a device function.
    local = 64
    x = rng.integers(0, 2**32, 2 * local, dtype=np.uint32)
    out = poisoned(2 * local, np.int32)
    lens = poisoned(1, np.int32)
    res = r.run(src, "aliased", None, {"x": x, "out": out, "lens": lens},
                outputs=["out", "lens"], local_size=(local,), groups=(2,),
                shared_bytes=local * 4 + 2)
    xi = x.view(np.int32).astype(np.int64).reshape(2, local)
    want = (xi[:, ::-1] - xi).reshape(-1).astype(np.int32)  # int64 difference, wrapped
    check_equal(res["out"], want)
    assert res["lens"].tolist() == [local], res["lens"]

    # Only the length is read: the array itself may be optimised away.
    for nbytes in (0, 7, 8, int(rng.integers(9, 4000))):
        lens = poisoned(1, np.int64)
        res = r.run(src, "length_only", None, {"lens": lens}, outputs=["lens"],
                    groups=(1,), shared_bytes=nbytes)
        assert res["lens"].tolist() == [nbytes // 8], (nbytes, res["lens"])

    # More than any device's shared memory: refused before the launch.
    spv = r.compile(src)
    p = subprocess.run([r.nvc_run, spv, "--entry", "length_only", "--groups", "1",
                        "--shared-bytes", str(1 << 24),
                        f"lens=@{os.path.join(r.work, r.backend + '_length_only_lens_in.npy')}"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 1 and "maxComputeSharedMemorySize" in p.stdout, p.stdout


def case_block_size(r, rng):
    """Kernels written for a block size (issue 26, item 2): launched without a
    local size they get the one their code shows (a shared array indexed by
    cuda.threadIdx.x: 128) or the decorator's local_size=, as numba-cuda
    launches them with the block size they were written for; a larger
    workgroup is refused, naming the array; a guarded access bounds nothing."""
    groups = int(rng.integers(3, 40))
    x = rng.standard_normal(groups * 128).astype(np.float32)
    out = poisoned(groups, np.float32)
    res = r.run("block_size.py", "block_sums", None, {"x": x, "out": out}, outputs=["out"],
                groups=(groups,))
    # The kernel's tree order, in float32.
    want = x.reshape(groups, 128).copy()
    s = 64
    while s > 0:
        want[:, :s] += want[:, s:2 * s]
        s //= 2
    check_equal(res["out"], want[:, 0])
    manifest = json.load(open(os.path.splitext(r.compile("block_size.py"))[0] + ".json"))
    entries = {e["name"]: e for e in manifest["entry_points"]}
    assert entries["block_sums"]["workgroup_size"] == [128, 1, 1], entries["block_sums"]
    assert entries["block_sums"]["max_workgroup_size"]["size"] == [128, None, None]
    assert entries["tile_transpose"]["workgroup_size"] == [8, 4, 1]
    assert entries["tile_transpose"]["max_workgroup_size"]["size"] == [8, 4, None]
    assert entries["guarded"]["workgroup_size"] == [64, 1, 1]
    assert entries["guarded"]["max_workgroup_size"] is None

    # More invocations than the array has elements: refused before the launch.
    spv = r.compile("block_size.py")
    p = subprocess.run([r.nvc_run, spv, "--entry", "block_sums", "--groups", "1",
                        "--local-size", "256",
                        f"x=@{os.path.join(r.work, r.backend + '_block_sums_x_in.npy')}",
                        f"out=@{os.path.join(r.work, r.backend + '_block_sums_out_in.npy')}"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 1 and "shared array 'sm' has 128 elements" in p.stdout, p.stdout

    xi = rng.integers(-2 ** 31, 2 ** 31, groups * 32).astype(np.int32)
    res = r.run("block_size.py", "tile_transpose", None,
                {"x": xi, "out": poisoned(groups * 32, np.int32)}, outputs=["out"],
                groups=(groups,))
    k = np.arange(32)
    check_equal(res["out"], xi.reshape(groups, 32)[:, (k % 4) * 8 + k // 4].reshape(-1))

    n = int(rng.integers(100, 300))
    res = r.run("block_size.py", "guarded", [n], {"out": poisoned(n, np.int32)},
                outputs=["out"])
    check_equal(res["out"], (np.arange(n) % 64 % 32 + 64).astype(np.int32))
    res = r.run("block_size.py", "guarded", [n], {"out": poisoned(n, np.int32)},
                outputs=["out"], local_size=(256,))
    check_equal(res["out"], (np.arange(n) % 256 % 32 + 256).astype(np.int32))


def case_subword_extend(r, rng):
    """8- and 16-bit results that wrapped (abs of the minimum keeps numba's
    narrow type; conversions truncate), stored to int64/uint64, at both
    integer widths: NVIDIA's driver widened the register, not the narrow
    value, until nvc computed abs in 32 bits and truncated it (FOUND.md #25)."""
    n = 64
    x8 = np.concatenate([[-128, -127, -1, 0, 1, 127], rng.integers(-128, 128, n - 6)]).astype(np.int8)
    x16 = np.concatenate([[-32768, -32767, -1, 0, 1, 32767],
                          rng.integers(-32768, 32768, n - 6)]).astype(np.int16)
    u8 = np.concatenate([[0, 1, 127, 128, 254, 255], rng.integers(0, 256, n - 6)]).astype(np.uint8)
    u16 = np.concatenate([[0, 1, 32767, 32768, 65534, 65535],
                          rng.integers(0, 65536, n - 6)]).astype(np.uint16)
    for bits, flags in ((64, ["--index-bits", "64"]), (64, []), (32, ["--index-bits", "32"])):
        res = r.run("subword_extend.py", "widen_signed", [n],
                    {"x8": x8, "x16": x16, "o": poisoned((n, 7), np.int64)},
                    outputs=["o"], flags=flags)
        res.update(r.run("subword_extend.py", "widen_unsigned", [n],
                         {"u8": u8, "u16": u16, "uo": poisoned((n, 3), np.uint64)},
                         outputs=["uo"], flags=flags))
        a8 = np.abs(x8)            # int8: abs(-128) wraps to -128, as numba's
        a16 = np.abs(x16)
        want = np.stack([a8.astype(np.int64), a16.astype(np.int64),
                         a8.astype(np.int64) % 7, a16.astype(np.int64) // 3,
                         (x16.astype(np.int64) * 2).astype(np.int16).astype(np.int64),
                         (x8.astype(np.int64) * 2).astype(np.int8).astype(np.int64),
                         (~x16).astype(np.int64)], axis=1)
        uwant = np.stack([(u8.astype(np.int64) * 2).astype(np.uint8).astype(np.uint64),
                          (u16.astype(np.int64) * 3).astype(np.uint16).astype(np.uint64),
                          # ~ widens to uint64 first (numba's choose_result_int),
                          # which nvc's default integers compute in 32 bits
                          np.uint64(2 ** bits - 1) - u8.astype(np.uint64)], axis=1)
        check_equal(res["o"], want)
        check_equal(res["uo"], uwant)


def case_int64_default(r, rng):
    """@cuda.jit's integers are numba-cuda's exact 64 bits by default: sums
    of squares past 2**31, cubes of int64 data, a loop bounded by 64-bit
    scalars whose counter passes 2**31, a grid-stride loop and 64-bit atomic
    totals, all at -O0 (no narrowing) and the default -O2."""
    n = 3000
    x = rng.integers(-2100000, 2100000, n).astype(np.int64)
    i = np.arange(n, dtype=np.int64)
    squares = (i - 1) * i * (2 * i - 1) // 6
    a = rng.integers(-1000, 1000, 257).astype(np.int32)
    bounds = [(2 ** 31 - 5, 2 ** 31 + 4), (3, 40)]
    strided = []
    for start, stop in bounds:
        s = np.zeros(n, np.int64)
        for k in range(start, stop):
            s += int(a[(k * 3) % a.size]) * 1000003 + k + i
        strided.append(s)
    big = rng.integers(2 ** 30, 2 ** 31, n).astype(np.int64)
    totals = np.array([big[j::8].sum() for j in range(8)], np.int64)
    for flags in ([], ["-O0"]):
        res = r.run("int64_default.py", "sum_of_squares", [n],
                    {"x": x, "out": poisoned(n, np.int64)}, outputs=["out"], flags=flags)
        check_equal(res["out"], squares + x * x * x)
        for (start, stop), want in zip(bounds, strided):
            res = r.run("int64_default.py", "strided_sum", [n],
                        {"a": a, "out": poisoned(n, np.int64)},
                        [("start", start), ("n", stop)], outputs=["out"], flags=flags)
            check_equal(res["out"], want)
        # counted_sum's loop is versioned on n (narrow-integers); these run
        # its 32-bit copy. The 64-bit copy needs n > 2**24 iterations, which
        # lavapipe cannot run: it ends every loop after 65535 iterations
        # (llvmpipe's loop limiter; docs/design.md).
        for count, threads in ((1000, n), (60000, 4)):
            k = np.arange(count, dtype=np.int64)
            total = int(a.astype(np.int64)[(k * 3) % a.size].sum())
            res = r.run("int64_default.py", "counted_sum", [threads],
                        {"a": a, "out": poisoned(threads, np.int64)}, [("n", count)],
                        outputs=["out"], flags=flags)
            check_equal(res["out"], total + count * np.arange(threads, dtype=np.int64))
        res = r.run("int64_default.py", "grid_stride_cubes", [640],
                    {"x": x, "out": poisoned(n, np.int64)}, outputs=["out"], flags=flags)
        check_equal(res["out"], x * x * x - i)
        res = r.run("int64_default.py", "atomic_totals", [n],
                    {"x": big, "totals": np.zeros(8, np.int64)}, outputs=["totals"],
                    flags=flags)
        check_equal(res["totals"], totals)


def case_imaging_cooperative(example, local_sizes, coarsen, merged=None):
    """Imaging kernels of 000's Optimisation chapter: v6-v8 cache NTHREADS =
    256 visibilities per batch and need 256-invocation workgroups; v9 runs
    with any multiple of the subgroup size. Coarsened versions (3 pixels per
    invocation) run with just enough workgroups and with more. The coarsening
    of barrier kernels merges 4 workgroups of v6 and leaves v7 and v8 alone
    (their pixels per invocation take the registers: slower merged on the
    H200), `merged` the factor their manifest must record in the default
    build; results must be bit-identical to --coarsen=1's."""
    def run(r, rng):
        if merged is not None and r.backend == "mlir" and not r.opt_flags:
            flags = ("-Wno-float64-promotion",)
            spv = r.compile(example, flags)
            got = (manifest_coarsen(spv, "kernel"), manifest_coarsen(spv, "kernel", "y"))
            assert got == (merged, 1), f"{example}: merged by {got} (x, y), want ({merged}, 1)"
        for local in local_sizes:
            rows = int(rng.integers(300, 700))            # partial batches of 256 and of warps
            shape = (int(rng.integers(20, 40)), int(rng.integers(20, 40)))
            arrays, want, scale = visibilities(rng, rows, shape, np.float32, np.complex64)
            npix = shape[0] * shape[1]
            img = poisoned(shape, np.complex64)
            need = -(-npix // (coarsen * local))
            for groups in ((need,), (need + 2,)) if coarsen > 1 else ((need,),):
                res = r.run(example, "kernel", None, {**arrays, "img": img}, outputs=["img"],
                            local_size=(local,), groups=groups,
                            flags=("-Wno-float64-promotion",))
                check_close(res["img"].astype(np.complex128), want, rtol=0, atol=1e-4 * scale)
                base = r.run(example, "kernel", None, {**arrays, "img": img}, outputs=["img"],
                             local_size=(local,), groups=groups,
                             flags=("-Wno-float64-promotion", "--coarsen=1"))
                check_identical(res["img"], base["img"])
    return run


def case_dft_coarsened(r, rng):
    for local in WORKGROUP_SIZES:
        n = int(rng.integers(200, 600))
        if n % local == 0:
            n += 1
        xs = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
        Xs = poisoned(n, np.complex64)
        need = -(-n // (4 * local))
        for groups in (need, need + 1):
            res = r.run("dft_coarsened.py", "dft_coarsened", None, {"xs": xs, "Xs": Xs},
                        outputs=["Xs"], local_size=(local,), groups=(groups,),
                        flags=("-Wno-float64-promotion",))
            # float32 phases of up to 2*pi*n radians: errors grow with n.
            want = np.fft.fft(xs.astype(np.complex128))
            check_close(res["Xs"].astype(np.complex128), want, rtol=0,
                        atol=2e-6 * n * np.abs(xs).sum() / np.sqrt(n))


_UNROLL_OFF = ("-Wno-float64-promotion", "-fno-unroll", "-fno-promote-private-arrays")
_UNROLL_ON = ("-Wno-float64-promotion",)


def case_unrolled_dft(r, rng):
    """-O2 unrolls the coarsened kernels' `for i in range(THREAD_COARSEN)`
    loops and keeps their local arrays in SSA values (passes/UnrollLoops.cpp,
    PromotePrivateArrays.cpp); neither changes a float operation or its
    order, so the results are the same bits as with both passes off (and
    close to NumPy's)."""
    on, off = _UNROLL_ON, _UNROLL_OFF
    n = int(rng.integers(200, 600))
    xs = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    got = {}
    for flags in (on, off):
        got[flags] = r.run("dft_coarsened.py", "dft_coarsened", None,
                           {"xs": xs, "Xs": poisoned(n, np.complex64)}, outputs=["Xs"],
                           local_size=(64,), groups=(-(-n // 256),), flags=flags)["Xs"]
    want = np.fft.fft(xs.astype(np.complex128))
    check_close(got[on].astype(np.complex128), want, rtol=0,
                atol=2e-6 * n * np.abs(xs).sum() / np.sqrt(n))
    check_equal(got[on], got[off])


def case_unrolled_imaging(r, rng):
    """As case_unrolled_dft, for imaging v7 and v8 (3 pixels per invocation)."""
    on, off = _UNROLL_ON, _UNROLL_OFF
    got = {}
    for example in ("imaging/v7_coarsened.py", "imaging/v8_fma.py"):
        rows = int(rng.integers(300, 700))
        shape = (int(rng.integers(20, 40)), int(rng.integers(20, 40)))
        arrays, want, scale = visibilities(rng, rows, shape, np.float32, np.complex64)
        groups = (-(-shape[0] * shape[1] // (3 * 256)),)
        for flags in (on, off):
            got[flags] = r.run(example, "kernel", None,
                               {**arrays, "img": poisoned(shape, np.complex64)},
                               outputs=["img"], local_size=(256,), groups=groups,
                               flags=flags)["img"]
        check_close(got[on].astype(np.complex128), want, rtol=0, atol=1e-4 * scale)
        check_equal(got[on], got[off])


def case_staged_shared(r, rng):
    """-O2 stages the visibility loop's reads of us/vs/ws/vis through
    workgroup memory in tiles of 256 (passes/StageShared.cpp) for any
    workgroup size (a specialization constant): results are the same bits
    as with -fno-stage-shared, and close to NumPy's. Visibility counts give
    partial last tiles and fewer visibilities than one tile. The same kernel
    with float64 data (--sig) takes 40 bytes an iteration and gets tiles of
    128 iterations instead of 256."""
    f64 = ("--sig", "kernel=void(float64[::1], float64[::1], float64[::1], complex128[::1], "
           "float64[:, ::1], float64[:, ::1], float64[:, ::1], complex128[:, ::1])")
    for dtype, cdtype, sig, atol in ((np.float32, np.complex64, (), 1e-4), (np.float64, np.complex128, f64, 1e-6)):
        on = ("-Wno-float64-promotion",) + sig
        off = on + ("-fno-stage-shared",)
        for local in (1, 64, 200, 256, 1024):
            for rows in (int(rng.integers(30, 200)), int(rng.integers(300, 900))):
                shape = (int(rng.integers(10, 30)), int(rng.integers(10, 30)))
                arrays, want, scale = visibilities(rng, rows, shape, dtype, cdtype)
                npix = shape[0] * shape[1]
                got = {}
                for flags in (on, off):
                    got[flags] = r.run("visibility_loop_toplevel.py", "kernel", None,
                                       {**arrays, "img": poisoned(shape, cdtype)},
                                       outputs=["img"], local_size=(local,),
                                       groups=(-(-npix // local) + 1,), flags=flags)["img"]
                check_close(got[on].astype(np.complex128), want, rtol=0, atol=atol * scale)
                check_equal(got[on], got[off])


COOPERATIVE_CASES = [
    ("subgroup scans, elect, ballot, broadcast_first, ballot_sync, activemask", case_subgroup_scans),
    ("subgroup operations on int64 and float64 (narrow=False)", case_subgroup_64bit),
    ("cuda.syncthreads_count/and/or, 1-D and 2-D workgroups", case_syncthreads_votes),
    ("array_sum: 003's shared-memory reduction", case_array_sum),
    ("loops over tuples: 000's `for offset in (128, ..., 1)` tree, break/continue/else", case_tuple_loops),
    ("literal_unroll: items of several types (arrays of four dtypes, numbers), break/continue/else",
     case_literal_unroll),
    ("imaging v6: shared-memory cache", case_imaging_cooperative("imaging/v6_shared_cache.py", (256,), 1, merged=4)),
    ("imaging v7: thread coarsening with local arrays", case_imaging_cooperative("imaging/v7_coarsened.py", (256,), 3, merged=1)),
    ("imaging v8: explicit cuda.fma", case_imaging_cooperative("imaging/v8_fma.py", (256,), 3, merged=1)),
    ("imaging v9: warp-shuffle daisy chain", case_imaging_cooperative("imaging/v9_warp_shuffle.py", WORKGROUP_SIZES, 3)),
    ("DFT coarsened: 4 frequencies per invocation in local arrays", case_dft_coarsened),
    ("unrolled local-array loops: the same bits as -fno-unroll (DFT coarsened)",
     case_unrolled_dft),
    ("unrolled local-array loops: the same bits as -fno-unroll (imaging v7, v8)",
     case_unrolled_imaging),
    ("shared-memory staging of the visibility loop, workgroups of 1 to 1024",
     case_staged_shared),
]

def case_streaming(r, rng):
    # Sizes 0-3 mod 4 (vector path, then scalar tails), grids that cover all
    # elements or stop short of them (the invocations of the requested grid
    # only: the rest stays poisoned), two workgroup sizes.
    for n in rng.integers(1000, 1400, size=4) // 4 * 4 + np.arange(4):
        n = int(n)
        a = np.float32(rng.uniform(-2, 2))
        x = rng.standard_normal(n).astype(np.float32)
        y = rng.standard_normal(n).astype(np.float32)
        for grid, local in ((n, (64,)), (n - int(rng.integers(40, 200)), (32,))):
            out = r.run("streaming.py", "axpby", [grid], {"x": x, "y": y, "out": poisoned(n, np.float32)},
                        [("a", float(a))], ["out"], local_size=local)["out"]
            # nvc-run's --grid rounds up to whole workgroups.
            m = min(n, -(-grid // local[0]) * local[0])
            want = poisoned(n, np.float32)
            want[:m] = a * x[:m] - y[:m] * np.float32(0.5)
            check_equal(out, want)
        xi = rng.integers(-2**28, 2**28, size=n, dtype=np.int32)
        got = r.run("streaming.py", "shifted", [n], {"x": xi, "y": poisoned(n, np.int32)}, outputs=["y"])["y"]
        want = poisoned(n, np.int32)
        want[:-1] = xi[1:] * np.int32(3) - (xi[1:] >> 2)
        check_equal(got, want)


def case_many_scalars(r, rng):
    n = int(rng.integers(500, 700))
    c = rng.standard_normal(16)
    k = int(rng.integers(-5, 6))
    out = poisoned(n, np.float64)
    res = r.run("many_scalars.py", "weighted", [n], {"out": out},
                [(f"c{j}", float(c[j])) for j in range(16)] + [("k", k)], ["out"])
    i = np.arange(n, dtype=np.float64)
    want = (c[0] + c[1] * i + c[2] * c[3] - c[4] / c[5] + c[6] * c[7] + c[8] - c[9]
            + c[10] * c[11] + c[12] - c[13] + c[14] * c[15]) * k
    check_close(res["out"], want, rtol=0, atol=0)


def _bit_reference(values, bits):
    """numba-cuda's popc, clz, ffs and brev of `values` (a `bits`-wide dtype),
    computed on Python integers."""
    popc, clz, ffs, brev = [], [], [], []
    for v in values.tolist():
        u = v & ((1 << bits) - 1)                    # the value's bits
        popc.append(bin(u).count("1"))
        clz.append(bits - u.bit_length())
        ffs.append((u & -u).bit_length())
        # cuda.brev takes uint32 (8- to 32-bit arguments) or uint64; a signed
        # argument converts with sign extension first.
        width = 32 if bits <= 32 else 64
        w = v & ((1 << width) - 1)
        brev.append(int(format(w, f"0{width}b")[::-1], 2))
    return popc, clz, ffs, brev


def case_bit_intrinsics(r, rng):
    dtypes = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
    for k, dtype in enumerate(dtypes):
        info = np.iinfo(dtype)
        n = int(rng.integers(300, 600))
        x = rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True)
        special = np.array([0, 1, info.max, info.min, info.max // 2 + 1, 2, 3, 96], dtype=dtype)
        if info.min < 0:
            special = np.concatenate([special, np.array([-1, -2], dtype=dtype)])
        x[:special.size] = special
        outs = {name: poisoned(n, np.int64) for name in ("popc", "clz", "ffs", "count")}
        outs["brev"] = np.full(n, 0x5A5A, np.uint64)
        entry = "bits" + (f"__{k}" if k else "")
        res = r.run("bit_intrinsics.py", entry, [n], {"x": x, **outs},
                    outputs=["popc", "clz", "ffs", "count", "brev"])
        popc, clz, ffs, brev = _bit_reference(x, info.bits)
        for name, want in (("popc", popc), ("clz", clz), ("ffs", ffs), ("count", popc)):
            got = res[name].tolist()
            assert got == want, (dtype.__name__, name, next(
                (x[i], got[i], want[i]) for i in range(n) if got[i] != want[i]))
        got = res["brev"].tolist()
        assert got == brev, (dtype.__name__, "brev", next(
            (x[i], got[i], brev[i]) for i in range(n) if got[i] != brev[i]))
    n = int(rng.integers(300, 600))
    a = rng.integers(-1000, 1000, n).astype(np.int64)
    b = rng.standard_normal(n)
    c = rng.integers(-10, 10, n).astype(np.int32)
    res = r.run("bit_intrinsics.py", "select", [n], {
        "a": a, "b": b, "c": c, "out_a": poisoned(n, np.int64), "out_b": poisoned(n, np.float64),
        "out_c": poisoned(n, np.int32)}, outputs=["out_a", "out_b", "out_c"])
    i = np.arange(n)
    assert (res["out_a"] == np.abs(a)).all()
    assert (res["out_b"] == np.where(i % 3 != 0, b, 2.5)).all()
    assert (res["out_c"] == np.minimum(c, 5)).all()


def _decompose_reference(x, y, n, dtype):
    """Python's math.modf, frexp, ldexp, nextafter, remainder and round on
    each element (float32: computed in float64 and rounded once, which is
    exact for all but ldexp and nextafter, done in NumPy's float32)."""
    import math
    out = {k: [] for k in ("frac", "whole", "mant", "expo", "scaled", "toward", "rem", "rounded")}
    for v, w, k in zip(x.tolist(), y.tolist(), n.tolist()):
        f, i = math.modf(v)
        out["frac"].append(f)
        out["whole"].append(i)
        m, e = math.frexp(v)
        out["mant"].append(m)
        out["expo"].append(e)
        with np.errstate(over="ignore", under="ignore"):
            out["scaled"].append(float(np.ldexp(dtype(v), k)))
        out["toward"].append(float(np.nextafter(dtype(v), dtype(w))))
        try:
            out["rem"].append(math.remainder(v, w))
        except ValueError:
            out["rem"].append(math.nan)
        out["rounded"].append(round(v) if math.isfinite(v) and abs(v) < 1e15 else -7)
    return out


def case_math_decompose(r, rng):
    for k, dtype in enumerate((np.float32, np.float64)):
        info = np.finfo(dtype)
        n_elems = int(rng.integers(600, 900))
        x = (rng.standard_normal(n_elems) * 10.0 ** rng.uniform(-30, 30, n_elems)).astype(dtype)
        x[: n_elems // 4] = rng.integers(-20, 20, n_elems // 4) / 2   # halves: ties of round
        special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, info.tiny, -info.tiny,
                            info.tiny / 8, info.max, -info.max, 2.5, -3.5, 0.5, 1.0,
                            info.smallest_subnormal], dtype=dtype)
        x[-special.size:] = special
        y = (rng.standard_normal(n_elems) * 10.0 ** rng.uniform(-5, 5, n_elems)).astype(dtype)
        y[:special.size] = special
        y[special.size:2 * special.size] = x[special.size:2 * special.size]  # nextafter(x, x)
        emax = info.maxexp + info.nmant + 10
        n = rng.integers(-emax - 40, emax + 40, n_elems).astype(np.int32)
        n[:4] = [0, 2000, -2000, 1]
        suffix = f"__{k}" if k else ""
        args = {"x": x, "n": n, "expo": poisoned(n_elems, np.int32)}
        for name in ("frac", "whole", "mant", "scaled"):
            args[name] = poisoned(n_elems, dtype)
        res = r.run("math_decompose.py", "decompose" + suffix, [n_elems], args,
                    outputs=["frac", "whole", "mant", "expo", "scaled"])
        args = {"x": x, "y": y, "toward": poisoned(n_elems, dtype), "rem": poisoned(n_elems, dtype),
                "rounded": poisoned(n_elems, np.int64)}
        res.update(r.run("math_decompose.py", "neighbours" + suffix, [n_elems], args,
                         outputs=["toward", "rem", "rounded"]))
        want = _decompose_reference(x, y, n, dtype)
        flushes = dtype == np.float32 and r.may_flush_float32_subnormals()
        for name, got in res.items():
            w = np.array(want[name], dtype=got.dtype)
            if got.dtype.kind == "f":
                same = (got == w) | (np.isnan(got) & np.isnan(w))
                same &= (np.signbit(got) == np.signbit(w)) | np.isnan(w)
                if flushes:  # a subnormal float32 input or result may read as zero
                    sub = (np.abs(w) < info.tiny) | (np.abs(x) < info.tiny)
                    same |= sub
            else:
                same = got == w
                if flushes and name == "expo":
                    same |= np.abs(x) < info.tiny
            bad = np.flatnonzero(~same)
            assert bad.size == 0, (dtype.__name__, name, [(x[i], y[i], n[i], got[i], w[i])
                                                          for i in bad[:4]])


def case_static_arguments(r, rng):
    idx = rng.integers(0, 1000, 32).astype(np.uint32)
    want = np.bincount(idx % 32, minlength=32).astype(np.uint32)
    for entry in ("count_uint32", "count_uint32_negative"):
        res = r.run("static_arguments.py", entry, None, {"ary": np.full(32, 0x5A5A, np.uint32),
                    "idx": idx}, outputs=["ary"], groups=[1], local_size=[32])
        assert (res["ary"] == want).all(), (entry, res["ary"], want)
    res = r.run("static_arguments.py", "max_float32", None, {"ary": poisoned(32, np.float32),
                "idx": idx}, outputs=["ary"], groups=[1], local_size=[32])
    assert (res["ary"] == np.where(want > 0, 2.5, -1.0).astype(np.float32)).all(), res["ary"]
    a = rng.integers(0, 100, (4, 8)).astype(np.uint32)
    res = r.run("static_arguments.py", "add_2d", None, {"ary": a}, outputs=["ary"], groups=[1],
                local_size=[4, 8])
    assert (res["ary"] == a + 3).all(), res["ary"]
    n = int(rng.integers(200, 400))
    x = rng.standard_normal(n).astype(np.float32)
    xi = rng.integers(-2**40, 2**40, n)
    res = r.run("static_arguments.py", "window_sums", [n], {
        "x": x, "out32": poisoned(n, np.float32), "xi": xi, "out64": poisoned(n, np.int64)},
        outputs=["out32", "out64"])
    i = np.arange(n)
    want32 = np.zeros(n, np.float32)
    for k in range(4):   # the kernel's order of float32 additions
        want32 = (want32 + x[(i + k) % n]).astype(np.float32)
    want64 = sum(xi[(i + k) % n] for k in range(7))
    assert (res["out32"] == want32).all() and (res["out64"] == want64).all()


def case_tuple_indices(r, rng):
    rows, cols = int(rng.integers(20, 50)), int(rng.integers(20, 50))
    a = rng.random((rows, cols))
    res = r.run("tuple_indices.py", "scaled_copy", [rows, cols], {
        "a": a, "b": poisoned((rows, cols), np.float64), "back": poisoned((rows, cols), np.int64)},
        outputs=["b", "back"], local_size=(8, 8))
    assert (res["b"] == 2 * a).all()
    assert (res["back"] == (a[::-1, ::-1] * 1000.0).astype(np.int64)).all()
    shifts = rng.random((4, 8))
    res = r.run("tuple_indices.py", "tuple_atomics", None, {
        "ary": np.zeros((4, 8), np.uint32), "shifts": shifts}, outputs=["ary"], groups=[1],
        local_size=[4, 8])
    want = np.zeros((4, 8), np.uint32)
    for tx in range(4):
        for ty in range(8):
            want[tx, (ty + 1) % 8 if shifts[tx, ty] > 0.5 else ty] += 1
    assert (res["ary"] == want).all(), (res["ary"], want)
    n = int(rng.integers(100, 300))
    z = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    res = r.run("tuple_indices.py", "unpacked", [n], {"z": z, "back": poisoned(n, np.complex128),
                "r": poisoned(n, np.float64)}, outputs=["back", "r"])
    want_back = np.array([cmath.rect(*cmath.polar(v)) for v in z])
    want_r = np.array([math.hypot(v.real, v.imag) + round(v.real, 2) for v in z])
    check_close(res["back"], want_back, rtol=1e-15, atol=1e-15)
    check_close(res["r"], want_r, rtol=0, atol=0)


def case_operator_module(r, rng):
    n = int(rng.integers(300, 600))
    a = rng.integers(-1000, 1000, n).astype(np.int64)
    b = rng.integers(-20, 20, n).astype(np.int64)
    b[:3] = [0, 1, -1]
    res = r.run("operator_module.py", "integer_ops", [n], {
        "a": a, "b": b, "out": poisoned((n, 11), np.int64), "quotient": poisoned(n, np.float64),
        "tests": np.zeros((n, 6), np.bool_)}, outputs=["out", "quotient", "tests"])
    for i in range(n):
        x, y = int(a[i]), int(b[i])
        want = [x + y, x - y, x * y, x // y if y else 0, x % y if y else 0, x & y, x | y, x ^ y,
                x << (y & 7), x >> (y & 7), y - x]
        assert res["out"][i].tolist() == want, (x, y, res["out"][i], want)
        q = x / y if y else (math.copysign(math.inf, x) if x else math.nan)
        assert res["quotient"][i] == q or (math.isnan(q) and math.isnan(res["quotient"][i]))
        assert res["tests"][i].tolist() == [x < y, x <= y, x == y, x != y, x > y, x >= y]
    fa = rng.standard_normal(n).astype(np.float32)
    fb = rng.standard_normal(n).astype(np.float32)
    res = r.run("operator_module.py", "float_ops", [n], {"a": fa, "b": fb,
                "out": poisoned((n, 4), np.float32)}, outputs=["out"])
    want = np.stack([fa + fb, fa / fb, fa * fa, fa * fb], axis=1)
    assert (res["out"] == want).all()


def case_fences(r, rng):
    groups = int(rng.integers(3, 9))
    n = 64 * groups
    x = rng.standard_normal(n).astype(np.float32)
    res = r.run("fences.py", "exchange", None, {"x": x, "out": poisoned(n, np.float32),
                "flags": np.zeros(n, np.int32)}, outputs=["out", "flags"], groups=[groups],
                local_size=[64])
    assert (res["out"] == x[np.arange(n) ^ 1]).all()
    assert (res["flags"] == 1).all()


def case_rebinding(r, rng):
    n = int(rng.integers(100, 300))
    d = rng.integers(-5, 6, n).astype(np.int64)
    d[:2] = [0, 3]
    res = r.run("rebinding.py", "rebound", [n], {"out": poisoned((n, 7), np.float64), "d": d},
                outputs=["out"])
    want = np.array([[7 // v if v else 0, 7 % v if v else 0, 1.5, 1.0 if v > 0 else 2.5, 1.5,
                      1.0, 1.5] for v in d.tolist()])
    assert (res["out"] == want).all(), res["out"][:3]
    s = rng.integers(-300, 300, n).astype(np.int16)
    res = r.run("rebinding.py", "vectors", [n], {"out": poisoned((n, 5), np.float32), "s": s},
                outputs=["out"])
    f = s.astype(np.float32)
    want = np.stack([1 + f * 10 + 200, 1 + 10 + f * 100, 1 - f, f - 1,
                     (s.astype(np.int64) * 3).astype(np.float32)], axis=1).astype(np.float32)
    assert (res["out"] == want).all(), (res["out"][:2], want[:2])


def case_cache_hints(r, rng):
    n = int(rng.integers(200, 400))
    x = rng.standard_normal(n).astype(np.float32)
    m = rng.integers(-1000, 1000, (n, 5)).astype(np.int64)
    res = r.run("cache_hints.py", "hinted", [n], {"x": x, "r": poisoned(n, np.float32), "m": m,
                "n": np.zeros((n, 5), np.int64)}, outputs=["r", "n"])
    want = (((x + x) + x) + x) + x
    assert (res["r"] == want).all()
    assert (res["n"] == m * 2 - 2).all()


def case_warp_match(r, rng):
    groups = int(rng.integers(2, 6))
    n = 64 * groups
    keys = rng.integers(0, 3, n).astype(np.int64)
    keys[:32] = 2                      # a whole subgroup (of up to 32) of one value
    out = {"any_lanes": np.zeros(n, np.uint32), "all_lanes": np.zeros(n, np.uint32),
           "all_same": np.zeros(n, np.bool_), "eq": np.zeros(n, np.bool_),
           "size": np.zeros(n, np.int32), "below": np.zeros(n, np.uint32)}
    res = r.run("warp_match.py", "matches", None, {"keys": keys, **out}, outputs=list(out),
                groups=[groups], local_size=[64])
    size = int(res["size"][0])
    for start in range(0, n, size):
        chunk = keys[start:start + size]
        full = (1 << size) - 1 if size < 32 else 0xFFFFFFFF
        for j in range(size):
            want_any = sum(1 << k for k in range(min(size, 32)) if chunk[k] == chunk[j])
            assert res["any_lanes"][start + j] == want_any, (start, j, res["any_lanes"][start + j])
        same = bool((chunk == chunk[0]).all())
        assert (res["all_same"][start:start + size] == same).all()
        assert (res["all_lanes"][start:start + size] == (full if same else 0)).all()
        pred = chunk > 1
        assert (res["eq"][start:start + size] == bool(pred.all() or not pred.any())).all()
        assert res["below"][start:start + size].tolist() == [(1 << j) - 1 for j in range(size)]
    m = int(rng.integers(100, 300))
    x = rng.standard_normal(m) * 100
    res = r.run("warp_match.py", "roots", [m], {"x": x, "r32": poisoned(m, np.float32),
                "r64": poisoned(m, np.float64), "named": poisoned(m, np.int32)},
                outputs=["r32", "r64", "named"])
    check_close(res["r64"], np.cbrt(x), rtol=1e-15)      # docs/math.md: cbrt within 2 ulp
    # The float32 reference is the float64 root rounded to float32: NumPy's
    # float32 cbrt (libm's cbrtf) is up to 1.5 ulp off (cbrt(103.34311f):
    # 4.6927466, the root 4.69274736...; nvc's 4.6927476, CI seed 1074343643).
    want32 = np.cbrt(x.astype(np.float32).astype(np.float64)).astype(np.float32)
    check_close(res["r32"], want32, rtol=2e-7)
    assert (res["named"] == np.arange(m) * 3).all()


# ---------------------------------------------------------------------------
# Errors and printing (docs/language.md "Errors" and "Printing"): what
# nvc-run reports (stderr, exit status 1, outputs still written) and prints
# (stdout), against Python's own formatting of the same values.
# ---------------------------------------------------------------------------

ERRORS = "errors_print.py"


def py_float_repr(x, bits):
    """Python's repr of a float (float32: of the shortest decimal that reads
    back as the same float32, NumPy's digits with Python's layout)."""
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if bits == 64:
        return repr(x)
    sci = np.format_float_scientific(np.float32(x), unique=True, trim="-")
    mantissa, exp = sci.split("e")
    sign = "-" if mantissa.startswith("-") else ""
    digits = mantissa.lstrip("-").replace(".", "")
    exp = int(exp)
    if -4 <= exp < 16:
        if exp >= 0:
            digits = digits.ljust(exp + 1, "0")
            text = digits[:exp + 1] + "." + (digits[exp + 1:] or "0")
        else:
            text = "0." + "0" * (-exp - 1) + digits
        return sign + text
    text = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{text}e{'+' if exp >= 0 else '-'}{abs(exp):02d}"


def py_complex_repr(z, bits):
    """Python's repr of a complex whose parts are floats of `bits`."""
    def part(v):
        t = py_float_repr(v, bits)
        return t[:-2] if t.endswith(".0") else t
    re, im = float(z.real), float(z.imag)
    if re == 0 and math.copysign(1, re) > 0:
        return part(im) + "j"
    sign = "-" if (im < 0 or (im == 0 and math.copysign(1, im) < 0)) else "+"
    return f"({part(re)}{sign}{part(abs(im)) if not math.isnan(im) else 'nan'}j)"


def check_report(report, first, where, ids=None):
    """nvc-run exited 1 and reported `first` (the exception line) and
    `where` (a regular expression of the location line, whose global id
    must be one of `ids`)."""
    lines = report.stderr.strip().splitlines()
    assert report.returncode == 1, (report.returncode, report.stderr)
    assert first in lines, (first, lines)
    line = lines[lines.index(first) + 1]
    m = re.fullmatch(where + r" \(global id \((\d+), (\d+), (\d+)\)\)", line)
    assert m, (where, line)
    if ids is not None:
        assert int(m.group(m.re.groups - 2)) in ids, (line, sorted(ids)[:10])


def case_errors_raise(r, rng):
    # 004's example: a device function raises for x <= 0.
    n = int(rng.integers(300, 700))
    x = rng.uniform(0.5, 10.0, n)
    bad = rng.choice(n, 5, replace=False)
    x[bad] = -rng.uniform(0, 3, 5)
    x[bad[0]] = 0.0
    res, rep = r.run_reporting(ERRORS, "log_kernel", [n], {"x": x, "out": poisoned(n, np.float64)},
                               outputs=["out"])
    check_report(rep, "ValueError: log of a non-positive number",
                 r"raised in Vulkan kernel 'log_kernel', in checked_log at errors_print\.py:22",
                 set(bad.tolist()))
    good = np.setdiff1d(np.arange(n), bad)
    check_close(res["out"][good], np.log(x[good]), rtol=1e-15)  # docs/math.md: log within 2 ulp
    assert np.isnan(res["out"][bad]).all(), "raising invocations stored"
    # Nothing raised: exit 0, nothing reported.
    x = rng.uniform(0.5, 10.0, n)
    res, rep = r.run_reporting(ERRORS, "log_kernel", [n], {"x": x, "out": poisoned(n, np.float64)},
                               outputs=["out"])
    assert rep.returncode == 0 and "Error" not in rep.stderr, rep.stderr
    check_close(res["out"], np.log(x), rtol=1e-15)
    # A class of the file two levels below ValueError, raised bare.
    xi = rng.integers(0, 1000, n).astype(np.int32)
    neg = rng.choice(n, 3, replace=False)
    xi[neg] = -xi[neg] - 1
    res, rep = r.run_reporting(ERRORS, "user_class", [n],
                               {"x": xi, "out": poisoned(n, np.int32)}, outputs=["out"])
    check_report(rep, "NegativeInput",
                 r"raised in Vulkan kernel 'user_class', in user_class at errors_print\.py:42",
                 set(neg.tolist()))
    ok = np.setdiff1d(np.arange(n), neg)
    assert (res["out"][ok] == xi[ok] * 2).all() and (res["out"][neg] == 0x5A5A).all()
    # assert with a message.
    xf = rng.uniform(0, 99, n).astype(np.float32)
    big = int(rng.integers(0, n))
    xf[big] = 150
    res, rep = r.run_reporting(ERRORS, "asserts", [n], {"x": xf, "out": poisoned(n, np.float32)},
                               outputs=["out"])
    check_report(rep, "AssertionError: x must stay below 100",
                 r"raised in Vulkan kernel 'asserts', in asserts at errors_print\.py:50", {big})
    ok = np.arange(n) != big
    assert (res["out"][ok] == xf[ok] + np.float32(1)).all() and np.isnan(res["out"][big])
    # A device function raising inside its loop; several arguments.
    rows, cols = int(rng.integers(50, 90)), int(rng.integers(3, 9))
    a = rng.integers(0, 100, (rows, cols)).astype(np.int32)
    bad_rows = rng.choice(rows, 4, replace=False)
    a[bad_rows, rng.integers(0, cols, 4)] = -1
    res, rep = r.run_reporting(ERRORS, "row_sums", [rows], {"a": a, "out": poisoned(rows, np.int32)},
                               outputs=["out"])
    check_report(rep, "DomainError: ('negative entry', 3)",
                 r"raised in Vulkan kernel 'row_sums', in row_total at errors_print\.py:60",
                 set(bad_rows.tolist()))
    ok = np.setdiff1d(np.arange(rows), bad_rows)
    assert (res["out"][ok] == a[ok].sum(axis=1)).all() and (res["out"][bad_rows] == 0x5A5A).all()


DIVISION_MESSAGES = ["integer division by zero", "integer modulo by zero", "division by zero",
                     "division by zero", "division by zero", "modulo by zero",
                     "complex division by zero"]


def case_errors_divisions(r, rng):
    n = int(rng.integers(200, 400))
    a = rng.integers(-1000, 1000, n)
    b = rng.integers(1, 50, n) * rng.choice([-1, 1], n)
    fa, fb = rng.standard_normal(n) * 100, rng.standard_normal(n) * 10
    ca = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    cb = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    zeros = rng.choice(n, 3, replace=False)
    b0, fb0, cb0 = b.copy(), fb.copy(), cb.copy()
    b0[zeros], fb0[zeros], cb0[zeros] = 0, 0.0, 0
    def launch(entry, op, b, fb, cb):
        arrays = {"a": a, "b": b, "fa": fa, "fb": fb, "ca": ca, "cb": cb,
                  "q": poisoned(n, np.int64), "fq": poisoned(n, np.float64),
                  "cq": poisoned(n, np.complex128)}
        return r.run_reporting(ERRORS, entry, [n], arrays, [("op", op)], ["q", "fq", "cq"])
    ok = np.setdiff1d(np.arange(n), zeros)
    for op, message in enumerate(DIVISION_MESSAGES):
        # error_model="python": the zero divisors raise, the others compute.
        res, rep = launch("python_divisions", op, b0, fb0, cb0)
        check_report(rep, f"ZeroDivisionError: {message}",
                     r"raised in Vulkan kernel 'python_divisions', in python_divisions at "
                     r"errors_print\.py:\d+", set(zeros.tolist()))
        res_ok, rep_ok = launch("python_divisions", op, b, fb, cb)
        assert rep_ok.returncode == 0, rep_ok.stderr
        res_np, rep_np = launch("numpy_divisions", op, b0, fb0, cb0)
        assert rep_np.returncode == 0, rep_np.stderr  # numba.cuda's default never raises
        with np.errstate(all="ignore"):
            want = [a // b, a % b, a / b, fa / fb, fa // fb, fa % fb, ca / cb][op]
        out = ["q", "q", "fq", "fq", "fq", "fq", "cq"][op]
        for got in (res[out][ok], res_ok[out][ok], res_np[out][ok]):
            if op < 2:
                assert (got == want[ok]).all(), (op, got[:5], want[ok][:5])
            else:
                check_close(got, want[ok], rtol=1e-15 if op == 6 else 0)
        # The raising invocations stored nothing (poisoned() fills complex
        # arrays with 0x5A5A too).
        assert ((res[out][zeros] == 0x5A5A).all() if op in (0, 1, 6) else
                np.isnan(res[out][zeros]).all()), (op, res[out][zeros])
        if op < 2:
            assert (res_np["q"][zeros] == 0).all()  # numba.cuda: integer division by 0 is 0


def case_errors_boundscheck(r, rng):
    m, n = 3, int(rng.integers(40, 90))
    a = rng.standard_normal((m, n)).astype(np.float32)
    k = int(rng.integers(-m, m))
    # 2n invocations: i - n is -n..n-1, every index valid after wrap-around.
    res, rep = r.run_reporting(ERRORS, "checked_read", [2 * n],
                               {"a": a, "out": poisoned(2 * n, np.float32)}, [("k", k)], ["out"])
    assert rep.returncode == 0, rep.stderr
    assert (res["out"] == np.concatenate([a[k], a[k]])).all()
    # 3n invocations: the last n read past the row, and store nothing.
    res, rep = r.run_reporting(ERRORS, "checked_read", [3 * n],
                               {"a": a, "out": poisoned(3 * n, np.float32)}, [("k", k)], ["out"])
    lines = rep.stderr.strip().splitlines()
    first = next(l for l in lines if l.startswith("IndexError"))
    mm = re.fullmatch(rf"IndexError: index (\d+) is out of bounds for axis 1 with size {n} "
                      r"\(array 'a'\)", first)
    assert mm and n <= int(mm.group(1)) < 2 * n, first
    check_report(rep, first, r"raised in Vulkan kernel 'checked_read', in checked_read at "
                 r"errors_print\.py:\d+", {int(mm.group(1)) + n})
    assert (res["out"][:2 * n] == np.concatenate([a[k], a[k]])).all()
    assert np.isnan(res["out"][2 * n:]).all()
    # A row out of range, named with the index as written.
    res, rep = r.run_reporting(ERRORS, "checked_read", [n], {"a": a, "out": poisoned(n, np.float32)},
                               [("k", m + 2)], ["out"])
    check_report(rep, f"IndexError: index {m + 2} is out of bounds for axis 0 with size {m} "
                 "(array 'a')", r"raised in Vulkan kernel 'checked_read', in checked_read at "
                 r"errors_print\.py:\d+")
    # --boundscheck checks a kernel without boundscheck=; without it the
    # kernel has no error buffer (in range here: out of range is undefined).
    x = rng.standard_normal(n).astype(np.float32)
    res, rep = r.run_reporting(ERRORS, "unchecked", [n + 5], {"a": x, "out": poisoned(n + 5, np.float32)},
                               outputs=["out"], flags=["--boundscheck"])
    lines = rep.stderr.strip().splitlines()
    first = next((l for l in lines if l.startswith("IndexError")), "")
    assert re.fullmatch(rf"IndexError: index \d+ is out of bounds for axis 0 with size {n} "
                        r"\(array 'a'\)", first), lines
    assert (res["out"][:n] == x).all() and np.isnan(res["out"][n:]).all()
    res, rep = r.run_reporting(ERRORS, "unchecked", [n], {"a": x, "out": poisoned(n, np.float32)},
                               outputs=["out"])
    assert rep.returncode == 0 and (res["out"] == x).all()
    with open(os.path.splitext(r.compile(ERRORS))[0] + ".json") as f:
        entries = {e["name"]: e for e in json.load(f)["entry_points"]}
    assert entries["unchecked"]["error_buffer"] is None
    assert entries["numpy_divisions"]["error_buffer"] is None
    assert entries["print_all"]["error_buffer"] is None and entries["print_all"]["print_buffer"]


PRINT_DTYPES = [("b", np.bool_), ("i8", np.int8), ("i16", np.int16), ("i32", np.int32),
                ("i64", np.int64), ("u8", np.uint8), ("u16", np.uint16), ("u32", np.uint32),
                ("u64", np.uint64), ("f32", np.float32), ("f64", np.float64),
                ("c64", np.complex64), ("c128", np.complex128)]


def print_all_inputs(rng, n):
    """Random values of every dtype with each type's special values first."""
    special_f = [0.0, -0.0, np.inf, -np.inf, np.nan, 0.1, 1e16, 1e15, 1e-5, 1e-4, 123456789.0,
                 2.5, -1.0, 3.4028235e38, 1e-45, 5e-324, 1.7976931348623157e308]
    arrays = {}
    for name, dt in PRINT_DTYPES:
        if dt == np.bool_:
            v = rng.integers(0, 2, n).astype(bool)
        elif np.issubdtype(dt, np.integer):
            info = np.iinfo(dt)
            v = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
            v[:3] = [info.min, info.max, 0]
        elif np.issubdtype(dt, np.floating):
            with np.errstate(all="ignore"):
                v = (rng.standard_normal(n) * 10.0 ** rng.integers(-30, 30, n)).astype(dt)
                v[:len(special_f)] = np.array(special_f).astype(dt)
        else:
            part = np.float32 if dt == np.complex64 else np.float64
            with np.errstate(all="ignore"):
                re_ = (rng.standard_normal(n) * 10.0 ** rng.integers(-20, 20, n)).astype(part)
                im_ = (rng.standard_normal(n) * 10.0 ** rng.integers(-20, 20, n)).astype(part)
                sp = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.0]).astype(part)
                re_[:8], im_[:8] = sp, sp[[2, 2, 0, 1, 3, 5, 6, 1]]
            v = (re_ + 1j * im_.astype(dt)).astype(dt)
            v.real[:8], v.imag[:8] = re_[:8], im_[:8]
        arrays[name] = v
    return arrays


def print_all_line(i, arrays):
    """The line Python's print gives for row i (float32 values as NumPy's
    shortest float32 digits: docs/language.md "Printing")."""
    items = ["row", i]
    for name, dt in PRINT_DTYPES:
        v = arrays[name][i]
        if dt == np.bool_:
            items.append(bool(v))
        elif np.issubdtype(dt, np.integer):
            items.append(int(v))
        elif dt == np.float64:
            items.append(float(v))
        elif dt == np.float32:
            items.append(py_float_repr(v, 32))
        elif dt == np.complex128:
            items.append(complex(v))
        else:
            items.append(py_complex_repr(v, 32))
    out = io.StringIO()
    print(*items, file=out)
    return out.getvalue().rstrip("\n")


def case_print(r, rng):
    # The reference formatter agrees with Python on float64 and complex128.
    for v in [0.1, -0.0, 1e16, 1e-5, 5e-324, np.nan, -np.inf, 123456789.0]:
        assert py_float_repr(v, 64) == repr(float(v))
    for z in [2j, complex(-0.0, 2), complex(0, -0.0), complex(1, -np.inf), complex(np.nan, 1)]:
        assert py_complex_repr(z, 64) == repr(z), (z, py_complex_repr(z, 64))
    n = int(rng.integers(40, 70))
    arrays = print_all_inputs(rng, n)
    res, rep = r.run_reporting(ERRORS, "print_all", [n], arrays)
    assert rep.returncode == 0, rep.stderr
    want = [print_all_line(i, arrays) for i in range(n)]
    assert sorted(rep.printed) == sorted(want), (
        sorted(set(rep.printed) - set(want))[:3], sorted(set(want) - set(rep.printed))[:3])
    # Constant strings, nested tuples, empty lines, dim3.
    x = rng.standard_normal(5)
    res, rep = r.run_reporting(ERRORS, "print_forms", [5], {"x": x}, local_size=(32,))
    forms = [f"tuple: ({i}, ({float(x[i])!r}, True)) ({i},)" for i in range(5)] + [""] * 5 + \
            ["(32, 1, 1) done"]
    assert sorted(rep.printed) == sorted(forms), (rep.printed, forms)
    # A buffer too small for every record: some printed, the rest dropped,
    # and one warning with their count.
    res, rep = r.run_reporting(ERRORS, "print_all", [n], arrays, run_flags=["--print-words", "100"])
    assert rep.returncode == 0, rep.stderr
    assert 0 < len(rep.printed) < n and set(rep.printed) <= set(want), (len(rep.printed), n,
                                                                        rep.stderr)
    warnings_ = [l for l in rep.stderr.splitlines() if "dropped" in l]
    assert len(warnings_) == 1 and str(n - len(rep.printed)) in warnings_[0], rep.stderr


def case_print_and_raise(r, rng):
    n = int(rng.integers(100, 200))
    x = rng.integers(0, 10000, n).astype(np.int32)
    x[x % 7 == 3] += 1
    bad = rng.choice(n, 2, replace=False)
    x[bad] = 7 * rng.integers(1, 100, 2) + 3
    res, rep = r.run_reporting(ERRORS, "print_then_raise", [n], {"x": x, "out": poisoned(n, np.int32)},
                               outputs=["out"])
    check_report(rep, "RuntimeError: multiple of 7 plus 3",
                 r"raised in Vulkan kernel 'print_then_raise', in print_then_raise at "
                 r"errors_print\.py:\d+", set(bad.tolist()))
    assert sorted(rep.printed) == sorted(f"visit {v}" for v in x)
    ok = np.setdiff1d(np.arange(n), bad)
    assert (res["out"][ok] == x[ok]).all() and (res["out"][bad] == 0x5A5A).all()
    # A chain: the first launch raises for negative inputs; the second
    # launch still runs (and prints once).
    xf = rng.uniform(0.5, 8, n).astype(np.float32)
    neg = rng.choice(np.arange(1, n), 3, replace=False)
    xf[neg] = -xf[neg]
    res, rep = r.run_reporting(ERRORS, "halve_then_double", [n],
                               {"x": xf, "out": poisoned(n, np.float32)}, outputs=["out"])
    check_report(rep, "ValueError: negative input",
                 r"raised in Vulkan kernel 'halve_then_double', in halve_positive at "
                 r"errors_print\.py:\d+", set(neg.tolist()))
    ok = np.setdiff1d(np.arange(n), neg)
    assert (res["out"][ok] == (xf[ok] / np.float32(2)) * np.float32(2)).all()
    assert rep.printed == [f"second launch sees {py_float_repr(xf[0] / np.float32(2), 32)}"], \
        rep.printed


ERROR_CASES = [
    ("raise: in kernels and device functions, classes of the file, assert; partial outputs",
     case_errors_raise),
    ("error_model=\"python\": ZeroDivisionError for //, %, / of ints, floats, complex",
     case_errors_divisions),
    ("boundscheck=True, --boundscheck: IndexError naming the array; none without",
     case_errors_boundscheck),
    ("print(): every scalar type as Python prints it; tuples, dim3; dropped records",
     case_print),
    ("print() and raise together; a chain whose first launch raises", case_print_and_raise),
]


# ---------------------------------------------------------------------------
# Arrays inside kernels (004_…txt; docs/language.md "Arrays inside kernels"):
# views, reductions and array expressions against NumPy.
# ---------------------------------------------------------------------------

VIEWS = "array_views.py"


def case_views_004(r, rng):
    # 004's normalise_rows and smooth, verbatim.
    m, n = int(rng.integers(20, 60)), int(rng.integers(5, 17))
    a = rng.uniform(0.5, 2.0, (m, n)).astype(np.float32)
    res = r.run(VIEWS, "normalise_rows", [m], {"a": a, "out": poisoned((m, n), np.float32)},
                outputs=["out"])
    want = (a / a.sum(axis=1, dtype=np.float32, keepdims=True)).astype(np.float32)
    want[:, -1] = a[:, 1:-1].max(axis=1)
    want[:, :2] = 0
    check_close(res["out"], want, rtol=2e-6)
    n = int(rng.integers(50, 300))
    x = rng.standard_normal(n).astype(np.float32)
    out = poisoned(n, np.float32)
    res = r.run(VIEWS, "smooth", [n], {"x": x, "out": out}, outputs=["out"])
    w = np.array([0.25, 0.5, 0.25], np.float32)
    want = out.copy()
    want[1:-1] = [np.float32(x[i - 1] * w[0]) + np.float32(x[i] * w[1]) + np.float32(x[i + 1] * w[2])
                  for i in range(1, n - 1)]
    check_close(res["out"][1:-1], want[1:-1], rtol=2e-6)
    assert np.isnan(res["out"][[0, -1]]).all()


def case_views_slices(r, rng):
    m, n = int(rng.integers(3, 9)), int(rng.integers(5, 14))
    a = rng.standard_normal((m, n))
    bounds = [-3 * n, -n - 1, -n, -3, -1, 0, 1, 2, n // 2, n - 1, n, n + 4]
    for lo, hi, step in [(int(rng.choice(bounds)), int(rng.choice(bounds)),
                          int(rng.choice([-3, -2, -1, 1, 2, 3, 7]))) for _ in range(12)]:
        res = r.run(VIEWS, "row_slice", [m], {"a": a, "out": poisoned((m, n + 1), np.float64)},
                    [("lo", lo), ("hi", hi), ("step", step)], ["out"])
        want = a[:, lo:hi:step]
        got = res["out"]
        assert (got[:, -1] == want.shape[1]).all(), (lo, hi, step, got[:, -1], want.shape)
        assert np.array_equal(got[:, :want.shape[1]], want), (lo, hi, step)
        assert np.isnan(got[:, want.shape[1]:-1]).all(), (lo, hi, step)
    res = r.run(VIEWS, "column_views", [n], {"a": a, "colsum": poisoned(n, np.float64),
                                             "tail": poisoned(n, np.float64)},
                outputs=["colsum", "tail"])
    check_close(res["colsum"], (a + a).sum(axis=0), rtol=1e-14, atol=SUM_ATOL * np.abs(a).sum())
    check_close(res["tail"], a[::-1][1::2].sum(axis=0) + a.max(axis=0), rtol=1e-14,
                atol=SUM_ATOL * np.abs(a).sum())
    res = r.run(VIEWS, "transposed", [n], {"a": a, "out": poisoned((n, m), np.float64),
                                           "diag": poisoned(n, np.float64)},
                outputs=["out", "diag"])
    assert np.array_equal(res["out"], a.T * 2)
    assert np.array_equal(res["diag"], a[-1] + a[0] + m)
    for flip in (0, 1):
        res = r.run(VIEWS, "either_view", [m], {"a": a, "out": poisoned(m, np.float64)},
                    [("flip", flip)], ["out"])
        want = a[:, -1] + a.sum(1) if flip else a[:, 1] + a[:, 1:].sum(1)
        check_close(res["out"], want, rtol=1e-14, atol=1e-13)
    b = rng.standard_normal((m, n))
    res = r.run(VIEWS, "unpacked_views", [m], {"a": a, "b": b, "out": poisoned((m, n), np.float64)},
                outputs=["out"])
    # (sums may cancel: an absolute bound for NumPy's pairwise order)
    check_close(res["out"], a * 10 + b[:, ::-1] + a.sum(1, keepdims=True), rtol=1e-14,
                atol=1e-13)
    b = rng.standard_normal((int(rng.integers(2, 5)), int(rng.integers(2, 5)), n))
    res = r.run(VIEWS, "ellipsis", [n], {"a": b, "out": poisoned((b.shape[0], n), np.float64),
                                         "last": poisoned(n, np.float64)},
                outputs=["out", "last"])
    want = b.sum((0, 1)) + b[0].max(0) + b[:, 0].min(0)
    check_close(res["out"], np.broadcast_to(want, (b.shape[0], n)), rtol=1e-14)
    check_close(res["last"], b[1, 0] + b[0, 0] + b[0, 0], rtol=1e-14)


def case_views_reductions(r, rng):
    m, n = int(rng.integers(5, 40)), int(rng.integers(5, 20))
    a = rng.standard_normal((m, n))
    a[rng.integers(0, m), rng.integers(0, n)] = np.nan        # NaN propagates to min/max
    a[rng.integers(1, m)] = 0                                   # any/all of zeros
    res = r.run(VIEWS, "reductions", [m], {"a": a, "out": poisoned((m, 7), np.float64),
                                           "iout": poisoned((m, 4), np.int64)},
                outputs=["out", "iout"])
    want = np.stack([a.sum(1), a[:, :4].prod(1), a.mean(1), a.max(1), a.min(1), a @ a[0],
                     a[:, 1:].sum(1)], 1)
    ok = np.isclose(res["out"], want, rtol=1e-12, equal_nan=True)
    assert ok.all(), (np.argwhere(~ok)[:3], res["out"][~ok][:3], want[~ok][:3])
    iwant = np.stack([a.argmax(1), a[:, ::-1].argmin(1), a.any(1), a.all(1)], 1)
    assert np.array_equal(res["iout"], iwant), (res["iout"], iwant)
    b = rng.integers(-1000, 1000, (m, n)).astype(np.int32)
    u = rng.integers(0, 256, (m, n)).astype(np.uint8)
    res = r.run(VIEWS, "int_reductions", [m], {"a": b, "out": poisoned((m, 4), np.int64),
                                               "u": u, "usum": poisoned(m, np.uint64)},
                outputs=["out", "usum"])
    with np.errstate(over="ignore"):
        iwant = np.stack([b.sum(1), b.max(1), b.argmin(1), b.astype(np.int64).prod(1)], 1)
    assert np.array_equal(res["out"], iwant), (res["out"][:3], iwant[:3])
    assert np.array_equal(res["usum"], u.sum(1, dtype=np.uint64))


def case_views_axis(r, rng):
    b, n = int(rng.integers(2, 9)), int(rng.integers(3, 12))
    a = rng.standard_normal((b, n, n))
    a[0, 1, 2] = np.nan                                  # NaN wins min/max/argmin/argmax
    for axis in (0, 1, -1, -2):
        res = r.run(VIEWS, "axis_reductions", [b],
                    {"a": a, "out": poisoned((b, 8, n), np.float64),
                     "iout": poisoned((b, 5, n), np.int64), "flat": poisoned(b, np.float64)},
                    [("axis", axis)], ["out", "iout", "flat"])
        ax = axis % 2 + 1                                   # the axis of `a` for m's axis
        want = np.stack([a.sum(1), a.prod(2), a.mean(2), a.max(1), a.min(2), a.sum(ax),
                         (a * 2).max(ax), (a - 1).mean(ax) + a.sum(1)], 1)
        ok = np.isclose(res["out"], want, rtol=1e-13, equal_nan=True)
        assert ok.all(), (axis, np.argwhere(~ok)[:3], res["out"][~ok][:3], want[~ok][:3])
        iwant = np.stack([a.argmax(1), a.argmin(2), (a > 0).any(1), (a > -1).all(2),
                          a.argmax(ax)], 1)
        assert np.array_equal(res["iout"], iwant), (axis, res["iout"][:1], iwant[:1])
        fwant = a[:, 0].sum(1) + a[:, 1].max(1) + a[:, 2].argmin(1)
        assert np.isclose(res["flat"], fwant, rtol=1e-13, equal_nan=True).all(), \
            (res["flat"], fwant)
    # 004's lines, verbatim.
    x = rng.standard_normal((n, b + 1)).astype(np.float32)
    for k, j in ((0, b), (1, n - 1), (-1, 0)):
        res = r.run(VIEWS, "axis_004", [1], {"x": x, "out": poisoned(b + 1, np.float32),
                                             "centred": poisoned((n, b + 1), np.float32),
                                             "m_out": poisoned(1, np.float32)},
                    [("k", k), ("j", j)], ["out", "centred", "m_out"])
        check_close(res["out"], x.sum(axis=0), rtol=1e-5)
        check_close(res["centred"], x - x.mean(axis=0), rtol=1e-4, atol=1e-5)
        assert res["m_out"][0] == np.max(x, axis=k)[j], (k, j, res["m_out"])
    # A run-time axis out of range raises NumPy's error, as a ValueError.
    res, rep = r.run_reporting(VIEWS, "axis_reductions", [b],
                               {"a": a, "out": poisoned((b, 8, n), np.float64),
                                "iout": poisoned((b, 5, n), np.int64),
                                "flat": poisoned(b, np.float64)},
                               [("axis", 2)], ["out"])
    assert rep.returncode == 1, rep
    assert "ValueError: axis 2 is out of bounds for array of dimension 2" in rep.stderr, \
        rep.stderr


def case_views_complex_extrema(r, rng):
    m, n = int(rng.integers(3, 12)), int(rng.integers(3, 9))
    re = rng.integers(-2, 3, (m, n)).astype(np.float64)       # ties in the real parts
    z = re + 1j * rng.standard_normal((m, n))
    z[1, rng.integers(0, n)] = complex(np.nan, 1.0)
    z[2, rng.integers(0, n)] = complex(0.5, np.nan)
    z[2, rng.integers(0, n)] = complex(np.nan, np.nan)
    w = (rng.integers(-2, 3, (m, n)) + 1j * rng.standard_normal((m, n))).astype(np.complex64)
    res = r.run(VIEWS, "complex_extrema", [m], {"z": z, "out": poisoned((m, 4), np.complex128),
                                                "iout": poisoned((m, 2), np.int64), "w": w,
                                                "wmax": poisoned(n, np.complex64)},
                outputs=["out", "iout", "wmax"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = np.stack([z.max(1), np.min(z, 1), np.nanmax(z, 1), np.nanmin(z, 1)], 1)
    same(res["out"], want, "complex extrema")
    check_equal(res["iout"], np.stack([z.argmax(1), np.argmin(z, 1)], 1))
    same(res["wmax"], w.max(0), "complex64 max along axis 0")


def case_views_other_dtypes(r, rng):
    m, n = int(rng.integers(2, 9)), int(rng.integers(2, 9))
    z = (rng.standard_normal((m, n)) + 1j * rng.standard_normal((m, n)))
    nbytes = 4 * int(rng.integers(3, 20))
    start = 4 * int(rng.integers(0, 3))
    raw = rng.integers(0, 256, nbytes + start).astype(np.uint8)
    f = rng.standard_normal((m, 3)).astype(np.float32)
    pairs = rng.integers(0, 2**32, 2 * n, dtype=np.uint64).astype(np.uint32)
    pairs[1::2] = (pairs[1::2] & 0x000FFFFF) | 0x3FF00000      # finite doubles in [1, 2)
    res = r.run(VIEWS, "other_views", [max(m, 1)],
                {"z": z, "parts": poisoned(m, np.float64), "raw": raw,
                 "words": poisoned(nbytes // 4, np.int32), "f": f,
                 "bits": poisoned((m, 3), np.uint32), "pairs": pairs,
                 "doubles": poisoned(n + 1, np.float64)},
                [("start", start)], ["z", "parts", "words", "f", "bits", "doubles"])
    check_close(res["parts"], z.real.sum(1) + z.imag[:, ::2].max(1), rtol=1e-14,
                atol=SUM_ATOL * np.abs(z).sum())
    want_z = z.real + 1j * (2 * z.real)
    want_z[:, 0] += 1
    assert np.array_equal(res["z"], want_z), (res["z"][:1], want_z[:1])
    assert np.array_equal(res["words"], raw[start:].view(np.int32))
    assert np.array_equal(res["bits"], f.view(np.uint32))
    want_f = f.copy()
    want_f[:, 1:] = np.float32(1.0)
    assert np.array_equal(res["f"], want_f)
    assert np.array_equal(res["doubles"][:n], pairs.view(np.float64)) and res["doubles"][n] == n
    # A last axis whose bytes are not whole int32 words: NumPy's ValueError.
    _, rep = r.run_reporting(VIEWS, "other_views", [1],
                             {"z": z, "parts": poisoned(m, np.float64), "raw": raw,
                              "words": poisoned(nbytes // 4, np.int32), "f": f,
                              "bits": poisoned((m, 3), np.uint32), "pairs": pairs,
                              "doubles": poisoned(n + 1, np.float64)},
                             [("start", start + 1)], ["words"])
    assert rep.returncode == 1 and "ValueError: When changing to a larger dtype" in rep.stderr, \
        rep.stderr


def case_views_more_reductions(r, rng):
    m, n = int(rng.integers(3, 20)), int(rng.integers(5, 16))
    a = rng.standard_normal((m, n))
    a[rng.integers(0, m, 4), rng.integers(0, n, 4)] = np.nan
    a[0, :] = np.nan                                     # all NaN: nanmin/nanmax NaN
    b = rng.integers(-3, 4, (m, n)).astype(np.int32)
    z = rng.standard_normal((m, n)) + 1j * rng.standard_normal((m, n))
    res = r.run(VIEWS, "more_reductions", [m], {"a": a, "out": poisoned((m, 9), np.float64),
                                                "b": b, "z": z,
                                                "cols": poisoned((2, n), np.float64)},
                outputs=["out", "cols"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = np.stack([np.nansum(a, 1), np.nanprod(a[:, :4], 1), np.nanmean(a, 1),
                         np.nanmin(a, 1), np.nanmax(a, 1), a.var(1), a[:, 1:].std(1),
                         (a > 0).sum(1) + np.count_nonzero(b, 1), b.var(1) + z.std(1)], 1)
        cwant = np.stack([np.nanmax(a, 0), a.var(0)])
    ok = np.isclose(res["out"], want, rtol=1e-12, equal_nan=True)
    assert ok.all(), (np.argwhere(~ok)[:3], res["out"][~ok][:3], want[~ok][:3])
    ok = np.isclose(res["cols"], cwant, rtol=1e-12, equal_nan=True)
    assert ok.all(), (np.argwhere(~ok)[:3], res["cols"][~ok][:3], cwant[~ok][:3])


def case_views_reshape(r, rng):
    rows, mid, cols = (int(v) for v in rng.integers(1, 5, 3))
    a = rng.standard_normal((rows * mid, cols))
    res = r.run(VIEWS, "reshaped", [1], {"a": a, "flat": poisoned(a.size, np.float64),
                                         "cube": poisoned((rows, mid, cols), np.float64)},
                [("rows", rows), ("cols", cols)], ["a", "flat", "cube"])
    assert np.array_equal(res["flat"], a.reshape(-1))
    assert np.array_equal(res["cube"], a.reshape(rows, -1, cols) * 2)
    want = a.copy()
    want[0, 0] = a.sum()
    check_close(res["a"], want, rtol=1e-14, atol=SUM_ATOL * np.abs(a).sum())
    m = int(rng.integers(1, 40))
    res = r.run(VIEWS, "copies", [m], {"out": poisoned((m, 4), np.float32)}, outputs=["out"])
    w = np.float32([0.25, 0.5, 0.25])
    want = np.stack([np.float32([i, 0.5, 0.25]) + np.float32([0, 5, 0]) + w for i in range(m)])
    assert np.array_equal(res["out"][:, :3], want) and (res["out"][:, 3] == 7).all(), res["out"]
    # Views of shared arrays: halves of the dynamic allocation, a static one.
    g = int(rng.integers(1, 9))
    x = rng.integers(-10**12, 10**12, 16 * g)
    res = r.run(VIEWS, "shared_slices", None, {"x": x, "y": poisoned(16 * g, np.int64),
                                              "sums": poisoned(g, np.float64)},
                [("chunk", 8)], ["y", "sums"], local_size=(16,), groups=(g,),
                shared_bytes=16 * 8)
    blocks = x.reshape(g, 16)
    check_equal(res["y"], np.concatenate([blocks[:, 8:], blocks[:, :8]], 1).reshape(-1))
    check_close(res["sums"], (blocks[:, 1:] * 0.5)[:, ::-1].sum(1) + blocks[:, 8:].max(1),
                rtol=1e-15)
    # An array parameter re-bound to views of itself, 0 to 3 times.
    for k in range(min(4, a.shape[0])):
        res = r.run(VIEWS, "rebound_parameter", [1], {"a": a, "out": poisoned(3, np.float64)},
                    [("k", k)], ["out"])
        view = a[k:]
        check_close(res["out"], np.array([view.shape[0], view.sum(), view[0, 0]]), rtol=1e-14,
                    atol=SUM_ATOL * np.abs(a).sum())
    # A shape of another size: NumPy's ValueError.
    _, rep = r.run_reporting(VIEWS, "reshaped", [1],
                             {"a": a, "flat": poisoned(a.size, np.float64),
                              "cube": poisoned((rows, mid, cols), np.float64)},
                             [("rows", rows), ("cols", cols + 1)], ["flat"])
    assert rep.returncode == 1 and "ValueError" in rep.stderr, rep.stderr


def case_views_zero_d(r, rng):
    # 0-d arrays: an argument of each kind, frozen and private ones.
    for sv in (float(rng.uniform(0.5, 9)), float(-rng.uniform(0.5, 9)), 0.0):
        tv = int(rng.integers(-50, 50))
        s, t = np.array(sv), np.array(tv, dtype=np.int32)
        res = r.run(VIEWS, "zero_d", [1], {"s": s, "out": poisoned(8, np.float64),
                                           "iout": poisoned(4, np.int64), "t": t},
                    outputs=["s", "out", "iout", "t"])
        want = [sv * 2.5, np.sqrt(sv) + 2.5 + sv + sv, 1 + 0 + 0, sv + 2 + sv + 2,
                sv * 2 if sv > 0 else -sv, -sv, sv + sv + tv, max(sv, tv)]
        ok = np.isclose(res["out"], want, rtol=1e-15, equal_nan=True)
        assert ok.all(), (sv, tv, res["out"], want)
        check_equal(res["iout"], np.array([0 + 10 * (sv != 0) + 100, 0, 3 + 10, 1 + 10 + 0]))
        assert res["s"].shape == () and res["s"][()] == sv * 2.5 + 1, res["s"]
        assert res["t"].shape == () and res["t"][()] == tv * 3, res["t"]


def case_views_four_d(r, rng):
    # Arrays of more than three dimensions: a 4-d argument, 5-d private arrays.
    shape = tuple(int(v) for v in rng.integers(3, 6, 4))
    a = rng.standard_normal(shape)
    k = int(rng.integers(0, shape[3]))
    res = r.run(VIEWS, "four_d", [shape[0]],
                {"a": a, "out": poisoned((shape[0],) + shape[2:], np.float64),
                 "totals": poisoned(shape[0], np.float64)}, [("k", k)], ["out", "totals"])
    tail = a[:, :, ::-1, 1:].max(axis=3).sum(axis=(1, 2))
    check_close(res["out"], a.sum(axis=1) + tail[:, None, None], rtol=1e-13,
                atol=SUM_ATOL * np.abs(a).sum())
    p = np.zeros((shape[0], 2, 1, 2, 1, 3))
    p[:, 1, 0, :, 0, :] = a[:, 0, :2, :3]
    want = (a.sum(axis=(1, 2, 3)) + 4000 + a[..., k].mean() + p.sum(axis=(1, 2, 3, 4, 5))
            + p[:, 1, 0, 1, 0, 2] * 100 + p.reshape(shape[0], 12)[:, -1])
    check_close(res["totals"], want, rtol=1e-13, atol=SUM_ATOL * np.abs(a).sum() * 10)


FLOAT16 = "float16.py"


def random_halves(rng, n):
    """float16 values of every magnitude: random bits (subnormals, NaN,
    infinities among them), ordinary values, and the edges."""
    bits = rng.integers(0, 1 << 16, n).astype(np.uint16).view(np.float16)
    plain = (rng.standard_normal(n) * 10).astype(np.float16)
    x = np.where(rng.random(n) < 0.5, bits, plain)
    edges = np.float16([0.0, -0.0, np.inf, -np.inf, np.nan, 65504, -65504, 6e-8, -6e-8,
                        6.1e-5, 1.0, -1.5, 0.5, 2048, 2049])
    x[:len(edges)] = edges
    return x


def same_halves(got, want, what):
    """Bit for bit (signed zeros too), any NaN for a NaN."""
    assert got.dtype == want.dtype and got.shape == want.shape, (what, got.dtype, want.shape)
    g, w = got.view(np.uint16), want.view(np.uint16)
    bad = ~((g == w) | (np.isnan(got) & np.isnan(want)))
    if bad.any():
        k = np.argwhere(bad)[0]
        raise AssertionError(f"{what}: {bad.sum()} of {got.size} differ; first at {tuple(k)}: "
                             f"got {got[tuple(k)]!r}, want {want[tuple(k)]!r}")


def exact_fma_half(a, b, c):
    """a*b + c rounded once to float16 (ties to even), from exact fractions."""
    from fractions import Fraction
    out = np.empty(a.shape, np.float16)
    for k, (x, y, z) in enumerate(zip(a.tolist(), b.tolist(), c.tolist())):
        if not all(math.isfinite(v) for v in (x, y, z)):
            with np.errstate(all="ignore"):
                out[k] = np.float16(x * y + z)
            continue
        exact = Fraction(x) * Fraction(y) + Fraction(z)
        near = np.float16(float(exact))
        best = None
        for cand in (np.nextafter(near, np.float16(-np.inf)), near,
                     np.nextafter(near, np.float16(np.inf))):
            if not np.isfinite(cand):
                continue
            d = abs(Fraction(float(cand)) - exact)
            even = (int(np.float16(cand).view(np.uint16)) & 1) == 0
            if best is None or d < best[0] or (d == best[0] and even):
                best = (d, cand)
        r_ = best[1]
        if abs(exact) >= 65520:
            r_ = np.float16(np.inf) if exact > 0 else np.float16(-np.inf)
        out[k] = r_
    return out


def case_float16(r, rng):
    n = int(rng.integers(300, 600))
    a, b = random_halves(rng, n), random_halves(rng, n)
    d = np.where(rng.random(n) < 0.5, rng.standard_normal(n) * 1000,
                 rng.integers(0, 1 << 63, n).view(np.float64))
    d[:4] = [65519.99999, 65520.0, 1 + 2.0**-11, 1 + 2.0**-11 + 2.0**-40]  # ties and near-ties
    i8 = rng.integers(-128, 128, n).astype(np.int8)
    s = float(np.float16(rng.uniform(-3, 3)))
    res = r.run(FLOAT16, "arithmetic", [n],
                {"a": a, "b": b, "out": poisoned((n, 13), np.float16),
                 "wide": poisoned((n, 3), np.float32), "d": d, "n": i8}, [("s", s)],
                ["out", "wide"])
    h = np.float16(s)
    with np.errstate(all="ignore"):
        t = np.empty((n, 13), np.float16)
        cols = [a + b, a - b, a * b, a / b, (a * b) + h, -a, np.abs(b), d.astype(np.float16),
                (d * 3.0).astype(np.float16), a + i8, np.where((a > b) | np.isnan(a), a, b),
                np.float16(0.1) * a, (a * a) - b]
        for k, col in enumerate(cols):
            t[:, k] = col
        # Python's max(x, y): x unless y > x (NaN x stays)
        t[:, 10] = np.where(b > a, b, a)
        for k in range(13):
            same_halves(res["out"][:, k], t[:, k], f"arithmetic column {k}")
        wide = np.stack([a.astype(np.float32), a.astype(np.float32) * np.float32(1.5),
                         ((a < b) + 2 * (a == b) + 4 * (a >= h)).astype(np.float32)], 1)
    check_equal(res["wide"], wide)
    c = random_halves(rng, n)
    res = r.run(FLOAT16, "intrinsics", [n],
                {"a": a, "b": b, "c": c, "out": poisoned((n, 12), np.float16),
                 "flags": np.zeros((n, 3), np.bool_)}, outputs=["out", "flags"])
    with np.errstate(all="ignore"):
        hmax = np.where(np.isnan(a), b, np.where(np.isnan(b), a, np.where(a > b, a, b)))
        hmin = np.where(np.isnan(a), b, np.where(np.isnan(b), a, np.where(a < b, a, b)))
        want = [a + b, a - b, a * b, a / b, exact_fma_half(a, b, c), -a, np.abs(a), hmax, hmin,
                np.sqrt(np.abs(a)), np.floor(a), np.rint(a)]
    for k, col in enumerate(want):
        same_halves(res["out"][:, k], col.astype(np.float16), f"fp16 intrinsic column {k}")
    check_equal(res["flags"], np.stack([a == b, a < b, a >= b], 1))
    # hfma's ties: products exactly halfway between two halves, plus tiny addends.
    x = np.float16([1 + 2.0**-10] * 4 + [3.0, -3.0])
    y = np.float16([1 + 2.0**-10, 1 + 2.0**-10, 1 - 2.0**-11, 1.5, 1 + 2.0**-10, 1 + 2.0**-10])
    z = np.float16([6e-8, -6e-8, 0.0, 2.0**-11, -6e-8, 6e-8])
    res = r.run(FLOAT16, "intrinsics", [len(x)],
                {"a": x, "b": y, "c": z, "out": poisoned((len(x), 12), np.float16),
                 "flags": np.zeros((len(x), 3), np.bool_)}, outputs=["out"])
    same_halves(res["out"][:, 4], exact_fma_half(x, y, z), "hfma ties")
    # Math functions: float32 results rounded; NumPy's float32 functions may
    # differ from the device's in the last float32 bit, so within one half ulp.
    res = r.run(FLOAT16, "functions", [n], {"a": a, "out": poisoned((n, 6), np.float16)},
                outputs=["out"])
    f = a.astype(np.float32)
    with np.errstate(all="ignore"):
        want = [np.sin(f), np.exp(f), np.sqrt(np.abs(f)), np.cos(f), np.exp2(f), np.log(np.abs(f))]
    for k, col in enumerate(want):
        got, w = res["out"][:, k].astype(np.float64), col.astype(np.float16).astype(np.float64)
        ok = (got == w) | (np.isnan(got) & np.isnan(w)) | (
            np.abs(got - w) <= np.spacing(np.abs(col.astype(np.float16))).astype(np.float64))
        assert ok.all(), (k, a[~ok][:3], got[~ok][:3], w[~ok][:3])
    # Reductions of rows of 7 (NumPy adds fewer than 8 elements in order, in
    # float32, as the kernel does).
    m = int(rng.integers(20, 60))
    rows = (rng.standard_normal((m, 7)) * 300).astype(np.float16)
    rows[0, :3] = [2048, 1, 1]      # a sum that rounding after each addition would lose
    res = r.run(FLOAT16, "reductions", [m], {"a": rows, "out": poisoned((m, 5), np.float16)},
                outputs=["out"])
    with np.errstate(all="ignore"):
        want = np.stack([rows.sum(1), rows.mean(1), rows.max(1), rows.min(1),
                         np.array([np.dot(x, x) for x in rows])], 1).astype(np.float16)
    for k in range(5):
        same_halves(res["out"][:, k], want[:, k], f"float16 reduction {k}")
    # Views between halves and integers.
    h, i16 = random_halves(rng, 16)[-4:], rng.integers(-2**15, 2**15, 4).astype(np.int16)
    res = r.run(FLOAT16, "views", [1], {"a": h, "b": i16, "out": poisoned(3, np.float32)},
                outputs=["a", "b", "out"])
    want_a, want_b = h.copy(), i16.copy()
    want_a.view(np.int16)[1] = 5
    want_b.view(np.float16)[1] = 1.5
    want_out = np.float32([h.view(np.int16)[0], i16.view(np.float16)[0],
                           want_a.view(np.int32)[0]])  # read after the kernel's write
    same_halves(res["a"], want_a, "float16 written as int16")
    check_equal(res["b"], want_b)
    check_equal(res["out"], want_out)


RECORDS = "records.py"


def random_records(rng, dtype, shape):
    """Records of `dtype` with random bytes everywhere (padding too), then
    each field set to random values of its type: never zeros, no NaN."""
    a = rng.integers(0, 256, (int(np.prod(shape)) * dtype.itemsize,)).astype(np.uint8)
    a = a.view(dtype).reshape(shape)
    for name in dtype.names:
        f = a[name]
        t = f.dtype.base
        if t == np.bool_:
            f[...] = rng.random(f.shape) < 0.5
        elif t.kind in "iu":
            info = np.iinfo(t)
            hi = min(int(info.max), 2**62)
            f[...] = rng.integers(int(info.min), hi, f.shape, dtype=np.int64 if t.kind == "i"
                                  else np.uint64).astype(t)
        elif t.kind == "f":
            f[...] = (rng.standard_normal(f.shape) * 100).astype(t)
        else:
            f[...] = (rng.standard_normal(f.shape) + 1j * rng.standard_normal(f.shape)).astype(t)
    return a


def same_records(got, want, what):
    """Every field equal (NaN equal to NaN), dtypes and shapes too."""
    assert got.dtype == want.dtype and got.shape == want.shape, (what, got.dtype, want.dtype,
                                                                 got.shape, want.shape)
    for name in want.dtype.names:
        g, w = got[name], want[name]
        bad = ~((g == w) | (np.isnan(g) & np.isnan(w))) if w.dtype.kind in "fc" else g != w
        if bad.any():
            k = np.argwhere(bad)[0]
            raise AssertionError(f"{what}: field {name} at {tuple(k)}: got {g[tuple(k)]}, "
                                 f"want {w[tuple(k)]}")


class RecordDtypes:
    """The structured dtypes of kernels/records.py, as NumPy makes them."""
    particle = np.dtype([("x", "f4"), ("v", "f4"), ("alive", "?")])
    tight = np.dtype([("a", "u1"), ("b", "i2"), ("c", "u1"), ("d", "f4"), ("e", "?")])
    FIELDS = [("f_bool", "?"), ("f_i1", "i1"), ("f_u2", "u2"), ("f_i4", "i4"), ("f_u1", "u1"),
              ("f_i8", "i8"), ("f_f4", "f4"), ("f_i2", "i2"), ("f_f8", "f8"), ("f_u4", "u4"),
              ("f_c8", "c8"), ("f_u8", "u8"), ("f_h", "f2"), ("f_c16", "c16")]
    packed = np.dtype(FIELDS)
    aligned = np.dtype(FIELDS, align=True)
    cell = np.dtype([("id", "i4"), ("w", "f4", 3), ("m", "i2", (2, 2))], align=True)
    wide = np.dtype([("a", "f8"), ("k", "i8"), ("c", "c16")], align=True)


def case_records(r, rng):
    mod = RecordDtypes
    # 004_…txt's particles (packed, 9 bytes): neighbours' `alive` bytes share words.
    n = int(rng.integers(500, 1500))
    p = random_records(rng, mod.particle, (n,))
    p["x"] = rng.uniform(0, 120, n).astype(np.float32)
    p["v"] = rng.uniform(-50, 50, n).astype(np.float32)
    dt = float(np.float32(rng.uniform(0.1, 1.0)))
    res = r.run(RECORDS, "step", [n], {"p": p}, [("dt", dt)], ["p"])
    want = p.copy()
    alive = want["alive"].copy()
    want["x"][alive] = want["x"][alive] + want["v"][alive] * np.float32(dt)
    want["alive"][alive & (want["x"] > 100)] = False
    same_records(res["p"], want, "step")
    assert (res["p"]["alive"] != p["alive"]).any(), "no particle left the box: test is weak"
    # Every field of every record written at once by a different invocation.
    m = int(rng.integers(200, 400))
    src = rng.integers(-2**31, 2**31, 5 * m).astype(np.int32)
    res = r.run(RECORDS, "scatter_fields", [5 * m],
                {"p": random_records(rng, mod.tight, (m,)), "src": src}, outputs=["p"])
    want = np.zeros(m, mod.tight)
    v = src.reshape(m, 5)
    want["a"], want["b"], want["c"] = v[:, 0].astype(np.uint8), v[:, 1].astype(np.int16), \
        v[:, 2].astype(np.uint8)
    want["d"] = (v[:, 3] * 0.5).astype(np.float32)
    want["e"] = v[:, 4] % 2 == 1
    same_records(res["p"], want, "scatter_fields")
    # Every field type, packed (fields at odd offsets) and aligned.
    for dtype, entry in [(mod.packed, "all_fields"), (mod.aligned, "all_fields__1")]:
        assert dtype.itemsize == (69 if dtype is mod.packed else 88)
        k = int(rng.integers(100, 300))
        p = random_records(rng, dtype, (k,))
        p["f_u8"] = rng.integers(0, 2**62, k).astype(np.uint64)
        res = r.run(RECORDS, entry, [k], {"p": p, "out": poisoned((k, 14), np.float64)},
                    outputs=["p", "out"])
        cols = [p["f_bool"], p["f_i1"], p["f_u2"], p["f_i4"], p["f_u1"], p["f_i8"], p["f_f4"],
                p["f_i2"], p["f_f8"], p["f_u4"], p["f_c8"].imag, p["f_u8"] % 1000, p["f_h"],
                p["f_c16"].real]
        check_equal(res["out"], np.stack([c.astype(np.float64) for c in cols], 1))
        i = np.arange(k, dtype=np.int64)
        w = p.copy()
        with np.errstate(over="ignore"):
            w["f_bool"] = ~p["f_bool"]
            w["f_i1"] = (p["f_i1"].astype(np.int64) + 3).astype(np.int8)
            w["f_u2"] = (p["f_u2"].astype(np.int64) * 3).astype(np.uint16)
            w["f_i4"] = (p["f_i4"].astype(np.int64) - i).astype(np.int32)
            w["f_u1"] = (p["f_u1"].astype(np.int64) + 7).astype(np.uint8)
            w["f_i8"] = p["f_i8"] * 5 + i
            w["f_f4"] = (p["f_f4"].astype(np.float64) * 1.5).astype(np.float32)
            w["f_i2"] = (p["f_i2"].astype(np.int64) ^ 0x5555).astype(np.int16)
            w["f_f8"] = p["f_f8"] / 3.0
            w["f_u4"] = (p["f_u4"].astype(np.int64) + 1).astype(np.uint32)
            w["f_c8"] = (p["f_c8"].astype(np.complex128) * 2j).astype(np.complex64)
            w["f_u8"] = p["f_u8"] // 3
            w["f_h"] = (p["f_h"].astype(np.float64) * 2).astype(np.float16)
            w["f_c16"] = np.conjugate(p["f_c16"])
        same_records(res["p"], w, entry)
    # 2-d record arrays, array fields, a record copied into another array.
    a, b = int(rng.integers(3, 9)), int(rng.integers(3, 9))
    grid = random_records(rng, mod.cell, (a, b))
    res = r.run(RECORDS, "cells", [a, b], {"grid": grid, "row": random_records(rng, mod.cell, (b,)),
                                            "acc": poisoned(a * b, np.float32)},
                outputs=["grid", "row", "acc"])
    w = grid.copy()
    check_equal(res["acc"], (grid["w"][..., 0] + grid["w"][..., 1] * grid["w"][..., 2] +
                             grid["m"][..., 1, 0].astype(np.float32)).reshape(-1))
    w["m"][..., 0, 1] = grid["id"].astype(np.int16)
    w["w"][..., 2] = -grid["w"][..., 2]
    same_records(res["grid"], w, "cells")
    row = w[0].copy()
    row["id"] += 1000
    same_records(res["row"], row, "cells row")
    # A view of step -2 (negative byte strides).
    n = int(rng.integers(5, 200))
    src = random_records(rng, mod.particle, (n,))
    back = src[::-2]
    res = r.run(RECORDS, "reversed_view", [len(back)],
                {"src": src, "dst": random_records(rng, mod.particle, (len(back),))},
                outputs=["dst"])
    same_records(res["dst"], back.copy(), "reversed_view")
    # One record as an argument, written back (Numba passes records by reference).
    rec = random_records(rng, mod.particle, ())
    res = r.run(RECORDS, "one_record", [1], {"r": rec, "out": poisoned(1, np.float32)},
                outputs=["r", "out"])
    check_equal(res["out"], np.float32([rec["x"] + rec["v"]]))
    w = rec.copy()
    w["x"], w["alive"] = 42.0, not rec["alive"]
    same_records(res["r"], w, "one_record")
    # A record returned by a device function, written through.
    n = int(rng.integers(2, 50))
    p = random_records(rng, mod.particle, (n,))
    res = r.run(RECORDS, "bump_last", [1], {"p": p}, outputs=["p"])
    w = p.copy()
    w["x"][-1] += np.float32(1.0)
    w["v"][-1] = 7.0
    same_records(res["p"], w, "bump_last")
    # float64 fields, also on a device without float64 (--no-float64: the
    # kernel rounds them to float32 and widens them back with integer
    # operations; float32 subnormals flush to zero there).
    n = int(rng.integers(300, 600))
    p = random_records(rng, mod.wide, (n,))
    p["a"] = rng.standard_normal(n) * 10.0 ** rng.integers(-40, 40, n)
    p["a"][:10] = [np.inf, -np.inf, np.nan, 0.0, -0.0, 3.4028235677973366e38, 3.5e38, 1e-39,
                   1.5 + 2.0**-24, 1.0 + 2.0**-24]     # overflow, subnormal, ties to even
    for flags in [(), ("--no-float64",)]:
        res = r.run("records_wide.py", "wide_fields", [n], {"p": p, "out": poisoned(n, np.float32)},
                    outputs=["p", "out"], flags=flags)
        w = p.copy()
        with np.errstate(all="ignore"):
            out = p["a"].astype(np.float32)
            if flags:
                tiny = np.abs(out) < np.finfo(np.float32).tiny
                out[tiny] = np.copysign(np.float32(0), out[tiny])
                a2 = out * np.float32(2)
                a2[np.abs(a2) < np.finfo(np.float32).tiny] *= 0
                w["a"] = a2.astype(np.float64)
                w["c"] = (p["c"].astype(np.complex64) * np.float32(2)).astype(np.complex128)
            else:
                w["a"] = p["a"] * 2
                w["c"] = p["c"] * 2
        w["k"] = p["k"] + 1
        check_equal(res["out"], out)
        same_records(res["p"], w, f"wide_fields {flags}")


RANDOM = "random_streams.py"


def numba_random():
    """numba.cuda.random run on the host by Numba's CUDA simulator: the
    reference streams (numba-cuda's own functions, in Python)."""
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
    if not hasattr(np, "row_stack"):  # numba-cuda 0.68 under NumPy 2
        np.row_stack = np.vstack
    import numba.cuda.random as nr
    return nr


def case_random(r, rng):
    nr = numba_random()
    for seed, sub in [(0, 0), (42, 0), (int(rng.integers(0, 2**63)), 0), (7, 3),
                      (2**64 - 1, 1)]:
        n, k = int(rng.integers(3, 12)), 2
        res = r.run(RANDOM, "draws", [n], {"raw": poisoned((n, 5), np.uint64),
                                          "f32": poisoned((n, 2 * k), np.float32),
                                          "f64": poisoned((n, 2 * k), np.float64)},
                    [("states", f"xoroshiro128p:{n}:{seed}:{sub}")],
                    ["states", "raw", "f32", "f64"])
        s = np.empty(n, nr.xoroshiro128p_dtype)
        with np.errstate(over="ignore"):
            nr.init_xoroshiro128p_states_cpu(s, seed, sub)
            start = s.copy()
            raw = np.array([[nr.xoroshiro128p_next(s, i) for _ in range(5)] for i in range(n)],
                           np.uint64)
            f32, f64 = np.empty((n, 2 * k), np.float32), np.empty((n, 2 * k))
            for i in range(n):
                for j in range(k):
                    f32[i, 2 * j] = nr.xoroshiro128p_uniform_float32(s, i)
                    f32[i, 2 * j + 1] = nr.xoroshiro128p_normal_float32(s, i)
                    f64[i, 2 * j] = nr.xoroshiro128p_uniform_float64(s, i)
                    f64[i, 2 * j + 1] = nr.xoroshiro128p_normal_float64(s, i)
        assert len(set(start["s0"].tolist())) == n, "states repeat"
        check_equal(res["raw"], raw)                 # the streams, bit for bit
        check_equal(res["f32"][:, ::2], f32[:, ::2])
        check_equal(res["f64"][:, ::2], f64[:, ::2])
        # Normals: log, cos and sqrt of the device's math library, within a
        # few ulp of the host's.
        assert np.allclose(res["f32"][:, 1::2], f32[:, 1::2], rtol=1e-6, atol=1e-6)
        assert np.allclose(res["f64"][:, 1::2], f64[:, 1::2], rtol=1e-14, atol=1e-14)
        same_records(res["states"], s, f"states after the draws (seed {seed})")
    # The same stream from a @nv.jit kernel (32-bit integers elsewhere).
    n = 5
    res = r.run(RANDOM, "uniforms_nv", [n], {"f32": poisoned((n, 4), np.float32)},
                [("states", f"xoroshiro128p:{n}:1234")], ["f32"])
    s = np.empty(n, nr.xoroshiro128p_dtype)
    with np.errstate(over="ignore"):
        nr.init_xoroshiro128p_states_cpu(s, 1234, 0)
        want = np.array([[nr.xoroshiro128p_uniform_float32(s, i) for _ in range(4)]
                         for i in range(n)], np.float32)
    check_equal(res["f32"], want)
    # 003's Monte Carlo integrator (examples/montecarlo.py): the integral of
    # 1/x over [1, 2], from numba-cuda's samples for the same seed.
    n = 20000
    res = r.run("montecarlo.py", "mc_integrator_kernel", [n], {"out": poisoned(n, np.float32)},
                [("rng_states", f"xoroshiro128p:{n}:42"), ("lower_lim", 1.0),
                 ("upper_lim", 2.0)], ["out"])
    s = np.empty(n, nr.xoroshiro128p_dtype)
    with np.errstate(over="ignore"):
        nr.init_xoroshiro128p_states_cpu(s, 42, 0)
        u = np.array([nr.xoroshiro128p_uniform_float32(s, i) for i in range(n)], np.float32)
    want = (1.0 / (u.astype(np.float64) * (2.0 - 1.0) + 1.0)).astype(np.float32)
    assert np.array_equal(res["out"], want) or np.allclose(res["out"], want, rtol=2e-7, atol=0)
    integral = res["out"].astype(np.float64).sum() / (n - 1)
    assert abs(integral - want.astype(np.float64).sum() / (n - 1)) < 1e-9
    assert abs(integral - np.log(2)) < 0.01, integral


UFUNC_FORMS = "ufunc_forms.py"


def case_vectorize_forms(r, rng):
    # 004's examples verbatim (examples/vectorize.py): gaussian over x and sigmas[:, None]
    # into a given (poisoned) grid, its float32 and float64 loops by the inputs' dtype,
    # a transposed input; distance of (N, 16) points from a (16,) centre.
    ex = "vectorize.py"
    x = rng.standard_normal(37)
    sigmas = rng.uniform(0.5, 2.0, 5)
    grid = poisoned((5, 37), np.float64)
    res = r.call(ex, "--ufunc", "gaussian", {"x": x, "sigma": sigmas[:, None], "out": grid},
                 ["out"])
    want = np.exp(-0.5 * (x / sigmas[:, None]) ** 2)
    assert np.allclose(res["out"], want, rtol=1e-15, atol=0), "gaussian float64 broadcast"
    x32 = x.astype(np.float32)
    res = r.call(ex, "--ufunc", "gaussian", {"x": x32, "sigma": sigmas[:, None].astype(np.float32)},
                 ["out"])
    assert res["out"].dtype == np.float32 and res["out"].shape == (5, 37)
    # The float32 loop as Numba types it: x / sigma and its square in float32, then
    # float64 (the literal -0.5 is a float64), the result rounded to float32. Against
    # the float64 reference the float32 roundings are amplified by |exponent| (up to
    # ~20 here), so the reference repeats them.
    q2 = (x32 / sigmas[:, None].astype(np.float32)) ** 2
    want32 = np.exp(-0.5 * q2.astype(np.float64)).astype(np.float32)
    assert np.allclose(res["out"], want32, rtol=2e-7, atol=0), "gaussian float32 loop"
    xt = rng.standard_normal((6, 4)).T  # a transposed (Fortran-ordered) input
    res = r.call(ex, "--ufunc", "gaussian", {"x": np.asfortranarray(xt), "sigma": "1.5"}, ["out"])
    assert np.allclose(res["out"], np.exp(-0.5 * (xt / 1.5) ** 2), rtol=1e-15, atol=0)
    points = rng.standard_normal((50, 16)).astype(np.float32)
    centre = rng.standard_normal(16).astype(np.float32)
    res = r.call(ex, "--ufunc", "distance", {"a": points, "b": centre}, ["out"])
    assert np.allclose(res["out"], np.sqrt(((points.astype(np.float64) - centre) ** 2).sum(1)),
                       rtol=1e-5, atol=0), "distance"
    # add.reduce (identity=0): sizes around the workgroup size and past one pass, empty.
    for n in (1, 3, 255, 257, 1000, 70001):
        v = rng.integers(-100, 100, n).astype(np.float32)  # exact sums in float32
        res = r.call(ex, "--reduce", "add", {"array": v}, ["out"])
        assert res["out"] == v.sum(dtype=np.float64), f"add.reduce of {n}: {res['out']}"
    res = r.call(ex, "--reduce", "add", {"array": np.zeros(0, np.float32)}, ["out"])
    assert res["out"] == 0, "add.reduce of nothing is its identity"

    # Loops by dtype, bit-identical to NumPy's loops of the same types (int32 wraps).
    fx = UFUNC_FORMS
    for dt in (np.int32, np.float32, np.float64):
        if dt == np.int32:
            a = rng.integers(-2**31, 2**31 - 1, (3, 1, 7), dtype=np.int64).astype(dt)
            b = rng.integers(-2**31, 2**31 - 1, (4, 7), dtype=np.int64).astype(dt)
        else:
            a, b = rng.standard_normal((3, 1, 7)).astype(dt), rng.standard_normal((4, 7)).astype(dt)
        res = r.call(fx, "--ufunc", "twice_plus", {"a": a, "b": b}, ["out"])
        with np.errstate(over="ignore"):
            want = a + a + b
        assert res["out"].dtype == dt and np.array_equal(res["out"], want), f"twice_plus {dt}"
    # A strided view (every other row, reversed columns) converted on the host.
    base = rng.standard_normal((8, 9))
    view = base[::2, ::-1]
    res = r.call(fx, "--ufunc", "twice_plus", {"a": np.array(view, order="F"), "b": "0.5"}, ["out"])
    assert np.array_equal(res["out"], view + view + 0.5)
    # Mixed operand types, int32 inputs converted to the loop's int64.
    x = rng.standard_normal(10)
    k = rng.integers(-5, 5, 10).astype(np.int32)
    w = rng.standard_normal(10).astype(np.float32)
    res = r.call(fx, "--ufunc", "mixed", {"x": x, "k": k, "w": w}, ["out"])
    assert np.array_equal(res["out"], x * k.astype(np.int64) + w.astype(np.float64))

    # guvectorize: a scalar `()` input (by value) and an array `()` input (s[0]).
    a = rng.integers(-1000, 1000, (4, 6)).astype(np.int32)
    s = rng.integers(-10, 10, (4, 1)).astype(np.int32)
    res = r.call(fx, "--ufunc", "shift_scalar", {"a": a, "s": s[:, 0]}, ["out"])
    assert np.array_equal(res["out"], a + s), "shift_scalar"
    res = r.call(fx, "--ufunc", "shift_scalar", {"a": a, "s": "7"}, ["out"])
    assert np.array_equal(res["out"], a + 7), "shift_scalar by a Python int"
    v = rng.standard_normal((2, 3, 5))
    sc = rng.standard_normal((3,))
    res = r.call(fx, "--ufunc", "dot_scaled", {"a": v, "s": sc}, ["out"])
    assert np.allclose(res["out"], (v * v).sum(-1) * sc, rtol=1e-14, atol=0), "dot_scaled"
    # Two core dimensions, 1-d to 3-d loops, both dtypes; mismatched core extents refused.
    for dt, tol in ((np.float32, 1e-5), (np.float64, 1e-13)):
        A = rng.standard_normal((2, 3, 4, 5)).astype(dt)
        B = rng.standard_normal((3, 5, 2)).astype(dt)
        res = r.call(fx, "--ufunc", "matmul_core", {"a": A, "b": B}, ["out"])
        assert res["out"].dtype == dt and res["out"].shape == (2, 3, 4, 2)
        assert np.allclose(res["out"], A.astype(np.float64) @ B, rtol=tol, atol=tol), dt
    r.call_fails(fx, "--ufunc", "matmul_core",
                 {"a": np.zeros((4, 5), np.float32), "b": np.zeros((4, 2), np.float32)},
                 "core dimension 'n'")

    # Reductions: int64 and float64 loops of plus (identity 0), bigger (none).
    for n in (2, 17, 256, 511, 4097):
        v = rng.integers(-2**40, 2**40, n)
        res = r.call(fx, "--reduce", "plus", {"array": v}, ["out"])
        assert res["out"] == v.sum(), f"plus.reduce of {n} int64"
        f = rng.standard_normal(n)
        res = r.call(fx, "--reduce", "bigger", {"array": f}, ["out"])
        assert res["out"] == f.max(), f"bigger.reduce of {n}"
    res = r.call(fx, "--reduce", "plus", {"array": np.zeros(0, np.int64)}, ["out"])
    assert res["out"] == 0
    r.call_fails(fx, "--reduce", "bigger", {"array": np.zeros(0)},
                 "zero-size array to reduction operation bigger which has no identity")
    # @cuda.reduce over the default types: init, empty (init); 1-d only, as numba-cuda.
    for dt in (np.int32, np.uint64, np.float32, np.float64):
        v = (rng.integers(1, 10**6, 3001) if dt != np.float32 else
             rng.standard_normal(3001)).astype(dt)
        res = r.call(fx, "--reduce", "min_reduce", {"array": v, "init": "5"}, ["out"])
        assert res["out"] == min(v.min(), dt(5)), f"min_reduce {dt}"
    res = r.call(fx, "--reduce", "min_reduce", {"array": np.zeros(0, np.float64), "init": "2.5"},
                 ["out"])
    assert res["out"] == 2.5, "min_reduce of nothing is init"
    r.call_fails(fx, "--reduce", "min_reduce", {"array": rng.standard_normal((33, 45))},
                 "reduces a 1-d array")

    # 003's Monte Carlo integrator with its sum_reduce (examples/montecarlo.py's
    # mc_integrate): the kernel's samples, reduced on the device, times the factor.
    n = 100000
    out = r.run("montecarlo.py", "mc_integrator_kernel", [n], {"out": poisoned(n, np.float32)},
                [("rng_states", f"xoroshiro128p:{n}:42"), ("lower_lim", 1.0),
                 ("upper_lim", 2.0)], ["out"])["out"]
    res = r.call("montecarlo.py", "--reduce", "sum_reduce", {"array": out}, ["out"])
    assert res["out"].dtype == np.float32
    assert np.isclose(res["out"], out.sum(dtype=np.float64), rtol=1e-5, atol=0)
    integral = float(res["out"]) * (2.0 - 1.0) / (n - 1)
    assert abs(integral - np.log(2)) < 0.01, integral


VECTORIZE_CASE = ("ufuncs ahead of time: 004's vectorize/guvectorize/reduce examples, loops by "
                  "dtype, broadcasting 1-d to 4-d, strided inputs, () layouts, core dimensions, "
                  "reductions and cuda.reduce, 003's mc_integrate")


BFLOAT16 = "bfloat16.py"


def bf16_round(value, mode="rn"):
    """The bfloat16 nearest `value` (a Python float, int or Fraction) in
    `mode` (rn: ties to even, rz, rd, ru), as its 16 bits (an int), from the
    exact value: 8 significant bits, float32's exponent range (subnormals
    below 2^-126), overflow to infinity (rn, and the mode's direction)."""
    from fractions import Fraction
    if isinstance(value, float) and math.isnan(value):
        return 0x7FC0
    if isinstance(value, float) and math.isinf(value):
        return 0x7F80 if value > 0 else 0xFF80
    v = Fraction(value)
    sign = 0x8000 if v < 0 or (v == 0 and math.copysign(1, float(value)) < 0) else 0
    m = abs(v)
    if m == 0:
        return sign
    e = math.floor(math.log2(m)) if m != 0 else 0
    while Fraction(2) ** e > m:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    e = max(e, -126)                      # subnormals: a fixed quantum
    q = Fraction(2) ** (e - 7)            # the last kept bit's weight
    n, rest = divmod(m, q)
    n = int(n)
    up = {"rn": rest > q / 2 or (rest == q / 2 and n % 2 == 1),
          "rz": False,
          "rd": rest != 0 and sign != 0,
          "ru": rest != 0 and sign == 0}[mode]
    n += 1 if up else 0
    r = n * q
    if r >= Fraction(2) ** 128:
        return sign | (0x7F80 if mode == "rn" or (mode == "ru" and not sign) or
                       (mode == "rd" and sign) else 0x7F7F)
    b = np.float32(float(r)).view(np.uint32) >> 16
    return sign | int(b)


def bf16_value(b):
    """The float value of bfloat16 bits."""
    return float(np.uint32(b << 16).view(np.float32))


def case_bfloat16(r, rng):
    from fractions import Fraction
    n = int(rng.integers(200, 400))
    a = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(np.float32)
    b = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(np.float32)
    c = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(np.float32)
    a[:6] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 3.3895313892515355e38]
    b[:6] = [1.0, 2.0, np.nan, -0.0, 1e-40, 1e38]
    a[6:10] = np.float32([1 + 2.0**-8, 1 + 3 * 2.0**-8, -(1 + 2.0**-8), 2.5])   # ties
    d = rng.standard_normal(n) * 10.0 ** rng.integers(-30, 30, n)
    d[:4] = [1 + 2.0**-8, 1 + 2.0**-8 + 2.0**-40, 3.5e38, -(1 + 3 * 2.0**-8)]
    k = rng.integers(-2**53, 2**53, n)
    k[:4] = [0, 257, 259, -(2**40 + 2**32)]
    res = r.run(BFLOAT16, "bf16_ops", [n],
                {"a": a, "b": b, "c": c, "d": d, "k": k,
                 "bits": np.zeros((n, 21), np.int16), "ints": np.zeros((n, 6), np.int32)},
                outputs=["bits", "ints"])
    got = res["bits"].view(np.uint16).astype(np.int64)

    # A device that flushes float32 subnormals (NVIDIA's) flushes bfloat16
    # ones in arithmetic too: there an operand or result below 2^-126 may be
    # ±0 (the reference computed with such operands and results flushed).
    flushes = r.may_flush_float32_subnormals()

    def subnormal(bits):
        return (bits & 0x7F80) == 0 and (bits & 0x7F) != 0

    def flushed(bits):
        return bits & 0x8000 if subnormal(bits) else bits

    def same(col, want, what, also=None):
        for i in range(n):
            g, w = int(got[i, col]), int(want[i])
            gn = (g & 0x7F80) == 0x7F80 and (g & 0x7F) != 0
            wn = (w & 0x7F80) == 0x7F80 and (w & 0x7F) != 0
            isnan = (lambda v: (v & 0x7F80) == 0x7F80 and (v & 0x7F) != 0)
            ok = g == w or (gn and wn) or (also is not None and (
                g in also[i] or (gn and any(isnan(v) for v in also[i]))))
            assert ok, (what, i, hex(g), hex(w), a[i], b[i], c[i])

    def exact(bits):
        v = bf16_value(bits)
        return None if math.isnan(v) or math.isinf(v) else Fraction(v)

    x = [bf16_round(float(v)) for v in a]
    y = [bf16_round(float(v)) for v in b]
    z = [bf16_round(float(v)) for v in c]
    same(0, x, "bfloat16(a)")

    def op(f, *ops, flush=False):
        if flush:  # operands flushed, and the result below
            return [flushed(v) for v in op(f, *[[flushed(v) for v in o] for o in ops])]
        out = []
        for vals in zip(*ops):
            fl = [bf16_value(v) for v in vals]
            with np.errstate(all="ignore"):
                special = any(math.isnan(v) or math.isinf(v) for v in fl)
            if special:
                out.append(bf16_round(float(f(*[np.float64(v) for v in fl]))))
            else:
                q = f(*[Fraction(v) for v in fl])
                if isinstance(q, Fraction) and q == 0:  # the sign of a zero: IEEE's
                    q = float(f(*[np.float64(v) for v in fl]))
                out.append(bf16_round(q))
        return out
    def either(f, *ops):
        """The results a flushing device may give too."""
        if not flushes:
            return None
        return [{w, w ^ 0x8000 if w & 0x7FFF == 0 else w} for w in op(f, *ops, flush=True)]

    add, sub, mul = (lambda p, q: p + q), (lambda p, q: p - q), (lambda p, q: p * q)
    div = (lambda p, q: p / q if not isinstance(q, Fraction) or q != 0
           else float(np.float64(p) / np.float64(q)))
    fma = (lambda p, q, s: p * q + s)
    with np.errstate(all="ignore"):
        same(1, op(add, x, y), "hadd", either(add, x, y))
        same(2, op(sub, x, y), "hsub", either(sub, x, y))
        same(3, op(mul, x, y), "hmul", either(mul, x, y))
        same(4, op(div, x, y), "hdiv", either(div, x, y))
        same(5, op(fma, x, y, z), "hfma", either(fma, x, y, z))
        def two_roundings(flush=False):
            return [flushed(w) if flush else w for w in
                    [bf16_round(float(np.float64(bf16_value(m)) + np.float64(bf16_value(t))))
                     for m, t in zip(op(mul, x, y, flush=flush),
                                     [flushed(v) if flush else v for v in z])]]
        same(6, two_roundings(), "x * y + z",
             [{v} for v in two_roundings(True)] if flushes else None)
    fx, fy = [bf16_value(v) for v in x], [bf16_value(v) for v in y]

    def extrema(pick_x, nan_gives, flush=False):
        """hmax & co.: the comparison of the values (flushed: a flushing
        device compares subnormals as zeros), the operand's own bits chosen."""
        out = []
        for xx, yy in zip(x, y):
            p, q = (bf16_value(flushed(xx)), bf16_value(flushed(yy))) if flush else \
                (bf16_value(xx), bf16_value(yy))
            if math.isnan(p) or math.isnan(q):
                out.append(nan_gives(xx, yy, p, q))
            else:
                out.append(xx if pick_x(p, q) else yy)
        return out

    def check_extremum(col, pick_x, nan_gives, what):
        also = [{v} for v in extrema(pick_x, nan_gives, flush=True)] if flushes else None
        same(col, extrema(pick_x, nan_gives), what, also)

    other = (lambda xx, yy, p, q: yy if math.isnan(p) else xx)  # hmax: the non-NaN one
    nan = (lambda xx, yy, p, q: 0x7FC0)                         # hmax_nan: NaN
    check_extremum(7, lambda p, q: p > q, other, "hmax")
    check_extremum(8, lambda p, q: p < q, other, "hmin")
    check_extremum(9, lambda p, q: p > q, nan, "hmax_nan")
    check_extremum(10, lambda p, q: p < q, nan, "hmin_nan")
    def relu(flush=False):
        return [0 if not math.isnan(bf16_value(v)) and bf16_value(v) < 0 else v
                for v in op(fma, x, y, z, flush=flush)]
    same(11, relu(), "hfma_relu", [{v} for v in relu(True)] if flushes else None)
    for col, mode in [(12, "rz"), (13, "rd"), (14, "ru")]:
        same(col, [bf16_round(float(v), mode) for v in a], f"float32_to_bfloat16_{mode}")
    same(15, [bf16_round(float(v)) for v in d], "float64_to_bfloat16")
    for col, mode in [(16, "rn"), (17, "rz"), (18, "rd"), (19, "ru")]:
        same(col, [bf16_round(int(v), mode) for v in k], f"int64_to_bfloat16_{mode}")
    def sat(flush=False):
        out = []
        for v in op(add, x, y, flush=flush):
            f = bf16_value(v)
            out.append(0 if math.isnan(f) or f <= 0 else 0x3F80 if f >= 1 else v)
        return out
    same(20, sat(), "hadd_sat", [{v} for v in sat(True)] if flushes else None)
    ints = res["ints"]
    for i in range(n):
        f = fx[i]
        want = []
        for fn in (lambda v: round(v), math.trunc, math.floor, math.ceil):
            if math.isnan(f):
                want.append(0)
            elif math.isinf(f) or abs(f) >= 2**31:
                want.append(2**31 - 1 if f > 0 else -2**31)
            else:
                want.append(max(-2**31, min(2**31 - 1, fn(f))))
        u8 = 0 if math.isnan(f) or f <= 0 else 255 if f >= 256 else math.trunc(f)
        want += [u8, int(not math.isnan(f) and not math.isnan(fy[i]) and f < fy[i])]
        if flushes:  # hlt of subnormals compared as zeros
            fa, fb = bf16_value(flushed(x[i])), bf16_value(flushed(y[i]))
            if ints[i][5] == int(not math.isnan(fa) and not math.isnan(fb) and fa < fb):
                want[5] = ints[i][5]
        assert list(ints[i]) == want, (i, f, list(ints[i]), want)


def case_views_expressions(r, rng):
    m, n = int(rng.integers(5, 40)), int(rng.integers(4, 20))
    a = rng.standard_normal((m, n))
    b, w = rng.standard_normal(n), rng.standard_normal(n)
    c = float(rng.standard_normal())
    res = r.run(VIEWS, "expressions", [m], {"a": a, "b": b, "w": w,
                                            "out": poisoned((m, n), np.float64),
                                            "norm": poisoned(m, np.float64),
                                            "pick": poisoned(m, np.float64)},
                [("c", c)], ["out", "norm", "pick"])
    d = a - b
    check_close(res["norm"], np.sqrt((d * d).sum(1)), rtol=1e-14)
    check_close(res["out"], (a * w + c) * 2, rtol=0)
    want = a[:, 3] * 2 + n + np.abs(-d).max(1) + (d > 0).sum(1) + np.maximum(d, 0.5).min(1)
    check_close(res["pick"], want, rtol=1e-14)
    p, q, k = int(rng.integers(2, 9)), int(rng.integers(2, 9)), int(rng.integers(2, 5))
    x = rng.standard_normal(p).astype(np.float32)
    y = rng.standard_normal(q).astype(np.float32)
    res = r.run(VIEWS, "outer", [k], {"x": x, "y": y, "out": poisoned((k, p, q), np.float32)},
                outputs=["out"])
    want = (x[:, None] * y[None, :])[None] + np.arange(k, dtype=np.float32)[:, None, None]
    check_close(res["out"], want.astype(np.float32), rtol=2e-7)


UFUNCS = "ufuncs.py"


def same(got, want, what):
    """Equal as NumPy's results, NaN where NumPy has NaN (any NaN)."""
    assert got.dtype == want.dtype, (what, got.dtype, want.dtype)
    ok = (got == want) | (np.isnan(got) & np.isnan(want)) if got.dtype.kind in "fc" else \
        got == want
    assert ok.all(), (what, np.argwhere(~ok)[:3], got[~ok][:3], want[~ok][:3])


def case_ufuncs_int(r, rng):
    m, n = int(rng.integers(2, 7)), int(rng.integers(3, 40))
    a = rng.integers(-2**31, 2**31, (m, n)).astype(np.int32)
    a[:, 0] = np.int32(2**31 - 1)                      # overflow wraps in int32
    b = rng.integers(-50, 50, (m, n)).astype(np.int32)  # zeros: // and % give 0
    b[:, 1] = 0
    res = r.run(UFUNCS, "int_ufuncs", [m], {"a": a, "b": b, "out": poisoned((16, m, n), np.int32),
                                            "wide": poisoned((m, n), np.int64)},
                outputs=["out", "wide"])
    with np.errstate(all="ignore"):
        want = [a + b, a - b, a * b, a // b, a % b, a & b, a | b, a ^ 7,
                np.left_shift(a.astype(np.int64), 3).astype(np.int32), a >> 2,
                np.maximum(a, b), np.minimum(a, b), -a, ~a, np.abs(a), np.fmax(a, b)]
    for k, w in enumerate(want):
        same(res["out"][k], w.astype(np.int32), f"int ufunc {k}")
    same(res["wide"], (a * b).astype(np.int64), "int32 * int32 arrays")
    k = int(rng.integers(4, 30))
    u = rng.integers(0, 256, k).astype(np.uint8)
    sv = rng.integers(-128, 128, k).astype(np.int8)
    sv[0] = -128
    h = rng.integers(-2**15, 2**15, k).astype(np.int16)
    res = r.run(UFUNCS, "unary_small", [1], {"u": u, "s": sv, "h": h,
                                             "out": poisoned((5, k), np.float64)},
                outputs=["out"])
    with np.errstate(over="ignore"):
        want = np.stack([-u, ~u, -sv, ~h + (+sv)]).astype(np.float64)
        sums = [float((-u).sum()), float(np.maximum(sv, -sv).sum())]
    same(res["out"][:4], want, "unary operators on small integer arrays")
    same(res["out"][4, :2], np.array(sums), "sums of them")
    k = int(rng.integers(8, 30))
    a = rng.integers(-100, 100, k).astype(np.int32)
    b = rng.integers(-7, 8, k).astype(np.int32)
    a[0], b[0], b[1] = -2**31, -1, 0
    x = rng.standard_normal(k) * 10
    y = rng.standard_normal(k)
    y[0] = 0.0
    res = r.run(UFUNCS, "fmods", [1], {"a": a, "b": b, "out": poisoned(k, np.int32), "x": x,
                                       "y": y, "fout": poisoned(k, np.float64)},
                outputs=["out", "fout"])
    with np.errstate(all="ignore"):
        same(res["out"], np.fmod(a, b), "np.fmod of int32")
        same(res["fout"], np.fmod(x, y), "np.fmod of float64")


def case_ufuncs_float(r, rng):
    m, n = int(rng.integers(2, 7)), int(rng.integers(9, 40))
    a = rng.standard_normal((m, n)).astype(np.float32)
    b = rng.standard_normal((m, n)).astype(np.float32)
    specials = np.float32([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0])
    a[:, :7] = specials
    b[:, :7] = specials[::-1]
    b[:, 7] = a[:, 7]                                   # equal operands
    res = r.run(UFUNCS, "float_ufuncs", [m], {"a": a, "b": b,
                                              "out": poisoned((11, m, n), np.float32),
                                              "flags": poisoned((9, m, n), np.bool_)},
                outputs=["out", "flags"])
    with np.errstate(all="ignore"):
        exact = [a / b, np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b),
                 np.remainder(a, b), np.floor_divide(a, b), -a]
        approx = [np.arctan2(a, b), np.hypot(a, b), np.sin(a)]
        flags = [a > b, a <= b, a == b, a != b, np.logical_and(a, b), np.logical_or(a, b),
                 np.logical_xor(a, b), np.logical_not(a), np.isnan(a)]
    for k, w in enumerate(exact):
        same(res["out"][k], w, f"float ufunc {k}")
    for k, w in enumerate(approx):
        got = res["out"][len(exact) + k]
        ok = np.isclose(got, w, rtol=2e-6, atol=1e-7, equal_nan=True)
        assert ok.all(), (k, got[~ok][:3], w[~ok][:3])
    for k, w in enumerate(flags):
        same(res["flags"][k], w, f"float predicate {k}")


def case_ufuncs_complex(r, rng):
    n = int(rng.integers(12, 30))
    z = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex128)
    w = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex128)
    w[:4] = z[:4].real + 1j * (z[:4].imag + [1, -1, 0, np.nan])  # ties in the real part
    z[4], w[5] = complex(np.nan, 1), complex(1, np.nan)           # NaN parts
    w[6] = z[6]
    w[7], w[8], w[9] = complex(np.inf, 0), complex(0, -np.inf), complex(np.inf, np.nan)
    z[9], z[10] = complex(-np.inf, 1), complex(2, np.inf)
    res = r.run(UFUNCS, "complex_ufuncs", [1], {"z": z, "w": w,
                                                "out": poisoned((11, n), np.complex128),
                                                "flags": poisoned((10, n), np.bool_)},
                outputs=["out", "flags"])
    with np.errstate(all="ignore"):
        exact = [np.maximum(z, w), np.minimum(z, w), np.fmax(z, w), np.fmin(z, w), z + w, -z]
        approx = [np.sin(z), np.log(z), np.sqrt(z), np.log2(z), np.arctanh(z)]
        flags = [np.greater(z, w), np.less_equal(z, w), np.less(z, w), np.greater_equal(z, w),
                 z != w, np.logical_or(z, w), np.isnan(w), np.isinf(w), np.isfinite(w),
                 np.isnan(z) | (np.isinf(w) & ~np.isfinite(z))]
    for k, want in enumerate(exact):
        same(res["out"][k], want, f"complex ufunc {k}")
    for k, want in enumerate(approx):
        got = res["out"][len(exact) + k]
        ok = np.isclose(got, want, rtol=1e-13, atol=1e-15, equal_nan=True)
        assert ok.all(), (k, got[~ok][:3], want[~ok][:3])
    for k, want in enumerate(flags):
        same(res["flags"][k], want, f"complex predicate {k}")


def case_ufuncs_broadcast(r, rng):
    m, n = int(rng.integers(2, 9)), int(rng.integers(2, 9))
    a = rng.standard_normal((m, n))
    v = rng.standard_normal(n)
    res = r.run(UFUNCS, "broadcast_ufuncs", [n], {"a": a, "v": v,
                                                  "out": poisoned((m, n), np.float64),
                                                  "s": poisoned((n, 4), np.float64)},
                outputs=["out", "s"])
    same(res["out"], (a + v) * 2.0, "broadcast into the output")
    want = np.stack([v + 1.5 + (v > 0) + v, (a - v).sum(0),
                     np.logical_and(a > 0, a < 0.5).sum(0).astype(np.float64),
                     np.maximum(a, 0).max(0) + np.sqrt(np.abs(a)).min(0)], 1)
    check_close(res["s"], want, rtol=1e-13, atol=SUM_ATOL * np.abs(a).sum())
    res = r.run(UFUNCS, "output_value", [m], {"a": a, "out": poisoned((m, n), np.float64),
                                              "s": poisoned(m, np.float64)},
                outputs=["out", "s"])
    same(res["out"], a + 1, "the last output written")
    check_close(res["s"], (a * 2).sum(1) + a[:, 0] + 1, rtol=1e-13, atol=1e-13)
    a[0, 0] = np.nan
    res = r.run(UFUNCS, "where_select", [m], {"a": a, "v": v, "out": poisoned((m, n), np.float64),
                                              "count": poisoned(m, np.int64)},
                outputs=["out", "count"])
    same(res["out"], np.where(a > v, a, 0.5 * v), "np.where of arrays")
    same(res["count"], np.isnan(a).sum(1) + 10 * (a < 0).sum(1), "np.where of scalars")


# Grid-wide barriers (docs/language.md "Grid synchronisation"): one dispatch
# per phase. Every case's phases read what other workgroups wrote in the
# phase before, so a missing barrier gives a different answer; results are
# bit-identical to NumPy's (the same operations in the same order).
GRID_SYNC = "grid_sync.py"


def heat_reference(buf_0, buf_1, steps, k):
    bufs = [buf_0.copy(), buf_1.copy()]
    for step in range(steps):
        c = bufs[step % 2]
        new = np.empty_like(c)
        new[0] = c[0] + k * (c[1] - (2 * c[0]))
        new[-1] = c[-1] + k * (c[-2] - (2 * c[-1]))
        new[1:-1] = c[1:-1] + k * (c[:-2] - (2 * c[1:-1]) + c[2:])
        bufs[1 - step % 2][:] = new
    return bufs


def case_grid_sync_heat(r, rng):
    for n, steps, local in ((1001, 100, None), (1001, 101, None), (1001, 0, None),
                            (1001, 1, None), (300_000, 20, (256,)), (300_000, 21, (256,))):
        buf_0 = rng.uniform(0.0, 100.0, n)
        buf_1 = poisoned(n, np.float64)
        k = float(rng.uniform(0.05, 0.45))
        res = r.run("heat_equation.py", "solve_heat_equation", [n],
                    {"buf_0": buf_0, "buf_1": buf_1}, [("timesteps", steps), ("k", k)],
                    ["buf_0", "buf_1"], local_size=local)
        want = heat_reference(buf_0, buf_1, steps, k)
        for name, w in zip(("buf_0", "buf_1"), want):
            try:
                check_identical(res[name], w)
            except AssertionError as e:
                raise AssertionError(f"n={n} steps={steps}: {name}: {e}")


def grid_sync_nested_reference(x, n, m):
    x = x.copy()
    for t in range(n):
        for s in range(m):
            y = 0.5 * np.roll(x, -1) + 0.25 * np.roll(x, 7) + t - s
            x = np.roll(y, -13) * 0.75 - y
    return x, y


def case_grid_sync_nested(r, rng):
    for size, n, m, grid in ((5000, 3, 4, 5000), (777, 2, 3, 1024), (4096, 0, 3, 4096),
                             (3001, 4, 1, 3001)):
        x = rng.standard_normal(size)
        res = r.run(GRID_SYNC, "nested_loops", [grid], {"x": x, "y": poisoned(size, np.float64)},
                    [("n", n), ("m", m)], ["x", "y"])
        if n * m == 0:
            check_identical(res["x"], x)
            assert np.isnan(res["y"]).all(), "y written without a step"
            continue
        wx, wy = grid_sync_nested_reference(x, n, m)
        check_identical(res["y"], wy)
        check_identical(res["x"], wx)


def case_grid_sync_conditional(r, rng):
    # ops[t] is the same for the whole grid: a data-dependent condition with
    # two, none or one barrier per step.
    size = int(rng.integers(3000, 5000))
    ops = rng.integers(0, 3, 9).astype(np.int32)
    ops[:3] = [1, 2, 0]
    x = rng.standard_normal(size)
    res = r.run(GRID_SYNC, "conditional_phases", [size],
                {"x": x, "y": poisoned(size, np.float64), "ops": ops}, outputs=["x", "y"])
    wx, wy = x.copy(), np.full(size, np.nan)
    for op in ops:
        if op == 1:
            wy = np.roll(wx, -1) + wx
            wx = np.roll(wy, 1) - 0.5 * wy
        elif op == 2:
            wy = wy * 1.5
        else:
            wy = np.roll(wx, -3)
            wx = wy + 1.0
    check_identical(res["x"], wx)
    check_identical(res["y"], wy)


def case_grid_sync_segments(r, rng):
    # Only the invocations at the start of a segment reach the barrier (as
    # 003's sessionize); the others finish in the first phase.
    for size, mean_len in ((int(rng.integers(4000, 6000)), 5), (1000, 200), (999, 1)):
        keys = np.cumsum(rng.random(size) < 1.0 / mean_len).astype(np.int32)
        vals = rng.standard_normal(size)
        res = r.run(GRID_SYNC, "segment_sums", [size],
                    {"keys": keys, "vals": vals, "starts": np.full(size, 0x5A5A, np.int32),
                     "out": poisoned(size, np.float64)}, outputs=["starts", "out"])
        starts = np.r_[True, keys[1:] != keys[:-1]]
        check_equal(res["starts"], starts.astype(np.int32))
        want = np.empty(size)
        bounds = list(np.flatnonzero(starts)) + [size]
        for a, b in zip(bounds[:-1], bounds[1:]):
            total = vals[a]
            for q in range(a + 1, b):
                total += vals[q]
            want[a:b] = total
        check_identical(res["out"], want)


def case_grid_sync_early_returns(r, rng):
    for size, n, grid in ((int(rng.integers(3000, 5000)), 4, None), (1000, 1, 1000),
                          (1000, 0, 1000), (2048, 3, 2048)):
        grid = grid or size + 300  # invocations past the end return at once
        x = rng.standard_normal(size)
        res = r.run(GRID_SYNC, "early_returns", [grid],
                    {"x": x, "y": poisoned(size, np.float64),
                     "out": poisoned(size, np.float64)}, [("n", n)], ["y", "out"])
        idx = np.arange(size)
        before = x < -1.5
        y = np.where(before, -x, x * 2.0)
        out = np.full(size, np.nan)
        out[before] = -1.0
        between = ~before & (idx % 3 == 0)
        out[between] = (np.roll(y, -1) + y)[between]
        going = ~before & ~between
        for t in range(n):
            v = y + np.roll(y, -1) * 0.5
            y = np.where(going, v - t, y)
            if t == 1:
                stop = going & (idx % 3 == 1)
                out[stop] = y[stop] + 100.0
                going = going & ~stop
        out[going] = y[going]
        assert before.any() and between.any() and going.any()
        check_identical(res["y"], y)
        check_identical(res["out"], out)


def case_grid_sync_carried(r, rng):
    size = int(rng.integers(3000, 5000))
    grid = size + 100
    n = int(rng.integers(9, 14))
    x = rng.standard_normal(size)
    xf = rng.standard_normal(size).astype(np.float32)
    z = rng.standard_normal(size) + 1j * rng.standard_normal(size)
    res = r.run(GRID_SYNC, "carried_locals", [grid],
                {"x": x, "xf": xf, "z": z, "acc_out": poisoned(size, np.float64),
                 "accf_out": poisoned(size, np.float32),
                 "count_out": np.full(size, 0x5A5A, np.int64),
                 "flag_out": np.full(size, 0x5A5A, np.int32),
                 "priv_out": poisoned((size, 4), np.float64),
                 "z_out": poisoned(size, np.complex128)}, [("n", n)],
                ["acc_out", "accf_out", "count_out", "flag_out", "priv_out", "z_out"])
    acc = np.zeros(size)
    accf = np.zeros(size, np.float32)
    count = np.zeros(size, np.int64)
    flag = np.zeros(size, bool)
    zc = np.full(size, 1.0 + 0.0j)
    priv = np.stack([np.roll(x, -k) for k in range(4)], axis=1)
    for t in range(n):
        v = np.roll(x, -t)
        acc = acc + v
        accf = accf + np.roll(xf, -2 * t) * np.float32(0.5)
        count = count + np.where(v > 0, 3000000000, 0) + t
        flag = flag != (v > 0.5)
        priv[:, t % 4] = priv[:, t % 4] * 0.5 + np.roll(x, -(t + 1))
        zc = complex_product(zc, np.roll(z, -t)) * 0.5 + 1j
    check_identical(res["acc_out"], acc)
    check_identical(res["accf_out"], accf)
    check_equal(res["count_out"], count)
    assert count.max() > 2**31
    check_equal(res["flag_out"], flag.astype(np.int32))
    check_identical(res["priv_out"], priv)
    check_identical(res["z_out"], zc)


def case_grid_sync_swaps(r, rng):
    # a, b = b, a of the parameters: after n steps the newest values are in
    # the parameter a if n is even, else in b.
    for size, n in ((int(rng.integers(3000, 5000)), 7), (2000, 8), (2000, 0), (1500, 1)):
        a = rng.standard_normal(size)
        res = r.run(GRID_SYNC, "swap_params", [size], {"a": a, "b": poisoned(size, np.float64)},
                    [("n", n)], ["a", "b"])
        bufs = [a.copy(), np.full(size, np.nan)]
        for t in range(n):
            src = bufs[t % 2]
            bufs[1 - t % 2] = src * 0.5 + np.roll(src, -1) * 0.25 + np.roll(src, 1) * 0.25
        check_identical(res["a"], bufs[0])
        check_identical(res["b"], bufs[1])
    # Three buffers rotating.
    for size, n in ((int(rng.integers(3000, 5000)), 8), (1000, 2), (1000, 3)):
        a, b = rng.standard_normal(size), rng.standard_normal(size)
        res = r.run(GRID_SYNC, "rotate3", [size],
                    {"a": a, "b": b, "c": poisoned(size, np.float64)}, [("n", n)],
                    ["a", "b", "c"])
        bufs = [a.copy(), b.copy(), np.full(size, np.nan)]
        order = [0, 1, 2]
        for t in range(n):
            ia, ib, ic = order
            bufs[ic] = bufs[ia] + np.roll(bufs[ib], -1) * 0.5
            order = [ib, ic, ia]
        for name, w in zip("abc", bufs):
            check_identical(res[name], w)
    # 2-D float32 arrays.
    for rows, cols, n in ((int(rng.integers(40, 90)), int(rng.integers(40, 90)), 5), (33, 65, 6)):
        a = rng.standard_normal((rows, cols)).astype(np.float32)
        res = r.run(GRID_SYNC, "swap_2d", [rows, cols],
                    {"a": a, "b": poisoned((rows, cols), np.float32)}, [("n", n)], ["a", "b"],
                    local_size=(8, 8))
        bufs = [a.copy(), np.full((rows, cols), np.nan, np.float32)]
        for t in range(n):
            src = bufs[t % 2]
            bufs[1 - t % 2] = (np.roll(src, -1, axis=0) + np.roll(src, -1, axis=1)) * \
                np.float32(0.5)
        check_identical(res["a"], bufs[0])
        check_identical(res["b"], bufs[1])


def case_choose_arrays(r, rng):
    # No barrier: each invocation's variables hold a or b by its own sel[i].
    for k, dtype in enumerate((np.float32, np.float64, np.int32, np.int64, np.complex128)):
        size = int(rng.integers(900, 1300))
        if dtype in (np.int32, np.int64):
            a = rng.integers(-10**6, 10**6, size).astype(dtype)
            b = rng.integers(-10**6, 10**6, size).astype(dtype)
        elif dtype == np.complex128:
            a = rng.standard_normal(size) + 1j * rng.standard_normal(size)
            b = rng.standard_normal(size) + 1j * rng.standard_normal(size)
        else:
            a = rng.standard_normal(size).astype(dtype)
            b = rng.standard_normal(size).astype(dtype)
        sel = rng.integers(-1, 2, size).astype(np.int32)
        entry = "choose_arrays" + (f"__{k}" if k else "")
        res = r.run(GRID_SYNC, entry, [size], {"a": a, "b": b, "sel": sel}, outputs=["a", "b"])
        # float32 * 2 (an int64 literal) is float64 arithmetic, stored as float32.
        wide = np.float64 if dtype == np.float32 else dtype
        into_b = (a.astype(wide) * 2 + b.astype(wide)).astype(dtype)
        into_a = (b.astype(wide) * 2 + a.astype(wide)).astype(dtype)
        pos = sel > 0
        try:
            check_identical(res["a"], np.where(pos, a, into_a))
            check_identical(res["b"], np.where(pos, into_b, b))
        except AssertionError as e:
            raise AssertionError(f"{entry} ({np.dtype(dtype).name}): {e}")


def case_grid_sync_dynamic(r, rng):
    # Trip counts the launcher cannot know: read from memory, or one per invocation.
    for size, steps in ((int(rng.integers(3000, 5000)), int(rng.integers(5, 40))), (1000, 0),
                        (1000, 1)):
        a = rng.standard_normal(size)
        res = r.run(GRID_SYNC, "steps_from_memory", [size + 100],
                    {"a": a, "b": poisoned(size, np.float64),
                     "state": np.array([steps, -1], np.int64)}, [], ["a", "b", "state"])
        bufs = [a.copy(), np.full(size, np.nan)]
        for step in range(steps):
            src, dst = bufs[step % 2], bufs[1 - step % 2]
            dst[:] = 0.5 * src + 0.25 * (np.roll(src, 1) + np.roll(src, -1))
        check_identical(res["a"], bufs[0])
        if steps:
            check_identical(res["b"], bufs[1])
        check_equal(res["state"], np.array([steps, steps], np.int64))
    size = int(rng.integers(3000, 5000))
    x = rng.standard_normal(size)
    cnt = rng.integers(0, 60, size).astype(np.int32)
    cnt[rng.integers(0, size)] = 97
    res = r.run(GRID_SYNC, "own_counts", [size + 64],
                {"x": x, "cnt": cnt, "acc_out": poisoned(size, np.float64),
                 "k_out": np.full(size, -5, np.int32)}, [], ["acc_out", "k_out"])
    acc = np.zeros(size)
    for k in range(int(cnt.max())):
        acc = np.where(k < cnt, acc + np.roll(x, -k), acc)
    check_identical(res["acc_out"], acc)
    check_equal(res["k_out"], cnt)


GRID_SYNC_CASES = [
    ("grid sync: 003's heat equation, 1001 and 300 000 points, odd, even and no steps",
     case_grid_sync_heat),
    ("grid sync: barriers in nested loops, neighbours across workgroups", case_grid_sync_nested),
    ("grid sync: barriers under a data-dependent condition the grid agrees on, two per step",
     case_grid_sync_conditional),
    ("grid sync: a barrier reached only by the invocations at segment starts (as sessionize)",
     case_grid_sync_segments),
    ("grid sync: early returns before and between barriers", case_grid_sync_early_returns),
    ("grid sync: float64, float32, int64, bool, private-array and complex128 locals carried",
     case_grid_sync_carried),
    ("grid sync: a, b = b, a of parameters, three buffers rotating, 2-D arrays",
     case_grid_sync_swaps),
    ("grid sync: while loops (a dynamic schedule): trip counts read from memory, one per "
     "invocation", case_grid_sync_dynamic),
    ("variables choosing between two arrays per invocation (float32/64, int32/64, complex128)",
     case_choose_arrays),
]


UFUNC_CASES = [
    ("ufuncs: integer arithmetic, bitwise and extrema with output arrays (int32 loops)",
     case_ufuncs_int),
    ("ufuncs: float32 arithmetic, extrema, comparisons, logical and math, special values",
     case_ufuncs_float),
    ("ufuncs: complex128 extrema, ordering, math (NumPy's lexicographic order, NaN parts)",
     case_ufuncs_complex),
    ("ufuncs: broadcasting into the output, in place, scalars, array expressions, np.where",
     case_ufuncs_broadcast),
]


VIEW_CASES = [
    ("arrays: 004's normalise_rows and smooth", case_views_004),
    ("arrays: slices with run-time bounds and steps, columns, reversed views, None, .T, ..., x, y = a[i], b[i]",
     case_views_slices),
    ("arrays: the nine reductions and np.dot on views, NaN, integers", case_views_reductions),
    ("arrays: the nine reductions along constant, negative and run-time axes", case_views_axis),
    ("arrays: reshape of C-contiguous arrays, -1 inferred, written through, ValueError; copy()",
     case_views_reshape),
    ("arrays: nansum, nanprod, nanmean, nanmin, nanmax, var, std, count_nonzero",
     case_views_more_reductions),
    ("arrays: .real and .imag of complex arrays, view(dtype) read and written, atomics on a part",
     case_views_other_dtypes),
    ("arrays: 004's array expressions, broadcasting, in-place operators", case_views_expressions),
    ("arrays: 0-d arrays (arguments, frozen, private), a[()], a[...], reshape(())",
     case_views_zero_d),
    ("arrays: 4-d arguments, 5-d private arrays and reshapes", case_views_four_d),
    ("float16: arrays, operators, conversions, numba.cuda.fp16 intrinsics, math functions",
     case_float16),
    ("arrays: min, max, argmin, argmax, nanmin, nanmax of complex numbers (lexicographic, NaN)",
     case_views_complex_extrema),
]


RECORDS_CASE = ("records: 004's particles, every field type packed and aligned, concurrent "
                "sub-word writes, array fields, copies, views, record arguments")
RANDOM_CASE = ("numba.cuda.random: numba-cuda's streams from the launcher's states, 003's "
               "Monte Carlo integrator")

CASES = [
    ("saxpy", case_saxpy),
    ("streaming kernels: 4 elements per invocation, vector and scalar paths", case_streaming),
    ("vecadd float64", case_vecadd(np.float64, "f")),
    ("vecadd float32", case_vecadd(np.float32, "f__1")),
    ("stencil", case_stencil),
    ("matmul float64 (non-square)", case_matmul(np.float64, "matmul")),
    ("matmul float32 (non-square)", case_matmul(np.float32, "matmul__1")),
    ("matmul 1-D grid with divmod", case_matmul1d),
    ("grid-stride loop (cuda.grid)", case_gridstride("adder_gpu")),
    ("grid-stride loop (thread indices)", case_gridstride("adder_indices")),
    ("Python integer and control-flow semantics", case_control_flow),
    ("integer // and % at the edges: zero divisors, MIN // -1 (numba's int_divmod_signed)",
     case_int_divmod_extremes),
    ("unary operators and powers on every scalar family (numba-cuda's results)", case_operators),
    ("float // and % as Python's float_divmod (exact fmod), shifts typed by the left operand", case_float_divmod_shifts),
    ("np.maximum/np.minimum propagate NaN; max/min keep Python's order", case_extrema),
    ("shuffles past the subgroup's edges: CUDA's own value / modulo rules", case_shuffle_edges),
    ("scalar arguments narrower than 32 bits, every entry point", case_small_scalars),
    ("device functions with declared signatures: arguments and result converted", case_device_signatures),
    ("module-level host code ignored, constant forms frozen", case_module_level_code),
    ("index sign tests: folded where never negative, kept where Python wraps", case_index_ranges),
    ("grid-stride loop with a subgroup shuffle: lanes with different trip counts", case_gridstride_shuffle),
    ("float division by powers of two (multiplied by the exact reciprocal) and other divisors", case_divisions),
    ("float division by per-invocation divisors in loops with barriers and shuffles", case_divisions_group),
    ("loops over arrays, row views, enumerate, zip", case_array_loops),
    ("complex64 and complex128 arithmetic", case_complex),
    ("device functions: @njit, @nv.jit, device=True, tuples, arrays", case_device_functions),
    ("@overload, @overload_method and register_jitable: implementations chosen by Numba types",
     case_overloads),
    ("device functions with private, shared and global array arguments", case_device_array_args),
    ("precision policy: narrow=True and narrow=False", case_precision),
    ("global NumPy arrays frozen at compile time", case_global_arrays),
    ("device functions imported from a helper module (-I)", case_imported_helpers),
    ("private arrays: cuda.local.array, np.zeros/ones/full", case_private_arrays),
    ("fast_matmul: shared-memory tiles and cuda.syncthreads()", case_fast_matmul),
    ("--no-float64: float64 kernels computed and stored in float32", case_no_float64),
    ("narrow=True: float64/complex128 stored as float32, unwritten elements exact", case_narrow_storage),
    ("subgroup operations: nv.subgroup and numba.cuda warp functions", case_subgroups),
    ("cuda.laneid and cuda.warpsize without subgroup operations", case_lane_id),
    ("atomics: every integer operation, return values, int64 narrowed, cas", case_integer_atomics),
    ("atomics: float32 add/sub/max/min/nanmax/nanmin/exch, variant and CAS loops",
     case_float_atomics),
    ("atomics: shared-memory histogram, 2-D indices", case_histogram),
    ("dynamic shared memory: cuda.shared.array(0, dtype) sized by the launch",
     case_dynamic_shared),
    ("the block size a kernel is written for: inferred from shared arrays, local_size=, "
     "larger workgroups refused", case_block_size),
    ("8- and 16-bit results that wrapped, widened to 64 bits", case_subword_extend),
    ("integer intrinsics: cuda.popc, clz, ffs, brev, bit_count() on every integer dtype; selp",
     case_bit_intrinsics),
    ("math.modf, frexp, ldexp, nextafter, remainder, round(x): float32 and float64, special values",
     case_math_decompose),
    ("device functions specialised on functions, dtypes and literals (numba-cuda's atomics tests)",
     case_static_arguments),
    ("array indices held in tuples: a[cuda.grid(2)], negative items, atomics' float items",
     case_tuple_indices),
    ("the operator module: operator.add ... operator.ge, also as device-function arguments",
     case_operator_module),
    ("cuda.threadfence, threadfence_block, threadfence_system; cuda.syncwarp between lanes",
     case_fences),
    ("re-bound variables keep each binding's type (Numba's SSA); vector types, loops over them",
     case_rebinding),
    ("cache-hint loads and stores (cuda.ldca ... cuda.stwt), module-level function aliases, tuple()",
     case_cache_hints),
    ("cuda.match_any_sync, match_all_sync, eq_sync; cuda.cbrt, libdevice import, dtype by name",
     case_warp_match),
    ("@cuda.jit's exact 64-bit integers: sums past 2**31, 64-bit loop bounds, atomics",
     case_int64_default),
    ("seed reductions: block_sums, total, grid-stride sums with atomics", case_seed_reductions),
    *MATH_CASES,
    ("cmath: exp, sqrt, phase, polar, rect; abs and np.exp of complex", case_cmath),
    ("cmath special values: every function, division, complex64/complex128", case_cmath_special),
    ("nvc-run picks the entry point of a multi-signature kernel by the arguments' dtypes",
     case_entry_by_dtype),
    *COOPERATIVE_CASES,
    *ERROR_CASES,
    *VIEW_CASES,
    *UFUNC_CASES,
    *GRID_SYNC_CASES,
    ("accumulators in global memory (promoted to registers at -O2)", case_accumulate),
    ("loop fusion: row sum and sum of squares, producer/consumer loops, a shifted read", case_loop_fusion),
    ("launch chains: two and three fused launches with intermediates in registers", case_launch_chain),
    ("FMA contraction: --fp-contract=off exact, fast and fastmath=True within bounds", case_fma_contraction),
    ("sincos fusion bit-identical; --fastmath imaging within tolerance", case_fastmath),
    ("parameter block over 128 bytes: a uniform buffer", case_many_scalars),
    (RECORDS_CASE, case_records),
    (RANDOM_CASE, case_random),
    (VECTORIZE_CASE, case_vectorize_forms),
    ("bfloat16: numba.cuda.bf16's arithmetic, fma, extrema, conversions in every rounding mode",
     case_bfloat16),
]


# Cases the LLVM backend cannot run yet: case name -> reason. Checked: each
# must fail under --backend=llvm (XFAIL); passing is an error (XPASS).
_NO_ATOMICS = ("nvc's LLVM backend does not lower atomics yet (memref.generic_atomic_rmw; "
               "nvc refuses the kernel with --backend=llvm)")
_NO_SCANS = ("subgroup scans, ballots, ballot bit counts and broadcast_first are emitted as "
             "SPIR-V GroupNonUniform operations with no LLVM 22 intrinsic used for them yet")
_BACKEND_CRASH = ("LLVM 22's SPIR-V target crashes (segmentation fault in 'SPIRV legalize "
                  "bitcast' after its structurizer); nvc recovers and reports an internal error")
LLVM_EXPECTED_FAILURES = {
    "cuda.match_any_sync, match_all_sync, eq_sync; cuda.cbrt, libdevice import, dtype by name":
        _NO_SCANS,
    "cuda.threadfence, threadfence_block, threadfence_system; cuda.syncwarp between lanes":
        "memory and subgroup barriers are emitted as SPIR-V operations (spirv.MemoryBarrier, "
        "spirv.ControlBarrier) the LLVM backend does not translate yet",
    "math.modf, frexp, ldexp, nextafter, remainder, round(x): float32 and float64, special values":
        "LLVM 22's SPIR-V target cannot select G_FCOPYSIGN of float64, which its own code "
        "generation forms after nvc expands llvm.copysign.f64",
    "atomics: every integer operation, return values, int64 narrowed, cas": _NO_ATOMICS,
    **{f"barrier coarsening: stencil, {t}":
       "LLVM 22's SPIR-V target crashes on kernels/barrier_coarsening_stencil.py (a segmentation "
       "fault in SPIRVLegalizePointerCast on a store, at every -O level); nvc recovers and "
       "reports an internal error" for t in ("float32", "float64", "int32")},
    # The error and print buffers are written with atomics (GenErrors.cpp).
    **{label: _NO_ATOMICS + " (the error and print buffers are written with atomics)"
       for label, _ in ERROR_CASES},
    # min/max/argmin/argmax of an empty view, a zero step and shapes that do
    # not broadcast raise ValueError through the error buffer.
    **{label: _NO_ATOMICS + " (these kernels can raise: the error buffer is written with "
              "atomics)" for label, _ in VIEW_CASES},
    **{label: _NO_ATOMICS + " (broadcasting raises ValueError through the error buffer)"
       for label, _ in UFUNC_CASES},
    "device functions specialised on functions, dtypes and literals (numba-cuda's atomics tests)":
        _NO_ATOMICS,
    VECTORIZE_CASE: _BACKEND_CRASH + " (on 004's gaussian loop, examples/vectorize.py)",
    "array indices held in tuples: a[cuda.grid(2)], negative items, atomics' float items":
        _NO_ATOMICS,
    "@cuda.jit's exact 64-bit integers: sums past 2**31, 64-bit loop bounds, atomics": _NO_ATOMICS,
    "atomics: float32 add/sub/max/min/nanmax/nanmin/exch, variant and CAS loops": _NO_ATOMICS,
    "atomics: shared-memory histogram, 2-D indices": _NO_ATOMICS,
    # Fields narrower than a word are merged into their words with atomics (GenRecords.cpp).
    RECORDS_CASE: _NO_ATOMICS + " (record fields narrower than a word are written with "
                                "compare-and-swap)",
    RANDOM_CASE: "LLVM 22's SPIR-V target does not implement llvm.fshl.i64, which LLVM forms "
                 "from xoroshiro128+'s rotations; nvc reports an internal error",
    "dynamic shared memory: cuda.shared.array(0, dtype) sized by the launch":
        "the LLVM backend has no lowering of launch-sized workgroup arrays yet; nvc refuses "
        "cuda.shared.array(0, ...) with --backend=llvm",
    "seed reductions: block_sums, total, grid-stride sums with atomics": _NO_ATOMICS,
    "cuda.syncthreads_count/and/or, 1-D and 2-D workgroups":
        _NO_ATOMICS + " (syncthreads_count/and/or count with a workgroup atomic)",
    "subgroup scans, elect, ballot, broadcast_first, ballot_sync, activemask": _NO_SCANS,
    "subgroup operations on int64 and float64 (narrow=False)": _NO_SCANS,
    "imaging v6: shared-memory cache": _BACKEND_CRASH,
    # Grid barriers and variables holding views of several arrays (also
    # choose_arrays alone, with --kernel, and 003's heat equation).
    **{label: _BACKEND_CRASH for label, _ in GRID_SYNC_CASES},
    "imaging v7: thread coarsening with local arrays": _BACKEND_CRASH,
    "imaging v8: explicit cuda.fma": _BACKEND_CRASH,
    "unrolled local-array loops: the same bits as -fno-unroll (imaging v7, v8)": _BACKEND_CRASH,
    "loops over tuples: 000's `for offset in (128, ..., 1)` tree, break/continue/else":
        "LLVM 22's SPIR-V structurizer leaves a branch out of a selection that is not a "
        "structured exit (spirv-val rejects the module; nvc reports an internal error)",
    "index sign tests: folded where never negative, kept where Python wraps":
        "LLVM 22's SPIR-V structurizer emits a branch outside any block for the kernel's "
        "select-unfolded loops (spirv-val rejects the module; nvc reports an internal error)",
    "scalar arguments narrower than 32 bits, every entry point":
        "LLVM 22's SPIR-V backend crashes on a bool, 8- or 16-bit scalar extended to a 64-bit "
        "integer (--index-bits 64; nvc reports an internal error)",
    "parameter block over 128 bytes: a uniform buffer":
        "LLVM 22's SPIR-V target addresses a uniform-buffer struct through getpointer as an "
        "array (invalid access chain); nvc refuses such kernels with --backend=llvm",
    "thread coarsening: imaging v1, --narrow=floats":
        "with 64-bit integers the kernel's parameter block has 256 bytes, a uniform buffer, "
        "which nvc refuses with --backend=llvm (see 'parameter block over 128 bytes')",
}
# ... and those it can run only when -O2's unrolling has removed the loops over
# local arrays (docs/design.md, "LLVM backend").
_STRUCTURIZER = ("LLVM 22's SPIR-V structurizer leaves a branch outside any block in the "
                 "module's loops (pow's squaring, fmod) when -O2 has not simplified them "
                 "(spirv-val rejects it; nvc reports an internal error)")
LLVM_EXPECTED_FAILURES_WITHOUT_UNROLL = {
    "imaging v9: warp-shuffle daisy chain": _BACKEND_CRASH + " (at -O1 and with -fno-unroll)",
    "unary operators and powers on every scalar family (numba-cuda's results)": _STRUCTURIZER,
    "float // and % as Python's float_divmod (exact fmod), shifts typed by the left operand":
        _STRUCTURIZER,
    "np.maximum/np.minimum propagate NaN; max/min keep Python's order": _STRUCTURIZER,
}
# ... of which these run at -O0 (measured 2026-12-05: imaging v9 passes on lavapipe at -O0,
# crashes the backend at -O1 and with -fno-unroll).
LLVM_PASSES_AT_O0 = {"imaging v9: warp-shuffle daisy chain"}


# ... and those that fail on NVIDIA's driver (580, the H200) only: the LLVM
# backend makes no float-controls variants (docs/manifest.md), so that
# driver may assume away NaN, infinities and signed zeros, and its SPIR-V has
# no NoContraction decorations; lavapipe runs the same modules right.
_NO_FLOAT_CONTROLS = ("NVIDIA: the LLVM backend's module has no SignedZeroInfNanPreserve "
                      "(no float-controls variants), and the driver folds NaN and "
                      "signed-zero cases")
LLVM_EXPECTED_FAILURES_NVIDIA = {
    "float // and % as Python's float_divmod (exact fmod), shifts typed by the left operand":
        _NO_FLOAT_CONTROLS + " (0.0 % 1.0 gives -0.0)",
    "np.maximum/np.minimum propagate NaN; max/min keep Python's order":
        _NO_FLOAT_CONTROLS + " (np.maximum(nan, 1.0) gives 1.0)",
    "float division by powers of two (multiplied by the exact reciprocal) and other divisors":
        _NO_FLOAT_CONTROLS + " (float32 inf / 1.7e38 gives nan)",
    "cmath special values: every function, division, complex64/complex128":
        _NO_FLOAT_CONTROLS + " (atanh(inf j).real gives -0.0, exp(-inf + 1j) gives -0-0j)",
    "unary operators and powers on every scalar family (numba-cuda's results)":
        "NVIDIA: float32 ** int32 by repeated squaring is up to 1 ulp off numba's order of "
        "multiplications (the LLVM backend's SPIR-V has no NoContraction decorations; "
        "the driver may reassociate)",
    "float division by per-invocation divisors in loops with barriers and shuffles":
        "NVIDIA: shuffle_rounds' float32 quotients are 1 ulp off NumPy (not investigated; the "
        "default backend's module is exact there)",
}


def is_nvidia(nvc_run):
    """Whether nvc-run's default Vulkan device is NVIDIA's."""
    p = subprocess.run([nvc_run, "--list-devices"], stdout=subprocess.PIPE, text=True)
    return any("[default]" in l and "NVIDIA" in l for l in p.stdout.splitlines())


def llvm_expected_failures(opts, nvidia=False):
    """LLVM_EXPECTED_FAILURES for compiles with the extra flags `opts`, on
    NVIDIA's driver if `nvidia`."""
    expected = dict(LLVM_EXPECTED_FAILURES)
    if any(o in ("-O0", "-O1", "-fno-unroll") for o in opts):
        expected.update(LLVM_EXPECTED_FAILURES_WITHOUT_UNROLL)
    if "-O0" in opts:
        for name in LLVM_PASSES_AT_O0:
            expected.pop(name, None)
    if nvidia:
        for name, why in LLVM_EXPECTED_FAILURES_NVIDIA.items():
            expected.setdefault(name, why)
    return expected


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--nvc", help="the compiler (not needed with --precompiled)")
    p.add_argument("--precompiled", action="store_true",
                   help="run the modules a run with nvc left in --work (a GPU machine without "
                        "nvc: compile here, carry the work folder and nvc-run there)")
    p.add_argument("--nvc-run", required=True)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--work", default=None)
    p.add_argument("--only", default=None, help="run only the cases whose name contains this")
    p.add_argument("--shard", default=None, metavar="I/N",
                   help="run only the cases whose position is I modulo N (0 <= I < N): N runs "
                        "with I = 0 ... N-1, each in its own copy of --work, run every case once")
    p.add_argument("--opt", action="append", default=[],
                   help="extra optimisation flag for every compile, e.g. -O0")
    p.add_argument("--backend", action="append", choices=["mlir", "llvm"],
                   help="backend(s) to test (default: both)")
    args = p.parse_args()
    backends = args.backend or ["mlir", "llvm"]
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % (2**32)
    print(f"seed {seed}")
    work = args.work or tempfile.mkdtemp(prefix="nvc-e2e-")
    os.makedirs(work, exist_ok=True)
    if not args.nvc and not args.precompiled:
        p.error("--nvc is required (or --precompiled with --work)")
    shard, shards = 0, 1
    if args.shard:
        try:
            shard, shards = (int(part) for part in args.shard.split("/"))
        except ValueError:
            p.error(f"--shard {args.shard!r}: expected I/N")
        if not 0 <= shard < shards:
            p.error(f"--shard {args.shard!r}: I must be in 0 ... N-1")
    passed = failed = xfailed = 0
    nvidia = is_nvidia(args.nvc_run)
    for backend in backends:
        runner = Runner(args.nvc, args.nvc_run, work, None, args.opt, args.precompiled, backend)
        expected = llvm_expected_failures(args.opt, nvidia) if backend == "llvm" else {}
        for i, (name, fn) in enumerate(CASES):
            if args.only and args.only not in name:
                continue
            if i % shards != shard:
                continue
            rng = np.random.default_rng([seed, i])
            try:
                fn(runner, rng)
                ok, why = True, ""
            except Exception as e:  # noqa: BLE001 — any failure of a case is reported, not fatal
                ok, why = False, str(e)
            label = f"[{backend}] {name}"
            if name in expected:
                if ok:
                    print(f"XPASS {label}: listed as an expected failure ({expected[name]}) "
                          "but passed; remove it from LLVM_EXPECTED_FAILURES")
                    failed += 1
                else:
                    print(f"XFAIL {label}: {expected[name]}")
                    xfailed += 1
            elif ok:
                print(f"PASS {label}")
                passed += 1
            else:
                print(f"FAIL {label}: {why}")
                failed += 1
    unknown = (set(LLVM_EXPECTED_FAILURES) | set(LLVM_EXPECTED_FAILURES_WITHOUT_UNROLL) |
               set(LLVM_EXPECTED_FAILURES_NVIDIA)) - {
        name for name, _ in CASES}
    for name in sorted(unknown):
        print(f"FAIL LLVM_EXPECTED_FAILURES names no case: {name!r}")
        failed += 1
    print(f"{xfailed} expected failures")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
