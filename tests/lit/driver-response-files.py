# RUN: rm -rf %t && mkdir -p "%t/out dir"
# RUN: echo "-o '%t/out dir/k.spv' @%t/inner.rsp" > %t/outer.rsp
# RUN: echo "--kernel \"with\"_'sp'\\ace -Wno-float64-promotion" > %t/inner.rsp
# RUN: %nvc %s @%t/outer.rsp 2>&1 | count 0
# RUN: test -e "%t/out dir/k.spv"
# RUN: echo "@%t/loop.rsp" > %t/loop.rsp
# RUN: not %nvc %s @%t/loop.rsp 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not %nvc %s @%t/missing.rsp 2>&1 | FileCheck %s --check-prefix=MISSING
# @FILE arguments (GCC's response files): quotes group words, a backslash
# escapes the next character, files name further files; a file that names
# itself is an error, and an unreadable one stays an argument as written.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1])")
def with_space(x):
    i = cuda.grid(1)
    x[i] = x[i] * 2.5

# LOOP: nvc: error: response file '{{.*}}loop.rsp' includes itself
# MISSING: missing.rsp
