"""Grid-wide barriers (`cuda.cg.this_grid().sync()`, docs/language.md "Grid
synchronisation"): barriers in nested loops, under data-dependent conditions,
early returns before and between barriers, locals of every kind carried
across barriers, buffer swaps of array parameters; and a kernel without
barriers whose variables choose between two arrays per invocation."""
import numpy as np
from numba import cuda, float64


# Each phase reads neighbours written in the phase before: without the
# barriers the answer would differ.
@cuda.jit("void(float64[::1], float64[::1], int32, int32)")
def nested_loops(x, y, n, m):
    i = cuda.grid(1)
    size = len(x)
    g = cuda.cg.this_grid()
    for t in range(n):
        for s in range(m):
            if i < size:
                y[i] = 0.5 * x[(i + 1) % size] + 0.25 * x[(i + size - 7) % size] + t - s
            g.sync()
            if i < size:
                x[i] = y[(i + 13) % size] * 0.75 - y[i]
            g.sync()


# A barrier under a data-dependent condition the whole grid agrees on
# (ops[t]): branch 1 has two barriers, branch 2 none, the others one.
@cuda.jit("void(float64[::1], float64[::1], int32[::1])")
def conditional_phases(x, y, ops):
    i = cuda.grid(1)
    size = len(x)
    g = cuda.cg.this_grid()
    for t in range(len(ops)):
        if ops[t] == 1:
            if i < size:
                y[i] = x[(i + 1) % size] + x[i]
            g.sync()
            if i < size:
                x[i] = y[(i + size - 1) % size] - 0.5 * y[i]
            g.sync()
        elif ops[t] == 2:
            if i < size:
                y[i] = y[i] * 1.5
        else:
            if i < size:
                y[i] = x[(i + 3) % size]
            g.sync()
            if i < size:
                x[i] = y[i] + 1.0
            g.sync()


# As sessionize (003): only the invocations at the start of a segment reach
# the barrier; the others mark their element and finish. After the barrier
# each start sums its segment and writes the sum to every element of it.
@cuda.jit("void(int32[::1], float64[::1], int32[::1], float64[::1])")
def segment_sums(keys, vals, starts, out):
    gid = cuda.grid(1)
    size = len(keys)
    if gid >= size:
        return
    is_start = gid == 0 or keys[gid] != keys[gid - 1]
    starts[gid] = 1 if is_start else 0
    if is_start:
        grid = cuda.cg.this_grid()
        grid.sync()
        total = vals[gid]
        j = gid + 1
        while j < size and starts[j] == 0:
            total += vals[j]
            j += 1
        for q in range(gid, j):
            out[q] = total


# Invocations that return before the first barrier (x < -1.5) and between
# barriers (i % 3 == 0) while the others go on; the y of finished ones stays.
@cuda.jit("void(float64[::1], float64[::1], float64[::1], int32)")
def early_returns(x, y, out, n):
    i = cuda.grid(1)
    size = len(x)
    if i >= size:
        return
    if x[i] < -1.5:
        y[i] = -x[i]
        out[i] = -1.0
        return
    g = cuda.cg.this_grid()
    y[i] = x[i] * 2.0
    g.sync()
    if i % 3 == 0:
        out[i] = y[(i + 1) % size] + y[i]
        return
    for t in range(n):
        v = y[i] + y[(i + 1) % size] * 0.5
        g.sync()
        y[i] = v - t
        g.sync()
        if t == 1 and i % 3 == 1:
            out[i] = y[i] + 100.0
            return
    out[i] = y[i]


# Locals live across barriers: float64 and float32 accumulators, an int64
# counter past 2**31, a bool flag, a private array and a complex128.
@cuda.jit("void(float64[::1], float32[::1], complex128[::1], float64[::1], float32[::1], "
          "int64[::1], int32[::1], float64[:, ::1], complex128[::1], int32)")
