"""Grid-stride loops from the GPU workshop (000, "Writing a kernel"): a
fixed-size grid covers arrays of any length. Two spellings of the same
adder: with cuda.grid/cuda.gridsize, and with the thread and block indices.
"""
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def adder_gpu(xs, ys, zs):
    for i in range(cuda.grid(1), len(xs), cuda.gridsize(1)):
        zs[i] = xs[i] + ys[i]


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def adder_indices(xs, ys, zs):
    i0 = cuda.blockDim.x * cuda.blockIdx.x + cuda.threadIdx.x
    step = cuda.blockDim.x * cuda.gridDim.x

    for i in range(i0, len(xs), step):
        zs[i] = xs[i] + ys[i]
