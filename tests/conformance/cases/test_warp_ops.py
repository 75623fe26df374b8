"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py (kernels/test_warp_ops.py).

Upstream skips the module on the simulator ("Warp Operations are not yet
implemented on cudasim"): the references are the values the tests assert,
computed with NumPy, for numba-cuda's 32-lane warps. A test that launches a
kernel several times (test_vote_sync_all, _any, _eq, test_match_all_sync)
gives a case per launch it checks.

test_vote_sync_type_validation: the five signatures upstream asserts Numba
refuses (TypingError) are `rejects` cases with Numba's words (nvc refuses
loaded masks for another reason, so rejects="" would pass for the wrong one);
the six valid signatures and the two literal kernels are only launched
upstream (the test checks that they compile and run): their reference is
CUDA's result, all_sync of an all-true predicate under the full mask, 1.

Not ported (not applicable): test_shfl_sync_const_mode_val and
test_vote_sync_const_mode_val (their launches are not checked; they inspect the
LLVM IR, inspect_llvm), test_shfl_sync_const_mode_val_sm100 and
test_vote_sync_const_mode_val_sm100 (compile_ptx for cc 10.0 only).
"""
import numpy as np

from conformance import Case, empty

T = "TestCudaWarpOperations."
C = "warp/subgroup"
NELEM = 32


def full(index, value, dtype):
    """The test's assertion that every element of argument `index` is `value`."""
    return lambda *args: {index: np.full(np.shape(args[index]), value, dtype=dtype)}


def _shfl_up(ary, delta):
    exp = np.arange(NELEM, dtype=np.int32)
    exp[delta:] -= delta
    return {0: exp}


def _shfl_down(ary, delta):
    exp = np.arange(NELEM, dtype=np.int32)
    exp[:-delta] += delta
    return {0: exp}


def _with(base, index, value):
    """np.ones/zeros input with one element changed, as the tests change it."""
    a = base.copy()
    a[index] = value
    return a


CASES = [
    Case("useful_syncwarp", T + "test_useful_syncwarp", C, sig="void(int32[:])",
         args=lambda rng: [empty(NELEM, np.int32)], griddim=1, blockdim=NELEM,
         reference=full(0, 42, np.int32)),
    Case("use_shfl_sync_idx", T + "test_shfl_sync_idx", C, sig="void(int32[:], int32)",
         args=lambda rng: [empty(NELEM, np.int32), 4], griddim=1, blockdim=NELEM,
         reference=lambda ary, idx: {0: np.full(NELEM, idx, np.int32)}),
    Case("use_shfl_sync_up", T + "test_shfl_sync_up", C, sig="void(int32[:], int32)",
         args=lambda rng: [empty(NELEM, np.int32), 4], griddim=1, blockdim=NELEM,
         reference=_shfl_up),
    Case("use_shfl_sync_down", T + "test_shfl_sync_down", C, sig="void(int32[:], int32)",
         args=lambda rng: [empty(NELEM, np.int32), 4], griddim=1, blockdim=NELEM,
         reference=_shfl_down),
    Case("use_shfl_sync_xor", T + "test_shfl_sync_xor", C, sig="void(int32[:], int32)",
         args=lambda rng: [empty(NELEM, np.int32), 16], griddim=1, blockdim=NELEM,
         reference=lambda ary, xor: {0: np.arange(NELEM, dtype=np.int32) ^ xor}),
]

# test_shfl_sync_types: cuda.jit((typ[:], typ))(use_shfl_sync_with_val).
for _t, _v in (("int32", np.int32(-1)), ("int64", np.int64(1 << 42)),
               ("float32", np.float32(np.pi)), ("float64", np.float64(np.pi))):
    CASES.append(Case("use_shfl_sync_with_val", T + "test_shfl_sync_types", C,
                      name=f"use_shfl_sync_with_val_{_t}", sig=f"({_t}[:], {_t})",
                      args=lambda rng, v=_v: [empty(NELEM, v.dtype), v],
                      griddim=1, blockdim=NELEM,
                      reference=lambda ary, val: {0: np.full(NELEM, val, dtype=ary.dtype)}))

# test_vote_sync_type_validation.
for _j, (_sig, _msg) in enumerate((
        ("void(float32[:], int32[:], int32[:])", "Mask type must be an integer"),
        ("void(boolean[:], int32[:], int32[:])", "Mask type must be an integer"),
        ("void(float64[:], int32[:], int32[:])", "Mask type must be an integer"),
        ("void(int32[:], float32[:], int32[:])", "Predicate must be an integer or boolean"),
        ("void(int32[:], float64[:], int32[:])", "Predicate must be an integer or boolean"))):
    CASES.append(Case("use_vote_sync_all_with_mask", T + "test_vote_sync_type_validation", C,
                      name=f"use_vote_sync_all_with_mask_invalid_{_j}", sig=_sig,
                      args=lambda rng: [], rejects=_msg))

