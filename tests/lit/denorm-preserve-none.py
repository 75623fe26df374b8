# RUN: rm -f %t.denorm-preserve.spv %t.signed-zero-inf-nan-preserve.spv
# RUN: %nvc %s -o %t.spv
# RUN: not test -e %t.denorm-preserve.spv
# RUN: spirv-dis %t.signed-zero-inf-nan-preserve.spv | FileCheck %s --check-prefix=VARIANT
# RUN: spirv-val --target-env vulkan1.1 %t.signed-zero-inf-nan-preserve.spv
# RUN: FileCheck %s < %t.json
# Kernels without float32 (float64 and integers only) need no float32
# subnormal mode: no denorm-preserve variant. Their float64 arithmetic gets
# the signed-zero-inf-nan-preserve variant alone, with the mode for width 64
# only.
from numba import cuda


@cuda.jit("void(float64[::1], int32[::1])")
def k(x, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] / 3.0 + n[i]

# CHECK-NOT: DenormPreserve
# CHECK: "variants": [
# CHECK-NEXT: {
# CHECK-NEXT: "capabilities": [
# CHECK: "SignedZeroInfNanPreserve"
# CHECK: "name": "signed-zero-inf-nan-preserve",
# CHECK-NOT: "name"
# CHECK-NOT: DenormPreserve

# VARIANT-NOT: DenormPreserve
# VARIANT: OpCapability SignedZeroInfNanPreserve
# VARIANT: OpExtension "SPV_KHR_float_controls"
# VARIANT-NOT: SignedZeroInfNanPreserve 32
# VARIANT: OpExecutionMode %k SignedZeroInfNanPreserve 64
# VARIANT-NOT: SignedZeroInfNanPreserve 32
