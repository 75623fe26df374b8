"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_cpointer.py (kernels/doc_cpointer.py).

test_ex_cpointer launches add_one[1, 32](x_ptr, x_len) with the device
pointer of x = cuda.to_device(np.arange(10, dtype=np.uint8)) (from its CUDA
Array Interface) and len(x); it prints x, [1 .. 10], and asserts nothing.
The case passes the array for the pointer argument and expects x + 1 (the
simulator cannot take a pointer).
"""
import numpy as np

from conformance import Case

CASES = [
    Case("add_one", "TestCPointer.test_ex_cpointer", "doc examples",
         args=lambda rng: [np.arange(10, dtype=np.uint8), np.uint32(10)],
         griddim=1, blockdim=32,
         reference=lambda x, n: {0: x + 1}),
]
