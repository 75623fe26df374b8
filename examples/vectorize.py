"""004_…txt's ufuncs ("Ufuncs: vectorize and guvectorize"), verbatim: a vectorize with
two loops, a guvectorize with a core dimension, and a vectorize whose .reduce sums an
array. nvc compiles an entry point per signature (docs/language.md "Ufuncs"); the
launcher broadcasts, picks the loop by the inputs' dtypes and allocates the output:

    nvc examples/vectorize.py -o vectorize.spv
    nvc-run vectorize.spv --ufunc gaussian x=@x.npy sigma=@sigmas_column.npy --out out=grid.npy
    nvc-run vectorize.spv --ufunc distance a=@points.npy b=@centre.npy --out out=d.npy
    nvc-run vectorize.spv --reduce add array=@x.npy

and from C++, `module.ufunc("gaussian")(...)` (nvc/Ufunc.h).
"""
import math

import numba
import numpy as np


@numba.vectorize(["float32(float32, float32)", "float64(float64, float64)"],
                 target="vulkan")
def gaussian(x, sigma):
    return math.exp(-0.5 * (x / sigma) ** 2)


@numba.guvectorize(["void(float32[:], float32[:], float32[:])"],
                   "(n),(n)->()", target="vulkan")
def distance(a, b, out):
    total = np.float32(0)
    for i in range(a.shape[0]):
        total += (a[i] - b[i]) ** 2
    out[0] = math.sqrt(total)


@numba.vectorize(["float32(float32, float32)"], target="vulkan", identity=0)
def add(a, b):
    return a + b
