"""numba's high-level extension API in kernels (docs/language.md, "Overloads"):
@overload typing functions evaluated when the kernel is compiled, choosing an
implementation by the arguments' Numba types (isinstance of types.Float,
types.Integer, types.Array, x.ndim, x.dtype, x.bitwidth, literal types),
closures using the typing function's values, keyword arguments and defaults,
the most specific target (cuda over generic), overloads calling overloads,
@overload_method on arrays, register_jitable, an implementation that is a
function of the module and one that returns a view of its argument."""
import math

import numpy as np
from numba import cuda, types
from numba.core import errors
from numba.extending import overload, overload_method, register_jitable


def clip_unit(x):
    """Host version: clamps to [0, 1] (integers: to {0, 1})."""
    return min(max(x, 0), 1)


@overload(clip_unit, target="generic")
def ol_clip_unit_generic(x):
    # Never chosen on the GPU while the cuda overload below applies.
    def impl(x):
        return x * 1000
    return impl


@overload(clip_unit, target="cuda")
def ol_clip_unit(x):
    if isinstance(x, types.Float):
        zero, one = x(0), x(1)     # numba: floats of x's own width

        def impl(x):
            return min(max(x, zero), one)
        return impl
    if isinstance(x, types.Integer):
        if x.signed:
            def impl(x):
                return 1 if x > 0 else 0
        else:
            def impl(x):
                return 1 if x != 0 else 0
        return impl
    raise errors.TypingError("clip_unit() takes a number, not %s" % x)


def poly(x, c=2.0, d=1):
    return c * x * x + d


@overload(poly)
def ol_poly(x, c=2.0, d=1):
    # Keyword arguments and defaults: numba binds them to the implementation.
    if not isinstance(x, types.Number):
        return None
    shift = 0.25 if x.bitwidth == 64 else 0.0

    def impl(x, c=2.0, d=1):
        return c * x * x + d + shift
    return impl


def row_total(a, i):
    pass


@register_jitable
def accumulate(a, i, lo, hi):
    s = 0.0
    for j in range(lo, hi):
        s += a[i, j]
    return s


@overload(row_total, target="cuda")
def ol_row_total(a, i):
    # Dispatch on the array's rank; the 2-D implementation calls a
    # register_jitable helper, the 1-D one another overloaded function.
    if not isinstance(a, types.Array):
        return None
    if a.ndim == 1:
        def impl(a, i):
            return poly(a[i], c=1.0, d=0)
        return impl
    if a.ndim == 2:
        ncols = 4

        def impl(a, i):
            return accumulate(a, i, 0, min(ncols, a.shape[1]))
        return impl


def pick(x, k):
    pass


@overload(pick, prefer_literal=True)
def ol_pick(x, k):
    # With prefer_literal=True, a constant k is a literal type first.
    if isinstance(k, types.IntegerLiteral):
        factor = k.literal_value * 10

        def impl(x, k):
            return x * factor
        return impl

    def impl(x, k):
        return x * k
    return impl


def _halve(x):
    return x // 2


def halve(x):
    pass


@overload(halve)
def ol_halve(x):
    # The implementation may be a function of the module.
    if isinstance(x, types.Integer):
        return _halve
    return lambda x: x * 0.5


@overload_method(types.Array, "scaled_at")
def ol_scaled_at(arr, i, factor=2):
    if isinstance(arr.dtype, types.Float):
        def impl(arr, i, factor=2):
            return arr[i] * factor
        return impl


def column(a, j):
    pass


@overload(column)
def ol_column(a, j):
    # Returns a view of the argument (numba returns arrays by reference).
    if isinstance(a, types.Array) and a.ndim == 2:
        return lambda a, j: a[:, j]


@cuda.jit("void(float32[::1], float64[::1], int32[::1], uint8[::1], float64[:, ::1], "
          "float32[::1], float64[::1], int64[::1], float64[::1])")
def overloads(x, y, n, u, m, out_f, out_d, out_i, out_r):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out_f[i] = clip_unit(x[i]) + x.scaled_at(i)
        out_d[i] = poly(y[i]) + poly(y[i], c=0.5) + poly(y[i], 3.0, d=2) + halve(y[i])
        out_i[i] = clip_unit(n[i]) + 10 * clip_unit(u[i]) + pick(n[i], 3) + pick(n[i], n[i]) \
            + halve(n[i])
        out_r[i] = row_total(m, i) + row_total(y, i) + y.scaled_at(i, factor=3) + column(m, 5)[i]
