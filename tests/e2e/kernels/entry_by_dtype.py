# A kernel with several signatures (entry points scale, scale__1, scale__2):
# nvc-run without --entry picks the one that takes the arguments' dtypes, as
# Numba's dispatcher picks an overload (test_examples.py, case_entry_by_dtype).
from numba import cuda


@cuda.jit(["void(float32[::1], float32, float32[::1])",
           "void(float64[::1], float64, float64[::1])",
           "void(int16[::1], int16, int16[::1])"])
def scale(x, a, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] * a + x[i]
