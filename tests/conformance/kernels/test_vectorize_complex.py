# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_vectorize_complex.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the ufunc as upstream wrote it, lifted out of its test method.
import numpy as np
from numba.cuda import vectorize


# TestVectorizeComplex.test_vectorize_complex
@vectorize(["complex128(complex128)"], target="cuda")
def vcomp(a):
    return a * a + 1.0
