# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_optimization.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernel of the tests that launch it, as upstream wrote it. Upstream
# compiles kernel_func with cuda.jit(kernel_func) (test_lazy_opt) and
# cuda.jit(opt=False)(kernel_func) (test_lazy_noopt); here the first carries
# @cuda.jit and the second is the same function under @cuda.jit(opt=False),
# renamed kernel_func_noopt.
import numpy as np

from numba import cuda
from numba.cuda import float64


# TestOptimization.test_lazy_opt
@cuda.jit
def kernel_func(x):
    x[0] = 1


# TestOptimization.test_lazy_noopt (renamed from kernel_func)
@cuda.jit(opt=False)
def kernel_func_noopt(x):
    x[0] = 1
