"""cuda.laneid and cuda.warpsize in a kernel without subgroup operations
(they need the GroupNonUniform capability all the same)."""
from numba import cuda


@cuda.jit("void(int32[::1])")
def lanes(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = cuda.laneid + 1000 * cuda.warpsize
