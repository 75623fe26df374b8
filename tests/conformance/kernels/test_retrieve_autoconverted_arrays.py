# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_retrieve_autoconverted_arrays.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them. Upstream compiles them with cuda.jit(fn)
# in setUp; here they carry @cuda.jit and the cases give the signatures of the
# launches.
import numpy as np

from numba import cuda


# TestRetrieveAutoconvertedArrays.test_array_inout, test_array_default
@cuda.jit
def set_array_to_three(arr):
    arr[0] = 3


# TestRetrieveAutoconvertedArrays.test_record_inout, test_record_default
@cuda.jit
def set_record_to_three(rec):
    rec[0]["b"] = 3


recordtype = np.dtype([("b", np.int32)], align=True)
