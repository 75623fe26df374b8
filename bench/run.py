#!/usr/bin/python3
"""Benchmarks: nvc against numba-cuda on the same kernels (bench/kernels/*.py), with
the bytes moved and flops of every case and the fraction of ceilings measured in the
same run (device-to-device copy bandwidth, fp32 FMA rate).

Stages (all by default):
  compile  nvc compiles every kernel file to WORK/spv/ (whole-process time, median of
           --compile-runs; also once at -O0 and once with --fp-contract=fast, the FMA
           contraction numba-cuda's NVVM does by default) and glslangValidator the hand-written GLSL twins of saxpy,
           stencil and matmul (bench/glsl/); a kernel nvc rejects is recorded as
           "not supported yet (<first error line>)".
  run      every case through nvc-run --time on the Vulkan device (device-resident
           buffers, Vulkan timestamps, median) and through numba-cuda when it imports
           and sees a CUDA GPU (CUDA events, median); results are checked against NumPy.
Then one table is printed and WORK/results.json written.

  bench/run.py --reduced                      # lavapipe, small sizes, correctness only (CI)
  bench/run.py --stage compile --work W       # here: nvc and glslang (no GPU needed)
  bench/run.py --stage run --work W           # on the GPU machine: W/spv from here
  bench/run.py --backend llvm --work W2       # nvc's LLVM backend (LLVM's SPIR-V target)
  bench/compare_backends.py W W2              # per kernel: default vs LLVM backend

Needs NumPy; numba-cuda only for its column. Never fails because a case does not
compile or numba-cuda is missing; exits 1 only if a result that ran is wrong.
"""
import argparse
import importlib.util
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(ROOT, "bench", "kernels")
GLSL = os.path.join(ROOT, "bench", "glsl")


