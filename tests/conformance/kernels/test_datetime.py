# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_datetime.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods. Both
# tests name their kernel foo; here foo_basic and foo_scalar.
import numpy as np

from numba import cuda


# TestCudaDateTime.test_basic_datetime_kernel (renamed from foo)
@cuda.jit
def foo_basic(start, end, delta):
    for i in range(cuda.grid(1), delta.size, cuda.gridsize(1)):
        delta[i] = end[i] - start[i]


# TestCudaDateTime.test_scalar_datetime_kernel (renamed from foo)
@cuda.jit
def foo_scalar(dates, target, delta, matches, outdelta):
    for i in range(cuda.grid(1), matches.size, cuda.gridsize(1)):
        matches[i] = dates[i] == target
        outdelta[i] = dates[i] - delta


# The ufunc tests' datetime types (upstream: in each test,
# from numba.cuda.np.numpy_support import from_dtype)
try:
    from numba.cuda.np.numpy_support import from_dtype
except ImportError:  # Debian's Numba 0.56 (the simulator)
    from numba.np.numpy_support import from_dtype
from numba import vectorize, guvectorize

datetime_t = from_dtype(np.dtype("datetime64[D]"))
timedelta_t = from_dtype(np.dtype("timedelta64[D]"))


# TestCudaDateTime.test_ufunc
@vectorize([(datetime_t, datetime_t)], target="cuda")
def timediff(start, end):
    return end - start


# TestCudaDateTime.test_gufunc (renamed from timediff)
@guvectorize(
    [(datetime_t, datetime_t, timedelta_t[:])],
    "(),()->()",
    target="cuda",
)
def timediff_gu(start, end, out):
    out[0] = end - start
