"""Read-only NumPy arrays defined outside the kernel (004, "Arrays inside
kernels"): frozen at compile time, as in Numba."""
import numpy as np
import numba_vulkan as nv

WEIGHTS = np.array([0.25, 0.5, 0.25], dtype=np.float32)
RAMP = np.arange(0, 10, 2)                       # int64
GRID = np.linspace(-1.0, 1.0, 5)                 # float64
TABLE = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
SCALE = np.float32(np.pi)


@nv.jit("void(float32[::1], float32[::1], float64[::1])")
def smooth(x, out, extra):
    i = nv.global_id(0)
    if 0 < i < x.shape[0] - 1:
        acc = np.float32(0)
        for k in range(3):
            acc += x[i - 1 + k] * WEIGHTS[k]
        out[i] = acc * SCALE
        extra[i] = RAMP[i % 5] + GRID[i % len(GRID)] + TABLE[i % 2, i % 3]
