#!/usr/bin/python3
"""Ufuncs compiled by nvc, called through nvc-run --ufunc and --reduce, checked against
NumPy (a ctest, run with /usr/bin/python3 and python3-numpy; docs/manifest.md "Ufuncs").

nvc compiles ufunc_kernels.py; NumPy writes random inputs; nvc-run calls each ufunc with
broadcast operands (1-d to 3-d, Fortran-ordered files, scalars), given outputs (poisoned,
of another dtype, Fortran-ordered), inputs of dtypes that resolve to another loop, a
guvectorize with core dimensions (and their mismatch), two outputs, the .reduce of a
vectorize over sizes around the workgroup size and beyond one pass (and empty, with and
without identity), and a @cuda.reduce with init, size and res; NumPy reads the --out files.

usage: ufuncs_numpy.py NVC NVC_RUN TEST_DIR WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

rng = np.random.default_rng(20240612)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def main():
    nvc, nvc_run, test_dir, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    spv = os.path.join(work, "ufunc_kernels.spv")
    subprocess.run([nvc, os.path.join(test_dir, "ufunc_kernels.py"), "-o", spv,
                    "-Wno-float64-promotion"], check=True)

    def path(name):
        return os.path.join(work, name)

    def save(name, array):
        np.save(path(name), array)
        return "@" + path(name)

    def run(*args, fails=None):
        r = subprocess.run([nvc_run, spv, *args], capture_output=True, text=True)
        out = r.stdout + r.stderr
        if fails is None:
            check(r.returncode == 0, f"nvc-run {' '.join(args)}: status {r.returncode}: {out}")
        else:
            check(r.returncode == 1 and fails in out and out.startswith("nvc-run: error: "),
                  f"nvc-run {' '.join(args)}: expected an error with {fails!r}, got {out!r}")
        return out

    def close(got, want, what, rtol=1e-12):
        ok = got.shape == want.shape and got.dtype == want.dtype and np.allclose(
            got, want, rtol=rtol, atol=0)
        check(ok, f"{what}: got {got.dtype} {got.shape}, want {want.dtype} {want.shape}"
                  + ("" if got.shape != want.shape else
                     f", largest difference {np.max(np.abs(got - want), initial=0)}"))

    def gauss(x, s):
        return np.exp(-0.5 * (x / s) ** 2)

    # Broadcasting: x (n,) with sigmas[:, None] (m, 1), 3-d with 2-d, a Fortran file.
    x = rng.normal(size=1000)
    sigmas = rng.uniform(0.5, 2, size=5)
    run("--ufunc", "gaussian", "x=" + save("x.npy", x),
        "sigma=" + save("s.npy", sigmas[:, None]), "--out", "out=" + path("g.npy"))
    close(np.load(path("g.npy")), gauss(x, sigmas[:, None]), "gaussian x with sigmas[:, None]")
    x3 = rng.normal(size=(2, 3, 4))
    s2 = rng.uniform(0.5, 2, size=(3, 1))
    run("--ufunc", "gaussian", "x=" + save("x3.npy", x3), "sigma=" + save("s2.npy", s2),
        "--out", "out=" + path("g3.npy"))
    close(np.load(path("g3.npy")), gauss(x3, s2), "gaussian 3-d with 2-d")
    xt = np.asfortranarray(rng.normal(size=(6, 7)))  # the transpose of a C array
    run("--ufunc", "gaussian", "x=" + save("xt.npy", xt), "sigma=1.5",
        "--out", "out=" + path("gt.npy"))
    close(np.load(path("gt.npy")), gauss(xt, 1.5), "gaussian of a Fortran-ordered array")

    # Type resolution: float32 takes the float32 loop, int32 the float64 one.
    x32 = rng.normal(size=300).astype(np.float32)
    out = run("-v", "--ufunc", "gaussian", "x=" + save("x32.npy", x32), "sigma=2.0",
              "--out", "out=" + path("g32.npy"))
    check("loop gaussian (float32, float32 -> float32)" in out, f"float32 loop: {out}")
    close(np.load(path("g32.npy")), gauss(x32, np.float32(2.0)), "gaussian float32", rtol=2e-6)
    xi = rng.integers(-5, 5, size=50).astype(np.int32)
    si = rng.integers(1, 4, size=50).astype(np.int32)
    run("--ufunc", "gaussian", "x=" + save("xi.npy", xi), "sigma=" + save("si.npy", si),
        "--out", "out=" + path("gi.npy"))
    close(np.load(path("gi.npy")), gauss(xi.astype(np.float64), si), "gaussian of int32")
    a32 = rng.integers(-1000, 1000, size=40).astype(np.int32)
    run("--ufunc", "add", "a=" + save("a32.npy", a32), "b=5", "--out", "out=" + path("add5.npy"))
    got = np.load(path("add5.npy"))
    check(got.dtype == np.int32 and np.array_equal(got, a32 + 5), f"add int32 + 5: {got.dtype}")
    run("--ufunc", "add", "a=" + save("a32.npy", a32), "b=0.5", "--out",
        "out=" + path("addh.npy"))
    close(np.load(path("addh.npy")), a32 + 0.5, "add int32 + 0.5 (the float64 loop)")

    # A given output: poisoned, float32 (same_kind from float64), Fortran-ordered.
    given = np.asfortranarray(np.full((5, 1000), np.nan, dtype=np.float32))
    run("--ufunc", "gaussian", "x=@" + path("x.npy"), "sigma=@" + path("s.npy"),
        "out=" + save("given.npy", given), "--out", "out=" + path("given_out.npy"))
    got = np.load(path("given_out.npy"))
    check(np.isfortran(got), "the given output keeps its Fortran order")
    close(got, gauss(x, sigmas[:, None]).astype(np.float32), "given float32 output", rtol=1e-6)

    # Scalars: a 0-d result is printed.
    out = run("--ufunc", "gaussian", "x=1.0", "sigma=2.0")
    check(abs(float(out) - gauss(1.0, 2.0)) < 1e-15, f"gaussian(1.0, 2.0) printed {out!r}")

    # guvectorize: core dimensions, their mismatch, two outputs.
    a = rng.normal(size=(8, 5))
    b = rng.normal(size=5)
    run("--ufunc", "distance", "a=" + save("da.npy", a), "b=" + save("db.npy", b),
        "--out", "out=" + path("dist.npy"))
    close(np.load(path("dist.npy")), np.sqrt(((a - b) ** 2).sum(-1)), "distance (8, 5), (5,)")
    run("--ufunc", "distance", "a=@" + path("da.npy"), "b=" + save("db4.npy", b[:4]),
        fails="core dimension 'n' of the signature (n),(n)->() is 5 in input 0 and 4 in input 1")
    m = rng.normal(size=(4, 6))
    run("--ufunc", "scaled_sum", "a=" + save("m.npy", m), "s=2.5",
        "--out", "out=" + path("ss_out.npy"), "--out", "total=" + path("ss_total.npy"))
    close(np.load(path("ss_out.npy")), m * 2.5, "scaled_sum out")
    close(np.load(path("ss_total.npy")), (m * 2.5).sum(-1), "scaled_sum total")

    # The .reduce of a vectorize, one or two passes, empty.
    for n in (1, 255, 256, 257, 1000, 100000):
        v = rng.integers(-1000, 1000, size=n).astype(np.int32)
        out = run("--reduce", "add", "array=" + save("r.npy", v))
        check(out == f"{int(v.sum())}\n", f"add.reduce of {n} int32: {out!r}")
        w = rng.integers(-10**6, 10**6, size=n).astype(np.float64)
        run("--reduce", "add", "array=" + save("rf.npy", w), "--out", "out=" + path("rf_out.npy"))
        got = np.load(path("rf_out.npy"))
        check(got.shape == () and got == w.sum(), f"add.reduce of {n} float64: {got}")
        run("--reduce", "bigger", "array=@" + path("rf.npy"), "--out",
            "out=" + path("mx.npy"))
        check(np.load(path("mx.npy")) == w.max(), f"bigger.reduce of {n}")
    out = run("--reduce", "add", "array=" + save("empty.npy", np.zeros(0, np.int32)))
    check(out == "0\n", f"add.reduce of nothing: {out!r}")
    run("--reduce", "bigger", "array=" + save("emptyf.npy", np.zeros(0)),
        fails="zero-size array to reduction operation bigger which has no identity")
    m2 = rng.integers(-100, 100, size=(30, 40))
    out = run("--reduce", "add", "array=" + save("m2.npy", m2))
    check(out == f"{int(m2.sum())}\n", f"add.reduce of a 2-d int64 array: {out!r}")

    # @cuda.reduce: init applied once, size a prefix, res[0].
    v = rng.integers(-10**6, 10**6, size=5000).astype(np.float64)
    res = np.full(3, np.nan)
    run("--reduce", "sum_reduce", "array=" + save("cv.npy", v), "init=10", "size=1234",
        "res=" + save("res.npy", res), "--out", "res=" + path("res_out.npy"),
        "--out", "out=" + path("cr.npy"))
    got = np.load(path("res_out.npy"))
    check(got[0] == v[:1234].sum() + 10 and np.isnan(got[1:]).all(), f"sum_reduce res: {got}")
    check(np.load(path("cr.npy")) == v[:1234].sum() + 10, "sum_reduce result")
    u = rng.integers(0, 1000, size=777).astype(np.uint32)
    out = run("--reduce", "sum_reduce", "array=" + save("cu.npy", u))
    check(out == f"{int(u.sum())}\n", f"sum_reduce of uint32: {out!r}")

    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
