#!/usr/bin/python3
"""nvc's differential tester: generates random well-typed kernels, runs them
with nvc + nvc-run on the Vulkan device and compares with the reference
interpreter (reference.py). See docs/robustness.md, "Differential testing".

Usage:
  difftest.py --nvc PATH --nvc-run PATH [--seed S] [--programs N | --minutes M]
              [--exclude-known] [--exclude BUG ...] [--reduce] [--work DIR]
              [--found DIR]
  difftest.py --nvc PATH --nvc-run PATH --regressions DIR   (re-run kept reproducers)

Each batch of --per-module kernels is one module, compiled with one integer
width (32 bits with --index-bits 32; 64 bits at @cuda.jit's default or with
--index-bits 64) and one optimisation level (-O0 to
-O3, half of -O2/-O3 with --coarsen=2..4) drawn from the seed; some kernels
are launched on a 2-D grid. Exit status 1 if any program failed (crash,
invalid SPIR-V, launch failure, mismatch, or a kernel nvc refused: the
generator must only write what nvc supports).
"""
import argparse
import glob
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from generator import Generator, GenOptions, KNOWN_BUGS, DRIVER_LIMITATIONS  # noqa: E402
from runner import Tools, Case, run_module  # noqa: E402
from programs import module_source  # noqa: E402

OPT_LEVELS = ['-O0', '-O1', '-O2', '-O3']


def make_cases(rng, count, iw, exclude, start):
    g = Generator(rng, GenOptions(iw=iw, exclude=exclude))
    cases = []
    for j in range(count):
        k, devfuncs = g.kernel('k%d' % (start + j))
        inputs = {name: g.input_array(t, k['n']) for name, t in k['inputs']}
        scalars = [g.scalar_value(t) for _, t in k['scalars']]
        cases.append(Case(k, devfuncs, inputs, scalars))
    return cases


def flags_for(rng, iw, opt):
    """nvc's flags for a module: 64-bit programs run at @cuda.jit's default
    (exact 64-bit integers, 32-bit extents) or with --index-bits 64 (64-bit
    extents too); 32-bit ones with --index-bits 32 (runner.width_flags).
    Half the modules at -O2/-O3 force thread coarsening (--coarsen=C): the
    cost model rarely picks these kernels, and every one that can be
    coarsened then is (along x, or along y for those launched in 2-D)."""
    flags = [opt] + (rng.choice([[], ['--index-bits', '64']]) if iw == 64 else ['--index-bits', '32'])
    if opt in ('-O2', '-O3') and rng.random() < 0.5:
        flags.append('--coarsen=%d' % rng.choice([2, 3, 4]))
    return flags


def allowed(ulps):
    """' (N ulp allowed)' for a tolerance of runner.within_ulps, or ''."""
    if ulps is None:
        return ''
    if isinstance(ulps, tuple):
        return ' (%d ulp allowed, of at least %g)' % ulps
    return ' (%d ulp allowed)' % ulps


def describe(case, kind, detail, flags):
    lines = ['%s [%s] %s' % (case.kernel['name'], ' '.join(flags), kind)]
    if kind == 'mismatch':
        for name, row, col, got, want, ulps in detail[:5]:
            lines.append('  %s[%d, %d]: nvc %r, reference %r%s' % (name, row, col, got, want,
                                                                 allowed(ulps)))
        if len(detail) > 5:
            lines.append('  ... %d mismatching elements' % len(detail))
    elif kind != 'pass':
        lines.append('  ' + str(detail).strip().replace('\n', '\n  '))
    return '\n'.join(lines)


def save_failure(found_dir, case, kind, detail, flags, reduced=None):
    os.makedirs(found_dir, exist_ok=True)
    c = reduced or case
    base = os.path.join(found_dir, '%s_%s' % (kind, c.kernel['name']))
    n = 0
    while os.path.exists(base + ('_%d' % n if n else '') + '.json'):
        n += 1
    base += ('_%d' % n if n else '')
    with open(base + '.json', 'w') as f:
        f.write(json.dumps({'flags': flags, 'kind': kind, 'case': json.loads(c.to_json())}))
    with open(base + '.py', 'w') as f:
        f.write(module_source([c.kernel], c.devfuncs))
    with open(base + '.txt', 'w') as f:
        f.write(describe(c, kind, detail, flags) + '\n')
    return base


def _run_module_job(job):
    tools, cases, flags, tag = job
    return run_module(tools, cases, flags, tag)


def run_batch(args, tools, seed, nprog, log, pool=None):
    """Generates `nprog` programs from `seed` (modules of --per-module
    kernels, each with its integer width and -O level), runs them (in
    `pool` when given) and handles the failures."""
    rng = random.Random(seed)
    exclude = set(args.exclude or [])
    if args.exclude_known:
        exclude |= set(KNOWN_BUGS) | set(DRIVER_LIMITATIONS)
    stats = {'programs': 0, 'pass': 0, 'failures': []}
    jobs = []
    start = 0
    while start < nprog:
        m = min(args.per_module, nprog - start)
        iw = rng.choice([32, 64])
        opt = rng.choice(OPT_LEVELS)
        flags = flags_for(rng, iw, opt)
        cases = make_cases(rng, m, iw, exclude, start)
        jobs.append((tools, cases, flags, 's%d_m%d' % (seed, start)))
        start += m
    outcomes = pool.map(_run_module_job, jobs) if pool else map(_run_module_job, jobs)
    for job, results in zip(jobs, outcomes):
        flags = job[2]
        for case, kind, detail in results:
            stats['programs'] += 1
            if kind == 'pass':
                stats['pass'] += 1
                continue
            msg = describe(case, kind, detail, flags)
            log(msg)
            reduced = None
            if args.reduce and kind in ('mismatch', 'crash', 'invalid', 'run', 'refused'):
                from reduce import reduce_case
                reduced = reduce_case(tools, case, flags, kind, log)
                if reduced is not None:
                    log('reduced:\n' + module_source([reduced.kernel], reduced.devfuncs))
            if args.found:
                log('saved ' + save_failure(args.found, case, kind, detail, flags, reduced))
            stats['failures'].append((seed, case.kernel['name'], kind))
    return stats


