"""Read-only NumPy arrays defined outside the kernel (004, "Arrays inside
kernels"): frozen at compile time, as in Numba."""
import numpy as np
import numba_vulkan as nv
from numba import cuda

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


# A module-level device array (numba-cuda captures cuda.to_device arrays by
# pointer; nvc freezes them like the arrays above).
DEVICE_TABLE = cuda.to_device(np.array([3.0, 1.5, -2.0, 8.0], dtype=np.float64))


@cuda.jit("void(float64[::1])")
def captured(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = DEVICE_TABLE[i % 4] * i
