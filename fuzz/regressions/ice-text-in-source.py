from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = 1 +  # internal compiler error: text in the source line is not a finding
