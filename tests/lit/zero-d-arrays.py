# RUN: %nvc %s --emit=mlir -O0 | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# 0-d arrays (NumPy's np.array(x), Numba's Array(dtype, 0, 'C')): one element
# at the descriptor's offset, no extents or strides; a frozen one is a
# one-element private array; arithmetic of 0-d arrays gives numbers.
import numpy as np
from numba import cuda, types

SCALE = np.array(2.5)


@cuda.jit(types.void(types.Array(types.float64, 0, 'C'), types.float64[::1]))
def k(s, out):
    out[0] = s[()] * SCALE + np.sqrt(s)
    s[...] = 1.0

# The parameters: s's offset, out's extent, stride and offset (no extent or
# stride for s).
# CHECK: func.func @k(%[[S:.*]]: memref<?xf64, {{.*}}>, %[[OUT:.*]]: memref<?xf64, {{.*}}>, %[[SOFF:[a-z0-9]+]]: i32 {nvc.non_negative}, %{{[a-z0-9]+}}: i32 {nvc.non_negative}, %{{[a-z0-9]+}}: i32 {nvc.non_negative}, %{{[a-z0-9]+}}: i32 {nvc.non_negative})
# CHECK: %[[ALLOCA:.*]] = memref.alloca() : memref<1xf64, #spirv.storage_class<Function>>
# CHECK: memref.store %{{.*}}, %[[ALLOCA]]
# CHECK: %[[I:.*]] = arith.index_cast %[[SOFF]] : i32 to index
# CHECK: %[[X:.*]] = memref.load %[[S]][%[[I]]]
# CHECK: %[[C:.*]] = memref.load %[[ALLOCA]]
# CHECK: arith.mulf %[[X]], %[[C]] : f64
# CHECK: math.sqrt
# CHECK: memref.store %{{.*}}, %[[OUT]]
# CHECK: %[[J:.*]] = arith.index_cast %[[SOFF]] : i32 to index
# CHECK: memref.store %{{.*}}, %[[S]][%[[J]]]

# MANIFEST: "name": "s",
# MANIFEST-NEXT: "ndim": 0,
# MANIFEST-NEXT: "offset_offset": 0,
# MANIFEST-NEXT: "shape_offsets": [],
# MANIFEST-NEXT: "stride_offsets": []
