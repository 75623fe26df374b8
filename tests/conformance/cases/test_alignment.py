"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_alignment.py (kernels/test_alignment.py).

test_record_alignment's reference is what the test asserts (a == b after the
run). test_record_alignment_error asserts that Numba refuses the kernel
("type float64 is not aligned"): an unaligned record's float64 field.
"""
import numpy as np

from conformance import Case

T = "TestAlignment."
rec_dtype = np.dtype([("a", "int32"), ("b", "float64")], align=True)


def recarray(rng):
    # np.recarray(3, ...) upstream (uninitialised; every field is set below)
    a_recarray = np.zeros(3, dtype=rec_dtype).view(np.recarray)
    for i in range(a_recarray.size):
        a_rec = a_recarray[i]
        a_rec.a = 0
        a_rec.b = (i + 1) * 123
    return [np.asarray(a_recarray).view(np.ndarray)]


def expected(a):
    e = a.copy()
    e["a"] = e["b"]
    return {0: e}


CASES = [
    Case("foo", T + "test_record_alignment", "records", args=recarray, griddim=1, blockdim=3,
         reference=expected),
    Case("foo_unaligned", T + "test_record_alignment_error", "records",
         args=lambda rng: [], rejects="aligned"),
]
