"""004's cooperative examples (numba-vulkan usage guide, "Workgroups, shared
memory and atomics" and "Subgroups"), unchanged but for the signatures:
block_sums reduces each 256-invocation workgroup in shared memory and adds
its sum to out[0]; total reduces with subgroup sums, one partial per
subgroup in shared memory, and one atomic per workgroup.

PENDING ATOMICS: compiled and run by case_block_sums in test_examples.py's
ATOMIC_CASES, which the lead enables when nv.atomic.add lands."""
import numpy as np
import numba_vulkan as nv


@nv.jit("void(float32[::1], float32[::1])")
def block_sums(x, out):
    partial = nv.shared.array(256, np.float32)
    t = nv.local_id(0)
    i = nv.global_id(0)
    partial[t] = x[i] if i < x.shape[0] else np.float32(0)
    nv.barrier()
    step = 128
    while step > 0:
        if t < step:
            partial[t] += partial[t + step]
        nv.barrier()
        step //= 2
    if t == 0:
        nv.atomic.add(out, 0, partial[0])


@nv.jit("void(float32[::1], float32[::1])")
def total(x, out):
    partial = nv.shared.array(32, np.float32)    # one value per subgroup
    i = nv.global_id(0)
    v = nv.subgroup.sum(x[i] if i < x.shape[0] else np.float32(0))
    if nv.subgroup.elect():
        partial[nv.subgroup.id()] = v
    nv.barrier()
    if nv.subgroup.id() == 0:
        lane = nv.subgroup.lane()
        v = partial[lane] if lane < nv.subgroup.count() else np.float32(0)
        v = nv.subgroup.sum(v)
        if nv.subgroup.elect():
            nv.atomic.add(out, 0, v)                 # one atomic per workgroup
