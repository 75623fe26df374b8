# Module-level host code is ignored and the common constant forms are frozen
# (a class no kernel uses, try/with blocks, tuple unpacking, a dtype alias,
# a slice of a frozen array, shapes computed from constants).
# RUN: %nvc %s --emit=mlir -o - | FileCheck %s
# RUN: %nvc %s -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
import numpy as np
import numba
from numba import cuda


class Plotter:
    def show(self, data):
        print(f"{len(data)} values", {k: v for k, v in data.items()})


try:
    import matplotlib
except ImportError:
    matplotlib = None
finally:
    pass

with open(__file__) as f:
    SOURCE = f.read()

a, b = 2, 8
(c, d), e = (3, 4), 5
dt = numba.boolean
W = np.array([1.0, 2.0, 4.0])[::-1]
TILE = 4
SH = (TILE, TILE + 1)


# W[::-1] is frozen as [4, 2, 1]; both shapes are 4 x 5; a boolean local array.
# CHECK: arith.constant 4.000000e+00 : f64
# CHECK: memref.alloca() : memref<3xi8
# CHECK: memref.alloc() : memref<20xf64, #spirv.storage_class<Workgroup>>
# CHECK: memref.alloc() : memref<20xf64, #spirv.storage_class<Workgroup>>
@cuda.jit("void(float64[::1])")
def k(out):
    i = cuda.grid(1)
    s = cuda.shared.array(SH, numba.float64)
    t = cuda.shared.array((TILE, TILE + 1), numba.float64)
    flags = cuda.local.array(3, dt)
    flags[0] = i > 3
    s[0, 0] = 1.0
    t[1, 4] = 2.0
    out[i] = a + b + c + d + e + W[0] + s[0, 0] + t[1, 4] + (1.0 if flags[0] else 0.0)
