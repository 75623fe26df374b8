"""Ufunc forms for the end-to-end tests (docs/language.md "Ufuncs"): loops chosen by
dtype, guvectorize with a scalar and an array `()` layout and with two core
dimensions, reductions with and without identity, and @cuda.reduce over the
default types."""
from numba import cuda, guvectorize, vectorize


@vectorize(["int32(int32, int32)", "float32(float32, float32)", "float64(float64, float64)"],
           target="cuda")
def twice_plus(a, b):
    # int32 wraps as NumPy's int32 loop; each float loop rounds in its own width.
    return a + a + b


@vectorize(["float64(float64, int64, float32)"], target="cuda")
def mixed(x, k, w):
    return x * k + w


@guvectorize(["void(int32[:], int32, int32[:])"], "(n),()->(n)", target="cuda")
def shift_scalar(a, s, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + s


@guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),()->()", target="cuda")
def dot_scaled(a, s, out):
    total = 0.0
    for i in range(a.shape[0]):
        total += a[i] * a[i]
    out[0] = total * s[0]


@guvectorize(["void(float32[:, :], float32[:, :], float32[:, :])",
              "void(float64[:, :], float64[:, :], float64[:, :])"],
             "(m,n),(n,p)->(m,p)", target="cuda")
def matmul_core(a, b, out):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            acc = 0.0
            for k in range(a.shape[1]):
                acc += a[i, k] * b[k, j]
            out[i, j] = acc


@vectorize(["int64(int64, int64)", "float64(float64, float64)"], target="cuda", identity=0)
def plus(a, b):
    return a + b


@vectorize(["float64(float64, float64)"], target="cuda")
def bigger(a, b):
    return a if a > b else b


@cuda.reduce
def min_reduce(a, b):
    return min(a, b)
