# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_array.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Upstream compiles the module-level functions with cuda.jit(fn) in its tests;
# here they carry @cuda.jit and the cases give the signatures of the launches.
import numpy as np

from numba import cuda, types

try:
    from numba.cuda.np.numpy_support import carray, farray
except ImportError:  # Debian's Numba 0.56 (the simulator)
    from numba.np.numpy_support import carray, farray


# TestCudaArray.test_array_reshape
@cuda.jit
def array_reshape1d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        got[i] = y[i]


# TestCudaArray.test_array_reshape
@cuda.jit
def array_reshape2d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            got[i, j] = y[i, j]


# TestCudaArray.test_array_reshape
@cuda.jit
def array_reshape3d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            for k in range(y.shape[2]):
                got[i, j, k] = y[i, j, k]


# TestCudaArray.test_gpu_array_strided
@cuda.jit("void(double[:])")
def kernel(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = i


# TestCudaArray.test_carray (TestCudaArray._test_cfarray; renamed from add,
# cfarray is carray)
@cuda.jit(types.void(types.CPointer(types.float32)))
def add_carray(a_ptr):
    a = carray(a_ptr, (1,), dtype=cuda.float32)
    a[0] += 1.2


# TestCudaArray.test_farray (TestCudaArray._test_cfarray; renamed from add,
# cfarray is farray)
@cuda.jit(types.void(types.CPointer(types.float32)))
def add_farray(a_ptr):
    a = farray(a_ptr, (1,), dtype=cuda.float32)
    a[0] += 1.2
