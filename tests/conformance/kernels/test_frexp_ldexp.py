# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_frexp_ldexp.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Upstream compiles simple_frexp with cuda.jit(void(nbtype[:], int32[:],
# nbtype)) and simple_ldexp with cuda.jit(void(nbtype[:], nbtype, int32))
# for nbtype float32 and float64; here they are @cuda.jit and each case gives
# the signature.
import numpy as np
import math
from numba import cuda
from numba.cuda.types import float32, float64, int32, void


# TestCudaFrexpLdexp.test_frexp_f4, test_frexp_f8
@cuda.jit
def simple_frexp(aryx, aryexp, arg):
    aryx[0], aryexp[0] = math.frexp(arg)


# TestCudaFrexpLdexp.test_ldexp_f4, test_ldexp_f8
@cuda.jit
def simple_ldexp(aryx, arg, exp):
    aryx[0] = math.ldexp(arg, exp)
