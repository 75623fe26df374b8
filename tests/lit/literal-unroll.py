# RUN: %nvc %s --emit=mlir | FileCheck %s
# literal_unroll: the loop body is compiled once per item, each copy typed by
# its item (Numba versions the body per item type): the int32 item squares
# in i64 (Numba's integer promotion), the float32 one in f32, the float64 one
# in f64, in item order.
import numpy as np
from numba import cuda, literal_unroll


@cuda.jit("void(float64[::1], int32, float32, float64)")
def k(out, n, x, y):
    i = 0
    for v in literal_unroll((n, x, y)):
        sq = v * v
        out[i] = sq
        i += 1

# CHECK-LABEL: func.func @k
# CHECK: arith.muli %{{.*}}, %{{.*}} : i64
# CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
# CHECK: arith.mulf %{{.*}}, %{{.*}} : f64
