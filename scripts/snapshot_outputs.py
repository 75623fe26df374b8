#!/usr/bin/python3
"""Snapshot of everything nvc prints and writes for every kernel the project holds,
to show that a refactoring changed nothing (issue 17: byte-identical outputs).

For every .py under examples/, bench/kernels/, tests/e2e/, tests/lit/ and
tests/malformed/, and for each flag set below, nvc runs twice: once writing a
module (the .spv, its .json manifest and every variant module it writes next to
it) and once with --emit=mlir. The snapshot keeps, per run, the exit status, the
diagnostics (stdout and stderr, with the source directory written as $SRC and
the output directory as $OUT) and every output file's bytes.

  scripts/snapshot_outputs.py take --nvc build/compiler/nvc DIR     # write a snapshot
  scripts/snapshot_outputs.py compare OLD NEW                       # exit 1 on any difference

compare prints how many runs and files were compared and every difference.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = ["examples", "bench/kernels", "tests/e2e", "tests/lit", "tests/malformed"]
# The default pipeline, -O0, nvc's previous 32-bit integers, and the LLVM backend.
FLAG_SETS = {
    "default": [],
    "O0": ["-O0"],
    "ib32": ["--index-bits", "32"],
    "llvm": ["--backend", "llvm"],
}


def kernel_files():
    files = []
    for top in SOURCES:
        for d, _, names in os.walk(os.path.join(ROOT, top)):
            if "__pycache__" in d:
                continue
            files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names if n.endswith(".py")]
    # The test drivers themselves are not kernels.
    return sorted(f for f in files if not os.path.basename(f).startswith(("test_", "check_")))


def run_one(nvc, rel, flag_name):
    src = os.path.join(ROOT, rel)
    includes = ["-I", os.path.join(ROOT, "tests/lit/Inputs"), "-I", os.path.dirname(src)]
    flags = FLAG_SETS[flag_name]
    record = {}
    with tempfile.TemporaryDirectory() as out:
        for mode, extra in (("module", ["-o", os.path.join(out, "k.spv")]),
                            ("mlir", ["--emit=mlir", "-o", os.path.join(out, "k.mlir")])):
            p = subprocess.run([nvc, src, *includes, *flags, *extra], capture_output=True,
                               timeout=120)
            text = (p.stdout + b"\n--stderr--\n" + p.stderr).decode("utf-8", "replace")
            text = text.replace(out, "$OUT").replace(ROOT, "$SRC")
            files = {}
            for name in sorted(os.listdir(out)):
                with open(os.path.join(out, name), "rb") as f:
                    data = f.read()
                files[name] = data.replace(out.encode(), b"$OUT").replace(ROOT.encode(), b"$SRC")
                os.remove(os.path.join(out, name))
            record[mode] = {"rc": p.returncode, "diagnostics": text, "files": files}
    return rel, flag_name, record


def take(args):
    if os.path.exists(args.dir):
        shutil.rmtree(args.dir)
    os.makedirs(args.dir)
    jobs = [(f, k) for f in kernel_files() for k in FLAG_SETS]
    index = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for rel, flag_name, record in pool.map(lambda j: run_one(args.nvc, *j), jobs):
            key = f"{rel}@{flag_name}"
            entry = {}
            for mode, r in record.items():
                files = {}
                for name, data in r["files"].items():
                    digest = hashlib.sha256(data).hexdigest()
                    path = os.path.join(args.dir, "blobs", digest)
                    if not os.path.exists(path):
                        os.makedirs(os.path.dirname(path), exist_ok=True)
                        with open(path, "wb") as f:
                            f.write(data)
                    files[name] = digest
                entry[mode] = {"rc": r["rc"], "diagnostics": r["diagnostics"], "files": files}
            index[key] = entry
    with open(os.path.join(args.dir, "index.json"), "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
    print(f"{len(jobs)} kernel files x flag sets, {len(index)} entries written to {args.dir}")


def compare(args):
    with open(os.path.join(args.old, "index.json")) as f:
        old = json.load(f)
    with open(os.path.join(args.new, "index.json")) as f:
        new = json.load(f)
    differences = []
    runs = files = 0
    for key in sorted(set(old) | set(new)):
        if key not in old or key not in new:
            differences.append(f"{key}: only in {'new' if key in new else 'old'}")
            continue
        for mode in ("module", "mlir"):
            a, b = old[key][mode], new[key][mode]
            runs += 1
            if a["rc"] != b["rc"]:
                differences.append(f"{key} [{mode}]: exit status {a['rc']} -> {b['rc']}")
            if a["diagnostics"] != b["diagnostics"]:
                differences.append(f"{key} [{mode}]: diagnostics differ:\n--- old\n"
                                   f"{a['diagnostics']}\n+++ new\n{b['diagnostics']}")
            for name in sorted(set(a["files"]) | set(b["files"])):
                files += 1
                if a["files"].get(name) != b["files"].get(name):
                    differences.append(f"{key} [{mode}]: {name} differs")
    for d in differences:
        print(d)
    print(f"compared {runs} runs ({len(old)} kernel files x flag sets, module and --emit=mlir) "
          f"and {files} output files: {len(differences)} differences")
    return 1 if differences else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("take")
    t.add_argument("--nvc", default=os.path.join(ROOT, "build/compiler/nvc"))
    t.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    t.add_argument("dir")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    args = parser.parse_args()
    if args.command == "take":
        take(args)
        return 0
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
