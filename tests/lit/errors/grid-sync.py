# Grid barriers nvc cannot split at: in a device function, and where shared
# memory would have to survive a dispatch (docs/language.md "Grid
# synchronisation"); and the dispatch counts of the ones it can
# (gridsync/while-loop.py: dynamic schedules).
# RUN: rm -f %t.spv
# RUN: not %nvc %s --kernel in_device_function -o %t.spv 2>&1 | FileCheck %s --check-prefix=DEVICE
# RUN: not %nvc %s --kernel shared_across -o %t.spv 2>&1 | FileCheck %s --check-prefix=SHARED
# RUN: not test -e %t.spv
# What can be split: bounds from arguments, extents and locals set once from them.
# RUN: %nvc %s --kernel bounded -o %t.spv && FileCheck %s --check-prefix=BOUNDED < %t.json
# A parameter re-bound (`n = n + 1`) is a new variable (Numba's SSA): its value is computable.
# RUN: %nvc %s --kernel rebound_param -o %t.spv && FileCheck %s --check-prefix=REBOUND < %t.json
from numba import cuda, float32


@cuda.jit(device=True)
def helper():
    cuda.cg.this_grid().sync()


@cuda.jit("void(float32[::1])")
def in_device_function(x):
    helper()

# DEVICE: grid-sync.py:18:5: error: grid.sync() in a device function


@cuda.jit("void(float32[::1])")
def shared_across(x):
    s = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    s[t] = x[t]
    cuda.cg.this_grid().sync()
    x[t] = s[63 - t]

# SHARED: grid-sync.py:33:5: error: nvc cannot split this kernel at this grid barrier: a shared array is read after it before being written again


@cuda.jit("void(float32[::1], int32)")
def rebound_param(x, n):
    n = n + 1
    for j in range(n):
        cuda.cg.this_grid().sync()

# REBOUND: "arg": "n"
# REBOUND-NEXT: },
# REBOUND-NEXT: 1
# REBOUND-NEXT: ],
# REBOUND-NEXT: "op": "+"


@cuda.jit("void(float32[:, ::1], int32)")
def bounded(x, n):
    g = cuda.cg.this_grid()
    rows, cols = x.shape
    half = rows // 2
    for j in range(1, half, 2):
        if x[0, 0] > 0:
            g.sync()
        else:
            for k in range(n):
                g.sync()
    for v in x:
        g.sync()
    g.sync()

# 1 + range_len(1, x.shape[0] // 2, 2) * max(1, range_len(0, n, 1)) + x.shape[0] + 1
# BOUNDED: "dispatches": {
# BOUNDED: "x",
# BOUNDED: "op": "//"
# BOUNDED: "op": "range_len"
# BOUNDED: "arg": "n"
# BOUNDED: "op": "range_len"
# BOUNDED: "op": "max"
# BOUNDED: "op": "*"
# BOUNDED: "shape": [
# BOUNDED-NEXT: "x",
# BOUNDED-NEXT: 0
# BOUNDED: "op": "+"
# BOUNDED: "op": "+"
