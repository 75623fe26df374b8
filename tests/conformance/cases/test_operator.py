"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_operator.py (kernels/test_operator.py).

Not ported: the *_ptx tests (test_fp16_binary_ptx, test_fp16_inplace_binary_ptx,
test_fp16_neg_ptx, test_fp16_abs_ptx, test_fp16_comparison_ptx,
test_fp16_int8_comparison_ptx, test_mixed_fp16_comparison_promotion_ptx:
they check PTX instructions only).

The float16 references are the values the tests assert, op(arg1, arg2) of
one-element NumPy arrays (NumPy's array promotion, as Numba types the
kernel; the simulator would apply NumPy's scalar rules).
"""
import itertools
import operator

import numpy as np

from conformance import Case

CASES = []

# TestOperatorModule.operator_template: a = np.ones(1), b = np.ones(1).
for op in ["add", "sub", "mul", "truediv", "floordiv"]:
    CASES.append(Case("foo_" + op, "TestOperatorModule.test_" + op, "arithmetic",
                      sig="void(float64[::1], float64[::1])",
                      args=lambda rng: [np.ones(1), np.ones(1)]))


def f16(rng):
    return rng.random(1).astype(np.float16)


def binary_reference(op, dtype):
    def ref(got, a, b):
        return {0: op(np.array([a]), np.array([b])).astype(dtype)}
    return ref


BINARY = [("simple_fp16add", operator.add), ("simple_fp16sub", operator.sub),
          ("simple_fp16mul", operator.mul), ("simple_fp16_div_scalar", operator.truediv)]
for fn, op in BINARY:
    CASES.append(Case(fn, "TestOperatorModule.test_fp16_binary", "float16",
                      name=fn + "__f2", sig="void(f2[:], f2, f2)",
                      args=lambda rng: [np.zeros(1, dtype=np.float16), f16(rng)[0], f16(rng)[0]],
                      reference=binary_reference(op, np.float16)))

TYPES = (np.int8, np.int16, np.int32, np.int64, np.float32, np.float64)
for (fn, op), ty in itertools.product(BINARY, TYPES):
    res_ty = np.result_type(np.float16, ty)
    CASES.append(Case(
        fn, "TestOperatorModule.test_mixed_fp16_binary_arithmetic", "float16",
        name=f"{fn}__mixed_{np.dtype(ty).name}",
        sig=f"void({res_ty.name}[::1], float16, {np.dtype(ty).name})",
        args=lambda rng, ty=ty, res_ty=res_ty: [np.zeros(1, dtype=res_ty), f16(rng)[0],
                                                (rng.random(1) * 100).astype(ty)[0]],
        reference=binary_reference(op, res_ty)))


def inplace_reference(op):
    def ref(got, a):
        expected = got.copy()
        op(expected, a)
        return {0: expected}
    return ref


for fn, op in [("simple_fp16_iadd", operator.iadd), ("simple_fp16_isub", operator.isub),
               ("simple_fp16_imul", operator.imul), ("simple_fp16_idiv", operator.itruediv)]:
    CASES.append(Case(fn, "TestOperatorModule.test_fp16_inplace_binary", "float16",
                      sig="void(f2[:], f2)",
                      args=lambda rng: [f16(rng), f16(rng)[0]],
                      reference=inplace_reference(op)))

for fn, op in [("simple_fp16neg", operator.neg), ("simple_fp16abs", operator.abs)]:
    CASES.append(Case(fn, "TestOperatorModule.test_fp16_unary", "float16",
                      sig="void(f2[:], f2)",
                      args=lambda rng: [np.zeros(1, dtype=np.float16), f16(rng)[0]],
                      reference=lambda got, a, op=op: {0: op(np.array([a]))}))

COMPARISONS = [("simple_fp16_gt", operator.gt), ("simple_fp16_ge", operator.ge),
               ("simple_fp16_lt", operator.lt), ("simple_fp16_le", operator.le),
               ("simple_fp16_eq", operator.eq), ("simple_fp16_ne", operator.ne)]
for fn, op in COMPARISONS:
    CASES.append(Case(fn, "TestOperatorModule.test_fp16_comparison", "float16",
                      name=fn + "__f2", sig="void(b1[:], f2, f2)",
                      args=lambda rng: [np.zeros(1, dtype=np.bool_), f16(rng)[0], f16(rng)[0]],
                      reference=binary_reference(op, np.bool_)))
for (fn, op), ty in itertools.product(COMPARISONS, TYPES):
    CASES.append(Case(
        fn, "TestOperatorModule.test_mixed_fp16_comparison", "float16",
        name=f"{fn}__mixed_{np.dtype(ty).name}",
        sig=f"void(boolean[::1], float16, {np.dtype(ty).name})",
        args=lambda rng, ty=ty: [np.zeros(1, dtype=np.bool_), f16(rng)[0],
                                 (rng.random(1) * 100).astype(ty)[0]],
        reference=binary_reference(op, np.bool_)))

for i in range(1, 6):
    fn = f"multiple_hcmp_{i}"
    CASES += [
        Case(fn, "TestOperatorModule.test_multiple_float16_comparisons", "float16",
             name=fn + "__true", sig="void(b1[:], f2, f2, f2)",
             args=lambda rng: [np.zeros(1, dtype=np.bool_), np.float16(2.0), np.float16(3.0),
                               np.float16(4.0)],
             reference=lambda *args: {0: np.array([True])}),
        Case(fn, "TestOperatorModule.test_multiple_float16_comparisons_false", "float16",
             name=fn + "__false", sig="void(b1[:], f2, f2, f2)",
             args=lambda rng: [np.zeros(1, dtype=np.bool_), np.float16(2.0), np.float16(3.0),
                               np.float16(1.0)],
             reference=lambda *args: {0: np.array([False])}),
    ]
