# RUN: %nvc %s --emit=mlir -O0 | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# float16 arrays hold halves (16-bit integers in the buffer); a value is
# computed in float32 and every float16 result is rounded to a half with
# integer operations (GenFloat16.cpp); a float16 scalar travels as float32.
import numpy as np
from numba import cuda


@cuda.jit("void(float16[::1], float16)")
def k(a, s):
    a[0] = a[1] * s

# CHECK: func.func @k(%[[S:.*]]: f32, %[[A:.*]]: memref<?xi16, #spirv.storage_class<StorageBuffer>>
# The load: the half's bits widened to float32 (exponent rebiased by 112).
# CHECK: %[[H:.*]] = memref.load %[[A]]
# CHECK: arith.extui %[[H]] : i16 to i32
# CHECK: arith.constant 112 : i32
# CHECK: %[[X:.*]] = arith.bitcast %{{.*}} : i32 to f32
# The product in float32, then rounded to a half: ties to even on the 13
# bits float32 keeps beyond a half, the subnormal shift clamped at 25.
# CHECK: %[[P:.*]] = arith.mulf %[[X]], %{{.*}} : f32
# CHECK: arith.bitcast %[[P]] : f32 to i32
# CHECK: arith.constant 939524096 : i32
# CHECK: arith.minui
# CHECK: arith.trunci %{{.*}} : i32 to i16
# The store: the half's bits.
# CHECK: memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<?xi16, #spirv.storage_class<StorageBuffer>>

# MANIFEST: "device_dtype": "float16",
# MANIFEST-NEXT: "dtype": "float16",
# MANIFEST-NEXT: "kind": "array",
# MANIFEST: "device_dtype": "float32",
# MANIFEST-NEXT: "dtype": "float16",
# MANIFEST-NEXT: "kind": "scalar",
