# RUN: %nvc %s -o %t.true.spv --narrow=true
# RUN: FileCheck %s --check-prefix=NARROW < %t.true.json
# RUN: spirv-dis %t.true.spv | FileCheck %s --check-prefix=TRUE
# RUN: %nvc %s -o %t.floats.spv --narrow=floats
# RUN: FileCheck %s --check-prefix=NARROW < %t.floats.json
# RUN: spirv-dis %t.floats.spv | FileCheck %s --check-prefix=FLOATS
# RUN: %nvc %s -o %t.default.spv -Wno-float64-promotion
# RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.json
# RUN: spirv-dis %t.default.spv | FileCheck %s --check-prefix=DEFAULT-SPIRV
# RUN: %nvc %s -o %t.llvm.spv --narrow=true --backend=llvm
# RUN: FileCheck %s --check-prefix=NARROW < %t.llvm.json
# RUN: spirv-dis %t.llvm.spv | FileCheck %s --check-prefix=TRUE
# Narrowed kernels (004, "Integer and float width": narrow=True is "32-bit floats as
# well", narrow="floats" "32-bit floats, 64-bit integers") keep float64 and complex128
# data as float32 and complex64 on the device, arrays and scalars alike; the launcher
# converts (manifest device_dtype). No buffer or parameter-block field is 64-bit
# under narrow=True (the Float64 of nvc's accurate exp and sin is inside the math
# library); "floats" keeps Int64. The LLVM backend agrees. Without narrowing, float64
# data stays float64.
import math
from numba import cuda


@cuda.jit("void(float64[::1], complex128[::1], float64, int64[::1])")
def k(x, z, s, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = math.exp(x[i]) * s + math.sin(x[i])
        z[i] = z[i] * s
        n[i] = n[i] + i

# NARROW: "device_dtype": "float32",
# NARROW-NEXT: "dtype": "float64",
# NARROW: "name": "x",
# NARROW: "device_dtype": "complex64",
# NARROW-NEXT: "dtype": "complex128",
# NARROW: "name": "z",
# NARROW: "device_dtype": "float32",
# NARROW-NEXT: "dtype": "float64",
# NARROW-NEXT: "kind": "scalar",
# NARROW-NEXT: "name": "s",

# TRUE-NOT: OpTypeRuntimeArray %double
# TRUE-NOT: OpTypeRuntimeArray %ulong
# TRUE: OpTypeStruct %float %uint
# TRUE-NOT: OpTypeRuntimeArray %double
# TRUE-NOT: OpTypeRuntimeArray %ulong

# FLOATS: OpCapability Int64

# DEFAULT: "device_dtype": "float64",
# DEFAULT-NEXT: "dtype": "float64",
# DEFAULT: "name": "x",
# DEFAULT: "device_dtype": "complex128",
# DEFAULT-NEXT: "dtype": "complex128",
# DEFAULT: "name": "z",
# DEFAULT: "device_dtype": "float64",
# DEFAULT-NEXT: "dtype": "float64",
# DEFAULT-NEXT: "kind": "scalar",
# DEFAULT-NEXT: "name": "s",
# DEFAULT-SPIRV: OpCapability Float64
