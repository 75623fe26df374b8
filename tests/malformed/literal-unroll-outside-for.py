from numba import cuda, literal_unroll


@cuda.jit("void(float64[::1])")
def k(out):
    t = literal_unroll((1.0, 2.0))
    out[0] = t[0]
# EXPECT: 6:9
