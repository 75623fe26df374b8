# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s
# The heat-equation example of 003 synchronises the whole grid, which one
# Vulkan dispatch cannot express.
from numba import cuda


@cuda.jit("void(float32[:], float32[:])")
def solve(buf_0, buf_1):
    grid = cuda.cg.this_grid()
    grid.sync()

# CHECK: grid-sync.py:9:12: error: grid-wide synchronisation (cuda.cg.this_grid()) cannot be expressed in one Vulkan dispatch
