# RUN: %nvc %s --emit=mlir -o - | FileCheck %s
# RUN: not %nvc %S/Inputs/int-literal-too-wide.py -o %t.spv 2>&1 | FileCheck %s --check-prefix=LITERAL
# With 32-bit integers (the default), an operation on constants whose value
# leaves the 32-bit range wraps, as the same operation computed at run time
# does (difftest FOUND.md #19: -(-2147483647 - 1) was refused as "integer
# constant 2147483648"); a literal that does not fit stays an error.
from numba import cuda


@cuda.jit("void(int64[::1])")
def k(o):
    o[0] = -(-2147483647 - 1)

# CHECK-DAG: arith.constant -2147483648 : i32
# LITERAL: int-literal-too-wide.py:7:12: error: integer constant 3000000000 does not fit in the 32-bit integers
