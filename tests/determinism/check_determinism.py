#!/usr/bin/python3
"""Determinism of nvc's outputs (docs/robustness.md).

Compiles every kernel file given (examples/*.py, tests/e2e/kernels/*.py) twice,
in two different ways:
  A. from work/a as the working directory, the source named by its absolute
     path in the source tree, output into work/a/out/NAME.spv;
  B. from work/b/deep/cwd, a copy of the source's directory (with the helper
     modules it imports) named by a relative path, output into
     ../../elsewhere/NAME.spv (relative);
and requires byte-identical .spv and .json files (each process also has its
own address-space layout, so pointer-dependent ordering would show). The
manifest must name the source by its basename and contain no directory of
either run, and the depfile (-MD) must name the output and the source.

usage: check_determinism.py --nvc NVC --work DIR FILE.py...
"""
import argparse
import json
import os
import shutil
import subprocess
import sys


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} (in {cwd}) failed:\n{p.stderr.decode(errors='replace')}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvc", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    nvc = os.path.abspath(args.nvc)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    a_dir = os.path.join(work, "a")
    b_cwd = os.path.join(work, "b", "deep", "cwd")
    b_src = os.path.join(work, "b", "sources")
    for d in (os.path.join(a_dir, "out"), b_cwd, b_src, os.path.join(work, "b", "elsewhere")):
        os.makedirs(d)
    failures = []
    for src in args.files:
        src = os.path.abspath(src)
        name = os.path.splitext(os.path.basename(src))[0]
        try:
            out_a = os.path.join(a_dir, "out", name + ".spv")
            # Helper modules in a lib/ next to the kernels are found with -I.
            lib = os.path.join(os.path.dirname(src), "lib")
            inc_a = ["-I", lib] if os.path.isdir(lib) else []
            run([nvc, src, "-o", out_a, "-MD"] + inc_a, a_dir)
            # The copy keeps the source's neighbours: helper modules it imports.
            parent = os.path.basename(os.path.dirname(src))
            copy_dir = os.path.join(b_src, parent)
            if not os.path.isdir(copy_dir):
                shutil.copytree(os.path.dirname(src), copy_dir)
            rel_src = os.path.join("..", "..", "sources", parent, os.path.basename(src))
            rel_out = os.path.join("..", "..", "elsewhere", name + ".spv")
            inc_b = ["-I", os.path.join("..", "..", "sources", parent, "lib")] if inc_a else []
            run([nvc, rel_src, "-o", rel_out] + inc_b, b_cwd)
            out_b = os.path.join(work, "b", "elsewhere", name + ".spv")
            for ext in (".spv", ".json"):
                with open(out_a[:-4] + ext, "rb") as fa, open(out_b[:-4] + ext, "rb") as fb:
                    if fa.read() != fb.read():
                        failures.append(f"{name}{ext} differs between the two compiles")
            with open(out_a[:-4] + ".json", "rb") as f:
                text = f.read()
            manifest = json.loads(text)
            if manifest["source"]["file"] != os.path.basename(src):
                failures.append(f"{name}: source.file is {manifest['source']['file']!r}")
            for d in (work, os.path.dirname(src), os.path.dirname(nvc)):
                if d.encode() in text:
                    failures.append(f"{name}.json contains the directory {d}")
            with open(out_a[:-4] + ".d") as f:
                dep = f.read()
            if not dep.startswith(out_a.replace(" ", "\\ ") + ":") or src.replace(" ", "\\ ") not in dep:
                failures.append(f"{name}.d is not '{out_a}: {src}': {dep!r}")
        except RuntimeError as e:
            failures.append(str(e))
    for f in failures:
        print("FAIL " + f)
    print(f"{len(args.files)} files compiled twice: {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
