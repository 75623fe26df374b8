# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_lang.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda
from numba.cuda import float64

# TestLang.test_enumerate (closure variable)
tup = (1.0, 2.5, 3.0)


# TestLang.test_enumerate
@cuda.jit("void(float64[:])")
def foo(a):
    for i, v in enumerate(tup):
        a[i] = v


# TestLang.test_zip (closure variables)
t1 = (1, 2, 3)
t2 = (4.5, 5.6, 6.7)


# TestLang.test_zip (renamed from foo)
@cuda.jit("void(float64[:])")
def foo_zip(a):
    c = 0
    for i, j in zip(t1, t2):
        c += i + j
    a[0] = c


# TestLang.test_issue_872
@cuda.jit("void(float64[:,:])")
def cuda_kernel_api_in_multiple_blocks(ary):
    for i in range(2):
        tx = cuda.threadIdx.x
    for j in range(3):
        ty = cuda.threadIdx.y
    sm = cuda.shared.array((2, 3), float64)
    sm[tx, ty] = 1.0
    ary[tx, ty] = sm[tx, ty]
