# RUN: %nvc %s --index-bits 32 --emit=mlir -o - | FileCheck %s
# RUN: not %nvc %S/Inputs/int-literal-too-wide.py --index-bits 32 -o %t.spv 2>&1 | FileCheck %s --check-prefix=LITERAL
# RUN: %nvc %s --emit=mlir -o - | FileCheck %s --check-prefix=EXACT
# RUN: %nvc %S/Inputs/int-literal-too-wide.py -o %t.spv
# With 32-bit integers (--index-bits 32, @nv.jit's default), an operation on constants whose value
# leaves the 32-bit range wraps, as the same operation computed at run time
# does (difftest FOUND.md #19: -(-2147483647 - 1) was refused as "integer
# constant 2147483648"); a literal that does not fit stays an error.
from numba import cuda


@cuda.jit("void(int64[::1])")
def k(o):
    o[0] = -(-2147483647 - 1)

# CHECK-DAG: arith.constant -2147483648 : i32
# @cuda.jit's exact 64-bit integers (numba-cuda's): no wrap, no error.
# EXACT-DAG: arith.constant 2147483648 : i64
# LITERAL: int-literal-too-wide.py:7:12: error: integer constant 3000000000 does not fit in the 32-bit integers
