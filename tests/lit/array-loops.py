# RUN: %nvc %s -fno-stage-shared --emit=spirv | FileCheck %s
# for over zip() of arrays is one counted loop up to the shortest length
# (without shared-memory staging, which would split it into tiles).
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def dot(x, y, out):
    acc = 0.0
    for a, b in zip(x, y):
        acc += a * b
    out[0] = acc

# CHECK: %[[N:.*]] = OpExtInst %uint %{{.*}} SMin
# CHECK: OpSLessThan %bool %{{.*}} %[[N]]
# CHECK: OpLoopMerge
# CHECK-NOT: OpLoopMerge