def carried_locals(x, xf, z, acc_out, accf_out, count_out, flag_out, priv_out, z_out, n):
    i = cuda.grid(1)
    size = len(x)
    g = cuda.cg.this_grid()
    acc = 0.0
    accf = np.float32(0)
    count = np.int64(0)
    flag = False
    zc = 1.0 + 0.0j
    priv = cuda.local.array(4, float64)
    for k in range(4):
        priv[k] = x[(i + k) % size] if i < size else 0.0
    for t in range(n):
        if i < size:
            v = x[(i + t) % size]
            acc += v
            accf += xf[(i + 2 * t) % size] * np.float32(0.5)
            if v > 0:
                count += 3000000000
            count += t
            flag = flag != (v > 0.5)
            priv[t % 4] = priv[t % 4] * 0.5 + x[(i + t + 1) % size]
            zc = zc * z[(i + t) % size] * 0.5 + 1j
        g.sync()
    if i < size:
        acc_out[i] = acc
        accf_out[i] = accf
        count_out[i] = count
        flag_out[i] = 1 if flag else 0
        for k in range(4):
            priv_out[i, k] = priv[k]
        z_out[i] = zc


# `a, b = b, a` of the array parameters after each step.
@cuda.jit("void(float64[::1], float64[::1], int32)")
def swap_params(a, b, n):
    i = cuda.grid(1)
    size = len(a)
    g = cuda.cg.this_grid()
    for t in range(n):
        if i < size:
            b[i] = a[i] * 0.5 + a[(i + 1) % size] * 0.25 + a[(i + size - 1) % size] * 0.25
        g.sync()
        a, b = b, a


# Three buffers rotating: c = a + b shifted, then (a, b, c) = (b, c, a).
@cuda.jit("void(float64[::1], float64[::1], float64[::1], int32)")
def rotate3(a, b, c, n):
    i = cuda.grid(1)
    size = len(a)
    g = cuda.cg.this_grid()
    for t in range(n):
        if i < size:
            c[i] = a[i] + b[(i + 1) % size] * 0.5
        g.sync()
        a, b, c = b, c, a


# 2-D arrays swapped; launch with --grid ROWS,COLS.
@cuda.jit("void(float32[:, ::1], float32[:, ::1], int32)")
def swap_2d(a, b, n):
    i, j = cuda.grid(2)
    rows, cols = a.shape
    g = cuda.cg.this_grid()
    for t in range(n):
        if i < rows and j < cols:
            b[i, j] = (a[(i + 1) % rows, j] + a[i, (j + 1) % cols]) * np.float32(0.5)
        g.sync()
        a, b = b, a


# No barrier: each invocation chooses its source and destination array
# (read at its own element, written at its own element).
@cuda.jit(["void(float32[::1], float32[::1], int32[::1])",
           "void(float64[::1], float64[::1], int32[::1])",
           "void(int32[::1], int32[::1], int32[::1])",
           "void(int64[::1], int64[::1], int32[::1])",
           "void(complex128[::1], complex128[::1], int32[::1])"])
def choose_arrays(a, b, sel):
    i = cuda.grid(1)
    if i < len(a):
        if sel[i] > 0:
            src = a
            dst = b
        else:
            src = b
            dst = a
        dst[i] = src[i] * 2 + dst[i]


# A while loop whose trip count is read from memory: a dynamic schedule (the
# launcher dispatches until no invocation waits at the barrier).
@cuda.jit("void(float64[::1], float64[::1], int64[::1])")
def steps_from_memory(a, b, state):
    i = cuda.grid(1)
    n = len(a)
    g = cuda.cg.this_grid()
    step = 0
    while step < state[0]:
        if step % 2 == 0:
            src = a
            dst = b
        else:
            src = b
            dst = a
        if i < n:
            dst[i] = 0.5 * src[i] + 0.25 * (src[(i + n - 1) % n] + src[(i + 1) % n])
        step += 1
        g.sync()
    if i == 0:
        state[1] = step


# Each invocation passes its own number of barriers (cnt[i], 0 for some):
# the launch ends when the longest has finished.
@cuda.jit("void(float64[::1], int32[::1], float64[::1], int32[::1])")
def own_counts(x, cnt, acc_out, k_out):
    i = cuda.grid(1)
    n = len(x)
    if i >= n:
        return
    g = cuda.cg.this_grid()
    acc = 0.0
    k = 0
    while k < cnt[i]:
        acc += x[(i + k) % n]
        k += 1
        g.sync()
    acc_out[i] = acc
    k_out[i] = k
