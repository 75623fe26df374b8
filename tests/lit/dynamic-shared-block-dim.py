# RUN: %nvc %s --emit=spirv | FileCheck %s
# A kernel reading cuda.blockDim with dynamic shared memory: the workgroup
# size's specialization constants replace the WorkgroupSize variable (which
# can be the module's first op) before the dynamic size's constant is
# created after them (nvc-lower-kernel-abi crashed on this order).
import numpy as np
from numba import cuda


@cuda.jit("void(int64[::1])")
def k(x):
    d = cuda.shared.array(0, dtype=np.int64)
    t = cuda.threadIdx.x
    d[t] = x[t]
    cuda.syncthreads()
    x[t] = d[cuda.blockDim.x - 1 - t]

# CHECK: OpDecorate %nvc_workgroup_size BuiltIn WorkgroupSize
# CHECK: %nvc_local_size_x = OpSpecConstant %uint 64
# CHECK: %nvc_workgroup_size = OpSpecConstantComposite %v3uint
# CHECK: %nvc_dynamic_shared_bytes = OpSpecConstant %uint 0
