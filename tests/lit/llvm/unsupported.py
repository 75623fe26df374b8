# What LLVM 22's SPIR-V target cannot express is an error at the source line
# (exit status 1, no output), not a crash; the default backend compiles it.
# RUN: not %nvc %s --backend=llvm -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# RUN: %nvc %s -o %t.default.spv
import numba_vulkan as nv


@nv.jit("void(float32[::1])")
def k(x):
    i = nv.global_id(0)
    x[i] = nv.subgroup.prod(x[i])

# CHECK: unsupported.py:12:12: error: {{.*}}nvc's LLVM backend cannot express the subgroup reduction 'mul'
# CHECK-NEXT: x[i] = nv.subgroup.prod(x[i])
# CHECK-NEXT: ^
