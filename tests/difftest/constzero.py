"""Float arithmetic with an operand the Vulkan driver sees as a constant
zero: a generated program that has one is not a fair test on Mesa's
lavapipe (22.3), which folds such operations unsafely whatever the module's
float controls say (docs/language.md, "Precision"):

    0.0 / x -> 0.0     x * 0.0 -> 0.0     0.0 - x -> -x     x + 0.0 -> x
    x / 0.0 -> the result is undefined (the store of it is dropped)

(for every x, so `0.0 / 0.0`, `inf * 0.0`, `0.0 - 0.0`, `-0.0 + 0.0` differ
from IEEE arithmetic and from Numba; with the zero loaded from memory the
results are right, and nvc's SPIR-V is right either way). The driver
propagates constants itself — through local variables, private arrays,
inlined device functions, selects and unrolled loops — so "constant" means
"computed from literals only", wherever it flows.

`hazards(kernel, devfuncs)` finds such operations by abstract
interpretation of the generated program: every value is approximated by
the set of constants it may take (plus whether it may be computed from
something read at run time). Variables and private arrays are analysed
flow-insensitively (a variable's value is the union over all its
assignments, iterated to a fixpoint), which over-approximates what the
driver can fold. The generator rejects programs with a hazard while the
'lavapipe-const-zero' limitation is excluded (generator.py, BUG_FAMILIES).
"""
import itertools
import operator

import numpy as np

from programs import is_int, is_float, is_complex, complex_part
from semantics import Undefined, binop, compare, unop, cast, re_im, make_complex, NPT, wrap, int_range
from functions import FUNCS

# Calls that compare, select or move bits but do no float arithmetic.
NO_ARITHMETIC = {'max', 'min', 'np.maximum', 'np.minimum', 'math.copysign', 'np.copysign', 'abs',
                 'math.fabs', 'np.fabs', 'float', 'np.floor', 'np.ceil', 'np.trunc', 'np.sign',
                 'math.isnan', 'math.isinf', 'math.isfinite', 'np.isnan', 'np.isinf', 'np.isfinite',
                 'np.signbit', 'np.where', 'complex', 'int', 'math.floor', 'math.ceil', 'math.trunc'}
MAX_CONSTS = 16    # beyond this a value is "some constant" (conservatively maybe zero)
MAX_COMBOS = 64


class AV:
    """The abstract value of a scalar: `consts`, the constants it may be
    (Python values as the reference interpreter uses them); `anyconst`, it
    may be a constant not listed (treated as possibly zero); `runtime`, it
    may be computed from run-time data. For complex values `parts` holds
    the abstract real and imaginary parts."""
    __slots__ = ('consts', 'anyconst', 'runtime', 'parts')

    def __init__(self, consts=(), anyconst=False, runtime=False, parts=None):
        consts = frozenset(consts)
        if len(consts) > MAX_CONSTS:
            consts, anyconst = frozenset(), True
        self.consts, self.anyconst, self.runtime, self.parts = consts, anyconst, runtime, parts

    def key(self):
        return (self.consts, self.anyconst, self.runtime,
                None if self.parts is None else (self.parts[0].key(), self.parts[1].key()))

    def __eq__(self, other):
        return isinstance(other, AV) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def only_consts(self):
        """The constants when the value is one of them for sure, else None."""
        if self.runtime or self.anyconst:
            return None
        return self.consts


RUNTIME = AV(runtime=True)
BOTTOM = AV()


def _is_zero(c):
    try:
        return c == 0
    except Exception:
        return False


def all_nan(av):
    """Whether `av` is a NaN constant for sure."""
    c = av.only_consts()
    return bool(c) and all(isinstance(x, (float, np.floating)) and x != x for x in c)


def maybe_nonfinite(av):
    """Whether the driver may see `av` (a real value) as a constant NaN or
    infinity."""
    return av.anyconst or any(isinstance(x, (float, np.floating)) and not np.isfinite(x)
                              for x in av.consts)


def maybe_zero(av):
    """Whether the driver may see `av` (a real value) as a constant zero."""
    return av.anyconst or any(_is_zero(c) for c in av.consts)


