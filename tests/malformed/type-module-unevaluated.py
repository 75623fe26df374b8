import numpy as np
from numba import cuda

table = np.random.rand(8)


@cuda.jit("void(float64[::1])")
def k(x):
    x[0] = table[0]
# EXPECT: 9:12
# EXPECT-MSG: cannot evaluate module-level 'table' (assigned at line 4) when the kernel is compiled: nvc freezes numbers, typed numbers, tuples of them, dtypes and NumPy arrays from np.array/arange/linspace (and their slices)
