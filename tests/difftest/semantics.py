"""Numba's typing and semantics of scalar operations, the reference of the
differential tester.

Typing follows numba-cuda's templates (numba_cuda/numba/cuda/typing/
builtins.py): integer operators resolve to signatures over int64/uint64 only
(`integer_binop_cases`, result signed if either operand is), shifts take the
left operand's signedness (`BitwiseShiftOperation`), float32 ** int stays
float32, int / int is float64, mixing an integer of 32 or more bits with
float32 gives float64. Semantics follow its lowering (cpython/numbers.py):
integer // and % floor (CPython's divmod), x // 0 == x % 0 == 0 and
MIN // -1 == 0 (numba.cuda's error model), float // and % by CPython's
float_divmod algorithm (division by zero: x / 0 and fmod), ** with an integer
exponent by repeated squaring, complex division by CPython's _Py_c_quot,
min/max by Python's comparison (max(a, b) is b if b > a else a).

Integer width: `iw` is 32 or 64. With 32 (nvc's default), int64 and uint64
are computed in 32 bits (docs/language.md, "Precision"): their values wrap
at 2^31 / 2^32. Values are Python ints already wrapped to their type's
machine width, Python bools, np.float32/np.float64 and np.complex64/
np.complex128.

An operation whose result Numba leaves undefined (a float converted to an
integer it does not fit, a shift count out of range, complex division by
zero) raises Undefined: the invocation's results are not compared.
"""
import math
from fractions import Fraction

import numpy as np

from programs import INTS, FLOATS, COMPLEX, bits, is_int, is_float, is_complex, is_signed, complex_part


# IEEE results (inf, NaN) are the point, not warnings; set once (an
# np.errstate per operation costs more than the operation).
np.seterr(all='ignore')


class Undefined(Exception):
    """The program's behaviour is undefined for this invocation."""


NPT = {'f32': np.float32, 'f64': np.float64, 'c64': np.complex64, 'c128': np.complex128}


def mw(t, iw):
    """Machine width of an integer type under integer width `iw`."""
    b = bits(t)
    return 32 if (b == 64 and iw == 32) else b


def int_range(t, iw):
    m = mw(t, iw)
    if is_signed(t):
        return -(1 << (m - 1)), (1 << (m - 1)) - 1
    return 0, (1 << m) - 1


_WRAP = {}   # (t, iw) -> (mask, sign bit or 0, modulus)


def wrap(v, t, iw):
    w = _WRAP.get((t, iw))
    if w is None:
        m = mw(t, iw)
        w = _WRAP[(t, iw)] = ((1 << m) - 1, (1 << (m - 1)) if is_signed(t) else 0, 1 << m)
    v &= w[0]
    if w[1] and v >= w[1]:
        v -= w[2]
    return v


# ------------------------------------------------------------ float helpers

def round_fraction(q, t):
    """Rounds an exact rational (or int) to float type t, to nearest even,
    with overflow to inf and gradual underflow."""
    if t == 'f64':
        mant, emin, emax = 53, -1074, 1023
    else:
        mant, emin, emax = 24, -149, 127
    q = Fraction(q)
    if q == 0:
        return NPT[t](0.0)
    sign = -1 if q < 0 else 1
    q = abs(q)
    # exponent e with 2^e <= q < 2^(e+1)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    ulp_exp = max(e - mant + 1, emin)
    scaled = q / (Fraction(2) ** ulp_exp)
    n = scaled.numerator // scaled.denominator
    rem = scaled - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
        n += 1
    if n * Fraction(2) ** ulp_exp >= Fraction(2) ** (emax + 1):
        return NPT[t](sign * math.inf)
    return NPT[t](sign * math.ldexp(float(n), ulp_exp)) if n < 2 ** 53 else NPT[t](sign * float(n * Fraction(2) ** ulp_exp))


def int_to_float(v, t):
    """Correctly rounded conversion of an integer (sitofp/uitofp)."""
    if abs(v) < 2 ** 53:
        return NPT[t](float(v))   # exact in float64, then one rounding
    return round_fraction(v, t)


def f(v, t):
    return NPT[t](v)


