# A kernel that reads cuda.laneid (SubgroupLocalInvocationId) or
# cuda.warpsize (SubgroupSize) and uses no subgroup operation still declares
# the GroupNonUniform capability those built-ins need, and SPIR-V 1.3
# (passes/BuiltInCapabilities.cpp); nvc validates every module it writes.
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s
# RUN: %nvc %s -o %t.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
from numba import cuda

# CHECK: OpCapability GroupNonUniform
# CHECK: OpDecorate %{{.*}} BuiltIn SubgroupLocalInvocationId
# MANIFEST: "GroupNonUniform"
# MANIFEST: "spirv_version": "1.3"


@cuda.jit("void(int32[::1])")
def lanes(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = cuda.laneid + 1000 * cuda.warpsize
