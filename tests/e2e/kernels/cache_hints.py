# numba.cuda's cache-hint loads and stores (cuda.ldca ... cuda.stwt) are plain
# loads and stores on Vulkan; also called through module-level aliases, as
# numba-cuda's tests do (`operator = cuda.ldcs`), with tuple indices. And
# tuple(t) of a tuple.
from numba import cuda

load_streaming = cuda.ldcs
store_through = cuda.stwt


@cuda.jit("void(float32[::1], float32[::1], int64[:, ::1], int64[:, ::1])")
def hinted(x, r, m, n):
    i = cuda.grid(1)
    if i < x.shape[0]:
        a = cuda.ldca(x, i) + cuda.ldcg(x, i) + cuda.ldlu(x, i) + cuda.ldcv(x, i)
        cuda.stcg(r, i, a + load_streaming(x, i))
    if i < m.shape[0]:
        for j in range(m.shape[1]):
            cuda.stcs(n, (i, j), cuda.ldca(m, (i, j)) * 2)
            t = tuple((i, j))
            store_through(n, t, cuda.ldcs(n, t) + 1)
            cuda.stwb(n, (i, j), cuda.ldcs(n, (i, j)) - 3)
