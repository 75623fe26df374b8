"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_datetime.py (kernels/test_datetime.py).

Upstream compiles the kernels lazily; the signatures are Numba's typeof of the
arguments (NPDatetime('D'), NPTimedelta('D')). The references are what the
tests assert. test_scalar_datetime_kernel passes a datetime64 and a
timedelta64 scalar: the harness passes scalars to nvc-run as integers today
(it would need datetime scalars, or their int64 count, if nvc compiled it).

test_ufunc and test_gufunc call a vectorize / guvectorize ufunc
(timediff(arr1, arr2)), which the harness cannot launch: UFUNC_CALLS lists the
calls, as cases/test_vectorize.py does, for a Case extension.

Not ported: test_datetime_cupy_inputs
(CuPy interop, host API); test_datetime_view_as_int64,
test_timedelta_view_as_int64 (device array views, host API).
"""
import numpy as np

from conformance import Case

C = "arithmetic"
T = "TestCudaDateTime."
DT = "NPDatetime('D')[::1]"
TD = "NPTimedelta('D')[::1]"


def basic(rng):
    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + rng.integers(0, 10000, arr1.size)
    delta = np.zeros_like(arr1, dtype="timedelta64[D]")
    return [arr1, arr2, delta]


def scalar(rng):
    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    target = arr1[5]  # datetime
    delta = arr1[6] - arr1[5]  # timedelta
    matches = np.zeros_like(arr1, dtype=np.bool_)
    outdelta = np.zeros_like(arr1, dtype="datetime64[D]")
    return [arr1, target, delta, matches, outdelta]


def scalar_expected(dates, target, delta, matches, outdelta):
    return {0: dates, 3: dates == target, 4: dates - delta}


CASES = [
    Case("foo_basic", T + "test_basic_datetime_kernel", C, sig=f"void({DT}, {DT}, {TD})",
         args=basic, griddim=1, blockdim=32,
         reference=lambda a1, a2, d: {0: a1, 1: a2, 2: a2 - a1}),
    Case("foo_scalar", T + "test_scalar_datetime_kernel", C,
         sig=f"void({DT}, NPDatetime('D'), NPTimedelta('D'), bool[::1], {DT})",
         args=scalar, griddim=1, blockdim=32, reference=scalar_expected),
]


def ufunc_args(rng):
    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + rng.integers(0, 10000, arr1.size)
    return [arr1, arr2]


UFUNC_CALLS = [
    dict(kernel="timediff", test=T + "test_ufunc", name="timediff", args=ufunc_args,
         reference=lambda arr1, arr2: arr2 - arr1),
    dict(kernel="timediff_gu", test=T + "test_gufunc", name="timediff_gu", args=ufunc_args,
         reference=lambda arr1, arr2: arr2 - arr1),
]
