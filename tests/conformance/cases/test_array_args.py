"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_array_args.py (kernels/test_array_args.py).

Upstream compiles the tuple kernels lazily; the signatures are Numba's typeof
of the arguments. The harness passes scalars and arrays only: a tuple
argument would be an error there if nvc compiled these kernels (the harness
needs tuple arguments, and for test_tuple_of_arrays arrays inside a tuple
read back after the run: its reference names the tuple's argument, whose
first array the test asserts).
"""
from collections import namedtuple

import numpy as np

from conformance import Case

C = "tuples"
T = "TestCudaArrayArg."

PointXY = namedtuple("Point", ("x", "y"))
PointXYR = namedtuple("Point", ("x", "y", "r"))


def tuple_of_arrays(rng):
    N = 10
    x0 = np.zeros(N)
    x1 = np.ones_like(x0)
    x2 = x1 * 3
    return [(x0, x1, x2)]


def i64(values):
    return np.array(values, dtype=np.int64)


CASES = [
    Case("kernel", T + "test_array_ary", "device functions",
         args=lambda rng: [np.arange(10, dtype=np.double), np.zeros(10, dtype=np.double)],
         griddim=10, blockdim=1),
    Case("f_unituple", T + "test_unituple", C, sig="void(int64[::1], UniTuple(int64, 3))",
         args=lambda rng: [np.zeros(3, dtype=np.int64), (1, 2, 3)],
         reference=lambda r, x: {0: i64([1, 2, 3])}),
    Case("f_tuple", T + "test_tuple", C,
         sig="void(int64[::1], float64[::1], "
             "Tuple(int64, int64, int64, float64, float64, float64))",
         args=lambda rng: [np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.float64),
                           (1, 2, 3, 4.5, 5.5, 6.5)],
         reference=lambda r1, r2, x: {0: i64([1, 2, 3]), 1: np.array([4.5, 5.5, 6.5])}),
    Case("f_namedunituple", T + "test_namedunituple", C,
         sig="void(int64[::1], NamedUniTuple(int64, 2, Point))",
         args=lambda rng: [np.zeros(2, dtype=np.int64), PointXY(1, 2)],
         reference=lambda r, x: {0: i64([1, 2])}),
    Case("f_namedtuple", T + "test_namedtuple", C,
         sig="void(int64[::1], float64[::1], NamedTuple(int64, int64, float64, Point))",
         args=lambda rng: [np.zeros(2, dtype=np.int64), np.zeros(1, dtype=np.float64),
                           PointXYR(1, 2, 2.236)],
         reference=lambda r1, r2, x: {0: i64([1, 2]), 1: np.array([2.236])}),
    Case("f_empty_tuple", T + "test_empty_tuple", C, sig="void(int64[::1], Tuple())",
         args=lambda rng: [np.ones(1, dtype=np.int64), ()],
         reference=lambda r, x: {0: i64([0])}),
    Case("f_tuple_of_empty_tuples", T + "test_tuple_of_empty_tuples", C,
         sig="void(int64[::1], UniTuple(Tuple(), 3))",
         args=lambda rng: [np.ones(2, dtype=np.int64), ((), (), ())],
         reference=lambda r, x: {0: i64([3, 0])}),
    Case("f_tuple_of_tuples", T + "test_tuple_of_tuples", C,
         sig="void(int64[::1], Tuple(Tuple(), UniTuple(int64, 2), UniTuple(int64, 3)))",
         args=lambda rng: [np.ones(9, dtype=np.int64), ((), (5, 6), (8, 9, 10))],
         reference=lambda r, x: {0: i64([3, 0, 2, 3, 5, 6, 8, 9, 10])}),
    # r = np.ones(9): the kernel writes r[0:6]; the test asserts those
    Case("f_tuple_of_tuples_and_scalars", T + "test_tuple_of_tuples_and_scalars", C,
         sig="void(int64[::1], Tuple(UniTuple(int64, 3), int64))",
         args=lambda rng: [np.ones(9, dtype=np.int64), ((6, 5, 4), 7)],
         reference=lambda r, x: {0: i64([2, 3, 6, 5, 4, 7, 1, 1, 1])}),
    Case("f_tuple_of_arrays", T + "test_tuple_of_arrays", C,
         sig="void(UniTuple(float64[::1], 3))", args=tuple_of_arrays, griddim=1, blockdim=10,
         reference=lambda x: {0: np.full(10, 4.0)}),
    Case("f_tuple_of_array_scalar_tuple", T + "test_tuple_of_array_scalar_tuple", C,
         sig="void(int64[::1], Tuple(int64[::1], int64, UniTuple(int64, 2)))",
         args=lambda rng: [np.zeros(5, dtype=np.int64),
                           (2 * np.arange(2, dtype=np.int64), 10, (4, 3))],
         reference=lambda r, x: {0: i64([0, 2, 10, 4, 3])}),
]
