# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_transpose.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernel the tests launch, numba.cuda.kernels.transpose.transpose's
# `kernel` (numba_cuda/numba/cuda/kernels/transpose.py), as upstream wrote it.
#
# transpose(a, b) builds the kernel per call, with two closure variables that
# become module constants here: tile_shape = (tile_height, tile_width + 1),
# from the device's MAX_THREADS_PER_BLOCK (1024 on current GPUs: 32 x 32 tiles),
# and dt = nps.from_dtype(a.dtype). dt differs between the tests' dtypes, so
# the kernel appears once per dtype, named kernel_<dtype>, each with its own
# dt constant (dt_<dtype> in place of dt: the only change to the body).
import numpy as np
from numba import cuda
from numba.cuda import boolean, complex128, float64
from numba.cuda.np import numpy_support as nps

# tpb = driver.get_device().MAX_THREADS_PER_BLOCK (1024)
# we need to factor available threads into x and y axis
tile_width = 32  # int(math.pow(2, math.log(tpb, 2) / 2))
tile_height = 32  # int(tpb / tile_width)

tile_shape = (tile_height, tile_width + 1)

recordwith2darray = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])

# nps.from_dtype(a.dtype) of each test's dtype: Numba's scalar types for the
# scalar dtypes (written as those), a Record type for the structured one.
dt_float64 = float64
dt_complex128 = complex128
dt_bool = boolean
dt_record = nps.from_dtype(recordwith2darray)


# TestTranspose.test_transpose (float64 variants)
@cuda.jit
def kernel_float64(input, output):
    tile = cuda.shared.array(shape=tile_shape, dtype=dt_float64)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bx = cuda.blockIdx.x * cuda.blockDim.x
    by = cuda.blockIdx.y * cuda.blockDim.y
    x = by + tx
    y = bx + ty

    if by + ty < input.shape[0] and bx + tx < input.shape[1]:
        tile[ty, tx] = input[by + ty, bx + tx]
    cuda.syncthreads()
    if y < output.shape[0] and x < output.shape[1]:
        output[y, x] = tile[tx, ty]


# TestTranspose.test_transpose (complex128 variant)
@cuda.jit
def kernel_complex128(input, output):
    tile = cuda.shared.array(shape=tile_shape, dtype=dt_complex128)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bx = cuda.blockIdx.x * cuda.blockDim.x
    by = cuda.blockIdx.y * cuda.blockDim.y
    x = by + tx
    y = bx + ty

    if by + ty < input.shape[0] and bx + tx < input.shape[1]:
        tile[ty, tx] = input[by + ty, bx + tx]
    cuda.syncthreads()
    if y < output.shape[0] and x < output.shape[1]:
        output[y, x] = tile[tx, ty]


# TestTranspose.test_transpose_bool
@cuda.jit
def kernel_bool(input, output):
    tile = cuda.shared.array(shape=tile_shape, dtype=dt_bool)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bx = cuda.blockIdx.x * cuda.blockDim.x
    by = cuda.blockIdx.y * cuda.blockDim.y
    x = by + tx
    y = bx + ty

    if by + ty < input.shape[0] and bx + tx < input.shape[1]:
        tile[ty, tx] = input[by + ty, bx + tx]
    cuda.syncthreads()
    if y < output.shape[0] and x < output.shape[1]:
        output[y, x] = tile[tx, ty]


# TestTranspose.test_transpose_record
@cuda.jit
def kernel_record(input, output):
    tile = cuda.shared.array(shape=tile_shape, dtype=dt_record)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bx = cuda.blockIdx.x * cuda.blockDim.x
    by = cuda.blockIdx.y * cuda.blockDim.y
    x = by + tx
    y = bx + ty

    if by + ty < input.shape[0] and bx + tx < input.shape[1]:
        tile[ty, tx] = input[by + ty, bx + tx]
    cuda.syncthreads()
    if y < output.shape[0] and x < output.shape[1]:
        output[y, x] = tile[tx, ty]
