# nvc --version names the SPIR-V versions its modules use, and each module
# declares the lowest it needs, as its manifest says: 1.0 for this kernel,
# 1.3 once it uses subgroup operations (GroupNonUniform, SPIR-V 1.3).
# RUN: %nvc --version | FileCheck %s --check-prefix=VERSION
# VERSION: SPIR-V 1.0 to 1.3 for Vulkan 1.1, each module the lowest version it needs
# RUN: %nvc %s -o %t.spv
# RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=PLAIN
# RUN: FileCheck %s --check-prefix=MANIFEST10 < %t.json
# PLAIN: ; Version: 1.0
# MANIFEST10: "spirv_version": "1.0"
# RUN: %nvc %S/Inputs/version-subgroup.py -o %t.sg.spv
# RUN: spirv-dis %t.sg.spv | FileCheck %s --check-prefix=SUBGROUP
# RUN: FileCheck %s --check-prefix=MANIFEST13 < %t.sg.json
# SUBGROUP: ; Version: 1.3
# MANIFEST13: "spirv_version": "1.3"
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = 2 * x[i]
