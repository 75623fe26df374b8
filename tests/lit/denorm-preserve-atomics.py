# RUN: %nvc %s -o %t.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: spirv-dis %t.spv | FileCheck %s
# RUN: spirv-dis %t.atomic-float-add-denorm-preserve.spv | FileCheck %s --check-prefix=BOTH
# RUN: spirv-dis %t.atomic-float-add.spv | FileCheck %s --check-prefix=ADD
# RUN: spirv-dis %t.denorm-preserve.spv | FileCheck %s --check-prefix=DENORM
# A float32 atomic add in a float32 kernel: three variants, most demanding
# first (the launcher takes the first the device can run): both features,
# then OpAtomicFAddEXT alone, then DenormPreserve alone. The main module has
# neither.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def total(x, acc):
    i = cuda.grid(1)
    if i < x.shape[0]:
        cuda.atomic.add(acc, 0, x[i])

# MANIFEST: "spirv_version": [[VERSION:"1\.[0-3]"]],
# MANIFEST: "variants": [
# MANIFEST: "AtomicFloat32AddEXT",
# MANIFEST-NEXT: "DenormPreserve"
# MANIFEST: "SPV_EXT_shader_atomic_float_add",
# MANIFEST-NEXT: "SPV_KHR_float_controls"
# MANIFEST: "name": "atomic-float-add-denorm-preserve",
# MANIFEST-NOT: DenormPreserve"
# MANIFEST: "AtomicFloat32AddEXT"
# MANIFEST-NOT: DenormPreserve"
# MANIFEST: "name": "atomic-float-add",
# MANIFEST-NOT: AtomicFloat32AddEXT
# MANIFEST: "DenormPreserve"
# MANIFEST-NOT: AtomicFloat32AddEXT
# MANIFEST: "name": "denorm-preserve",
# MANIFEST-NEXT: "spirv_version": [[VERSION]]
# MANIFEST-NEXT: }
# MANIFEST-NEXT: ]

# CHECK-NOT: DenormPreserve
# CHECK-NOT: OpAtomicFAddEXT
# CHECK: OpAtomicCompareExchange
# CHECK-NOT: DenormPreserve
# CHECK-NOT: OpAtomicFAddEXT

# BOTH-DAG: OpCapability AtomicFloat32AddEXT
# BOTH-DAG: OpCapability DenormPreserve
# BOTH-DAG: OpExecutionMode %{{.*}} DenormPreserve 32
# BOTH-DAG: OpAtomicFAddEXT %float

# ADD-NOT: DenormPreserve
# ADD: OpAtomicFAddEXT %float
# ADD-NOT: DenormPreserve

# DENORM-NOT: OpAtomicFAddEXT
# DENORM: OpExecutionMode %{{.*}} DenormPreserve 32
# DENORM-NOT: OpAtomicFAddEXT
# DENORM: OpAtomicCompareExchange
# DENORM-NOT: OpAtomicFAddEXT
