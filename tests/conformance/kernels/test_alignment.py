# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_alignment.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods; the
# record types they are declared over are module constants.
import numpy as np
from numba import cuda

try:
    from numba.cuda.np.numpy_support import from_dtype
except ImportError:  # Debian's Numba 0.56 (the simulator)
    from numba.np.numpy_support import from_dtype


# TestAlignment.test_record_alignment
rec_dtype = np.dtype([("a", "int32"), ("b", "float64")], align=True)
rec = from_dtype(rec_dtype)


# TestAlignment.test_record_alignment
@cuda.jit((rec[:],))
def foo(a):
    i = cuda.grid(1)
    a[i].a = a[i].b


# TestAlignment.test_record_alignment_error (rec_dtype, rec are
# rec_dtype_unaligned, rec_unaligned)
rec_dtype_unaligned = np.dtype([("a", "int32"), ("b", "float64")])
rec_unaligned = from_dtype(rec_dtype_unaligned)


# TestAlignment.test_record_alignment_error (renamed from foo)
@cuda.jit((rec_unaligned[:],))
def foo_unaligned(a):
    i = cuda.grid(1)
    a[i].a = a[i].b
