"""Cases of numba_cuda/numba/cuda/tests/doc_examples/test_random.py (kernels/doc_random.py).

test_ex_3d_grid launches random_3d[(16, 16, 16), (8, 8, 8)](arr, rng_states)
on an uninitialised float32 array of shape (701, 900, 719) and
rng_states = create_xoroshiro128p_states(16**3 * 8**3, seed=1), and asserts
that the values lie in [0, 1] with a mean within 0.01 of 0.5. Upstream's
array takes 1.8 GB; here it is (141, 130, 129), which still gives threads
of every axis up to two values (the grid is 128 threads wide in each).
The reference is exact: every thread's xoroshiro128+ draws in the kernel's
loop order (states computed as create_xoroshiro128p_states does, on the
CPU; upstream skips the test on the simulator); the states come back
advanced.
"""
import numpy as np

import conformance
from conformance import Case, empty

SHAPE = (141, 130, 129)  # upstream: (701, 900, 719)
BLOCK = (8, 8, 8)
GRID = (16, 16, 16)
NTHREADS = 8 * 8 * 8 * 16 * 16 * 16
W = 128  # threads along each axis of the grid
STATES = "Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)[::1]"

_init = None


def create_states(n, seed):
    # create_xoroshiro128p_states(n, seed).copy_to_host(): numba-cuda's
    # init_xoroshiro128p_states_cpu (Debian's Numba runs it in object mode
    # under the simulator, far too slowly for 2 million states), compiled here.
    global _init
    conformance.enable_simulator()  # before importing numba
    import numba
    from numba.cuda.random import xoroshiro128p_dtype
    if _init is None:
        @numba.njit
        def init(s0, s1, seed):
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


def uniform_float32(states, idx):
    # xoroshiro128p_uniform_float32(states, i) for every i in idx, advancing them.
    s0 = states["s0"][idx]
    s1 = states["s1"][idx]
    result = s0 + s1
    s1 ^= s0
    states["s0"][idx] = ((s0 << np.uint64(55)) | (s0 >> np.uint64(9))) ^ s1 ^ (s1 << np.uint64(14))
    states["s1"][idx] = (s1 << np.uint64(36)) | (s1 >> np.uint64(28))
    return ((result >> np.uint64(11)) * (1.0 / (1 << 53))).astype(np.float32)


def draws(arr, rng_states):
    # The kernel's loops: thread (x, y, z) of the 128**3 grid, tid =
    # z * 128 * 128 + y * 128 + x, fills arr[z + 128 a, y + 128 b, x + 128 c]
    # for a, b, c in loop order, one draw each.
    X, Y, Z = arr.shape
    z, y, x = np.meshgrid(np.arange(W), np.arange(W), np.arange(W), indexing="ij")
    tid = z * W * W + y * W + x
    for a in range(-(-X // W)):
        for b in range(-(-Y // W)):
            for c in range(-(-Z // W)):
                i, j, k = z + W * a, y + W * b, x + W * c
                m = (i < X) & (j < Y) & (k < Z)
                arr[i[m], j[m], k[m]] = uniform_float32(rng_states, tid[m])
    return {0: arr, 1: rng_states}


CASES = [
    Case("random_3d", "TestRandom.test_ex_3d_grid", "doc examples",
         sig=f"void(float32[:, :, ::1], {STATES})",
         args=lambda rng: [empty(SHAPE, np.float32), create_states(NTHREADS, 1)],
         griddim=GRID, blockdim=BLOCK, reference=draws),
]
