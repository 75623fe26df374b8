# RUN: rm -f %t.denorm-preserve.spv
# RUN: %nvc %s -o %t.spv
# RUN: not test -e %t.denorm-preserve.spv
# RUN: FileCheck %s < %t.json
# Kernels without float32 (float64 and integers only) need no float32
# subnormal mode: no denorm-preserve variant, no variants at all.
from numba import cuda


@cuda.jit("void(float64[::1], int32[::1])")
def k(x, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] / 3.0 + n[i]

# CHECK-NOT: "variants"
# CHECK-NOT: DenormPreserve
