"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_vectorize_decor.py
(kernels/test_vectorize_decor.py).

The tests call ufuncs (`numba_func(A, *args)`, compared with np.vectorize of
the same function), which the harness cannot launch (a Case is one
kernel[griddim, blockdim](*args)): CASES is empty and UFUNC_CALLS lists the
calls for a Case extension (see cases/test_vectorize.py).

Not ported: TestVectorizeUnrecognizedArg.test_target_cuda_unrecognized_arg
(a KeyError of the decorator: host API). TestVectorizeNopythonArg's call is
listed (the test checks the warning of nopython=True; the call must run).
"""
import math

import numpy as np

CASES = []

pi = math.pi


def sinc(x):
    if x == 0.0:
        return 1.0
    else:
        return math.sin(x * pi) / (pi * x)


def scaled_sinc(x, scale):
    if x == 0.0:
        return scale
    else:
        return scale * (math.sin(x * pi) / (pi * x))


def gold(func):
    return lambda *args: np.vectorize(func)(*args)


A64 = np.arange(100, dtype=np.float64)
UFUNC_CALLS = [
    dict(kernel="sinc_1", test="TestVectorizeDecor.test_1", name="sinc_1",
         args=lambda rng: [A64.copy()], reference=gold(sinc), rtol=1e-7),
    dict(kernel="sinc_2", test="TestVectorizeDecor.test_2", name="sinc_2",
         args=lambda rng: [A64.copy()], reference=gold(sinc), rtol=1e-7),
    dict(kernel="scaled_sinc", test="TestVectorizeDecor.test_3", name="scaled_sinc",
         args=lambda rng: [A64.copy(), np.uint32(3)], reference=gold(scaled_sinc),
         rtol=1e-7, atol=1e-8),
] + [
    dict(kernel="vector_add", test="TestVectorizeDecor.test_4", name=f"vector_add__{dt.__name__}",
         args=lambda rng, dt=dt: [A64.astype(dt), A64.astype(dt)],
         reference=gold(lambda a, b: a + b), rtol=1e-7)
    for dt in (np.float64, np.float32, np.int32, np.uint32)
] + [
    dict(kernel="fngpu", test="TestGPUVectorizeBroadcast.test_broadcast", name="fngpu",
         args=lambda rng: (lambda a: [a, a.transpose(2, 1, 0)])(rng.standard_normal((100, 3, 1))),
         reference=lambda a, b: a - b),
    dict(kernel="fngpu", test="TestGPUVectorizeBroadcast.test_device_broadcast",
         name="fngpu__device",
         args=lambda rng: (lambda a: [a, a.transpose(2, 1, 0)])(rng.standard_normal((100, 3, 1))),
         reference=lambda a, b: a - b),
    dict(kernel="vector_add_nopython", test="TestVectorizeNopythonArg.test_target_cuda_nopython",
         name="vector_add_nopython",
         args=lambda rng: [np.array([2.0], dtype=np.float32), np.array([3.0], dtype=np.float32)],
         reference=lambda a, b: a + b),
]
