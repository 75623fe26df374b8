# RUN: rm -rf %t && mkdir %t
# RUN: %nvc %s -o %t/k.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t/k.json
# RUN: spirv-dis %t/k.denorm-preserve-signed-zero-inf-nan-preserve.spv | FileCheck %s --check-prefix=BOTH
# RUN: spirv-dis %t/k.denorm-preserve-signed-zero-inf-nan-preserve.spv | FileCheck %s --check-prefix=NOFAST
# RUN: spirv-dis %t/k.signed-zero-inf-nan-preserve.spv | FileCheck %s --check-prefix=SZ
# RUN: spirv-val --target-env vulkan1.1 %t/k.denorm-preserve-signed-zero-inf-nan-preserve.spv
# RUN: spirv-val --target-env vulkan1.1 %t/k.signed-zero-inf-nan-preserve.spv
# RUN: spirv-dis %t/k.spv | FileCheck %s --check-prefix=MAIN
# Float arithmetic outside fastmath kernels gets the float-controls variants
# (docs/manifest.md "variants"): DenormPreserve 32 with
# SignedZeroInfNanPreserve, SignedZeroInfNanPreserve alone, DenormPreserve
# alone, in that order of preference. SignedZeroInfNanPreserve names each
# width the module computes with: float32 division is computed in float64
# (CorrectlyRoundedFloat32), so 32 and 64. A fastmath kernel's entry point gets
# neither mode (Numba's fastmath assumes no NaN, infinity or signed zero);
# the main module has neither.
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

# MANIFEST: "variants": [
# MANIFEST: "name": "denorm-preserve-signed-zero-inf-nan-preserve",
# MANIFEST: "name": "signed-zero-inf-nan-preserve",
# MANIFEST: "name": "denorm-preserve",
# MANIFEST-NOT: "name"

# BOTH-DAG: OpCapability DenormPreserve
# BOTH-DAG: OpCapability SignedZeroInfNanPreserve
# BOTH-DAG: OpExtension "SPV_KHR_float_controls"
# BOTH-DAG: OpEntryPoint GLCompute %[[EXACT:[a-z_0-9]+]] "exact"
# BOTH-DAG: OpExecutionMode %[[EXACT]] DenormPreserve 32
# BOTH-DAG: OpExecutionMode %[[EXACT]] SignedZeroInfNanPreserve 32
# BOTH-DAG: OpExecutionMode %[[EXACT]] SignedZeroInfNanPreserve 64

# NOFAST: OpEntryPoint GLCompute %[[FAST:[a-z_0-9]+]] "fast"
# NOFAST-NOT: OpExecutionMode %[[FAST]] DenormPreserve
# NOFAST-NOT: OpExecutionMode %[[FAST]] SignedZeroInfNanPreserve

# SZ-NOT: DenormPreserve
# SZ-DAG: OpEntryPoint GLCompute %[[EXACT:[a-z_0-9]+]] "exact"
# SZ-DAG: OpExecutionMode %[[EXACT]] SignedZeroInfNanPreserve 32
# SZ-DAG: OpExecutionMode %[[EXACT]] SignedZeroInfNanPreserve 64

# MAIN-NOT: DenormPreserve
# MAIN-NOT: SignedZeroInfNanPreserve
