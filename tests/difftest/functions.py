"""The builtins, conversions and math functions the generator calls: their
spelling, Numba typing (docs/math.md's table, numba-cuda's templates) and the
reference value.

Exact functions (conversions, abs/min/max, sqrt, floor, fmod, copysign,
np.maximum, predicates, ...) must match bit for bit. Approximate ones (sin,
exp, pow, ...) are compared within ULP_TOLERANCE ulps of the result type:
docs/math.md promises 2 ulp for float64 and 1.5 ulp for float32; the
reference is NumPy's float64 function (glibc, < 1 ulp), rounded once for
float32, so the bounds here add the reference's own error.
"""
import math

import mpmath
import numpy as np

from programs import CALL_SPELLING, INTS, NP_NAME, bits, is_int, is_float, is_complex, complex_part
from semantics import NPT, Undefined, cast, make_complex, re_im, float_result, int_range, wrap

# ------------------------------------------------------------ typing helpers


def math_type1(t):
    """math.f(x): float32 stays float32, every other number gives float64."""
    return 'f32' if t == 'f32' else 'f64'


def math_type2(a, b):
    return 'f32' if a == b == 'f32' else 'f64'


def np_type1(t):
    """np.f(x): floats keep their width; bool and <= 16-bit ints give
    float32, wider ints float64."""
    if is_float(t):
        return t
    if t == 'b' or (is_int(t) and bits(t) <= 16):
        return 'f32'
    return 'f64'


def np_type2(a, b):
    ta, tb = np_type1(a), np_type1(b)
    return 'f64' if 'f64' in (ta, tb) else 'f32'


# ------------------------------------------------------------ approximate functions

def _safe(fn):
    def g(x):
        try:
            return fn(x)
        except (ValueError, ZeroDivisionError):
            return math.nan
        except OverflowError:
            return math.inf
    return g


def _gamma(x):
    if x == 0:
        return math.copysign(math.inf, x)
    if math.isinf(x):
        return math.inf if x > 0 else math.nan
    if x < 0 and x == math.floor(x):
        return math.nan
    try:
        return math.gamma(x)
    except OverflowError:
        return math.inf if x > 0 or math.floor(x) % 2 == 0 else -math.inf


def _lgamma(x):
    """log|Γ(x)|, correctly rounded (mpmath at 128 bits). Not CPython's
    math.lgamma: its Lanczos sum loses relative accuracy near the zeros at
    1 and 2 (lgamma(1.4601104347069729) 27 ulp off, lgamma(2.0667205429666584)
    132 ulp), where numba-cuda's libdevice lgamma and nvc are right."""
    if math.isinf(x):
        return math.inf
    if math.isnan(x):
        return math.nan
    if x <= 0 and x == math.floor(x):
        return math.inf
    with mpmath.workprec(128):
        return float(mpmath.re(mpmath.loggamma(mpmath.mpf(x))))


def _deg(x):
    return x * (180.0 / math.pi)


def _rad(x):
    return x * (math.pi / 180.0)


