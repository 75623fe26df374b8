"""saxpy from numba-vulkan's usage guide (004, "Kernels"), with a signature."""
import numpy as np
import numba_vulkan as nv


@nv.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = nv.global_id(0)
    if i < x.shape[0]:
        y[i] = a * x[i] + y[i]
