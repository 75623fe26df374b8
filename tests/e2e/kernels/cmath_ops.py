"""cmath and complex math on the GPU: cmath.exp/sqrt/phase/polar/rect,
np.exp of a complex, abs of a complex (complex128)."""
import cmath
import numpy as np
from numba import cuda


@cuda.jit("void(complex128[::1], complex128[::1], float64[:, ::1])")
def cmath_ops(z, out, reals):
    i = cuda.grid(1)
    if i < z.shape[0]:
        w = z[i]
        out[i] = cmath.exp(w) + cmath.sqrt(w) * 2 - np.exp(w * 0.5j)
        r, phi = cmath.polar(w)
        reals[i, 0] = abs(w)
        reals[i, 1] = cmath.phase(w)
        reals[i, 2] = r - abs(cmath.rect(r, phi))
        reals[i, 3] = phi
