# Used by tests/lit/opt/coarsen.py: coarsen= must be an integer from 1 to 16.
from numba import cuda


@cuda.jit("void(float32[::1])", coarsen=0)
def k(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = 1.0
