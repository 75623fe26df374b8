# RUN: %nvc %s --emit=spirv -o - | FileCheck %s
# RUN: %nvc %s --index-bits 64 --emit=spirv -o - | FileCheck %s
# RUN: %nvc %s --index-bits 32 --emit=spirv -o - | FileCheck %s --check-prefix=NARROW
# RUN: %nvc %s -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# Atomics on int64 arrays with exact 64-bit integers (@cuda.jit's default,
# narrow=False, --index-bits 64) are 64-bit atomics: the module declares
# Int64Atomics (which spirv-update-vce does not derive from the operand type;
# passes/BuiltInCapabilities.cpp) and the manifest lists it for the launcher
# to check. With 32-bit integers the array is int32 on the device.
from numba import cuda


@cuda.jit("void(int64[::1], int64[::1])")
def k(c, x):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(c, 0, x[i])
        cuda.atomic.max(c, 1, x[i])

# CHECK: OpCapability Int64Atomics
# CHECK: OpAtomicIAdd %{{[a-z0-9_]*}}long
# CHECK: OpAtomicSMax %{{[a-z0-9_]*}}long
# NARROW-NOT: Int64Atomics
# NARROW: OpAtomicIAdd %{{[a-z0-9_]*}}int
# MANIFEST: "Int64Atomics"
