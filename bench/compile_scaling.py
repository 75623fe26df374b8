#!/usr/bin/python3
"""Compile time against kernel size (issue 25): whole-process `nvc` runs on generated
kernel files of four families, timed as a user's build would see them (process start,
output files included), the median of --runs runs (one run where a compile takes longer
than 3 s); writes the numbers as JSON, a Markdown table and an SVG plot (log-log, one panel
per family, no plotting library needed).

  compile_scaling.py --nvc build/compiler/nvc --out DIR [--runs 3] [--levels -O0,-O2] [--quick]

Families and sizes:
  statements  a kernel of N statements (N = 10 ... 5000) of three shapes: issue 25's
              conditional expression, an if statement with a store, a short counted loop
              (bench/compile_growth.py's shapes);
  kernels     a file of K small kernels (K = 1 ... 500);
  chain       a kernel calling a chain of D device functions, each calling the next
              (D = 1 ... 64);
  nesting     L counted loops nested in one another (L = 1 ... 8), run-time trip counts.
Times depend on the machine and its load: compare the ratios within one run.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compile_growth  # noqa: E402  (the statement shapes)

STATEMENT_SIZES = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
KERNEL_COUNTS = [1, 2, 5, 10, 20, 50, 100, 200, 500]
CHAIN_DEPTHS = [1, 2, 4, 8, 16, 32, 64]
NESTING_DEPTHS = [1, 2, 3, 4, 5, 6, 7, 8]


def kernels_file(k):
    lines = ["import numpy as np", "from numba import cuda", ""]
    for n in range(k):
        lines += [f'@cuda.jit("void(float32[::1], float32[::1], float32)")',
                  f"def k{n}(x, y, a):",
                  "    i = cuda.grid(1)",
                  "    if i < x.size:",
                  "        v = x[i] * a",
                  f"        v = v + np.float32({n}.5) if v > 0 else -v",
                  "        y[i] = v * v", ""]
    return "\n".join(lines) + "\n"


def chain_file(d):
    lines = ["import numpy as np", "from numba import cuda", ""]
    for n in reversed(range(d)):
        body = f"f{n + 1}(v * np.float32(1.5) + np.float32({n}))" if n + 1 < d else "v * v"
        lines += ["@cuda.jit(device=True)", f"def f{n}(v):", f"    return {body}", ""]
    lines += ['@cuda.jit("void(float32[::1], float32[::1])")', "def k(x, y):",
              "    i = cuda.grid(1)", "    if i < x.size:", "        y[i] = f0(x[i])"]
    return "\n".join(lines) + "\n"


def nesting_file(depth):
    lines = ["import numpy as np", "from numba import cuda", "",
             '@cuda.jit("void(float32[::1], float32[::1], int32)")', "def k(x, y, m):",
             "    i = cuda.grid(1)", "    if i < x.size:", "        v = x[i]"]
    indent = "        "
    for level in range(depth):
        lines.append(f"{indent}for t{level} in range(m):")
        indent += "    "
        lines.append(f"{indent}v = v * np.float32(0.5) + np.float32({level})")
    lines.append("        y[i] = v")
    return "\n".join(lines) + "\n"


def families():
    """(family, series, size, source) for every file."""
    for shape in compile_growth.SHAPES:
        for n in STATEMENT_SIZES:
            yield "statements", shape, n, compile_growth.kernel(shape, n)
    for k in KERNEL_COUNTS:
        yield "kernels", "kernels per file", k, kernels_file(k)
    for d in CHAIN_DEPTHS:
        yield "chain", "device functions", d, chain_file(d)
    for d in NESTING_DEPTHS:
        yield "nesting", "nested loops", d, nesting_file(d)


def time_compile(nvc, path, level, runs, work):
    times = []
    for r in range(runs):
        start = time.perf_counter()
        p = subprocess.run([nvc, level, "-w", path, "-o", os.path.join(work, "out.spv")],
                           capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        if p.returncode != 0:
            raise RuntimeError(f"nvc {level} {path} failed:\n{p.stderr}")
        times.append(elapsed)
        if elapsed > 3.0:
            break
    return statistics.median(times)


def svg_plot(results, levels):
    """A log-log SVG: one panel per family, one line per series and level."""
    panels = [("statements", "statements per kernel"), ("kernels", "kernels per file"),
              ("chain", "device functions in the chain"), ("nesting", "loops nested")]
    colours = {"ternary": "#4c72b0", "if-store": "#dd8452", "loop": "#55a868",
               "kernels per file": "#4c72b0", "device functions": "#4c72b0",
               "nested loops": "#4c72b0"}
    dashes = {levels[0]: "", **{lv: "5,3" for lv in levels[1:]}}
    W, H, pad = 430, 300, 55
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * W}" height="{2 * H + 30}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{2 * W}" height="{2 * H + 30}" fill="white"/>',
           f'<text x="{W}" y="18" text-anchor="middle" font-size="14">nvc compile time, '
           f'whole process (s), against size; solid {levels[0]}, dashed '
           f'{", ".join(levels[1:])}</text>']
    for p, (family, xlabel) in enumerate(panels):
        ox, oy = (p % 2) * W, 30 + (p // 2) * H
        rows = [r for r in results if r["family"] == family]
        xs = [r["size"] for r in rows]
        ys = [r["seconds"] for r in rows]
        x0, x1 = math.log10(min(xs)), math.log10(max(xs))
        y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
        if y1 - y0 < 1:
            y1 = y0 + 1
        x1 = x1 if x1 > x0 else x0 + 1

        def px(x):
            return ox + pad + (math.log10(x) - x0) / (x1 - x0) * (W - 1.6 * pad)

        def py(y):
            return oy + H - pad + (math.log10(y) - y0) / (y1 - y0) * -(H - 1.6 * pad)
        out.append(f'<rect x="{ox + pad}" y="{oy + 0.6 * pad}" width="{W - 1.6 * pad}" '
                   f'height="{H - 1.6 * pad}" fill="none" stroke="#888"/>')
        for e in range(y0, y1 + 1):
            y = py(10 ** e)
            out.append(f'<line x1="{ox + pad}" x2="{ox + W - 0.6 * pad}" y1="{y:.1f}" '
                       f'y2="{y:.1f}" stroke="#ddd"/>')
            out.append(f'<text x="{ox + pad - 4}" y="{y + 4:.1f}" text-anchor="end">'
                       f'{10 ** e:g}</text>')
        for x in sorted(set(xs)):
            out.append(f'<text x="{px(x):.1f}" y="{oy + H - pad + 14}" '
                       f'text-anchor="middle">{x}</text>')
        out.append(f'<text x="{ox + W / 2}" y="{oy + H - pad + 30}" '
                   f'text-anchor="middle">{xlabel}</text>')
        series = sorted({(r["series"], r["level"]) for r in rows},
                        key=lambda s: (s[0], levels.index(s[1])))
        for n, (name, level) in enumerate(series):
            pts = sorted((r["size"], r["seconds"]) for r in rows
                         if r["series"] == name and r["level"] == level)
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
            colour = colours.get(name, "#333")
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                       f'stroke-width="1.6" stroke-dasharray="{dashes[level]}"/>')
            if level == levels[0] and family == "statements":
                out.append(f'<text x="{ox + pad + 6}" y="{oy + 0.6 * pad + 14 + 13 * n}" '
                           f'fill="{colour}">{name}</text>')
        # linear growth for reference: slope 1 from the first point of the first series
        first = sorted((r["size"], r["seconds"]) for r in rows
                       if (r["series"], r["level"]) == series[0])
        (sx, sy), (ex, _) = first[0], first[-1]
        if sy * ex / sx < 10 ** y1:
            out.append(f'<line x1="{px(sx):.1f}" y1="{py(sy):.1f}" x2="{px(ex):.1f}" '
                       f'y2="{py(sy * ex / sx):.1f}" stroke="#bbb" stroke-dasharray="2,2"/>')
    out.append(f'<text x="{2 * W - 8}" y="{2 * H + 24}" text-anchor="end" fill="#888">'
               f'grey dotted: linear growth from the first point</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def markdown(results, levels):
    lines = ["| family | series | size | " + " | ".join(f"{lv} s" for lv in levels) + " |",
             "|---|---|---|" + "---|" * len(levels)]
    keys = []
    for r in results:
        k = (r["family"], r["series"], r["size"])
        if k not in keys:
            keys.append(k)
    for k in keys:
        cells = []
        for lv in levels:
            m = [r["seconds"] for r in results
                 if (r["family"], r["series"], r["size"], r["level"]) == (*k, lv)]
            cells.append(f"{m[0]:.3f}" if m else "")
        lines.append(f"| {k[0]} | {k[1]} | {k[2]} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nvc", required=True)
    ap.add_argument("--out", required=True, help="directory for scaling.json/.md/.svg")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--levels", default="-O0,-O2")
    ap.add_argument("--quick", action="store_true", help="sizes up to a fifth (a smoke run)")
    opts = ap.parse_args()
    levels = opts.levels.split(",")
    os.makedirs(opts.out, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory() as work:
        for family, series, size, source in families():
            if opts.quick and size > {"statements": 1000, "kernels": 100}.get(family, 64):
                continue
            path = os.path.join(work, f"{family}-{series}-{size}.py".replace(" ", "_"))
            with open(path, "w") as f:
                f.write(source)
            for level in levels:
                s = time_compile(opts.nvc, path, level, opts.runs, work)
                results.append({"family": family, "series": series, "size": size,
                                "level": level, "seconds": s})
                print(f"{family:10} {series:17} {size:5} {level} {s:8.3f} s", flush=True)
    with open(os.path.join(opts.out, "scaling.json"), "w") as f:
        json.dump({"levels": levels, "runs": opts.runs, "results": results}, f, indent=1)
    with open(os.path.join(opts.out, "scaling.md"), "w") as f:
        f.write(markdown(results, levels))
    with open(os.path.join(opts.out, "scaling.svg"), "w") as f:
        f.write(svg_plot(results, levels))
    return 0


if __name__ == "__main__":
    sys.exit(main())
