# RUN: %nvc %s --emit=mlir | FileCheck %s --check-prefix=MLIR
# RUN: %nvc %s --emit=spirv | FileCheck %s --check-prefix=SPIRV
import numba_vulkan as nv


@nv.jit("void(float32[:, ::1], float32[:, ::1])")
def stencil(src, dst):
    j = nv.global_id(0)
    i = nv.global_id(1)
    if 0 < i < src.shape[0] - 1 and 0 < j < src.shape[1] - 1:
        dst[i, j] = (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1]) / 4

# Chained comparisons and `and` short-circuit as branches in the frontend...
# MLIR: gpu.global_id x
# MLIR: gpu.global_id y
# MLIR: cf.cond_br
# MLIR: arith.cmpi slt
# ...which the pipeline structures into selections (SPIR-V needs structured
# control flow); the float32 sum divided by the int 4 is a float64 division
# (Numba's typing), made a multiplication by the exact reciprocal 0.25
# (power-of-two-divisor), converted back to float32 for the store.
# SPIRV: OpSelectionMerge
# SPIRV: OpFAdd %float
# SPIRV: OpFConvert %double
# SPIRV: OpFMul %double {{.*}} %double_0_25
# SPIRV: OpFConvert %float
