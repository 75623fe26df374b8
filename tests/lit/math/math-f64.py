# The math library: float64 functions become nvc's own arith code (no GLSL
# call); float32 sin is computed in float32 (float64 only in the fallback for
# |x| > 1e5); libdevice's fast_sincosf keeps the GLSL built-ins.
# RUN: %nvc --emit=mlir %s | FileCheck %s --check-prefix=MLIR
# RUN: %nvc --emit=spirv %s | FileCheck %s --check-prefix=SPIRV
import math
from numba import cuda


@cuda.jit("void(float64[::1], float32[::1], float32[::1])")
def k(x, y, z):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = math.exp(x[i]) + math.fmod(x[i], 3.0)
        y[i] = math.sin(y[i])
        s, c = cuda.libdevice.fast_sincosf(z[i])
        z[i] = s + c

# The frontend emits math ops and a call for fmod:
# MLIR: func.func private @nvc_math_fmod_f64(f64, f64) -> f64
# MLIR: math.exp {{.*}} : f64
# MLIR: call @nvc_math_fmod_f64
# MLIR: math.sin {{.*}} : f32
# MLIR: math.sin {{.*}} fastmath<afn> : f32
# MLIR: math.cos {{.*}} fastmath<afn> : f32

# After the math library: exp and fmod are arith code, sin(float32) is
# float32 code with a float64 fallback, only the fast pair remains GLSL.
# SPIRV-NOT: {{ (Exp|Sin|Cos) }}
# SPIRV: OpFConvert %double
# SPIRV: OpExtInst %float {{%[0-9]+}} Sin
# SPIRV-NEXT: OpExtInst %float {{%[0-9]+}} Cos
# SPIRV-NOT: {{ (Exp|Sin|Cos) }}
