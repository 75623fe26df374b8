# RUN: %nvc %s --emit=mlir | FileCheck %s --check-prefix=MLIR
# RUN: %nvc %s --emit=spirv | FileCheck %s --check-prefix=SPIRV
# Device functions are specialized per argument types and inlined.
import numpy as np
from numba import cuda, njit


@njit
def clamp(v, lo, hi):
    return min(max(v, lo), hi)


@cuda.jit("void(float32[::1], int32[::1])")
def k(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = clamp(x[i], np.float32(0), np.float32(1))
        y[i] = clamp(y[i], 0, 10)

# One private function per signature, called from the kernel:
# MLIR-DAG: func.func private @clamp__float32_float32_float32(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32) -> f32
# MLIR-DAG: func.func private @clamp__int32_int64_int64(%{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i64) -> i64
# MLIR-DAG: call @clamp__float32_float32_float32
# After inlining no function calls remain in the SPIR-V:
# SPIRV-NOT: OpFunctionCall
# SPIRV: OpEntryPoint GLCompute %k "k"
