"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_bfloat16.py (kernels/test_bfloat16.py).

numba.cuda.bf16 does not exist on the simulator: the references are the
values the tests assert, within the tests' deltas (atol). Where upstream
allows a distance of less than 2 bfloat16 ulps from ml_dtypes' round-to-nearest
conversion (test_from_integer_conversions, test_from_float_conversions), the
reference is the exactly rounded bit pattern of each rounding mode (rn, rz,
rd, ru), which CUDA's intrinsics give; where it asserts only that hisinf(inf)
is non-zero, the reference is CUDA's 1.

Not ported: test_bfloat16_type_import (no kernel).
"""
import math
import sys

import numpy as np

from conformance import Case, empty


def bf16_bits(value, mode="rn"):
    """The bfloat16 bit pattern (as int16) of float `value` rounded by `mode`."""
    x = np.float64(value)
    bits = int(np.array([x], dtype=np.float32).view(np.uint32)[0])
    exact = float(np.float32(x)) == x
    assert exact, "only values exact in float32 are needed"
    upper, lower = bits >> 16, bits & 0xFFFF
    if lower == 0:
        r = upper
    elif mode == "rn":
        r = upper + (1 if lower > 0x8000 or (lower == 0x8000 and upper & 1) else 0)
    elif mode == "rz":
        r = upper
    elif mode == "rd":
        r = upper + (1 if x < 0 else 0)
    else:  # ru
        r = upper + (1 if x > 0 else 0)
    return np.array([r], dtype=np.uint16).view(np.int16)[0]


MATH = ["trunc", "ceil", "floor", "sqrt", "log", "log10", "cos", "sin", "tanh", "exp"]
EXP_FUNCTIONS = ["exp"]
if sys.version_info >= (3, 11):
    MATH.append("exp2")
    EXP_FUNCTIONS.append("exp2")

T = "TestBfloat16HighLevelBindings"
CMP = [("heq", lambda x, y: x == y), ("hne", lambda x, y: x != y),
       ("hge", lambda x, y: x >= y), ("hgt", lambda x, y: x > y),
       ("hle", lambda x, y: x <= y), ("hlt", lambda x, y: x < y)]

a, b = 1.25, -2.5
BASIC = [abs(b), a + b, a - b, a * b, b / a, -a, a * b + b, a + b, a - b, a * b]

TEST_VAL = np.int16(0x3FC0)  # 1.5 in bfloat16
ROUNDED = [2, 1, 1, 2]  # 1.5 to integers: rn, rz, rd, ru

CASES = [
    Case("use_type_in_kernel", f"{T}.test_use_type_in_kernel", "float16",
         sig="void()", args=lambda rng: [], reference=lambda: {}),
] + [
    Case(f"math_{f}", f"{T}.test_math_bindings", "float16",
         sig="void(float32[::1])", args=lambda rng: [empty((1,), np.float32)],
         reference=lambda arr, f=f: {0: np.array([getattr(math, f)(3.14)], np.float32)},
         rtol=0.0, atol=1e-1 if f in EXP_FUNCTIONS else 1e-2)
    for f in MATH
] + [
    Case("arithmetic_intrinsics_basic", f"{T}.test_arithmetic_intrinsics_basic", "float16",
         sig="void(float32[::1])", args=lambda rng: [empty((10,), np.float32)],
         reference=lambda out: {0: np.array(BASIC, np.float32)}, rtol=0.0, atol=1e-2),
    Case("arithmetic_intrinsics_saturating", f"{T}.test_arithmetic_intrinsics_saturating",
         "float16", sig="void(float32[::1])", args=lambda rng: [empty((4,), np.float32)],
         reference=lambda out: {0: np.array([1.0, 0.0, 1.0, 1.0], np.float32)},
         rtol=0.0, atol=1e-3),
    Case("fma_relu_intrinsic", f"{T}.test_fma_relu_intrinsic", "float16",
         sig="void(float32[::1])", args=lambda rng: [empty((1,), np.float32)],
         reference=lambda out: {0: np.array([0.0], np.float32)}, rtol=0.0, atol=1e-3),
] + [
    Case(f"comparison_{name}", f"{T}.test_comparison_intrinsics", "float16",
         sig="void(boolean[::1], float64, float64)",
         args=lambda rng, x=x, y=y: [empty((1,), np.bool_), x, y],
         reference=lambda out, x, y, op=op: {0: np.array([op(x, y)])},
         name=f"comparison_{name}__{int(x)}_{int(y)}")
    for name, op in CMP for x, y in [(3.0, 3.0), (3.0, 4.0), (4.0, 3.0)]
] + [
    Case("hmax_hmin_intrinsics", f"{T}.test_hmax_hmin_intrinsics", "float16",
         sig="void(float32[::1])", args=lambda rng: [empty((2,), np.float32)],
         reference=lambda out: {0: np.array([4.0, 3.0], np.float32)}, rtol=0.0, atol=1e-3),
    Case("nan_and_inf_intrinsics", f"{T}.test_nan_and_inf_intrinsics", "float16",
         sig="void(boolean[::1], int32[::1])",
         args=lambda rng: [empty((1,), np.bool_), empty((1,), np.int32)],
         reference=lambda ob, oi: {0: np.array([True]), 1: np.array([1], np.int32)}),
    Case("hmax_nan_hmin_nan_intrinsics", f"{T}.test_hmax_nan_hmin_nan_intrinsics", "float16",
         sig="void(float32[::1])", args=lambda rng: [empty((4,), np.float32)],
         reference=lambda out: {0: np.array([np.nan, np.nan, 2.0, 2.0], np.float32)},
         rtol=0.0, atol=1e-3),
    Case("roundtrip_kernel", f"{T}.test_bfloat16_as_bitcast", "float16",
         sig="void(int16, int16[::1], uint16[::1])",
         args=lambda rng: [TEST_VAL, empty((1,), np.int16), empty((1,), np.uint16)],
         reference=lambda t, i2, u2: {1: np.array([t], np.int16),
                                      2: np.array([t], np.uint16)}),
    Case("to_integer_conversions", f"{T}.test_to_integer_conversions", "float16",
         sig="void(int16, int8[::1], int16[::1], int32[::1], int64[::1], uint8[::1], "
             "uint16[::1], uint32[::1], uint64[::1])",
         args=lambda rng: [TEST_VAL, empty((1,), np.int8), empty((4,), np.int16),
                           empty((4,), np.int32), empty((4,), np.int64),
                           empty((1,), np.uint8), empty((4,), np.uint16),
                           empty((4,), np.uint32), empty((4,), np.uint64)],
         reference=lambda t, i1, i2, i3, i4, u1, u2, u3, u4: {
             1: np.array([1], np.int8), 2: np.array(ROUNDED, np.int16),
             3: np.array(ROUNDED, np.int32), 4: np.array(ROUNDED, np.int64),
             5: np.array([1], np.uint8), 6: np.array(ROUNDED, np.uint16),
             7: np.array(ROUNDED, np.uint32), 8: np.array(ROUNDED, np.uint64)}),
    # Six integer types of 789, each rn, rz, rd, ru.
    Case("from_integer_conversions", f"{T}.test_from_integer_conversions", "float16",
         sig="void(int16[::1])", args=lambda rng: [empty((24,), np.int16)],
         reference=lambda out: {0: np.array(
             [bf16_bits(789, m) for _ in range(6) for m in ("rn", "rz", "rd", "ru")],
             np.int16)}),
    Case("to_float_conversions", f"{T}.test_to_float_conversions", "float16",
         sig="void(float32[::1])", args=lambda rng: [empty((1,), np.float32)],
         reference=lambda out: {0: np.array([1.5], np.float32)}, rtol=0.0, atol=1e-7),
    Case("from_float_conversions", f"{T}.test_from_float_conversions", "float16",
         sig="void(int16[::1])", args=lambda rng: [empty((6,), np.int16)],
         reference=lambda out: {0: np.array(
             [bf16_bits(1.5, m) for m in ("rn", "rz", "rd", "ru", "rn", "rn")], np.int16)}),
]
