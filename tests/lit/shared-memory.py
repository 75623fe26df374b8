# RUN: %nvc %s --emit=spirv | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# Shared arrays are Workgroup variables; cuda.syncthreads() and nv.barrier()
# are workgroup control barriers with workgroup-memory semantics.
import numpy as np
import numba_vulkan as nv
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    s = cuda.shared.array(64, np.float32)
    t = nv.shared.array((2, 8), dtype=np.int32)
    i = cuda.threadIdx.x
    s[i] = x[i]
    t[0, 0] = 1
    cuda.syncthreads()
    x[i] = s[63 - i] + t[0, 0]
    nv.barrier()

# CHECK: OpVariable %{{.*}} Workgroup
# CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
# MANIFEST: "shared_memory_bytes": 320