APPROX1 = {   # name: (float64 implementation, ulps f64, ulps f32)
    'sin': (np.sin, 4, 2), 'cos': (np.cos, 4, 2), 'tan': (np.tan, 4, 2),
    'exp': (np.exp, 4, 2), 'expm1': (np.expm1, 4, 2), 'exp2': (np.exp2, 4, 2),
    'log': (np.log, 4, 2), 'log1p': (np.log1p, 4, 2), 'log2': (np.log2, 4, 2),
    'log10': (np.log10, 4, 2),
    'asin': (np.arcsin, 4, 2), 'acos': (np.arccos, 4, 2), 'atan': (np.arctan, 4, 2),
    'sinh': (np.sinh, 4, 2), 'cosh': (np.cosh, 4, 2), 'tanh': (np.tanh, 4, 2),
    'asinh': (np.arcsinh, 4, 2), 'acosh': (np.arccosh, 4, 2), 'atanh': (np.arctanh, 4, 2),
    'cbrt': (np.cbrt, 4, 2), 'erf': (_safe(math.erf), 6, 2), 'erfc': (_safe(math.erfc), 8, 2),
    'gamma': (_gamma, 16, 2), 'lgamma': (_lgamma, 16, 2),
    'degrees': (_deg, 2, 1), 'radians': (_rad, 2, 1),
}
# NumPy's spellings of the same functions
NP_APPROX1 = {'sin': 'sin', 'cos': 'cos', 'tan': 'tan', 'exp': 'exp', 'expm1': 'expm1',
              'exp2': 'exp2', 'log': 'log', 'log1p': 'log1p', 'log2': 'log2', 'log10': 'log10',
              'arcsin': 'asin', 'arccos': 'acos', 'arctan': 'atan', 'sinh': 'sinh',
              'cosh': 'cosh', 'tanh': 'tanh', 'arcsinh': 'asinh', 'arccosh': 'acosh',
              'arctanh': 'atanh', 'cbrt': 'cbrt', 'degrees': 'degrees', 'radians': 'radians',
              'rad2deg': 'degrees', 'deg2rad': 'radians'}
MATH_APPROX1 = [n for n in APPROX1 if n not in ('exp2',)] + ['exp2']
APPROX2 = {'atan2': (np.arctan2, 4, 2), 'hypot': (np.hypot, 2, 1), 'pow': (np.power, 4, 2)}
NP_APPROX2 = {'arctan2': 'atan2', 'hypot': 'hypot', 'power': 'pow'}


class Fn:
    """A callable the generator may use: `typer(arg types) -> result type or
    None`, `ev(args, arg types, result type, iw) -> value`, `ulps` None for
    exact functions."""

    def __init__(self, name, spelling, nargs, typer, ev, ulps=None, family=None):
        self.name, self.spelling, self.nargs = name, spelling, nargs
        self.typer, self.ev, self.ulps = typer, ev, ulps
        self.family = family or name
        CALL_SPELLING[name] = spelling


FUNCS = {}


def reg(*a, **kw):
    fn = Fn(*a, **kw)
    FUNCS[fn.name] = fn
    return fn


def _approx1(impl):
    def ev(args, ts, rt, iw):
        x = cast(args[0], ts[0], 'f64', iw)
        return NPT[rt](impl(float(x)) if not isinstance(impl, np.ufunc) else impl(np.float64(x)))
    return ev


def _approx2(impl):
    def ev(args, ts, rt, iw):
        x = cast(args[0], ts[0], 'f64', iw)
        y = cast(args[1], ts[1], 'f64', iw)
        return NPT[rt](impl(np.float64(x), np.float64(y)))
    return ev


def _real1(t):
    return t == 'b' or is_int(t) or is_float(t)


for _n, (_impl, _u64, _u32) in APPROX1.items():
    reg('math.' + _n, 'math.' + _n, 1, lambda ts: math_type1(ts[0]) if _real1(ts[0]) else None,
        _approx1(_impl), ulps=(_u64, _u32), family=_n)
for _np, _n in NP_APPROX1.items():
    _impl, _u64, _u32 = APPROX1[_n]
    reg('np.' + _np, 'np.' + _np, 1, lambda ts: np_type1(ts[0]) if _real1(ts[0]) else None,
        _approx1(_impl), ulps=(_u64, _u32), family=_n)
for _n, (_impl, _u64, _u32) in APPROX2.items():
    reg('math.' + _n, 'math.' + _n, 2,
        lambda ts: math_type2(*ts) if _real1(ts[0]) and _real1(ts[1]) else None,
        _approx2(_impl), ulps=(_u64, _u32), family=_n)
# np.power of two integers has NumPy's integer loops (int16 ** int16 is
# int16 in NumPy, numba-cuda and nvc), which this float model does not
# compute (FOUND.md #28): the typer refuses integer pairs, so they are not
# generated. (np.fmod's integer loops are modelled: np_fmod_type below.)
def _int_pair(ts):
    return all(t == 'b' or is_int(t) for t in ts)


