# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# The one mask rule of every *_sync function: 0xffffffff or the result of
# cuda.activemask() (also through a variable only ever assigned that);
# anything else, here a mask computed from the lane, is an error.
from numba import cuda


@cuda.jit("void(int32[::1])")
def masks(x):
    i = cuda.grid(1)
    m = cuda.activemask()
    x[i] = cuda.ballot_sync(m, x[i] > 0)
    lanes = cuda.activemask()
    lanes = lanes & 0xffff
    x[i] = cuda.ballot_sync(lanes, x[i] > 0)

# CHECK: subgroup-mask-ballot.py:15:29: error: cuda.ballot_sync() supports only a mask of all active lanes (0xffffffff or cuda.activemask())
