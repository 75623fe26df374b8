"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_slicing.py (kernels/test_slicing.py).

test_slice_as_arg launches cucopy[1, 10](inp, out) and asserts nothing of
out; the reference is the simulator's (out becomes a copy of inp).

Not ported: test_assign_empty_slice (assigning to an empty slice of a device
array on the host: host API, no kernel).
"""
import numpy as np

from conformance import Case

CASES = [
    Case("copy", "TestCudaSlicing.test_slice_as_arg", "slicing",
         args=lambda rng: [np.arange(100, dtype=np.int32).reshape(10, 10),
                           np.zeros((10, 10), dtype=np.int32)],
         griddim=1, blockdim=10),
]
