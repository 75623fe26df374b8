# RUN: %nvc %s -o %t.spv
# RUN: spirv-dis %t.denorm-preserve.spv | FileCheck %s
# RUN: spirv-dis %t.denorm-preserve.spv | FileCheck %s --check-prefix=NOFAST
# RUN: spirv-val --target-env vulkan1.1 %t.denorm-preserve.spv
# RUN: %nvc %s --fastmath -o %t.spv
# RUN: not test -e %t.denorm-preserve.spv
# RUN: FileCheck %s --check-prefix=ALLFAST < %t.json
# fastmath=True lets float32 subnormals flush, as in Numba (NVVM's ftz):
# a fastmath kernel's entry point gets no DenormPreserve in the variant,
# and when every kernel is fastmath (here: --fastmath) there is no variant.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])", fastmath=True)
def fast(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = x[i] / 3.0


@cuda.jit("void(float32[::1], float32[::1])")
def exact(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = x[i] / 3.0

# CHECK-DAG: OpEntryPoint GLCompute %[[FAST:[a-z_0-9]+]] "fast"
# CHECK-DAG: OpEntryPoint GLCompute %[[EXACT:[a-z_0-9]+]] "exact"
# CHECK-DAG: OpExecutionMode %[[EXACT]] DenormPreserve 32

# NOFAST: OpEntryPoint GLCompute %[[FAST:[a-z_0-9]+]] "fast"
# NOFAST-NOT: OpExecutionMode %[[FAST]] DenormPreserve

# ALLFAST-NOT: "variants"
# ALLFAST-NOT: DenormPreserve
