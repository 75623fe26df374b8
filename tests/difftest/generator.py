"""Random, well-typed kernels for the differential tester (in the spirit of
Csmith and YARPGen): every node is created with the type Numba gives it
(semantics.py, functions.py), so a program never needs unification, and
the forms that Numba leaves undefined are generated only behind guards
(float-to-int conversions of values tested to be in range, shift counts
masked to 0..31, loop trip counts bounded, integer exponents non-negative).

Each kernel reads input arrays of several dtypes at its invocation's index
(and at computed indices), scalar arguments, private arrays and its own
locals, runs random statements (if/elif/else, for over ranges with run-time
and negative steps, counted while loops, break, continue, tuple
assignments, augmented assignments, calls of generated device functions)
and stores values into 2-D output arrays `out[i, col]`.

Options (GenOptions): the integer width the program is written for (32:
literals must fit in int32, inputs in int32/uint32 ranges), and `exclude`:
families of constructs not to generate, keyed by known nvc bug
(KNOWN_BUGS) or driver limitation (DRIVER_LIMITATIONS) so that each
exclusion can be dropped when its fix lands.
"""
import math
import random

import numpy as np

from programs import INTS, FLOATS, COMPLEX, bits, is_int, is_float, is_complex, is_signed, complex_part
from programs import SG_SHUFFLES, SG_REDUCTIONS
from semantics import arith_type, compare_type, unary_type, int_range, NPT
from functions import FUNCS
from constzero import Tracker, hazards, NO_ARITHMETIC

# Known open nvc bugs and the generator families they exclude (ctest's batch
# runs with all of them excluded; remove an entry when its fix is merged).
KNOWN_BUGS = {
}
# Fixed on main, exclusions removed (their reproducers are in regressions/):
# complex negation, float ** float at run time, np.maximum/np.minimum NaN,
# float32 ** int, unsigned shifts (#5), float // and % (#6), bool scalars (#1),
# subword stores (#7), the index_castui ICE (#8). Found to be lavapipe's
# folding of constant zero operands, not nvc bugs (now DRIVER_LIMITATIONS
# 'lavapipe-const-zero'; the families below still work with --exclude):
# 'float-mod-const-zero' (#2's 0.0 // 0.0), 'complex-real-signed-zero' (#3),
# 'complex-division' (#4).

# Limitations of the Vulkan driver the tests run on (Mesa 22.3's lavapipe),
# not nvc bugs: nvc's SPIR-V is right, the driver computes something else.
# Excluded like KNOWN_BUGS (--exclude-known); remove an entry when the
# driver is fixed or no longer used.
DRIVER_LIMITATIONS = {
    'lavapipe-const-zero': 'float arithmetic with an operand the driver sees as a constant zero is folded '
                           'unsafely: 0.0 / x, x * 0.0 -> 0.0, 0.0 - x -> -x, x + 0.0 -> x, x / 0.0 dropped '
                           '(docs/language.md "Precision"; constzero.py)',
}
# 'lavapipe-sext32-compare' (FOUND.md #15: an int32 sign-extended to int64 by
# OpSConvert compares with a constant as if zero-extended) is no longer
# excluded: nvc writes those extensions as shifts (passes/SignExtendByShifts.cpp),
# so int32 values are generated with 64-bit integers again.

# Families each bug excludes: functions (by FUNCS name) and operator keys.
BUG_FAMILIES = {
    'lavapipe-const-zero': {'const_zero_float', 'float_mod_const'},
    'float-mod-const-zero': {'float_mod_const'},
    'complex-real-signed-zero': {'complex_real_mix'},
    'complex-division': {'complex_div'},
}


# Workgroup sizes (x, y) of kernels launched in 2-D: none divides every grid.
GRID2D_WORKGROUPS = [(8, 4), (4, 8), (16, 2), (1, 32), (32, 1), (3, 5), (2, 16)]


class GenOptions:
    def __init__(self, iw=32, exclude=(), max_depth=4, n_stmts=(6, 16)):
        self.iw = iw
        self.exclude = set()
        for b in exclude:
            self.exclude |= BUG_FAMILIES.get(b, {b})
        self.max_depth = max_depth
        self.n_stmts = n_stmts


INT_OPS = ['+', '-', '*', '//', '%', '&', '|', '^', '<<', '>>', '**']
FLOAT_OPS = ['+', '-', '*', '/', '//', '%', '**']
COMPLEX_OPS = ['+', '-', '*', '/']
CMP_OPS = ['<', '<=', '>', '>=', '==', '!=']

EXACT_FLOAT_FUNCS = ['math.sqrt', 'math.fabs', 'math.copysign', 'math.fmod', 'np.floor', 'np.ceil',
                     'np.trunc', 'np.rint', 'np.fabs', 'np.sqrt', 'np.sign', 'np.square',
                     'np.maximum', 'np.minimum', 'np.copysign', 'np.fmod',
                     'abs', 'max', 'min', 'float']
APPROX_FUNCS = [n for n, f in FUNCS.items() if f.ulps is not None]


def special_floats(t):
    fi = np.finfo(NPT[t])
    return [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 0.5, 2.0, -3.0,
            float(fi.tiny), -float(fi.tiny), float(fi.tiny) / 4, float(fi.smallest_subnormal),
            float(fi.max), -float(fi.max), float(fi.eps), 1.0 + float(fi.eps), 100.0, 1e-3]


def machine_int_extremes(t, iw):
    lo, hi = int_range(t, iw)
    return [lo, hi, lo + 1, hi - 1, 0, 1]


