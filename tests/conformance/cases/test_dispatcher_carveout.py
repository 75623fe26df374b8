"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_dispatcher.py's
TestSharedMemoryCarveout (kernels/test_dispatcher_carveout.py; apart from
test_dispatcher, see the kernel file).

Not ported: test_shared_memory_carveout_invalid_values (host ValueError
wording). The references are the values the test asserts (the simulator
refuses shared_memory_carveout=).
"""
import numpy as np

from conformance import Case

CASES = []

# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values: each
# carveout, without (lazily compiled) and with a signature.
for n in ["MaxL1", "MaxShared", "default", "0", "50", "100", "minus1"]:
    CASES += [
        Case("add_one_" + n, "TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values",
             "indexing", sig="void(int32[::1])",
             args=lambda rng: [np.zeros(10, dtype=np.int32)], griddim=1, blockdim=10,
             reference=lambda x: {0: np.arange(1, 11, dtype=np.int32)}),
        Case("add_one_sig_" + n, "TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values",
             "indexing",
             args=lambda rng: [np.zeros(10, dtype=np.int32)], griddim=1, blockdim=10,
             reference=lambda x: {0: np.arange(1, 11, dtype=np.int32)}),
    ]