def cdiv(a, b):
    return -(-a // b)


# ----------------------------------------------------------------------------- cases
class Case:
    """One benchmark: kernel file and entry, inputs, launch geometry (threads per block
    and total threads per axis, as numba's kernel[blocks, threads] and nvc-run's
    --grid/--local-size), work counted, and the check against NumPy."""

    def __init__(self, name, file, size, inputs, outputs, grid, block, bytes_, flops,
                 check, repeats=10, scalars=(), group=None, accumulates=False, nvc_flags=(),
                 numba=True, ufunc_out=None):
        self.name, self.file, self.size = name, file, size
        self.nvc_flags = tuple(nvc_flags)  # extra nvc options (compiled as a build of their own)
        self.numba = numba                 # False: numba-cuda does not run this case
        self.inputs, self.outputs, self.scalars = inputs, outputs, list(scalars)
        self.grid, self.block = tuple(grid), tuple(block)
        self.bytes, self.flops, self.check, self.repeats = bytes_, flops, check, repeats
        self.group = group
        self.accumulates = accumulates
        # A vectorize: nvc runs its entry point (named after the file) with the
        # loop descriptor of docs/manifest.md "Ufuncs" (inputs named nvc_*), numba-cuda
        # calls the ufunc on the other inputs with out= this one.
        self.ufunc_out = ufunc_out

    @property
    def build(self):
        """The compile-stage key of this case's nvc build: the file, plus its flags."""
        return " ".join((self.file,) + self.nvc_flags)

    @property
    def spv_stem(self):
        return os.path.splitext(self.file)[0] + "".join(f.replace("=", "-") for f in self.nvc_flags)

    @property
    def entry(self):
        return os.path.splitext(self.file)[0]


def rel_err(got, ref):
    got = np.asarray(got, dtype=np.complex128 if np.iscomplexobj(ref) else np.float64)
    ref = np.asarray(ref, dtype=got.dtype)
    if not np.all(np.isfinite(got)):
        return float("inf")
    return float(np.linalg.norm(got - ref) / max(np.linalg.norm(ref), 1e-30))


def expect(tol):
    def check(err):
        return None if err <= tol else f"relative error {err:.2e} > {tol:g}"
    return check


def make_cases(reduced, rng):
    f32 = np.float32
    cases = []
    n = 1 << 16 if reduced else 1 << 26  # 64 M float32 for the streaming kernels

    def rand(*shape, dtype=f32):
        return rng.standard_normal(shape).astype(dtype)

    # saxpy: y = a*x + y; after k runs y = y0 + k*a*x.
    x, y = rand(n), rand(n)
    cases.append(Case(
        "saxpy", "saxpy.py", f"{n:,}", [("a", f32(2.5)), ("x", x), ("y", y)], ["y"], (n,), (256,),
        12 * n, 2 * n,
        lambda o, runs, x=x, y=y: expect(1e-5)(rel_err(o["y"], y.astype(np.float64) + runs * 2.5 * x.astype(np.float64))),
        repeats=20, accumulates=True))
    a, b = rand(n), rand(n)
    cases.append(Case(
        "vecadd", "vecadd.py", f"{n:,}", [("a", a), ("b", b), ("c", np.full(n, np.nan, f32))], ["c"], (n,), (256,),
        12 * n, n, lambda o, runs, a=a, b=b: expect(1e-6)(rel_err(o["c"], a.astype(np.float64) + b)), repeats=20))
    # A vectorize (004's gaussian in float32) over two contiguous arrays: nvc's loop
    # entry point, in the launcher's geometry (at most 65535 workgroups of the manifest's
    # 64), against numba-cuda's @vectorize(target="cuda") called with out=.
    xs, sig = rand(n), np.abs(rand(n)) + f32(0.5)
    cases.append(Case(
        "vectorize gaussian", "gaussian.py", f"{n:,}",
        [("nvc_loop_size", np.int32(n)), ("nvc_loop_shape", np.array([n], np.int32)),
         ("nvc_loop_strides", np.ones((3, 1), np.int32)), ("x", xs), ("sigma", sig),
         ("out", np.full(n, np.nan, f32))], ["out"], (min(n, 65535 * 64),), (64,), 12 * n, 4 * n,
        lambda o, runs, xs=xs, sig=sig: expect(1e-6)(rel_err(
            o["out"], np.exp(-0.5 * (xs.astype(np.float64) / sig) ** 2))),
        repeats=20, ufunc_out="out"))
    # 003's heat equation, grid-synchronised: time per launch of `steps` steps (one
    # dispatch per step for nvc), at 2^17 points (512 workgroups of 256: numba-cuda's
    # cooperative launch of this kernel accepted at most 660 on an H200, 5 per SM,
    # and refused 2^18's 1024, 2026-12-05) and at 2^22, beyond it (nvc only). Each
    # timed launch continues from the previous one's state (an even step count
    # leaves it in buf_0), so the check applies steps * runs steps.
    def heat_reference(data, total, k):
        cur = data.astype(np.float64).copy()
        for _ in range(total):
            new = cur.copy()
            new[0] = cur[0] + k * (cur[1] - 2 * cur[0])
            new[-1] = cur[-1] + k * (cur[-2] - 2 * cur[-1])
            new[1:-1] = cur[1:-1] + k * (cur[:-2] - 2 * cur[1:-1] + cur[2:])
            cur = new
        return cur
    steps = 20 if reduced else 100
    for points, numba_ok, reps in ((1 << 12, True, 5) if reduced else (1 << 17, True, 5),
                                   (1 << 14, False, 2) if reduced else (1 << 22, False, 2)):
        heat0 = rng.random(points)
        cases.append(Case(
            f"heat equation ({steps} grid syncs)", "solve_heat_equation.py", f"{points:,}",
            [("buf_0", heat0), ("buf_1", np.full(points, np.nan)), ("timesteps", np.int32(steps)),
             ("k", 0.25)], ["buf_0"], (points,), (256,), 32 * points * steps, 5 * points * steps,
            lambda o, runs, heat0=heat0: expect(1e-12)(rel_err(
                o["buf_0"], heat_reference(heat0, steps * runs, 0.25))),
            repeats=reps, accumulates=True, numba=numba_ok))
    src = rand(n)
    cases.append(Case(
        "copy kernel", "copy.py", f"{n:,}", [("src", src), ("dst", np.full(n, np.nan, f32))], ["dst"], (n,), (256,),
        8 * n, 0, lambda o, runs, src=src: expect(0)(rel_err(o["dst"], src)), repeats=20, group="ceiling"))
    side = 256 if reduced else 8192
    grid2 = rand(side, side)
    ref = grid2.copy()
    ref[1:-1, 1:-1] = (grid2[1:-1, 1:-1] + grid2[:-2, 1:-1] + grid2[2:, 1:-1] + grid2[1:-1, :-2]
                       + grid2[1:-1, 2:]) * f32(0.2)
    cases.append(Case(
        "stencil 5-point", "stencil.py", f"{side}x{side}", [("src", grid2), ("dst", grid2.copy())], ["dst"],
        (side, side), (32, 8), 8 * side * side, 5 * side * side,
        lambda o, runs, ref=ref: expect(1e-5)(rel_err(o["dst"], ref)), repeats=20))
    for m in ((64, 128) if reduced else (1024, 4096)):
        A, B = rand(m, m), rand(m, m)
        refC = A.astype(np.float64) @ B
        chk = (lambda o, runs, refC=refC: expect(1e-4)(rel_err(o["C"], refC)))
        reps = 10 if m <= 1024 else 3
        cases.append(Case(
            "matmul naive", "matmul.py", f"{m}x{m}", [("A", A), ("B", B), ("C", np.full((m, m), np.nan, f32))], ["C"],
            (m, m), (16, 16), 12 * m * m, 2 * m ** 3, chk, repeats=reps))
        cases.append(Case(
            "fast_matmul (shared)", "fast_matmul.py", f"{m}x{m}", [("A", A), ("B", B), ("C", np.full((m, m), np.nan, f32))], ["C"],
            (m, m), (16, 16), 12 * m * m, 2 * m ** 3, chk, repeats=reps))
    nr = 1 << 16 if reduced else 1 << 26
    xs = rng.random(nr, dtype=np.float64).astype(f32)
    total = float(xs.astype(np.float64).sum())
    threads_r = min(nr // 4, 132 * 2048 * 2)
    for name, file in (("reduce (shared)", "reduce_shared.py"), ("reduce (subgroup)", "reduce_subgroup.py")):
        cases.append(Case(
            name, file, f"{nr:,}", [("xs", xs), ("acc", np.zeros(1, f32))], ["acc"], (threads_r,), (256,),
            4 * nr, nr, lambda o, runs, total=total: expect(1e-4)(rel_err(o["acc"][0], runs * total)),
            repeats=20, accumulates=True))
    nd = 1024 if reduced else 32768
    sig = (rand(nd) + 1j * rand(nd)).astype(np.complex64)
    refX = np.fft.fft(sig.astype(np.complex128))
    tol_dft = 1e-3 if reduced else 1e-2
    for name, file, threads in (("DFT naive", "dft.py", nd), ("DFT coarsened x4", "dft_coarsened.py", nd // 4)):
        cases.append(Case(
            name, file, f"{nd:,} c64", [("xs", sig), ("Xs", np.full(nd, np.nan, np.complex64))], ["Xs"],
            (threads,), (128,), 16 * nd, 8 * nd * nd,
            lambda o, runs, refX=refX: expect(tol_dft)(rel_err(o["Xs"], refX)), repeats=5))
    # Direct imaging (000): synthetic visibilities, versions 1..9.
    rows = 512 if reduced else 262144
    px = 64 if reduced else 700
    us = rng.uniform(-1000, 1000, rows)
    vs = rng.uniform(-1000, 1000, rows)
    ws = rng.uniform(-50, 50, rows)
    vis = (rng.standard_normal(rows) + 1j * rng.standard_normal(rows))
    lpx, mpx = np.mgrid[-px // 2:px // 2, -px // 2:px // 2]
    ls, ms = lpx * 0.0005 * 350 / (px // 2) * 0.2, mpx * 0.0005 * 350 / (px // 2) * 0.2
    nds = np.sqrt(1 - ls ** 2 - ms ** 2) - 1
    ref_img = image_reference(us, vs, ws, vis, ls, ms, nds) if reduced else None
    for v in range(1, 10):
        f64 = v <= 2
        ft, ct = (np.float64, np.complex128) if f64 else (f32, np.complex64)
        ins = [("us", us.astype(ft)), ("vs", vs.astype(ft)), ("ws", ws.astype(ft)), ("vis", vis.astype(ct)),
               ("ls", ls.astype(ft)), ("ms", ms.astype(ft)), ("ndashes", nds.astype(ft)),
               ("img", np.zeros((px, px), ct) if v == 1 else np.full((px, px), np.nan, ct))]
        coarse = v >= 7
        threads = cdiv(px * px, 3) if coarse else px * px
        block = 512 if v == 9 else 256
        if coarse:  # whole blocks, as the kernels' gridsize-strided pixels assume
            threads = cdiv(threads, block) * block
        tol = 1e-9 if f64 else 2e-3
        if ref_img is None:
            chk = lambda o, runs: None if np.all(np.isfinite(o["img"])) else "non-finite pixels"
        elif v == 1:
            chk = lambda o, runs, ref=ref_img, tol=tol: expect(tol)(rel_err(o["img"], runs * ref))
        else:
            chk = lambda o, runs, ref=ref_img, tol=tol: expect(tol)(rel_err(o["img"], ref))
        cases.append(Case(
            f"imaging v{v}", f"image_v{v}.py", f"{rows:,}x{px}^2", ins, ["img"], (threads,), (block,),
            rows * (7 if f64 else 4 * 4) * 4 + px * px * (8 if f64 else 4) * 4,
            rows * px * px * 14, chk, repeats=1 if (f64 and not reduced) else 3, accumulates=(v == 1)))
    # Issue 6's target: the naive kernel, narrowed to float32 with fast math, against numba-cuda
    # running the hand-optimised v9 (the table's "imaging v9" row).
    ins = [("us", us), ("vs", vs), ("ws", ws), ("vis", vis), ("ls", ls), ("ms", ms), ("ndashes", nds),
           ("img", np.zeros((px, px), np.complex128))]
    cases.append(Case(
        "imaging v1 --narrow=floats --fastmath", "image_v1.py", f"{rows:,}x{px}^2", ins, ["img"],
        (px * px,), (256,), rows * 4 * 4 * 4 + px * px * 4 * 4, rows * px * px * 14,
        (lambda o, runs, ref=ref_img: expect(5e-3)(rel_err(o["img"], runs * ref))) if ref_img is not None
        else (lambda o, runs: None if np.all(np.isfinite(o["img"])) else "non-finite pixels"),
        repeats=3, accumulates=True, nvc_flags=("--narrow=floats", "--fastmath"), numba=False))
    # Issue 20: a row reduction written with views and an array expression
    # against the same kernel as a hand-written loop (numba-cuda runs only
    # the loop: it cannot compile array expressions in kernels).
    rows_n, cols_n = (4096, 64) if reduced else (1 << 20, 64)
    an, bn = rand(rows_n, cols_n), rand(cols_n)
    ref_norm = np.sqrt(((an.astype(np.float64) - bn) ** 2).sum(1))
    for name, file, numba in (("row norm (views)", "row_norm_views.py", False),
                              ("row norm (loop)", "row_norm_loop.py", True)):
        cases.append(Case(
            name, file, f"{rows_n:,}x{cols_n}",
            [("a", an), ("b", bn), ("out", np.full(rows_n, np.nan, f32))], ["out"],
            (rows_n,), (256,), 4 * rows_n * cols_n + 4 * rows_n, 3 * rows_n * cols_n,
            lambda o, runs, ref=ref_norm: expect(1e-5)(rel_err(o["out"], ref)), repeats=20,
            numba=numba))
    side_m = 128 if reduced else 4096
    max_iter = 64 if reduced else 256
    step = 1 if reduced else 16  # full size: check (and count flops on) every 16th row
    iters = mandelbrot_reference(side_m, max_iter, step)
    cases.append(Case(
        "mandelbrot", "mandelbrot.py", f"{side_m}^2 it<={max_iter}",
        [("out", np.full((side_m, side_m), -1, np.int32)), ("max_iter", np.int32(max_iter))], ["out"],
        (side_m, side_m), (16, 16), 4 * side_m * side_m, 8 * step * int(iters.sum()),
        lambda o, runs, iters=iters, step=step: (
            # Boundary pixels are chaotic: a contracted FMA (numba) changes a few counts.
            None if np.mean(o["out"][::step] != iters) < 1e-2
            else f"{np.mean(o['out'][::step] != iters):.2%} of the pixels differ"),
        repeats=10))
    nt = 1 << 14 if reduced else 1 << 24
    for name, file in (("fma chain (cuda.fma)", "fma_chain.py"), ("fma chain (a*b+c)", "fma_chain_muladd.py")):
        cases.append(Case(
            name, file, f"{nt:,} thr", [("out", np.full(nt, np.nan, f32)), ("b", f32(0.999)), ("c", f32(0.001))], ["out"],
            (nt,), (256,), 4 * nt, 8192 * nt,
            lambda o, runs, nt=nt: expect(1e-4)(rel_err(o["out"], fma_reference(nt))), repeats=10, group="ceiling"))
    return cases


def image_reference(us, vs, ws, vis, ls, ms, nds):
    img = np.zeros(ls.shape, np.complex128)
    for k in range(0, len(us), 64):
        ph = 2 * np.pi * (us[k:k + 64, None, None] * ls + vs[k:k + 64, None, None] * ms
                          + ws[k:k + 64, None, None] * nds)
        img += (vis[k:k + 64, None, None] * np.exp(1j * ph)).sum(axis=0)
    return img


def mandelbrot_reference(side, max_iter, step=1):
    f32 = np.float32
    col = np.arange(side, dtype=f32)
    row = np.arange(0, side, step, dtype=f32)
    cx = (f32(-2.0) + f32(3.0) * col / f32(side))[None, :].repeat(len(row), 0)
    cy = (f32(-1.5) + f32(3.0) * row / f32(side))[:, None].repeat(side, 1)
    x = np.zeros_like(cx)
    y = np.zeros_like(cx)
    n = np.zeros(cx.shape, np.int32)
    for _ in range(max_iter):
        alive = x * x + y * y <= f32(4.0)
        if not alive.any():
            break
        xt = x * x - y * y + cx
        y = np.where(alive, f32(2.0) * x * y + cy, y)
        x = np.where(alive, xt, x)
        n += alive
    return n


def fma_reference(nt):
    a = np.arange(nt, dtype=np.float64)
    b, c = np.float64(np.float32(0.999)), np.float64(np.float32(0.001))
    bk = b ** 512
    geo = c * (1 - bk) / (1 - b)
    return sum((a + k) * bk + geo for k in range(8))


# ----------------------------------------------------------------------------- compile
def first_error(text):
    text = text.replace(KERNELS + os.sep, "")
    for line in text.splitlines():
        if "error" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "failed"


def timed_process(cmd, runs):
    times, last = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        last = subprocess.run(cmd, capture_output=True, text=True)
        times.append((time.perf_counter() - t0) * 1e3)
    return float(np.median(times)), last


# Builds besides the default one, by the suffix of their key in compile.json (the case's
# build + suffix): their nvc flags, and the result key of their timings.
VARIANT_FLAGS = {" -O0": ["-O0"], " --fp-contract=fast": ["--fp-contract=fast"]}
VARIANT_SUFFIX = {"": "", " -O0": ".O0", " --fp-contract=fast": ".fma"}
VARIANT_RESULT = {"": "nvc", " -O0": "nvc_O0", " --fp-contract=fast": "nvc_fma"}


def stage_compile(args, cases, work):
    spv_dir = os.path.join(work, "spv")
    os.makedirs(spv_dir, exist_ok=True)
    info = {"nvc": {}, "glslang": {}, "backend": args.backend}
    builds = {c.build: c for c in cases}
    for build in sorted(builds):
        c = builds[build]
        f = c.file
        stem = os.path.join(spv_dir, c.spv_stem)
        # The default level (timed), -O0 (what correctness alone needs) and the default level
        # with --fp-contract=fast (the contraction numba-cuda's NVVM does by default).
        for variant, runs in (("", args.compile_runs), *((v, 1) for v in VARIANT_FLAGS)):
            out = stem + VARIANT_SUFFIX[variant] + ".spv"
            flags = list(c.nvc_flags) + VARIANT_FLAGS.get(variant, [])
            ms, p = timed_process([args.nvc, os.path.join(KERNELS, f), "-o", out, *flags,
                                   "--backend", args.backend], runs)
            key = build + variant
            if p.returncode == 0:
                info["nvc"][key] = {"ok": True, "ms": ms}
            else:
                info["nvc"][key] = {"ok": False, "error": first_error(p.stderr + p.stdout)}
                for stale in (out, out[:-4] + ".json"):
                    if os.path.exists(stale):
                        os.remove(stale)
    # In process: compileSource() alone, without process start-up and file output.
    if os.path.exists(args.nvc_compile_time):
        files = [os.path.join(KERNELS, f) for f in sorted({c.file for c in cases})]
        p = subprocess.run([args.nvc_compile_time, "--repeats", str(max(args.compile_runs, 3)),
                            *files], capture_output=True, text=True)
        for line in p.stdout.splitlines():
            m = re.match(r"(.*): median ([0-9.]+) ms, .* ([0-9.]+) ms per entry point", line)
            if m:
                info.setdefault("in_process", {})[os.path.basename(m.group(1))] = {
                    "ms": float(m.group(2)), "ms_per_entry_point": float(m.group(3))}
    glslang = shutil.which("glslangValidator")
    for name in ("saxpy", "stencil", "matmul", "fma_chain"):
        src = os.path.join(GLSL, name + ".comp")
        out = os.path.join(spv_dir, "glsl_" + name + ".spv")
        if not glslang:
            continue
        ms, p = timed_process([glslang, "-V", "--target-env", "vulkan1.1", "-e", name,
                               "--source-entrypoint", "main", "-o", out, src], args.compile_runs)
        info["glslang"][name] = {"ok": p.returncode == 0, "ms": ms}
    if os.path.exists(os.path.join(spv_dir, "glsl_fma_chain.spv")):
        shutil.copy(os.path.join(GLSL, "fma_chain.json"), os.path.join(spv_dir, "glsl_fma_chain.json"))
    with open(os.path.join(work, "compile.json"), "w") as f:
        json.dump(info, f, indent=1)
    return info


# ----------------------------------------------------------------------------- nvc runs
def run_nvc(args, case, work, spv):
    d = os.path.join(work, "io")
    os.makedirs(d, exist_ok=True)
    cmd = [args.nvc_run, spv, "--grid", ",".join(map(str, case.grid)),
           "--local-size", ",".join(map(str, case.block)),
           "--time", str(case.repeats), "--warmup", "1", "--time-json", os.path.join(d, "t.json")]
    if case.ufunc_out:
        cmd += ["--entry", case.entry]
    for name, value in case.inputs:
        if isinstance(value, np.ndarray):
            path = os.path.join(d, f"{name}.npy")
            np.save(path, value)
            cmd.append(f"{name}=@{path}")
        else:
            text = repr(int(value)) if isinstance(value, (int, np.integer)) else repr(float(value))
            cmd.append(f"{name}={text}")
    outs = {}
    for name in case.outputs:
        outs[name] = os.path.join(d, f"{name}_out.npy")
        cmd += ["--out", f"{name}={outs[name]}"]
    if args.device:
        cmd += ["--device", args.device]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return {"status": "nvc-run failed: " + first_error(p.stderr + p.stdout)}
    with open(os.path.join(d, "t.json")) as f:
        t = json.load(f)
    res = {k: t[k] for k in ("gpu_ms_median", "gpu_ms_min", "gpu_ms_max", "upload_ms", "download_ms",
                             "host_ms_per_run", "timed", "device")}
    err = case.check({k: np.load(v) for k, v in outs.items()}, case.repeats + 1)
    res["status"] = "ok" if err is None else "WRONG: " + err
    return res


# ----------------------------------------------------------------------------- numba-cuda
def numba_available():
    try:
        np.row_stack = getattr(np, "row_stack", np.vstack)  # numba-cuda 0.68 with NumPy 2.x
        import warnings
        from numba import cuda
        from numba.core.errors import NumbaPerformanceWarning
        warnings.simplefilter("ignore", NumbaPerformanceWarning)
        return cuda.is_available(), cuda
    except Exception as e:  # noqa: BLE001
        return False, str(e)


def load_kernel(cuda, file, entry):
    t0 = time.perf_counter()
    spec = importlib.util.spec_from_file_location("bench_" + entry, os.path.join(KERNELS, file))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return getattr(mod, entry), (time.perf_counter() - t0) * 1e3


def run_numba(cuda, case):
    kern, import_ms = load_kernel(cuda, case.file, case.entry)
    blocks = tuple(cdiv(g, b) for g, b in zip(case.grid, case.block))
    inputs = [(n, v) for n, v in case.inputs if not n.startswith("nvc_")]
    if case.ufunc_out:
        # numba-cuda's ufunc call on device arrays: its own launch geometry.
        out_index = [n for n, _ in inputs].index(case.ufunc_out)

        def launch(*d):
            kern(*(v for i, v in enumerate(d) if i != out_index), out=d[out_index])
    else:
        launch = kern[blocks, case.block]

    def device_args():
        return [cuda.to_device(v) if isinstance(v, np.ndarray) else v for _, v in inputs]

    # Correctness: one launch on fresh inputs (its wall time includes the JIT of the cubin).
    d = device_args()
    cuda.synchronize()
    t0 = time.perf_counter()
    launch(*d)
    cuda.synchronize()
    first_ms = (time.perf_counter() - t0) * 1e3
    names = [n for n, _ in inputs]
    outs = {n: d[names.index(n)].copy_to_host() for n in case.outputs}
    err = case.check(outs, 1)
    # Timing: warm-up, then events around every launch.
    launch(*d)
    times = []
    for _ in range(case.repeats):
        s, e = cuda.event(), cuda.event()
        s.record()
        launch(*d)
        e.record()
        e.synchronize()
        times.append(cuda.event_elapsed_time(s, e))
    return {"gpu_ms_median": float(np.median(times)), "gpu_ms_min": float(min(times)),
            "gpu_ms_max": float(max(times)), "import_compile_ms": import_ms,
            "first_launch_ms": first_ms, "status": "ok" if err is None else "WRONG: " + err}


def numba_memcpy_bandwidth(cuda, nbytes, repeats=20):
    a = cuda.device_array(nbytes // 4, np.float32)  # contents do not matter for a copy
    b = cuda.device_array_like(a)
    b.copy_to_device(a)
    times = []
    for _ in range(repeats):
        s, e = cuda.event(), cuda.event()
        s.record()
        b.copy_to_device(a)
        e.record()
        e.synchronize()
        times.append(cuda.event_elapsed_time(s, e))
    return float(np.median(times))


# ----------------------------------------------------------------------------- table
def fmt_ms(r):
    return f"{r['gpu_ms_median']:.3f}" if r and r.get("status") == "ok" else "-"


def print_table(results, ceil, out):
    hdr = ["case", "size", "MB moved", "GFLOP", "nvc -O0", "nvc ms", "numba ms", "nvc/numba",
           "nvc fma ms", "fma/numba",
           "nvc %BW", "nvc %FMA", "numba %BW", "numba %FMA", "notes"]
    rows = []
    for r in results:
        nv, nb = r["nvc"], r["numba"]

        def frac(x, per):
            if not x or x.get("status") != "ok" or not per:
                return "-"
            return f"{100 * per / (x['gpu_ms_median'] * 1e-3) / 1:.0f}"
        bw = ceil.get("bandwidth_Bps")
        fl = ceil.get("fma_flops")
        def ratio_to_numba(x):
            return (f"{x['gpu_ms_median'] / nb['gpu_ms_median']:.2f}"
                    if x and x.get("status") == "ok" and nb.get("status") == "ok" else "-")
        notes = []
        if nv.get("status") != "ok":
            notes.append("nvc: " + nv.get("status", "?"))
        if nb.get("status") not in ("ok", None):
            notes.append("numba: " + nb["status"])
        for key, what in (("nvc_O0", "nvc -O0"), ("nvc_fma", "nvc --fp-contract=fast")):
            if r.get(key, {}).get("status") not in ("ok", None, "not compiled"):
                notes.append(what + ": " + r[key]["status"])
        rows.append([r["case"], r["size"], f"{r['bytes'] / 1e6:.1f}", f"{r['flops'] / 1e9:.2f}",
                     fmt_ms(r.get("nvc_O0")),
                     fmt_ms(nv), fmt_ms(nb), ratio_to_numba(nv),
                     fmt_ms(r.get("nvc_fma")), ratio_to_numba(r.get("nvc_fma")),
                     frac(nv, r["bytes"] / bw if bw else None) if bw else "-",
                     frac(nv, r["flops"] / fl if fl and r["flops"] else None) if fl else "-",
                     frac(nb, r["bytes"] / bw if bw else None) if bw else "-",
                     frac(nb, r["flops"] / fl if fl and r["flops"] else None) if fl else "-",
                     "; ".join(notes)[:150]])
    widths = [max(len(str(x[i])) for x in rows + [hdr]) for i in range(len(hdr) - 1)]
    lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(hdr, widths + [5])) + " |",
             "|" + "|".join("-" * (w + 2) for w in widths + [7]) + "|"]
    for x in rows:
        lines.append("| " + " | ".join(str(c).ljust(w) for c, w in zip(x, widths + [5])) + " |")
    text = "\n".join(lines)
    print(text)
    out.write(text + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reduced", action="store_true", help="small sizes, correctness only (CI, lavapipe)")
    ap.add_argument("--stage", choices=["all", "compile", "run"], default="all")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "bench-work"))
    ap.add_argument("--nvc", default=os.path.join(ROOT, "build", "compiler", "nvc"))
    ap.add_argument("--nvc-run", default=os.path.join(ROOT, "build", "runtime-stub", "nvc-run"))
    ap.add_argument("--nvc-compile-time",
                    default=os.path.join(ROOT, "build", "bench", "nvc-compile-time"),
                    help="in-process compile timer (built with nvc)")
    ap.add_argument("--device", default="", help="Vulkan device for nvc-run (index or name)")
    ap.add_argument("--compile-runs", type=int, default=5)
    ap.add_argument("--backend", choices=["mlir", "llvm"], default="mlir",
                    help="nvc's code generator for the compile stage (the run stage reads it "
                         "from WORK/compile.json)")
    ap.add_argument("--only", default="", help="comma-separated substrings of case names")
    ap.add_argument("--no-numba", action="store_true")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else int(time.time()) % 100000
    print(f"bench: seed {seed}, {'reduced' if args.reduced else 'full'} sizes", flush=True)
    rng = np.random.default_rng(seed)
    os.makedirs(args.work, exist_ok=True)
    # The compile stage needs only the kernel files: build the (cheap) reduced cases.
    cases = make_cases(args.reduced or args.stage == "compile", rng)
    if args.only:
        keys = args.only.split(",")
        cases = [c for c in cases if any(k in c.name for k in keys)]

    if args.stage in ("all", "compile"):
        comp = stage_compile(args, cases, args.work)
        ok = sorted(f for f, v in comp["nvc"].items() if v["ok"])
        print(f"nvc compiled {len(ok)} of {len(comp['nvc'])} kernel files", flush=True)
        if args.stage == "compile":
            for f, v in sorted(comp["nvc"].items()):
                print(f"  {f}: " + (f"{v['ms']:.1f} ms" if v["ok"] else "not supported yet (" + v["error"] + ")"))
            for f, v in sorted(comp["glslang"].items()):
                print(f"  glslang {f}.comp: {v['ms']:.1f} ms")
            return 0
    with open(os.path.join(args.work, "compile.json")) as f:
        comp = json.load(f)

    have_numba, cuda = (False, "disabled") if args.no_numba else numba_available()
    numba_reason = "" if have_numba else (cuda if isinstance(cuda, str) else "no CUDA GPU")
    have_nvc_run = os.path.exists(args.nvc_run)
    results, failures = [], 0
    for c in cases:
        r = {"case": c.name, "size": c.size, "file": c.file, "bytes": c.bytes, "flops": c.flops,
             "repeats": c.repeats, "group": c.group}
        spv = os.path.join(args.work, "spv", c.spv_stem + ".spv")
        cinfo = comp["nvc"].get(c.build, {"ok": False, "error": "not compiled"})
        if not cinfo["ok"]:
            r["nvc"] = {"status": "not supported yet (" + cinfo["error"] + ")"}
        elif not have_nvc_run:
            r["nvc"] = {"status": "nvc-run missing"}
        else:
            for variant, key in VARIANT_RESULT.items():
                if not comp["nvc"].get(c.build + variant, {}).get("ok"):
                    r[key] = {"status": "not compiled"}
                    continue
                try:
                    r[key] = run_nvc(args, c, args.work, spv[:-4] + VARIANT_SUFFIX[variant] + ".spv")
                except Exception as e:  # noqa: BLE001
                    r[key] = {"status": f"bench error: {e}"}
        if not c.numba:
            r["numba"] = {"status": None}
        elif have_numba:
            try:
                r["numba"] = run_numba(cuda, c)
            except Exception as e:  # noqa: BLE001
                r["numba"] = {"status": "failed: " + (str(e).splitlines() or ["?"])[0][:200]}
        else:
            r["numba"] = {"status": None}
        for side in ("nvc", "nvc_O0", "nvc_fma", "numba"):
            if str(r.get(side, {}).get("status", "")).startswith("WRONG"):
                failures += 1
        print(f"  {c.name} [{c.size}]: nvc {fmt_ms(r['nvc'])} ms ({r['nvc'].get('status')}), "
              f"-O0 {fmt_ms(r.get('nvc_O0'))} ms, --fp-contract=fast {fmt_ms(r.get('nvc_fma'))} ms, "
              f"numba {fmt_ms(r['numba'])} ms ({r['numba'].get('status')})", flush=True)
        results.append(r)

    # Ceilings measured in this run: the best copy bandwidth and FMA rate seen.
    ceil = {}
    bw = []
    for r in results:
        if r["case"] == "copy kernel":
            for side in ("nvc", "numba"):
                if r[side].get("status") == "ok":
                    bw.append((r["bytes"] / (r[side]["gpu_ms_median"] * 1e-3), f"{side} copy kernel"))
    if have_numba and not args.reduced:
        # 4 GiB each way: far beyond the L2 cache (50 MiB on the H200) and long
        # enough (milliseconds) that launch and timer overheads vanish.
        ms = numba_memcpy_bandwidth(cuda, 1 << 32)
        bw.append((2 * (1 << 32) / (ms * 1e-3), "cuda device-to-device memcpy (4 GiB)"))
        ceil["cuda_memcpy_ms_4GiB"] = ms
    fl = []
    for r in results:
        if r["case"].startswith("fma chain"):
            for side in ("nvc", "numba"):
                if r[side].get("status") == "ok":
                    fl.append((r["flops"] / (r[side]["gpu_ms_median"] * 1e-3), f"{side} {r['case']}"))
    glsl_fma = os.path.join(args.work, "spv", "glsl_fma_chain.spv")
    if have_nvc_run and os.path.exists(glsl_fma):
        fc = [c for c in make_cases(args.reduced, np.random.default_rng(0)) if c.file == "fma_chain.py"][0]
        fc.name = "fma chain (GLSL fma, Vulkan)"
        rr = run_nvc(args, fc, args.work, glsl_fma)
        if rr.get("status") == "ok":
            fl.append((fc.flops / (rr["gpu_ms_median"] * 1e-3), "Vulkan GLSL fma chain"))
        ceil["vulkan_glsl_fma"] = rr
    if bw:
        ceil["bandwidth_Bps"], ceil["bandwidth_source"] = max(bw)
    if fl:
        ceil["fma_flops"], ceil["fma_source"] = max(fl)
    ceil["all_bandwidths"] = bw
    ceil["all_fma"] = fl

    with open(os.path.join(args.work, "results.txt"), "w") as out:
        dev = next((r["nvc"].get("device") for r in results if r["nvc"].get("device")), "?")
        head = (f"nvc benchmarks ({'reduced' if args.reduced else 'full'}, backend {comp.get('backend', 'mlir')}), "
                f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
                f"Vulkan device: {dev}; numba-cuda: {'yes' if have_numba else 'no (' + numba_reason + ')'}")
        print("\n" + head)
        out.write(head + "\n")
        if "bandwidth_Bps" in ceil:
            line = f"ceilings: copy {ceil['bandwidth_Bps'] / 1e9:.0f} GB/s ({ceil['bandwidth_source']})"
            if "fma_flops" in ceil:
                line += f", fp32 FMA {ceil['fma_flops'] / 1e12:.1f} TFLOP/s ({ceil['fma_source']})"
            print(line)
            out.write(line + "\n")
        print_table(results, ceil, out)
        comp_lines = ["compile time (ms, whole process, median): "]
        in_process = comp.get("in_process", {})
        for f, v in sorted(comp["nvc"].items()):
            if v["ok"] and not f.endswith(tuple(VARIANT_FLAGS)):  # compiled once, not timed
                extra = (f" (in process {in_process[f]['ms']:.1f}, "
                         f"{in_process[f]['ms_per_entry_point']:.1f} per entry point)"
                         if f in in_process else "")
                comp_lines.append(f"  nvc {f}: {v['ms']:.1f}{extra}")
        for f, v in sorted(comp.get("glslang", {}).items()):
            comp_lines.append(f"  glslangValidator {f}.comp: {v['ms']:.1f}")
        if have_numba:
            for r in results:
                if r["numba"].get("status") == "ok" and r["case"] not in [x["case"] for x in results[:results.index(r)]]:
                    comp_lines.append(f"  numba-cuda {r['file']}: import+compile {r['numba']['import_compile_ms']:.0f}, "
                                      f"first launch (wall, kernel included) {r['numba']['first_launch_ms']:.0f}")
        print("\n".join(comp_lines))
        out.write("\n".join(comp_lines) + "\n")
    with open(os.path.join(args.work, "results.json"), "w") as f:
        json.dump({"reduced": args.reduced, "seed": seed, "host": platform.node(),
                   "backend": comp.get("backend", "mlir"), "results": results,
                   "ceilings": ceil, "compile": comp}, f, indent=1, default=str)
    if failures:
        print(f"bench: {failures} wrong result(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
