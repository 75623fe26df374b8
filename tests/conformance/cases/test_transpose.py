"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_transpose.py (kernels/test_transpose.py).

Each test calls numba.cuda.kernels.transpose.transpose(a, b), which launches
its kernel on blocks (int(b.shape[0] / 32 + 1), int(b.shape[1] / 32 + 1)) of
32 x 32 threads (a device with 1024 threads per block), and asserts that b
equals a.T; that is the reference (upstream skips these tests on the
simulator). test_transpose's b is a C-contiguous array of zeros;
test_transpose_record's and test_transpose_bool's b is
cuda.device_array_like(a.T), uninitialised and Fortran-ordered as a.T is.
The kernel is compiled lazily, so each case gives the signature Numba
infers from the arguments.

Not ported: test_transpose_view (the shape and strides of a device array's
transposed view: host API, no kernel).
"""
import numpy as np

from conformance import Case, empty

TILE = 32
RECORD = ("Record(i[type=int32;offset=0],j[type=nestedarray(float32, (3, 2));offset=4];"
          "28;False)")
recordwith2darray = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])


def launch(rows, cols):
    # The output b has shape (rows, cols).
    return dict(griddim=(int(rows / TILE + 1), int(cols / TILE + 1)), blockdim=(TILE, TILE))


def transposed(a, b):
    return {0: a, 1: a.T}


def empty_like_transpose(a):
    # cuda.device_array_like(a.T): a's transpose's shape, Fortran order.
    return empty(a.shape, a.dtype).T


def transpose_args(rows, cols, dtype):
    def args(rng):
        x = np.arange(rows * cols, dtype=dtype).reshape(cols, rows)
        y = np.zeros(rows * cols, dtype=dtype).reshape(rows, cols)
        return [x, y]
    return args


def bool_args(rows, cols):
    def args(rng):
        arr = rng.integers(2, size=(rows, cols), dtype=np.bool_)
        return [arr, empty_like_transpose(arr)]
    return args


def record_args(rows, cols):
    def args(rng):
        arr = np.recarray((rows, cols), dtype=recordwith2darray)
        for x in range(rows):
            for y in range(cols):
                arr[x, y].i = x**2 + y
                j = np.arange(3 * 2, dtype=np.float32)
                arr[x, y].j = j.reshape(3, 2) * x + y
        arr = np.asarray(arr)  # the recarray's data, as cuda.to_device(arr) copies it
        return [arr, empty_like_transpose(arr)]
    return args


CASES = []

# TestTranspose.test_transpose
for rows, cols, dtype, typ in ((5, 6, np.float64, "float64"),
                               (128, 128, np.complex128, "complex128"),
                               (1025, 512, np.float64, "float64")):
    # transpose(a, b) launches with b.shape = (rows, cols); a is (cols, rows).
    CASES.append(Case(f"kernel_{typ}", "TestTranspose.test_transpose", "shared memory",
                      sig=f"void({typ}[:, ::1], {typ}[:, ::1])",
                      args=transpose_args(rows, cols, dtype), reference=transposed,
                      name=f"kernel_{typ}__{rows}x{cols}", **launch(rows, cols)))

SMALL_VARIANTS = ((2, 3), (16, 16), (16, 17), (17, 16), (14, 15), (15, 14), (14, 14))

# TestTranspose.test_transpose_record: b = device_array_like(arr.T) has shape
# (cols, rows).
for rows, cols in SMALL_VARIANTS:
    CASES.append(Case("kernel_record", "TestTranspose.test_transpose_record", "records",
                      sig=f"void({RECORD}[:, ::1], {RECORD}[::1, :])",
                      args=record_args(rows, cols), reference=transposed,
                      name=f"kernel_record__{rows}x{cols}", **launch(cols, rows)))

# TestTranspose.test_transpose_bool
for rows, cols in SMALL_VARIANTS:
    CASES.append(Case("kernel_bool", "TestTranspose.test_transpose_bool", "shared memory",
                      sig="void(boolean[:, ::1], boolean[::1, :])",
                      args=bool_args(rows, cols), reference=transposed,
                      name=f"kernel_bool__{rows}x{cols}", **launch(cols, rows)))
