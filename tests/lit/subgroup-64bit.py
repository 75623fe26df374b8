# RUN: %nvc %s --emit=spirv | FileCheck %s
# 64-bit integers and floats in subgroup reductions and scans (narrow=False
# keeps int64 exact; float64 keeps its width by default).
import numpy as np
import numba_vulkan as nv


@nv.jit("void(float64[::1], int64[::1])", narrow=False)
def k(x, n):
    i = nv.global_id(0)
    x[i] = nv.subgroup.exclusive_sum(x[i]) + nv.subgroup.sum(x[i])
    n[i] = nv.subgroup.inclusive_max(n[i]) + nv.subgroup.exclusive_prod(n[i])

# CHECK-DAG: OpCapability Int64
# CHECK-DAG: OpCapability Float64
# CHECK: OpGroupNonUniformFAdd %double %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformFAdd %double %uint_3 Reduce
# CHECK: OpGroupNonUniformSMax %ulong %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformIMul %ulong %uint_3 ExclusiveScan


# 64-bit shuffles and broadcast_first move two 32-bit halves.
@nv.jit("void(float64[::1], int64[::1])", narrow=False)
def shuffles(x, n):
    i = nv.global_id(0)
    x[i] = nv.subgroup.shuffle_xor(x[i], 1) + nv.subgroup.broadcast_first(x[i])
    n[i] = nv.subgroup.shuffle_down(n[i], 2)

# CHECK-LABEL: %shuffles = OpFunction
# CHECK: OpBitcast %ulong
# CHECK: OpGroupNonUniformShuffleXor %uint %uint_3
# CHECK-NEXT: OpGroupNonUniformShuffleXor %uint %uint_3
# CHECK: OpBitcast %double
# CHECK: OpGroupNonUniformShuffle %uint %uint_3
# CHECK-NEXT: OpGroupNonUniformShuffle %uint %uint_3
# CHECK: OpGroupNonUniformShuffleDown %uint %uint_3
# CHECK-NEXT: OpGroupNonUniformShuffleDown %uint %uint_3
