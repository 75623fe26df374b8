from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = 1
  	  x[1] = 2
# EXPECT: 7:6
