# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_random.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them.
import math

import numpy as np

from numba import cuda

from numba.cuda.random import (
    xoroshiro128p_uniform_float32,
    xoroshiro128p_normal_float32,
    xoroshiro128p_uniform_float64,
    xoroshiro128p_normal_float64,
)


# Distributions
UNIFORM = 1
NORMAL = 2


# TestCudaRandomXoroshiro128p.check_uniform, check_normal (test_uniform_float32,
# test_normal_float32)
@cuda.jit
def rng_kernel_float32(states, out, count, distribution):
    thread_id = cuda.grid(1)

    for i in range(count):
        idx = thread_id * count + i

        if distribution == UNIFORM:
            out[idx] = xoroshiro128p_uniform_float32(states, thread_id)
        elif distribution == NORMAL:
            out[idx] = xoroshiro128p_normal_float32(states, thread_id)


# TestCudaRandomXoroshiro128p.check_uniform, check_normal (test_uniform_float64,
# test_normal_float64)
@cuda.jit
def rng_kernel_float64(states, out, count, distribution):
    thread_id = cuda.grid(1)

    for i in range(count):
        idx = thread_id * count + i

        if distribution == UNIFORM:
            out[idx] = xoroshiro128p_uniform_float64(states, thread_id)
        elif distribution == NORMAL:
            out[idx] = xoroshiro128p_normal_float64(states, thread_id)
