# RUN: %nvc %s -o %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: spirv-dis %t.atomic-float-add.spv | FileCheck %s --check-prefix=VARIANT
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# A narrow=True kernel keeps its float64 arrays as float32 on the device, so its
# atomics on them are float32 atomics: a compare-and-swap loop in the main module,
# OpAtomicFAddEXT in the atomic-float-add variant, and no float64 anywhere.
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])", narrow=True)
def k(x, total):
    i = cuda.grid(1)
    if i < x.shape[0]:
        cuda.atomic.add(total, 0, x[i])

# CHECK-NOT: OpCapability Float64
# CHECK-NOT: OpTypeFloat 64
# CHECK: OpAtomicCompareExchange
# VARIANT-NOT: OpTypeFloat 64
# VARIANT: OpAtomicFAddEXT
# MANIFEST: "device_dtype": "float32",
# MANIFEST-NEXT: "dtype": "float64",
# MANIFEST: "name": "x",
# MANIFEST: "device_dtype": "float32",
# MANIFEST-NEXT: "dtype": "float64",
# MANIFEST: "name": "total",
# MANIFEST: "variants"
# MANIFEST: "atomic-float-add"
