# Typing of math-library calls follows Numba: math.* of an int is float64,
# of float32 float32; math.floor returns int64; predicates return bool;
# np.* of a small int is float32; libdevice is fixed-width; sincos is a pair.
# RUN: %nvc --emit=mlir %s | FileCheck %s
import math
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], int64[::1], int16[::1], float64[::1])")
def k(a, n, s, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        # CHECK: math.sqrt {{.*}} : f64
        out[0] = math.sqrt(n[i])
        # CHECK: math.atan2 {{.*}} : f32
        a[0] = math.atan2(a[i], a[i])
        # CHECK: math.floor {{.*}} : f32
        # CHECK: arith.fptosi {{.*}} : f32 to i{{32|64}}
        n[0] = math.floor(a[i])
        # CHECK: arith.cmpf uno
        if math.isnan(out[i]):
            out[1] = 1.0
        # CHECK: math.exp {{.*}} : f32
        a[1] = np.exp(s[i])
        # CHECK: math.log1p {{.*}} : f32
        a[2] = cuda.libdevice.log1pf(out[i])
        # CHECK: call @nvc_math_sinpi_f32
        # CHECK: call @nvc_math_cospi_f32
        p, q = cuda.libdevice.sincospif(a[i])
        a[3] = p * q
        # CHECK: math.fma {{.*}} : f64
        out[2] = cuda.fma(out[i], out[i], out[i])