def is_nan(v):
    return v != v


# ------------------------------------------------------------ conversions

def cast(v, src, dst, iw):
    """Numba's context.cast of value v from type src to dst."""
    if src == dst:
        return v
    if dst == 'b':
        if is_complex(src):
            return bool(v.real != 0 or v.imag != 0)
        return bool(v != 0)
    if is_int(dst):
        if src == 'b':
            return int(v)
        if is_int(src):
            return wrap(v, dst, iw)
        if is_float(src):
            if is_nan(v) or math.isinf(v):
                raise Undefined('float to int of %r' % v)
            tv = math.trunc(float(v))
            lo, hi = int_range(dst, iw)
            if not lo <= tv <= hi:
                raise Undefined('float to int out of range %r -> %s' % (v, dst))
            return tv
        raise TypeError((src, dst))
    if is_float(dst):
        if src == 'b':
            return NPT[dst](1.0 if v else 0.0)
        if is_int(src):
            return int_to_float(v, dst)
        if is_float(src):
            return NPT[dst](v)
        raise TypeError((src, dst))
    if is_complex(dst):
        p = complex_part(dst)
        if is_complex(src):
            return NPT[dst](complex(cast(f(v.real, complex_part(src)), complex_part(src), p, iw),
                                    cast(f(v.imag, complex_part(src)), complex_part(src), p, iw)))
        return make_complex(cast(v, src, p, iw), NPT[p](0.0), dst)
    raise TypeError((src, dst))


def make_complex(re_, im, t):
    z = NPT[t](0)
    # build without arithmetic so that NaN/inf/-0 parts survive unchanged
    arr = np.array([z])
    arr.real = re_
    arr.imag = im
    return arr[0]


def re_im(z, t):
    p = complex_part(t)
    return NPT[p](z.real), NPT[p](z.imag)


# ------------------------------------------------------------ typing

def int_result(*ts):
    """choose_result_int over int64/uint64: signed if any operand is (bool
    counts as signed), 64 bits."""
    return 'i64' if any(t == 'b' or is_signed(t) for t in ts) else 'u64'


def float_result(a, b):
    """The float type two real operands (at least one float) resolve to."""
    def needs64(t):
        return t == 'f64' or (is_int(t) and bits(t) >= 32)
    return 'f64' if needs64(a) or needs64(b) else 'f32'


def complex_result(a, b):
    if 'c128' in (a, b) or 'f64' in (a, b) or any(is_int(t) for t in (a, b)):
        return 'c128'
    return 'c64'


def arith_type(op, a, b):
    """Result type of a binary arithmetic operator, or None where Numba's
    resolution is ambiguous or unsupported (those are never generated)."""
    intlike = lambda t: t == 'b' or is_int(t)
    if op in ('<<', '>>'):
        if not is_int(a) or not intlike(b):
            return None
        return 'i64' if is_signed(a) else 'u64'
    if op in ('&', '|', '^'):
        if a == 'b' and b == 'b':
            return 'b'
        if not (intlike(a) and intlike(b)):
            return None
        return mixed_int_result(a, b)
    if is_complex(a) or is_complex(b):
        if op not in ('+', '-', '*', '/'):
            return None
        return complex_result(a, b)
    if op == '**':
        if intlike(a) and intlike(b):
            return mixed_int_result(a, b)
        if is_float(a) and intlike(b) and b != 'b':
            return a
        return float_result(a, b)
    if op == '/':
        if intlike(a) and intlike(b):
            return 'f64' if mixed_int_result(a, b) else None
        return float_result(a, b)
    if intlike(a) and intlike(b):
        return mixed_int_result(a, b)
    return float_result(a, b)


def mixed_int_result(a, b):
    # bool with an unsigned integer resolves ambiguously: not generated
    if (a == 'b' and b.startswith('u')) or (b == 'b' and a.startswith('u')):
        return None
    return int_result(a, b)


