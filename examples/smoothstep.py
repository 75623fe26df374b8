"""004_…txt's "Extending the target", verbatim: smoothstep is a host function, and the
@overload gives its implementation on the GPU; nvc evaluates the typing function when a
kernel that calls smoothstep is compiled (docs/language.md "Overloads").

    nvc examples/smoothstep.py -o smoothstep.spv
    nvc-run smoothstep.spv --grid 1000 x=@x.npy out=zeros:1000 --out out=y.npy
"""
from numba import cuda
from numba.extending import overload


def smoothstep(edge0, edge1, x):
    raise NotImplementedError


@overload(smoothstep, target="vulkan")
def ol_smoothstep(edge0, edge1, x):
    def impl(edge0, edge1, x):
        t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
        return t * t * (3 - 2 * t)
    return impl


@cuda.jit("void(float64[::1], float64[::1])")
def apply_smoothstep(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = smoothstep(0.25, 0.75, x[i])