def show_case(path, tools, log):
    """Prints a kept case's kernel and, for each mismatching row, the
    row's input elements (to read a reproducer)."""
    with open(path) as f:
        d = json.load(f)
    case = Case.from_json(json.dumps(d['case']))
    log(module_source([case.kernel], case.devfuncs))
    log('scalars: %r' % list(zip([n for n, _ in case.kernel['scalars']], case.scalars)))
    for c, kind, detail in run_module(tools, [case], d['flags'], 'show'):
        log(describe(c, kind, detail, d['flags']))
        if kind == 'mismatch':
            for name, row, col, got, want, ulps in detail[:5]:
                log('  row %d inputs: %s' % (row, ', '.join('%s=%r' % (n, a[row]) for n, a in case.inputs.items())))


def run_regressions(args, tools, log):
    """Re-runs every kept reproducer: each must now pass."""
    failed = 0
    files = sorted(glob.glob(os.path.join(args.regressions, '*.json')))
    for path in files:
        with open(path) as f:
            d = json.load(f)
        case = Case.from_json(json.dumps(d['case']))
        results = run_module(tools, [case], d['flags'], 'reg_' + os.path.splitext(os.path.basename(path))[0])
        for c, kind, detail in results:
            if kind != 'pass':
                failed += 1
                log('%s: %s' % (path, describe(c, kind, detail, d['flags'])))
    log('regressions: %d of %d pass' % (len(files) - failed, len(files)))
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--nvc', required=True)
    ap.add_argument('--nvc-run', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--programs', type=int, default=0, help='number of programs (default 200 unless --minutes)')
    ap.add_argument('--minutes', type=float, default=0, help='keep generating batches for this long')
    ap.add_argument('--per-module', type=int, default=8, help='kernels per compiled module')
    ap.add_argument('--exclude-known', action='store_true', help='skip the families of KNOWN_BUGS and DRIVER_LIMITATIONS')
    ap.add_argument('--exclude', nargs='*', help='bug keys or family names to skip')
    ap.add_argument('--reduce', action='store_true', help='reduce each failure to a small reproducer')
    ap.add_argument('--found', help='directory for failing (and reduced) programs')
    ap.add_argument('--regressions', help='re-run the reproducers in this directory')
    ap.add_argument('--reduce-file', nargs='*', help='reduce kept cases (.json) into --found')
    ap.add_argument('--show', help='print a kept case (.json) with its mismatches and inputs')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1, help='modules run in parallel')
    ap.add_argument('--work', default='/tmp/nvc-difftest')
    args = ap.parse_args()
    tools = Tools(args.nvc, args.nvc_run, args.work)
    tools.subgroup_size()   # measured once, before the worker processes copy `tools`
    t0 = time.time()
    c0 = os.times()

    def log(msg):
        print(msg, flush=True)

    failed = 0
    if args.show:
        show_case(args.show, tools, log)
        return
    if args.reduce_file:
        from reduce import reduce_case
        for path in args.reduce_file:
            with open(path) as f:
                d = json.load(f)
            case = Case.from_json(json.dumps(d['case']))
            reduced = reduce_case(tools, case, d['flags'], d['kind'], log)
            if reduced is not None:
                res = run_module(tools, [reduced], d['flags'], 'redfile')
                log('saved ' + save_failure(args.found or os.path.dirname(path), reduced, res[0][1], res[0][2],
                                            d['flags']))
        return
    if args.regressions:
        failed += run_regressions(args, tools, log)
        if not args.programs and not args.minutes:
            sys.exit(1 if failed else 0)
    total = {'programs': 0, 'pass': 0, 'failures': []}
    seed = args.seed
    import multiprocessing
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    while True:
        n = args.programs or (200 if not args.minutes else 40)
        st = run_batch(args, tools, seed, n, log, pool)
        for key in ('programs', 'pass'):
            total[key] += st[key]
        total['failures'] += st['failures']
        seed += 1
        if not args.minutes or time.time() - t0 > args.minutes * 60:
            break
    if pool:
        pool.close()
        pool.join()
    c1 = os.times()
    cpu = (c1.user - c0.user) + (c1.system - c0.system) + (c1.children_user - c0.children_user) + \
        (c1.children_system - c0.children_system)
    log('difftest: %d programs, %d passed, %d failed; seeds %d..%d; %.0f s wall, %.0f s CPU' % (
        total['programs'], total['pass'], len(total['failures']), args.seed, seed - 1, time.time() - t0, cpu))
    failed += len(total['failures'])
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
