"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_cache_hints.py (kernels/test_cache_hints.py).

Upstream skips the class on the simulator (no cache hints there): the
references are what the tests assert (r == x). Each test launches f[1, 1](r, x)
per operator and per type of tested_types, x = np.arange(5) (or
np.arange(12).reshape(3, 4)) cast to the type and r = np.zeros_like(x): a case
per launch, named <kernel>__<type>; the signatures are Numba's typeof of the
arguments. The PTX checks (ld.global.<modifier> / st.global.<modifier>) and the
CPointer variants (f_ptr, compiled with cuda.compile_ptx and only inspected)
are not ported. test_bad_indices and test_unsupported_dtypes assert that
Numba refuses the functions (TypingError); the rejects texts are words of
Numba's messages ("float64 is not a valid index", "Expected 1 indices, got 2",
"Expected 2 indices, got a scalar" / "got 1", "ldcs requires array of integer
or float type").
"""
import numpy as np

from conformance import Case

C = "indexing"
T = "TestCacheHints."

tested_types = (
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float16,
    np.float32,
    np.float64,
)
LOADS = ("ldca", "ldcg", "ldcs", "ldlu", "ldcv")
STORES = ("stcg", "stcs", "stwb", "stwt")


def launch(test, kernel, ty, two_d):
    n = np.dtype(ty).name
    sig = f"void({n}[:, ::1], {n}[:, ::1])" if two_d else f"void({n}[::1], {n}[::1])"

    def args(rng):
        x = (np.arange(12).reshape(3, 4) if two_d else np.arange(5)).astype(ty)
        return [np.zeros_like(x), x]
    return Case(kernel, T + test, "float16" if ty is np.float16 else C, sig=sig,
                name=f"{kernel}__{n}", args=args, reference=lambda r, x: {0: x, 1: x})


CASES = [
    *[launch("test_loads", f"loads_{op}", ty, False) for op in LOADS for ty in tested_types],
    *[launch("test_loads_2d", f"loads_2d_{op}", ty, True) for op in LOADS for ty in tested_types],
    *[launch("test_stores", f"stores_{op}", ty, False) for op in STORES for ty in tested_types],
    *[launch("test_stores_2d", f"stores_2d_{op}", ty, True)
      for op in STORES for ty in tested_types],
    Case("float_indices", T + "test_bad_indices", C, sig="void(float32[::1])",
         args=lambda rng: [], rejects="not a valid index"),
    Case("too_long_indices", T + "test_bad_indices", C, sig="void(float32[::1])",
         args=lambda rng: [], rejects="indices"),
    Case("too_short_indices_scalar", T + "test_bad_indices", C, sig="void(float32[:, ::1])",
         args=lambda rng: [], rejects="indices"),
    Case("too_short_indices_tuple", T + "test_bad_indices", C, sig="void(float32[:, ::1])",
         args=lambda rng: [], rejects="indices"),
    Case("load_complex", T + "test_unsupported_dtypes", C,
         sig="void(complex64[::1], complex64[::1])", args=lambda rng: [],
         rejects="integer or float"),
]
