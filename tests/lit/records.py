# RUN: %nvc %s --emit=mlir -O0 | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# Arrays of records are bytes in 32-bit words (GenRecords.cpp): a whole
# aligned word is stored directly; a narrower field is merged into its word
# with a compare-and-swap (memref.generic_atomic_rmw), so that neighbouring
# invocations writing other fields of the word keep their bytes.
import numpy as np
from numba import cuda

rec = np.dtype([("x", "f4"), ("flag", "?"), ("n", "i2")], align=True)


@cuda.jit("void(rec[::1])")
def k(p):
    i = cuda.grid(1)
    p[i].x = 1.5
    p[i]["n"] = 7

# CHECK: func.func @k(%[[P:.*]]: memref<?xi32, #spirv.storage_class<StorageBuffer>>
# x: the record's first word, stored as it is.
# CHECK: %[[X:.*]] = arith.bitcast %{{.*}} : f32 to i32
# CHECK: memref.store %[[X]], %[[P]][%{{.*}}] : memref<?xi32, #spirv.storage_class<StorageBuffer>>
# n: two bytes at offset 6, merged into the second word.
# CHECK: arith.constant 6 : i32
# CHECK: %[[M:.*]] = memref.generic_atomic_rmw %[[P]][%{{.*}}] : memref<?xi32, #spirv.storage_class<StorageBuffer>>
# CHECK: ^bb0(%[[CUR:.*]]: i32):
# CHECK: %[[KEPT:.*]] = arith.andi %[[CUR]], %{{.*}} : i32
# CHECK: %[[NEW:.*]] = arith.ori %[[KEPT]], %{{.*}} : i32
# CHECK: memref.atomic_yield %[[NEW]] : i32

# The manifest: a uint8 array with a last dimension of the itemsize (8),
# and the record's fields at NumPy's offsets.
# MANIFEST: "device_dtype": "uint8",
# MANIFEST-NEXT: "dtype": "uint8",
# MANIFEST-NEXT: "kind": "array",
# MANIFEST-NEXT: "layout": "C",
# MANIFEST-NEXT: "name": "p",
# MANIFEST-NEXT: "ndim": 2,
# MANIFEST-NEXT: "offset_offset": {{[0-9]+}},
# MANIFEST-NEXT: "record": {
# MANIFEST-NEXT: "aligned": true,
# MANIFEST-NEXT: "fields": [
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "dtype": "float32",
# MANIFEST-NEXT: "name": "x",
# MANIFEST-NEXT: "offset": 0
# MANIFEST: "dtype": "bool",
# MANIFEST-NEXT: "name": "flag",
# MANIFEST-NEXT: "offset": 4
# MANIFEST: "dtype": "int16",
# MANIFEST-NEXT: "name": "n",
# MANIFEST-NEXT: "offset": 6
# MANIFEST: "itemsize": 8,
# MANIFEST-NEXT: "ndim": 1
