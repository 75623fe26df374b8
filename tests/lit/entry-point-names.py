# Entry points are named after the kernel, `name__<n>` for its n-th extra
# signature; n skips names another function of the file has, so a kernel `t`
# with three signatures beside a kernel `t__1` gets t, t__2, t__3 (this was a
# symbol redefinition, an internal compiler error).
# RUN: %nvc %s -o %t.spv
# RUN: FileCheck %s < %t.json
# RUN: spirv-val --target-env vulkan1.1 %t.spv
# CHECK: "name": "t",
# CHECK: "name": "t__2",
# CHECK: "name": "t__3",
# CHECK: "name": "t__1",
# CHECK-NOT: "name": "t__
from numba import cuda


@cuda.jit(["void(float32[::1])", "void(float64[::1])", "void(int32[::1])"])
def t(x):
    x[0] = 1


@cuda.jit("void(int64[::1])")
def t__1(x):
    x[0] = 2
