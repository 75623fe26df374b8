# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_array_alignment.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels of TestArrayAddressAlignment.test_invalid_aligments as upstream
# wrote them, one per iteration of its loop over
# product(array_types, shapes, dtypes, alignments). Upstream defines them all
# as f, closing over shape, dtype and alignment; here each iteration's kernel
# is f_<array type>_<shape>_<dtype>_<alignment> and its closure variables are
# the module constants shape_<shape>, dtype_<dtype> and alignment_<alignment>
# (their names in the body are the only change).
import numpy as np
from numba import cuda

shape_1 = 1
shape_50 = 50
dtype_uint8 = np.uint8
dtype_uint64 = np.uint64
alignment_m1 = -1
alignment_0 = 0
alignment_3 = 3
alignment_17 = 17
alignment_33 = 33
alignment_str_1_0 = "1.0"
alignment_str_1 = "1"
alignment_str_foo = "foo"
alignment_float_1_0 = 1.0
alignment_float_1_5 = 1.5
alignment_float_3_2 = 3.2


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = -1 (renamed from f)
@cuda.jit
def f_local_1_uint8_m1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = 0 (renamed from f)
@cuda.jit
def f_local_1_uint8_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = 3 (renamed from f)
@cuda.jit
def f_local_1_uint8_3(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = 17 (renamed from f)
@cuda.jit
def f_local_1_uint8_17(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = 33 (renamed from f)
@cuda.jit
def f_local_1_uint8_33(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = "1.0" (renamed from f)
@cuda.jit
def f_local_1_uint8_str_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = "1" (renamed from f)
@cuda.jit
def f_local_1_uint8_str_1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = "foo" (renamed from f)
@cuda.jit
def f_local_1_uint8_str_foo(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = 1.0 (renamed from f)
@cuda.jit
def f_local_1_uint8_float_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = 1.5 (renamed from f)
@cuda.jit
def f_local_1_uint8_float_1_5(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint8, alignment = 3.2 (renamed from f)
@cuda.jit
def f_local_1_uint8_float_3_2(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = -1 (renamed from f)
@cuda.jit
def f_local_1_uint64_m1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = 0 (renamed from f)
@cuda.jit
def f_local_1_uint64_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = 3 (renamed from f)
@cuda.jit
def f_local_1_uint64_3(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = 17 (renamed from f)
@cuda.jit
def f_local_1_uint64_17(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = 33 (renamed from f)
@cuda.jit
def f_local_1_uint64_33(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = "1.0" (renamed from f)
@cuda.jit
def f_local_1_uint64_str_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = "1" (renamed from f)
@cuda.jit
def f_local_1_uint64_str_1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = "foo" (renamed from f)
@cuda.jit
def f_local_1_uint64_str_foo(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = 1.0 (renamed from f)
@cuda.jit
def f_local_1_uint64_float_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = 1.5 (renamed from f)
@cuda.jit
def f_local_1_uint64_float_1_5(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 1,
# dtype = np.uint64, alignment = 3.2 (renamed from f)
@cuda.jit
def f_local_1_uint64_float_3_2(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = -1 (renamed from f)
@cuda.jit
def f_local_50_uint8_m1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = 0 (renamed from f)
@cuda.jit
def f_local_50_uint8_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = 3 (renamed from f)
@cuda.jit
def f_local_50_uint8_3(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = 17 (renamed from f)
@cuda.jit
def f_local_50_uint8_17(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = 33 (renamed from f)
@cuda.jit
def f_local_50_uint8_33(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = "1.0" (renamed from f)
@cuda.jit
def f_local_50_uint8_str_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = "1" (renamed from f)
@cuda.jit
def f_local_50_uint8_str_1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = "foo" (renamed from f)
@cuda.jit
def f_local_50_uint8_str_foo(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = 1.0 (renamed from f)
@cuda.jit
def f_local_50_uint8_float_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = 1.5 (renamed from f)
@cuda.jit
def f_local_50_uint8_float_1_5(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint8, alignment = 3.2 (renamed from f)
@cuda.jit
def f_local_50_uint8_float_3_2(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = -1 (renamed from f)
@cuda.jit
def f_local_50_uint64_m1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = 0 (renamed from f)
@cuda.jit
def f_local_50_uint64_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = 3 (renamed from f)
@cuda.jit
def f_local_50_uint64_3(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = 17 (renamed from f)
@cuda.jit
def f_local_50_uint64_17(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = 33 (renamed from f)
@cuda.jit
def f_local_50_uint64_33(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = "1.0" (renamed from f)
@cuda.jit
def f_local_50_uint64_str_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = "1" (renamed from f)
@cuda.jit
def f_local_50_uint64_str_1(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = "foo" (renamed from f)
@cuda.jit
def f_local_50_uint64_str_foo(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = 1.0 (renamed from f)
@cuda.jit
def f_local_50_uint64_float_1_0(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = 1.5 (renamed from f)
@cuda.jit
def f_local_50_uint64_float_1_5(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "local", shape = 50,
# dtype = np.uint64, alignment = 3.2 (renamed from f)
@cuda.jit
def f_local_50_uint64_float_3_2(dest_array):
    i = cuda.grid(1)
    local_array = cuda.local.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = local_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = -1 (renamed from f)
@cuda.jit
def f_shared_1_uint8_m1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = 0 (renamed from f)
@cuda.jit
def f_shared_1_uint8_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = 3 (renamed from f)
@cuda.jit
def f_shared_1_uint8_3(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = 17 (renamed from f)
@cuda.jit
def f_shared_1_uint8_17(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = 33 (renamed from f)
@cuda.jit
def f_shared_1_uint8_33(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = "1.0" (renamed from f)
@cuda.jit
def f_shared_1_uint8_str_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = "1" (renamed from f)
@cuda.jit
def f_shared_1_uint8_str_1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = "foo" (renamed from f)
@cuda.jit
def f_shared_1_uint8_str_foo(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = 1.0 (renamed from f)
@cuda.jit
def f_shared_1_uint8_float_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = 1.5 (renamed from f)
@cuda.jit
def f_shared_1_uint8_float_1_5(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint8, alignment = 3.2 (renamed from f)
@cuda.jit
def f_shared_1_uint8_float_3_2(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint8,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = -1 (renamed from f)
@cuda.jit
def f_shared_1_uint64_m1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = 0 (renamed from f)
@cuda.jit
def f_shared_1_uint64_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = 3 (renamed from f)
@cuda.jit
def f_shared_1_uint64_3(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = 17 (renamed from f)
@cuda.jit
def f_shared_1_uint64_17(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = 33 (renamed from f)
@cuda.jit
def f_shared_1_uint64_33(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = "1.0" (renamed from f)
@cuda.jit
def f_shared_1_uint64_str_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = "1" (renamed from f)
@cuda.jit
def f_shared_1_uint64_str_1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = "foo" (renamed from f)
@cuda.jit
def f_shared_1_uint64_str_foo(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = 1.0 (renamed from f)
@cuda.jit
def f_shared_1_uint64_float_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = 1.5 (renamed from f)
@cuda.jit
def f_shared_1_uint64_float_1_5(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 1,
# dtype = np.uint64, alignment = 3.2 (renamed from f)
@cuda.jit
def f_shared_1_uint64_float_3_2(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_1,
        dtype=dtype_uint64,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = -1 (renamed from f)
@cuda.jit
def f_shared_50_uint8_m1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = 0 (renamed from f)
@cuda.jit
def f_shared_50_uint8_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = 3 (renamed from f)
@cuda.jit
def f_shared_50_uint8_3(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = 17 (renamed from f)
@cuda.jit
def f_shared_50_uint8_17(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = 33 (renamed from f)
@cuda.jit
def f_shared_50_uint8_33(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = "1.0" (renamed from f)
@cuda.jit
def f_shared_50_uint8_str_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = "1" (renamed from f)
@cuda.jit
def f_shared_50_uint8_str_1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = "foo" (renamed from f)
@cuda.jit
def f_shared_50_uint8_str_foo(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = 1.0 (renamed from f)
@cuda.jit
def f_shared_50_uint8_float_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = 1.5 (renamed from f)
@cuda.jit
def f_shared_50_uint8_float_1_5(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint8, alignment = 3.2 (renamed from f)
@cuda.jit
def f_shared_50_uint8_float_3_2(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint8,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = -1 (renamed from f)
@cuda.jit
def f_shared_50_uint64_m1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_m1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = 0 (renamed from f)
@cuda.jit
def f_shared_50_uint64_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = 3 (renamed from f)
@cuda.jit
def f_shared_50_uint64_3(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_3,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = 17 (renamed from f)
@cuda.jit
def f_shared_50_uint64_17(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_17,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = 33 (renamed from f)
@cuda.jit
def f_shared_50_uint64_33(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_33,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = "1.0" (renamed from f)
@cuda.jit
def f_shared_50_uint64_str_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_str_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = "1" (renamed from f)
@cuda.jit
def f_shared_50_uint64_str_1(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_str_1,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = "foo" (renamed from f)
@cuda.jit
def f_shared_50_uint64_str_foo(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_str_foo,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = 1.0 (renamed from f)
@cuda.jit
def f_shared_50_uint64_float_1_0(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_float_1_0,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = 1.5 (renamed from f)
@cuda.jit
def f_shared_50_uint64_float_1_5(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_float_1_5,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data


# TestArrayAddressAlignment.test_invalid_aligments: array_type = "shared", shape = 50,
# dtype = np.uint64, alignment = 3.2 (renamed from f)
@cuda.jit
def f_shared_50_uint64_float_3_2(dest_array):
    i = cuda.grid(1)
    shared_array = cuda.shared.array(
        shape=shape_50,
        dtype=dtype_uint64,
        alignment=alignment_float_3_2,
    )
    if i == 0:
        dest_array[0] = shared_array.ctypes.data
