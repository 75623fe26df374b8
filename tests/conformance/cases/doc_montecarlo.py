"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_montecarlo.py (kernels/doc_montecarlo.py).

test_ex_montecarlo's mc_integrate(lower_lim, upper_lim, nsamps) launches
mc_integrator_kernel.forall(nsamps)(out, rng_states, lower_lim, upper_lim)
on out = zeros(nsamps, float32) and rng_states =
create_xoroshiro128p_states(nsamps, seed=42), then returns
sum_reduce(out) * (upper_lim - lower_lim) / (nsamps - 1); the test asserts
mc_integrate(1, 2, 10**6) ~ 0.69315 and mc_integrate(2, 3, 10**6) ~ 0.4055
(atol 0.001). Each of those two calls is two cases: the kernel's launch and
the reduction of its output.

The kernel's reference is exact: each thread's first xoroshiro128+ draw
(states computed as create_xoroshiro128p_states does, on the CPU), scaled and
passed through func, as the kernel computes them (upstream skips the test
on the simulator); the states come back advanced by one step. The
reduction's case calls sum_reduce(out) on that output as the example does
(Case.call "cuda_reduce", nvc-run --reduce) and expects its sum (float32 summation, rtol 1e-5; times the factor, it is
within upstream's tolerance of the integral). forall(n) launches ceil(n /
tpb) blocks of tpb threads, tpb from the occupancy calculator; here 256.
"""
import numpy as np

import conformance
from conformance import Case

NSAMPS = 1000000
SEED = 42
STATES = "Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)[::1]"

_init = None


def create_states(n, seed):
    # create_xoroshiro128p_states(n, seed).copy_to_host(): numba-cuda's
    # init_xoroshiro128p_states_cpu (Debian's Numba runs it in object mode
    # under the simulator, far too slowly for 10**6 states), compiled here.
    global _init
    conformance.enable_simulator()  # before importing numba
    import numba
    from numba.cuda.random import xoroshiro128p_dtype
    if _init is None:
        @numba.njit
        def init(s0, s1, seed):
            m = np.uint64(0xFFFFFFFFFFFFFFFF)
            z = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            z = z ^ (z >> np.uint64(31))
            a, b = z, z
            jump = (np.uint64(0xBEAC0467EBA5FACB), np.uint64(0xD86B048B86AA9922))
            for i in range(s0.shape[0]):
                if i > 0:
                    j0 = np.uint64(0)
                    j1 = np.uint64(0)
                    for w in range(2):
                        for bit in range(64):
                            if jump[w] & (np.uint64(1) << np.uint64(bit)):
                                j0 ^= a
                                j1 ^= b
                            # xoroshiro128p_next
                            b ^= a
                            a = ((a << np.uint64(55)) | (a >> np.uint64(9))) ^ b ^ (b << np.uint64(14))
                            b = (b << np.uint64(36)) | (b >> np.uint64(28))
                    a, b = j0, j1
                s0[i] = a
                s1[i] = b
        _init = init
    s0 = np.empty(n, np.uint64)
    s1 = np.empty(n, np.uint64)
    _init(s0, s1, seed)
    states = np.empty(n, dtype=xoroshiro128p_dtype)
    states["s0"] = s0
    states["s1"] = s1
    return states


def uniform_float32(states):
    # xoroshiro128p_uniform_float32 for every state, advancing them.
    s0 = states["s0"].copy()
    s1 = states["s1"].copy()
    result = s0 + s1
    s1 ^= s0
    states["s0"] = ((s0 << np.uint64(55)) | (s0 >> np.uint64(9))) ^ s1 ^ (s1 << np.uint64(14))
    states["s1"] = (s1 << np.uint64(36)) | (s1 >> np.uint64(28))
    return ((result >> np.uint64(11)) * (1.0 / (1 << 53))).astype(np.float32)


def integrand(out, rng_states, lower_lim, upper_lim):
    samp = uniform_float32(rng_states).astype(np.float64)
    samp = samp * (upper_lim - lower_lim) + lower_lim
    out[:] = (1.0 / samp).astype(np.float32)
    return {0: out, 1: rng_states}


def kernel_args(lower, upper):
    return lambda rng: [np.zeros(NSAMPS, dtype="float32"), create_states(NSAMPS, SEED),
                        lower, upper]


def reduce_args(lower, upper):
    def args(rng):
        out, states, lo, hi = kernel_args(lower, upper)(rng)
        integrand(out, states, lo, hi)
        return [out]
    return args


def total(out):
    return {0: out, "result": np.float32(out.sum(dtype=np.float64))}


CASES = []
for lower, upper in ((1, 2), (2, 3)):
    CASES += [
        Case("mc_integrator_kernel", "TestMonteCarlo.test_ex_montecarlo", "doc examples",
             sig=f"void(float32[::1], {STATES}, int64, int64)",
             args=kernel_args(lower, upper), griddim=(NSAMPS + 255) // 256, blockdim=256,
             reference=integrand, name=f"mc_integrator_kernel__{lower}_{upper}"),
        Case("sum_reduce", "TestMonteCarlo.test_ex_montecarlo", "doc examples",
             call="cuda_reduce", args=reduce_args(lower, upper), reference=total, rtol=1e-5,
             name=f"sum_reduce__{lower}_{upper}"),
    ]
