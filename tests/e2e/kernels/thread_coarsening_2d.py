"""2-D kernels for the e2e cases "thread coarsening along y: …"
(passes/CoarsenThreads.cpp: a 2-D kernel computes C outputs along y per
invocation, its guarded loop jammed). The element type is the module-level
DT (compile with -D DT=np.float64, …) and the e2e cases replace the
decorators' float32 signatures with --sig, so that one file serves float32,
float64 and int32."""
import numpy as np
from numba import cuda, float32

DT = float32


@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :])")
def matmul(A, B, C):
    """003's naive matmul: the cost model coarsens it by 4 along y (the
    copies share the read of A's row i)."""
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = DT(0)
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp


@cuda.jit("void(float32[:, :], float32[:, :], float32[::1], float32[:, :], int32[:, :], int32)")
def band(A, B, scale, C, hits, lo):
    """Only the columns from `lo` on: an invocation's first copy (the
    smallest column) can fail the guard while its later copies pass, so the
    jammed guard must run for them with their own columns. A read that
    depends on the column before the loop (scale[j]) and a write before it
    (hits), each copy's under its own condition."""
    i, j = cuda.grid(2)
    if i < C.shape[0] and j >= lo and j < C.shape[1]:
        s = scale[j]
        hits[i, j] = i * 1000 + j
        acc = DT(0)
        for k in range(A.shape[1]):
            acc += A[i, k] * B[k, j]
        C[i, j] = acc * s


@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :])")
def early_return(A, B, C):
    """matmul with an early `return` (`if c: return` before the body, an if
    whose else branch is the body): jammed like matmul's guard, negated."""
    i, j = cuda.grid(2)
    if i >= C.shape[0] or j >= C.shape[1]:
        return
    tmp = DT(0)
    for k in range(A.shape[1]):
        tmp += A[i, k] * B[k, j]
    C[i, j] = tmp


@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :], int32[:, :])")
def split_else(A, B, C, E):
    """An if/else whose else branch stores (E[i % m, 0] = 1 for the
    invocations past C's shape): not jammed, so each copy's if runs under
    `if it exists`: a copy past the grid must run neither branch. The cost
    model leaves it alone (no loop to share at the top level)."""
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = DT(0)
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp
    else:
        E[i % E.shape[0], 0] = 1
