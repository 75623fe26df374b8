from numba import cuda


SIG = "void(float32[::1])"


@cuda.jit(SIG)
def k(x):
    pass
# EXPECT: 7:11
