# Ported from numba-cuda, numba_cuda/numba/cuda/tests/doc_examples/test_cpu_gpu_compat.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
from math import pi

import numba
from numba import cuda


# TestCpuGpuCompat.test_ex_cpu_gpu_compat
@numba.jit
def business_logic(x, y, z):
    return 4 * z * (2 * x - (4 * y) / 2 * pi)


# TestCpuGpuCompat.test_ex_cpu_gpu_compat
@cuda.jit
def f(res, xarr, yarr, zarr):
    tid = cuda.grid(1)
    if tid < len(xarr):
        # The function decorated with numba.jit may be directly reused
        res[tid] = business_logic(xarr[tid], yarr[tid], zarr[tid])
