"""Subgroup operations on 64-bit values (004, "Subgroups": values are 32- or
64-bit integers or floats): scans and reductions map to 64-bit SPIR-V group
instructions, shuffles and broadcast_first move two 32-bit halves."""
import numpy as np
import numba_vulkan as nv


@nv.jit("void(float64[::1], int64[::1], float64[:, ::1], int64[:, ::1])", narrow=False)
def wide(x, k, out, info):
    i = nv.global_id(0)
    n = x.shape[0]
    v = x[i] if i < n else 0.0
    kv = k[i] if i < n else 0
    a = nv.subgroup.exclusive_sum(v)
    b = nv.subgroup.shuffle_xor(v, 1)
    c = nv.subgroup.broadcast_first(v)
    d = nv.subgroup.inclusive_max(kv)
    e = nv.subgroup.shuffle_up(kv, 1)
    f = nv.subgroup.broadcast_first(kv)
    g = nv.subgroup.sum(kv)
    if i < n:
        out[i, 0], out[i, 1], out[i, 2] = a, b, c
        info[i, 0], info[i, 1], info[i, 2], info[i, 3] = d, e, f, g
