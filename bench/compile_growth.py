#!/usr/bin/python3
"""Compile time against kernel size (issue 25): kernels of N and 4N statements of
several shapes, each compiled in process by nvc-compile-time (a warm-up and R compiles;
CPU milliseconds per compile); prints the times and the growth ratio t(4N) / t(N).

  compile_growth.py --nvc-compile-time PATH [--n 250] [--repeats 3] [--max-ratio 14]

Exits 1 when a shape's ratio exceeds --max-ratio: linear growth gives 4, N log N about 5;
a stage quadratic in the kernel's size drives it towards 16. The bound (14) is a tripwire for
a compile quadratic as a whole, not the target. On 2026-12-05 (quiet host) the ratios were
4.0 (ternary), 6.2 (if statement) and 7.1 (loop): what still grows faster than the kernel
there is upstream code, SPIRV-Tools' dominance checks (a walk up the dominator tree per use,
which 2000 branches in a row make 4000 blocks deep) and MLIR's lift-cf-to-scf (issue 25;
ctest compile-growth; docs/benchmarks.md). bench/compile_scaling.py measures whole-process
times over wider ranges. The ternary shape, linear in every stage nvc and MLIR run, has a
bound of its own (--max-ratio-linear, 8), so that a stage growing faster returns noticed.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile

HEADER = [
    "from numba import cuda",
    "",
    '@cuda.jit("void(float32[::1], float32)")',
    "def k(a, j):",
    "    i = cuda.grid(1)",
    "    if i < a.size:",
    "        v = a[i]",
]

# Statement shapes: one logical statement each, indented inside `if i < a.size:`.
SHAPES = {
    # issue 25's measure: a conditional expression (a select)
    "ternary": lambda s: ["v = v * 1.0001 + 0.5 if v < j else v - 0.25"],
    # an if statement with a store (a branch: a diamond in the CFG)
    "if-store": lambda s: ["if v < j:", f"    a[i] = v + {s}.0", "v = v * 1.0001 + 0.5"],
    # a short counted loop
    "loop": lambda s: [f"for t in range({2 + s % 3}):", "    v = v * 0.999 + 0.125"],
}
# Shapes whose ratio is only printed, not checked (none since the canonicalizer and the
# rebinding analysis became linear, 2026-12-05).
UNCHECKED = set()
# Shapes whose every stage is linear (4 when all is well): a tighter bound.
LINEAR = {"ternary"}


def kernel(shape, n):
    lines = list(HEADER)
    for s in range(n):
        lines += ["        " + line for line in SHAPES[shape](s)]
    lines.append("        a[i] = v")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nvc-compile-time", required=True)
    ap.add_argument("--n", type=int, default=250)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--max-ratio", type=float, default=14.0)
    ap.add_argument("--max-ratio-linear", type=float, default=8.0,
                    help="the bound of the shapes whose compile is linear (LINEAR)")
    opts = ap.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as work:
        print(f"{'shape':10} {'N':>6} {'ms':>9} {'4N':>6} {'ms':>9} {'ratio':>6}")
        for shape in SHAPES:
            times = []
            for n in (opts.n, 4 * opts.n):
                path = os.path.join(work, f"{shape}-{n}.py")
                with open(path, "w") as f:
                    f.write(kernel(shape, n))
                # CPU time of the whole child (one warm-up and R compiles), which other
                # work on the machine (ctest -j) disturbs less than the wall clock.
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                out = subprocess.run([opts.nvc_compile_time, "--repeats", str(opts.repeats), path],
                                     capture_output=True, text=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                if out.returncode != 0 or "median" not in out.stdout:
                    print(f"{shape} N={n}: nvc-compile-time failed:\n{out.stdout}{out.stderr}")
                    return 1
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                times.append(1000 * cpu / (opts.repeats + 1))
            ratio = times[1] / times[0]
            bound = opts.max_ratio_linear if shape in LINEAR else opts.max_ratio
            bad = ratio > bound and shape not in UNCHECKED
            failed |= bad
            note = "  (not checked)" if shape in UNCHECKED else ""
            print(f"{shape:10} {opts.n:6} {times[0]:9.1f} {4 * opts.n:6} {times[1]:9.1f} "
                  f"{ratio:6.2f}{'  > ' + str(bound) if bad else note}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
