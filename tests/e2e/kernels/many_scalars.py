"""More scalar parameters than fit in 128 bytes of push constants: the parameter
block is a uniform buffer (docs/manifest.md)."""
import numba_vulkan as nv


@nv.jit("void(float64[::1], float64, float64, float64, float64, float64, float64, float64, "
        "float64, float64, float64, float64, float64, float64, float64, float64, float64, "
        "int32)")
def weighted(out, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, k):
    i = nv.global_id(0)
    if i < out.shape[0]:
        out[i] = (c0 + c1 * i + c2 * c3 - c4 / c5 + c6 * c7 + c8 - c9 + c10 * c11
                  + c12 - c13 + c14 * c15) * k
