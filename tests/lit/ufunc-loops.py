# RUN: %nvc %s --emit=mlir -o - | FileCheck %s
# np.multiply of two int32 arrays runs NumPy's int32 loop (Numba's ufunc loop
# selection): the product wraps to 32 bits before it widens into the int64
# output, as NumPy's `np.multiply(a, b, out)` does.
import numpy as np
from numba import cuda


@cuda.jit("void(int32[::1], int32[::1], int64[::1])")
def k(a, b, out):
    np.multiply(a, b, out)

# CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
# CHECK-NEXT: %[[W:.*]] = arith.trunci %[[P]] : i64 to i32
# CHECK-NEXT: %[[S:.*]] = arith.extsi %[[W]] : i32 to i64
# CHECK: memref.store %[[S]], %arg2
