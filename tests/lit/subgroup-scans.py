# RUN: %nvc %s --emit=spirv | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# 004, "Subgroups": prefix scans, votes and ballots map to SPIR-V
# GroupNonUniform instructions with subgroup scope (%uint_3); 32-bit values
# here (default integer width), 64-bit in subgroup-64bit.py.
import numpy as np
import numba_vulkan as nv
from numba import cuda


@nv.jit("void(float32[::1], int32[::1], uint32[::1])")
def k(x, n, u):
    i = nv.global_id(0)
    x[i] = nv.subgroup.inclusive_sum(x[i]) + nv.subgroup.exclusive_sum(x[i])
    x[i] += nv.subgroup.inclusive_prod(x[i]) + nv.subgroup.exclusive_prod(x[i])
    x[i] += nv.subgroup.inclusive_min(x[i]) + nv.subgroup.exclusive_min(x[i])
    x[i] += nv.subgroup.inclusive_max(x[i]) + nv.subgroup.exclusive_max(x[i])
    n[i] = nv.subgroup.inclusive_sum(n[i]) + nv.subgroup.exclusive_prod(n[i])
    n[i] += nv.subgroup.inclusive_min(n[i]) + nv.subgroup.exclusive_max(n[i])
    u[i] = nv.subgroup.inclusive_min(u[i]) + nv.subgroup.exclusive_max(u[i])
    if nv.subgroup.elect():
        n[i] = nv.subgroup.ballot_count(x[i] > 0)
    b = nv.subgroup.ballot(n[i] > 0)
    u[i] = b[0] ^ b[1] ^ b[2] ^ b[3]
    x[i] = nv.subgroup.broadcast_first(x[i])
    u[i] += cuda.ballot_sync(0xffffffff, n[i] > 1) + cuda.activemask()

# CHECK-DAG: OpCapability GroupNonUniformArithmetic
# CHECK-DAG: OpCapability GroupNonUniformBallot
# CHECK-DAG: OpCapability GroupNonUniformShuffle
# CHECK: OpGroupNonUniformFAdd %float %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformFAdd %float %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformFMul %float %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformFMul %float %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformFMin %float %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformFMin %float %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformFMax %float %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformFMax %float %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformIAdd %uint %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformIMul %uint %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformSMin %uint %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformSMax %uint %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformUMin %uint %uint_3 InclusiveScan
# CHECK: OpGroupNonUniformUMax %uint %uint_3 ExclusiveScan
# CHECK: OpGroupNonUniformElect %bool %uint_3
# CHECK: [[B:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3
# CHECK-NEXT: OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce [[B]]
# ballot(p): the four words of the uvec4.
# CHECK: [[W:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3
# CHECK-DAG: OpCompositeExtract %uint [[W]] 0
# CHECK-DAG: OpCompositeExtract %uint [[W]] 1
# CHECK-DAG: OpCompositeExtract %uint [[W]] 2
# CHECK-DAG: OpCompositeExtract %uint [[W]] 3
# broadcast_first: a shuffle from the lowest active lane.
# CHECK: [[A:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3 %true
# CHECK-NEXT: [[F:%[0-9]+]] = OpGroupNonUniformBallotFindLSB %uint %uint_3 [[A]]
# CHECK-NEXT: OpGroupNonUniformShuffle %float %uint_3 %{{[0-9]+}} [[F]]
# ballot_sync: the first word; activemask: the first word of ballot(True).
# CHECK: [[S:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3
# CHECK-NEXT: OpCompositeExtract %uint [[S]] 0
# CHECK: [[M:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3 %true
# CHECK-NEXT: OpCompositeExtract %uint [[M]] 0
# MANIFEST: "capabilities": [
# MANIFEST-DAG: "GroupNonUniformArithmetic"
# MANIFEST-DAG: "GroupNonUniformBallot"
# MANIFEST-DAG: "GroupNonUniform"
