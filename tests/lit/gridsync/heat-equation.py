# 003's heat equation: split at its grid barrier into phases, one dispatch
# each (docs/language.md "Grid synchronisation"). The manifest's grid_sync
# object: the hidden state buffer after the arrays, 1 + len(range(timesteps))
# dispatches; the state word plus the loop counter and the range's stop (two
# words each) are carried; `i = cuda.grid(1)` is recomputed, not saved.
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: spirv-val %t.spv
# RUN: %nvc %s -O0 --emit=mlir --mlir-print-ir-after=nvc-split-grid-barriers -o - | FileCheck %s --check-prefix=SPLIT
# The buffer swap: each access through `data`/`next_data` chooses one buffer.
# RUN: %nvc %s -O0 --emit=mlir --mlir-print-ir-after=nvc-expand-buffer-selects -o - | FileCheck %s --check-prefix=SELECT
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], int32, float64)")
def solve_heat_equation(buf_0, buf_1, timesteps, k):
    i = cuda.grid(1)
    if i >= len(buf_0):
        return
    grid = cuda.cg.this_grid()
    for step in range(timesteps):
        if (step % 2) == 0:
            data = buf_0
            next_data = buf_1
        else:
            data = buf_1
            next_data = buf_0
        curr_temp = data[i]
        if i == 0:
            next_temp = curr_temp + k * (data[i + 1] - (2 * curr_temp))
        elif i == len(data) - 1:
            next_temp = curr_temp + k * (data[i - 1] - (2 * curr_temp))
        else:
            next_temp = curr_temp + k * (data[i - 1] - (2 * curr_temp) + data[i + 1])
        next_data[i] = next_temp
        grid.sync()

# MANIFEST: "access": "readwrite"
# MANIFEST: "access": "readwrite"
# MANIFEST: "grid_sync": {
# MANIFEST-NEXT: "barriers": [
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "column": 9,
# MANIFEST-NEXT: "line": 35
# MANIFEST: "binding": 2,
# MANIFEST-NEXT: "dispatches": {
# MANIFEST-NEXT: "args": [
# MANIFEST-NEXT: 1,
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "args": [
# MANIFEST-NEXT: 0,
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "arg": "timesteps"
# MANIFEST: "op": "range_len"
# MANIFEST: "op": "+"
# MANIFEST: "words_per_invocation": 5

# The entry reads the invocation's state (slot 0 of the hidden buffer, the
# argument after the arrays) and dispatches on it: 0 starts the kernel, 1
# resumes after the barrier, anything else (finished) returns.
# SPLIT-LABEL: func.func @solve_heat_equation(
# SPLIT-SAME: nvc.grid_sync_arg = 4 : i32, nvc.grid_sync_words = 5 : i32
# SPLIT: %[[STATE:.*]] = memref.load %arg4[%[[GID:[0-9]+]]] : memref<?xi32
# SPLIT: cf.switch %[[STATE]] : i32, [
# SPLIT-NEXT: default: ^[[DONE:bb[0-9]+]],
# SPLIT-NEXT: 0: ^bb1,
# SPLIT-NEXT: 1: ^[[RESUME:bb[0-9]+]]
# The kernel's own end: state -1 (finished).
# SPLIT: %[[FIN:.*]] = arith.constant -1 : i32
# SPLIT-NEXT: memref.store %[[FIN]], %arg4[%[[GID]]]
# SPLIT-NEXT: return
# At the barrier: the loop counter and the range's stop saved in slots 1-4
# (slot s of invocation gid at s * N + gid), the state set to 1, return.
# SPLIT: arith.trunci
# SPLIT: %[[S1:.*]] = arith.constant 1 : index
# SPLIT: memref.store %{{.*}}, %arg4
# SPLIT: %[[S4:.*]] = arith.constant 4 : index
# SPLIT: memref.store %{{.*}}, %arg4
# SPLIT: %[[ONE:.*]] = arith.constant 1 : i32
# SPLIT-NEXT: memref.store %[[ONE]], %arg4[%[[GID]]]
# SPLIT-NEXT: return
# SPLIT: ^[[DONE]]:
# SPLIT-NEXT: return
# Resuming: the words read back into the locals, then the code after the barrier.
# SPLIT: ^[[RESUME]]:
# SPLIT: memref.load %arg4
# SPLIT: arith.ori
# SPLIT: memref.store %{{.*}}, %alloca
# SPLIT: cf.br
# No marker is left.
# SPLIT-NOT: nvc.grid_barrier

# SELECT-LABEL: func.func @solve_heat_equation(
# SELECT: scf.if
# SELECT: memref.load %arg{{[23]}}
# SELECT: else
# SELECT: memref.load %arg{{[23]}}
# SELECT-NOT: arith.select {{.*}} : memref
