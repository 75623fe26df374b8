"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_array.py (kernels/test_array.py).

test_array_reshape's check(pyfunc, kernelfunc, arr, shape) launches
kernelfunc[1, 1](arr, shape, got) with got = zeros of arr.reshape(shape)'s
shape and asserts got == arr.reshape(shape): a case per check. Its newshape
argument is an integer or a tuple of integers (UniTuple(int64, n)); the
harness passes scalars only today, so a tuple argument is an error there if
nvc ever compiles these kernels (the harness needs tuple arguments).

test_carray / test_farray pass the device pointer of a one-element float32
array (cuda.to_device(np.array([0.0], float32))); the cases pass the array
for the pointer and expect float32(1.2), as doc_cpointer does. Upstream skips
them on the simulator.

test_gpu_array_strided launches on a float64 view of a byte buffer offset by
4 bytes (z); the harness passes a copy of z (its address alignment is host
memory's business).

Not ported (host only): test_gpu_array_zero_length, test_null_shape,
test_gpu_array_interleaved (auto_device refusing a strided host array; its
kernel is never launched), test_auto_device_const, the test_array_like_*
tests (device_array_like / pinned / mapped array shapes and strides),
test_issue_4628 (asserts only the number of dispatcher overloads).
"""
import numpy as np

from conformance import Case

C = "array methods"
T = "TestCudaArray."


def strided_z():
    x = np.arange(10, dtype=np.double)
    y = np.ndarray(shape=10 * 8, buffer=x, dtype=np.byte)
    return np.ndarray(9, buffer=y[4:-4], dtype=np.double).copy()


def tuple_type(shape):
    if isinstance(shape, int):
        return "int64"
    if len(shape) == 0:
        return "Tuple()"
    return f"UniTuple(int64, {len(shape)})"


def array_type(a):
    dims = ", ".join([":"] * (a.ndim - 1) + ["::1"])
    return f"{a.dtype.name}[{dims}]"


def reshape(kernel, make_arr, shape, name):
    def args(rng):
        arr = make_arr()
        expected = arr.reshape(shape)
        return [arr, shape, np.zeros(expected.shape, dtype=arr.dtype)]
    arr = make_arr()
    got = np.zeros(arr.reshape(shape).shape, dtype=arr.dtype)
    sig = f"void({array_type(arr)}, {tuple_type(shape)}, {array_type(got)})"
    return Case(kernel, T + "test_array_reshape", C, sig=sig, name=name, args=args,
                reference=lambda arr, shape, got: {2: arr.reshape(shape)})


def a24():
    return np.arange(24)


def a24_6d():
    return np.arange(24).reshape((1, 8, 1, 1, 3, 1))


def a25():
    return np.arange(25).reshape(5, 5)


def a0():
    return np.array([])


R1, R2, R3 = "array_reshape1d", "array_reshape2d", "array_reshape3d"

CASES = [
    Case("kernel", T + "test_gpu_array_strided", "indexing",
         args=lambda rng: [strided_z()], griddim=10, blockdim=10),
    # C-contiguous
    reshape(R1, a24, (24,), "array_reshape1d__24"),
    reshape(R2, a24, (4, 6), "array_reshape2d__4_6"),
    reshape(R2, a24, (8, 3), "array_reshape2d__8_3"),
    reshape(R3, a24, (8, 1, 3), "array_reshape3d__8_1_3"),
    reshape(R1, a24_6d, (24,), "array_reshape1d__6d__24"),
    reshape(R2, a24_6d, (4, 6), "array_reshape2d__6d__4_6"),
    reshape(R2, a24_6d, (8, 3), "array_reshape2d__6d__8_3"),
    reshape(R3, a24_6d, (8, 1, 3), "array_reshape3d__6d__8_1_3"),
    # negative shape value
    reshape(R1, a25, -1, "array_reshape1d__neg1"),
    reshape(R1, a25, (-1,), "array_reshape1d__neg1_tuple"),
    reshape(R2, a25, (-1, 5), "array_reshape2d__neg1_5"),
    reshape(R3, a25, (5, -1, 5), "array_reshape3d__5_neg1_5"),
    reshape(R3, a25, (5, 5, -1), "array_reshape3d__5_5_neg1"),
    # 0-sized arrays (check_empty)
    reshape(R1, a0, 0, "array_reshape1d__empty__0"),
    reshape(R1, a0, (0,), "array_reshape1d__empty__0_tuple"),
    reshape(R3, a0, (1, 0, 2), "array_reshape3d__empty__1_0_2"),
    Case("add_carray", T + "test_carray", "indexing",
         args=lambda rng: [np.array([0.0], dtype=np.float32)],
         reference=lambda a: {0: np.array([1.2], dtype=np.float32)}),
    Case("add_farray", T + "test_farray", "indexing",
         args=lambda rng: [np.array([0.0], dtype=np.float32)],
         reference=lambda a: {0: np.array([1.2], dtype=np.float32)}),
]
