# numba.cuda.random's generators (nvc's frontend/modules/numba_cuda_random.py):
# raw 64-bit outputs, uniform and normal draws of both widths, interleaved so
# that each draw's state is the previous draw's; the states come from the
# launcher (nvc-run NAME=xoroshiro128p:N:SEED[:SUBSEQUENCE]).
import numba_vulkan as nv
import numpy as np
from numba import cuda
from numba.cuda.random import (create_xoroshiro128p_states, xoroshiro128p_uniform_float32,
                               xoroshiro128p_uniform_float64, xoroshiro128p_normal_float32,
                               xoroshiro128p_normal_float64, xoroshiro128p_next, xoroshiro128p_type)


@cuda.jit("void(xoroshiro128p_type[::1], uint64[:, ::1], float32[:, ::1], float64[:, ::1])")
def draws(states, raw, f32, f64):
    i = cuda.grid(1)
    if i < states.shape[0]:
        for k in range(raw.shape[1]):
            raw[i, k] = xoroshiro128p_next(states, i)
        for k in range(f32.shape[1] // 2):
            f32[i, 2 * k] = xoroshiro128p_uniform_float32(states, i)
            f32[i, 2 * k + 1] = xoroshiro128p_normal_float32(states, i)
            f64[i, 2 * k] = xoroshiro128p_uniform_float64(states, i)
            f64[i, 2 * k + 1] = xoroshiro128p_normal_float64(states, i)


@nv.jit("void(xoroshiro128p_type[::1], float32[:, ::1])")
def uniforms_nv(states, f32):
    # @nv.jit computes integers in 32 bits; the generator's own functions
    # (@cuda.jit(device=True)) keep their exact 64-bit arithmetic.
    i = nv.global_id(0)
    if i < states.shape[0]:
        for k in range(f32.shape[1]):
            f32[i, k] = xoroshiro128p_uniform_float32(states, i)
