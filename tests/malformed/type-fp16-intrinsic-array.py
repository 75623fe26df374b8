from numba import cuda
from numba.cuda import fp16


@cuda.jit("void(float16[::1])")
def k(a):
    a[0] = fp16.hadd(a, a[1])
# EXPECT: 7:22
