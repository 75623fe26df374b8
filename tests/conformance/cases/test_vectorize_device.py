"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_vectorize_device.py
(kernels/test_vectorize_device.py).

The test calls a ufunc (`ufunc(X, Y, Z)`), which the harness cannot launch (a
Case is one kernel[griddim, blockdim](*args)): CASES is empty and UFUNC_CALLS
lists the call for a Case extension (see cases/test_vectorize.py). Upstream
compares with np.allclose.
"""
import numpy as np

CASES = []

N = 100

UFUNC_CALLS = [
    dict(kernel="cu_ufunc", test="TestCudaVectorizeDeviceCall.test_cuda_vectorize_device_call",
         name="cu_ufunc",
         args=lambda rng: [np.array(rng.random(N), dtype=np.float32),
                           np.array(rng.random(N), dtype=np.float32),
                           np.array(rng.random(N), dtype=np.float32) + 0.1],
         reference=lambda X, Y, Z: (X**Y) / Z, rtol=1e-5),
]
