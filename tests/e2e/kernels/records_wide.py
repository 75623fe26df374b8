# float64 fields of records, also built with --no-float64 (a device without
# float64: the kernel reads and writes them as float32 with integer
# operations, GenRecords.cpp).
import numpy as np
from numba import cuda


wide = np.dtype([("a", "f8"), ("k", "i8"), ("c", "c16")], align=True)


@cuda.jit("void(wide[:], float32[:])")
def wide_fields(p, out):
    # Built with --no-float64 by the test too: float64 fields are then read
    # and written as float32 with integer operations (GenRecords.cpp).
    i = cuda.grid(1)
    if i < p.shape[0]:
        out[i] = p[i].a
        p[i].a = p[i].a * 2
        p[i].k = p[i].k + 1
        p[i].c = p[i].c * 2
