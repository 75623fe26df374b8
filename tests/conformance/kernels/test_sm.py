# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_sm.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Closure variables of the test methods are module constants; where a test
# builds the same kernel for several values, each value has its kernel and
# constant (named in the kernel's comment; the constant's name in the body is
# the only change).
import numpy as np

from numba import cuda
from numba.cuda import int32, float64, void
from numba.cuda import types

try:
    from numba.cuda.np import numpy_support as nps
except ImportError:  # Debian's Numba 0.56 (the simulator)
    from numba.np import numpy_support as nps

recordwith2darray = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])


# TestSharedMemoryIssue.test_issue_953_sm_linkage_conflict
@cuda.jit(device=True)
def inner():
    inner_arr = cuda.shared.array(1, dtype=int32)  # noqa: F841


# TestSharedMemoryIssue.test_issue_953_sm_linkage_conflict
@cuda.jit
def outer():
    outer_arr = cuda.shared.array(1, dtype=int32)  # noqa: F841
    inner()


# TestSharedMemoryIssue._check_shared_array_size: shape = 2
# (test_issue_1051_shared_size_broken_1d; renamed from s, shape is shape_1d)
shape_1d = 2


@cuda.jit
def s_1d(a):
    arr = cuda.shared.array(shape_1d, dtype=int32)
    a[0] = arr.size


# TestSharedMemoryIssue._check_shared_array_size: shape = (2, 3)
# (test_issue_1051_shared_size_broken_2d; renamed from s, shape is shape_2d)
shape_2d = (2, 3)


@cuda.jit
def s_2d(a):
    arr = cuda.shared.array(shape_2d, dtype=int32)
    a[0] = arr.size


# TestSharedMemoryIssue._check_shared_array_size: shape = (2, 3, 4)
# (test_issue_1051_shared_size_broken_3d; renamed from s, shape is shape_3d)
shape_3d = (2, 3, 4)


@cuda.jit
def s_3d(a):
    arr = cuda.shared.array(shape_3d, dtype=int32)
    a[0] = arr.size


# TestSharedMemoryIssue._check_shared_array_size_fp16 (test_issue_fp16_support):
# shape = 2, ty = types.float16 (renamed from s; ty is ty_types_float16)
shape_fp16 = 2
ty_types_float16 = types.float16


@cuda.jit
def s_fp16_types(a):
    arr = cuda.shared.array(shape_fp16, dtype=ty_types_float16)
    a[0] = arr.size


# TestSharedMemoryIssue._check_shared_array_size_fp16 (test_issue_fp16_support):
# shape = 2, ty = np.float16 (renamed from s; ty is ty_np_float16)
ty_np_float16 = np.float16


@cuda.jit
def s_fp16_np(a):
    arr = cuda.shared.array(shape_fp16, dtype=ty_np_float16)
    a[0] = arr.size


# TestSharedMemoryIssue.test_issue_2393
num_weights = 2
num_blocks = 48
examples_per_block = 4
threads_per_block = 1


@cuda.jit
def costs_func(d_block_costs):
    s_features = cuda.shared.array(
        (examples_per_block, num_weights), float64
    )
    s_initialcost = cuda.shared.array(7, float64)  # Bug

    threadIdx = cuda.threadIdx.x

    prediction = 0
    for j in range(num_weights):
        prediction += s_features[threadIdx, j]

    d_block_costs[0] = s_initialcost[0] + prediction


# TestSharedMemory._test_shared: nthreads, and dt for test_shared_recarray
# (dt_recarray) and test_shared_bool (dt_bool)
nthreads = 16
dt_recarray = nps.from_dtype(recordwith2darray)
dt_bool = nps.from_dtype(np.dtype(np.bool_))


# TestSharedMemory.test_shared_recarray (TestSharedMemory._test_shared;
# renamed from use_sm_chunk_copy, dt is dt_recarray)
@cuda.jit
def use_sm_chunk_copy_recarray(x, y):
    sm = cuda.shared.array(nthreads, dtype=dt_recarray)

    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    bd = cuda.blockDim.x

    # Load this block's chunk into shared
    i = bx * bd + tx
    if i < len(x):
        sm[tx] = x[i]

    cuda.syncthreads()

    # One thread per block writes this block's chunk
    if tx == 0:
        for j in range(nthreads):
            y[bd * bx + j] = sm[j]


# TestSharedMemory.test_shared_bool (TestSharedMemory._test_shared;
# renamed from use_sm_chunk_copy, dt is dt_bool)
@cuda.jit
def use_sm_chunk_copy_bool(x, y):
    sm = cuda.shared.array(nthreads, dtype=dt_bool)

    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    bd = cuda.blockDim.x

    # Load this block's chunk into shared
    i = bx * bd + tx
    if i < len(x):
        sm[tx] = x[i]

    cuda.syncthreads()

    # One thread per block writes this block's chunk
    if tx == 0:
        for j in range(nthreads):
            y[bd * bx + j] = sm[j]


