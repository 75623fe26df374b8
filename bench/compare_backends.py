#!/usr/bin/python3
"""Per benchmark kernel, nvc's default backend (MLIR's SPIR-V serializer) against its
LLVM backend (LLVM's SPIR-V target): the GPU time medians of two bench/run.py runs on
the same device, one with --backend mlir and one with --backend llvm.

  bench/run.py --work W1 [--reduced]                   # default backend
  bench/run.py --work W2 [--reduced] --backend llvm    # LLVM backend
  bench/compare_backends.py W1 W2                      # prints a Markdown table

A case either backend did not run (not compiled, wrong result) shows its status instead
of a time. "llvm/mlir" < 1 means the LLVM backend's code is faster.
"""
import json
import os
import sys


def load(work):
    with open(os.path.join(work, "results.json")) as f:
        data = json.load(f)
    return data, {(r["case"], r["size"]): r for r in data["results"]}


def cell(r):
    nvc = r.get("nvc", {}) if r else {}
    if nvc.get("status") == "ok":
        return f"{nvc['gpu_ms_median']:.3f}", nvc["gpu_ms_median"]
    status = str(nvc.get("status") or "not run")
    return status[:40], None


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    (a, ra), (b, rb) = load(sys.argv[1]), load(sys.argv[2])
    print(f"backends: {a.get('backend', 'mlir')} ({sys.argv[1]}) vs {b.get('backend', 'mlir')} "
          f"({sys.argv[2]}); {'reduced' if a.get('reduced') else 'full'} sizes\n")
    print("| case | size | mlir ms | llvm ms | llvm/mlir |")
    print("|---|---|---|---|---|")
    for key in ra:
        ta, va = cell(ra[key])
        tb, vb = cell(rb.get(key))
        ratio = f"{vb / va:.2f}" if va and vb else "-"
        print(f"| {key[0]} | {key[1]} | {ta} | {tb} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
