"""Launch chains (@nv.chain, docs/language.md "Launch chains"): kernels
launched back to back over one grid run as one fused entry point, their
intermediates kept in registers; results must be those of the launches one
after the other."""
from numba import cuda
import numba_vulkan as nv


@cuda.jit("void(float32, float32[::1], float32[::1])")
def scale(a, x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i]


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def add(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + y[i]


@nv.chain
def scale_then_add(a, x, y, out):
    """out = a * x + y, rounded after the multiply as the two launches are."""
    tmp = cuda.device_array_like(x)
    scale[blocks, threads](a, x, tmp)
    add[blocks, threads](tmp, y, out)


@cuda.jit("void(float64[::1], float64[::1])")
def square(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    out[i] = x[i] * x[i]


@cuda.jit("void(float64[::1], float64, float64[::1], float64[::1])")
def shift(x, c, out, shifted):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i] - c
        out[i] = v
        shifted[i] = v


@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def relu_add(t, y, out):
    i = cuda.grid(1)
    if i < t.size:
        v = t[i]
        out[i] = (v if v > 0.0 else 0.0) + y[i]


@nv.chain
def square_shift_relu(x, c, y, shifted, out):
    """Three launches, two intermediates; `shifted` is an output the later
    launches do not touch."""
    sq = cuda.device_array_like(x)
    t = cuda.device_array_like(x)
    square[blocks, threads](x, sq)
    shift[blocks, threads](sq, c, t, shifted)
    relu_add[blocks, threads](t, y, out)