def compare_type(a, b):
    """The common type of an ordered comparison, or None (not generated)."""
    if a == 'b' and b == 'b':
        return 'b'
    if is_complex(a) or is_complex(b):
        return None
    if (a == 'b') != (b == 'b'):
        other = b if a == 'b' else a
        return 'i64' if is_int(other) and is_signed(other) else None
    if is_int(a) and is_int(b):
        if is_signed(a) == is_signed(b):
            return 'i64' if is_signed(a) else 'u64'
        u = a if not is_signed(a) else b
        return 'i64' if bits(u) < 64 else None
    return float_result(a, b)


def unary_type(op, a):
    if op == 'not':
        return 'b'
    if op == '~':
        if a == 'b':
            return 'b'
        return ('i64' if is_signed(a) else 'u64') if is_int(a) else None
    # - and +
    if a == 'b':
        return 'i64'
    if is_int(a):
        return 'i64' if is_signed(a) else 'u64'
    return a


# ------------------------------------------------------------ evaluation

def float_divmod(x, y, t):
    """numba's real_divmod (CPython's float_divmod), y != 0, in type t."""
    T = NPT[t]
    x, y = T(x), T(y)
    mod = T(np.fmod(x, y))
    div = T((x - mod) / y)
    if mod != 0 or is_nan(mod):       # fcmp_unordered("!=")
        if (y < 0) != (mod < 0):
            div = T(div - T(1))
            mod = T(mod + y)
    else:
        mod = T(-0.0) if y < 0 else T(0.0)
    if div != 0 and not is_nan(div):   # fcmp_ordered("!=")
        floordiv = T(np.floor(div))
        if T(div - floordiv) > T(0.5):
            floordiv = T(floordiv + T(1))
    else:
        div = T(div * div)
        floordiv = T(T(div * x) / y)
    return floordiv, mod


def int_divmod(x, y, t, iw):
    if y == 0:
        return 0, 0
    lo, _ = int_range(t, iw)
    if is_signed(t) and x == lo and y == -1:
        return 0, 0
    q = x // y          # Python floors; so does Numba's signed divmod
    r = x - q * y
    if not is_signed(t):
        q, r = x // y, x % y
    return wrap(q, t, iw), wrap(r, t, iw)


def power_by_squaring(a, n, t):
    """numba's int_power/static_power for a float base: r *= a by squaring,
    1.0 / r for a negative exponent (rounded once into t)."""
    T = NPT[t]
    invert = n < 0
    e = -n if invert else n
    r = T(1.0)
    a = T(a)
    while e != 0:
        if e & 1:
            r = T(r * a)
        e >>= 1
        a = T(a * a)
    if invert:
        r = T(np.float64(1.0) / np.float64(r))
    return r


def complex_mul(x, y, t):
    p = complex_part(t)
    a, b = re_im(x, t)
    c, d = re_im(y, t)
    return make_complex(NPT[p](a * c - b * d) if False else NPT[p](NPT[p](a * c) - NPT[p](b * d)),
                        NPT[p](NPT[p](a * d) + NPT[p](b * c)), t)


def complex_div(x, y, t):
    """CPython's _Py_c_quot as numba lowers it; division by 0j raises
    ZeroDivisionError in Numba: undefined here."""
    P = NPT[complex_part(t)]
    ar, ai = re_im(x, t)
    br, bi = re_im(y, t)
    if br == 0 and bi == 0:
        raise Undefined('complex division by zero')
    nan = P(math.nan)
    if abs(br) >= abs(bi):
        if br == 0:
            return make_complex(nan, nan, t)
        ratio = P(bi / br)
        denom = P(br + P(bi * ratio))
        return make_complex(P(P(ar + P(ai * ratio)) / denom), P(P(ai - P(ar * ratio)) / denom), t)
    if bi == 0:
        return make_complex(nan, nan, t)
    ratio = P(br / bi)
    denom = P(P(br * ratio) + bi)
    return make_complex(P(P(P(ar * ratio) + ai) / denom), P(P(P(ai * ratio) - ar) / denom), t)


