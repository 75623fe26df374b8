"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_random.py (kernels/test_random.py).

The states come from cuda.random.create_xoroshiro128p_states(32 * 2, seed=1),
computed on the host (init_xoroshiro128p_states_cpu, as that function does);
the kernels advance them, so they are compared too. Upstream asserts the
statistics of `out` (min, max, mean, std); the reference is the exact stream
from the simulator.

Not ported: test_create, test_create_subsequence_start, test_create_stream
(host-side state creation: no kernel of the test's own; streams).
"""
import numpy as np

import conformance
from conformance import Case

UNIFORM = 1
NORMAL = 2


def states(n, seed):
    # cuda.random.create_xoroshiro128p_states(n, seed=seed).copy_to_host()
    conformance.enable_simulator()
    from numba.cuda.random import init_xoroshiro128p_states_cpu, xoroshiro128p_dtype
    s = np.empty(n, dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states_cpu(s, seed, 0)
    return s


# Numba's type of the states array is
# array(Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True), 1d, C)
# (numba.cuda.random.xoroshiro128p_type[::1]).
STATES = "Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)[::1]"
SIG_OUT32 = f"void({STATES}, float32[::1], int64, int64)"
SIG_OUT64 = f"void({STATES}, float64[::1], int64, int64)"

CASES = [
    Case("rng_kernel_float32", "TestCudaRandomXoroshiro128p.test_uniform_float32", "random",
         sig=SIG_OUT32,
         args=lambda rng: [states(32 * 2, 1), np.zeros(2 * 32 * 32, dtype=np.float32), 32,
                           UNIFORM],
         griddim=2, blockdim=32, name="uniform_float32"),
    # Skipped on the simulator upstream (for speed); `out` is float32 as
    # check_uniform allocates it.
    Case("rng_kernel_float64", "TestCudaRandomXoroshiro128p.test_uniform_float64", "random",
         sig=SIG_OUT32,
         args=lambda rng: [states(32 * 2, 1), np.zeros(2 * 32 * 32, dtype=np.float32), 32,
                           UNIFORM],
         griddim=2, blockdim=32, name="uniform_float64"),
    Case("rng_kernel_float32", "TestCudaRandomXoroshiro128p.test_normal_float32", "random",
         sig=SIG_OUT32,
         args=lambda rng: [states(32 * 2, 1), np.zeros(2 * 32 * 32, dtype=np.float32), 32,
                           NORMAL],
         griddim=2, blockdim=32, name="normal_float32",
         # math.log/cos of float32 values: a few ulp from the simulator's.
         rtol=1e-5, atol=1e-6),
    Case("rng_kernel_float64", "TestCudaRandomXoroshiro128p.test_normal_float64", "random",
         sig=SIG_OUT64,
         args=lambda rng: [states(32 * 2, 1), np.zeros(2 * 32 * 32, dtype=np.float64), 32,
                           NORMAL],
         griddim=2, blockdim=32, name="normal_float64"),
]
