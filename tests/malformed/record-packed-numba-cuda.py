import numpy as np
from numba import cuda

rec = np.dtype([("a", "int32"), ("b", "float64")])


@cuda.jit("void(rec[:])")
def k(a):
    a[0].a = a[0].b
# EXPECT: 8:7
