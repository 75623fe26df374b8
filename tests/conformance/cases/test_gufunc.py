"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py (kernels/test_gufunc.py).

One test launches a kernel (test_not_supported_call_from_jit: a @cuda.jit
kernel calling a gufunc, which Numba refuses). The others call gufuncs
(`gufunc(A, B)`, `copy(A, out=B)`), which the harness cannot launch (a Case is
one kernel[griddim, blockdim](*args)); UFUNC_CALLS lists those calls for a
Case extension (see cases/test_vectorize.py; `outs` makes the output arrays
passed positionally after the inputs, `out` the one passed as out=).

Not ported: test_gufunc_stream (streams), test_nopython_flag,
test_invalid_flags, test_duplicated_output, test_bad_return_type, both
test_incorrect_number_of_pos_args (errors of the gufunc host API: decoration
and call arguments), test_gufunc_name (host only).
"""
from collections import namedtuple

import numpy as np

from conformance import Case

CASES = [
    # Upstream asserts a TypingError ("Untyped global name 'gufunc_copy'").
    Case("cuda_jit", "TestCUDAGufunc.test_not_supported_call_from_jit", "ufuncs",
         sig="void(int32[::1], int32[::1])",
         args=lambda rng: [np.arange(1024 * 32).astype("int32"),
                           np.zeros(1024 * 32, dtype=np.int32)],
         rejects=""),
]

Point = namedtuple("Point", ("x", "y", "z"))


def matmul_args(ct, shape_a, shape_b):
    return lambda rng: [np.arange(ct * 2 * 4, dtype=np.float32).reshape(shape_a),
                        np.arange(ct * 4 * 5, dtype=np.float32).reshape(shape_b)]


def tuple_ref(a, b):
    return np.sum(np.asarray(a) * np.asarray(b), axis=1)


A10 = lambda rng: [np.arange(10, dtype=np.float32) + 1]  # noqa: E731

UFUNC_CALLS = [
    dict(kernel="matmulcore", test="TestCUDAGufunc.test_gufunc_small", name="matmulcore__small",
         args=matmul_args(2, (2, 2, 4), (2, 4, 5)), reference=np.matmul),
    dict(kernel="matmulcore", test="TestCUDAGufunc.test_gufunc_auto_transfer",
         name="matmulcore__auto_transfer",
         args=matmul_args(2, (2, 2, 4), (2, 4, 5)), reference=np.matmul),
    dict(kernel="matmulcore", test="TestCUDAGufunc.test_gufunc", name="matmulcore",
         args=matmul_args(1001, (1001, 2, 4), (1001, 4, 5)), reference=np.matmul),
    dict(kernel="matmulcore", test="TestCUDAGufunc.test_gufunc_hidim", name="matmulcore__hidim",
         args=matmul_args(100, (4, 25, 2, 4), (4, 25, 4, 5)), reference=np.matmul),
    dict(kernel="matmulcore_f64", test="TestCUDAGufunc.test_gufunc_new_axis",
         name="matmulcore_f64__new_axis",
         args=lambda rng: [rng.standard_normal((10, 3, 3)), rng.standard_normal((3, 3))],
         reference=np.matmul, rtol=1e-7),
    dict(kernel="matmulcore_f64", test="TestCUDAGufunc.test_gufunc_new_axis",
         name="matmulcore_f64__new_axis_tiled",
         args=lambda rng: (lambda X, Y: [X, np.tile(Y, (10, 1, 1))])(
             rng.standard_normal((10, 3, 3)), rng.standard_normal((3, 3))),
         reference=np.matmul, rtol=1e-7),
    dict(kernel="copy", test="TestCUDAGufunc.test_copy", name="copy", args=A10,
         out=lambda A: np.zeros_like(A), reference=lambda A: A),
    dict(kernel="copy_unspecified_return", test="TestCUDAGufunc.test_copy_unspecified_return",
         name="copy_unspecified_return", args=A10,
         out=lambda A: np.zeros_like(A), reference=lambda A: A),
    dict(kernel="copy_odd", test="TestCUDAGufunc.test_copy_odd", name="copy_odd",
         args=lambda rng: [np.arange(11, dtype=np.float32) + 1],
         out=lambda A: np.zeros_like(A), reference=lambda A: A),
    dict(kernel="copy2d", test="TestCUDAGufunc.test_copy2d", name="copy2d",
         args=lambda rng: [np.arange(30, dtype=np.float32).reshape(5, 6) + 1],
         out=lambda A: np.zeros_like(A), reference=lambda A: A),
    # The test checks a performance warning; the call must still run.
    dict(kernel="numba_dist_cuda", test="TestCUDAGufunc.test_inefficient_launch_configuration",
         name="numba_dist_cuda",
         args=lambda rng: [rng.random(1024 * 32).astype("float32"),
                           rng.random(1024 * 32).astype("float32")],
         outs=lambda a, b: [np.zeros(a.shape[0]).astype("float32")],
         reference=lambda a, b: a * b),
    dict(kernel="numba_dist_cuda2", test="TestCUDAGufunc.test_efficient_launch_configuration",
         name="numba_dist_cuda2",
         args=lambda rng: [rng.random(524288 * 2).astype("float32").reshape((524288, 2)),
                           rng.random(524288 * 2).astype("float32").reshape((524288, 2))],
         outs=lambda a, b: [np.zeros_like(a)], reference=lambda a, b: a * b),
    dict(kernel="gu_reduce", test="TestCUDAGufunc.test_tuple_of_tuple_arg",
         name="gu_reduce__tuple_of_tuple",
         args=lambda rng: [((1.0, 2.0, 3.0), (4.0, 5.0, 6.0)), ((1.5, 2.5, 3.5), (4.5, 5.5, 6.5))],
         reference=tuple_ref),
    dict(kernel="gu_reduce", test="TestCUDAGufunc.test_tuple_of_namedtuple_arg",
         name="gu_reduce__tuple_of_namedtuple",
         args=lambda rng: [(Point(x=1.0, y=2.0, z=3.0), Point(x=4.0, y=5.0, z=6.0)),
                           (Point(x=1.5, y=2.5, z=3.5), Point(x=4.5, y=5.5, z=6.5))],
         reference=tuple_ref),
    dict(kernel="gu_reduce", test="TestCUDAGufunc.test_tuple_of_array_arg",
         name="gu_reduce__tuple_of_array",
         args=lambda rng: [(np.asarray((1.0, 2.0, 3.0)), np.asarray((4.0, 5.0, 6.0))),
                           (np.asarray((1.5, 2.5, 3.5)), np.asarray((4.5, 5.5, 6.5)))],
         reference=tuple_ref),
    dict(kernel="copy_two_outputs",
         test="TestMultipleOutputs.test_multiple_outputs_same_type_passed_in",
         name="copy_two_outputs", args=A10,
         outs=lambda A: [np.zeros_like(A), np.zeros_like(A)], reference=lambda A: (A, A)),
    dict(kernel="copy_and_double", test="TestMultipleOutputs.test_multiple_outputs_distinct_values",
         name="copy_and_double", args=A10,
         outs=lambda A: [np.zeros_like(A), np.zeros_like(A)], reference=lambda A: (A, A * 2)),
    dict(kernel="copy_and_double", test="TestMultipleOutputs.test_multiple_output_allocation",
         name="copy_and_double__allocation", args=A10, reference=lambda A: (A, A * 2)),
    dict(kernel="copy_and_multiply", test="TestMultipleOutputs.test_multiple_output_dtypes",
         name="copy_and_multiply", args=lambda rng: [np.arange(10, dtype=np.int32) + 1],
         outs=lambda A: [np.zeros_like(A), np.zeros_like(A, dtype=np.float64)],
         reference=lambda A: (A, A * np.float64(1.5))),
]
