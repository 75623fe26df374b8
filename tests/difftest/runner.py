"""Compiles generated kernels with nvc, runs them with nvc-run on the Vulkan
device (lavapipe) and compares every output element with the reference
interpreter.

A failure is one of:
  'crash'     nvc exited with a status other than 0/1, or printed
              "internal compiler error" (a bug whatever the input),
  'refused'   nvc rejected a kernel with a clean error (the generator made
              something nvc does not support: the generator's bug, reported
              separately, never silently dropped),
  'invalid'   spirv-val rejected the module,
  'run'       nvc-run failed,
  'mismatch'  an output element differs from the reference: integers and
              exact float operations bit for bit (NaN equals NaN), the
              approximate math functions within their ulp bound.
"""
import json
import os
import re
import subprocess
import time

import numpy as np

from programs import module_source, launch_args, is_int, is_float, is_complex, NP_NAME
from reference import Program
from semantics import NPT


def np_dtype(t):
    return np.dtype(NP_NAME[t])


def poisoned(shape, t):
    a = np.empty(shape, dtype=np_dtype(t))
    if t == 'b':
        a[...] = True     # (the launcher moves bools as 0/1 bytes: no other byte survives)
    elif is_int(t):
        a[...] = 0x5A5A
    elif is_float(t):
        a[...] = np.nan
    else:
        a[...] = complex(np.nan, np.nan)
    return a


def ulp_distance(x, y, t):
    """Distance in ulps between two floats of type t (NaN: 0 if both NaN),
    on the integer line of ordered floats (so max and inf are 1 apart)."""
    x, y = NPT[t](x), NPT[t](y)
    if np.isnan(x) or np.isnan(y):
        return 0 if (np.isnan(x) and np.isnan(y)) else float('inf')
    it = np.int32 if t == 'f32' else np.int64

    def ordered(v):
        i = int(np.array([v]).view(it)[0])
        return i if i >= 0 else -(i & ((1 << (32 if t == 'f32' else 64) - 1) - 1))
    return abs(ordered(x) - ordered(y))


def same_float(x, y, t):
    x, y = NPT[t](x), NPT[t](y)
    if np.isnan(x) and np.isnan(y):
        return True
    return np.array([x]).tobytes() == np.array([y]).tobytes()


def within_ulps(x, y, t, tol):
    """x within `tol` of y: tol is a number of ulps, or (ulps, floor), the
    error then counting in ulps of max(|y|, floor) where y is smaller."""
    ulps, floor = tol if isinstance(tol, tuple) else (tol, 0.0)
    if ulp_distance(x, y, t) <= ulps:
        return True
    x, y = NPT[t](x), NPT[t](y)
    if not (floor and np.isfinite(x) and np.isfinite(y) and abs(y) < floor):
        return False
    return abs(float(x) - float(y)) <= ulps * float(np.spacing(NPT[t](floor)))


def column_tolerances(kernel):
    """{(output array, column): ulps or (ulps, floor)} for the approximate
    stores (within_ulps)."""
    tol = {}

    def walk(stmts):
        for s in stmts:
            if s['s'] == 'store' and 'ulps' in s:
                tol[(s['a'], s['col'])] = (s['ulps'], s['ulp_floor']) if 'ulp_floor' in s else s['ulps']
            for key in ('body', 'orelse'):
                if key in s:
                    walk(s[key])
    walk(kernel['body'])
    return tol


def compare_outputs(kernel, got, want, undefined):
    """List of mismatches (array, row, col, got, want, ulps allowed)."""
    tol = column_tolerances(kernel)
    bad = []
    for name, t, ncols in kernel['outputs']:
        g, w = got[name], want[name]
        for row in range(kernel['n']):
            if row in undefined:
                continue
            for col in range(ncols):
                a, b = g[row, col], w[row, col]
                ok = True
                if t == 'b':
                    ok = g.view(np.uint8)[row, col] == w.view(np.uint8)[row, col]
                elif is_int(t):
                    ok = int(a) == int(b)
                elif is_float(t):
                    u = tol.get((name, col))
                    ok = same_float(a, b, t) if u is None else within_ulps(a, b, t, u)
                else:
                    p = 'f32' if t == 'c64' else 'f64'
                    u = tol.get((name, col))
                    if u is None:
                        ok = same_float(a.real, b.real, p) and same_float(a.imag, b.imag, p)
                    else:
                        ok = within_ulps(a.real, b.real, p, u) and within_ulps(a.imag, b.imag, p, u)
                if not ok:
                    bad.append((name, row, col, a, b, tol.get((name, col))))
    if not undefined:
        # atomics: the final value of every accumulator (-0.0 == 0.0: max and
        # min of signed zeros depend on the order)
        for name, t, ncols in kernel.get('accums', []):
            for col in range(ncols):
                a, b = got[name][col], want[name][col]
                ok = (int(a) == int(b)) if is_int(t) else (same_float(a, b, t) or (a == 0 and b == 0))
                if not ok:
                    bad.append((name, -1, col, a, b, None))
    return bad


