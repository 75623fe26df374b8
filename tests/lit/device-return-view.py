# RUN: %nvc %s --kernel k --emit=mlir | FileCheck %s
# RUN: %nvc %s --kernel k -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: not %nvc %s --kernel private -o %t2.spv 2>&1 | FileCheck %s --check-prefix=ERR
# A device function may return an array parameter or a view of one (numba
# returns arrays by reference): the call gives the caller the view, whose
# writes are the parameter's.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def column(a, j):
    return a[:, j]


@cuda.jit(device=True)
def scratch(n):
    t = np.zeros(4)
    return t


@cuda.jit("void(float32[:, ::1])")
def k(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        c = column(a, 1)
        c[i] = c[i] * np.float32(2)


@cuda.jit("void(float64[::1])")
def private(a):
    a[0] = scratch(1)[0]

# CHECK-LABEL: func.func @k(
# CHECK: call @column__array_float32__2d__C__int64(%{{.*}}) : ({{.*}}) -> (memref<?xf32, #spirv.storage_class<StorageBuffer>>, i32, i32, i32)
# CHECK: func.func private @column__array_float32__2d__C__int64({{.*}}) -> (memref<?xf32, #spirv.storage_class<StorageBuffer>>, i32, i32, i32)
# MANIFEST: "access": "readwrite"
# ERR: device-return-view.py:19:12: error: a device function can return an array parameter or a view of one (not a private, shared or global array), always of the same parameter
