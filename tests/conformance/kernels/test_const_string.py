# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_const_string.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda


# TestConstString.test_assign_const_unicode_string
@cuda.jit
def str_assign(arr):
    i = cuda.grid(1)
    if i < len(arr):
        arr[i] = "XYZ"


# TestConstString.test_assign_const_byte_string
@cuda.jit
def bytes_assign(arr):
    i = cuda.grid(1)
    if i < len(arr):
        arr[i] = b"XYZ"


# TestConstString.test_assign_const_string_in_record (renamed from f)
@cuda.jit
def f_string_in_record(a):
    a[0]["x"] = 1
    a[0]["y"] = "ABC"
    a[1]["x"] = 2
    a[1]["y"] = "XYZ"


# TestConstString.test_assign_const_bytes_in_record (renamed from f)
@cuda.jit
def f_bytes_in_record(a):
    a[0]["x"] = 1
    a[0]["y"] = b"ABC"
    a[1]["x"] = 2
    a[1]["y"] = b"XYZ"
