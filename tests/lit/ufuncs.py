# RUN: %nvc %s --emit=mlir -O0 | FileCheck %s
# RUN: %nvc %s -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
# Ufuncs compile to entry points nvc writes (frontend/sema/UfuncKernels.h):
# per signature a broadcast loop that calls the scalar (core) function as a
# device function, and for a two-input vectorize of one type and for
# @cuda.reduce a workgroup tree reduction; the manifest's `ufunc` object says
# which loop each entry point is (docs/manifest.md "Ufuncs").
import math

import numba
import numpy as np
from numba import cuda


@numba.vectorize(["float32(float32, float32)", "float64(float64, float64)"], target="vulkan")
def gaussian(x, sigma):
    return math.exp(-0.5 * (x / sigma) ** 2)


@numba.guvectorize(["void(float32[:], float32[:], float32[:])"], "(n),(n)->()", target="vulkan")
def distance(a, b, out):
    total = np.float32(0)
    for i in range(a.shape[0]):
        total += (a[i] - b[i]) ** 2
    out[0] = math.sqrt(total)


@cuda.guvectorize(["void(int32[:], int32, int32[:])"], "(n),()->(n)")
def shift(a, s, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + s


@cuda.reduce
def max_reduce(a, b):
    return max(a, b)


# The float32 loop: the loop descriptor, then x, sigma and out; the scalar
# function is called once per position with elements.
# CHECK-LABEL: func.func @gaussian(%{{.*}}: i32, %{{.*}}: memref<?xi32, {{.*}}>, %{{.*}}: memref<?xi32, {{.*}}>, %{{.*}}: memref<?xf32, {{.*}}>, %{{.*}}: memref<?xf32, {{.*}}>, %{{.*}}: memref<?xf32, {{.*}}>
# CHECK-SAME: nvc.python_name = "gaussian__nvc_loop0"
# CHECK: call @gaussian__float32_float32({{.*}}) : (f32, f32) -> f32
# CHECK-LABEL: func.func @gaussian__1(
# CHECK: call @gaussian__float64_float64({{.*}}) : (f64, f64) -> f64
# The reductions: a shared array of 256 values folded in a tree.
# CHECK-LABEL: func.func @gaussian__reduce(
# CHECK: gpu.barrier
# CHECK: call @gaussian__float32_float32
# CHECK-LABEL: func.func @gaussian__reduce__1(
# guvectorize: the core function gets views (base, extent, stride) of its
# core dimension; the scalar `()` input an element.
# CHECK-LABEL: func.func @distance(
# CHECK: call @distance__array_float32__1d__A__array_float32__1d__A__array_float32__1d__A_
# CHECK-LABEL: func.func @shift(
# CHECK: call @shift__array_int32__1d__A__int32_array_int32__1d__A_
# One reduction per integer and float type for @cuda.reduce without --sig.
# CHECK-LABEL: func.func @max_reduce(
# CHECK-LABEL: func.func @max_reduce__5(
# CHECK-SAME: f64

# MANIFEST: "function": "gaussian",
# MANIFEST: "name": "gaussian",
# MANIFEST: "ufunc": {
# MANIFEST-NEXT: "core_dims": [
# MANIFEST: "identity": null,
# MANIFEST-NEXT: "kind": "vectorize",
# MANIFEST-NEXT: "loop": 0,
# MANIFEST-NEXT: "name": "gaussian",
# MANIFEST-NEXT: "nin": 2,
# MANIFEST-NEXT: "nout": 1,
# MANIFEST-NEXT: "signature": "(),()->()",
# MANIFEST-NEXT: "types": [
# MANIFEST-NEXT: "float32",
# MANIFEST-NEXT: "float32",
# MANIFEST-NEXT: "float32"
# MANIFEST: "name": "gaussian__1",
# MANIFEST: "kind": "vectorize",
# MANIFEST-NEXT: "loop": 1,
# MANIFEST: "name": "gaussian__reduce",
# MANIFEST: "kind": "reduce",
# MANIFEST-NEXT: "loop": 0,
# MANIFEST: "name": "distance",
# MANIFEST: "core_dims": [
# MANIFEST-NEXT: [
# MANIFEST-NEXT: "n"
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: [
# MANIFEST-NEXT: "n"
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: []
# MANIFEST-NEXT: ],
# MANIFEST: "kind": "guvectorize",
# MANIFEST: "scalar_core": [
# MANIFEST-NEXT: false,
# MANIFEST-NEXT: false,
# MANIFEST-NEXT: false
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: "signature": "(n),(n)->()",
# MANIFEST: "name": "shift",
# MANIFEST: "scalar_core": [
# MANIFEST-NEXT: false,
# MANIFEST-NEXT: true,
# MANIFEST-NEXT: false
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: "signature": "(n),()->(n)",
# MANIFEST: "kind": "cuda_reduce",
# MANIFEST: "int32",
# MANIFEST: "name": "max_reduce__5",
# MANIFEST: "kind": "cuda_reduce",
# MANIFEST-NEXT: "loop": 5,
# MANIFEST: "float64",
