"""narrow=False: exact 64-bit integers (and floats) inside the kernel."""
from numba import cuda


@cuda.jit("void(int64[::1], int64[::1])", narrow=False)
def exact(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = a[i] * a[i] - (a[i] // 7) * (1 << 40)
