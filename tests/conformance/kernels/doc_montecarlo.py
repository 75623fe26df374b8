# Ported from numba-cuda, numba_cuda/numba/cuda/tests/doc_examples/test_montecarlo.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import numba
import numpy as np
from numba import cuda
from numba.cuda.random import (
    create_xoroshiro128p_states,
    xoroshiro128p_uniform_float32,
)

# number of samples, higher will lead to a more accurate answer
nsamps = 1000000


# TestMonteCarlo.test_ex_montecarlo
@cuda.jit
def mc_integrator_kernel(out, rng_states, lower_lim, upper_lim):
    """
    kernel to draw random samples and evaluate the function to
    be integrated at those sample values
    """
    size = len(out)

    gid = cuda.grid(1)
    if gid < size:
        # draw a sample between 0 and 1 on this thread
        samp = xoroshiro128p_uniform_float32(rng_states, gid)

        # normalize this sample to the limit range
        samp = samp * (upper_lim - lower_lim) + lower_lim

        # evaluate the function to be
        # integrated at the normalized
        # value of the sample
        y = func(samp)
        out[gid] = y


# TestMonteCarlo.test_ex_montecarlo
@cuda.reduce
def sum_reduce(a, b):
    return a + b


# TestMonteCarlo.test_ex_montecarlo
# define a function to integrate
@numba.jit
def func(x):
    return 1.0 / x