for _sig, _mask_dtype, _pred_dtype in (
        ("void(uint32[:], uint32[:], int32[:])", np.uint32, np.uint32),
        ("void(int64[:], int64[:], int32[:])", np.int64, np.int64),
        ("void(uint64[:], uint64[:], int32[:])", np.uint64, np.uint64),
        ("void(int32[:], int32[:], int32[:])", np.int32, np.int32),
        ("void(uint32[:], boolean[:], int32[:])", np.uint32, np.bool_),
        ("void(uint64[:], boolean[:], int32[:])", np.uint64, np.bool_)):
    _name = np.dtype(_mask_dtype).name + "_" + np.dtype(_pred_dtype).name
    CASES.append(Case(
        "use_vote_sync_all_with_mask", T + "test_vote_sync_type_validation", C,
        name=f"use_vote_sync_all_with_mask_{_name}", sig=_sig,
        args=lambda rng, m=_mask_dtype, p=_pred_dtype: [
            np.full(NELEM, (~np.array(0, dtype=m)).item(), dtype=m),
            np.ones(NELEM, dtype=p), empty(NELEM, np.int32)],
        griddim=1, blockdim=NELEM, reference=full(2, 1, np.int32)))

CASES += [
    Case("use_vote_sync_all_with_literal", T + "test_vote_sync_type_validation", C,
         sig="void(int32[::1])", args=lambda rng: [empty(NELEM, np.int32)],
         griddim=1, blockdim=NELEM, reference=full(0, 1, np.int32)),
    Case("use_vote_sync_all_with_predicate_literal", T + "test_vote_sync_type_validation", C,
         sig="void(uint32[::1], int32[::1])",
         args=lambda rng: [np.full(NELEM, 0xFFFFFFFF, dtype=np.uint32), empty(NELEM, np.int32)],
         griddim=1, blockdim=NELEM, reference=full(1, 1, np.int32)),
]

# Votes: one case per checked launch.
_ONES = np.ones(NELEM, dtype=np.int32)
_ZEROS = np.zeros(NELEM, dtype=np.int32)
for _kernel, _test, _name, _in, _want in (
        ("use_vote_sync_all", "test_vote_sync_all", "use_vote_sync_all_1", _ONES, 1),
        ("use_vote_sync_all", "test_vote_sync_all", "use_vote_sync_all_2", _with(_ONES, -1, 0), 0),
        ("use_vote_sync_any", "test_vote_sync_any", "use_vote_sync_any_1", _ZEROS, 0),
        ("use_vote_sync_any", "test_vote_sync_any", "use_vote_sync_any_2",
         _with(_ZEROS, [2, 5], 1), 1),
        ("use_vote_sync_eq", "test_vote_sync_eq", "use_vote_sync_eq_1", _ZEROS, 1),
        ("use_vote_sync_eq", "test_vote_sync_eq", "use_vote_sync_eq_2", _with(_ZEROS, 1, 1), 0),
        ("use_vote_sync_eq", "test_vote_sync_eq", "use_vote_sync_eq_3", _ONES, 1)):
    CASES.append(Case(_kernel, T + _test, C, name=_name, sig="void(int32[:], int32[:])",
                      args=lambda rng, a=_in: [a.copy(), empty(NELEM, np.int32)],
                      griddim=1, blockdim=NELEM, reference=full(1, _want, np.int32)))

CASES += [
    Case("use_vote_sync_ballot", T + "test_vote_sync_ballot", C, sig="void(uint32[:])",
         args=lambda rng: [empty(NELEM, np.uint32)], griddim=1, blockdim=NELEM,
         reference=full(0, 0xFFFFFFFF, np.uint32)),
    Case("use_match_any_sync", T + "test_match_any_sync", C, sig="void(int32[:], int32[:])",
         args=lambda rng: [np.arange(10, dtype=np.int32) % 2, empty(10, np.int32)],
         griddim=1, blockdim=10,
         reference=lambda a, o: {1: np.tile((0b0101010101, 0b1010101010), 5).astype(np.int32)}),
    Case("use_match_all_sync", T + "test_match_all_sync", C, name="use_match_all_sync_1",
         sig="void(int32[:], int32[:])",
         args=lambda rng: [np.zeros(10, dtype=np.int32), empty(10, np.int32)],
         griddim=1, blockdim=10, reference=full(1, 0b1111111111, np.int32)),
    Case("use_match_all_sync", T + "test_match_all_sync", C, name="use_match_all_sync_2",
         sig="void(int32[:], int32[:])",
         args=lambda rng: [_with(np.zeros(10, dtype=np.int32), 1, 4), empty(10, np.int32)],
         griddim=1, blockdim=10, reference=full(1, 0, np.int32)),
    Case("use_independent_scheduling", T + "test_independent_scheduling", C,
         sig="void(uint32[:])", args=lambda rng: [empty(32, np.uint32)], griddim=1, blockdim=32,
         reference=lambda arr: {0: np.tile((0x11111111, 0x22222222, 0x44444444, 0x88888888),
                                           8).astype(np.uint32)}),
    Case("use_activemask", T + "test_activemask", C, sig="void(uint32[::1])",
         args=lambda rng: [np.zeros(32, dtype=np.uint32)], griddim=1, blockdim=32,
         reference=lambda x: {0: np.tile((0x55555555, 0xAAAAAAAA), 16).astype(np.uint32)}),
    Case("use_lanemask_lt", T + "test_lanemask_lt", C, sig="void(uint32[::1])",
         args=lambda rng: [np.zeros(32, dtype=np.uint32)], griddim=1, blockdim=32,
         reference=lambda x: {0: np.asarray([(2**i) - 1 for i in range(32)],
                                            dtype=np.uint32)}),
]
