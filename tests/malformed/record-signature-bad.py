from numba import cuda


@cuda.jit("void(Record(x[type=float32;offset=0];4;Maybe))")
def k(r):
    r.x = 1.0
# EXPECT: 4:11
