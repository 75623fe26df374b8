# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_vectorize_decor.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the ufuncs as upstream wrote them. BaseVectorizeDecor._run_and_compare
# compiles the module-level functions with vectorize(sig, target="cuda")(func):
# one decorated copy per test's signature list (renamed after the test).
import numpy as np
import math

from numba import cuda
from numba.cuda import vectorize, int32, uint32, float32, float64


pi = math.pi


# TestVectorizeDecor.test_1 (sinc)
@vectorize(["float64(float64)", "float32(float32)"], target="cuda")
def sinc_1(x):
    if x == 0.0:
        return 1.0
    else:
        return math.sin(x * pi) / (pi * x)


# TestVectorizeDecor.test_2 (sinc)
@vectorize([float64(float64), float32(float32)], target="cuda")
def sinc_2(x):
    if x == 0.0:
        return 1.0
    else:
        return math.sin(x * pi) / (pi * x)


# TestVectorizeDecor.test_3 (scaled_sinc)
@vectorize(["float64(float64, uint32)"], target="cuda")
def scaled_sinc(x, scale):
    if x == 0.0:
        return scale
    else:
        return scale * (math.sin(x * pi) / (pi * x))


# TestVectorizeDecor.test_4 (vector_add)
@vectorize(
    [
        int32(int32, int32),
        uint32(uint32, uint32),
        float32(float32, float32),
        float64(float64, float64),
    ],
    target="cuda",
)
def vector_add(a, b):
    return a + b


# TestGPUVectorizeBroadcast.test_broadcast, test_device_broadcast
@vectorize(["float64(float64,float64)"], target="cuda")
def fngpu(a, b):
    return a - b


# TestVectorizeNopythonArg.test_target_cuda_nopython (vector_add compiled with
# vectorize([float32(float32, float32)], target="cuda", nopython=True); renamed)
@vectorize([float32(float32, float32)], target="cuda", nopython=True)
def vector_add_nopython(a, b):
    return a + b
