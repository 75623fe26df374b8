# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_localmem.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Upstream compiles the module-level functions with cuda.jit(SIG)(fn); here
# they carry @cuda.jit and the cases give SIG.
import numpy as np

from numba import cuda
from numba.cuda import int32, complex128, void
from numba.cuda import types

# (upstream: from .extensions_usecases import struct_model_type, MyStruct;
# kernels/extensions_usecases.py, found beside this file by nvc and, for the
# simulator, whose import path lacks this folder, through the except branch)
try:
    from extensions_usecases import struct_model_type, MyStruct
except ImportError:
    import importlib.util as _ilu
    import os as _os
    _spec = _ilu.spec_from_file_location(
        "extensions_usecases",
        _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "extensions_usecases.py"))
    _mod = _ilu.module_from_spec(_spec)
    _spec.loader.exec_module(_mod)
    struct_model_type, MyStruct = _mod.struct_model_type, _mod.MyStruct


# TestCudaLocalMem.test_local_array
@cuda.jit
def culocal(A, B):
    C = cuda.local.array(1000, dtype=int32)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


# TestCudaLocalMem.test_local_array_complex
@cuda.jit
def culocalcomplex(A, B):
    C = cuda.local.array(100, dtype=complex128)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


# TestCudaLocalMem.test_local_array_1_tuple
@cuda.jit
def culocal1tuple(A, B):
    C = cuda.local.array((5,), dtype=int32)
    for i in range(C.shape[0]):
        C[i] = A[i]
    for i in range(C.shape[0]):
        B[i] = C[i]


# TestCudaLocalMem.test_numba_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_numba_dtype(x):
    l = cuda.local.array(10, dtype=int32)
    l[0] = x[0]
    x[0] = l[0]


# TestCudaLocalMem.test_numpy_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_numpy_dtype(x):
    l = cuda.local.array(10, dtype=np.int32)
    l[0] = x[0]
    x[0] = l[0]


# TestCudaLocalMem.test_string_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_string_dtype(x):
    l = cuda.local.array(10, dtype="int32")
    l[0] = x[0]
    x[0] = l[0]


# TestCudaLocalMem.test_invalid_string_dtype (renamed from f)
@cuda.jit(void(int32[::1]))
def f_invalid_string_dtype(x):
    l = cuda.local.array(10, dtype="int33")
    l[0] = x[0]
    x[0] = l[0]


# TestCudaLocalMem.test_struct_model_type_arr (renamed from f)
@cuda.jit(void(int32[::1], int32[::1]))
def f_struct_model_type_arr(outx, outy):
    # Test creation
    arr = cuda.local.array(10, dtype=struct_model_type)
    # Test set to arr
    for i in range(len(arr)):
        obj = MyStruct(int32(i), int32(i * 2))
        arr[i] = obj
    # Test get from arr
    for i in range(len(arr)):
        outx[i] = arr[i].x
        outy[i] = arr[i].y


# TestCudaLocalMem._check_local_array_size_fp16 (test_issue_fp16_support):
# shape = 2, ty = types.float16 (renamed from s; ty is ty_types_float16)
shape_fp16 = 2
ty_types_float16 = types.float16


@cuda.jit
def s_fp16_types(a):
    arr = cuda.local.array(shape_fp16, dtype=ty_types_float16)
    a[0] = arr.size


# TestCudaLocalMem._check_local_array_size_fp16 (test_issue_fp16_support):
# shape = 2, ty = np.float16 (renamed from s; ty is ty_np_float16)
ty_np_float16 = np.float16


@cuda.jit
def s_fp16_np(a):
    arr = cuda.local.array(shape_fp16, dtype=ty_np_float16)
    a[0] = arr.size