class Tools:
    def __init__(self, nvc, nvc_run, work, spirv_val='spirv-val'):
        self.nvc, self.nvc_run, self.work, self.spirv_val = nvc, nvc_run, work, spirv_val
        os.makedirs(work, exist_ok=True)
        self.cpu = 0.0     # CPU seconds of the child processes
        self._sg_size = None

    def subgroup_size(self):
        """The Vulkan device's subgroup size (cuda.warpsize), which the
        reference's subgroup operations need: measured once by a kernel."""
        if self._sg_size is None:
            src = os.path.join(self.work, 'warpsize.py')
            spv = os.path.join(self.work, 'warpsize.spv')
            out = os.path.join(self.work, 'warpsize_out.npy')
            with open(src, 'w') as f:
                f.write('from numba import cuda\n\n\n@cuda.jit("void(int32[::1])")\n'
                        'def warpsize(o):\n    o[0] = cuda.warpsize\n')
            status, msg = self.compile(src, spv, [])
            if status != 'ok':
                raise RuntimeError('cannot compile the subgroup-size probe: ' + msg)
            np.save(out, np.zeros(1, np.int32))
            rc, _, err = self._run([self.nvc_run, spv, '--grid', '1', 'o=@' + out, '--out', 'o=' + out])
            if rc != 0:
                raise RuntimeError('cannot run the subgroup-size probe: ' + err)
            self._sg_size = int(np.load(out)[0])
        return self._sg_size

    def _run(self, cmd, timeout=120):
        t0 = os.times()
        for attempt in range(60):
            try:
                p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)
                break
            except subprocess.TimeoutExpired:
                return 124, '', 'timeout after %ds' % timeout
            except (PermissionError, FileNotFoundError, OSError):
                # the binary is being rebuilt (a development build): wait for it
                if attempt == 59:
                    raise
                time.sleep(5)
        t1 = os.times()
        self.cpu += (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)
        return p.returncode, p.stdout, p.stderr

    def compile(self, src_path, spv_path, flags):
        """Returns (status, message): status 'ok', 'refused' (clean error),
        'crash' or 'invalid'."""
        rc, out, err = self._run([self.nvc, src_path, '-o', spv_path, '-Wno-float64-promotion'] + list(flags))
        text = out + err
        if 'internal compiler error' in text.lower() or rc not in (0, 1):
            return 'crash', 'exit %d\n%s' % (rc, text[-3000:])
        if rc == 1:
            return 'refused', text[-3000:]
        rc, out, err = self._run([self.spirv_val, '--target-env', 'vulkan1.1', spv_path])
        if rc != 0:
            return 'invalid', (out + err)[-3000:]
        return 'ok', ''

    def launch(self, spv, kernel, inputs, scalars, outputs, tag):
        d = self.work
        cmd = [self.nvc_run, spv, '--entry', kernel['name']] + launch_args(kernel)
        for (name, t), v in zip(kernel['scalars'], scalars):
            cmd.append('%s=%s' % (name, scalar_literal(v, t)))
        for name, a in inputs.items():
            p = os.path.join(d, '%s_%s_%s.npy' % (tag, kernel['name'], name))
            np.save(p, a)
            cmd.append('%s=@%s' % (name, p))
        res = {}
        for name, a in outputs.items():
            p = os.path.join(d, '%s_%s_%s.npy' % (tag, kernel['name'], name))
            np.save(p, a)
            cmd.append('%s=@%s' % (name, p))
            res[name] = os.path.join(d, '%s_%s_%s_out.npy' % (tag, kernel['name'], name))
            cmd += ['--out', '%s=%s' % (name, res[name])]
        rc, out, err = self._run(cmd)
        if rc != 0:
            return None, 'nvc-run exit %d: %s' % (rc, (out + err)[-2000:])
        return {n: np.load(p) for n, p in res.items()}, ''


def scalar_literal(v, t):
    if t == 'b':
        return 'true' if v else 'false'
    if is_int(t):
        return str(int(v))
    return repr(float(v))


def scalar_env_value(v, t, iw):
    from semantics import wrap
    if t == 'b':
        return bool(v)
    if is_int(t):
        return wrap(int(v), t, iw)
    return NPT[t](v)


