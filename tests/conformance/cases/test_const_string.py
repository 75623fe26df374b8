"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_const_string.py (kernels/test_const_string.py).

Upstream compiles the kernels lazily; the signatures are Numba's typeof of the
arguments. The references are the arrays the tests assert.

Not ported: TestConstStringCodegen.test_const_string (Numba's CUDA target
internals: insert_const_string on an llvmlite module and the PTX NVVM makes
of it).
"""
import numpy as np

from conformance import Case

T = "TestConstString."
n_strings = 8

DT_UNICODE = np.dtype([("x", np.int32), ("y", np.dtype("<U12"))])
DT_BYTES = np.dtype([("x", np.float32), ("y", np.dtype("S12"))])
REC_UNICODE = "Record(x[type=int32;offset=0],y[type=[unichr x 12];offset=4];52;False)"
REC_BYTES = "Record(x[type=float32;offset=0],y[type=[char x 12];offset=4];16;False)"


def expected(arr, value):
    e = np.zeros_like(arr)
    e[:-1] = value
    e[-1] = type(value)()
    return e


CASES = [
    # arr = np.zeros(n_strings + 1, dtype="<U12"); str_assign[1, n_strings](arr)
    Case("str_assign", T + "test_assign_const_unicode_string", "indexing",
         sig="void(UnicodeCharSeq(12)[::1])",
         args=lambda rng: [np.zeros(n_strings + 1, dtype="<U12")],
         griddim=1, blockdim=n_strings,
         reference=lambda arr: {0: expected(arr, "XYZ")}),
    Case("bytes_assign", T + "test_assign_const_byte_string", "indexing",
         sig="void(CharSeq(12)[::1])",
         args=lambda rng: [np.zeros(n_strings + 1, dtype="S12")],
         griddim=1, blockdim=n_strings,
         reference=lambda arr: {0: expected(arr, b"XYZ")}),
    Case("f_string_in_record", T + "test_assign_const_string_in_record", "records",
         sig=f"void({REC_UNICODE}[::1])", args=lambda rng: [np.zeros(2, DT_UNICODE)],
         reference=lambda a: {0: np.asarray([(1, "ABC"), (2, "XYZ")], dtype=DT_UNICODE)}),
    Case("f_bytes_in_record", T + "test_assign_const_bytes_in_record", "records",
         sig=f"void({REC_BYTES}[::1])", args=lambda rng: [np.zeros(2, DT_BYTES)],
         reference=lambda a: {0: np.asarray([(1, b"ABC"), (2, b"XYZ")], dtype=DT_BYTES)}),
]
