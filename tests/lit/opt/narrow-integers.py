# Integer narrowing (-O1, passes/NarrowIntegers.cpp): @cuda.jit kernels
# compute with numba-cuda's exact 64-bit integers; what value ranges prove
# equal is computed in 32 bits. Narrowed: the id, the bound test, a range
# counter bounded by an extent, the index arithmetic of every access, a
# grid-stride counter (unsigned: it may pass 2**31 on its last step). Kept
# 64-bit: an accumulator, int64 data, a counter bounded by an int64 scalar;
# a loop whose counter feeds arithmetic the ranges cannot narrow is versioned.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-narrow-integers -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=cse -fno-narrow-integers -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
from numba import cuda


# CHECK-LABEL: func.func @sums
# CHECK: %[[ID:.*]] = arith.index_cast %{{.*}} : index to i32
# CHECK: arith.cmpi slt, %[[ID]], %arg{{[0-9]+}} : i32
# The counter k is i32; the accumulator s and k * k stay i64.
# CHECK: scf.while (%[[K:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) : (i32, i64) -> (i32, i64)
# CHECK: arith.cmpi slt, %[[K]], %{{.*}} : i32
# CHECK: } do {
# CHECK: %[[K64:.*]] = arith.extsi %{{.*}} : i32 to i64
# CHECK: arith.muli %[[K64]], %[[K64]] : i64
# CHECK: arith.addi %{{.*}}, %{{.*}} : i64
# CHECK: arith.addi %{{.*}}, %{{.*}} : i32
# CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i64
# x[i] * x[i] * x[i] of int64 data stays 64-bit.
# CHECK: arith.muli %{{.*}}, %{{.*}} : i64
# CHECK: return
# OFF-LABEL: func.func @sums
# OFF: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i64, i64) -> (i64, i64)
@cuda.jit("void(int64[::1], int64[::1])")
def sums(x, out):
    i = cuda.grid(1)
    if i < out.size:
        s = 0
        for k in range(i):
            s += k * k
        out[i] = s + x[i] * x[i] * x[i]


# A 2-D index i * n + j of counters bounded by extents: 32-bit throughout.
# CHECK-LABEL: func.func @rows
# CHECK-NOT: : i64
# CHECK: return
@cuda.jit("void(float32[:, ::1], float32[::1])")
def rows(m, out):
    i = cuda.grid(1)
    if i < m.shape[0]:
        acc = m[i, 0]
        for j in range(1, m.shape[1]):
            acc = max(acc, m[i, j])
        out[i] = acc


# A counter bounded by a 64-bit scalar may pass 2**31: it stays i64 (its
# index is truncated, which is exact for every valid index).
# CHECK-LABEL: func.func @scalar_bound
# CHECK: scf.while (%{{.*}} = %{{.*}}) : (i64) -> i64
# CHECK: arith.trunci %{{.*}} : i64 to i32
# CHECK: return
@cuda.jit("void(float32[::1], int64)")
def scalar_bound(out, n):
    for k in range(n):
        out[k] = 1.0


# A grid-stride counter is below 2**32: unsigned 32-bit compare, no sign test.
# CHECK-LABEL: func.func @grid_stride
# CHECK: scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32
# CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i32
# CHECK-NOT: arith.select
# CHECK: return
@cuda.jit("void(float32[::1])")
def grid_stride(out):
    for i in range(cuda.grid(1), out.size, cuda.gridsize(1)):
        out[i] = 2.0


# A counter below cuda.gridDim.x feeds tx + i * 16, which may pass 2**31: the
# loop runs as a 32-bit copy where the bound is at most 2**24 and as it was
# otherwise (loop versioning; fast_matmul of 003 has this loop).
# CHECK-LABEL: func.func @versioned
# CHECK: %[[SMALL:.*]] = arith.cmpi sle, %{{.*}}, %c16777216_i32 : i32
# CHECK: scf.if %[[SMALL]]
# CHECK: scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32
# CHECK-NOT: i64
# CHECK: } else {
# CHECK: arith.muli %{{.*}}, %{{.*}} : i64
# CHECK: return
@cuda.jit("void(float32[::1])")
def versioned(out):
    for i in range(cuda.gridDim.x):
        j = cuda.threadIdx.x + i * 16
        if j < out.size:
            out[j] = 1.0
