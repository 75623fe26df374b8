"""Module-level host code (a class, try/with blocks holding f-strings and
lambdas) is ignored; tuple unpacking, a dtype alias, a slice of a frozen array
and shapes computed from constants are frozen (before, each was an error)."""
import numpy as np
import numba
from numba import cuda


class Plotter:
    def show(self, data):
        print(f"{len(data)} values", {k: v for k, v in data.items()})


try:
    import matplotlib
except ImportError:
    matplotlib = None
finally:
    pass

with open(__file__) as f:
    SOURCE = f.read()

a, b = 2, 8
(c, d), e = (3, 4), 5
dt = numba.boolean
W = np.array([1.0, 2.0, 4.0])[::-1]
TILE = 4
SH = (TILE, TILE + 1)


@cuda.jit("void(float64[::1])")
def k(out):
    i = cuda.grid(1)
    s = cuda.shared.array(SH, numba.float64)
    t = cuda.shared.array((TILE, TILE + 1), numba.float64)
    flags = cuda.local.array(3, dt)
    flags[0] = i > 3
    s[0, 0] = 1.0
    t[1, 4] = 2.0
    out[i] = a + b + c + d + e + W[0] + s[0, 0] + t[1, 4] + (1.0 if flags[0] else 0.0)
