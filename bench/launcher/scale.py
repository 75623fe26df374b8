# The kernel of the launcher benchmarks (bench/launcher/launcher_bench.cpp and
# numba_launcher.py): out = 2 x + 1 elementwise in float32, so a chunk's cost is its
# copies and a tiny launch's cost is the launch.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def scale(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = np.float32(2.0) * x[i] + np.float32(1.0)
