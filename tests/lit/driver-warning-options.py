# RUN: %nvc %s -o %t.spv 2>&1 | FileCheck %s
# RUN: %nvc %s -o %t1.spv -w 2>&1 | count 0
# RUN: %nvc %s -o %t2.spv -w -Werror 2>&1 | count 0
# RUN: %nvc %s -o %t3.spv -Wno-float64-promotion 2>&1 | count 0
# RUN: %nvc %s -o %t4.spv -Wno-float64-promotion -Wfloat64-promotion 2>&1 | FileCheck %s
# RUN: %nvc %s -o %t5.spv -Wfloat64-promotion -Wno-float64-promotion 2>&1 | count 0
# RUN: %nvc %s -o %t6.spv -Wno-float64-promotion -Wall 2>&1 | FileCheck %s
# RUN: %nvc --help | FileCheck %s --check-prefix=USAGE
# The warning options of GCC and Clang: -w silences every warning (so -Werror
# has none to promote), -W<flag> turns a group silenced by -Wno-<flag> on
# again (the last of the two wins), -Wall undoes earlier -Wno- (every group
# is on by default). The Usage line names the program.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    x[i] = x[i] * 2.5

# CHECK: warning: {{.*}}[-Wfloat64-promotion]
# USAGE: Usage: nvc [OPTIONS] [input]
