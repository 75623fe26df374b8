#!/usr/bin/python3
"""Conformance with numba-cuda: runs every kernel ported from numba-cuda's
test suite (tests/conformance/kernels, cases) through nvc and nvc-run and
compares with numba-cuda's answer (docs/conformance.md).

Usage:
  run.py --nvc PATH --nvc-run PATH [--work DIR] [--seed N] [-j N] [-k SUBSTRING]
  run.py --compile-only --nvc PATH --work DIR     (modules, inputs and references
                                                   for another machine)
  run.py --precompiled --nvc-run PATH --work DIR  (runs what --compile-only left
                                                   in DIR: the suite on a GPU machine)
  run.py --markdown ...                           (the category table as Markdown)
  run.py --progress ...                           (each case on stderr as it finishes)

Prints one line per case (PASS, FAIL, XFAIL, XPASS) and the category table;
exits 1 on any FAIL or XPASS (an expected failure that passes: remove its
row from expected_failures.py).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import sys
import traceback

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conformance as cf  # noqa: E402
from expected_failures import EXPECTED_FAILURES, applies, is_later  # noqa: E402


def prepare(module, case, case_id, args_seed):
    """Draws the inputs and computes the reference (in this thread: the
    simulator is not thread-safe). Returns (args, want) or raises."""
    args = cf.draw_args(case, case_id, args_seed)
    want = cf.reference(module, case, args)
    return args, want


def args_digest(args):
    """A hash of the arguments' bytes and types (the inputs are drawn again
    from the case's seed on the other machine; this checks they match)."""
    h = hashlib.sha256()
    for a in args:
        a = np.asarray(a)
        h.update(f"{a.dtype.str}{a.shape}".encode())
        if a.dtype.names is not None:
            # Records: their fields' bytes (padding holds whatever memory held).
            for name in a.dtype.names:
                h.update(np.ascontiguousarray(a[name]).tobytes())
        else:
            h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()


def save_case(work, module, case, args, want):
    """The reference of a compiled case and its inputs' digest, for
    --precompiled (the inputs themselves are drawn again there)."""
    stem = os.path.join(work, f"{module}__{case.case_name()}")
    np.savez_compressed(stem + ".case.npz", digest=np.array(args_digest(args)),
                        **{f"want{i}": np.asarray(w) for i, w in want.items()})


def load_saved(work, module, case, case_id, seed):
    stem = os.path.join(work, f"{module}__{case.case_name()}")
    data = np.load(stem + ".case.npz")
    args = cf.draw_args(case, case_id, seed)
    if args_digest(args) != str(data["digest"]):
        raise cf.CaseFailure("reference", "the inputs drawn here differ from those the "
                             "reference was computed for (another NumPy?)")
    # Argument indices, and "result"/"result1"... of ufunc calls (Case.call).
    want = {(int(k[4:]) if k[4:].isdigit() else k[4:]): data[k]
            for k in data.files if k.startswith("want")}
    return args, want


