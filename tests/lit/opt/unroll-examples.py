# The workshop's coarsened kernels (000, Optimisation 6) keep their per-pixel
# and per-frequency results in cuda.local.arrays walked by `for i in
# range(THREAD_COARSEN)`. At -O2 the loops are unrolled and the arrays
# promoted to SSA values: no Function-storage array variable is left, so the
# driver need not place them in local memory. At -O1 they stay.
# RUN: %nvc %examples/dft_coarsened.py --emit=spirv -o - | FileCheck %s
# RUN: %nvc %examples/imaging/v7_coarsened.py --emit=spirv -o - | FileCheck %s
# RUN: %nvc %examples/imaging/v8_fma.py --emit=spirv -o - | FileCheck %s
# RUN: %nvc %examples/dft_coarsened.py --emit=spirv -O1 -o - | FileCheck %s --check-prefix=O1
# RUN: %nvc %examples/imaging/v7_coarsened.py --emit=spirv -O1 -o - | FileCheck %s --check-prefix=O1
# RUN: %nvc %examples/imaging/v8_fma.py --emit=spirv -O1 -o - | FileCheck %s --check-prefix=O1

# A private array is an OpVariable of a struct holding an OpTypeArray, in
# Function storage (MLIR's memref lowering); scalars in Function storage
# (scf results) may remain.
# CHECK: OpEntryPoint GLCompute
# CHECK-NOT: OpTypePointer Function %_struct_
# CHECK-NOT: OpVariable %_ptr_Function__struct_
# O1: OpTypePointer Function %_struct_
# O1: OpVariable %_ptr_Function__struct_
