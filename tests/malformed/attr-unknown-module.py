import scipy
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = scipy.pi
# EXPECT: 7:12
