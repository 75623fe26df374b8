# RUN: %nvc %s -o %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: spirv-dis %t.denorm-preserve.spv | FileCheck %s --check-prefix=VARIANT
# RUN: spirv-val --target-env vulkan1.1 %t.denorm-preserve.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# Kernels that compute with float32 get the denorm-preserve variant: every
# entry point requests DenormPreserve 32 (SPV_KHR_float_controls), so devices
# that flush float32 subnormals by default (NVIDIA) keep them there. The main
# module leaves the float controls to the device: it must run everywhere.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def halve(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = x[i] / 3.0


@cuda.jit("void(float32[::1], float32)")
def scale(x, a):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] *= a

# CHECK-NOT: DenormPreserve
# CHECK-NOT: SPV_KHR_float_controls
# CHECK: OpEntryPoint GLCompute
# CHECK-NOT: DenormPreserve

# VARIANT-DAG: OpCapability DenormPreserve
# VARIANT-DAG: OpExtension "SPV_KHR_float_controls"
# VARIANT-DAG: OpEntryPoint GLCompute %[[HALVE:[a-z_0-9]+]] "halve"
# VARIANT-DAG: OpEntryPoint GLCompute %[[SCALE:[a-z_0-9]+]] "scale"
# VARIANT-DAG: OpExecutionMode %[[HALVE]] DenormPreserve 32
# VARIANT-DAG: OpExecutionMode %[[SCALE]] DenormPreserve 32
# VARIANT-DAG: OpExecutionMode %[[HALVE]] LocalSize
# VARIANT-DAG: OpExecutionMode %[[SCALE]] LocalSize

# The main module's requirements name neither; the variant's both, and the
# same SPIR-V version (the extension, not SPIR-V 1.4).
# MANIFEST-NOT: DenormPreserve
# MANIFEST-NOT: SPV_KHR_float_controls
# MANIFEST: "spirv_version": [[VERSION:"1\.[0-3]"]],
# MANIFEST-NOT: DenormPreserve
# MANIFEST-NOT: SPV_KHR_float_controls
# MANIFEST: "variants": [
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "capabilities": [
# MANIFEST: "DenormPreserve"
# MANIFEST: "extensions": [
# MANIFEST: "SPV_KHR_float_controls"
# MANIFEST: "name": "denorm-preserve",
# MANIFEST-NEXT: "spirv_version": [[VERSION]]
# MANIFEST-NEXT: }
# MANIFEST-NEXT: ]
