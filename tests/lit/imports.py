# RUN: %nvc %s -I %S/Inputs -o %t.spv -MD -MF %t.d
# RUN: FileCheck %s --check-prefix=DEP < %t.d
# RUN: %nvc %s -I %S/Inputs -o %t.spv -MD -MP -MF %t.mp.d
# RUN: FileCheck %s --check-prefix=PHONY < %t.mp.d
# RUN: not %nvc %s -o %t2.spv 2>&1 | FileCheck %s --check-prefix=MISSING
# Helper modules are searched next to the kernel, then on -I paths; the
# depfile lists them so build systems recompile when they change.
from numba import cuda
from good_helpers import twice


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = twice(x[i])

# DEP: imports.py.tmp.spv:
# DEP: imports.py
# DEP: Inputs/good_helpers.py
# -MP: an empty rule for each helper (not for the kernel file), so Make goes on
# when a helper is deleted.
# PHONY: imports.py.tmp.spv:
# PHONY: Inputs/good_helpers.py{{$}}
# PHONY-EMPTY:
# PHONY-NEXT: {{.*}}Inputs/good_helpers.py:{{$}}
# PHONY-NOT: imports.py:
# MISSING: imports.py:16:16: error: 'twice' is imported from module 'good_helpers', which is not a module kernels can use and not a file next to the kernel or on the -I search path
