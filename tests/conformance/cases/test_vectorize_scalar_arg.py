"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_vectorize_scalar_arg.py
(kernels/test_vectorize_scalar_arg.py).

The tests call ufuncs (`vector_add(1.0, dA)`), which the harness cannot launch
(a Case is one kernel[griddim, blockdim](*args)): CASES is empty and
UFUNC_CALLS lists the calls for a Case extension (see cases/test_vectorize.py).
"""
import numpy as np

CASES = []

UFUNC_CALLS = [
    dict(kernel="vector_add", test="TestCUDAVectorizeScalarArg.test_vectorize_scalar_arg",
         name="vector_add", args=lambda rng: [1.0, np.arange(10, dtype=np.float64)],
         reference=lambda a, A: np.arange(1, 11, dtype=np.float64)),
    dict(kernel="vector_add_all_scalars",
         test="TestCUDAVectorizeScalarArg.test_vectorize_all_scalars",
         name="vector_add_all_scalars", args=lambda rng: [1.0, 1.0],
         reference=lambda a, b: 2.0),
]
