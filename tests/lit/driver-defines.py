# RUN: %nvc %s --emit=mlir -o - | FileCheck %s --check-prefix=DEFAULT
# RUN: %nvc %s --emit=mlir -o - -D TPB=4 | FileCheck %s --check-prefix=TPB4
# RUN: %nvc %s --emit=mlir -o - -DTPB=4 -D DT=np.float64 -D SCALE=np.float32(3) | FileCheck %s --check-prefix=ALL
# RUN: not %nvc %s -o %t.spv -D TPB=foo 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not %nvc %s -o %t.spv -D 1x=3 2>&1 | FileCheck %s --check-prefix=NAME
# RUN: not %nvc %s -o %t.spv -D "TPB=(" 2>&1 | FileCheck %s --check-prefix=SYNTAX
# RUN: not test -e %t.spv
# -D NAME=VALUE binds a module-level name of the kernel file to VALUE instead
# of what the file binds it to, where the file binds it: constants computed
# from it follow (SHAPE), dtypes too; a VALUE nvc cannot evaluate is an error.
import numpy as np
from numba import cuda

TPB = 16
SHAPE = (TPB, TPB + 1)
DT = np.float32
SCALE = 2.0


@cuda.jit("void(float32[::1])")
def k(x):
    s = cuda.shared.array(SHAPE, dtype=DT)
    i = cuda.grid(1)
    s[0, 0] = x[i]
    x[i] = s[0, 0] * SCALE

# DEFAULT: memref<272xf32, #spirv.storage_class<Workgroup>>
# DEFAULT: arith.constant 2.000000e+00 : f64
# TPB4: memref<20xf32, #spirv.storage_class<Workgroup>>
# ALL: memref<20xf64, #spirv.storage_class<Workgroup>>
# ALL: arith.constant 3.000000e+00 : f32
# UNKNOWN: nvc: error: -D TPB=foo: nvc cannot evaluate 'foo' when the kernel is compiled
# NAME: nvc: error: -D 1x=3: '1x' is not a Python name
# SYNTAX: nvc: error: -D TPB=(: '(' is not a Python expression
