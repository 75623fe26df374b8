"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_complex_kernel.py (kernels/test_complex_kernel.py)."""
import numpy as np

from conformance import Case

CASES = [
    # foo[1, a.shape](a, 2j); asserts np.allclose(a, a0 + 2j)
    Case("foo", "TestCudaComplex.test_cuda_complex_arg", "complex",
         args=lambda rng: [np.arange(5, dtype=np.complex128), 2j],
         griddim=1, blockdim=5,
         reference=lambda a, b: {0: a + 2j}),
]