def join(a, b):
    if a is None:
        return b
    if b is None:
        return a
    parts = None
    if a.parts is not None or b.parts is not None:
        pa, pb = complex_parts(a), complex_parts(b)
        parts = (join(pa[0], pb[0]), join(pa[1], pb[1]))
    return AV(a.consts | b.consts, a.anyconst or b.anyconst, a.runtime or b.runtime, parts)


def complex_parts(av):
    """Abstract (real, imaginary) parts of a complex (or real) value."""
    if av.parts is not None:
        return av.parts
    re, im = [], []
    for c in av.consts:
        cc = complex(c)
        re.append(cc.real)
        im.append(cc.imag)
    flag = dict(anyconst=av.anyconst, runtime=av.runtime)
    return AV(re, **flag), AV(im, **flag)


def as_complex_operand(av, t):
    """A real operand of complex arithmetic: Numba converts it to a complex
    with a constant zero imaginary part."""
    if is_complex(t):
        return complex_parts(av)
    return av, AV([0.0])


def lift(fn, avs):
    """fn applied to every combination of the operands' constants. The
    result may be a constant only where every operand may be one, and may be
    run-time where any operand may be."""
    runtime = any(a.runtime for a in avs)
    if not all(a.consts or a.anyconst for a in avs):
        return AV(runtime=runtime)
    if any(a.anyconst for a in avs):
        return AV(anyconst=True, runtime=runtime)
    n = 1
    for a in avs:
        n *= len(a.consts)
    if n > MAX_COMBOS:
        return AV(anyconst=True, runtime=runtime)
    out = set()
    for combo in itertools.product(*[a.consts for a in avs]):
        try:
            v = fn(*combo)
            hash(v)
        except (Undefined, ArithmeticError, ValueError, TypeError, IndexError):
            continue
        out.add(v)
    return AV(out, runtime=runtime)


def absorbed(op, a, b, t, iw):
    """The constant result of an integer operation that one constant
    operand decides whatever the other is (`x & 0`, `x * 0`, `x % 1`,
    `x // 0`, `0 << n`, ...): compilers fold these, so the result is a constant even
    where the other operand is read at run time. None if there is none."""
    if not (is_int(t) or t == 'b'):
        return None
    ca, cb = a.only_consts(), b.only_consts()
    zero = lambda c: c is not None and len(c) > 0 and all(x == 0 for x in c)
    if op == '&' and (zero(ca) or zero(cb)):
        return AV([wrap(0, t, iw)] if t != 'b' else [False])
    if op == '*' and (zero(ca) or zero(cb)):
        return AV([wrap(0, t, iw)])
    if op in ('//', '%', '<<', '>>') and zero(ca):
        return AV([wrap(0, t, iw)])
    if op in ('//', '%') and zero(cb):      # x // 0 == x % 0 == 0 (numba.cuda)
        return AV([wrap(0, t, iw)])
    if op == '%' and cb is not None and cb and all(x in (1, -1) for x in cb):
        return AV([wrap(0, t, iw)])
    if op == '|' and t != 'b':
        for c in (ca, cb):
            if c is not None and c and all(wrap(int(x), t, iw) == wrap(-1, t, iw) for x in c):
                return AV([wrap(-1, t, iw)])
    return None


def _operand(e):
    """`e` with constant tuple items resolved: `(n, v)[1]` is `v`."""
    while e['k'] == 'item' and e['a']['k'] == 'tuple':
        e = e['a']['items'][e['i']]
    return e


def cancels(op, a, b):
    """Whether `a op b` is `x - x` or `-x + x` / `x + -x` (also through
    tuple items), which NIR may fold to 0 whatever x is."""
    a, b = _operand(a), _operand(b)
    if op in ('-', '^'):
        return a == b
    if op != '+':
        return False
    neg = lambda x: x['k'] == 'un' and x['op'] == '-'
    return (neg(a) and _operand(a['a']) == b) or (neg(b) and _operand(b['a']) == a)


