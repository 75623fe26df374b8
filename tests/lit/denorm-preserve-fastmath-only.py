# RUN: %nvc %s -o %t.spv
# RUN: not test -e %t.denorm-preserve.spv
# RUN: FileCheck %s < %t.json
# float32 only in a fastmath kernel, which keeps the device's subnormal
# handling: the other kernel computes with integers, so no entry point would
# request DenormPreserve and there is no denorm-preserve variant.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])", fastmath=True)
def fast(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        y[i] = x[i] / 3.0


@cuda.jit("void(int32[::1])")
def count(n):
    i = cuda.grid(1)
    if i < n.shape[0]:
        n[i] += 1

# CHECK-NOT: "variants"
# CHECK-NOT: DenormPreserve