for _np, _n in NP_APPROX2.items():
    _impl, _u64, _u32 = APPROX2[_n]
    reg('np.' + _np, 'np.' + _np, 2,
        lambda ts, _np=_np: (np_type2(*ts) if _real1(ts[0]) and _real1(ts[1]) and
                             not (_np == 'power' and _int_pair(ts)) else None),
        _approx2(_impl), ulps=(_u64, _u32), family=_n)


def _abs_complex(args, ts, rt, iw):
    r, i = re_im(args[0], ts[0])
    return NPT[rt](np.hypot(np.float64(r), np.float64(i)))


reg('abs_c', 'abs', 1, lambda ts: complex_part(ts[0]) if is_complex(ts[0]) else None,
    _abs_complex, ulps=(2, 1), family='abs_complex')

# ------------------------------------------------------------ exact functions


def _abs(args, ts, rt, iw):
    from semantics import wrap
    x = args[0]
    if is_int(rt):
        return wrap(abs(x), rt, iw)   # abs(int8(-128)) wraps to -128, as Numba's int8 abs
    return NPT[rt](abs(x))


reg('abs', 'abs', 1, lambda ts: ts[0] if is_int(ts[0]) or is_float(ts[0]) else None, _abs)


def _minmax(is_max):
    def ev(args, ts, rt, iw):
        a = cast(args[0], ts[0], rt, iw)
        b = cast(args[1], ts[1], rt, iw)
        # Python's algorithm (numba's do_minmax): the second wins only if strictly better
        if is_max:
            return b if b > a else a
        return b if b < a else a
    return ev


reg('max', 'max', 2, lambda ts: ts[0] if ts[0] == ts[1] and ts[0] != 'b' and not is_complex(ts[0]) else None,
    _minmax(True))
reg('min', 'min', 2, lambda ts: ts[0] if ts[0] == ts[1] and ts[0] != 'b' and not is_complex(ts[0]) else None,
    _minmax(False))


def _np_minmax(kind):
    """numba's lowering (npyfuncs.py, np_real_maximum_impl and friends), not
    NumPy's loops, whose SIMD paths pick either zero of np.maximum(0.0, -0.0)
    (-0.0 on this machine's NumPy): maximum/minimum give the first NaN
    operand, fmax/fmin the non-NaN one; otherwise a if a >= b (a <= b) else b."""
    def ev(args, ts, rt, iw):
        a = NPT[rt](cast(args[0], ts[0], rt, iw))
        b = NPT[rt](cast(args[1], ts[1], rt, iw))
        if np.isnan(a) or np.isnan(b):
            if kind in ('maximum', 'minimum'):
                return a if np.isnan(a) else b
            return a if np.isnan(b) else b
        if kind in ('maximum', 'fmax'):
            return a if a >= b else b
        return a if a <= b else b
    return ev


for _k in ('maximum', 'minimum', 'fmax', 'fmin'):
    reg('np.' + _k, 'np.' + _k, 2, lambda ts: ts[0] if ts[0] == ts[1] and is_float(ts[0]) else None,
        _np_minmax(_k), family='np.' + _k)


def _int_builtin(ts):
    t = ts[0]
    if is_int(t):
        return t
    if t == 'b' or is_float(t):
        return 'i64'
    return None


reg('int', 'int', 1, _int_builtin, lambda args, ts, rt, iw: cast(args[0], ts[0], rt, iw))
reg('float', 'float', 1, lambda ts: 'f64' if is_int(ts[0]) else (ts[0] if is_float(ts[0]) else None),
    lambda args, ts, rt, iw: cast(args[0], ts[0], rt, iw))
reg('bool', 'bool', 1, lambda ts: 'b', lambda args, ts, rt, iw: cast(args[0], ts[0], 'b', iw))


def _complex_ctor(args, ts, rt, iw):
    p = complex_part(rt)
    return make_complex(cast(args[0], ts[0], p, iw), cast(args[1], ts[1], p, iw), rt)


