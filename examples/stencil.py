"""The 2-D stencil of numba-vulkan's usage guide (004, "Kernels").

Axis 0 of the grid is the first extent: launch with --grid COLS,ROWS.
"""
import numpy as np
import numba_vulkan as nv


@nv.jit("void(float32[:, ::1], float32[:, ::1])")
def stencil(src, dst):
    j = nv.global_id(0)
    i = nv.global_id(1)
    if 0 < i < src.shape[0] - 1 and 0 < j < src.shape[1] - 1:
        dst[i, j] = (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1]) / 4
