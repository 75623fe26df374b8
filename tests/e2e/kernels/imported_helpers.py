"""Device functions imported from another module (`from kernel_helpers
import ...`), searched next to the kernel and on -I paths."""
from numba import cuda
from kernel_helpers import clamp, soft_limit, LIMIT


@cuda.jit("void(float64[::1], float64[::1])")
def apply(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = soft_limit(x[i]) - clamp(x[i], 0.0, LIMIT)
