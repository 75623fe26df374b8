"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_enums.py (kernels/test_enums.py).

Not ported: test_int_enum_no_conversion (the typing context's can_convert).
"""
import os

import numpy as np

import conformance as cf
from conformance import Case


def enums():
    """The kernel file as the simulator loads it (its enum classes)."""
    cf.enable_simulator()
    if "test_enums" not in cf._sim_modules:
        cf._sim_modules["test_enums"] = cf.load_module(
            os.path.join(cf.KERNELS, "test_enums.py"), "conformance_kernels_test_enums")
    return cf._sim_modules["test_enums"]


PAIRS = [
    ("red_red", "Color.red", "Color.red"),
    ("red_green", "Color.red", "Color.green"),
    ("earth_earth", "Planet.EARTH", "Planet.EARTH"),
    ("venus_mars", "Planet.VENUS", "Planet.MARS"),
    ("circle_two", "Shape.circle", "IntEnumWithNegatives.two"),  # IntEnum, same value
]


def member(name):
    cls, attr = name.split(".")
    return getattr(getattr(enums(), cls), attr)


CASES = []
# EnumTest.test_compare: enum members as kernel arguments (no signature can
# name their types; the kernel compiles lazily).
for n, a, b in PAIRS:
    CASES.append(Case("f_compare", "EnumTest.test_compare", "globals", name="f_compare__" + n,
                      args=lambda rng, a=a, b=b: [member(a), member(b),
                                                  np.zeros((4,), dtype=np.bool_)]))

CASES += [
    Case("f_getattr_getitem", "EnumTest.test_getattr_getitem", "globals",
         sig="void(boolean[::1])", args=lambda rng: [np.zeros((2,), dtype=np.bool_)]),
    Case("f_return_from_device_func", "EnumTest.test_return_from_device_func", "globals",
         sig="void(boolean, boolean[::1])",
         args=lambda rng: [True, np.zeros((2,), dtype=np.bool_)]),
]
for x in [300, 450, 550]:
    CASES += [
        Case("f_int_coerce", "EnumTest.test_int_coerce", "globals", name=f"f_int_coerce__{x}",
             sig="void(int64, int32[::1])",
             args=lambda rng, x=x: [x, np.zeros((1,), dtype=np.int32)]),
        Case("f_int_cast", "EnumTest.test_int_cast", "globals", name=f"f_int_cast__{x}",
             sig="void(int64, int32[::1])",
             args=lambda rng, x=x: [x, np.zeros((1,), dtype=np.int32)]),
    ]


def _vectorize_expected(arr, out):
    # f(x) for each x, as the test computes `expected`.
    return {0: arr, 1: np.where(arr != 404, 500, 2).astype(np.int64)}


# EnumTest.test_vectorize: a CUDA ufunc, cuda_func(arr), called with the
# input and, positionally, an output array (skipped in the simulator upstream).
CASES.append(Case("f_vectorize", "EnumTest.test_vectorize", "ufuncs", call="ufunc",
                  args=lambda rng: [np.array([2, 404, 500, 404], dtype=np.int64),
                                    np.zeros(4, dtype=np.int64)],
                  reference=_vectorize_expected))
