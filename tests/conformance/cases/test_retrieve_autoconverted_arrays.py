"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_retrieve_autoconverted_arrays.py
(kernels/test_retrieve_autoconverted_arrays.py).

The tests launch the kernels on host arrays passed plainly, as cuda.InOut(a)
or as cuda.In(a) (also through a dispatcher extension that makes cuda.In the
default), and assert whether the host array sees the kernel's write. The
plain and InOut launches, after which the host array holds 3, are ported (a
case each). Not ported (host only: the direction of the host-device copy):
test_array_in, test_array_in_from_config, test_record_in,
test_record_in_from_config.
"""
import numpy as np

from conformance import Case

T = "TestRetrieveAutoconvertedArrays."
recordtype = np.dtype([("b", np.int32)], align=True)
RECORD = "Record(b[type=int32;offset=0];4;True)"


def rec_three(rec):
    e = rec.copy()
    e[0]["b"] = 3
    return {0: e}


CASES = [
    Case("set_array_to_three", T + "test_array_inout", "indexing", sig="void(int64[::1])",
         name="set_array_to_three__inout", args=lambda rng: [np.zeros(1, dtype=np.int64)]),
    Case("set_array_to_three", T + "test_array_default", "indexing", sig="void(int64[::1])",
         name="set_array_to_three__default", args=lambda rng: [np.zeros(1, dtype=np.int64)]),
    Case("set_record_to_three", T + "test_record_inout", "records", sig=f"void({RECORD}[::1])",
         name="set_record_to_three__inout", args=lambda rng: [np.zeros(1, dtype=recordtype)],
         reference=rec_three),
    Case("set_record_to_three", T + "test_record_default", "records",
         sig=f"void({RECORD}[::1])", name="set_record_to_three__default",
         args=lambda rng: [np.zeros(1, dtype=recordtype)], reference=rec_three),
]
