# Module-level host code is ignored and the common constant forms are frozen
# (a class no kernel uses, try/with blocks, tuple unpacking, a dtype alias,
# a slice of a frozen array, shapes computed from constants). The kernel is
# the e2e case's, which checks its results on a device.
# RUN: %nvc %S/../e2e/kernels/module_level_code.py --emit=mlir -o - | FileCheck %s
# RUN: %nvc %S/../e2e/kernels/module_level_code.py -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv

# W[::-1] is frozen as [4, 2, 1]; both shapes are 4 x 5; a boolean local array.
# CHECK: arith.constant 4.000000e+00 : f64
# CHECK: memref.alloca() : memref<3xi8
# CHECK: memref.alloc() : memref<20xf64, #spirv.storage_class<Workgroup>>
# CHECK: memref.alloc() : memref<20xf64, #spirv.storage_class<Workgroup>>
