"""2-D 5-point stencil on an 8192 x 8192 float32 grid (64 M points): the mean of a
point and its four neighbours; the border is left alone. Axis 0 of the grid runs along a row
(columns), so neighbouring threads touch neighbouring elements."""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def stencil(src, dst):
    j, i = cuda.grid(2)
    if 0 < i < src.shape[0] - 1 and 0 < j < src.shape[1] - 1:
        dst[i, j] = (src[i, j] + src[i - 1, j] + src[i + 1, j] + src[i, j - 1]
                     + src[i, j + 1]) * np.float32(0.2)
