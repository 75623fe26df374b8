# Accumulator promotion (-O2, passes/PromoteAccumulator.cpp): a loop's
# read-modify-write of one element of an array argument is kept in a
# register, loaded before the loop and stored after it, both only if the loop
# body runs; kernels whose promoted loop also accesses other array arguments
# rely on the no-alias rule and say so in the manifest.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-promote-accumulator -o - | FileCheck %s
# RUN: %nvc %s -fno-readonly-buffers -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s -fno-promote-accumulator -fno-readonly-buffers -o %t2.spv && FileCheck %s --check-prefix=OFF < %t2.json
# RUN: %nvc %examples/imaging/v1_naive.py -fno-readonly-buffers -o %t3.spv && FileCheck %s --check-prefix=IMAGING < %t3.json
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], int32)")
def accumulate(x, out, k):
    i = cuda.grid(1)
    if i < out.size:
        for j in range(k):
            out[i] += x[j] * 2.0


# CHECK-LABEL: IR Dump After PromoteAccumulator (nvc-promote-accumulator)
# CHECK: func.func @accumulate
# CHECK-SAME: nvc.assumes_no_alias
# CHECK: %[[IDX:[0-9]+]] = arith.index_cast %{{[0-9]+}} : i32 to index
# CHECK: %[[RUNS:[0-9]+]] = arith.cmpi slt, %c0_i32, %arg0 : i32
# CHECK-NEXT: %[[INIT:[0-9]+]] = scf.if %[[RUNS]] -> (f64) {
# CHECK-NEXT: %[[L:[0-9]+]] = memref.load %arg2[%[[IDX]]]
# CHECK-NEXT: scf.yield %[[L]] : f64
# CHECK-NEXT: } else {
# CHECK-NEXT: %[[P:.*]] = ub.poison : f64
# CHECK-NEXT: scf.yield %[[P]] : f64
# CHECK: %[[LOOP:[0-9]+]]:2 = scf.while (%{{.*}} = %c0_i32, %{{.*}} = %[[INIT]]) : (i32, f64) -> (i32, f64)
# CHECK: } do {
# CHECK-NEXT: ^bb0(%{{.*}}: i32, %[[ACC:.*]]: f64):
# CHECK-NOT: memref.load %arg2
# CHECK: %[[SUM:[0-9]+]] = arith.addf %[[ACC]], %{{[0-9]+}} : f64
# CHECK-NOT: memref.store
# CHECK: scf.yield %{{[0-9]+}}, %[[SUM]] : i32, f64
# CHECK-NEXT: }
# CHECK-NEXT: scf.if %[[RUNS]] {
# CHECK-NEXT: memref.store %[[LOOP]]#1, %arg2[%[[IDX]]]


@cuda.jit("void(float64[::1], int32)")
def self_only(out, k):
    i = cuda.grid(1)
    if i < out.size:
        for j in range(k):
            out[i] = out[i] * 0.5 + 1.0


# Promoted; no other array in the loop, so no reliance on the no-alias rule.
# CHECK-LABEL: IR Dump After PromoteAccumulator (nvc-promote-accumulator)
# CHECK: func.func @self_only
# CHECK-SAME: attributes {nvc.kernel,
# CHECK: scf.while
# CHECK: } do {
# CHECK-NOT: memref
# CHECK: scf.yield
# CHECK-NEXT: }
# CHECK-NEXT: scf.if
# CHECK-NEXT: memref.store


@cuda.jit("void(float64[::1], int32[::1], int32)")
def left_alone(out, idx, k):
    i = cuda.grid(1)
    if i < out.size:
        for j in range(k):          # the element changes with j
            out[j] += 1.0
        for j in range(k):          # out[idx[j]] may be out[i]
            out[i] += out[idx[j]]
        for j in range(k):          # updated in some iterations only
            if j % 2 == 0:
                out[i] += 1.0
        n = 0
        while out[i] < 100.0:       # the condition reads the element
            out[i] += 1.0
            n += 1
        cuda.syncthreads()
        for j in range(k):          # another invocation may look after a barrier
            out[i] += 1.0
            cuda.syncthreads()


# CHECK-LABEL: IR Dump After PromoteAccumulator (nvc-promote-accumulator)
# CHECK: func.func @left_alone
# CHECK-SAME: attributes {nvc.kernel,
# CHECK-COUNT-5: } do {
# CHECK-NOT: ub.poison
# CHECK: return

# The manifest's keys are sorted: each entry's flag precedes its name.
# MANIFEST: "assumes_no_alias": true
# MANIFEST: "name": "accumulate"
# MANIFEST: "assumes_no_alias": false
# MANIFEST: "name": "self_only"
# MANIFEST: "assumes_no_alias": false
# MANIFEST: "name": "left_alone"

# OFF-NOT: "assumes_no_alias": true

# IMAGING: "assumes_no_alias": true