reg('complex', 'complex', 2,
    lambda ts: ('c64' if ts[0] == ts[1] == 'f32' else 'c128') if all(_real1(t) for t in ts) else None,
    _complex_ctor)

# NumPy scalar constructors: conversions
for _t in ['b'] + INTS + ['f32', 'f64']:
    from programs import NP_NAME
    reg('np.' + NP_NAME[_t], 'np.' + NP_NAME[_t], 1,
        (lambda t: lambda ts: t if not is_complex(ts[0]) else None)(_t),
        (lambda t: lambda args, ts, rt, iw: cast(args[0], ts[0], t, iw))(_t), family='cast')


def _math_round(kind):
    def ev(args, ts, rt, iw):
        x = args[0]
        if is_int(ts[0]):
            return x
        fn = {'floor': math.floor, 'ceil': math.ceil, 'trunc': math.trunc}[kind]
        if x != x or math.isinf(x):
            raise Undefined('math.%s(%r)' % (kind, x))
        v = fn(float(x))
        lo, hi = int_range('i64', iw)
        if not lo <= v <= hi:
            raise Undefined('math.%s out of range' % kind)
        return v
    return ev


for _k in ('floor', 'ceil', 'trunc'):
    reg('math.' + _k, 'math.' + _k, 1,
        lambda ts: ts[0] if is_int(ts[0]) else ('i64' if is_float(ts[0]) else None), _math_round(_k))


def _np_round(kind):
    def ev(args, ts, rt, iw):
        x = cast(args[0], ts[0], rt, iw)
        fn = {'floor': np.floor, 'ceil': np.ceil, 'trunc': np.trunc, 'rint': np.rint, 'fabs': np.fabs,
              'sqrt': np.sqrt, 'sign': np.sign, 'square': np.square}[kind]
        r = NPT[rt](fn(x))
        if kind == 'sign' and r == 0:
            r = NPT[rt](0.0)   # np.sign(-0.0) is +0 in nvc's documented semantics (docs/math.md)
        return r
    return ev


for _k in ('floor', 'ceil', 'trunc', 'rint', 'fabs', 'sqrt'):
    reg('np.' + _k, 'np.' + _k, 1, lambda ts: np_type1(ts[0]) if _real1(ts[0]) else None, _np_round(_k))
for _k in ('sign', 'square'):
    reg('np.' + _k, 'np.' + _k, 1, lambda ts: ts[0] if is_float(ts[0]) else None, _np_round(_k))


def _math_exact1(kind):
    def ev(args, ts, rt, iw):
        x = cast(args[0], ts[0], rt, iw)
        return NPT[rt]({'sqrt': np.sqrt, 'fabs': np.fabs}[kind](x))
    return ev


reg('math.sqrt', 'math.sqrt', 1, lambda ts: math_type1(ts[0]) if _real1(ts[0]) else None, _math_exact1('sqrt'))
reg('math.fabs', 'math.fabs', 1, lambda ts: math_type1(ts[0]) if _real1(ts[0]) else None, _math_exact1('fabs'))


def _exact2(kind):
    def ev(args, ts, rt, iw):
        x = cast(args[0], ts[0], rt, iw)
        y = cast(args[1], ts[1], rt, iw)
        if kind == 'copysign' and np.isnan(y):
            raise Undefined(NAN_SIGN)
        return NPT[rt]({'copysign': np.copysign, 'fmod': np.fmod}[kind](x, y))
    return ev


def np_int_loop2(a, b):
    """The loop NumPy's binary ufuncs with integer loops (np.fmod) pick for
    two integer or bool operands, as numba-cuda types them: their common
    type; two bools: int8 (no bool loop); int64 with uint64: float64 (no
    integer type holds both)."""
    t = np.result_type(np.dtype(NP_NAME[a]), np.dtype(NP_NAME[b]))
    if t == np.bool_:
        return 'i8'
    if t.kind == 'f':
        return 'f64'
    return next(k for k in INTS if np.dtype(NP_NAME[k]) == t)