def complex_result_parts(op, a, b, ta, tb, t):
    """Abstract (real, imaginary) parts of a complex `a op b` that is not
    a constant as a whole. A part computed from constant parts alone is a
    constant to the driver even where the other part is read at run time:
    `-v + v` of v = complex(x[i], 5.0) has the constant imaginary part 0.0
    (FOUND.md #16), which a later product folds unsafely."""
    if op not in ('+', '-', '*'):
        return (RUNTIME, RUNTIME)
    p = NPT[complex_part(t)]
    (ar, ai), (br, bi) = as_complex_operand(a, ta), as_complex_operand(b, tb)
    if op in ('+', '-'):
        f = operator.add if op == '+' else operator.sub
        return (lift(lambda x, y: f(p(x), p(y)), [ar, br]), lift(lambda x, y: f(p(x), p(y)), [ai, bi]))
    return (lift(lambda w, x, y, z: p(w) * p(y) - p(x) * p(z), [ar, ai, br, bi]),
            lift(lambda w, x, y, z: p(w) * p(z) + p(x) * p(y), [ar, ai, br, bi]))


class Analysis:
    def __init__(self, kernel, devfuncs):
        self.k = kernel
        self.iw = kernel['iw']
        self.devfuncs = {d['name']: d for d in devfuncs}
        self.env = {}
        self.loops = []        # per enclosing loop: the environments at its breaks, continues
        self.dret = {}         # while generating: device function -> the AV of its result
        self.found = []        # hazards: descriptions
        self.checking = False
        self.generating = False

    # ----------------------------------------------------------- hazards

    def hazard(self, what):
        if self.checking:
            self.found.append(what)

    def check_binop(self, op, ta, tb, t, a, b):
        # A bool in float arithmetic is b2f(c), a select of 1.0 and 0.0 to
        # the driver, which distributes the operation over it (NIR:
        # b2f(c) * x -> c ? x : 0.0, wrong for x = inf): a constant zero.
        if ta == 'b':
            a = join(a, AV([False]))
        if tb == 'b':
            b = join(b, AV([False]))
        if is_float(t) and op in ('//', '%') and (a.only_consts() or b.only_consts()):
            # float_divmod's lowering works with the remainder's zero and
            # copysign(0.0, ...): with a constant operand those are constant
            # zeros too (FOUND.md #16: 1.0 // 1 at -O0)
            self.hazard('float %s with a constant operand' % op)
        if is_float(t) and op in ('+', '-', '*', '/', '//', '%'):
            if maybe_zero(a) or maybe_zero(b):
                self.hazard('%s %s %s with a constant zero operand' % (ta, op, tb))
        elif is_float(t) and op == '**' and maybe_zero(a):
            self.hazard('constant zero ** n')
        elif is_complex(t) and op in ('+', '-', '*', '/'):
            pa, pb = as_complex_operand(a, ta), as_complex_operand(b, tb)
            if any(maybe_zero(p) for p in pa + pb):
                self.hazard('complex %s with a constant zero part' % op)
            elif op in ('*', '/') and self.formula_zero(op, pa, pb, t):
                self.hazard('complex %s whose formula has a constant zero term' % op)

    @staticmethod
    def formula_zero(op, pa, pb, t):
        """Whether a term of the complex product or quotient formula that
        is computed from constant parts alone may be zero although no part
        is: a product of two constant parts that underflows, or the
        quotient's ratio of the divisor's constant parts (CPython's
        _Py_c_quot, as numba-cuda divides: `complex(1.0, x) /
        complex(-3e124, -2e-249)` has the ratio 0.0, and `x * ratio` is
        folded to 0 for x = NaN, FOUND.md #16)."""
        p = NPT[complex_part(t)]
        if op == '*':
            return any(maybe_zero(lift(lambda x, y: p(x) * p(y), [u, v])) for u in pa for v in pb)

        def ratio(c, d):
            c, d = p(c), p(d)
            return d / c if abs(c) >= abs(d) else c / d
        return maybe_zero(lift(ratio, [pb[0], pb[1]]))

    # ----------------------------------------------------------- expressions

    def expr(self, e):
        k, t, iw = e['k'], e['t'], self.iw
        if k == 'var':
            return self.var(e['n'])
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
            return AV([c])
        if k == 'shape':
            return RUNTIME
        if k == 'sg':
            # another lane's value of the same expression (shuffles, votes,
            # min, max), or a run-time combination of the lanes' values
            v = self.expr(e['v'])
            if e['op'] in ('sum', 'ballot'):
                return AV(anyconst=True, runtime=True)
            return AV(v.consts, v.anyconst, True, v.parts)
        if k == 'load':
            self.expr(e['idx'])
            if e['a'] in self.k.get('_larray_names', ()):
                return self.var('@' + e['a'])
            return RUNTIME
        if k == 'tuple':
            return ('tuple', [self.expr(x) for x in e['items']])
        if k == 'item':
            tup = self.expr(e['a'])
            if isinstance(tup, tuple):
                return tup[1][e['i']]
            return lift(lambda v: v[e['i']], [tup])
        if k == 'attr':
            a = self.expr(e['a'])
            if e['attr'] in ('real', 'imag'):
                return complex_parts(a)[0 if e['attr'] == 'real' else 1]
            at = e['a']['t']
            re, im = complex_parts(a)
            r = lift(lambda v: make_complex(re_im(v, at)[0], -re_im(v, at)[1], at), [a])
            return AV(r.consts, r.anyconst, r.runtime, (re, lift(lambda x: -x, [im])))
        if k == 'bin':
            a, b = self.expr(e['a']), self.expr(e['b'])
            op, ta, tb = e['op'], e['a']['t'], e['b']['t']
            self.check_binop(op, ta, tb, t, a, b)
            r = absorbed(op, a, b, t, iw)
            if r is None and cancels(op, e['a'], e['b']) and not is_complex(t) and t != 'b':
                # x - x, -x + x (the same expression twice, loaded once after
                # CSE): the driver may fold it to 0 even for floats
                r = AV([wrap(0, t, iw) if is_int(t) else NPT[t](0.0)])
            elif r is None and cancels(op, e['a'], e['b']) and is_complex(t):
                z = NPT[complex_part(t)](0.0)
                r = AV([make_complex(z, z, t)], parts=(AV([z]), AV([z])))
            if r is None and is_float(t) and op in ('+', '-', '*', '/', '//', '%') and \
                    (all_nan(a) or all_nan(b)):
                # NaN - x is NaN whatever x is: the driver folds it to the constant
                r = AV([NPT[t](float('nan'))])
            if r is None:
                r = lift(lambda x, y: binop(op, x, y, ta, tb, t, iw), [a, b])
            if is_complex(t) and r.only_consts() is None:
                r = AV(r.consts, r.anyconst, r.runtime, complex_result_parts(op, a, b, ta, tb, t))
            return r
        if k == 'un':
            a = self.expr(e['a'])
            op, ta = e['op'], e['a']['t']
            r = lift(lambda x: unop(op, x, ta, t, iw), [a])
            if is_complex(t) and a.parts is not None and op in ('+', '-'):
                f = (lambda p: p) if op == '+' else (lambda p: lift(lambda x: -x, [p]))
                r = AV(r.consts, r.anyconst, r.runtime, (f(a.parts[0]), f(a.parts[1])))
            return r
        if k == 'cmp':
            args = [self.expr(x) for x in e['args']]
            ts = [x['t'] for x in e['args']]
            ops = e['ops']
            decided = self.decided_by_ranges(e, args)
            if decided is not None:
                return AV([decided])

            def chain(*vals):
                for j, op in enumerate(ops):
                    if not compare(op, vals[j], vals[j + 1], ts[j], ts[j + 1], iw):
                        return False
                return True
            return lift(chain, args)
        if k == 'boolop':
            a, b = self.expr(e['a']), self.expr(e['b'])
            if e['op'] == 'and':
                if a.only_consts() == {False} or b.only_consts() == {False}:
                    return AV([False])
                return lift(lambda x, y: x and y, [a, b])
            if a.only_consts() == {True} or b.only_consts() == {True}:
                return AV([True])
            return lift(lambda x, y: x or y, [a, b])
        if k == 'ifexp':
            c = self.expr(e['c']).only_consts()
            a, b = self.expr(e['a']), self.expr(e['b'])
            if c is not None and len(c) == 1:
                return a if next(iter(c)) else b
            return join(a, b)
        if k == 'call':
            return self.call(e)
        if k == 'dcall':
            return self.dcall(e)
        raise ValueError(k)

    def interval(self, e, av):
        """Bounds of an integer or bool value (its constants, else its
        type's range; shapes and the grid index are not negative, as nvc's
        range folding knows) or of float constants, or None."""
        t = e['t']
        if is_float(t) and av.only_consts():
            # float constants (an integer compared with 2.8e193 is decided)
            vals = [float(c) for c in av.consts]
            if any(v != v for v in vals):
                return None
            return min(vals), max(vals)
        if not (is_int(t) or t == 'b'):
            return None
        if av.only_consts() is not None and av.consts:
            try:
                vals = [int(c) for c in av.consts]
            except (TypeError, ValueError, OverflowError):
                return None
            return min(vals), max(vals)
        if t == 'b':
            return 0, 1
        lo, hi = int_range(t, self.iw)
        if e['k'] == 'shape' or (e['k'] == 'var' and e['n'] == 'i'):
            lo = max(lo, 0)
        return lo, hi

    def decided_by_ranges(self, e, args):
        """True or False when the bounds of the operands decide the
        comparison chain (`u < 0` for unsigned u, `x_i8 < 200`, `i >= 0`;
        a chain is False as soon as one link is): nvc and the driver fold
        such compares to constants."""
        links = []
        for j, op in enumerate(e['ops']):
            x, y = e['args'][j], e['args'][j + 1]
            if x == y and x['t'] == y['t']:
                # x < x is False (also for NaN), x == x True for integers
                if op in ('<', '>'):
                    links.append(False)
                    continue
                if not is_float(x['t']) and not is_complex(x['t']):
                    links.append(op in ('<=', '>=', '=='))
                    continue
            a = self.interval(e['args'][j], args[j])
            b = self.interval(e['args'][j + 1], args[j + 1])
            links.append(None if a is None or b is None else self.decide(op, a, b))
        if False in links:
            return False
        if all(x is True for x in links):
            return True
        return None

    @staticmethod
    def decide(op, a, b):
        (alo, ahi), (blo, bhi) = a, b
        if op == '<':
            return True if ahi < blo else False if alo >= bhi else None
        if op == '<=':
            return True if ahi <= blo else False if alo > bhi else None
        if op == '>':
            return True if alo > bhi else False if ahi <= blo else None
        if op == '>=':
            return True if alo >= bhi else False if ahi < blo else None
        if op == '==':
            return False if ahi < blo or bhi < alo else None
        if op == '!=':
            return True if ahi < blo or bhi < alo else None
        return None

    def call(self, e):
        f, t, iw = e['f'], e['t'], self.iw
        args = [self.expr(x) for x in e['args']]
        ts = [x['t'] for x in e['args']]
        if f == 'np.where':
            c = args[0].only_consts()
            if c is not None and len(c) == 1:
                return args[1] if next(iter(c)) else args[2]
            return join(args[1], args[2])
        if f == 'divmod' and is_int(ts[0]) and is_int(ts[1]):
            # divmod(x, 0) is (0, 0) in numba.cuda, divmod(0, y) too
            zero = lambda a: a.only_consts() and all(x == 0 for x in a.consts)
            if zero(args[0]) or zero(args[1]):
                return AV([(0, 0)])
        if f in ('min', 'max', 'np.minimum', 'np.maximum') and is_int(t):
            # min(u, 0) of an unsigned u is 0, max(x, the type's maximum) the maximum
            lo, hi = int_range(t, iw)
            extreme = lo if f in ('min', 'np.minimum') else hi
            for a in args:
                c = a.only_consts()
                if c and all(wrap(int(x), t, iw) == extreme for x in c):
                    return AV([extreme])
        if f == 'complex':
            re, im = args
            r = lift(lambda x, y: FUNCS[f].ev([x, y], ts, t, iw), args)
            return AV(r.consts, r.anyconst, r.runtime, (re, im) if len(args) == 2 else None)
        # A math function nvc expands into arithmetic (fmod, atan2, cbrt,
        # ...) computes with a constant zero argument, even when every
        # argument is constant (-O0 leaves such calls to the driver).
        if ((is_float(t) or any(is_float(x) for x in ts)) and f not in NO_ARITHMETIC
                and FUNCS[f].family != 'cast'
                and any(maybe_zero(a) or tt == 'b' for a, tt in zip(args, ts) if not isinstance(a, tuple))):
            self.hazard('%s with a constant zero argument' % f)
        if (is_int(t) or t == 'b') and any(is_float(tt) and not isinstance(a, tuple) and maybe_nonfinite(a)
                                           for a, tt in zip(args, ts)):
            # A float-to-integer conversion of a constant NaN or infinity is
            # undefined even where a guard keeps it from being used (np.int8(x)
            # if -128.0 < x < 127.0 else c): lavapipe folds it to an undefined
            # value that spoils the select and drops or garbles the store
            # (FOUND.md #16, #20: right on the H200).
            self.hazard('%s of a constant NaN or infinity' % f)
        fn = FUNCS[f]
        if any(isinstance(a, tuple) for a in args):
            return RUNTIME
        r = lift(lambda *vals: fn.ev(list(vals), ts, t, iw), args)
        if is_float(t) and 'b' in ts:
            r = join(r, AV([NPT[t](0.0)]))     # b2f(c): a select of 1.0 and 0.0
        return r

    def dcall(self, e):
        """nvc inlines device functions: the body runs with the call's
        arguments (their constants flow in)."""
        args = [self.expr(x) for x in e['args']]
        if self.generating:
            return self.dret.get(e['f'], RUNTIME)
        d = self.devfuncs[e['f']]
        saved = self.env
        self.env = {pn: av for (pn, _), av in zip(d['params'], args)}
        self.block(d['body'])
        ret = self.expr(d['ret']) if self.env is not None else BOTTOM
        self.env = saved
        return ret

    # ----------------------------------------------------------- statements
    # self.env maps variables (and '@' + private array, weakly updated) to
    # AVs at the current point; None where the point cannot be reached
    # (after break/continue).

    def var(self, n):
        return self.env.get(n, BOTTOM) if self.env is not None else BOTTOM

    def assign(self, n, av, weak=False):
        if self.env is not None:
            self.env[n] = join(self.env.get(n), av) if weak else av

    def block(self, stmts):
        for s in stmts:
            if self.env is None:
                return
            self.stmt(s)

    def stmt(self, s):
        kind = s['s']
        if kind == 'assign':
            self.assign(s['n'], self.expr(s['e']))
        elif kind == 'assign2':
            vals = [self.expr(x) for x in s['es']]
            for n, v in zip(s['ns'], vals):
                self.assign(n, v)
        elif kind == 'aug':
            a, b = self.var(s['n']), self.expr(s['e'])
            t, et = s['t'], s['e']['t']
            self.check_binop(s['op'], t, et, t, a, b)
            r = absorbed(s['op'], a, b, t, self.iw)
            if r is None:
                r = lift(lambda x, y: binop(s['op'], x, y, t, et, t, self.iw), [a, b])
            if is_complex(t) and r.only_consts() is None:
                r = AV(r.consts, r.anyconst, r.runtime, (RUNTIME, RUNTIME))
            self.assign(s['n'], r)
        elif kind in ('store', 'atomic'):
            self.expr(s['e'])
        elif kind == 'lstore':
            self.expr(s['idx'])
            self.assign('@' + s['a'], self.expr(s['e']), weak=True)
        elif kind == 'if':
            self.expr(s['c'])
            entry = dict(self.env)
            self.block(s['body'])
            after_body, self.env = self.env, entry
            self.block(s['orelse'])
            self.env = join_env(after_body, self.env)
        elif kind == 'for':
            start, stop, step = self.expr(s['start']), self.expr(s['stop']), self.expr(s['step'])
            vals = set()
            for a, b, c in itertools.product(start.consts, stop.consts, step.consts):
                if c != 0:
                    vals |= set(range(a, b, c))
            runtime = any(x.runtime or x.anyconst for x in (start, stop, step))
            self.loop(s['body'], s['v'], AV(vals, runtime=runtime))
        elif kind == 'while':
            # the driver may unroll the loop: its counter may be any of 0..limit
            self.loop(s['body'], s['n'], AV(range(s['limit'] + 1), runtime=True), s['c'])
        elif kind == 'break':
            self.loops[-1][0].append(self.env)
            self.env = None
        elif kind == 'continue':
            self.loops[-1][1].append(self.env)
            self.env = None
        else:
            raise ValueError(kind)

    def loop(self, body, counter, counter_av, cond=None):
        """A loop: the body from the join of the entry and every way back,
        to a fixpoint (after 8 rounds, whatever still changes may be any
        constant); the exit is the join of the loop head and the breaks."""
        head = dict(self.env)
        head[counter] = counter_av
        breaks = []
        for rounds in range(10):
            self.env = dict(head)
            if cond is not None:
                self.expr(cond)
            self.loops.append(([], []))
            self.block(body)
            brk, cont = self.loops.pop()
            breaks += brk
            new = join_env(head, self.env)
            for c in cont:
                new = join_env(new, c)
            new[counter] = counter_av
            if new == head:
                break
            if rounds >= 8:
                new = {n: (v if head.get(n) == v else AV(v.consts, True, True, v.parts)) for n, v in new.items()}
            head = new
        self.env = head
        for b in breaks:
            self.env = join_env(self.env, b)

    def run(self):
        k = self.k
        k['_larray_names'] = {n for n, _, _ in k.get('larrays', [])}
        self.env = {'i': RUNTIME}
        for n, _ in k['scalars']:
            self.env[n] = RUNTIME
        self.checking = True
        try:
            self.block(k['body'])
        finally:
            del k['_larray_names']
        return self.found


