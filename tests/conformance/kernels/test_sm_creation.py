# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_sm_creation.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Upstream compiles the module-level functions with cuda.jit(SIG)(fn); here
# they carry @cuda.jit and the cases give SIG.
import numpy as np
from numba import cuda
from numba.cuda import float32, int32, void

GLOBAL_CONSTANT = 5
GLOBAL_CONSTANT_2 = 6
GLOBAL_CONSTANT_TUPLE = 5, 6


# TestSharedMemoryCreation.test_global_constants
@cuda.jit
def udt_global_constants(A):
    sa = cuda.shared.array(shape=GLOBAL_CONSTANT, dtype=float32)
    i = cuda.grid(1)
    A[i] = sa[i]


# TestSharedMemoryCreation.test_global_build_tuple
@cuda.jit
def udt_global_build_tuple(A):
    sa = cuda.shared.array(
        shape=(GLOBAL_CONSTANT, GLOBAL_CONSTANT_2), dtype=float32
    )
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


# TestSharedMemoryCreation.test_global_build_list
@cuda.jit
def udt_global_build_list(A):
    sa = cuda.shared.array(
        shape=[GLOBAL_CONSTANT, GLOBAL_CONSTANT_2], dtype=float32
    )
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


# TestSharedMemoryCreation.test_global_constant_tuple
@cuda.jit
def udt_global_constant_tuple(A):
    sa = cuda.shared.array(shape=GLOBAL_CONSTANT_TUPLE, dtype=float32)
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


# TestSharedMemoryCreation.test_invalid_1, test_invalid_3
@cuda.jit
def udt_invalid_1(A):
    sa = cuda.shared.array(shape=A[0], dtype=float32)
    i = cuda.grid(1)
    A[i] = sa[i]


# TestSharedMemoryCreation.test_invalid_2
@cuda.jit
def udt_invalid_2(A):
    sa = cuda.shared.array(shape=(1, A[0]), dtype=float32)
    i, j = cuda.grid(2)
    A[i, j] = sa[i, j]


# TestSharedMemoryCreation.test_invalid_4
@cuda.jit
def udt_invalid_3(A):
    sa = cuda.shared.array(shape=(1, A[0]), dtype=float32)
    i = cuda.grid(1)
    A[i] = sa[i, 0]


# TestSharedMemoryCreation.test_numba_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_numba_dtype(x):
    s = cuda.shared.array(10, dtype=int32)
    s[0] = x[0]
    x[0] = s[0]


# TestSharedMemoryCreation.test_numpy_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_numpy_dtype(x):
    s = cuda.shared.array(10, dtype=np.int32)
    s[0] = x[0]
    x[0] = s[0]


# TestSharedMemoryCreation.test_string_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_string_dtype(x):
    s = cuda.shared.array(10, dtype="int32")
    s[0] = x[0]
    x[0] = s[0]


# TestSharedMemoryCreation.test_invalid_string_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_invalid_string_dtype(x):
    s = cuda.shared.array(10, dtype="int33")
    s[0] = x[0]
    x[0] = s[0]