# TestSharedMemory.test_dynshared_slice_write
@cuda.jit
def slice_write(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[0:1]
    sm2 = dynsmem[1:2]

    sm1[0] = 1
    sm2[0] = 2
    x[0] = dynsmem[0]
    x[1] = dynsmem[1]


# TestSharedMemory.test_dynshared_slice_read
@cuda.jit
def slice_read(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[0:1]
    sm2 = dynsmem[1:2]

    dynsmem[0] = 1
    dynsmem[1] = 2
    x[0] = sm1[0]
    x[1] = sm2[0]


# TestSharedMemory.test_dynshared_slice_diff_sizes
@cuda.jit
def slice_diff_sizes(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[0:1]
    sm2 = dynsmem[1:3]

    dynsmem[0] = 1
    dynsmem[1] = 2
    dynsmem[2] = 3
    x[0] = sm1[0]
    x[1] = sm2[0]
    x[2] = sm2[1]


# TestSharedMemory.test_dynshared_slice_overlap
@cuda.jit
def slice_overlap(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[0:2]
    sm2 = dynsmem[1:4]

    dynsmem[0] = 1
    dynsmem[1] = 2
    dynsmem[2] = 3
    dynsmem[3] = 4
    x[0] = sm1[0]
    x[1] = sm1[1]
    x[2] = sm2[0]
    x[3] = sm2[1]
    x[4] = sm2[2]


# TestSharedMemory.test_dynshared_slice_gaps
@cuda.jit
def slice_gaps(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[1:3]
    sm2 = dynsmem[4:6]

    # Initial values for dynamic shared memory, some to be overwritten
    dynsmem[0] = 99
    dynsmem[1] = 99
    dynsmem[2] = 99
    dynsmem[3] = 99
    dynsmem[4] = 99
    dynsmem[5] = 99
    dynsmem[6] = 99

    sm1[0] = 1
    sm1[1] = 2
    sm2[0] = 3
    sm2[1] = 4

    x[0] = dynsmem[0]
    x[1] = dynsmem[1]
    x[2] = dynsmem[2]
    x[3] = dynsmem[3]
    x[4] = dynsmem[4]
    x[5] = dynsmem[5]
    x[6] = dynsmem[6]


# TestSharedMemory.test_dynshared_slice_write_backwards
@cuda.jit
def slice_write_backwards(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[1::-1]
    sm2 = dynsmem[3:1:-1]

    sm1[0] = 1
    sm1[1] = 2
    sm2[0] = 3
    sm2[1] = 4
    x[0] = dynsmem[0]
    x[1] = dynsmem[1]
    x[2] = dynsmem[2]
    x[3] = dynsmem[3]


# TestSharedMemory.test_dynshared_slice_nonunit_stride
@cuda.jit
def slice_nonunit_stride(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[::2]

    # Initial values for dynamic shared memory, some to be overwritten
    dynsmem[0] = 99
    dynsmem[1] = 99
    dynsmem[2] = 99
    dynsmem[3] = 99
    dynsmem[4] = 99
    dynsmem[5] = 99

    sm1[0] = 1
    sm1[1] = 2
    sm1[2] = 3

    x[0] = dynsmem[0]
    x[1] = dynsmem[1]
    x[2] = dynsmem[2]
    x[3] = dynsmem[3]
    x[4] = dynsmem[4]
    x[5] = dynsmem[5]


# TestSharedMemory.test_dynshared_slice_nonunit_reverse_stride
@cuda.jit
def slice_nonunit_reverse_stride(x):
    dynsmem = cuda.shared.array(0, dtype=int32)
    sm1 = dynsmem[-1::-2]

    # Initial values for dynamic shared memory, some to be overwritten
    dynsmem[0] = 99
    dynsmem[1] = 99
    dynsmem[2] = 99
    dynsmem[3] = 99
    dynsmem[4] = 99
    dynsmem[5] = 99

    sm1[0] = 1
    sm1[1] = 2
    sm1[2] = 3

    x[0] = dynsmem[0]
    x[1] = dynsmem[1]
    x[2] = dynsmem[2]
    x[3] = dynsmem[3]
    x[4] = dynsmem[4]
    x[5] = dynsmem[5]


# TestSharedMemory.test_issue_5073 (dt: the dtype of np.arange(1024), int64)
dt = nps.from_dtype(np.dtype(np.int64))


@cuda.jit
def sm_slice_copy(x, y, chunksize):
    dynsmem = cuda.shared.array(0, dtype=dt)
    sm1 = dynsmem[0:chunksize]
    sm2 = dynsmem[chunksize : chunksize * 2]

    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    bd = cuda.blockDim.x

    # load this block's chunk into shared
    i = bx * bd + tx
    if i < len(x):
        if tx < chunksize:
            sm1[tx] = x[i]
        else:
            sm2[tx - chunksize] = x[i]

    cuda.syncthreads()

    # one thread per block writes this block's chunk
    if tx == 0:
        for j in range(chunksize):
            y[bd * bx + j] = sm1[j]
            y[bd * bx + j + chunksize] = sm2[j]


# TestSharedMemory.test_invalid_array_type (compiled with cuda.jit(void()))
@cuda.jit(void())
def unsupported_type():
    arr = cuda.shared.array(10, dtype=np.dtype("O"))  # noqa: F841


# TestSharedMemory.test_invalid_array_type (compiled with cuda.jit(void()))
@cuda.jit(void())
def invalid_string_type():
    arr = cuda.shared.array(10, dtype="int33")  # noqa: F841
