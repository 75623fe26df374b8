"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_sm.py (kernels/test_sm.py).

Upstream compiles the kernels lazily at their launch; the signatures are
Numba's typeof of the arguments. test_issue_953_sm_linkage_conflict and
test_issue_2393 only launch their kernels (costs_func reads uninitialised
shared memory, so its output is undefined): those cases check that the kernel
compiles and runs. The dynamic shared memory slice tests assert the values
given as their references.

Not ported: TestSharedMemory.struct_model_type_static (not a test: its name
lacks the test_ prefix, so it never runs).
"""
import numpy as np

from conformance import Case, empty

C = "shared memory"
I = "TestSharedMemoryIssue."
T = "TestSharedMemory."

recordwith2darray = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])
RECORD_2D = ("Record(i[type=int32;offset=0],j[type=nestedarray(float32, (3, 2));"
             "offset=4];28;False)")


def recarray():
    # test_shared_recarray: arr = np.recarray(128, dtype=recordwith2darray), filled
    # (zeros: the fields are all set below, the padding then the same everywhere)
    arr = np.zeros(128, dtype=recordwith2darray).view(np.recarray)
    for x in range(len(arr)):
        arr[x].i = x
        j = np.arange(3 * 2, dtype=np.float32)
        arr[x].j = j.reshape(3, 2) * x
    return np.asarray(arr).view(np.ndarray)


def dynshared(kernel, test, n, expected):
    # _test_dynshared_slice: func[1, 1, 0, arr.size * itemsize](arr), arr = zeros(n, int32)
    return Case(kernel, T + test, "slicing", sig="void(int32[::1])",
                args=lambda rng: [np.zeros(n, dtype=np.int32)],
                griddim=1, blockdim=1, shared_bytes=n * 4,
                reference=lambda x: {0: np.array(expected, dtype=np.int32)})


CASES = [
    Case("outer", I + "test_issue_953_sm_linkage_conflict", C, sig="void()",
         args=lambda rng: [], reference=lambda: {}),
    Case("s_1d", I + "test_issue_1051_shared_size_broken_1d", C, sig="void(int32[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int32)],
         reference=lambda a: {0: np.array([2], dtype=np.int32)}),
    Case("s_2d", I + "test_issue_1051_shared_size_broken_2d", C, sig="void(int32[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int32)],
         reference=lambda a: {0: np.array([6], dtype=np.int32)}),
    Case("s_3d", I + "test_issue_1051_shared_size_broken_3d", C, sig="void(int32[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int32)],
         reference=lambda a: {0: np.array([24], dtype=np.int32)}),
    Case("s_fp16_types", I + "test_issue_fp16_support", "float16", sig="void(float16[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.float16)],
         reference=lambda a: {0: np.array([2], dtype=np.float16)}),
    Case("s_fp16_np", I + "test_issue_fp16_support", "float16", sig="void(float16[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.float16)],
         reference=lambda a: {0: np.array([2], dtype=np.float16)}),
    # block_costs = np.zeros(48); d_block_costs[0] is computed from
    # uninitialised shared memory: nothing to compare.
    Case("costs_func", I + "test_issue_2393", C, sig="void(float64[::1])",
         args=lambda rng: [np.zeros(48, dtype=np.float64)],
         griddim=48, blockdim=1, reference=lambda a: {}),
    # nelem = 128, nthreads = 16, nblocks = 8; d_result = device_array_like(arr)
    Case("use_sm_chunk_copy_recarray", T + "test_shared_recarray", "records",
         sig=f"void({RECORD_2D}[::1], {RECORD_2D}[::1])",
         args=lambda rng: [recarray(), empty(128, recordwith2darray)],
         griddim=8, blockdim=16, reference=lambda x, y: {0: x, 1: x}),
    # arr = np.random.randint(2, size=(1024,), dtype=np.bool_); nblocks = 64
    Case("use_sm_chunk_copy_bool", T + "test_shared_bool", C,
         sig="void(bool[::1], bool[::1])",
         args=lambda rng: [rng.integers(2, size=(1024,)).astype(np.bool_),
                           empty(1024, np.bool_)],
         griddim=64, blockdim=16),
    dynshared("slice_write", "test_dynshared_slice_write", 2, [1, 2]),
    dynshared("slice_read", "test_dynshared_slice_read", 2, [1, 2]),
    dynshared("slice_diff_sizes", "test_dynshared_slice_diff_sizes", 3, [1, 2, 3]),
    dynshared("slice_overlap", "test_dynshared_slice_overlap", 5, [1, 2, 2, 3, 4]),
    dynshared("slice_gaps", "test_dynshared_slice_gaps", 7, [99, 1, 2, 99, 3, 4, 99]),
    dynshared("slice_write_backwards", "test_dynshared_slice_write_backwards", 4,
              [2, 1, 4, 3]),
    dynshared("slice_nonunit_stride", "test_dynshared_slice_nonunit_stride", 6,
              [1, 99, 2, 99, 3, 99]),
    dynshared("slice_nonunit_reverse_stride", "test_dynshared_slice_nonunit_reverse_stride",
              6, [99, 3, 99, 2, 99, 1]),
    # arr = np.arange(1024) (int64); nthreads = 16, nblocks = 64,
    # nshared = 16 * 8, chunksize = 8
    Case("sm_slice_copy", T + "test_issue_5073", "slicing",
         sig="void(int64[::1], int64[::1], int64)",
         args=lambda rng: [np.arange(1024), empty(1024, np.int64), 8],
         griddim=64, blockdim=16, shared_bytes=16 * 8,
         reference=lambda x, y, c: {0: x, 1: x}),
    Case("unsupported_type", T + "test_invalid_array_type", C, args=lambda rng: [],
         rejects=""),
    Case("invalid_string_type", T + "test_invalid_array_type", C, args=lambda rng: [],
         rejects="int33"),
]