def binop(op, a, b, ta, tb, rt, iw):
    """Value of `a op b` (types ta, tb) with result type rt."""
    if op in ('<<', '>>'):
        x = cast(a, ta, rt, iw)
        n = cast(b, tb, rt, iw)
        m = mw(rt, iw)
        if not 0 <= n < m:
            raise Undefined('shift count %d' % n)
        if op == '<<':
            return wrap(x << n, rt, iw)
        if is_signed(rt):
            return x >> n
        return (x & ((1 << m) - 1)) >> n
    if rt == 'b':   # & | ^ of bools
        return {'&': a and b, '|': a or b, '^': a != b}[op]
    if op == '/' and (ta == 'b' or is_int(ta)) and (tb == 'b' or is_int(tb)):
        # int / int: both to their int64/uint64 signature types, then float64
        st = mixed_int_result(ta, tb)
        x = int_to_float(cast(a, ta, st if (ta == 'b' or is_signed(ta)) else 'u64', iw), 'f64')
        y = int_to_float(cast(b, tb, st if (tb == 'b' or is_signed(tb)) else 'u64', iw), 'f64')
        return np.float64(x / y)
    if op == '**' and is_float(rt) and (tb == 'b' or is_int(tb)):
        return power_by_squaring(cast(a, ta, rt, iw), cast(b, tb, 'i64' if is_signed(tb) else 'u64', iw), rt)
    x = cast(a, ta, rt, iw)
    y = cast(b, tb, rt, iw)
    if is_int(rt):
        if op == '+':
            return wrap(x + y, rt, iw)
        if op == '-':
            return wrap(x - y, rt, iw)
        if op == '*':
            return wrap(x * y, rt, iw)
        if op == '//':
            return int_divmod(x, y, rt, iw)[0]
        if op == '%':
            return int_divmod(x, y, rt, iw)[1]
        if op == '&':
            return wrap(x & y, rt, iw)
        if op == '|':
            return wrap(x | y, rt, iw)
        if op == '^':
            return wrap(x ^ y, rt, iw)
        if op == '**':
            if y < 0:
                raise Undefined('negative integer exponent')
            return wrap(pow(x, y, 1 << mw(rt, iw)), rt, iw)
    if is_float(rt):
        T = NPT[rt]
        if op == '+':
            return T(x + y)
        if op == '-':
            return T(x - y)
        if op == '*':
            return T(x * y)
        if op == '/':
            return T(x / y)
        if op == '//':
            return T(x / y) if y == 0 else float_divmod(x, y, rt)[0]
        if op == '%':
            return T(np.fmod(x, y)) if y == 0 else float_divmod(x, y, rt)[1]
        if op == '**':
            return T(np.power(x, y))
    if is_complex(rt):
        p = complex_part(rt)
        if op in ('+', '-'):
            xr, xi = re_im(x, rt)
            yr, yi = re_im(y, rt)
            P = NPT[p]
            if op == '+':
                return make_complex(P(xr + yr), P(xi + yi), rt)
            return make_complex(P(xr - yr), P(xi - yi), rt)
        if op == '*':
            return complex_mul(x, y, rt)
        if op == '/':
            return complex_div(x, y, rt)
    raise TypeError((op, ta, tb, rt))


def compare(op, a, b, ta, tb, iw):
    ct = compare_type(ta, tb)
    if ct is None:
        ct = ta  # == / != of complex
    x = cast(a, ta, ct, iw)
    y = cast(b, tb, ct, iw)
    if is_complex(ct):
        xr, xi = re_im(x, ct)
        yr, yi = re_im(y, ct)
        eq = bool(xr == yr and xi == yi)
        return eq if op == '==' else not eq
    return bool({'<': x < y, '<=': x <= y, '>': x > y, '>=': x >= y, '==': x == y, '!=': x != y}[op])


def unop(op, a, ta, rt, iw):
    if op == 'not':
        return not cast(a, ta, 'b', iw)
    if op == '~':
        if ta == 'b':
            return not a
        return wrap(~cast(a, ta, rt, iw), rt, iw)
    x = cast(a, ta, rt, iw)
    if op == '+':
        return x
    if is_int(rt):
        return wrap(-x, rt, iw)
    if is_float(rt):
        return NPT[rt](-x)
    r, i = re_im(x, rt)
    return make_complex(-r, -i, rt)
