"""A grid-stride loop with a subgroup shuffle in its body. Invocations whose
trip counts differ still execute the iterations they share together, so the
shuffle reads its partner's value there; UnrollGridStride must leave such a
loop alone (unrolled, the invocation with one iteration more runs the main
loop while its partner runs the rest, and the shuffle reads a lane that is
not active)."""
import numba_vulkan as nv
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def swap_pairs(xs, out):
    for i in range(cuda.grid(1), xs.shape[0], cuda.gridsize(1)):
        v = xs[i]
        out[i] = nv.subgroup.shuffle_xor(v, 1)
