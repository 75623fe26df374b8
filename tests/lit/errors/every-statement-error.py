# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: not test -e %t.spv
# Every independent error of a kernel is reported, in source order, not only
# the first (clang reports every error of a file): type inference skips a
# statement that fails and goes on. A variable the failed statement assigns
# stays untyped, so its later uses add no errors of their own; errors inside
# loops, branches and a device function count too, each once.
from numba import cuda


@cuda.jit(device=True)
def helper(v):
    return v * not_defined


@cuda.jit("void(float32[::1], int32[::1])")
def many(x, n):
    i = cuda.grid(1)
    y = x[i] + undefined_one
    x[i] = y * 2.0
    z = y + 1.0
    for k in range(3):
        x[k] = "text"
        if k > 1:
            n[k] = cuda.gridd(1)
    x[0] = helper(x[1])
    x[1] = helper(x[2])
    x[2] = math_is_not_imported.sqrt(x[3])
    w = 1.0
    x[3] = w + z


@cuda.jit("void(float32[::1])")
def fine(x):
    x[0] = 1.0

# CHECK: every-statement-error.py:19:16: error: name 'undefined_one' is not defined
# CHECK: every-statement-error.py:23:16: error: strings are not supported in kernels
# CHECK: every-statement-error.py:25:25: error: unknown attribute 'gridd' of module 'cuda'
# CHECK: every-statement-error.py:13:16: error: name 'not_defined' is not defined
# CHECK: every-statement-error.py:28:12: error: name 'math_is_not_imported' is not defined
# CHECK-NOT: error:
