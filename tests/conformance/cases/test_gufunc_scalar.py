"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_gufunc_scalar.py
(kernels/test_gufunc_scalar.py).

The tests call gufuncs (`sum_row(dev_inp, out=dev_out1)`, `twice(10)`), which
the harness cannot launch (a Case is one kernel[griddim, blockdim](*args)):
CASES is empty and UFUNC_CALLS lists the calls for a Case extension (see
cases/test_vectorize.py and cases/test_gufunc.py).

Not ported: the error half of test_gufunc_scalar_cast (foo(da, b) with an
int64 device array: a TypeError of the host API).
"""
import numpy as np

CASES = []

INP = lambda rng: [np.arange(300, dtype=np.int32).reshape(100, 3)]  # noqa: E731
SAXPY_A = lambda rng: [np.float32(2), np.arange(10, dtype=np.float32).reshape(5, 2),  # noqa: E731
                       np.arange(10, dtype=np.float32).reshape(5, 2)]

UFUNC_CALLS = [
    dict(kernel="sum_row", test="TestGUFuncScalar.test_gufunc_scalar_output",
         name="sum_row__out", args=INP, out=lambda inp: np.empty(100, dtype=inp.dtype),
         reference=lambda inp: inp.sum(axis=1).astype(np.int32)),
    dict(kernel="sum_row", test="TestGUFuncScalar.test_gufunc_scalar_output",
         name="sum_row", args=INP, reference=lambda inp: inp.sum(axis=1).astype(np.int32)),
    dict(kernel="twice", test="TestGUFuncScalar.test_gufunc_scalar_output_bug",
         name="twice__scalar", args=lambda rng: [10], reference=lambda x: 20),
    dict(kernel="twice", test="TestGUFuncScalar.test_gufunc_scalar_output_bug",
         name="twice__array", args=lambda rng: [np.arange(10).astype(np.int32)],
         reference=lambda arg: arg * 2),
    dict(kernel="saxpy", test="TestGUFuncScalar.test_gufunc_scalar_input_saxpy",
         name="saxpy__2d", args=SAXPY_A, reference=lambda A, X, Y: A * X + Y),
    dict(kernel="saxpy", test="TestGUFuncScalar.test_gufunc_scalar_input_saxpy",
         name="saxpy__1d",
         args=lambda rng: [np.float32(2), np.arange(10, dtype=np.float32),
                           np.arange(10, dtype=np.float32)],
         reference=lambda A, X, Y: A * X + Y),
    dict(kernel="saxpy", test="TestGUFuncScalar.test_gufunc_scalar_input_saxpy",
         name="saxpy__array_a",
         args=lambda rng: [np.arange(5, dtype=np.float32),
                           np.arange(10, dtype=np.float32).reshape(5, 2),
                           np.arange(10, dtype=np.float32).reshape(5, 2)],
         reference=lambda A, X, Y: A[:, None] * X + Y),
    # a = np.int64(2): the type does not match the signature (int32).
    dict(kernel="foo", test="TestGUFuncScalar.test_gufunc_scalar_cast", name="foo",
         args=lambda rng: [np.int64(2), np.arange(10).astype(np.int32)],
         reference=lambda a, b: a * b),
    dict(kernel="gufunc", test="TestGUFuncScalar.test_gufunc_old_style_scalar_as_array",
         name="gufunc__case1",
         args=lambda rng: [np.array([1, 2, 3, 4], dtype=np.int32), np.array([2], dtype=np.int32)],
         out=lambda a, b: np.zeros(4, dtype=np.int32), reference=lambda a, b: a + b),
    dict(kernel="gufunc", test="TestGUFuncScalar.test_gufunc_old_style_scalar_as_array",
         name="gufunc__case2",
         args=lambda rng: [np.array([1, 2, 3, 4] * 2, dtype=np.int32).reshape(2, 4),
                           np.array([2, 10], dtype=np.int32)],
         outs=lambda a, b: [np.zeros((2, 4), dtype=np.int32)],
         reference=lambda a, b: a + b[:, None]),
]
