# Loop unrolling and private-array promotion (-O2, passes/UnrollLoops.cpp,
# passes/PromotePrivateArrays.cpp): a `for i in range(C)` loop of constant
# trip count C <= 16 whose counter indexes a private array is unrolled; a
# private array whose every access then has a constant index becomes SSA
# values, so the SPIR-V has no Function-storage array variable left.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-unroll-loops -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-promote-private-arrays -o - | FileCheck %s --check-prefix=PROMOTED
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s --check-prefix=SPIRV
# RUN: %nvc %s --emit=spirv -fno-unroll -o - | FileCheck %s --check-prefix=NO-UNROLL
# RUN: %nvc %s --emit=spirv -O1 -o - | FileCheck %s --check-prefix=O1
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def coarsened(x, out):
    acc = cuda.local.array(4, np.float32)
    for i in range(4):
        acc[i] = 0
    for n in range(x.size):
        for i in range(4):
            acc[i] += x[n] * i
    for i in range(4):
        out[cuda.grid(1) * 4 + i] = acc[i]


# The three loops over `acc` are unrolled; the loop over x stays.
# CHECK-LABEL: func.func @coarsened(
# CHECK-COUNT-4: memref.store %{{.*}}, %alloca{{.*}}[%{{.*}}] : memref<4xf32
# CHECK: scf.while
# CHECK-NOT: scf.while
# CHECK-COUNT-4: memref.load %alloca{{.*}}[%{{.*}}] : memref<4xf32
# CHECK: return

# PROMOTED-LABEL: func.func @coarsened(
# PROMOTED-NOT: memref.alloca
# The four accumulators are loop values of the loop over x.
# PROMOTED: scf.while ({{.*}}) : (i32, f32, f32, f32, f32) -> (i32, f32, f32, f32, f32)
# PROMOTED: return


@cuda.jit("void(float32[::1], int32)")
def dynamic_trips(out, k):
    tmp = cuda.local.array(4, np.float32)
    for i in range(k):
        tmp[i] = i
    out[0] = tmp[1]


# Left alone: the trip count is not a constant.
# CHECK-LABEL: func.func @dynamic_trips(
# CHECK: scf.while
# CHECK: memref.store %{{.*}}, %alloca[%{{.*}}] : memref<4xf32
# PROMOTED-LABEL: func.func @dynamic_trips(
# PROMOTED: memref.alloca() : memref<4xf32, #spirv.storage_class<Function>>


@cuda.jit("void(float32[::1])")
def too_many_trips(out):
    tmp = cuda.local.array(32, np.float32)
    for i in range(32):
        tmp[i] = i * out[i]
    out[0] = tmp[31]


# Left alone: 32 iterations are more than the 16 the pass unrolls.
# CHECK-LABEL: func.func @too_many_trips(
# CHECK: scf.while
# PROMOTED-LABEL: func.func @too_many_trips(
# PROMOTED: memref.alloca() : memref<32xf32, #spirv.storage_class<Function>>


@cuda.jit("void(float32[::1], int32[::1])")
def dynamic_index(out, idx):
    tmp = cuda.local.array(4, np.float32)
    for i in range(4):
        tmp[i] = out[i]
    out[0] = tmp[idx[0]]


# Unrolled, but `tmp[idx[0]]` keeps the array in memory.
# CHECK-LABEL: func.func @dynamic_index(
# CHECK-NOT: scf.while
# CHECK: return
# PROMOTED-LABEL: func.func @dynamic_index(
# PROMOTED: memref.alloca() : memref<4xf32, #spirv.storage_class<Function>>


@cuda.jit("void(float32[::1])")
def no_private_array(out):
    s = np.float32(0)
    for i in range(4):
        s += out[i]
    out[0] = s


# Left alone: a short loop over an array argument only (no private array).
# CHECK-LABEL: func.func @no_private_array(
# CHECK: scf.while

# In SPIR-V (a private array is a Function-storage variable of a struct
# holding the array): the coarsened kernel has none; the other three keep
# theirs.
# SPIRV-COUNT-3: OpVariable %_ptr_Function__struct_
# SPIRV-NOT: OpVariable %_ptr_Function__struct_
# Without unrolling, every kernel keeps its array except
# device_function_in_loop (below), whose array has only constant indices.
# NO-UNROLL-COUNT-5: OpVariable %_ptr_Function__struct_
# NO-UNROLL-NOT: OpVariable %_ptr_Function__struct_
# At -O1 (neither pass), all six keep theirs.
# O1-COUNT-6: OpVariable %_ptr_Function__struct_
# O1-NOT: OpVariable %_ptr_Function__struct_


@cuda.jit("void(float32[::1])")
def under_if(out):
    tmp = np.zeros(2, dtype=np.float32)
    if out[0] > 0:
        tmp[1] = out[0]
    out[1] = tmp[0] + tmp[1]


# np.zeros fills with an scf.for of constant bounds, unrolled like a range
# loop; the element stored under the `if` becomes the if's result.
# CHECK-LABEL: func.func @under_if(
# CHECK-NOT: scf.for
# CHECK: return
# PROMOTED-LABEL: func.func @under_if(
# PROMOTED-NOT: memref.alloca
# PROMOTED: %[[T1:[0-9]+]] = scf.if %{{[0-9]+}} -> (f32) {
# PROMOTED-NEXT: %[[X:[0-9]+]] = memref.load %arg0
# PROMOTED-NEXT: scf.yield %[[X]] : f32
# PROMOTED-NEXT: } else {
# PROMOTED-NEXT: scf.yield %cst{{.*}} : f32
# PROMOTED: arith.addf %cst{{.*}}, %[[T1]] : f32


@cuda.jit(device=True)
def pairsum(x, j):
    t = cuda.local.array(2, np.float32)
    t[0] = x[j]
    t[1] = x[j + 1]
    return t[0] + t[1]


@cuda.jit("void(float32[::1], float32[::1])")
def device_function_in_loop(x, out):
    s = np.float32(0)
    for j in range(x.size - 1):
        s += pairsum(x, j)
    out[0] = s


# A device function's local array, inlined into a loop: promoted; the
# elements' initial values are defined at kernel entry, before the loop that
# carries them.
# PROMOTED-LABEL: func.func @device_function_in_loop(
# PROMOTED-NOT: memref.alloca
# PROMOTED: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
# PROMOTED: scf.while ({{.*}} = %[[Z]]
# PROMOTED: return
