"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_sync.py (kernels/test_sync.py).

The syncwarp kernels are skipped on the simulator upstream (it has no
syncwarp): their references are the values the tests assert. The threadfence
tests also check the PTX for membar instructions (not ported); their launches
are. _test_syncthreads_and / _or launch twice (every input 1 / 0, then
ary_in[31] changed): a case for each launch.
"""
import numpy as np

from conformance import Case, empty

C = "synchronisation"
T = "TestCudaSync."


def useless(kernel, test, sim=True):
    # _test_useless: cuda.jit("void(int32[::1])"), ary = np.empty(10, int32), [1, 10]
    ref = "sim" if sim else (lambda ary: {0: np.arange(10, dtype=np.int32)})
    return Case(kernel, T + test, C, sig="void(int32[::1])",
                args=lambda rng: [empty(10, np.int32)], griddim=1, blockdim=10,
                reference=ref)


def fence(kernel, test):
    # sig = (int32[:],); ary = np.zeros(10, int32); [1, 1]
    return Case(kernel, T + test, C, sig="void(int32[:])",
                args=lambda rng: [np.zeros(10, dtype=np.int32)])


NAMES = {np.int32: "int32", np.int16: "int16", np.int64: "int64"}
SUFFIX = {np.int32: "", np.int16: "_upcast", np.int64: "_downcast"}


def count(dtype):
    def args(rng):
        ary_in = np.ones(72, dtype=dtype)
        ary_in[31] = 0
        ary_in[42] = 0
        return [ary_in, np.zeros(72, dtype=np.int32)]
    n = NAMES[dtype]
    return Case("use_syncthreads_count", T + "test_syncthreads_count" + SUFFIX[dtype], C,
                sig=f"void({n}[::1], int32[::1])", name=f"use_syncthreads_count__{n}",
                args=args, griddim=1, blockdim=72,
                reference=lambda a, o: {1: np.full(72, 70, np.int32)})


def and_or(op, dtype):
    # _test_syncthreads_and: ones, then ary_in[31] = 0 (expect 1, then 0);
    # _test_syncthreads_or: zeros, then ary_in[31] = 1 (expect 0, then 1)
    n = NAMES[dtype]
    first = 1 if op == "and" else 0

    def args(changed):
        def f(rng):
            ary_in = np.full(100, first, dtype=dtype)
            if changed:
                ary_in[31] = 1 - first
            return [ary_in, np.zeros(100, dtype=np.int32)]
        return f
    kernel = "use_syncthreads_" + op
    test = T + f"test_syncthreads_{op}" + SUFFIX[dtype]
    return [
        Case(kernel, test, C, sig=f"void({n}[::1], int32[::1])", name=f"{kernel}__{n}",
             args=args(False), griddim=1, blockdim=100,
             reference=lambda a, o: {1: np.full(100, first, np.int32)}),
        Case(kernel, test, C, sig=f"void({n}[::1], int32[::1])",
             name=f"{kernel}__{n}__31", args=args(True), griddim=1, blockdim=100,
             reference=lambda a, o: {1: np.full(100, 1 - first, np.int32)}),
    ]


CASES = [
    useless("useless_syncthreads", "test_useless_syncthreads"),
    useless("useless_syncwarp", "test_useless_syncwarp", sim=False),
    useless("useless_syncwarp_with_mask", "test_useless_syncwarp_with_mask", sim=False),
    Case("coop_syncwarp", T + "test_coop_syncwarp", C, sig="void(int32[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int32)], griddim=1, blockdim=32,
         reference=lambda res: {0: np.array([496], dtype=np.int32)}),
    Case("simple_smem", T + "test_simple_smem", C, sig="void(int32[::1])",
         args=lambda rng: [empty(100, np.int32)], griddim=1, blockdim=100),
    Case("coop_smem2d", T + "test_coop_smem2d", C, sig="void(float32[:,::1])",
         args=lambda rng: [empty((10, 20), np.float32)], griddim=1, blockdim=(10, 20)),
    # compiled[1, shape, 0, ary.size * 4](ary), shape = 50
    Case("dyn_shared_memory", T + "test_dyn_shared_memory", C, sig="void(float32[::1])",
         args=lambda rng: [empty(50, np.float32)], griddim=1, blockdim=50,
         shared_bytes=50 * 4),
    fence("use_threadfence", "test_threadfence_codegen"),
    fence("use_threadfence_block", "test_threadfence_block_codegen"),
    fence("use_threadfence_system", "test_threadfence_system_codegen"),
    count(np.int32), count(np.int16), count(np.int64),
    *and_or("and", np.int32), *and_or("and", np.int16), *and_or("and", np.int64),
    *and_or("or", np.int32), *and_or("or", np.int16), *and_or("or", np.int64),
]
