# RUN: touch %t.denorm-preserve.spv %t.atomic-float-add.spv %t.other.spv
# RUN: %nvc %s -o %t.spv
# RUN: not test -e %t.denorm-preserve.spv
# RUN: not test -e %t.atomic-float-add.spv
# RUN: test -e %t.other.spv
# RUN: FileCheck %s < %t.json
# Kernels without float32 (float64 and integers only) need no float32
# subnormal mode: no denorm-preserve variant, no variants at all. Variant
# files an earlier build of the same output left are deleted (other files
# next to it are not).
from numba import cuda


@cuda.jit("void(float64[::1], int32[::1])")
def k(x, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] / 3.0 + n[i]

# CHECK-NOT: "variants"
# CHECK-NOT: DenormPreserve