def execute(opts, module, case, args, want):
    """Compiles (unless precompiled), runs and compares one case; returns
    None on success or the CaseFailure."""
    try:
        if opts.precompiled:
            spv = cf.module_path(opts.work, module, case)
            status = opts.compile_status.get(f"{module}/{case.case_name()}")
            if status:
                raise cf.CaseFailure(status["stage"], status["message"])
            if case.rejects is not None:
                return None  # checked where it was compiled (no failure recorded)
        else:
            spv = cf.compile_case(opts.nvc, opts.work, module, case)
        if opts.compile_only or case.rejects is not None:
            return None
        got = cf.run_case(opts.nvc_run, spv, opts.work, module, case, args)
        cf.compare(case, got, want)
        return None
    except cf.CaseFailure as e:
        return e


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nvc")
    ap.add_argument("--nvc-run")
    ap.add_argument("--work", default="/tmp/nvc-conformance")
    ap.add_argument("--seed", type=int, default=0, help="input seed (default 0: the suite's)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-k", "--filter", default="", help="only cases whose id contains this")
    ap.add_argument("--every", type=int, default=1,
                    help="only every N-th case (the sanitized build's shorter run)")
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("--precompiled", action="store_true")
    ap.add_argument("--markdown", action="store_true", help="print the category table as Markdown")
    ap.add_argument("--progress", action="store_true",
                    help="print each case to stderr as it finishes (the outcomes come at the "
                         "end: a run cut short by a time limit still shows how far it got)")
    opts = ap.parse_args()
    if not opts.precompiled and not opts.nvc:
        ap.error("--nvc is needed (or --precompiled)")
    if not opts.compile_only and not opts.nvc_run:
        ap.error("--nvc-run is needed (or --compile-only)")
    os.makedirs(opts.work, exist_ok=True)
    status_path = os.path.join(opts.work, "compile-status.json")
    opts.compile_status = {}
    if opts.precompiled:
        with open(status_path) as f:
            opts.compile_status = json.load(f)

    cases = cf.load_cases()
    ids = set()
    for module, module_cases in cases.items():
        for case in module_cases:
            case_id = f"{module}/{case.case_name()}"
            if case_id in ids:
                sys.exit(f"duplicate case id {case_id}")
            if case.category not in cf.CATEGORIES:
                sys.exit(f"{case_id}: unknown category '{case.category}'")
            ids.add(case_id)
    stale = sorted(set(EXPECTED_FAILURES) - ids)
    if stale:
        sys.exit("expected_failures.py names cases that do not exist: " + ", ".join(stale))

    results = {}  # case_id -> (case, CaseFailure or None)
    futures = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        for module, module_cases in cases.items():
            for case in module_cases:
                case_id = f"{module}/{case.case_name()}"
                if opts.filter not in case_id:
                    continue
                ordinal = getattr(opts, "_ordinal", 0)
                opts._ordinal = ordinal + 1
                if ordinal % opts.every:
                    continue
                if opts.precompiled and case_id in opts.compile_status:
                    status = opts.compile_status[case_id]   # failed where it was compiled
                    results[case_id] = (case, cf.CaseFailure(status["stage"], status["message"]))
                    continue
                try:
                    if opts.precompiled:
                        args, want = load_saved(opts.work, module, case, case_id, opts.seed)
                    else:
                        args, want = prepare(module, case, case_id, opts.seed)
                except Exception as e:  # a broken case or simulator failure
                    tb = traceback.format_exception_only(type(e), e)[-1].strip()
                    results[case_id] = (case, cf.CaseFailure("reference", tb))
                    continue
                futures[pool.submit(execute, opts, module, case, args, want)] = (
                    case_id, case, module, args, want)
        for done, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            case_id, case, module, args, want = futures[fut]
            results[case_id] = (case, fut.result())
            if opts.progress:
                status = "ok" if results[case_id][1] is None else "error"
                print(f"[{done}/{len(futures)}] {case_id}: {status}", file=sys.stderr, flush=True)
            # Only what compiled travels to the other machine.
            if opts.compile_only and results[case_id][1] is None:
                save_case(opts.work, module, case, args, want)

    if opts.compile_only:
        status = {cid: {"stage": e.stage, "message": e.message}
                  for cid, (case, e) in results.items() if e is not None}
        with open(status_path, "w") as f:
            json.dump(status, f, indent=1, sort_keys=True)
        print(f"compiled {len(results) - len(status)} of {len(results)} cases into {opts.work}")
        return 0

    # Outcomes and the category table. A device-specific expected failure
    # (lavapipe's 8-lane subgroups) applies only on that device.
    device = default_device(opts.nvc_run)
    table = {c: {"cases": 0, "pass": 0, "later": 0, "xfail": 0, "fail": 0} for c in cf.CATEGORIES}
    failed = 0
    for case_id in sorted(results):
        case, error = results[case_id]
        reason = EXPECTED_FAILURES.get(case_id)
        if reason is not None and not applies(reason, device):
            reason = None
        row = table[case.category]
        row["cases"] += 1
        if error is None and reason is None:
            outcome = "PASS"
            row["pass"] += 1
        elif error is None:
            outcome = "XPASS"
            failed += 1
            row["fail"] += 1
        elif reason is not None:
            outcome = "XFAIL"
            row["later" if is_later(reason) else "xfail"] += 1
        else:
            outcome = "FAIL"
            failed += 1
            row["fail"] += 1
        line = f"{outcome:5} {case_id}"
        if outcome == "XFAIL":
            line += f"  ({reason}; {error})"
        elif outcome == "FAIL":
            line += f"  {error}"
        elif outcome == "XPASS":
            line += f"  (expected to fail: {reason})"
        if not opts.markdown:
            print(line)
    if not opts.markdown:
        print(f"\ndevice: {device.strip()}")
    print_table(table, opts.markdown)
    return 1 if failed else 0


def default_device(nvc_run):
    """The name of nvc-run's default Vulkan device."""
    import subprocess
    p = subprocess.run([nvc_run, "--list-devices"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    return next((l for l in p.stdout.splitlines() if "[default]" in l), p.stdout)


def print_table(table, markdown):
    total = {k: sum(r[k] for r in table.values()) for k in ("cases", "pass", "later", "xfail", "fail")}
    rows = [(c, r) for c, r in table.items() if r["cases"]] + [("all", total)]
    head = ["category", "cases", "pass", "later issues", "expected failures", "fail"]
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print()
        print(f"{head[0]:<18}{head[1]:>7}{head[2]:>7}{head[3]:>14}{head[4]:>19}{head[5]:>6}")
    for c, r in rows:
        cells = [c, r["cases"], r["pass"], r["later"], r["xfail"], r["fail"]]
        if markdown:
            print("| " + " | ".join(map(str, cells)) + " |")
        else:
            print(f"{cells[0]:<18}{cells[1]:>7}{cells[2]:>7}{cells[3]:>14}{cells[4]:>19}{cells[5]:>6}")
    applicable = total["cases"] - total["later"]
    rate = 100.0 * total["pass"] / total["cases"] if total["cases"] else 0.0
    rate_now = 100.0 * total["pass"] / applicable if applicable else 0.0
    print(f"\n{total['pass']} of {total['cases']} cases pass ({rate:.1f} %); without the "
          f"{total['later']} that need later issues' features, {total['pass']} of {applicable} "
          f"({rate_now:.1f} %)")


if __name__ == "__main__":
    sys.exit(main())
