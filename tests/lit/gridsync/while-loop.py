# A grid barrier in a while loop, or in a loop whose bounds the kernel
# computes: the launcher cannot count the phases before the launch, so the
# schedule is dynamic ("dispatches": null) and every invocation that stops at
# a barrier sets the word after the buffer's slots (words_per_invocation * N),
# which tells the launcher another dispatch is needed (docs/manifest.md "Grid
# synchronisation").
# RUN: %nvc %s --kernel relax -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: spirv-val %t.spv
# RUN: %nvc %s --kernel relax -O0 --emit=mlir --mlir-print-ir-after=nvc-split-grid-barriers -o - | FileCheck %s --check-prefix=SPLIT
# RUN: %nvc %s --kernel computed_bound -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# A literal_unroll loop's copies are counted one by one: not dynamic.
# RUN: %nvc %s --kernel unrolled -o %t.spv && FileCheck %s --check-prefix=UNROLLED < %t.json
from numba import cuda, literal_unroll


@cuda.jit("void(float64[::1], float64[::1], float64)")
def relax(x, err, tol):
    i = cuda.grid(1)
    g = cuda.cg.this_grid()
    while err[0] > tol:
        if i > 0 and i < len(x) - 1:
            x[i] = 0.5 * (x[i - 1] + x[i + 1])
        g.sync()
        if i == 0:
            err[0] = err[0] * 0.5
        g.sync()


@cuda.jit("void(float32[::1], int32)")
def computed_bound(x, n):
    m = int(x[0])
    for j in range(m):
        cuda.cg.this_grid().sync()


@cuda.jit("void(float32[::1])")
def unrolled(x):
    for v in literal_unroll((1, 2.5, 3)):
        x[cuda.grid(1)] += v
        cuda.cg.this_grid().sync()

# MANIFEST: "grid_sync": {
# MANIFEST: "dispatches": null,

# At each barrier: the state word, then 1 in the word after the slots
# (words_per_invocation = 1 here: word 1 * N, N the launch's invocations).
# SPLIT-LABEL: func.func @relax(
# SPLIT-SAME: nvc.grid_sync_dynamic
# SPLIT: memref.load %arg3[%[[GID:[0-9]+]]]
# SPLIT: memref.store %c1_i32{{[_0-9]*}}, %arg3[%[[GID]]]
# SPLIT-NEXT: %[[W:.*]] = arith.constant 1 : index
# SPLIT-NEXT: %[[FLAG:.*]] = arith.muli %[[W]], %[[N:[0-9]+]] : index
# SPLIT-NEXT: %[[SET:.*]] = arith.constant 1 : i32
# SPLIT-NEXT: memref.store %[[SET]], %arg3[%[[FLAG]]]
# SPLIT-NEXT: return
# SPLIT: memref.store %c2_i32{{[_0-9]*}}, %arg3[%[[GID]]]
# SPLIT-NEXT: %[[W2:.*]] = arith.constant 1 : index
# SPLIT-NEXT: %[[FLAG2:.*]] = arith.muli %[[W2]], %[[N]] : index
# SPLIT-NEXT: %[[SET2:.*]] = arith.constant 1 : i32
# SPLIT-NEXT: memref.store %[[SET2]], %arg3[%[[FLAG2]]]
# SPLIT-NEXT: return

# UNROLLED: "dispatches": 4,
