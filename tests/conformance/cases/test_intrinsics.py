"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py (kernels/test_intrinsics.py).

Upstream seeds NumPy's legacy generator (np.random.seed); the cases draw the
same distributions from the suite's generator. A test that launches a kernel
several times (test_ffs_i4, test_round_f4, test_fp16_comparison, ...) gives a
case per launch it checks; test_round_to_f4/_f8 loop over 32 random values and
12 (11) digit counts, and each case draws its own value (a NumPy scalar, as the
test takes it from its array, so that the simulator's round() is NumPy's, as
in the test's assertion). The tests' np.concatenate of inf, -inf and NaN onto
the values is discarded upstream, so those are not cases.

References: the simulator where it runs the kernel; the values the test
asserts where it cannot (cuda.fp16's division and math functions, c.bit_count()
of a NumPy 1.24 scalar, warp intrinsics) or is skipped on it (64-bit
brev/clz/ffs, whose simulator assumes 32 bits; test_selp; the round_to
overflow tests; test_issue_9229), and for the bit intrinsics generally.

Scalars beyond an int32 parameter's range (0xFFFFFFFF, 0x80000000 passed to
"void(int32[:], int32)") are given as the int32 that numba-cuda's launcher
passes (ctypes' c_int32 wraps them): -1 and -2**31.

Not ported (not applicable): test_hadd_ptx, test_hfma_ptx, test_hsub_ptx,
test_hmul_ptx, test_hneg_ptx, test_habs_ptx (they only inspect LTO PTX).
test_selp's PTX checks (counts of `bra`) are not ported; its launches are.
"""
import numpy as np

from conformance import Case, empty

T = "TestCudaIntrinsic."
F16_RTOL = float(np.finfo(np.float16).eps)  # CUDATestCase.FLOAT16_RTOL


def asserted(index, value, dtype):
    """The test's assertion that every element of argument `index` is `value`."""
    return lambda *args: {index: np.full(np.shape(args[index]), value, dtype=dtype)}


CASES = [
    Case("simple_threadidx", T + "test_simple_threadidx", "indexing", sig="void(int32[:])",
         args=lambda rng: [np.ones(1, dtype=np.int32)]),
    Case("fill_threadidx", T + "test_fill_threadidx", "indexing", sig="void(int32[:])",
         args=lambda rng: [np.ones(10, dtype=np.int32)], griddim=1, blockdim=10),
    Case("fill3d_threadidx", T + "test_fill3d_threadidx", "indexing", name="fill3d_threadidx_c",
         sig="void(int32[:,:,::1])", args=lambda rng: [np.zeros((4, 5, 6), dtype=np.int32)],
         griddim=1, blockdim=(4, 5, 6)),
    Case("fill3d_threadidx", T + "test_fill3d_threadidx", "indexing", name="fill3d_threadidx_f",
         sig="void(int32[::1,:,:])",
         args=lambda rng: [np.asfortranarray(np.zeros((4, 5, 6), dtype=np.int32))],
         griddim=1, blockdim=(4, 5, 6)),
    Case("nonliteral_grid", T + "test_nonliteral_grid_error", "indexing", sig="void(int32)",
         args=lambda rng: [1], rejects="must be a constant"),
    Case("nonliteral_gridsize", T + "test_nonliteral_gridsize_error", "indexing",
         sig="void(int32)", args=lambda rng: [1], rejects="must be a constant"),
    Case("simple_grid1d", T + "test_simple_grid1d", "indexing", sig="void(int32[::1])",
         args=lambda rng: [empty(3 * 7, np.int32)], griddim=7, blockdim=3),
    Case("simple_grid2d", T + "test_simple_grid2d", "indexing", sig="void(int32[:,::1])",
         args=lambda rng: [empty((4 * 5, 3 * 6), np.int32)], griddim=(5, 6), blockdim=(4, 3)),
    Case("simple_gridsize1d", T + "test_simple_gridsize1d", "indexing", sig="void(int32[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int32)], griddim=7, blockdim=3),
    # Upstream launches 22121216 blocks of 256 threads (5.7e9 threads, more
    # than 2**32) to catch int32 overflow of cuda.grid/gridsize; skipped on
    # the simulator ("Requires too many threads"): the test asserts no error.
    Case("f", T + "test_issue_9229", "indexing", sig="void(uint64[::1], uint64[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.uint64)],
         griddim=22121216, blockdim=256,
         reference=lambda g, s: {0: np.zeros(1, np.uint64), 1: np.zeros(1, np.uint64)}),
    Case("simple_gridsize2d", T + "test_simple_gridsize2d", "indexing", sig="void(int32[::1])",
         args=lambda rng: [np.zeros(2, dtype=np.int32)], griddim=(5, 6), blockdim=(4, 3)),
    # The test's own checks loop over empty ranges; the simulator's result
    # (every element x + y) is what the kernel computes.
    Case("intrinsic_forloop_step", T + "test_intrinsic_forloop_step", "indexing",
         sig="void(int32[:,::1])", args=lambda rng: [empty((4 * 5, 3 * 6), np.int32)],
         griddim=(5, 6), blockdim=(4, 3)),
    Case("foo", T + "test_3dgrid", "indexing", sig="void(int32[:,:,::1])",
         args=lambda rng: [np.zeros(9**3, dtype=np.int32).reshape(9, 9, 9)],
         griddim=(3, 3, 3), blockdim=(3, 3, 3)),
    Case("foo_2", T + "test_3dgrid_2", "indexing", sig="void(boolean[:,:,::1])",
         args=lambda rng: [np.zeros(12 * 6 * 8, dtype=np.bool_).reshape(12, 6, 8)],
         griddim=(4, 3, 2), blockdim=(3, 2, 4)),
]

# test_selp (skipped on the simulator: it also counts branches in the PTX).
def _selp_expected(a, b, c):
    expected = c.copy()
    expected[:5] = 3
    return {0: expected}


for _k in ("branching_with_ifs", "branching_with_selps"):
    CASES.append(Case(_k, T + "test_selp", "control flow", sig="(int64[:], int64, int64[:])",
                      args=lambda rng: [np.arange(32, dtype=np.int64), 6,
                                        np.full(shape=32, fill_value=17, dtype=np.int64)],
                      griddim=32, blockdim=1, reference=_selp_expected))

# popc, bit_count, fma.
for _n, _t, _v, _bits in (("u1", "uint8", np.uint8(0xFF), 8), ("u2", "uint16", np.uint16(0xFFFF), 16),
                          ("u4", "uint32", np.uint32(0xFFFFFFFF), 32),
                          ("u8", "uint64", np.uint64(0xFFFFFFFFFFFFFFFF), 64)):
    CASES.append(Case("simple_popc", T + f"test_popc_{_n}", "integers", name=f"popc_{_n}",
                      sig=f"void(int32[:], {_t})",
                      args=lambda rng, v=_v: [np.zeros(1, dtype=np.int32), v],
                      reference=asserted(0, _bits, np.int32)))
    CASES.append(Case("simple_bit_count", T + f"test_bit_count_{_n}", "integers",
                      name=f"bit_count_{_n}", sig=f"void(int32[:], {_t})",
                      args=lambda rng, v=_v: [np.zeros(1, dtype=np.int32), v],
                      reference=asserted(0, _bits, np.int32)))

CASES += [
    Case("simple_fma", T + "test_fma_f4", "math", name="fma_f4", sig="void(f4[:], f4, f4, f4)",
         args=lambda rng: [np.zeros(1, dtype=np.float32), 2.0, 3.0, 4.0]),
    Case("simple_fma", T + "test_fma_f8", "math", name="fma_f8", sig="void(f8[:], f8, f8, f8)",
         args=lambda rng: [np.zeros(1, dtype=np.float64), 2.0, 3.0, 4.0]),
]

# float16 (cuda.fp16). The simulator has hadd ... hmin, not hdiv or the math
# functions: those references are the NumPy values the tests assert.
def f16(x):
    return np.array([x], dtype=np.float16)


def _fp16(kernel, test, sig, args, reference="sim", name=None, **kw):
    return Case(kernel, T + test, "float16", sig=sig, args=args, reference=reference,
                rtol=F16_RTOL, name=name, **kw)


CASES += [
    _fp16("simple_hadd", "test_hadd", "void(f2[:], f2[:], f2[:])",
          lambda rng: [np.zeros(1, dtype=np.float16), f16(3.0), f16(4.0)]),
    _fp16("simple_hadd_scalar", "test_hadd_scalar", "void(f2[:], f2, f2)",
          lambda rng: [np.zeros(1, dtype=np.float16), np.float16(3.1415926), np.float16(3.0)]),
    _fp16("simple_hfma", "test_hfma", "void(f2[:], f2[:], f2[:], f2[:])",
          lambda rng: [np.zeros(1, dtype=np.float16), f16(2.0), f16(3.0), f16(4.0)]),
    _fp16("simple_hfma_scalar", "test_hfma_scalar", "void(f2[:], f2, f2, f2)",
          lambda rng: [np.zeros(1, dtype=np.float16), np.float16(2.0), np.float16(3.0),
                       np.float16(4.0)]),
    _fp16("simple_hsub", "test_hsub", "void(f2[:], f2[:], f2[:])",
          lambda rng: [np.zeros(1, dtype=np.float16), f16(3.0), f16(4.0)]),
    _fp16("simple_hsub_scalar", "test_hsub_scalar", "void(f2[:], f2, f2)",
          lambda rng: [np.zeros(1, dtype=np.float16), np.float16(3.1415926), np.float16(1.57)]),
    # cuda.jit(simple_hmul): compiled for the arguments' types.
    _fp16("simple_hmul", "test_hmul", "void(float16[::1], float16[::1], float16[::1])",
          lambda rng: [np.zeros(1, dtype=np.float16), f16(3.0), f16(4.0)]),
    _fp16("simple_hmul_scalar", "test_hmul_scalar", "void(f2[:], f2, f2)",
          lambda rng: [np.zeros(1, dtype=np.float16), np.float16(3.1415926), np.float16(1.57)]),
    _fp16("simple_hdiv_scalar", "test_hdiv_scalar", "void(f2[:], f2, f2)",
          lambda rng: [np.zeros(1, dtype=np.float16), np.float16(3.1415926), np.float16(1.57)],
          reference=lambda ary, a, b: {0: np.array([a / b], dtype=np.float16)}),
    # compiled.forall(ary.size): numba-cuda picks the block size by occupancy;
    # the kernel guards i < ary.size, so any covering launch is the same.
    _fp16("simple_hdiv_kernel", "test_hdiv", "void(f2[:], f2[:], f2[:])",
          lambda rng: [np.zeros(500, dtype=np.float16),
                       rng.integers(-65504, 65505, size=500).astype(np.float16),
                       rng.integers(-65504, 65505, size=500).astype(np.float16)],
          reference=lambda ary, a1, a2: {0: a1 / a2}, griddim=4, blockdim=128),
    _fp16("simple_hneg", "test_hneg", "void(f2[:], f2[:])",
          lambda rng: [np.zeros(1, dtype=np.float16), f16(3.0)]),
    _fp16("simple_hneg_scalar", "test_hneg_scalar", "void(f2[:], f2)",
          lambda rng: [np.zeros(1, dtype=np.float16), np.float16(3.1415926)]),
    # cuda.jit(simple_habs): compiled for the arguments' types.
    _fp16("simple_habs", "test_habs", "void(float16[::1], float16[::1])",
          lambda rng: [np.zeros(1, dtype=np.float16), f16(-3.0)]),
    _fp16("simple_habs_scalar", "test_habs_scalar", "void(f2[:], f2)",
          lambda rng: [np.zeros(1, dtype=np.float16), np.float16(-3.1415926)]),
]


def numpy_hrsqrt(x, dtype):
    return x**-0.5


# test_fp16_intrinsics_common: N = 32, x = randint(1, 65505, N) as float16 (exp
# and exp2: randint(1, 10, N)); r is np.zeros_like(x).
_N = 32
for _k, _fn in (("hsin", np.sin), ("hcos", np.cos), ("hlog", np.log), ("hlog2", np.log2),
                ("hlog10", np.log10), ("hsqrt", np.sqrt), ("hceil", np.ceil),
                ("hfloor", np.floor), ("hrcp", np.reciprocal), ("htrunc", np.trunc),
                ("hrint", np.rint), ("hrsqrt", numpy_hrsqrt), ("hexp", np.exp),
                ("hexp2", np.exp2)):
    _hi = 10 if _k in ("hexp", "hexp2") else 65505
    CASES.append(_fp16(
        "simple_" + _k, "test_fp16_intrinsics_common", "void(f2[:], f2[:])",
        lambda rng, hi=_hi: [np.zeros(_N, dtype=np.float16),
                             rng.integers(1, hi, size=_N).astype(np.float16)],
        reference=lambda r, x, fn=_fn: {0: fn(x, dtype=np.float16)},
        griddim=1, blockdim=_N))

CASES += [
    _fp16("hexp10_vectors", "test_hexp10", "void(float16[::1], float16[::1])",
          lambda rng: [np.zeros(_N, dtype=np.float16), rng.random(_N).astype(np.float16)],
          reference=lambda r, x: {0: 10**x}, griddim=1, blockdim=_N),
]

# test_fp16_comparison: each predicate with equal arguments, LHS < RHS, LHS > RHS.
for _op in ("heq", "hne", "hge", "hgt", "hle", "hlt"):
    for _what, _a, _b in (("eq", 3, 3), ("lt", 3, 4), ("gt", 3, 2)):
        CASES.append(_fp16(
            f"simple_{_op}_scalar", "test_fp16_comparison", "void(b1[:], f2, f2)",
            lambda rng, a=_a, b=_b: [np.zeros(1, dtype=np.bool_), np.float16(a), np.float16(b)],
            name=f"{_op}_scalar_{_what}"))

for _i in range(1, 6):
    CASES.append(_fp16(
        f"multiple_hcmp_{_i}", "test_multiple_float16_comparisons", "void(b1[:], f2, f2, f2)",
        lambda rng: [np.zeros(1, dtype=np.bool_), np.float16(2.0), np.float16(3.0),
                     np.float16(4.0)]))

for _k in ("hmax", "hmin"):
    for _j, _a in ((1, 3.0), (2, 5.0)):
        CASES.append(_fp16(
            f"simple_{_k}_scalar", f"test_{_k}", "void(f2[:], f2, f2)",
            lambda rng, a=_a: [np.zeros(1, dtype=np.float16), np.float16(a), np.float16(4.0)],
            name=f"{_k}_scalar_{_j}"))

# cbrt, brev, clz, ffs.
CASES += [
    Case("simple_cbrt", T + "test_cbrt_f32", "math", name="cbrt_f32",
         sig="void(float32[:], float32)", args=lambda rng: [np.zeros(1, dtype=np.float32), 2.0]),
    Case("simple_cbrt", T + "test_cbrt_f64", "math", name="cbrt_f64",
         sig="void(float64[:], float64)", args=lambda rng: [np.zeros(1, dtype=np.float64), 6.0]),
    Case("simple_brev", T + "test_brev_u4", "integers", name="brev_u4",
         sig="void(uint32[:], uint32)", args=lambda rng: [np.zeros(1, dtype=np.uint32), 0x000030F0],
         reference=asserted(0, 0x0F0C0000, np.uint32)),
    Case("simple_brev", T + "test_brev_u8", "integers", name="brev_u8",
         sig="void(uint64[:], uint64)",
         args=lambda rng: [np.zeros(1, dtype=np.uint64), 0x000030F0000030F0],
         reference=asserted(0, 0x0F0C00000F0C0000, np.uint64)),
]

for _name, _sig, _v, _want in (
        ("clz_i4", "void(int32[:], int32)", 0x00100000, 11),
        ("clz_u4", "void(int32[:], uint32)", 0x00100000, 11),
        ("clz_i4_1s", "void(int32[:], int32)", np.int32(-1), 0),  # 0xFFFFFFFF
        ("clz_i4_0s", "void(int32[:], int32)", 0x0, 32),
        ("clz_i8", "void(int32[:], int64)", 0x000000000010000, 47),
        ("ffs_i4_1", "void(int32[:], int32)", 0x00100000, 21),
        ("ffs_i4_2", "void(int32[:], int32)", np.int32(-2**31), 32),  # 0x80000000
        ("ffs_u4_1", "void(int32[:], uint32)", 0x00100000, 21),
        ("ffs_u4_2", "void(int32[:], uint32)", 0x80000000, 32),
        ("ffs_i4_1s", "void(int32[:], int32)", np.int32(-1), 1),  # 0xFFFFFFFF
        ("ffs_i4_0s", "void(int32[:], int32)", 0x0, 0),
        ("ffs_i8_1", "void(int32[:], int64)", 0x000000000010000, 17),
        ("ffs_i8_2", "void(int32[:], int64)", 0x100000000, 33)):
    _test = _name[:-2] if _name[-2:] in ("_1", "_2") else _name
    CASES.append(Case("simple_" + _name[:3], T + "test_" + _test, "integers", name=_name,
                      sig=_sig, args=lambda rng, v=_v: [np.zeros(1, dtype=np.int32), v],
                      reference=asserted(0, _want, np.int32)))

# Lanes and the warp size: the values numba-cuda asserts (32-lane warps).
CASES += [
    Case("simple_laneid", T + "test_simple_laneid", "warp/subgroup", sig="void(int32[:])",
         args=lambda rng: [np.zeros(2 * 32, dtype=np.int32)], griddim=1, blockdim=2 * 32,
         reference=lambda ary: {0: np.tile(np.arange(32, dtype=np.int32), 2)}),
    Case("simple_warpsize", T + "test_simple_warpsize", "warp/subgroup", sig="void(int32[:])",
         args=lambda rng: [np.zeros(1, dtype=np.int32)],
         reference=asserted(0, 32, np.int32)),
]

# round(x) and round(x, ndigits).
_ROUND_VALUES = [-3.0, -2.5, -2.25, -1.5, 1.5, 2.25, 2.5, 2.75]
for _sfx, _ft in (("f4", "float32"), ("f8", "float64")):
    for _j, _v in enumerate(_ROUND_VALUES):
        CASES.append(Case("simple_round", T + f"test_round_{_sfx}", "math",
                          name=f"round_{_sfx}_{_j}", sig=f"void(int64[:], {_ft})",
                          args=lambda rng, v=_v: [np.zeros(1, dtype=np.int64), v]))


def _nd(n):
    return f"n{-n}" if n < 0 else str(n)


_DIGITS_F4 = (-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 13)
_DIGITS_F8 = (-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5)
for _j in range(32):
    for _d in _DIGITS_F4:
        CASES.append(Case(
            "simple_round_to", T + "test_round_to_f4", "math", name=f"round_to_f4_{_j}_{_nd(_d)}",
            sig="void(float32[:], float32, int32)",
            args=lambda rng, d=_d: [np.zeros(1, dtype=np.float32), np.float32(rng.random()), d]))
    for _d in _DIGITS_F8:
        # prec="exact"
        CASES.append(Case(
            "simple_round_to", T + "test_round_to_f8", "math", name=f"round_to_f8_{_j}_{_nd(_d)}",
            sig="void(float64[:], float64, int32)", rtol=0.0,
            args=lambda rng, d=_d: [np.zeros(1, dtype=np.float64), np.float64(rng.random()), d]))

_F8_SAFE = 0.12345678987654321 * 10e-15
CASES += [
    # The "overflow safe" branch of test_round_to_f8 (prec="double").
    Case("simple_round_to", T + "test_round_to_f8", "math", name="round_to_f8_overflow_safe",
         sig="void(float64[:], float64, int32)",
         args=lambda rng: [np.zeros(1, dtype=np.float64), _F8_SAFE, 23],
         reference=asserted(0, round(_F8_SAFE, 23), np.float64)),
    # Skipped on the simulator (CPython's overflow behaviour differs).
    Case("simple_round_to", T + "test_round_to_f4_overflow", "math", name="round_to_f4_overflow",
         sig="void(float32[:], float32, int32)",
         args=lambda rng: [np.zeros(1, dtype=np.float32), np.finfo(np.float32).max, 300],
         reference=asserted(0, np.finfo(np.float32).max, np.float32)),
    Case("simple_round_to", T + "test_round_to_f4_halfway", "math", name="round_to_f4_halfway",
         sig="void(float32[:], float32, int32)",
         args=lambda rng: [np.zeros(1, dtype=np.float32), 0.3425, 3],
         reference=asserted(0, round(0.3425, 3), np.float32)),
    Case("simple_round_to", T + "test_round_to_f8_overflow", "math", name="round_to_f8_overflow",
         sig="void(float64[:], float64, int32)",
         args=lambda rng: [np.zeros(1, dtype=np.float64), np.finfo(np.float64).max, 12],
         reference=asserted(0, np.finfo(np.float64).max, np.float64)),
    Case("simple_round_to", T + "test_round_to_f8_halfway", "math", name="round_to_f8_halfway",
         sig="void(float64[:], float64, int32)", rtol=0.0,
         args=lambda rng: [np.zeros(1, dtype=np.float64), 0.5425, 3],
         reference=asserted(0, round(0.5425, 3), np.float64)),
]
