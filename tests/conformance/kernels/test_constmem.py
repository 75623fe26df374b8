# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_constmem.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels and the module constants they read, as upstream wrote them.
# Upstream compiles the module-level functions with cuda.jit(SIG)(fn) or
# cuda.jit(fn).specialize(...) in its tests; here they carry @cuda.jit and the
# cases give SIG.
import numpy as np

from numba import cuda
from numba.cuda import complex64, int32, float64

CONST_EMPTY = np.array([])
CONST1D = np.arange(10, dtype=np.float64) / 2.0
CONST2D = np.asfortranarray(np.arange(100, dtype=np.int32).reshape(10, 10))
CONST3D = (np.arange(5 * 5 * 5, dtype=np.complex64).reshape(5, 5, 5) + 1j) / 2j
CONST3BYTES = np.arange(3, dtype=np.uint8)

CONST_RECORD_EMPTY = np.array([], dtype=[("x", float), ("y", int)])
CONST_RECORD = np.array([(1.0, 2), (3.0, 4)], dtype=[("x", float), ("y", int)])
CONST_RECORD_ALIGN = np.array(
    [(1, 2, 3, 0xDEADBEEF, 8), (4, 5, 6, 0xBEEFDEAD, 10)],
    dtype=np.dtype(
        dtype=[
            ("a", np.uint8),
            ("b", np.uint8),
            ("x", np.uint8),
            ("y", np.uint32),
            ("z", np.uint8),
        ],
        align=True,
    ),
)


# TestCudaConstantMemory.test_const_empty
@cuda.jit
def cuconstEmpty(A):
    C = cuda.const.array_like(CONST_EMPTY)
    i = cuda.grid(1)
    A[i] = len(C)


# TestCudaConstantMemory.test_const_array
@cuda.jit
def cuconst(A):
    C = cuda.const.array_like(CONST1D)
    i = cuda.grid(1)

    # +1 or it'll be loaded & stored as a u32
    A[i] = C[i] + 1.0


# TestCudaConstantMemory.test_const_array_2d
@cuda.jit
def cuconst2d(A):
    C = cuda.const.array_like(CONST2D)
    i, j = cuda.grid(2)
    A[i, j] = C[i, j]


# TestCudaConstantMemory.test_const_array_3d
@cuda.jit
def cuconst3d(A):
    C = cuda.const.array_like(CONST3D)
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    k = cuda.threadIdx.z
    A[i, j, k] = C[i, j, k]


# TestCudaConstantMemory.test_const_record_empty
@cuda.jit
def cuconstRecEmpty(A):
    C = cuda.const.array_like(CONST_RECORD_EMPTY)
    i = cuda.grid(1)
    A[i] = len(C)


# TestCudaConstantMemory.test_const_record
@cuda.jit
def cuconstRec(A, B):
    C = cuda.const.array_like(CONST_RECORD)
    i = cuda.grid(1)
    A[i] = C[i]["x"]
    B[i] = C[i]["y"]


# TestCudaConstantMemory.test_const_record_align
@cuda.jit
def cuconstRecAlign(A, B, C, D, E):
    Z = cuda.const.array_like(CONST_RECORD_ALIGN)
    i = cuda.grid(1)
    A[i] = Z[i]["a"]
    B[i] = Z[i]["b"]
    C[i] = Z[i]["x"]
    D[i] = Z[i]["y"]
    E[i] = Z[i]["z"]


# TestCudaConstantMemory.test_const_align
@cuda.jit
def cuconstAlign(z):
    a = cuda.const.array_like(CONST3BYTES)
    b = cuda.const.array_like(CONST1D)
    i = cuda.grid(1)
    z[i] = a[i] + b[i]