def join_env(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return {n: join(a.get(n), b.get(n)) for n in set(a) | set(b)}


def hazards(kernel, devfuncs):
    """Descriptions of the float operations of a generated kernel (and its
    device functions, as inlined at their calls) that may have an operand
    the driver sees as a constant zero; empty if there are none."""
    return Analysis(kernel, devfuncs).run()


class Tracker:
    """The same abstraction while a kernel is being generated: the union of
    the values assigned so far (in generation order), so that the generator
    can avoid writing an operand that may be a constant zero. Device
    function parameters count as run-time (the calls' arguments are drawn
    not to be constant zeros); `hazards` checks the finished kernel."""

    def __init__(self, iw):
        self.a = Analysis({'iw': iw, 'larrays': [], 'scalars': [], 'body': []}, [])
        self.a.generating = True
        self.a.k['_larray_names'] = set()
        self.env = {'i': RUNTIME}

    def add_larray(self, name):
        self.a.k['_larray_names'].add(name)

    def runtime(self, name):
        self.env[name] = RUNTIME

    def value(self, e):
        self.a.env = dict(self.env)
        return self.a.expr(e)

    def may_be_zero(self, e, t=None):
        """Whether expression e may be (or, for complex, have a part that
        is) a constant zero."""
        if e['t'] == 'b':
            return True     # b2f(c): a select of 1.0 and 0.0 (Analysis.check_binop)
        v = self.value(e)
        if isinstance(v, tuple):
            return False
        if is_complex(e['t']) or (t is not None and is_complex(t)):
            return any(maybe_zero(p) for p in as_complex_operand(v, e['t']))
        return maybe_zero(v)

    def note(self, s):
        """Records statement s (its assignments, loop counters and private
        array stores; nested statements included)."""
        self.a.env = dict(self.env)
        self.a.loops.append(([], []))     # s may be a break or continue of the loop being generated
        self.a.stmt(s)
        self.a.loops.pop()
        if self.a.env is not None:
            self.env = join_env(self.env, self.a.env)

    def set_devfunc_result(self, name, av):
        self.a.dret[name] = av