def np_fmod_type(a, b):
    if (a == 'b' or is_int(a)) and (b == 'b' or is_int(b)):
        return np_int_loop2(a, b)
    return np_type2(a, b)


def _np_fmod(args, ts, rt, iw):
    """np.fmod: C's fmod of floats; of integers the remainder with the
    dividend's sign, 0 for a zero divisor (NumPy's npy_fmod, numba-cuda's
    np_int_fmod_impl)."""
    x = cast(args[0], ts[0], rt, iw)
    y = cast(args[1], ts[1], rt, iw)
    if is_float(rt):
        return NPT[rt](np.fmod(x, y))
    if y == 0:
        return 0
    r = abs(x) % abs(y)
    return wrap(-r if x < 0 else r, rt, iw)


for _k in ('copysign', 'fmod'):
    reg('math.' + _k, 'math.' + _k, 2, lambda ts: math_type2(*ts) if all(_real1(t) for t in ts) else None,
        _exact2(_k))
reg('np.copysign', 'np.copysign', 2, lambda ts: np_type2(*ts) if all(_real1(t) for t in ts) else None,
    _exact2('copysign'))
reg('np.fmod', 'np.fmod', 2, lambda ts: np_fmod_type(*ts) if all(_real1(t) for t in ts) else None,
    _np_fmod)


# The sign bit of a NaN that arithmetic made is the machine's: x86 (NumPy
# here) makes negative NaNs (0.0 * inf, inf - inf), NVIDIA GPUs and lavapipe
# positive ones, and NaN operands need not keep their sign. signbit(NaN) and
# copysign(x, NaN) are therefore not compared (an invocation reaching them
# is undefined): numba-cuda gives False where the reference gave True for
# np.signbit(inf // 1.0) (FOUND.md #12).
NAN_SIGN = 'the sign of a NaN'


def _pred(kind, npver):
    def ev(args, ts, rt, iw):
        x = args[0]
        if not is_float(ts[0]):
            return {'isnan': False, 'isinf': False, 'isfinite': True, 'signbit': x < 0}[kind]
        if kind == 'signbit' and np.isnan(x):
            raise Undefined(NAN_SIGN)
        return bool({'isnan': np.isnan, 'isinf': np.isinf, 'isfinite': np.isfinite,
                     'signbit': np.signbit}[kind](x))
    return ev


for _k in ('isnan', 'isinf', 'isfinite'):
    reg('math.' + _k, 'math.' + _k, 1, lambda ts: 'b' if is_float(ts[0]) or is_int(ts[0]) else None,
        _pred(_k, False))
for _k in ('isnan', 'isinf', 'isfinite', 'signbit'):
    reg('np.' + _k, 'np.' + _k, 1, lambda ts: 'b' if is_float(ts[0]) else None, _pred(_k, True))


def _where(args, ts, rt, iw):
    return args[1] if args[0] else args[2]


reg('np.where', 'np.where', 3, lambda ts: ts[1] if ts[0] == 'b' and ts[1] == ts[2] and not is_complex(ts[1]) else None,
    _where)


def _divmod(args, ts, rt, iw):
    from semantics import int_divmod, float_divmod, mixed_int_result
    et = rt[len('tup:'):].split(',')[0]
    x = cast(args[0], ts[0], et, iw)
    y = cast(args[1], ts[1], et, iw)
    if is_int(et):
        return int_divmod(x, y, et, iw)
    if y == 0:
        return NPT[et](x / y), NPT[et](np.fmod(x, y))
    return float_divmod(x, y, et)


def _divmod_type(ts):
    from semantics import mixed_int_result
    a, b = ts
    if (is_int(a) or a == 'b') and (is_int(b) or b == 'b'):
        r = mixed_int_result(a, b)
        return None if r is None else 'tup:%s,%s' % (r, r)
    if a == b and is_float(a):
        return 'tup:%s,%s' % (a, a)
    return None


reg('divmod', 'divmod', 2, _divmod_type, _divmod)


def _conj(args, ts, rt, iw):
    r, i = re_im(args[0], ts[0])
    return make_complex(r, -i, rt)
