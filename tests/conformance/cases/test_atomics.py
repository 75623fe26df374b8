"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_atomics.py (kernels/test_atomics.py).

Upstream seeds NumPy's legacy generator (np.random.seed(0)); the cases draw the
same distributions from the suite's generator. A test that launches two kernels
(the plain one and its `_wrap` variant) gives a case for each; tests that share
a kernel give one case each, named after the test.

Not ported: assertCorrectFloat64Atomics, which the float64 add tests call, only
inspects the PTX (inspect_asm) and is skipped under the simulator; the launches
of those tests are ported. Not launched by any test, so not ported: the
atomic_nanmax/atomic_nanmin _double_normalizedindex and _double_oneindex kernels
that gen_atomic_extreme_funcs also builds.
"""
import numpy as np

from conformance import Case

C = "atomics"
T = "TestCudaAtomics."


def r32(rng, dtype):
    """np.random.randint(0, 32, size=32).astype(dtype)"""
    return rng.integers(0, 32, size=32).astype(dtype)


def r48(rng, dtype):
    """np.random.randint(0, 32, size=32).astype(dtype).reshape(4, 8)"""
    return rng.integers(0, 32, size=32).astype(dtype).reshape(4, 8)


def shared_1d(kernel, test, sig, dtype):
    return Case(kernel, T + test, C, sig=sig, args=lambda rng: [r32(rng, dtype)],
                griddim=1, blockdim=32)


def shared_2d(kernel, test, sig, dtype):
    return Case(kernel, T + test, C, sig=sig, args=lambda rng: [r48(rng, dtype)],
                griddim=1, blockdim=(4, 8))


def double_idx(kernel, test):
    # idx = np.random.randint(0, 32, size=32, dtype=np.int64); ary = np.zeros(32, np.float64)
    return Case(kernel, T + test, C, sig="void(int64[:], float64[:])",
                args=lambda rng: [rng.integers(0, 32, size=32, dtype=np.int64),
                                  np.zeros(32, np.float64)],
                griddim=1, blockdim=32)


def bitop_1d(kernel, test):
    def args(rng):
        rand_const = rng.integers(500)
        ary = r32(rng, np.uint32)
        return [ary, rand_const]
    return Case(kernel, T + test, C, sig="void(uint32[:], uint32)", args=args,
                griddim=1, blockdim=32)


def bitop_2d(kernel, test):
    def args(rng):
        rand_const = rng.integers(500)
        ary = r48(rng, np.uint32)
        return [ary, rand_const]
    return Case(kernel, T + test, C, sig="void(uint32[:,:], uint32)", args=args,
                griddim=1, blockdim=(4, 8))


def exch_args(dtype, shape2d=False, order="ary_idx"):
    def args(rng):
        rand_const = rng.integers(50, 100, dtype=dtype)
        if order == "idx_ary":  # test_atomic_exch_global
            idx = np.arange(32, dtype=dtype)
            ary = rng.integers(0, 32, size=32, dtype=dtype)
            return [idx, ary, rand_const]
        ary = rng.integers(0, 32, size=32).astype(dtype)
        if shape2d:
            return [ary.reshape(4, 8), rand_const]
        idx = np.arange(32, dtype=dtype)
        return [ary, idx, rand_const]
    return args


def bitop_global(kernel, test):
    # rand_const, idx and ary (int32) as the test draws them
    def args(rng):
        rand_const = rng.integers(500)
        idx = rng.integers(0, 32, size=32, dtype=np.int32)
        ary = rng.integers(0, 32, size=32, dtype=np.int32)
        return [idx, ary, rand_const]
    return Case(kernel, T + test, C, sig="void(int32[:], int32[:], int32)", args=args,
                griddim=1, blockdim=32)


def inc_dec_1dim(kernel, test, dtype, idx_first=False, name=None):
    """inc_dec_1dim_setup + check_{inc,dec}_index (ary, idx, rconst) or
    check_{inc,dec}_index2 (idx, ary, rconst)."""
    t = "uint32" if dtype == np.uint32 else "uint64"
    def args(rng):
        rconst = rng.integers(32, dtype=dtype)
        rary = rng.integers(0, 32, size=32).astype(dtype)
        ary_idx = np.arange(32, dtype=dtype)
        return [ary_idx, rary, rconst] if idx_first else [rary, ary_idx, rconst]
    return Case(kernel, T + test, C, sig=f"void({t}[:], {t}[:], {t})", args=args,
                griddim=1, blockdim=32, name=name)


def inc_dec_2dim(kernel, test, dtype, name=None):
    """inc_dec_2dim_setup + check_{inc,dec} (ary, rconst)."""
    t = "uint32" if dtype == np.uint32 else "uint64"
    def args(rng):
        rconst = rng.integers(32, dtype=dtype)
        rary = rng.integers(0, 32, size=32).astype(dtype).reshape(4, 8)
        return [rary, rconst]
    return Case(kernel, T + test, C, sig=f"void({t}[:,:], {t})", args=args,
                griddim=1, blockdim=(4, 8), name=name)


NB = {np.int32: "int32", np.uint32: "uint32", np.int64: "int64", np.uint64: "uint64",
      np.float32: "float32", np.float64: "float64"}


def extreme(kernel, test, dtype, lo, hi, res_init, init_val=None):
    """check_atomic_{max,min,nanmax,nanmin}: cuda.jit(kernel) compiled lazily for
    (res, vals), both C-contiguous; launched [32, 32]."""
    t = NB[dtype]
    def args(rng):
        vals = rng.integers(lo, hi, size=(32, 32)).astype(dtype)
        if init_val is not None:
            vals[1::2] = init_val
        res = np.array([res_init], dtype=vals.dtype)
        return [res, vals]
    return Case(kernel, T + test, C, sig=f"void({t}[::1], {t}[:, ::1])", args=args,
                griddim=32, blockdim=32, name=kernel + "__" + test[len("test_atomic_"):])


def cas(kernel, test, fill, unfill, dtype, ndim=1, reference="sim"):
    """check_cas: cuda.jit(cas_func) compiled lazily for (res, out, ary, fill);
    fill is a Python int (int64) or a NumPy scalar drawn by the test."""
    t = NB[dtype]
    if fill is None:
        ft = t
    else:
        ft = "int64"
    layout = "[::1]" if ndim == 1 else "[:, ::1]"
    def args(rng):
        if fill is None:
            f = rng.integers(50, 500, dtype=dtype)
            u = rng.integers(1, 25, dtype=dtype)
        else:
            f, u = fill, unfill
        n = 100
        res = [f] * (n // 2) + [u] * (n // 2)
        rng.shuffle(res)
        res = np.asarray(res, dtype=dtype)
        if ndim == 2:
            res.shape = (10, -1)
        out = np.zeros_like(res)
        ary = rng.integers(1, 10, size=res.shape).astype(res.dtype)
        return [res, out, ary, f]
    return Case(kernel, T + test, C, sig=f"void({t}{layout}, {t}{layout}, {t}{layout}, {ft})",
                args=args, griddim=10 if ndim == 1 else (10, 10),
                blockdim=10 if ndim == 1 else (10, 10), reference=reference, name=test)


def cas_expected(res, out, ary, fill):
    """What check_cas asserts: res takes ary where it held fill, out the old res."""
    fill_mask = res == fill
    expect_res = res.copy()
    expect_res[fill_mask] = ary[fill_mask]
    return {0: expect_res, 1: res.copy(), 2: ary}


def nan_odd(vals, res_init):
    """vals[1::2] = np.nan; res = np.array([res_init], dtype=vals.dtype): (res, vals)."""
    vals[1::2] = np.nan
    return [np.array([res_init], dtype=vals.dtype), vals]


def returns_old(kernel, test, initial, nan_second=False):
    """_test_atomic_returns_old / _test_atomic_nan_returns_old: x = np.zeros(2,
    float32), x[0] = initial (x[1] = nan for the nan variants); kernel[1, 1](x)
    compiled lazily."""
    def args(rng):
        x = np.zeros(2, dtype=np.float32)
        x[0] = initial
        if nan_second:
            x[1] = np.nan
        return [x]
    return Case(kernel, T + test, C, sig="void(float32[::1])", args=args)


CASES = [
    # test_atomic_add .. test_atomic_add_float_3
    shared_1d("atomic_add", "test_atomic_add", "void(uint32[:])", np.uint32),
    shared_1d("atomic_add_wrap", "test_atomic_add", "void(uint32[:])", np.uint32),
    shared_2d("atomic_add2", "test_atomic_add2", "void(uint32[:,:])", np.uint32),
    shared_2d("atomic_add2_wrap", "test_atomic_add2", "void(uint32[:,:])", np.uint32),
    shared_2d("atomic_add3", "test_atomic_add3", "void(uint32[:,:])", np.uint32),
    shared_1d("atomic_add_float", "test_atomic_add_float", "void(float32[:])", np.float32),
    shared_1d("atomic_add_float_wrap", "test_atomic_add_float", "void(float32[:])", np.float32),
    shared_2d("atomic_add_float_2", "test_atomic_add_float_2", "void(float32[:,:])", np.float32),
    shared_2d("atomic_add_float_2_wrap", "test_atomic_add_float_2", "void(float32[:,:])",
              np.float32),
    shared_2d("atomic_add_float_3", "test_atomic_add_float_3", "void(float32[:,:])", np.float32),
    # float64 add
    double_idx("atomic_add_double", "test_atomic_add_double"),
    double_idx("atomic_add_double_wrap", "test_atomic_add_double"),
    shared_2d("atomic_add_double_2", "test_atomic_add_double_2", "void(float64[:,:])", np.float64),
    shared_2d("atomic_add_double_2_wrap", "test_atomic_add_double_2", "void(float64[:,:])",
              np.float64),
    shared_2d("atomic_add_double_3", "test_atomic_add_double_3", "void(float64[:,:])", np.float64),
    double_idx("atomic_add_double_global", "test_atomic_add_double_global"),
    double_idx("atomic_add_double_global_wrap", "test_atomic_add_double_global"),
    shared_2d("atomic_add_double_global_2", "test_atomic_add_double_global_2",
              "void(float64[:,:])", np.float64),
    shared_2d("atomic_add_double_global_2_wrap", "test_atomic_add_double_global_2",
              "void(float64[:,:])", np.float64),
    shared_2d("atomic_add_double_global_3", "test_atomic_add_double_global_3",
              "void(float64[:,:])", np.float64),
    # sub
    Case("atomic_sub", T + "test_atomic_sub", C, sig="void(int32[:])",
         args=lambda rng: [rng.integers(0, 32, size=32, dtype=np.int32)],
         griddim=1, blockdim=32),
    Case("atomic_sub2", T + "test_atomic_sub2", C, sig="void(int32[:,:])",
         args=lambda rng: [rng.integers(0, 32, size=(4, 8), dtype=np.int32)],
         griddim=1, blockdim=(4, 8)),
    # Upstream passes a uint32 array to the int32[:,:] kernel (numba-cuda
    # launches it with the bits unchanged).
    Case("atomic_sub3", T + "test_atomic_sub3", C, sig="void(int32[:,:])",
         args=lambda rng: [rng.integers(0, 32, size=(4, 8), dtype=np.uint32)],
         griddim=1, blockdim=(4, 8)),
    shared_1d("atomic_sub_float", "test_atomic_sub_float", "void(float32[:])", np.float32),
    shared_2d("atomic_sub_float_2", "test_atomic_sub_float_2", "void(float32[:,:])", np.float32),
    shared_2d("atomic_sub_float_3", "test_atomic_sub_float_3", "void(float32[:,:])", np.float32),
    double_idx("atomic_sub_double", "test_atomic_sub_double"),
    shared_2d("atomic_sub_double_2", "test_atomic_sub_double_2", "void(float64[:,:])", np.float64),
    shared_2d("atomic_sub_double_3", "test_atomic_sub_double_3", "void(float64[:,:])", np.float64),
    double_idx("atomic_sub_double_global", "test_atomic_sub_double_global"),
    shared_2d("atomic_sub_double_global_2", "test_atomic_sub_double_global_2",
              "void(float64[:,:])", np.float64),
    shared_2d("atomic_sub_double_global_3", "test_atomic_sub_double_global_3",
              "void(float64[:,:])", np.float64),
    # and, or, xor
    bitop_1d("atomic_and", "test_atomic_and"),
    bitop_2d("atomic_and2", "test_atomic_and2"),
    bitop_2d("atomic_and3", "test_atomic_and3"),
    bitop_global("atomic_and_global", "test_atomic_and_global"),
    bitop_2d("atomic_and_global_2", "test_atomic_and_global_2"),
    bitop_1d("atomic_or", "test_atomic_or"),
    bitop_2d("atomic_or2", "test_atomic_or2"),
    bitop_2d("atomic_or3", "test_atomic_or3"),
    bitop_global("atomic_or_global", "test_atomic_or_global"),
    bitop_2d("atomic_or_global_2", "test_atomic_or_global_2"),
    bitop_1d("atomic_xor", "test_atomic_xor"),
    bitop_2d("atomic_xor2", "test_atomic_xor2"),
    bitop_2d("atomic_xor3", "test_atomic_xor3"),
    bitop_global("atomic_xor_global", "test_atomic_xor_global"),
    bitop_2d("atomic_xor_global_2", "test_atomic_xor_global_2"),
    # inc
    inc_dec_1dim("atomic_inc32", "test_atomic_inc_32", np.uint32),
    inc_dec_1dim("atomic_inc64", "test_atomic_inc_64", np.uint64),
    inc_dec_2dim("atomic_inc2_32", "test_atomic_inc2_32", np.uint32),
    inc_dec_2dim("atomic_inc2_64", "test_atomic_inc2_64", np.uint64),
    inc_dec_2dim("atomic_inc3", "test_atomic_inc3", np.uint32),
    inc_dec_1dim("atomic_inc_global", "test_atomic_inc_global_32", np.uint32, idx_first=True,
                 name="atomic_inc_global__32"),
    inc_dec_1dim("atomic_inc_global", "test_atomic_inc_global_64", np.uint64, idx_first=True,
                 name="atomic_inc_global__64"),
    inc_dec_2dim("atomic_inc_global_2", "test_atomic_inc_global_2_32", np.uint32,
                 name="atomic_inc_global_2__32"),
    inc_dec_2dim("atomic_inc_global_2", "test_atomic_inc_global_2_64", np.uint64,
                 name="atomic_inc_global_2__64"),
    # dec
    inc_dec_1dim("atomic_dec32", "test_atomic_dec_32", np.uint32),
    inc_dec_1dim("atomic_dec64", "test_atomic_dec_64", np.uint64),
    inc_dec_2dim("atomic_dec2_32", "test_atomic_dec2_32", np.uint32),
    inc_dec_2dim("atomic_dec2_64", "test_atomic_dec2_64", np.uint64),
    inc_dec_2dim("atomic_dec3", "test_atomic_dec3_new", np.uint32),
    inc_dec_1dim("atomic_dec_global", "test_atomic_dec_global_32", np.uint32, idx_first=True,
                 name="atomic_dec_global__32"),
    inc_dec_1dim("atomic_dec_global", "test_atomic_dec_global_64", np.uint64, idx_first=True,
                 name="atomic_dec_global__64"),
    inc_dec_2dim("atomic_dec_global_2", "test_atomic_dec_global2_32", np.uint32,
                 name="atomic_dec_global_2__32"),
    inc_dec_2dim("atomic_dec_global_2", "test_atomic_dec_global2_64", np.uint64,
                 name="atomic_dec_global_2__64"),
    # exch
    Case("atomic_exch", T + "test_atomic_exch", C, sig="void(uint32[:], uint32[:], uint32)",
         args=exch_args(np.uint32), griddim=1, blockdim=32),
    Case("atomic_exch2", T + "test_atomic_exch2", C, sig="void(uint32[:,:], uint32)",
         args=exch_args(np.uint32, shape2d=True), griddim=1, blockdim=(4, 8)),
    Case("atomic_exch3", T + "test_atomic_exch3", C, sig="void(uint64[:,:], uint64)",
         args=exch_args(np.uint64, shape2d=True), griddim=1, blockdim=(4, 8)),
    Case("atomic_exch_global", T + "test_atomic_exch_global", C,
         sig="void(uint32[:], uint32[:], uint32)",
         args=exch_args(np.uint32, order="idx_ary"), griddim=1, blockdim=32),
    # max / min (check_atomic_max, check_atomic_min: cuda.jit(kernel), lazily typed)
    extreme("atomic_max", "test_atomic_max_int32", np.int32, -65535, 65535, 0),
    extreme("atomic_max", "test_atomic_max_uint32", np.uint32, 0, 65535, 0),
    extreme("atomic_max", "test_atomic_max_int64", np.int64, -65535, 65535, 0),
    extreme("atomic_max", "test_atomic_max_uint64", np.uint64, 0, 65535, 0),
    extreme("atomic_max", "test_atomic_max_float32", np.float32, -65535, 65535, 0),
    extreme("atomic_max", "test_atomic_max_double", np.float64, -65535, 65535, 0),
    Case("atomic_max_double_normalizedindex", T + "test_atomic_max_double_normalizedindex", C,
         sig="void(float64[:], float64[:,:])",
         args=lambda rng: [np.zeros(1, np.float64)] + [
             rng.integers(0, 65535, size=(32, 32)).astype(np.float64)],
         griddim=32, blockdim=32),
    Case("atomic_max_double_oneindex", T + "test_atomic_max_double_oneindex", C,
         sig="void(float64[:], float64[:])",
         args=lambda rng: [np.zeros(1, np.float64)] + [
             rng.integers(0, 128, size=32).astype(np.float64)],
         griddim=1, blockdim=32),
    extreme("atomic_min", "test_atomic_min_int32", np.int32, -65535, 65535, 65535),
    extreme("atomic_min", "test_atomic_min_uint32", np.uint32, 0, 65535, 65535),
    extreme("atomic_min", "test_atomic_min_int64", np.int64, -65535, 65535, 65535),
    extreme("atomic_min", "test_atomic_min_uint64", np.uint64, 0, 65535, 65535),
    extreme("atomic_min", "test_atomic_min_float", np.float32, -65535, 65535, 65535),
    extreme("atomic_min", "test_atomic_min_double", np.float64, -65535, 65535, 65535),
    Case("atomic_min_double_normalizedindex", T + "test_atomic_min_double_normalizedindex", C,
         sig="void(float64[:], float64[:,:])",
         args=lambda rng: [np.ones(1, np.float64) * 65535] + [
             rng.integers(0, 65535, size=(32, 32)).astype(np.float64)],
         griddim=32, blockdim=32),
    Case("atomic_min_double_oneindex", T + "test_atomic_min_double_oneindex", C,
         sig="void(float64[:], float64[:])",
         args=lambda rng: [np.ones(1, np.float64) * 128] + [
             rng.integers(0, 128, size=32).astype(np.float64)],
         griddim=1, blockdim=32),
    # _test_atomic_minmax_nan_location / _nan_val: cuda.jit("void(float64[:], float64[:,:])")
    Case("atomic_min", T + "test_atomic_min_nan_location", C, name="atomic_min__nan_location",
         sig="void(float64[:], float64[:,:])",
         args=lambda rng: [np.zeros(1, np.float64) + np.nan] + [
             rng.integers(0, 128, size=(1, 1)).astype(np.float64)]),
    Case("atomic_max", T + "test_atomic_max_nan_location", C, name="atomic_max__nan_location",
         sig="void(float64[:], float64[:,:])",
         args=lambda rng: [np.zeros(1, np.float64) + np.nan] + [
             rng.integers(0, 128, size=(1, 1)).astype(np.float64)]),
    Case("atomic_min", T + "test_atomic_min_nan_val", C, name="atomic_min__nan_val",
         sig="void(float64[:], float64[:,:])",
         args=lambda rng: [rng.integers(0, 128, size=1).astype(np.float64),
                           np.zeros((1, 1), np.float64) + np.nan]),
    Case("atomic_max", T + "test_atomic_max_nan_val", C, name="atomic_max__nan_val",
         sig="void(float64[:], float64[:,:])",
         args=lambda rng: [rng.integers(0, 128, size=1).astype(np.float64),
                           np.zeros((1, 1), np.float64) + np.nan]),
    Case("atomic_max_double_shared", T + "test_atomic_max_double_shared", C,
         sig="void(float64[:], float64[:])",
         args=lambda rng: [np.zeros(1, np.float64)] + [
             rng.integers(0, 32, size=32).astype(np.float64)],
         griddim=1, blockdim=32),
    Case("atomic_min_double_shared", T + "test_atomic_min_double_shared", C,
         sig="void(float64[:], float64[:])",
         args=lambda rng: [np.ones(1, np.float64) * 32] + [
             rng.integers(0, 32, size=32).astype(np.float64)],
         griddim=1, blockdim=32),
    # compare_and_swap / cas (check_cas). The simulator has compare_and_swap but
    # not cas: the cas cases take check_cas's expected values.
    cas("atomic_compare_and_swap", "test_atomic_compare_and_swap", -99, -1, np.int32),
    cas("atomic_compare_and_swap", "test_atomic_compare_and_swap2", -45, -1, np.int64),
    cas("atomic_compare_and_swap", "test_atomic_compare_and_swap3", None, None, np.uint32),
    cas("atomic_compare_and_swap", "test_atomic_compare_and_swap4", None, None, np.uint64),
    cas("atomic_cas_1dim", "test_atomic_cas_1dim", -99, -1, np.int32, reference=cas_expected),
    cas("atomic_cas_2dim", "test_atomic_cas_2dim", -99, -1, np.int32, ndim=2,
        reference=cas_expected),
    cas("atomic_cas_1dim", "test_atomic_cas2_1dim", -45, -1, np.int64, reference=cas_expected),
    cas("atomic_cas_2dim", "test_atomic_cas2_2dim", -45, -1, np.int64, ndim=2,
        reference=cas_expected),
    cas("atomic_cas_1dim", "test_atomic_cas3_1dim", None, None, np.uint32,
        reference=cas_expected),
    cas("atomic_cas_2dim", "test_atomic_cas3_2dim", None, None, np.uint32, ndim=2,
        reference=cas_expected),
    cas("atomic_cas_1dim", "test_atomic_cas4_1dim", None, None, np.uint64,
        reference=cas_expected),
    cas("atomic_cas_2dim", "test_atomic_cas4_2dim", None, None, np.uint64, ndim=2,
        reference=cas_expected),
    # returns the old value (_test_atomic_returns_old, _test_atomic_nan_returns_old)
    returns_old("kernel_add_returns_old", "test_atomic_add_returns_old", 10),
    returns_old("kernel_max_returns_no_replace", "test_atomic_max_returns_no_replace", 10),
    returns_old("kernel_max_returns_old_replace", "test_atomic_max_returns_old_replace", 1),
    returns_old("kernel_max_returns_old_nan_in_array", "test_atomic_max_returns_old_nan_in_array",
                np.nan),
    returns_old("kernel_max_returns_old_nan_val", "test_atomic_max_returns_old_nan_val", 10),
    returns_old("kernel_min_returns_old_no_replace", "test_atomic_min_returns_old_no_replace", 10),
    returns_old("kernel_min_returns_old_replace", "test_atomic_min_returns_old_replace", 11),
    returns_old("kernel_min_returns_old_nan_in_array", "test_atomic_min_returns_old_nan_in_array",
                np.nan),
    returns_old("kernel_min_returns_old_nan_val", "test_atomic_min_returns_old_nan_val", 11),
    # nanmax / nanmin (check_atomic_nanmax, check_atomic_nanmin)
    extreme("atomic_nanmax", "test_atomic_nanmax_int32", np.int32, -65535, 65535, 0, 0),
    extreme("atomic_nanmax", "test_atomic_nanmax_uint32", np.uint32, 0, 65535, 0, 0),
    extreme("atomic_nanmax", "test_atomic_nanmax_int64", np.int64, -65535, 65535, 0, 0),
    extreme("atomic_nanmax", "test_atomic_nanmax_uint64", np.uint64, 0, 65535, 0, 0),
    extreme("atomic_nanmax", "test_atomic_nanmax_float32", np.float32, -65535, 65535, 0, np.nan),
    extreme("atomic_nanmax", "test_atomic_nanmax_double", np.float64, -65535, 65535, 0, np.nan),
    Case("atomic_nanmax_double_shared", T + "test_atomic_nanmax_double_shared", C,
         sig="void(float64[:], float64[:])",
         args=lambda rng: nan_odd(rng.integers(0, 32, size=32).astype(np.float64), 0),
         griddim=1, blockdim=32),
    # Upstream launches atomic_max_double_oneindex (not a nanmax kernel) here.
    Case("atomic_max_double_oneindex", T + "test_atomic_nanmax_double_oneindex", C,
         name="atomic_max_double_oneindex__nanmax", sig="void(float64[:], float64[:])",
         args=lambda rng: nan_odd(rng.integers(0, 128, size=32).astype(np.float64), 0),
         griddim=1, blockdim=32),
    extreme("atomic_nanmin", "test_atomic_nanmin_int32", np.int32, -65535, 65535, 65535, 0),
    extreme("atomic_nanmin", "test_atomic_nanmin_uint32", np.uint32, 0, 65535, 65535, 0),
    extreme("atomic_nanmin", "test_atomic_nanmin_int64", np.int64, -65535, 65535, 65535, 0),
    extreme("atomic_nanmin", "test_atomic_nanmin_uint64", np.uint64, 0, 65535, 65535, 0),
    extreme("atomic_nanmin", "test_atomic_nanmin_float", np.float32, -65535, 65535, 65535,
            np.nan),
    extreme("atomic_nanmin", "test_atomic_nanmin_double", np.float64, -65535, 65535, 65535,
            np.nan),
    Case("atomic_nanmin_double_shared", T + "test_atomic_nanmin_double_shared", C,
         sig="void(float64[:], float64[:])",
         args=lambda rng: nan_odd(rng.integers(0, 32, size=32).astype(np.float64), 32),
         griddim=1, blockdim=32),
    # Upstream launches atomic_min_double_oneindex (not a nanmin kernel) here.
    Case("atomic_min_double_oneindex", T + "test_atomic_nanmin_double_oneindex", C,
         name="atomic_min_double_oneindex__nanmin", sig="void(float64[:], float64[:])",
         args=lambda rng: nan_odd(rng.integers(0, 128, size=32).astype(np.float64), 128),
         griddim=1, blockdim=32),
    returns_old("kernel_nanmax_returns_old_no_replace", "test_atomic_nanmax_returns_old_no_replace",
                10, nan_second=True),
    returns_old("kernel_nanmax_returns_old_replace", "test_atomic_nanmax_returns_old_replace",
                1, nan_second=True),
    returns_old("kernel_nanmax_returns_old_nan_in_array",
                "test_atomic_nanmax_returns_old_nan_in_array", np.nan, nan_second=True),
    returns_old("kernel_nanmax_returns_old_nan_val", "test_atomic_nanmax_returns_old_nan_val",
                10, nan_second=True),
    returns_old("kernel_nanmin_returns_old_no_replace", "test_atomic_nanmin_returns_old_no_replace",
                10, nan_second=True),
    returns_old("kernel_nanmin_returns_old_replace", "test_atomic_nanmin_returns_old_replace",
                11, nan_second=True),
    returns_old("kernel_nanmin_returns_old_nan_in_array",
                "test_atomic_nanmin_returns_old_nan_in_array", np.nan, nan_second=True),
    returns_old("kernel_nanmin_returns_old_nan_val", "test_atomic_nanmin_returns_old_nan_val",
                11, nan_second=True),
]
