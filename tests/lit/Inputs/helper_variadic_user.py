from numba import cuda
from helper_variadic import impl


@cuda.jit("void(float64[::1])")
def k(r):
    r[0] = impl(1.0)
