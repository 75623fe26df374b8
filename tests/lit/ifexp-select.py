# A conditional expression whose arms are cheap and cannot fail or write (names,
# literals, + - * & | ^, unary operators, comparisons) is a select: both arms
# evaluated, no branch (Generator::speculatable). One whose arm loads an element (which
# may be out of bounds when the test is false), divides (ZeroDivisionError under
# error_model="python") or calls keeps its branches, so that arm runs only when chosen.
# RUN: %nvc %s --emit=mlir -o - | FileCheck %s
# CHECK-LABEL: func.func @cheap
# CHECK-NOT: cf.cond_br
# CHECK: arith.select
# CHECK-NOT: cf.cond_br
# CHECK: return
# CHECK-LABEL: func.func @guarded
# CHECK: cf.cond_br
# CHECK: cf.cond_br
# CHECK: cf.cond_br
from numba import cuda


@cuda.jit("void(float32[::1], float32, int32)")
def cheap(x, j, n):
    v = x[0]
    v = v * 2 + 0.5 if v < j else -v
    m = n ^ 3 if n > 4 else (n * n - 1 if n < -2 else ~n)
    x[1] = v + m


@cuda.jit("void(float32[::1], int32)", error_model="python")
def guarded(x, n):
    x[0] = x[n] if n < 4 else 0.0
    x[1] = 1.0 / n if n != 0 else 0.0
    x[2] = abs(x[1]) if n > 2 else 1.0
