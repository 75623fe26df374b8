# RUN: %nvc %s --emit=spirv -o - | FileCheck %s
# RUN: %nvc %s -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# float64 atomics (numba-cuda has them all) are compare-and-swap loops on the
# array stored as 64-bit integers: the module needs Int64Atomics, which the
# manifest lists for the launcher to check. nanmax/nanmin of integers are
# max/min.
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], int64[::1])")
def k(acc, x, m):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(acc, 0, x[i])
        cuda.atomic.max(acc, 1, x[i])
        cuda.atomic.nanmin(acc, 2, x[i])
        cuda.atomic.nanmax(m, 0, i)

# CHECK: OpCapability Int64Atomics
# CHECK: OpAtomicCompareExchange %{{[a-z0-9_]*}}long
# CHECK: OpAtomicSMax %{{[a-z0-9_]*}}long
# MANIFEST: "Int64Atomics"
