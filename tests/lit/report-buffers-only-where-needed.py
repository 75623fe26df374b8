# RUN: %nvc %s --kernel plain --emit=spirv | FileCheck %s --check-prefix=PLAIN
# RUN: %nvc %s --kernel literal_divisor --emit=spirv | FileCheck %s --check-prefix=PLAIN
# RUN: %nvc %s --kernel unchecked --emit=spirv | FileCheck %s --check-prefix=PLAIN
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s --kernel unchecked --boundscheck --emit=spirv | FileCheck %s --check-prefix=CHECKED
# RUN: env NUMBA_BOUNDSCHECK=1 %nvc %s --kernel unchecked --emit=spirv | FileCheck %s --check-prefix=CHECKED
# RUN: env NUMBA_BOUNDSCHECK=0 %nvc %s --kernel checked --emit=spirv | FileCheck %s --check-prefix=PLAIN
# RUN: %nvc %s --kernel divides --error-model=python --emit=spirv | FileCheck %s --check-prefix=CHECKED
# Kernels pay nothing for errors and printing they cannot do (004_…txt
# *Errors*: "Kernels that cannot raise pay nothing for this"): no hidden
# buffer, no atomic, the arrays' bindings only. A division by a nonzero
# literal cannot raise even under error_model="python"; indices are checked
# only under boundscheck (the decorator's, --boundscheck or
# NUMBA_BOUNDSCHECK, which overrides the decorator both ways).
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1])")
def plain(a, b):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = a[i] // b[i] + a[i] % b[i]


@cuda.jit("void(int32[::1], int32[::1])", error_model="python")
def literal_divisor(a, b):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = a[i] // 3 + b[i] % 7


@cuda.jit("void(int32[::1], int32[::1])")
def unchecked(a, b):
    i = cuda.grid(1)
    a[i] = b[i]


@cuda.jit("void(int32[::1], int32[::1])", boundscheck=True)
def checked(a, b):
    i = cuda.grid(1)
    a[i] = b[i]


@cuda.jit("void(int32[::1], int32[::1])")
def divides(a, b):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = a[i] // b[i]

# PLAIN-NOT: OpAtomic
# PLAIN-NOT: Binding 2
# PLAIN: OpDecorate %{{.*}} Binding 1
# PLAIN-NOT: Binding 2
# PLAIN-NOT: OpAtomic

# CHECKED: OpDecorate %{{.*}} Binding 2
# CHECKED: OpAtomicCompareExchange

# Keys are in alphabetical order: error_buffer, function, ..., print_buffer.
# MANIFEST: "error_buffer": null
# MANIFEST: "function": "plain"
# MANIFEST: "print_buffer": null
# MANIFEST: "error_buffer": null
# MANIFEST: "function": "literal_divisor"
# MANIFEST: "print_buffer": null
# MANIFEST: "error_buffer": null
# MANIFEST: "function": "unchecked"
# MANIFEST: "print_buffer": null
# MANIFEST: "error_buffer": {
# MANIFEST-NEXT: "binding": 2,
# MANIFEST: "function": "checked"
# MANIFEST: "print_buffer": null
# MANIFEST: "error_buffer": null
# MANIFEST: "function": "divides"
