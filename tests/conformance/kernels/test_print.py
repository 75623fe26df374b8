# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_print.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of the code strings that the
# tests run in a subprocess.
import numpy as np
from numba import cuda


# TestPrint.test_cuhello (cuhello_usecase)
@cuda.jit
def cuhello():
    i = cuda.grid(1)
    print(i, 999)
    print(-42)


# TestPrint.test_printfloat (printfloat_usecase)
@cuda.jit
def printfloat():
    i = cuda.grid(1)
    print(i, 23, 34.75, 321)


# TestPrint.test_bool (printbool_usecase)
@cuda.jit
def printbool(x):
    print(True)
    print(False)
    print(x == 0)


# TestPrint.test_string (printstring_usecase)
@cuda.jit
def printstring():
    i = cuda.grid(1)
    print(i, "hop!", 999)


# TestPrint.test_dim3 (printdim3_usecase)
@cuda.jit
def printdim3():
    print(cuda.threadIdx)


# TestPrint.test_printempty (printempty_usecase)
@cuda.jit
def printempty():
    print()


# TestPrint.test_too_many_args (print_too_many_usecase)
@cuda.jit
def print_too_many(r):
    print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10],
          r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18], r[19], r[20],
          r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
          r[31], r[32])


# TestPrint.test_bfloat16 (print_bfloat16_usecase)
@cuda.jit
def print_bfloat16():
    # 0.9375 is a dyadic rational, it's integer significand can expand within 7 digits.
    # printing this should not give any rounding error.
    a = cuda.bfloat16(0.9375)
    print(a, a, a)


# TestPrint.test_tuple, test_nested_mixed_type_tuple, test_single_element_tuple
# (print_int64_tuple_usecase and the others; one kernel, three argument types)
@cuda.jit
def print_tuple(tup):
    print(tup)
