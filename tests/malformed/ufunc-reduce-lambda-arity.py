from numba import cuda

neg_reduce = cuda.reduce(lambda a: -a)
# EXPECT: 3:1
