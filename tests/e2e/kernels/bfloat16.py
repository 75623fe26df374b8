# numba.cuda.bf16: bfloat16 values computed in float32 and rounded after each
# operation, conversions in every rounding mode, comparisons, extrema and
# bit casts; every result as its 16 bits (bfloat16_as_int16).
from numba import cuda
from numba.cuda.bf16 import (
    bfloat16, bfloat16_as_int16, bfloat16_to_int32_rd, bfloat16_to_int32_rn,
    bfloat16_to_int32_ru, bfloat16_to_int32_rz, bfloat16_to_uint8_rz, float32_to_bfloat16_rd,
    float32_to_bfloat16_ru, float32_to_bfloat16_rz, float64_to_bfloat16, hadd, hdiv, hfma,
    hfma_relu, hmax, hmax_nan, hmin, hmin_nan, hmul, hsub, hadd_sat, hlt, int64_to_bfloat16_rd,
    int64_to_bfloat16_rn, int64_to_bfloat16_ru, int64_to_bfloat16_rz,
)


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float64[::1], int64[::1], "
          "int16[:, ::1], int32[:, ::1])")
def bf16_ops(a, b, c, d, k, bits, ints):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = bfloat16(a[i])
        y = bfloat16(b[i])
        z = bfloat16(c[i])
        bits[i, 0] = bfloat16_as_int16(x)
        bits[i, 1] = bfloat16_as_int16(hadd(x, y))
        bits[i, 2] = bfloat16_as_int16(hsub(x, y))
        bits[i, 3] = bfloat16_as_int16(hmul(x, y))
        bits[i, 4] = bfloat16_as_int16(hdiv(x, y))
        bits[i, 5] = bfloat16_as_int16(hfma(x, y, z))
        bits[i, 6] = bfloat16_as_int16(x * y + z)      # operators: two roundings
        bits[i, 7] = bfloat16_as_int16(hmax(x, y))
        bits[i, 8] = bfloat16_as_int16(hmin(x, y))
        bits[i, 9] = bfloat16_as_int16(hmax_nan(x, y))
        bits[i, 10] = bfloat16_as_int16(hmin_nan(x, y))
        bits[i, 11] = bfloat16_as_int16(hfma_relu(x, y, z))
        bits[i, 12] = bfloat16_as_int16(float32_to_bfloat16_rz(a[i]))
        bits[i, 13] = bfloat16_as_int16(float32_to_bfloat16_rd(a[i]))
        bits[i, 14] = bfloat16_as_int16(float32_to_bfloat16_ru(a[i]))
        bits[i, 15] = bfloat16_as_int16(float64_to_bfloat16(d[i]))
        bits[i, 16] = bfloat16_as_int16(int64_to_bfloat16_rn(k[i]))
        bits[i, 17] = bfloat16_as_int16(int64_to_bfloat16_rz(k[i]))
        bits[i, 18] = bfloat16_as_int16(int64_to_bfloat16_rd(k[i]))
        bits[i, 19] = bfloat16_as_int16(int64_to_bfloat16_ru(k[i]))
        bits[i, 20] = bfloat16_as_int16(hadd_sat(x, y))
        ints[i, 0] = bfloat16_to_int32_rn(x)
        ints[i, 1] = bfloat16_to_int32_rz(x)
        ints[i, 2] = bfloat16_to_int32_rd(x)
        ints[i, 3] = bfloat16_to_int32_ru(x)
        ints[i, 4] = bfloat16_to_uint8_rz(x)
        ints[i, 5] = hlt(x, y)
