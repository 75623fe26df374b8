# RUN: %nvc %s --emit=spirv | FileCheck %s
# RUN: %nvc %s --backend=llvm --emit=spirv | FileCheck %s
# Float divisions are decorated NoContraction like the other arithmetic, in
# both backends: without it a driver may combine x / h / h into x / (h * h),
# which overflows where the two quotients do not (cmath.atanh(1e300) is
# computed so; docs/design.md "Exactness").
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def k(x, h, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] / h[i] / h[i]

# CHECK-DAG: OpDecorate %[[D1:[0-9]+]] NoContraction
# CHECK-DAG: OpDecorate %[[D2:[0-9]+]] NoContraction
# CHECK-DAG: %[[D1]] = OpFDiv %double
# CHECK-DAG: %[[D2]] = OpFDiv %double
