# RUN: %nvc %s --emit=spirv | FileCheck %s
import numpy as np
import numba_vulkan as nv
from numba import cuda


@nv.jit("void(float32[::1])")
def k(x):
    i = nv.global_id(0)
    x[i] = nv.subgroup.sum(x[i]) + cuda.shfl_xor_sync(0xffffffff, x[i], 1)
    if nv.subgroup.any(x[i] > 0):
        x[i] = nv.subgroup.max(x[i])

# CHECK-DAG: OpCapability GroupNonUniformArithmetic
# CHECK-DAG: OpCapability GroupNonUniformShuffle
# CHECK: OpGroupNonUniformFAdd %float %uint_3 Reduce
# CHECK: OpGroupNonUniformShuffleXor %float
# CHECK: OpGroupNonUniformUMax %uint %uint_3 Reduce
# CHECK: OpGroupNonUniformFMax %float %uint_3 Reduce
