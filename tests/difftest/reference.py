"""The reference: an interpreter of generated programs with Numba's
semantics (semantics.py, functions.py), independent of nvc.

Each node is compiled once into a Python closure over an environment dict
(name -> value); each invocation i of a kernel runs the body with `i`, the
scalar arguments and its locals. Every node knows its Numba type (the
generator put it there), so the interpreter never infers types.

run_kernel returns the output arrays as the kernel would leave them
(starting from the same poisoned arrays) and the set of invocations whose
behaviour is undefined (semantics.Undefined was raised): their rows are
not compared.
"""
import numpy as np

from programs import is_int, is_float, is_complex
from semantics import Undefined, binop, compare, unop, cast, re_im, make_complex, NPT, wrap
from functions import FUNCS

BREAK, CONTINUE = 1, 2


class Program:
    """One kernel and the device functions of its module, compiled to closures."""

    def __init__(self, kernel, devfuncs, sg_size=32):
        self.k = kernel
        self.iw = kernel['iw']
        self.sg_size = sg_size     # the device's subgroup size (runner.subgroup_size)
        self.devfuncs = {d['name']: d for d in devfuncs}
        self.compiled_dev = {}
        self.body = self.block(kernel['body'])

    # ----------------------------------------------------------- expressions

    def expr(self, e):
        k = e['k']
        iw = self.iw
        t = e['t']
        if k == 'var':
            n = e['n']
            return lambda env: env[n]
        if k == 'const':
            v = e['v']
            if t == 'b':
                c = bool(v)
            elif is_int(t):
                c = wrap(int(v), t, iw)
            elif is_float(t):
                c = NPT[t](v)
            else:
                c = make_complex(NPT['f64'](v[0]), NPT['f64'](v[1]), 'c128')
                c = cast(c, 'c128', t, iw) if t != 'c128' else c
            return lambda env: c
        if k == 'shape':
            a = e['a']
            return lambda env: env['@len'][a]
        if k == 'load':
            a = e['a']
            idx = self.expr(e['idx'])
            it = e['idx']['t']

            def load(env):
                arr = env['@arrays'][a]
                j = idx(env)
                if not -len(arr) <= j < len(arr):
                    raise IndexError('generated index out of range: %s[%d]' % (a, j))
                if isinstance(arr, list):   # private array
                    v = arr[j]
                    if v is None:
                        raise AssertionError('read of an uninitialised private element')
                    return v
                return arr[j]
            return load
        if k == 'sg':
            return self.subgroup(e)
        if k == 'item':
            a = self.expr(e['a'])
            j = e['i']
            return lambda env: a(env)[j]
        if k == 'tuple':
            items = [self.expr(x) for x in e['items']]
            return lambda env: tuple(f(env) for f in items)
        if k == 'attr':
            a = self.expr(e['a'])
            at = e['a']['t']
            attr = e['attr']
            if attr == 'real':
                return lambda env: re_im(a(env), at)[0]
            if attr == 'imag':
                return lambda env: re_im(a(env), at)[1]
            if attr == 'conjugate':
                def conj(env):
                    r, i = re_im(a(env), at)
                    return make_complex(r, -i, at)
                return conj
            raise ValueError(attr)
        if k == 'bin':
            a, b = self.expr(e['a']), self.expr(e['b'])
            op, ta, tb = e['op'], e['a']['t'], e['b']['t']
            return lambda env: binop(op, a(env), b(env), ta, tb, t, iw)
        if k == 'un':
            a = self.expr(e['a'])
            op, ta = e['op'], e['a']['t']
            return lambda env: unop(op, a(env), ta, t, iw)
        if k == 'cmp':
            args = [self.expr(x) for x in e['args']]
            ts = [x['t'] for x in e['args']]
            ops = e['ops']

            def cmp(env):
                left = args[0](env)
                for j, op in enumerate(ops):
                    right = args[j + 1](env)     # evaluated only while the chain holds
                    if not compare(op, left, right, ts[j], ts[j + 1], iw):
                        return False
                    left = right
                return True
            return cmp
        if k == 'boolop':
            a, b = self.expr(e['a']), self.expr(e['b'])
            if e['op'] == 'and':
                return lambda env: a(env) and b(env)
            return lambda env: a(env) or b(env)
        if k == 'ifexp':
            c, a, b = self.expr(e['c']), self.expr(e['a']), self.expr(e['b'])
            return lambda env: a(env) if c(env) else b(env)
        if k == 'call':
            fn = FUNCS[e['f']]
            args = [self.expr(x) for x in e['args']]
            ts = [x['t'] for x in e['args']]
            if e['f'] == 'np.where':   # evaluates all three (a function call), selects one
                return lambda env: fn.ev([f(env) for f in args], ts, t, iw)
            return lambda env: fn.ev([f(env) for f in args], ts, t, iw)
        if k == 'dcall':
            name = e['f']
            args = [self.expr(x) for x in e['args']]

            def dcall(env):
                body, ret, params = self.devfunc(name)
                denv = {'@arrays': env['@arrays'], '@len': env['@len']}
                for (pn, _), f in zip(params, args):
                    denv[pn] = f(env)
                body(denv)
                return ret(denv)
            return dcall
        raise ValueError(k)

    def subgroup(self, e):
        """A subgroup operation of invocation i: subgroups are the runs of
        sg_size consecutive invocations (1-D workgroups of a multiple of the
        subgroup size), those below n active. The operand is a function of
        the invocation alone (the generator draws it from i, the inputs, the
        scalars and constants), so it is evaluated for each lane it reads.
        Shuffles follow docs/language.md: a source lane past the subgroup
        gives the invocation's own value, shfl reads lane d modulo the
        subgroup size; reading an inactive lane is undefined. ballot_sync is
        the first ballot word."""
        op, d, t = e['op'], e.get('d', 0), e['t']
        v = self.expr(e['v'])
        vt = e['v']['t']
        S, iw = self.sg_size, self.iw

        def lane_value(env, j):
            if j >= env['@n']:
                raise Undefined('a subgroup operation reads inactive lane %d' % j)
            return v(dict(env['@scalars'], i=j, **{'@arrays': env['@inputs'], '@len': env['@len']}))

        def run(env):
            i = env['i']
            lane = i % S
            base = i - lane
            if op == 'shfl_down':
                return lane_value(env, base + lane + d if lane + d < S else i)
            if op == 'shfl_up':
                return lane_value(env, base + lane - d if lane >= d else i)
            if op == 'shfl_xor':
                return lane_value(env, base + (lane ^ d) if (lane ^ d) < S else i)
            if op == 'shfl':
                return lane_value(env, base + d % S)
            lanes = range(base, min(base + S, env['@n']))
            vals = [lane_value(env, j) for j in lanes]
            if op == 'all':
                return all(vals)
            if op == 'any':
                return any(vals)
            if op == 'ballot':
                return sum(1 << (j - base) for j, p in zip(lanes, vals) if p and j - base < 32)
            if op == 'sum':
                return wrap(sum(int(x) for x in vals), t, iw)
            if op == 'min':
                return cast(min(vals), vt, t, iw)
            if op == 'max':
                return cast(max(vals), vt, t, iw)
            raise ValueError(op)
        return run

    def devfunc(self, name):
        if name not in self.compiled_dev:
            d = self.devfuncs[name]
            self.compiled_dev[name] = (self.block(d['body']), self.expr(d['ret']), d['params'])
        return self.compiled_dev[name]

    # ----------------------------------------------------------- statements

    def block(self, stmts):
        fs = [self.stmt(s) for s in stmts]

        def run(env):
            for f in fs:
                st = f(env)
                if st:
                    return st
            return 0
        return run

    def stmt(self, s):
        kind = s['s']
        iw = self.iw
        if kind == 'assign':
            n, e = s['n'], self.expr(s['e'])

            def assign(env):
                env[n] = e(env)
            return assign
        if kind == 'assign2':
            ns, es = s['ns'], [self.expr(x) for x in s['es']]

            def assign2(env):
                vals = [f(env) for f in es]
                for n, v in zip(ns, vals):
                    env[n] = v
            return assign2
        if kind == 'aug':
            n, op, e = s['n'], s['op'], self.expr(s['e'])
            et = s['e']['t']
            t = s['t']

            def aug(env):
                env[n] = binop(op, env[n], e(env), t, et, t, iw)
            return aug
        if kind == 'store':
            a, col, e = s['a'], s['col'], self.expr(s['e'])
            t = s['e']['t']

            def store(env):
                v = e(env)
                env['@out'][a][env['i'], col] = v
            return store
        if kind == 'lstore':
            a, idx, e = s['a'], self.expr(s['idx']), self.expr(s['e'])

            def lstore(env):
                arr = env['@arrays'][a]
                j = idx(env)
                v = e(env)
                if not -len(arr) <= j < len(arr):
                    raise IndexError('generated private index out of range')
                arr[j] = v
            return lstore
        if kind == 'atomic':
            a, col, op, e = s['a'], s['col'], s['op'], self.expr(s['e'])
            t = s['e']['t']

            def atomic(env):
                v = e(env)
                acc = env['@acc'][a]
                acc[col] = atomic_update(op, acc[col], v, t, iw)
            return atomic
        if kind == 'if':
            c, body, orelse = self.expr(s['c']), self.block(s['body']), self.block(s['orelse'])
            return lambda env: body(env) if c(env) else orelse(env)
        if kind == 'for':
            v = s['v']
            start, stop, step = self.expr(s['start']), self.expr(s['stop']), self.expr(s['step'])
            body = self.block(s['body'])

            def loop(env):
                st = step(env)
                if st == 0:
                    raise AssertionError('generated range step 0')
                for j in range(start(env), stop(env), st):
                    env[v] = j
                    r = body(env)
                    if r == BREAK:
                        break
            return loop
        if kind == 'while':
            n, limit, c, body = s['n'], s['limit'], self.expr(s['c']), self.block(s['body'])

            def wloop(env):
                env[n] = 0
                while env[n] < limit and c(env):
                    env[n] = env[n] + 1
                    r = body(env)
                    if r == BREAK:
                        break
            return wloop
        if kind == 'break':
            return lambda env: BREAK
        if kind == 'continue':
            return lambda env: CONTINUE
        raise ValueError(kind)

    # ----------------------------------------------------------- running

    def run(self, inputs, scalars, outputs, accums=None):
        """Runs every invocation; `outputs` (dict name -> poisoned array) is
        updated in place. Returns the set of invocations with undefined
        behaviour."""
        k = self.k
        n = k['n']
        undefined = {}
        arrays = dict(inputs)
        lens = {name: len(a) for name, a in inputs.items()}
        pyinputs = {name: [_scalar(v, t) for v in inputs[name]] for name, t in k['inputs']}
        for i in range(n):
            env = dict(scalars)
            env['i'] = i
            env['@scalars'], env['@inputs'], env['@n'] = scalars, pyinputs, n
            arrs = dict(pyinputs)
            for name, t, size in k.get('larrays', []):
                arrs[name] = [None] * size
            env['@arrays'] = arrs
            env['@len'] = lens
            env['@out'] = outputs
            env['@acc'] = accums if accums is not None else {}
            try:
                self.body(env)
            except Undefined as u:
                undefined[i] = str(u)
        return undefined


def atomic_update(op, old, v, t, iw):
    """The new value of an atomic update (docs/language.md, "Atomics");
    float max/min as numba-cuda's: the value replaces the element only when
    it compares larger/smaller, so a NaN element stays and a NaN value
    changes nothing."""
    if is_float(t):
        old = NPT[t](old)
        takes = old < v if op == 'max' else old > v
        return NPT[t](v) if takes else old
    old = wrap(int(old), t, iw)
    if op == 'add':
        return wrap(old + v, t, iw)
    if op == 'sub':
        return wrap(old - v, t, iw)
    if op == 'and_':
        return wrap(old & v, t, iw)
    if op == 'or_':
        return wrap(old | v, t, iw)
    if op == 'xor':
        return wrap(old ^ v, t, iw)
    if op == 'max':
        return max(old, v)
    if op == 'min':
        return min(old, v)
    raise ValueError(op)


def _scalar(v, t):
    """An input element as the interpreter's value of type t."""
    if t == 'b':
        return bool(v)
    if is_int(t):
        return int(v)
    return NPT[t](v)