class Case:
    """One kernel with its device functions, inputs and scalar arguments."""

    def __init__(self, kernel, devfuncs, inputs, scalars):
        self.kernel, self.devfuncs, self.inputs, self.scalars = kernel, devfuncs, inputs, scalars

    def to_json(self):
        return json.dumps({'kernel': self.kernel, 'devfuncs': self.devfuncs,
                           'inputs': {n: _array_json(a) for n, a in self.inputs.items()},
                           'scalars': self.scalars}, indent=None, default=_json_default)

    @staticmethod
    def from_json(text):
        d = json.loads(text)
        inputs = {n: _array_from_json(a) for n, a in d['inputs'].items()}
        return Case(d['kernel'], d['devfuncs'], inputs, d['scalars'])

    def reference(self, sg_size=32):
        """(arrays to upload for the outputs and accumulators, the
        reference's final arrays, the undefined invocations); `sg_size`, the
        device's subgroup size (Tools.subgroup_size)."""
        k = self.kernel
        outs = {name: poisoned((k['n'], ncols), t) for name, t, ncols in k['outputs']}
        # accumulators start from small values (the launcher refuses 64-bit
        # values beyond 32 bits with 32-bit integers)
        for name, t, ncols in k.get('accums', []):
            outs[name] = np.arange(3, 3 + ncols).astype(np_dtype(t))
        want = {n: a.copy() for n, a in outs.items()}
        accums = {name: want[name] for name, _, _ in k.get('accums', [])}
        prog = Program(k, self.devfuncs, sg_size)
        scal = {name: scalar_env_value(v, t, k['iw']) for (name, t), v in zip(k['scalars'], self.scalars)}
        undefined = prog.run(self.inputs, scal, {n: a for n, a in want.items() if n not in accums}, accums)
        return outs, want, undefined


def _json_default(o):
    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.floating,)):
        return float(o)
    if isinstance(o, np.bool_):
        return bool(o)
    raise TypeError(type(o))


def _array_json(a):
    if a.dtype == np.bool_:
        return {'dtype': 'bool', 'data': a.astype(int).tolist()}
    if np.issubdtype(a.dtype, np.complexfloating):
        return {'dtype': str(a.dtype), 'hex': a.view(np.float32 if a.dtype == np.complex64 else np.float64).tobytes().hex()}
    if np.issubdtype(a.dtype, np.floating):
        return {'dtype': str(a.dtype), 'hex': a.tobytes().hex()}
    return {'dtype': str(a.dtype), 'data': [int(x) for x in a]}


def _array_from_json(d):
    if 'hex' in d:
        return np.frombuffer(bytes.fromhex(d['hex']), dtype=np.dtype(d['dtype'])).copy()
    return np.array(d['data'], dtype=np.dtype(d['dtype']))


def kernel_of_error(src, message, kernels):
    """The kernel whose lines hold the first diagnostic's line."""
    m = re.search(r':(\d+):\d+: error', message)
    if not m:
        return None
    line = int(m.group(1))
    lines = src.splitlines()
    owner = None
    for no, text in enumerate(lines[:line], 1):
        mm = re.match(r'def (\w+)\(', text)
        if mm:
            owner = mm.group(1)
    for k in kernels:
        if k.kernel['name'] == owner or owner in k.kernel.get('devfuncs', []):
            return k
    return None


def width_flags(iw, flags):
    """`flags` with the integer width of programs of width `iw` made
    explicit: @cuda.jit kernels compute with exact 64-bit integers by
    default, so a 32-bit program (and a case recorded before that default,
    whose flags name no width) compiles with --index-bits 32."""
    if iw == 32 and '--index-bits' not in flags:
        return list(flags) + ['--index-bits', '32']
    return list(flags)


def run_module(tools, cases, flags, tag):
    """Compiles the cases as one module (dropping refused kernels and
    recompiling) and runs each; returns a list of (case, kind, detail)."""
    flags = width_flags(cases[0].kernel['iw'], flags)
    results = []
    live = list(cases)
    src_path = os.path.join(tools.work, tag + '.py')
    spv = os.path.join(tools.work, tag + '.spv')
    while live:
        devfuncs = [d for c in live for d in c.devfuncs]
        src = module_source([c.kernel for c in live], devfuncs)
        with open(src_path, 'w') as f:
            f.write(src)
        status, msg = tools.compile(src_path, spv, flags)
        if status == 'ok':
            break
        culprit = kernel_of_error(src, msg, live) if status == 'refused' else None
        if culprit is None and len(live) > 1 and status != 'refused':
            # a crash or invalid module: find the kernel alone
            for c in live:
                sub = run_module(tools, [c], flags, tag + '_' + c.kernel['name'])
                results += sub
            return results
        if culprit is None:
            culprit = live[0] if len(live) == 1 else None
        if culprit is None:
            results += [(c, status, msg) for c in live]
            return results
        results.append((culprit, status, msg))
        live.remove(culprit)
    for c in live:
        outs, want, undefined = c.reference(tools.subgroup_size())
        got, err = tools.launch(spv, c.kernel, c.inputs, c.scalars, outs, tag)
        if got is None:
            results.append((c, 'run', err))
            continue
        bad = compare_outputs(c.kernel, got, want, undefined)
        if bad:
            results.append((c, 'mismatch', bad))
        else:
            results.append((c, 'pass', len(undefined)))
    return results
