"""Monte Carlo integration from numba.cuda's examples (003, "Monte Carlo
Integration"): the kernel as the example writes it, with a signature.

Each invocation draws one sample with numba.cuda.random's xoroshiro128+
generator, maps it to [lower_lim, upper_lim) and evaluates func there; the
host sums `out` and scales the sum. The launcher makes the generator states
from a seed with numba-cuda's streams (docs/language.md "Random numbers"):

    nvc examples/montecarlo.py -o mc.spv
    nvc-run mc.spv --grid 1000000 out=zeros:1000000 \\
        rng_states=xoroshiro128p:1000000:42 lower_lim=1.0 upper_lim=2.0 --out out=out.npy
    python3 -c "import numpy as np; print(np.load('out.npy').sum() * (2.0 - 1.0) / (1000000 - 1))"

gives ln 2 = 0.6931... to about three digits, and numba-cuda's value for the
same seed (mc_integrate(1, 2, 1000000) with seed=42).
"""
import numba
import numpy as np
from numba import cuda
from numba.cuda.random import (
    create_xoroshiro128p_states,
    xoroshiro128p_uniform_float32,
)

# number of samples, higher will lead to a more accurate answer
nsamps = 1000000


# define a function to integrate
@numba.jit
def func(x):
    return 1.0 / x


@cuda.jit("void(float32[::1], Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)[::1], float64, float64)")
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


@cuda.reduce
def sum_reduce(a, b):
    return a + b


def mc_integrate(lower_lim, upper_lim, nsamps):
    """
    approximate the definite integral of `func` from
    `lower_lim` to `upper_lim` (host code, run with numba-cuda)
    """
    out = cuda.to_device(np.zeros(nsamps, dtype="float32"))
    rng_states = create_xoroshiro128p_states(nsamps, seed=42)

    # jit the function for use in CUDA kernels

    mc_integrator_kernel.forall(nsamps)(
        out, rng_states, lower_lim, upper_lim
    )
    # normalization factor to convert
    # to the average: (b - a)/(N - 1)
    factor = (upper_lim - lower_lim) / (nsamps - 1)

    return sum_reduce(out) * factor
