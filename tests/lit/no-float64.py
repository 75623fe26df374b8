# RUN: %nvc %s -o %t.spv --no-float64 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s --no-float64 --emit=spirv -Wno-float64-unavailable | FileCheck %s --check-prefix=SPIRV
# Devices without float64 (004, "Integer and float width"): float64 code is
# computed in float32 and float64 data is float32 on the device.
import math
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], float64)")
def k(x, y, s):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = math.sqrt(abs(x[i])) * s + y[i]

# WARN: no-float64.py:11:1: warning: the target has no float64: kernel 'k' computes its float64 values in float32{{.*}}[-Wfloat64-unavailable]
# MANIFEST: "device_dtype": "float32",
# MANIFEST-NEXT: "dtype": "float64",
# SPIRV-NOT: OpCapability Float64
# SPIRV-NOT: OpTypeFloat 64