class Generator:
    def __init__(self, rng, opts):
        self.r = rng
        self.o = opts
        self.iw = opts.iw
        self.in_index = False   # inside an index expression: no nested computed indices
        self.cz = None          # constzero.Tracker while 'const_zero_float' is excluded

    def types(self, ts):
        """The types of list ts the generator may use (all of them: the
        hook stays for families a driver limitation may exclude again)."""
        return ts

    # ----------------------------------------------------------- values

    def int_value(self, t, specials=True):
        r = self.r
        lo, hi = int_range(t, self.iw)
        c = r.random()
        if specials and c < 0.2:
            return r.choice(machine_int_extremes(t, self.iw))
        if c < 0.7:
            return max(lo, min(hi, r.randint(-20, 20)))
        return r.randint(lo, hi)

    def float_value(self, t, specials=True):
        r = self.r
        c = r.random()
        if specials and c < 0.25:
            return float(NPT[t](r.choice(special_floats(t))))
        if c < 0.5:
            return float(NPT[t](r.randint(-20, 20) / r.choice([1, 2, 4, 8, 3])))
        if c < 0.8:
            return float(NPT[t](r.uniform(-10, 10)))
        e = r.randint(-40, 40) if t == 'f32' else r.randint(-300, 300)
        return float(NPT[t](r.uniform(-1, 1) * 10.0 ** e))

    def value(self, t, specials=True):
        if t == 'b':
            return self.r.random() < 0.5
        if is_int(t):
            return self.int_value(t, specials)
        if is_float(t):
            return self.float_value(t, specials)
        p = complex_part(t)
        return [self.float_value(p, specials), self.float_value(p, specials)]

    def input_array(self, t, n):
        """Input data: special values (NaN, infinities, signed zeros,
        subnormals, extremes) mixed with random numbers."""
        vals = [self.value(t) for _ in range(n)]
        if t == 'b':
            return np.array(vals, dtype=np.bool_)
        if is_complex(t):
            return np.array([complex(a, b) for a, b in vals], dtype=NPT[t])
        return np.array(vals, dtype=NPT[t] if t in NPT else np.dtype(_np_dtype(t)))

    def bad_float_src(self, t):
        """uint64 converted to a float with 32-bit integers (excluded while
        the bug 'uint-to-float-32bit' is open)."""
        return t == 'u64' and self.iw == 32 and 'uint_to_float_32' in self.o.exclude

    # ----------------------------------------------------------- expressions

    def const(self, t):
        v = self.value(t)
        return {'k': 'const', 'v': v, 't': t}

    def leaf(self, t, env):
        r = self.r
        cands = []
        for n, vt in env['vars']:
            if vt == t:
                cands.append(('var', n))
        for n, vt in env['inputs']:
            if vt == t:
                cands.append(('load', n))
        for n, vt, size in env['larrays']:
            if vt == t:
                cands.append(('lload', (n, size)))
        if t == 'i64' and env['inputs']:
            cands.append(('shape', env['inputs'][0][0]))
        if cands and r.random() < 0.8:
            kind, x = r.choice(cands)
            if kind == 'var':
                return {'k': 'var', 'n': x, 't': t}
            if kind == 'shape':
                return {'k': 'shape', 'a': x, 't': 'i64'}
            if kind == 'lload':
                n, size = x
                return {'k': 'load', 'a': n, 'idx': self.index_expr(size, env, 0), 't': t}
            return {'k': 'load', 'a': x, 'idx': self.input_index(env), 't': t}
        return self.const(t)

    def input_index(self, env):
        r = self.r
        c = r.random()
        if c < 0.6 or self.in_index:
            return {'k': 'var', 'n': 'i', 't': 'i64'}
        if c < 0.75:
            n = env['n']
            return {'k': 'const', 'v': r.randint(-n, n - 1), 't': 'i64'}
        # (e % len): floor modulo of any integer is in range
        return self.mod_index({'k': 'shape', 'a': env['inputs'][0][0], 't': 'i64'}, env)

    def mod_index(self, length, env):
        old, self.in_index = self.in_index, True
        e = self.expr(self.r.choice(self.types(['i64', 'i32', 'u8', 'i16'])), 1, env)
        self.in_index = old
        return {'k': 'bin', 'op': '%', 'a': e, 'b': length,
                't': arith_type('%', e['t'], 'i64')}

    def index_expr(self, size, env, depth):
        if self.r.random() < 0.4 or self.in_index:
            return {'k': 'const', 'v': self.r.randint(-size, size - 1), 't': 'i64'}
        return self.mod_index({'k': 'const', 'v': size, 't': 'i64'}, env)

    def expr(self, t, depth, env):
        """A random expression of type t."""
        r = self.r
        if depth <= 0 or r.random() < 0.2:
            return self.leaf(t, env)
        for _ in range(20):
            e = self.compound(t, depth, env)
            if e is not None:
                return e
        return self.leaf(t, env)

    def operand(self, t, depth, env, of=None):
        """An expression of type t for an operand of float (or complex, `of`)
        arithmetic: while 'const_zero_float' is excluded, one the driver
        cannot see as a constant zero (constzero.py); None if the draws
        keep giving one."""
        e = self.expr(t, depth, env)
        if self.cz is None:
            return e
        for _ in range(6):
            if not self.cz.may_be_zero(e, of):
                return e
            e = self.expr(t, depth, env)
        return None

    def compound(self, t, depth, env):
        r = self.r
        d = depth - 1
        choice = r.random()
        if t == 'b':
            return self.bool_expr(d, env)
        if choice < 0.07:
            return {'k': 'ifexp', 'c': self.expr('b', d, env), 'a': self.expr(t, d, env),
                    'b': self.expr(t, d, env), 't': t}
        if choice < 0.12 and env['devfuncs']:
            fs = [f for f in env['devfuncs'] if f['ret']['t'] == t]
            if fs:
                f = r.choice(fs)
                args = [self.operand(pt, d, env, pt) for _, pt in f['params']]
                if None in args:
                    return None
                return {'k': 'dcall', 'f': f['name'], 'args': args, 't': t}
        if choice < 0.22:
            return self.conversion(t, d, env)
        if choice < 0.32:
            return self.call(t, d, env)
        if choice < 0.38:
            return self.unary(t, d, env)
        if choice < 0.42 and t != 'b':
            tt = self.r.choice([t, 'i64', 'f64', 'f32'])
            tup = {'k': 'tuple', 'items': [self.expr(t, d, env), self.expr(tt, d, env)], 't': 'tup:%s,%s' % (t, tt)}
            if self.r.random() < 0.5:
                tup = {'k': 'tuple', 'items': tup['items'][::-1], 't': 'tup:%s,%s' % (tt, t)}
                return {'k': 'item', 'a': tup, 'i': 1, 't': t}
            return {'k': 'item', 'a': tup, 'i': 0, 't': t}
        if is_complex(t):
            return self.complex_expr(t, d, env)
        return self.binary(t, d, env)

    def operand_types_for(self, op, t):
        """Operand type pairs (a, b) with arith_type(op, a, b) == t."""
        r = self.r
        ints = self.types(INTS)
        reals = ['b'] + ints + FLOATS
        for _ in range(30):
            if is_int(t):
                a = r.choice(ints + ['b'] if t == 'i64' else [x for x in ints if not is_signed(x)])
                b = r.choice(ints + ['b'] if t == 'i64' else [x for x in ints if not is_signed(x)])
                if r.random() < 0.5:
                    a = t
            elif is_float(t):
                a = r.choice(reals + [t] * 4)
                b = r.choice(reals + [t] * 4)
                if self.bad_float_src(a) or self.bad_float_src(b):
                    continue
            else:
                return None
            if op in ('<<', '>>'):
                b = r.choice(self.types(['i64', 'i32', 'u8', 'u32']))
                if not is_signed(a) and 'shift_unsigned' in self.o.exclude:
                    continue
            if arith_type(op, a, b) == t:
                return a, b
        return None

    def binary(self, t, d, env):
        r = self.r
        ops = INT_OPS if is_int(t) else FLOAT_OPS
        if not (is_int(t) or is_float(t)):
            return None
        if is_int(t) and t not in ('i64', 'u64'):
            return None
        op = r.choice(ops)
        ts = self.operand_types_for(op, t)
        if ts is None:
            return None
        a_t, b_t = ts
        if op == '**':
            return self.power(t, a_t, b_t, d, env)
        a = self.expr(a_t, d, env)
        if op in ('<<', '>>'):
            # counts 0..31 (valid at both integer widths)
            if r.random() < 0.5:
                b = {'k': 'const', 'v': r.randint(0, 31), 't': 'i64'}
            else:
                b = {'k': 'bin', 'op': '&', 'a': self.expr(b_t, d, env), 'b': {'k': 'const', 'v': 31, 't': 'i64'},
                     't': arith_type('&', b_t, 'i64')}
                if b['t'] is None:
                    b = {'k': 'const', 'v': r.randint(0, 31), 't': 'i64'}
            rt = arith_type(op, a_t, b['t'])
            if rt != t:
                return None
            return {'k': 'bin', 'op': op, 'a': a, 'b': b, 't': t}
        b = self.expr(b_t, d, env)
        if is_float(t) and self.cz is not None:
            a, b = self.operand(a_t, d, env), self.operand(b_t, d, env)
            if a is None or b is None:
                return None
        if is_float(t) and op in ('%', '//') and 'float_floordiv_mod' in self.o.exclude:
            return None
        if (is_float(t) and op in ('%', '//') and 'float_mod_const' in self.o.exclude
                and (is_constant_expr(b) or is_constant_expr(a))):
            return None
        return {'k': 'bin', 'op': op, 'a': a, 'b': b, 't': t}

    def power(self, t, a_t, b_t, d, env):
        r = self.r
        if is_int(t):
            # integer exponents 0..6: constants or (e & 3)
            a = self.expr(a_t, d, env)
            if r.random() < 0.6:
                b = {'k': 'const', 'v': r.randint(0, 6), 't': 'i64'}
            else:
                b = {'k': 'bin', 'op': '&', 'a': self.expr('i64', d, env), 'b': {'k': 'const', 'v': 3, 't': 'i64'}, 't': 'i64'}
            if arith_type('**', a_t, b['t']) != t:
                return None
            return {'k': 'bin', 'op': '**', 'a': a, 'b': b, 't': t}
        # float base, integer exponent (repeated squaring), possibly negative
        if is_float(a_t) and a_t == t and r.random() < 0.7:
            if t == 'f32' and 'pow_f32_int' in self.o.exclude:
                return None
            a = self.operand(t, d, env)
            if a is None:
                return None
            if r.random() < 0.6:
                b = {'k': 'const', 'v': r.randint(-4, 8), 't': 'i64'}
            else:
                b = {'k': 'bin', 'op': '-', 'a': {'k': 'bin', 'op': '&', 'a': self.expr('i64', d, env),
                                                  'b': {'k': 'const', 'v': 7, 't': 'i64'}, 't': 'i64'},
                     'b': {'k': 'const', 'v': 2, 't': 'i64'}, 't': 'i64'}
            return {'k': 'bin', 'op': '**', 'a': a, 'b': b, 't': t}
        return None   # float ** float is an approximate function (stored directly, see approx_store)

    def unary(self, t, d, env):
        r = self.r
        if is_complex(t):
            if 'neg_complex' in self.o.exclude:
                return None
            return {'k': 'un', 'op': r.choice(['-', '+']), 'a': self.expr(t, d, env), 't': t}
        op = r.choice(['-', '+', '~'] if is_int(t) else ['-', '+'])
        if is_int(t):
            if t not in ('i64', 'u64'):
                return None
            src = r.choice([x for x in self.types(INTS) if is_signed(x) == is_signed(t)] + ([t] * 3))
            if op != '~' and t == 'i64' and r.random() < 0.1:
                src = 'b'
        else:
            src = t
        if unary_type(op, src) != t:
            return None
        return {'k': 'un', 'op': op, 'a': self.expr(src, d, env), 't': t}

    def conversion(self, t, d, env):
        r = self.r
        if is_complex(t):
            p = complex_part(t)
            return {'k': 'call', 'f': 'complex', 'args': [self.expr(p, d, env), self.expr(p, d, env)], 't': t}
        src = r.choice(['b'] + self.types(INTS) + FLOATS)
        if src == t or (is_float(t) and self.bad_float_src(src)):
            src = 'i64'
        from programs import NP_NAME
        fname = 'np.' + NP_NAME[t]
        if t == 'i64' and (src == 'b' or is_float(src)) and r.random() < 0.3:
            fname = 'int'
        if t == 'f64' and is_int(src) and r.random() < 0.3:
            fname = 'float'
        arg = self.expr(src, d, env)
        if is_int(t) and is_float(src):
            return self.guarded_float_to_int(fname, t, arg, src, d, env)
        return {'k': 'call', 'f': fname, 'args': [arg], 't': t}

    def guarded_float_to_int(self, fname, t, arg, src, d, env):
        """`f(x) if lo < x < hi else c`: a float converted to an integer
        only when it fits (Numba leaves other conversions undefined)."""
        lo, hi = int_range(t, self.iw)
        lo_b, hi_b = float(max(lo, -1e9)), float(min(hi, 1e9))
        if not is_signed(t):
            lo_b = -1.0
        bound = lambda v: {'k': 'const', 'v': v, 't': 'f64'}
        cond = {'k': 'cmp', 'ops': ['<', '<'], 'args': [bound(lo_b - 0.0), arg, bound(hi_b)], 't': 'b'}
        return {'k': 'ifexp', 'c': cond, 'a': {'k': 'call', 'f': fname, 'args': [arg], 't': t},
                'b': self.const(t), 't': t}

    def call(self, t, d, env):
        r = self.r
        if is_int(t):
            c = r.random()
            if c < 0.4:
                f = r.choice(['abs', 'max', 'min'])
                n = FUNCS[f].nargs
                return {'k': 'call', 'f': f, 'args': [self.expr(t, d, env) for _ in range(n)], 't': t}
            if c < 0.6 and t == 'i64':
                # math.floor/ceil/trunc of an in-range float
                f = r.choice(['math.floor', 'math.ceil', 'math.trunc'])
                src = r.choice(FLOATS)
                arg = self.expr(src, d, env)
                return self.guarded_float_to_int(f, 'i64', arg, src, d, env)
            if c < 0.8 and t in ('i64', 'u64'):
                a_t = r.choice(self.types(INTS))
                b_t = r.choice(self.types(INTS))
                # divmod's cases are (T, T) only: mixed int64/uint64 is ambiguous
                if compare_type(a_t, b_t) != t:
                    return None
                return {'k': 'item', 'a': {'k': 'call', 'f': 'divmod', 'args': [self.expr(a_t, d, env), self.expr(b_t, d, env)],
                                           't': 'tup:%s,%s' % (t, t)}, 'i': r.randint(0, 1), 't': t}
            if c < 0.9:
                return {'k': 'call', 'f': 'np.where', 'args': [self.expr('b', d, env), self.expr(t, d, env), self.expr(t, d, env)], 't': t}
            return None
        if is_float(t):
            if r.random() < 0.15:
                return {'k': 'attr', 'a': self.expr('c64' if t == 'f32' else 'c128', d, env),
                        'attr': r.choice(['real', 'imag']), 't': t}
            if r.random() < 0.1 and 'float_floordiv_mod' not in self.o.exclude:
                args = [self.operand(t, d, env), self.operand(t, d, env)]
                if None in args:
                    return None
                return {'k': 'item', 'a': {'k': 'call', 'f': 'divmod', 'args': args,
                                           't': 'tup:%s,%s' % (t, t)}, 'i': r.randint(0, 1), 't': t}
            for _ in range(10):
                f = r.choice(EXACT_FLOAT_FUNCS)
                if f in self.o.exclude:
                    continue
                fn = FUNCS[f]
                ts = [r.choice([t, t, t, 'i64', 'f64', 'f32', 'i16', 'b']) for _ in range(fn.nargs)]
                if fn.typer(ts) == t:
                    args = [self.operand(a, d, env) if f not in NO_ARITHMETIC else self.expr(a, d, env) for a in ts]
                    if None in args:
                        return None
                    return {'k': 'call', 'f': f, 'args': args, 't': t}
            return None
        return None

    def complex_expr(self, t, d, env):
        r = self.r
        p = complex_part(t)
        if r.random() < 0.15:
            return {'k': 'attr', 'a': self.expr(t, d, env), 'attr': 'conjugate', 't': t}
        op = r.choice(COMPLEX_OPS)
        if op == '/' and 'complex_div' in self.o.exclude:
            op = '*'
        other = r.choice([t, t, p])
        if 'complex_real_mix' in self.o.exclude or self.cz is not None:
            other = t    # (a real operand is a complex with a constant zero imaginary part)
        a, b = (t, other) if r.random() < 0.5 else (other, t)
        if arith_type(op, a, b) != t:
            return None
        ea, eb = self.operand(a, d, env, t), self.operand(b, d, env, t)
        if ea is None or eb is None:
            return None
        return {'k': 'bin', 'op': op, 'a': ea, 'b': eb, 't': t}

    def bool_expr(self, d, env):
        r = self.r
        c = r.random()
        if c < 0.45:
            for _ in range(10):
                a = r.choice(['b'] + self.types(INTS) + FLOATS + ['i64', 'f64'] * 2)
                b = r.choice(self.types([a, a, 'i64', 'f64', 'f32', 'i32', 'u8']))
                if compare_type(a, b) is None:
                    continue
                if (is_float(a) or is_float(b)) and (self.bad_float_src(a) or self.bad_float_src(b)):
                    continue
                n = 2 if r.random() < 0.85 else 3
                types = [a, b] + ([b] * (n - 2))
                ops = [r.choice(CMP_OPS) for _ in range(n - 1)]
                if any(compare_type(types[j], types[j + 1]) is None for j in range(n - 1)):
                    continue
                return {'k': 'cmp', 'ops': ops, 'args': [self.expr(x, d, env) for x in types], 't': 'b'}
            return None
        if c < 0.55:
            ct = r.choice(COMPLEX)
            return {'k': 'cmp', 'ops': [r.choice(['==', '!='])], 'args': [self.expr(ct, d, env), self.expr(ct, d, env)], 't': 'b'}
        if c < 0.7:
            return {'k': 'boolop', 'op': r.choice(['and', 'or']), 'a': self.expr('b', d, env), 'b': self.expr('b', d, env), 't': 'b'}
        if c < 0.78:
            return {'k': 'un', 'op': r.choice(['not', '~']), 'a': self.expr('b', d, env), 't': 'b'}
        if c < 0.88:
            f = r.choice(['math.isnan', 'math.isinf', 'math.isfinite', 'np.isnan', 'np.isinf', 'np.isfinite', 'np.signbit'])
            src = r.choice(FLOATS)
            return {'k': 'call', 'f': f, 'args': [self.expr(src, d, env)], 't': 'b'}
        if c < 0.94:
            src = r.choice(['i64', 'f64', 'f32', 'u8', 'c128'])
            if src == 'c128':
                src = 'f64'
            return {'k': 'call', 'f': 'bool', 'args': [self.expr(src, d, env)], 't': 'b'}
        return {'k': 'bin', 'op': r.choice(['&', '|', '^']), 'a': self.expr('b', d, env), 'b': self.expr('b', d, env), 't': 'b'}

    # ----------------------------------------------------------- statements

    def new_col(self, env, t):
        cols = env['cols']
        cols[t] = cols.get(t, 0) + 1
        return cols[t] - 1

    def store(self, env, t=None, e=None, depth=None):
        t = t or self.r.choice(env['out_types'])
        e = e or self.expr(t, depth or self.o.max_depth, env)
        return {'s': 'store', 'a': 'o_' + t, 'col': self.new_col(env, t), 'e': e}

    def subgroup_store(self, env):
        """`out[i, c] = <subgroup operation>`: a shuffle by a constant
        delta or lane, a vote, or an integer reduction over the subgroup, of
        an operand that depends on the invocation alone (i, the inputs, the
        scalars, constants: no locals, private arrays or device functions), so
        that the reference can evaluate it for every lane (programs.py,
        SG_SHUFFLES); None if the output types do not fit."""
        r = self.r
        pure = dict(env, vars=[(n, t) for n, t in env['vars'] if n not in env['locals']],
                    larrays=[], devfuncs=[])
        outs = env['out_types']
        kind = r.random()
        if kind < 0.55:
            op = r.choice(SG_SHUFFLES)
            ts = [t for t in self.types(['i64', 'u64', 'i32', 'f32', 'f64']) if t in outs]
            if not ts:
                return None
            t = r.choice(ts)
            d = {'shfl_down': r.randint(0, 10), 'shfl_up': r.randint(0, 10),
                 'shfl_xor': r.randint(0, 15), 'shfl': r.randint(0, 40)}[op]
            v = self.operand(t, 2, pure) if is_float(t) else self.expr(t, 2, pure)
            if v is None:
                return None
            return self.store(env, t, {'k': 'sg', 'op': op, 'v': v, 'd': d, 't': t})
        if kind < 0.8:
            op = r.choice(['all', 'any', 'ballot'])
            e = {'k': 'sg', 'op': op, 'v': self.expr('b', 2, pure), 't': 'u32' if op == 'ballot' else 'b'}
            if op == 'ballot':
                # uint32 + int64 is int64: an output type
                if 'i64' not in outs:
                    return None
                return self.store(env, 'i64', {'k': 'bin', 'op': '+', 'a': e,
                                               'b': {'k': 'const', 'v': 0, 't': 'i64'}, 't': 'i64'})
            return self.store(env, 'b', e) if 'b' in outs else None
        ts = [t for t in self.types(['i64', 'u64', 'i32']) if t in outs]
        if not ts:
            return None
        t = r.choice(ts)
        return self.store(env, t, {'k': 'sg', 'op': r.choice(SG_REDUCTIONS), 'v': self.expr(t, 2, pure), 't': t})

    def approx_store(self, env):
        """`out[i, c] = f(x)` for an approximate math function f: compared
        within its ulp bound (the value feeds nothing else, so the bound
        holds)."""
        r = self.r
        for _ in range(10):
            f = r.choice(APPROX_FUNCS)
            fn = FUNCS[f]
            if f in self.o.exclude or fn.family in self.o.exclude:
                continue
            ts = [r.choice(['f64', 'f32', 'f32', 'f64', 'i64', 'i16']) for _ in range(fn.nargs)]
            if fn.nargs == 2 and r.random() < 0.6:
                ts[1] = ts[0]
            rt = fn.typer(ts)
            if rt not in env['out_types']:
                continue
            if fn.family == 'pow' and 'pow_float_float' in self.o.exclude:
                continue
            args = [self.operand(a, 2, env) for a in ts]
            if None in args:
                continue
            e = {'k': 'call', 'f': f, 'args': args, 't': rt}
            s = self.store(env, rt, e)
            s['ulps'] = fn.ulps[0] if rt == 'f64' else fn.ulps[1]
            if f in ('math.lgamma', 'lgamma') and rt == 'f64':
                # docs/math.md: lgamma's bound excludes x < 0 where |lgamma(x)|
                # < 0.5 (the reflection formula's relative accuracy drops near
                # the zeros, -2.747 ...): there the error counts in ulps of 0.5.
                s['ulp_floor'] = 0.5
            return s
        return self.store(env)

    def atomic(self, env):
        """cuda.atomic.OP(acc, col, v) with order-independent updates: each
        accumulator element gets one kind of update (add and sub together,
        or one of and_, or_, xor, max, min), so every invocation's updates
        commute and the final value is determined (the returned old value is
        not, and is not used). Different kinds on one element do not
        commute: min(·, 0) then xor(·, 1) from 44 invocations ends at 1
        when each runs alone, and at 0 when all the mins come first."""
        r = self.r
        t = r.choice(env['accum_types'])
        cols = env['acols']
        col = r.randint(0, 3)
        cols[t] = max(cols.get(t, 0), col + 1)
        kinds = env['acol_kinds']
        kind = kinds.get((t, col))
        if kind is None:
            kind = r.choice(['max', 'min'] if is_float(t) else ['add_sub', 'and_', 'or_', 'xor', 'max', 'min'])
            kinds[(t, col)] = kind
        op = r.choice(['add', 'sub']) if kind == 'add_sub' else kind
        return {'s': 'atomic', 'op': op, 'a': 'acc_' + t, 'col': col, 'e': self.expr(t, self.o.max_depth - 1, env)}

    def stmts(self, env, n, depth, in_loop):
        return [self.stmt(env, depth, in_loop) for _ in range(n)]

    def assignable(self, env):
        return [(n, t) for n, t in env['vars'] if n in env['locals']]

    def stmt(self, env, depth, in_loop):
        s = self._stmt(env, depth, in_loop)
        if self.cz is not None:
            self.cz.note(s)
        return s

    def _stmt(self, env, depth, in_loop):
        r = self.r
        c = r.random()
        ed = self.o.max_depth
        locs = self.assignable(env)
        if c < 0.25 and locs:
            n, t = r.choice(locs)
            return {'s': 'assign', 'n': n, 'e': self.expr(t, ed, env)}
        if c < 0.35 and locs:
            aug = self.aug(env, locs)
            if aug:
                return aug
        if c < 0.45:
            return self.store(env)
        if c < 0.5:
            return self.approx_store(env)
        if c < 0.53 and env.get('accum_types'):
            return self.atomic(env)
        if c < 0.55 and len(locs) >= 2:
            (a, ta), (b, tb) = r.sample(locs, 2)
            if r.random() < 0.5 and ta != tb:
                return {'s': 'assign2', 'ns': [a, b], 'es': [self.expr(ta, ed - 1, env), self.expr(tb, ed - 1, env)]}
            # swap through a tuple (needs same types for a plain swap)
            return {'s': 'assign2', 'ns': [a, b], 'es': [self.expr(ta, ed - 1, env), self.expr(tb, ed - 1, env)]}
        if c < 0.6 and env['larrays']:
            n, t, size = r.choice(env['larrays'])
            return {'s': 'lstore', 'a': n, 'idx': self.index_expr(size, env, 1), 'e': self.expr(t, ed, env)}
        if depth > 0:
            if c < 0.72:
                return self.if_stmt(env, depth, in_loop)
            if c < 0.82:
                return self.for_stmt(env, depth)
            if c < 0.88:
                return self.while_stmt(env, depth)
        if in_loop and c < 0.94:
            return {'s': 'if', 'c': self.expr('b', 2, env), 'body': [{'s': r.choice(['break', 'continue'])}], 'orelse': []}
        return self.store(env)

    def aug(self, env, locs):
        r = self.r
        for _ in range(10):
            n, t = r.choice(locs)
            if is_int(t) and t not in ('i64', 'u64'):
                continue
            if t == 'b':
                continue
            ops = (['+', '-', '*', '//', '%', '&', '|', '^'] if is_int(t) else
                   ['+', '-', '*', '/', '//', '%'] if is_float(t) else ['+', '-', '*'])
            op = r.choice(ops)
            et = r.choice(self.types(INTS) + FLOATS + [t, t, t] + (COMPLEX if is_complex(t) else []))
            if arith_type(op, t, et) != t:
                continue
            if (is_float(t) and self.bad_float_src(et)) or (is_complex(t) and et != t and 'complex_real_mix' in self.o.exclude):
                continue
            if is_complex(t) and op == '/' and 'complex_div' in self.o.exclude:
                continue
            if is_float(t) and op in ('//', '%') and 'float_floordiv_mod' in self.o.exclude:
                continue
            if self.cz is not None and not is_int(t):
                if is_complex(t) and et != t:
                    continue    # a real operand has a constant zero imaginary part
                if self.cz.may_be_zero({'k': 'var', 'n': n, 't': t}):
                    continue
                e = self.operand(et, self.o.max_depth - 1, env, t)
                if e is None:
                    continue
                return {'s': 'aug', 'n': n, 'op': op, 'e': e, 't': t}
            return {'s': 'aug', 'n': n, 'op': op, 'e': self.expr(et, self.o.max_depth - 1, env), 't': t}
        return None

    def if_stmt(self, env, depth, in_loop):
        r = self.r
        n = r.randint(1, 3)
        s = {'s': 'if', 'c': self.expr('b', 3, env), 'body': self.stmts(env, n, depth - 1, in_loop), 'orelse': []}
        cur = s
        while r.random() < 0.3:
            e = {'s': 'if', 'c': self.expr('b', 3, env), 'body': self.stmts(env, r.randint(1, 2), depth - 1, in_loop), 'orelse': []}
            cur['orelse'] = [e]
            cur = e
        if r.random() < 0.5:
            cur['orelse'] = self.stmts(env, r.randint(1, 2), depth - 1, in_loop)
        return s

    def small_int(self, env, lo, hi):
        """An int64 expression with values in [lo, hi]: a constant or
        lo + (e % (hi - lo + 1))."""
        r = self.r
        if r.random() < 0.5:
            return {'k': 'const', 'v': r.randint(lo, hi), 't': 'i64'}
        e = self.expr('i64', 2, env)
        m = {'k': 'bin', 'op': '%', 'a': e, 'b': {'k': 'const', 'v': hi - lo + 1, 't': 'i64'}, 't': 'i64'}
        if lo == 0:
            return m
        return {'k': 'bin', 'op': '+', 'a': {'k': 'const', 'v': lo, 't': 'i64'}, 'b': m, 't': 'i64'}

    def fresh(self, env, prefix):
        env['counter'][0] += 1
        return '%s%d' % (prefix, env['counter'][0])

    def for_stmt(self, env, depth):
        r = self.r
        v = self.fresh(env, 'j')
        start = self.small_int(env, -3, 6)
        stop = self.small_int(env, -4, 8)
        if r.random() < 0.5:
            step = {'k': 'const', 'v': r.choice([1, 1, 2, 3, -1, -2]), 't': 'i64'}
        elif r.random() < 0.5:
            step = self.small_int(env, 1, 3)
        else:
            step = {'k': 'un', 'op': '-', 'a': self.small_int(env, 1, 3), 't': 'i64'}
        inner = dict(env, vars=env['vars'] + [(v, 'i64')])
        if self.cz is not None:
            self.cz.note({'s': 'for', 'v': v, 'start': start, 'stop': stop, 'step': step, 'body': []})
        body = self.stmts(inner, r.randint(1, 3), depth - 1, True)
        return {'s': 'for', 'v': v, 'start': start, 'stop': stop, 'step': step, 'body': body}

    def while_stmt(self, env, depth):
        r = self.r
        w = self.fresh(env, 'w')
        inner = dict(env, vars=env['vars'] + [(w, 'i64')])
        c = self.expr('b', 2, inner) if r.random() < 0.6 else {'k': 'const', 'v': True, 't': 'b'}
        limit = r.randint(1, 6)
        if self.cz is not None:
            self.cz.note({'s': 'while', 'n': w, 'limit': limit, 'c': c, 'body': []})
        body = self.stmts(inner, r.randint(1, 3), depth - 1, True)
        return {'s': 'while', 'n': w, 'limit': limit, 'c': c, 'body': body}

    # ----------------------------------------------------------- functions

    def devfunc(self, name, env0):
        r = self.r
        nparams = r.randint(1, 3)
        params = [('p%d' % k, r.choice(self.types(['i64', 'f64', 'f32', 'i32', 'u32', 'b', 'c128']))) for k in range(nparams)]
        ret_t = r.choice(['i64', 'f64', 'f32', 'u64'])
        env = {'vars': list(params), 'inputs': [], 'larrays': [], 'devfuncs': env0['devfuncs'][:], 'n': env0['n'],
               'locals': set(), 'cols': {}, 'out_types': [], 'counter': env0['counter']}
        body = []
        outer = self.cz
        if outer is not None:
            # parameters are run-time values here; the calls' arguments are
            # drawn not to be constant zeros (Generator.operand)
            self.cz = Tracker(self.iw)
            for pn, _ in params:
                self.cz.runtime(pn)
        for k in range(r.randint(0, 3)):
            t = r.choice(['i64', 'f64', 'f32', ret_t])
            e = self.expr(t, 3, env)
            vn = 'q%d' % k
            body.append({'s': 'assign', 'n': vn, 'e': e})
            if self.cz is not None:
                self.cz.note(body[-1])
            env['vars'].append((vn, t))
        ret = self.expr(ret_t, 3, env)
        if outer is not None:
            outer.set_devfunc_result(name, self.cz.value(ret))
        self.cz = outer
        return {'name': name, 'params': params, 'body': body, 'ret': ret}

    def kernel(self, name):
        """A random kernel and its device functions. While 'const_zero_float'
        is excluded, a kernel in which constzero.hazards still finds a
        constant zero operand (one that generation-time tracking could not
        see, e.g. a constant assigned later in a loop) is drawn again."""
        for _ in range(50):
            k, devfuncs = self._kernel(name)
            if 'const_zero_float' not in self.o.exclude or not hazards(k, devfuncs):
                return k, devfuncs
        raise RuntimeError('no kernel without constant zero operands in 50 draws')

    def _kernel(self, name):
        r = self.r
        self.cz = Tracker(self.iw) if 'const_zero_float' in self.o.exclude else None
        n = r.randint(32, 72)
        in_types = r.sample(['b'] + self.types(INTS) + FLOATS + COMPLEX, r.randint(3, 8))
        for t in ('i64', 'f64'):
            if t not in in_types:
                in_types.append(t)
        inputs = [('x_' + t, t) for t in in_types]
        scalars = [('s%d' % k, t) for k, t in enumerate(r.sample(self.types(['i64', 'f64', 'f32', 'i32', 'u32', 'b']), r.randint(0, 3)))]
        out_types = self.types(['i64', 'u64', 'f64', 'f32', 'b', 'c128', 'i8', 'u16', 'i32', 'c64'])
        if 'subword_store' in self.o.exclude:
            out_types = [t for t in out_types if t not in ('b', 'i8', 'u16')]
        # atomics: float32 and 32-bit integers (64-bit integer atomics only where
        # int64 is 32 bits on the device: docs/language.md, "Atomics")
        accum_types = []
        if r.random() < 0.3 and 'atomics' not in self.o.exclude:
            accum_types = r.sample(self.types(['i32', 'u32', 'f32'] + (['i64', 'u64'] if self.iw == 32 else [])), 2)
        env = {'vars': [('i', 'i64')] + scalars, 'inputs': inputs, 'larrays': [], 'devfuncs': [], 'n': n,
               'locals': set(), 'cols': {}, 'out_types': out_types, 'counter': [0],
               'accum_types': accum_types, 'acols': {}, 'acol_kinds': {}}
        if self.cz is not None:
            for sn, _ in scalars:
                self.cz.runtime(sn)
        devfuncs = []
        for k in range(r.randint(0, 2)):
            d = self.devfunc('%s_d%d' % (name, k), env)
            devfuncs.append(d)
            env['devfuncs'].append(d)
        body = []
        larrays = []
        if r.random() < 0.4:
            t = r.choice(self.types(['i64', 'f64', 'f32', 'i32']))
            size = r.randint(2, 8)
            la = ('la', t, size)
            larrays.append(la)
            q = self.fresh(env, 'q')
            inner = dict(env, vars=env['vars'] + [(q, 'i64')])
            body.append({'s': 'for', 'v': q, 'start': {'k': 'const', 'v': 0, 't': 'i64'},
                         'stop': {'k': 'const', 'v': size, 't': 'i64'}, 'step': {'k': 'const', 'v': 1, 't': 'i64'},
                         'body': [{'s': 'lstore', 'a': 'la', 'idx': {'k': 'var', 'n': q, 't': 'i64'},
                                   'e': self.expr(t, 2, inner)}]})
            env['larrays'] = larrays
            if self.cz is not None:
                self.cz.add_larray('la')
                self.cz.note(body[-1])
        nloc = r.randint(2, 6)
        loc_types = [r.choice(['i64', 'i64', 'u64', 'f64', 'f64', 'f32', 'b', 'c128', 'i8', 'u32']) for _ in range(nloc)]
        for k, t in enumerate(loc_types):
            vn = 'v%d' % k
            body.append({'s': 'assign', 'n': vn, 'e': self.expr(t, 3, env)})
            if self.cz is not None:
                self.cz.note(body[-1])
            env['vars'].append((vn, t))
            env['locals'].add(vn)
        # Some kernels run on a 2-D grid (programs.kernel_source: i = x * ny +
        # y), in workgroups that do not divide it; their subgroups are not
        # the reference's consecutive invocations, so they have no subgroup
        # operations.
        grid2d = None
        if 'grid2d' not in self.o.exclude and r.random() < 0.3:
            grid2d = (r.choice([3, 4, 16, 33]), r.choice(GRID2D_WORKGROUPS))
        # subgroup operations at the top level of the body, where the active
        # invocations are those below n (reference.py, Program.subgroup)
        if grid2d is None and 'subgroup' not in self.o.exclude and r.random() < 0.35:
            for _ in range(r.randint(1, 3)):
                st = self.subgroup_store(env)
                if st is not None:
                    body.append(st)
                    if self.cz is not None:
                        self.cz.note(st)
        body += self.stmts(env, r.randint(*self.o.n_stmts), 3, False)
        # every local's final value is an output too
        for vn in sorted(env['locals']):
            t = dict(env['vars'])[vn]
            if t in out_types:
                body.append(self.store(env, t, {'k': 'var', 'n': vn, 't': t}))
        outputs = [('o_' + t, t, env['cols'][t]) for t in out_types if env['cols'].get(t)]
        accums = [('acc_' + t, t, env['acols'][t]) for t in accum_types if env['acols'].get(t)]
        k = {'name': name, 'n': n, 'inputs': inputs, 'scalars': scalars, 'outputs': outputs, 'accums': accums,
             'larrays': larrays, 'body': body, 'devfuncs': [d['name'] for d in devfuncs], 'iw': self.iw}
        if grid2d is not None:
            k['grid2d'] = grid2d
        return k, devfuncs

    def scalar_value(self, t):
        v = self.value(t, specials=False)
        if is_float(t):
            v = float(NPT[t](v))
        return v


def is_constant_expr(e):
    """Whether e reads nothing (nvc may fold it to a constant)."""
    if e['k'] in ('var', 'load', 'shape', 'dcall', 'sg'):
        return False
    for key, v in e.items():
        if isinstance(v, dict) and 'k' in v and not is_constant_expr(v):
            return False
        if isinstance(v, list) and key not in ('ops', 'v'):
            if any(isinstance(x, dict) and not is_constant_expr(x) for x in v):
                return False
    return True


def _np_dtype(t):
    from programs import NP_NAME
    return NP_NAME[t]


def dtype_of(t):
    return np.dtype(_np_dtype(t))
