# RUN: %nvc %s --index-bits 32 -o %t.spv 2>&1 | FileCheck %s
# RUN: %nvc %s -o %t.spv 2>&1 | FileCheck %s --check-prefix=EXACT --allow-empty
# RUN: %nvc %s --index-bits 32 -Wno-int-narrowing -o %t.spv 2>&1 | FileCheck %s --check-prefix=EXACT --allow-empty
# RUN: not %nvc %s --index-bits 32 -Werror -o %t.spv 2>&1 | FileCheck %s --check-prefix=ERROR
# -Wint-narrowing: with 32-bit integers (--index-bits 32, narrow=True,
# @nv.jit's default) an int64 accumulation in a loop, or +, -, *, ** or <<
# of int64 data, may wrap at 2**31 where numba-cuda's exact int64 would not.
# Index arithmetic of ids and int32 data is not warned about; @cuda.jit's
# default (exact 64-bit integers) warns about nothing.
from numba import cuda


@cuda.jit("void(int64[::1], int64[::1], int32[::1])")
def k(x, out, small):
    i = cuda.grid(1)
    if i < out.size:
        s = 0
        for j in range(i):
            s += j * j
        out[i] = s + x[i] * x[i] + small[i] * 2 + out[i * 2 % out.size]

# CHECK: int-narrowing.py:19:15: warning: this int64 accumulation is computed with 32-bit integers (narrow=True, --index-bits 32 or @nv.jit's default) and wraps at 2**31 where numba-cuda's int64 would not; decorate the kernel with narrow=False (or compile with --index-bits 64) for exact 64-bit integers [-Wint-narrowing]
# CHECK: int-narrowing.py:20:27: warning: int64 arithmetic on int64 data is computed with 32-bit integers
# CHECK-NOT: warning
# EXACT-NOT: warning
# ERROR: error: this int64 accumulation
