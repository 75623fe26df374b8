# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_array_reductions.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Every test names its kernel `kernel` and its closure tuple `cases` or
# `arrays`; here the kernel of test_X_basic is X_basic (test_count_nonzero_2d's
# count_nonzero_2d, ...) and its tuple X_basic_cases / X_basic_arrays (the
# tuple's name in the body is the only change).
import numpy as np

from numba import cuda
from numba.cuda.misc.special import literal_unroll


# TestArrayReductions.test_all_basic
all_basic_cases = (
    np.float64([1.0, 0.0, float("inf"), float("nan")]),
    np.float64([1.0, -0.0, float("inf"), float("nan")]),
    np.float64([1.0, 1.5, float("inf"), float("nan")]),
    np.float64([[1.0, 1.5], [float("inf"), float("nan")]]),
    np.float64([[1.0, 1.5], [1.5, 1.0]]),
)


# TestArrayReductions.test_all_basic
@cuda.jit
def all_basic(out):
    i = 0
    for case in literal_unroll(all_basic_cases):
        out[i] = np.all(case)
        i += 1


# TestArrayReductions.test_any_basic
any_basic_cases = (
    np.float64([0.0, -0.0, 0.0, 0.0]),
    np.float64([0.0, -0.0, np.nan, 0.0]),
    np.float64([0.0, -0.0, float("inf"), 0.0]),
    np.float64([0.0, -0.0, 1.5, 0.0]),
    np.float64([[0.0, -0.0], [1.5, 0.0]]),
    np.float64([[0.0, -0.0], [1.5, 0.0]])[::-1],
)


# TestArrayReductions.test_any_basic
@cuda.jit
def any_basic(out):
    i = 0
    for arr in literal_unroll(any_basic_cases):
        out[i] = np.any(arr)
        i += 1


# TestArrayReductions.test_sum_basic
sum_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64(
        [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
    ),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_sum_basic
@cuda.jit
def sum_basic(out):
    i = 0
    for arr in literal_unroll(sum_basic_arrays):
        out[i] = np.sum(arr)
        i += 1


# TestArrayReductions.test_mean_basic
mean_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64(
        [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
    ),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_mean_basic
@cuda.jit
def mean_basic(out):
    i = 0
    for arr in literal_unroll(mean_basic_arrays):
        out[i] = np.mean(arr)
        i += 1


# TestArrayReductions.test_var_basic
var_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64(
        [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
    ),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_var_basic
@cuda.jit
def var_basic(out):
    i = 0
    for arr in literal_unroll(var_basic_arrays):
        out[i] = np.var(arr)
        i += 1


# TestArrayReductions.test_std_basic
std_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64(
        [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
    ),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_std_basic
@cuda.jit
def std_basic(out):
    i = 0
    for arr in literal_unroll(std_basic_arrays):
        out[i] = np.std(arr)
        i += 1


# TestArrayReductions.test_min_basic
min_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64(
        [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
    ),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_min_basic
@cuda.jit
def min_basic(out):
    i = 0
    for arr in literal_unroll(min_basic_arrays):
        out[i] = np.min(arr)
        i += 1


# TestArrayReductions.test_max_basic
max_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64(
        [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
    ),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_max_basic
@cuda.jit
def max_basic(out):
    i = 0
    for arr in literal_unroll(max_basic_arrays):
        out[i] = np.max(arr)
        i += 1


# TestArrayReductions.test_nanmin_basic
nanmin_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, np.nan]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_nanmin_basic
@cuda.jit
def nanmin_basic(out):
    i = 0
    for arr in literal_unroll(nanmin_basic_arrays):
        out[i] = np.nanmin(arr)
        i += 1


# TestArrayReductions.test_nanmax_basic
nanmax_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, np.nan]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_nanmax_basic
@cuda.jit
def nanmax_basic(out):
    i = 0
    for arr in literal_unroll(nanmax_basic_arrays):
        out[i] = np.nanmax(arr)
        i += 1


# TestArrayReductions.test_nanmean_basic
nanmean_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, np.nan]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64(
        [np.nan, -1.5, 2.5, np.nan, float("inf"), -float("inf"), 3.0]
    ),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_nanmean_basic
@cuda.jit
def nanmean_basic(out):
    i = 0
    for arr in literal_unroll(nanmean_basic_arrays):
        out[i] = np.nanmean(arr)
        i += 1


# TestArrayReductions.test_nansum_basic
nansum_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, np.nan]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_nansum_basic
@cuda.jit
def nansum_basic(out):
    i = 0
    for arr in literal_unroll(nansum_basic_arrays):
        out[i] = np.nansum(arr)
        i += 1


# TestArrayReductions.test_nanprod_basic
nanprod_basic_arrays = (
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([-0.0, -1.5]),
    np.float64([-1.5, 2.5, np.nan]),
    np.float64([-1.5, 2.5, float("inf")]),
    np.float64([-1.5, 2.5, -float("inf")]),
    np.float64([-1.5, 2.5, float("inf"), -float("inf")]),
    np.float64([np.nan, -1.5, 2.5, np.nan, 3.0]),
    np.float64([5.0, np.nan, -1.5, np.nan]),
    np.float64([np.nan, np.nan]),
)


# TestArrayReductions.test_nanprod_basic
@cuda.jit
def nanprod_basic(out):
    i = 0
    for arr in literal_unroll(nanprod_basic_arrays):
        out[i] = np.nanprod(arr)
        i += 1


# TestArrayReductions.test_count_nonzero_basic
count_nonzero_basic_cases = (
    np.int64([1, 0, 2, 0, 3]),
    np.int64([0, 0, 0, 0]),
    np.int64([1, 2, 3, 4]),
    np.array(0),
    np.float64([]),
    np.float64([0.0, -0.0, 1.5, 0.0]),
    np.float64([1.0, 2.0, 0.0, -0.0, 1.0, -1.5]),
    np.float64([np.nan, 0.0, np.inf, -np.inf, 0.0]),
)


# TestArrayReductions.test_count_nonzero_basic
@cuda.jit
def count_nonzero_basic(out):
    i = 0
    for case in literal_unroll(count_nonzero_basic_cases):
        out[i] = np.count_nonzero(case)
        i += 1


# TestArrayReductions.test_count_nonzero_bool
count_nonzero_bool_cases = (
    np.array([True, False, True, False, True]),
    np.array([False, False, False]),
    np.array([True, True, True]),
)


# TestArrayReductions.test_count_nonzero_bool
@cuda.jit
def count_nonzero_bool(out):
    i = 0
    for case in literal_unroll(count_nonzero_bool_cases):
        out[i] = np.count_nonzero(case)
        i += 1


# TestArrayReductions.test_count_nonzero_2d
count_nonzero_2d_cases = (
    np.int64([[1, 0, 2], [0, 3, 0]]),
    np.int64([[0, 0], [0, 0]]),
    np.float64([[1.0, 0.0], [-0.0, 2.5]]),
)


# TestArrayReductions.test_count_nonzero_2d
@cuda.jit
def count_nonzero_2d(out):
    i = 0
    for case in literal_unroll(count_nonzero_2d_cases):
        out[i] = np.count_nonzero(case)
        i += 1
