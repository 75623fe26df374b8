#!/usr/bin/python3
"""Runs kept difftest cases on another Vulkan device (the H200) to tell nvc's
bugs from lavapipe's.

A mismatch on lavapipe is nvc's bug or the driver's; the same module run on a
different driver decides it (docs/robustness.md, "Triage"). nvc (its MLIR
shared libraries) cannot be carried to the GPU machine, so this works in two
steps around a run there:

  device_check.py prepare --nvc NVC --dir DIR CASE.json [CASE.json ...]
      compiles each case here with its recorded flags (found/*.json,
      regressions/*.json, a reducer's output) into DIR/<case>/, with its inputs
      and poisoned outputs as .npy files, and writes DIR/run.sh;
  (on the device)  bash DIR/run.sh NVC_RUN RESULTS
      launches every case with that nvc-run, writing RESULTS/<case>/<output>.npy
      (pack RESULTS into one archive to bring it back);
  device_check.py check --dir DIR --results RESULTS [--subgroup-size 32] [--show N]
      compares each case's results with the reference interpreter, as
      difftest.py does, and prints PASS or the mismatches.

The subgroup size is the device's (cuda.warpsize: 32 on NVIDIA), which the
reference needs for subgroup operations.
"""
import argparse
import json
import os
import shlex
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from runner import Tools, Case, compare_outputs, launch_args, module_source, scalar_literal, width_flags  # noqa: E402


def load_case(path):
    """(case name, Case, flags) of a kept case file."""
    with open(path) as f:
        d = json.load(f)
    c = d['case']
    case = Case.from_json(c if isinstance(c, str) else json.dumps(c))
    name = os.path.splitext(os.path.basename(path))[0]
    return name, case, width_flags(case.kernel['iw'], d['flags'])


def prepare(args):
    os.makedirs(args.dir, exist_ok=True)
    tools = Tools(args.nvc, 'unused', os.path.join(args.dir, '.work'))
    lines = ['#!/usr/bin/env bash',
             '# bash run.sh NVC_RUN RESULTS: written by device_check.py prepare',
             'set -u', 'here="$(cd "$(dirname "$0")" && pwd)"', 'run="$1"; res="$2"', 'status=0']
    meta = {}
    for path in args.cases:
        name, case, flags = load_case(path)
        d = os.path.join(args.dir, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, 'k.py'), 'w') as f:
            f.write(module_source([case.kernel], case.devfuncs))
        status, msg = tools.compile(os.path.join(d, 'k.py'), os.path.join(d, 'k.spv'), flags)
        if status != 'ok':
            print('%s: nvc: %s %s' % (name, status, msg.strip().splitlines()[-1] if msg.strip() else ''))
            continue
        outs, _, _ = case.reference()   # only the poisoned arrays to upload
        k = case.kernel
        cmd = ['"$run"', '"$here/%s/k.spv"' % name, '--entry', k['name']] + launch_args(k)
        for (arg, t), v in zip(k['scalars'], case.scalars):
            cmd.append(shlex.quote('%s=%s' % (arg, scalar_literal(v, t))))
        for arg, a in list(case.inputs.items()) + list(outs.items()):
            np.save(os.path.join(d, arg + '.npy'), a)
            cmd.append('%s=@"$here/%s/%s.npy"' % (arg, name, arg))
        for arg in outs:
            cmd += ['--out', '%s="$res/%s/%s.npy"' % (arg, name, arg)]
        lines += ['mkdir -p "$res/%s"' % name,
                  ' '.join(cmd) + ' >/dev/null || { echo "%s: nvc-run failed"; status=1; }' % name]
        meta[name] = os.path.abspath(path)
        print('%s: %s' % (name, ' '.join(flags)))
    lines.append('exit $status')
    with open(os.path.join(args.dir, 'run.sh'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    with open(os.path.join(args.dir, 'cases.json'), 'w') as f:
        json.dump(meta, f, indent=1)


def check(args):
    with open(os.path.join(args.dir, 'cases.json')) as f:
        meta = json.load(f)
    failed = 0
    for name, path in meta.items():
        _, case, flags = load_case(path)
        outs, want, undefined = case.reference(args.subgroup_size)
        try:
            got = {arg: np.load(os.path.join(args.results, name, arg + '.npy')) for arg in outs}
        except OSError as e:
            print('%s [%s]: no results (%s)' % (name, ' '.join(flags), e))
            failed += 1
            continue
        bad = compare_outputs(case.kernel, got, want, undefined)
        if not bad:
            print('%s [%s]: PASS' % (name, ' '.join(flags)))
            continue
        failed += 1
        print('%s [%s]: %d mismatching elements' % (name, ' '.join(flags), len(bad)))
        for arr, row, col, g, w, _ in bad[:args.show]:
            print('  %s[%d, %d]: device %r, reference %r' % (arr, row, col, g, w))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='step', required=True)
    p = sub.add_parser('prepare')
    p.add_argument('--nvc', required=True)
    p.add_argument('--dir', required=True)
    p.add_argument('cases', nargs='+')
    c = sub.add_parser('check')
    c.add_argument('--dir', required=True)
    c.add_argument('--results', required=True)
    c.add_argument('--subgroup-size', type=int, default=32)
    c.add_argument('--show', type=int, default=5, metavar='N',
                   help='mismatching elements printed per case (default 5)')
    args = ap.parse_args()
    if args.step == 'prepare':
        prepare(args)
        return 0
    return check(args)


if __name__ == '__main__':
    sys.exit(main())
