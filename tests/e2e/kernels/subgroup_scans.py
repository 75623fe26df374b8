"""Subgroup scans, votes and ballots (004, "Subgroups"; numba.cuda's
ballot_sync and activemask). Every invocation of the launched workgroups
takes part (those past the end of the data with zeros), so the test can
compute each subgroup's results with NumPy from the device's subgroup size;
the last columns repeat scans, elect and broadcast_first inside a branch
that only some lanes take."""
import numpy as np
import numba_vulkan as nv
from numba import cuda


@nv.jit("void(float32[::1], int32[::1], int32[::1], float32[:, ::1], int32[:, ::1])")
def scans(x, k, p, out, info):
    i = nv.global_id(0)
    n = x.shape[0]
    v = x[i] if i < n else np.float32(0)
    kv = k[i] if i < n else 0
    pv = p[i] if i < n else 1
    one = np.float32(1) + v / np.float32(8)
    f0, f1 = nv.subgroup.inclusive_sum(v), nv.subgroup.exclusive_sum(v)
    f2, f3 = nv.subgroup.inclusive_min(v), nv.subgroup.exclusive_max(v)
    f4, f5 = nv.subgroup.inclusive_prod(one), nv.subgroup.exclusive_prod(one)
    f6, f7 = nv.subgroup.inclusive_max(v), nv.subgroup.exclusive_min(v)
    b = nv.subgroup.ballot(kv > 0)
    g0, g1 = nv.subgroup.inclusive_prod(pv), nv.subgroup.exclusive_prod(pv)
    g2, g3 = nv.subgroup.inclusive_max(kv), nv.subgroup.exclusive_min(kv)
    g4, g5 = nv.subgroup.inclusive_sum(kv), nv.subgroup.exclusive_sum(kv)
    g6 = 1 if nv.subgroup.elect() else 0
    g8, g9 = nv.subgroup.ballot_count(kv > 0), nv.subgroup.broadcast_first(kv)
    g10, g11 = cuda.ballot_sync(0xffffffff, kv > 0), cuda.activemask()
    g12, g13 = nv.subgroup.size(), nv.subgroup.lane()
    g15, g16 = nv.subgroup.inclusive_min(kv), nv.subgroup.exclusive_max(kv)
    # Only the lanes with kv > 0 take part here.
    d0, d1 = -1, -1
    if kv > 0:
        d0 = nv.subgroup.inclusive_sum(kv)
        d1 = nv.subgroup.broadcast_first(kv) * 10 + (1 if nv.subgroup.elect() else 0)
    if i < n:
        out[i, 0], out[i, 1], out[i, 2], out[i, 3] = f0, f1, f2, f3
        out[i, 4], out[i, 5], out[i, 6], out[i, 7] = f4, f5, f6, f7
        info[i, 0], info[i, 1], info[i, 2], info[i, 3] = g0, g1, g2, g3
        info[i, 4], info[i, 5], info[i, 6], info[i, 7] = g4, g5, g6, b[0]
        info[i, 8], info[i, 9], info[i, 10], info[i, 11] = g8, g9, g10, g11
        info[i, 12], info[i, 13], info[i, 14] = g12, g13, b[1] | b[2] | b[3]
        info[i, 15], info[i, 16] = g15, g16
        info[i, 17] = d0
        info[i, 18] = d1
