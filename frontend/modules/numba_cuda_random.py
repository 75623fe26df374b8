# nvc's numba.cuda.random: the xoroshiro128+ generators of numba-cuda, as
# device functions in the kernel language (compiled where a kernel calls
# them, like a helper module's). The streams are numba-cuda's: one state per
# invocation, a record of two uint64 (s0, s1); xoroshiro128+ with the
# rotation and shift constants 55, 14, 36 (Blackman and Vigna, 2016); a
# uint64 turned into [0, 1) from its top 53 bits; normals by the Box-Muller
# transform, the first value of a pair. The launcher makes the states
# (nvc::rt::createXoroshiro128pStates, nvc-run NAME=xoroshiro128p:N:SEED).
import math

import numpy as np
from numba import cuda, float32, float64, uint64
import numba

xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)
xoroshiro128p_type = numba.from_dtype(xoroshiro128p_dtype)

# 2**64 steps of the generator, as the polynomial the jump applies.
JUMP_LOW = 0xBEAC0467EBA5FACB
JUMP_HIGH = 0xD86B048B86AA9922
TWO_PI_FLOAT32 = np.float32(2 * math.pi)
TWO_PI_FLOAT64 = np.float64(2 * math.pi)


@cuda.jit(device=True)
def rotl(x, k):
    x = uint64(x)
    return (x << k) | (x >> (64 - k))


@cuda.jit(device=True)
def xoroshiro128p_next(states, index):
    state = states[index]
    a = state.s0
    b = state.s1
    result = a + b
    b ^= a
    state.s0 = rotl(a, 55) ^ b ^ (b << 14)
    state.s1 = rotl(b, 36)
    return result


@cuda.jit(device=True)
def init_xoroshiro128p_state(states, index, seed):
    # SplitMix64 of the seed, in both halves of the state.
    z = uint64(seed) + uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> 30)) * uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> 27)) * uint64(0x94D049BB133111EB)
    z = z ^ (z >> 31)
    states[index].s0 = z
    states[index].s1 = z


@cuda.jit(device=True)
def xoroshiro128p_jump(states, index):
    a = uint64(0)
    b = uint64(0)
    for word in range(2):
        poly = uint64(JUMP_LOW) if word == 0 else uint64(JUMP_HIGH)
        for bit in range(64):
            if (poly >> bit) & uint64(1):
                a ^= states[index].s0
                b ^= states[index].s1
            xoroshiro128p_next(states, index)
    states[index].s0 = a
    states[index].s1 = b


@cuda.jit(device=True)
def uint64_to_unit_float64(x):
    return float64(uint64(x) >> 11) * (1.0 / 9007199254740992.0)


@cuda.jit(device=True)
def uint64_to_unit_float32(x):
    return float32(uint64_to_unit_float64(x))


@cuda.jit(device=True)
def xoroshiro128p_uniform_float32(states, index):
    return uint64_to_unit_float32(xoroshiro128p_next(states, index))


@cuda.jit(device=True)
def xoroshiro128p_uniform_float64(states, index):
    return uint64_to_unit_float64(xoroshiro128p_next(states, index))


@cuda.jit(device=True)
def xoroshiro128p_normal_float32(states, index):
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(float32(-2.0) * math.log(u1)) * math.cos(TWO_PI_FLOAT32 * u2)


@cuda.jit(device=True)
def xoroshiro128p_normal_float64(states, index):
    # numba-cuda draws float32 uniforms here too.
    u1 = float64(xoroshiro128p_uniform_float32(states, index))
    u2 = float64(xoroshiro128p_uniform_float32(states, index))
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(TWO_PI_FLOAT64 * u2)


# Host functions: the launcher makes the states from a seed, with the same
# streams (nvc::rt::createXoroshiro128pStates; nvc-run NAME=xoroshiro128p:N:SEED).
# Importable so that a kernel file's host code may name them.
def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    raise NotImplementedError("host code")


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    raise NotImplementedError("host code")
