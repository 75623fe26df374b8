"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_array_reductions.py (kernels/test_array_reductions.py).

Each test launches its kernel once, [1, 1], on out = zeros(len(tuple)) of
bool (np.all, np.any), float64 or intp (np.count_nonzero), and asserts
(assertPreciseEqual) that out holds NumPy's reduction of each array of the
test's tuple; that is the reference (upstream skips these tests on the
simulator). The tuples are read from the kernel file.
"""
import ast
import os

import numpy as np

from conformance import KERNELS, Case


def _tuples():
    # The module-level tuples of kernels/test_array_reductions.py, evaluated
    # (the file itself imports numba-cuda's literal_unroll, which Debian's
    # Numba lacks).
    path = os.path.join(KERNELS, "test_array_reductions.py")
    tree = ast.parse(open(path).read())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
            name = node.targets[0].id
            out[name] = eval(compile(ast.Expression(node.value), path, "eval"), {"np": np})
    return out


TUPLES = _tuples()

# (kernel, tuple, NumPy function, out dtype)
TESTS = [
    ("all_basic", "all_basic_cases", np.all, np.bool_),
    ("any_basic", "any_basic_cases", np.any, np.bool_),
    ("sum_basic", "sum_basic_arrays", np.sum, np.float64),
    ("mean_basic", "mean_basic_arrays", np.mean, np.float64),
    ("var_basic", "var_basic_arrays", np.var, np.float64),
    ("std_basic", "std_basic_arrays", np.std, np.float64),
    ("min_basic", "min_basic_arrays", np.min, np.float64),
    ("max_basic", "max_basic_arrays", np.max, np.float64),
    ("nanmin_basic", "nanmin_basic_arrays", np.nanmin, np.float64),
    ("nanmax_basic", "nanmax_basic_arrays", np.nanmax, np.float64),
    ("nanmean_basic", "nanmean_basic_arrays", np.nanmean, np.float64),
    ("nansum_basic", "nansum_basic_arrays", np.nansum, np.float64),
    ("nanprod_basic", "nanprod_basic_arrays", np.nanprod, np.float64),
    ("count_nonzero_basic", "count_nonzero_basic_cases", np.count_nonzero, np.intp),
    ("count_nonzero_bool", "count_nonzero_bool_cases", np.count_nonzero, np.intp),
    ("count_nonzero_2d", "count_nonzero_2d_cases", np.count_nonzero, np.intp),
]

SIG = {np.bool_: "void(boolean[::1])", np.float64: "void(float64[::1])",
       np.intp: "void(int64[::1])"}


def _expected(tuple_name, fn, dtype):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nanmin/nanmax/nanmean of all-NaN
        values = np.array([fn(a) for a in TUPLES[tuple_name]], dtype=dtype)
    return lambda out: {0: values}


CASES = [
    Case(kernel, f"TestArrayReductions.test_{kernel}", "reductions", sig=SIG[dtype],
         args=lambda rng, n=len(TUPLES[tup]), dtype=dtype: [np.zeros(n, dtype=dtype)],
         reference=_expected(tup, fn, dtype))
    for kernel, tup, fn, dtype in TESTS
]
