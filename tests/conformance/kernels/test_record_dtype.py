# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_record_dtype.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them. Upstream compiles the module-level
# functions with cuda.jit()(pyfunc) (kernels) or cuda.jit(device=True)(pyfunc)
# (device functions, called from get_cfunc's `outer` kernel).
import numpy as np
from numba import cuda


# TestRecordDtype.test_set_a (and TestRecordDtypeWithStructArrays)
@cuda.jit
def set_a(ary, i, v):
    ary[i].a = v


# TestRecordDtype.test_set_b
@cuda.jit
def set_b(ary, i, v):
    ary[i].b = v


# TestRecordDtype.test_set_c
@cuda.jit
def set_c(ary, i, v):
    ary[i].c = v


# TestRecordDtype.test_set_record
@cuda.jit
def set_record(ary, i, j):
    ary[i] = ary[j]


# TestRecordDtype.test_rec_set_a
@cuda.jit
def record_set_a(r, v):
    r.a = v


# TestRecordDtype.test_rec_set_b
@cuda.jit
def record_set_b(r, v):
    r.b = v


# TestRecordDtype.test_rec_set_c
@cuda.jit
def record_set_c(r, v):
    r.c = v


# TestRecordDtype.test_rec_read_a
@cuda.jit
def record_read_a(r, arr):
    arr[0] = r.a


# TestRecordDtype.test_rec_read_b
@cuda.jit
def record_read_b(r, arr):
    arr[0] = r.b


# TestRecordDtype.test_rec_read_c
@cuda.jit
def record_read_c(r, arr):
    arr[0] = r.c


# TestRecordDtype.test_record_write_1d_array
@cuda.jit
def record_write_array(r):
    r.g = 2
    r.h[0] = 3.0
    r.h[1] = 4.0


# TestRecordDtype.test_record_write_2d_array
@cuda.jit
def record_write_2d_array(r):
    r.i = 3
    r.j[0, 0] = 5.0
    r.j[0, 1] = 6.0
    r.j[1, 0] = 7.0
    r.j[1, 1] = 8.0
    r.j[2, 0] = 9.0
    r.j[2, 1] = 10.0


# TestRecordDtype.test_record_read_1d_array
@cuda.jit
def record_read_array(r, a):
    a[0] = r.h[0]
    a[1] = r.h[1]


# TestRecordDtype.test_record_read_2d_array
@cuda.jit
def record_read_2d_array(r, a):
    a[0, 0] = r.j[0, 0]
    a[0, 1] = r.j[0, 1]
    a[1, 0] = r.j[1, 0]
    a[1, 1] = r.j[1, 1]
    a[2, 0] = r.j[2, 0]
    a[2, 1] = r.j[2, 1]


recordtype = np.dtype(
    [
        ("a", np.float64),
        ("b", np.int32),
        ("c", np.complex64),
        ("d", (np.uint8, 5)),
    ],
    align=True,
)

recordwitharray = np.dtype([("g", np.int32), ("h", np.float32, 2)], align=True)

recordwith2darray = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])

nested_array1_dtype = np.dtype([("array1", np.int16, (3,))], align=True)

nested_array2_dtype = np.dtype([("array2", np.int16, (3, 2))], align=True)


# TestNestedArrays.test_set_record
@cuda.jit
def recarray_set_record(ary, rec):
    ary[0] = rec


# TestNestedArrays.test_setitem
@cuda.jit
def record_setitem_array(rec_source, rec_dest):
    rec_dest["j"] = rec_source["j"]


# TestNestedArrays.test_getitem_idx (device function of get_cfunc)
@cuda.jit(device=True)
def recarray_getitem_return(ary):
    return ary[0]


# TestNestedArrays.test_record_read_array (device function of get_cfunc)
@cuda.jit(device=True)
def record_read_array0(ary):
    return ary.h[0]


# TestNestedArrays.test_record_read_array (device function of get_cfunc)
@cuda.jit(device=True)
def record_read_array1(ary):
    return ary.h[1]


# TestNestedArrays.test_record_read_2d_array (device function of get_cfunc)
@cuda.jit(device=True)
def record_read_2d_array00(ary):
    return ary.j[0, 0]


# TestNestedArrays.test_record_read_2d_array (device function of get_cfunc)
@cuda.jit(device=True)
def record_read_2d_array10(ary):
    return ary.j[1, 0]


# TestNestedArrays.test_record_read_2d_array (device function of get_cfunc)
@cuda.jit(device=True)
def record_read_2d_array01(ary):
    return ary.j[0, 1]


# TestNestedArrays.test_assign_array_to_nested
@cuda.jit
def assign_array_to_nested(dest, src):
    dest["array1"] = src


# TestNestedArrays.test_assign_array_to_nested_2d
@cuda.jit
def assign_array_to_nested_2d(dest, src):
    dest["array2"] = src


# TestNestedArrays.get_cfunc's `outer` kernel, once per device function
# (renamed from outer; `inner` is the device function named in the suffix).
# test_record_read_array
@cuda.jit
def outer_record_read_array0(arg0, res):
    res[0] = record_read_array0(arg0)


# test_record_read_array
@cuda.jit
def outer_record_read_array1(arg0, res):
    res[0] = record_read_array1(arg0)


# test_record_read_2d_array
@cuda.jit
def outer_record_read_2d_array00(arg0, res):
    res[0] = record_read_2d_array00(arg0)


# test_record_read_2d_array
@cuda.jit
def outer_record_read_2d_array01(arg0, res):
    res[0] = record_read_2d_array01(arg0)


# test_record_read_2d_array
@cuda.jit
def outer_record_read_2d_array10(arg0, res):
    res[0] = record_read_2d_array10(arg0)


# test_getitem_idx
@cuda.jit
def outer_recarray_getitem_return(arg0, res):
    res[0] = recarray_getitem_return(arg0)


# TestNestedArrays.test_issue_7693
@cuda.jit
def copy(index, src, dest):
    dest["user1"] = src[index]["user"]
    dest["array1"] = src[index]["array"]
