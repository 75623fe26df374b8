"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_array_methods.py (kernels/test_array_methods.py).

test_reinterpret_array_type launches once per start in range(0, 256, 4),
stop = start + 4: a case per launch. The references are the values the tests
assert (byte_arr[start:stop].view(np.int32)[0]; val).
"""
import numpy as np

from conformance import Case

C = "array methods"
T = "TestCudaArrayMethods."


def reinterpret(start):
    stop = start + 4
    return Case("reinterpret_array_type", T + "test_reinterpret_array_type", C,
                sig="void(uint8[::1], int64, int64, int32[::1])",
                name=f"reinterpret_array_type__{start}",
                args=lambda rng: [np.arange(256, dtype=np.uint8), start, stop,
                                  np.zeros(1, dtype=np.int32)],
                reference=lambda b, s, e, o: {0: b, 3: b[s:e].view(np.int32)[:1].copy()})


CASES = [
    *[reinterpret(start) for start in range(0, 256, 4)],
    Case("kernel", T + "test_array_copy", C, sig="void(float64[::1])",
         args=lambda rng: [np.zeros(3, dtype="float64")],
         reference=lambda out: {0: np.array([3.0, 2.0, 1.0])}),
]
