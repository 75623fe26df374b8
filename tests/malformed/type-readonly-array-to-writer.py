from numba import cuda, types


@cuda.jit(device=True)
def setit(a, v):
    a[0] = v


# A read-only array passed to a device function that writes it.
@cuda.jit(types.void(types.Array(types.float64, 1, 'C', readonly=True), types.float64[::1]))
def k(x, out):
    setit(x, out[0])
# EXPECT: 6:5
