# RUN: %nvc %s --emit=spirv | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# numba.cuda's cuda.syncthreads_count/and/or(p): barriers that also combine
# p over the workgroup. Each subgroup counts its lanes (IAdd Reduce), its
# elected lane adds the count to a hidden Workgroup counter (OpAtomicIAdd,
# Workgroup scope), and every invocation reads the total between barriers.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], int32[::1])")
def k(x, out):
    i = cuda.grid(1)
    out[i] = cuda.syncthreads_count(x[i] > 0)
    out[i] += cuda.syncthreads_and(x[i] > -1) + cuda.syncthreads_or(x[i] > 1)

# CHECK: OpVariable %{{.*}} Workgroup
# CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
# CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
# CHECK: [[N:%[0-9]+]] = OpGroupNonUniformIAdd %uint %uint_3 Reduce
# CHECK: OpGroupNonUniformElect %bool %uint_3
# CHECK: OpAtomicIAdd %uint %{{[0-9]+}} %uint_2 %{{[a-z_0-9]+}} [[N]]
# CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
# MANIFEST: "shared_memory_bytes": 12
