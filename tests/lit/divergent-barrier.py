# RUN: %nvc %s -o %t.spv 2>&1 | FileCheck %s --implicit-check-not=warning:
# RUN: not %nvc %s -o %t2.spv -Werror 2>&1 | FileCheck %s --check-prefix=WERROR
# RUN: not test -e %t2.spv
# RUN: %nvc %s -o %t3.spv -Wno-divergent-barrier 2>&1 | count 0
# 000, "Optimisation 5": "cuda.syncthreads() should not be put inside a
# conditional branch. A conditional branch may result in some threads never
# reaching the synchronisation point and the result of doing so is undefined
# and may lead to deadlock. Similarly, this advice applies to threads that
# conditionally return early". nvc warns where a barrier may be reached by
# only some invocations of a workgroup, and says why.
import numpy as np
import numba_vulkan as nv
from numba import cuda


@cuda.jit(device=True)
def publish(s, t, v):
    s[t] = v
    cuda.syncthreads()


@cuda.jit("void(float32[::1], int32)")
def divergent(x, n):
    s = cuda.shared.array(64, np.float32)
    t = cuda.threadIdx.x
    if t < 16:
        cuda.syncthreads()
    for j in range(t, n):
        nv.barrier()
    v = x[0]
    while v > 0:
        v -= np.float32(1)
        cuda.syncthreads()
    for j in range(n):
        if x[j] > 0:
            break
        cuda.syncthreads()
    if x[t] > 0:
        publish(x, t, x[t])
    if cuda.grid(1) >= x.size:
        return
    x[t] = cuda.syncthreads_count(x[t] > 0)

# CHECK: divergent-barrier.py:27:9: warning: cuda.syncthreads() may be reached by only some invocations of a workgroup: all of them must reach the same barrier, or the behaviour is undefined (a hang on many GPUs) [-Wdivergent-barrier]
# CHECK-NEXT: {{^}}        cuda.syncthreads()
# CHECK-NEXT: {{^}}        ^
# CHECK-NEXT: divergent-barrier.py:26:8: note: the invocations of a workgroup can take different paths here (the condition depends on the invocation's id or on loaded data)
# CHECK-NEXT: {{^}}    if t < 16:
# CHECK-NEXT: {{^}}       ^
# CHECK: divergent-barrier.py:29:9: warning: nv.barrier() may be reached
# CHECK: divergent-barrier.py:28:14: note: the invocations of a workgroup can run this loop a different number of times
# CHECK: divergent-barrier.py:33:9: warning: cuda.syncthreads() may be reached
# CHECK: divergent-barrier.py:31:11: note: the invocations of a workgroup can run this loop
# CHECK: divergent-barrier.py:37:9: warning: cuda.syncthreads() may be reached
# CHECK: divergent-barrier.py:36:13: note: some invocations of a workgroup can leave here early
# CHECK: divergent-barrier.py:39:9: warning: this call of 'publish', which contains a barrier, may be reached
# CHECK: divergent-barrier.py:38:8: note: the invocations of a workgroup can take different paths here
# CHECK: divergent-barrier.py:42:12: warning: cuda.syncthreads_count() may be reached
# CHECK: divergent-barrier.py:41:9: note: some invocations of a workgroup can leave here early
# WERROR: divergent-barrier.py:27:9: error: cuda.syncthreads() may be reached {{.*}} [-Werror,-Wdivergent-barrier]
