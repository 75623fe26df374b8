from numba import cuda


@cuda.jit("int32(int32)", device=True)
def f(a):
    return a * 3


@cuda.jit("void(float32[::1])")
def k(x):
    x[0] = f(x)
# EXPECT: 11:12
# EXPECT-MSG: no signature of 'f' accepts (array(float32, 1d, C)): it is declared as int32(int32)
