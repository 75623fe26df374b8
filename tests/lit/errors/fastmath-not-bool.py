# RUN: rm -f %t.spv %t.json
# RUN: not %nvc %s -o %t.spv 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: not test -e %t.spv
from numba import cuda


@cuda.jit("void(float32[:])", fastmath="fast")
def k(x):
    x[0] = 1

# Numba's fastmath also takes a set of LLVM flag names; nvc takes True or False.
# CHECK: fastmath-not-bool.py:8:40: error: fastmath= must be True or False
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:])", fastmath="fast")
