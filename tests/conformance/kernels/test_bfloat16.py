# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_bfloat16.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Upstream imports numba.cuda.bf16 only when not on the simulator.
import math

import numpy as np
from numba import cuda
from numba.cuda import (
    float32,
    float64,
    int16,
    int32,
    int64,
    uint16,
    uint32,
    uint64,
)

from numba.cuda.bf16 import (
    bfloat16,
    habs,
    hadd,
    hsub,
    hmul,
    hadd_rn,
    hsub_rn,
    hmul_rn,
    hdiv,
    hadd_sat,
    hsub_sat,
    hmul_sat,
    hfma,
    hfma_sat,
    hneg,
    hfma_relu,
    # Comparison intrinsics
    heq,
    hne,
    hge,
    hgt,
    hle,
    hlt,
    hmax,
    hmin,
    hmax_nan,
    hmin_nan,
    hisnan,
    hisinf,
    # Conversion intrinsics (NumPy-style names)
    bfloat16_to_int8_rz,
    bfloat16_to_uint8_rz,
    int16_to_bfloat16_rn,
    int16_to_bfloat16_rz,
    int16_to_bfloat16_rd,
    int16_to_bfloat16_ru,
    bfloat16_to_int16_rn,
    bfloat16_to_int16_rz,
    bfloat16_to_int16_rd,
    bfloat16_to_int16_ru,
    uint16_to_bfloat16_rn,
    uint16_to_bfloat16_rz,
    uint16_to_bfloat16_rd,
    uint16_to_bfloat16_ru,
    bfloat16_to_uint16_rn,
    bfloat16_to_uint16_rz,
    bfloat16_to_uint16_rd,
    bfloat16_to_uint16_ru,
    int32_to_bfloat16_rn,
    int32_to_bfloat16_rz,
    int32_to_bfloat16_rd,
    int32_to_bfloat16_ru,
    bfloat16_to_int32_rn,
    bfloat16_to_int32_rz,
    bfloat16_to_int32_rd,
    bfloat16_to_int32_ru,
    uint32_to_bfloat16_rn,
    uint32_to_bfloat16_rz,
    uint32_to_bfloat16_rd,
    uint32_to_bfloat16_ru,
    bfloat16_to_uint32_rn,
    bfloat16_to_uint32_rz,
    bfloat16_to_uint32_rd,
    bfloat16_to_uint32_ru,
    bfloat16_to_int64_rn,
    bfloat16_to_int64_rz,
    bfloat16_to_int64_rd,
    bfloat16_to_int64_ru,
    int64_to_bfloat16_rn,
    int64_to_bfloat16_rz,
    int64_to_bfloat16_rd,
    int64_to_bfloat16_ru,
    bfloat16_to_uint64_rn,
    bfloat16_to_uint64_rz,
    bfloat16_to_uint64_rd,
    bfloat16_to_uint64_ru,
    uint64_to_bfloat16_rn,
    uint64_to_bfloat16_rz,
    uint64_to_bfloat16_rd,
    uint64_to_bfloat16_ru,
    bfloat16_as_int16,
    int16_as_bfloat16,
    bfloat16_as_uint16,
    uint16_as_bfloat16,
    bfloat16_to_float32,
    float32_to_bfloat16,
    float64_to_bfloat16,
    float32_to_bfloat16_rn,
    float32_to_bfloat16_rz,
    float32_to_bfloat16_rd,
    float32_to_bfloat16_ru,
)


# TestBfloat16HighLevelBindings.test_use_type_in_kernel (renamed from kernel)
@cuda.jit
def use_type_in_kernel():
    bfloat16(3.14)


# TestBfloat16HighLevelBindings.test_math_bindings: the loop's `f`, one module
# constant and kernel per function (math.exp2 from Python 3.11)
f_trunc = math.trunc
f_ceil = math.ceil
f_floor = math.floor
f_sqrt = math.sqrt
f_log = math.log
f_log10 = math.log10
f_cos = math.cos
f_sin = math.sin
f_tanh = math.tanh
f_exp = math.exp
f_exp2 = math.exp2


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.trunc (renamed from kernel;
# f is f_trunc)
@cuda.jit
def math_trunc(arr):
    x = bfloat16(3.14)
    y = f_trunc(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.ceil (renamed from kernel;
# f is f_ceil)
@cuda.jit
def math_ceil(arr):
    x = bfloat16(3.14)
    y = f_ceil(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.floor (renamed from kernel;
# f is f_floor)
@cuda.jit
def math_floor(arr):
    x = bfloat16(3.14)
    y = f_floor(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.sqrt (renamed from kernel;
# f is f_sqrt)
@cuda.jit
def math_sqrt(arr):
    x = bfloat16(3.14)
    y = f_sqrt(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.log (renamed from kernel;
# f is f_log)
@cuda.jit
def math_log(arr):
    x = bfloat16(3.14)
    y = f_log(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.log10 (renamed from kernel;
# f is f_log10)
@cuda.jit
def math_log10(arr):
    x = bfloat16(3.14)
    y = f_log10(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.cos (renamed from kernel;
# f is f_cos)
@cuda.jit
def math_cos(arr):
    x = bfloat16(3.14)
    y = f_cos(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.sin (renamed from kernel;
# f is f_sin)
@cuda.jit
def math_sin(arr):
    x = bfloat16(3.14)
    y = f_sin(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.tanh (renamed from kernel;
# f is f_tanh)
@cuda.jit
def math_tanh(arr):
    x = bfloat16(3.14)
    y = f_tanh(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.exp (renamed from kernel;
# f is f_exp)
@cuda.jit
def math_exp(arr):
    x = bfloat16(3.14)
    y = f_exp(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_math_bindings, f = math.exp2 (renamed from kernel;
# f is f_exp2)
@cuda.jit
def math_exp2(arr):
    x = bfloat16(3.14)
    y = f_exp2(x)
    arr[0] = float32(y)


# TestBfloat16HighLevelBindings.test_arithmetic_intrinsics_basic (renamed from kernel)
@cuda.jit
def arithmetic_intrinsics_basic(out):
    a = bfloat16(1.25)
    b = bfloat16(-2.5)

    out[0] = float32(habs(b))
    out[1] = float32(hadd(a, b))
    out[2] = float32(hsub(a, b))
    out[3] = float32(hmul(a, b))
    out[4] = float32(hdiv(b, a))
    out[5] = float32(hneg(a))
    out[6] = float32(hfma(a, b, b))

    out[7] = float32(hadd_rn(a, b))
    out[8] = float32(hsub_rn(a, b))
    out[9] = float32(hmul_rn(a, b))


# TestBfloat16HighLevelBindings.test_arithmetic_intrinsics_saturating (renamed from
# kernel)
@cuda.jit
def arithmetic_intrinsics_saturating(out):
    a = bfloat16(1.5)
    b = bfloat16(0.75)

    out[0] = float32(hadd_sat(a, b))  # 2.25 -> 1.0
    out[1] = float32(hsub_sat(b, a))  # -0.75 -> 0.0
    out[2] = float32(hmul_sat(a, b))  # 1.125 -> 1.0
    out[3] = float32(hfma_sat(a, b, a))  # 1.125 + 1.5 -> 1.0


# TestBfloat16HighLevelBindings.test_fma_relu_intrinsic (renamed from kernel)
@cuda.jit
def fma_relu_intrinsic(out):
    a = bfloat16(-1.5)
    b = bfloat16(2.0)
    c = bfloat16(0.0)

    out[0] = float32(hfma_relu(a, b, c))  # -3.0 -> relu -> 0.0


# TestBfloat16HighLevelBindings.test_comparison_intrinsics, make_kernel(heq) (renamed
# from kernel; cmpfn is heq)
@cuda.jit
def comparison_heq(out, a, b):
    a_bf16 = bfloat16(a)
    b_bf16 = bfloat16(b)
    out[0] = heq(a_bf16, b_bf16)


# TestBfloat16HighLevelBindings.test_comparison_intrinsics, make_kernel(hne) (renamed
# from kernel; cmpfn is hne)
@cuda.jit
def comparison_hne(out, a, b):
    a_bf16 = bfloat16(a)
    b_bf16 = bfloat16(b)
    out[0] = hne(a_bf16, b_bf16)


# TestBfloat16HighLevelBindings.test_comparison_intrinsics, make_kernel(hge) (renamed
# from kernel; cmpfn is hge)
@cuda.jit
def comparison_hge(out, a, b):
    a_bf16 = bfloat16(a)
    b_bf16 = bfloat16(b)
    out[0] = hge(a_bf16, b_bf16)


# TestBfloat16HighLevelBindings.test_comparison_intrinsics, make_kernel(hgt) (renamed
# from kernel; cmpfn is hgt)
@cuda.jit
def comparison_hgt(out, a, b):
    a_bf16 = bfloat16(a)
    b_bf16 = bfloat16(b)
    out[0] = hgt(a_bf16, b_bf16)


# TestBfloat16HighLevelBindings.test_comparison_intrinsics, make_kernel(hle) (renamed
# from kernel; cmpfn is hle)
@cuda.jit
def comparison_hle(out, a, b):
    a_bf16 = bfloat16(a)
    b_bf16 = bfloat16(b)
    out[0] = hle(a_bf16, b_bf16)


# TestBfloat16HighLevelBindings.test_comparison_intrinsics, make_kernel(hlt) (renamed
# from kernel; cmpfn is hlt)
@cuda.jit
def comparison_hlt(out, a, b):
    a_bf16 = bfloat16(a)
    b_bf16 = bfloat16(b)
    out[0] = hlt(a_bf16, b_bf16)


# TestBfloat16HighLevelBindings.test_hmax_hmin_intrinsics (renamed from kernel)
@cuda.jit
def hmax_hmin_intrinsics(out):
    a = bfloat16(3.0)
    b = bfloat16(4.0)
    out[0] = float32(hmax(a, b))
    out[1] = float32(hmin(a, b))


# TestBfloat16HighLevelBindings.test_nan_and_inf_intrinsics (renamed from kernel)
@cuda.jit
def nan_and_inf_intrinsics(out_bool, out_int):
    nanv = bfloat16(float("nan"))
    infv = bfloat16(float("inf"))
    out_bool[0] = hisnan(nanv)
    out_int[0] = hisinf(infv)


# TestBfloat16HighLevelBindings.test_hmax_nan_hmin_nan_intrinsics (renamed from kernel)
@cuda.jit
def hmax_nan_hmin_nan_intrinsics(out):
    a = bfloat16(float("nan"))
    b = bfloat16(2.0)
    out[0] = float32(hmax_nan(a, b))
    out[1] = float32(hmin_nan(a, b))
    out[2] = float32(hmax(a, b))
    out[3] = float32(hmin(a, b))


# TestBfloat16HighLevelBindings.test_bfloat16_as_bitcast
@cuda.jit
def roundtrip_kernel(test_val, i2, u2):
    i2[0] = int16_as_bfloat16(bfloat16_as_int16(test_val))
    u2[0] = uint16_as_bfloat16(bfloat16_as_uint16(test_val))


# TestBfloat16HighLevelBindings.test_to_integer_conversions (renamed from kernel)
@cuda.jit
def to_integer_conversions(test_val, i1, i2, i3, i4, u1, u2, u3, u4):
    a = int16_as_bfloat16(test_val)

    i1[0] = bfloat16_to_int8_rz(a)
    u1[0] = bfloat16_to_uint8_rz(a)
    i2[0] = bfloat16_to_int16_rn(a)
    i2[1] = bfloat16_to_int16_rz(a)
    i2[2] = bfloat16_to_int16_rd(a)
    i2[3] = bfloat16_to_int16_ru(a)
    u2[0] = bfloat16_to_uint16_rn(a)
    u2[1] = bfloat16_to_uint16_rz(a)
    u2[2] = bfloat16_to_uint16_rd(a)
    u2[3] = bfloat16_to_uint16_ru(a)
    i3[0] = bfloat16_to_int32_rn(a)
    i3[1] = bfloat16_to_int32_rz(a)
    i3[2] = bfloat16_to_int32_rd(a)
    i3[3] = bfloat16_to_int32_ru(a)
    u3[0] = bfloat16_to_uint32_rn(a)
    u3[1] = bfloat16_to_uint32_rz(a)
    u3[2] = bfloat16_to_uint32_rd(a)
    u3[3] = bfloat16_to_uint32_ru(a)
    i4[0] = bfloat16_to_int64_rn(a)
    i4[1] = bfloat16_to_int64_rz(a)
    i4[2] = bfloat16_to_int64_rd(a)
    i4[3] = bfloat16_to_int64_ru(a)
    u4[0] = bfloat16_to_uint64_rn(a)
    u4[1] = bfloat16_to_uint64_rz(a)
    u4[2] = bfloat16_to_uint64_rd(a)
    u4[3] = bfloat16_to_uint64_ru(a)


# TestBfloat16HighLevelBindings.test_from_integer_conversions (its closure's test_val;
# renamed: test_from_float_conversions has another)
test_val_int = 789


# TestBfloat16HighLevelBindings.test_from_integer_conversions (renamed from kernel;
# test_val is test_val_int)
@cuda.jit
def from_integer_conversions(out):
    i2 = int16(test_val_int)
    i3 = int32(test_val_int)
    i4 = int64(test_val_int)
    u2 = uint16(test_val_int)
    u3 = uint32(test_val_int)
    u4 = uint64(test_val_int)

    i2rn = int16_to_bfloat16_rn(i2)
    i2rz = int16_to_bfloat16_rz(i2)
    i2rd = int16_to_bfloat16_rd(i2)
    i2ru = int16_to_bfloat16_ru(i2)

    u2rn = uint16_to_bfloat16_rn(u2)
    u2rz = uint16_to_bfloat16_rz(u2)
    u2rd = uint16_to_bfloat16_rd(u2)
    u2ru = uint16_to_bfloat16_ru(u2)

    i3rn = int32_to_bfloat16_rn(i3)
    i3rz = int32_to_bfloat16_rz(i3)
    i3rd = int32_to_bfloat16_rd(i3)
    i3ru = int32_to_bfloat16_ru(i3)

    u3rn = uint32_to_bfloat16_rn(u3)
    u3rz = uint32_to_bfloat16_rz(u3)
    u3rd = uint32_to_bfloat16_rd(u3)
    u3ru = uint32_to_bfloat16_ru(u3)

    i4rn = int64_to_bfloat16_rn(i4)
    i4rz = int64_to_bfloat16_rz(i4)
    i4rd = int64_to_bfloat16_rd(i4)
    i4ru = int64_to_bfloat16_ru(i4)

    u4rn = uint64_to_bfloat16_rn(u4)
    u4rz = uint64_to_bfloat16_rz(u4)
    u4rd = uint64_to_bfloat16_rd(u4)
    u4ru = uint64_to_bfloat16_ru(u4)

    out[0] = bfloat16_as_int16(i2rn)
    out[1] = bfloat16_as_int16(i2rz)
    out[2] = bfloat16_as_int16(i2rd)
    out[3] = bfloat16_as_int16(i2ru)
    out[4] = bfloat16_as_int16(u2rn)
    out[5] = bfloat16_as_int16(u2rz)
    out[6] = bfloat16_as_int16(u2rd)
    out[7] = bfloat16_as_int16(u2ru)
    out[8] = bfloat16_as_int16(i3rn)
    out[9] = bfloat16_as_int16(i3rz)
    out[10] = bfloat16_as_int16(i3rd)
    out[11] = bfloat16_as_int16(i3ru)
    out[12] = bfloat16_as_int16(u3rn)
    out[13] = bfloat16_as_int16(u3rz)
    out[14] = bfloat16_as_int16(u3rd)
    out[15] = bfloat16_as_int16(u3ru)
    out[16] = bfloat16_as_int16(i4rn)
    out[17] = bfloat16_as_int16(i4rz)
    out[18] = bfloat16_as_int16(i4rd)
    out[19] = bfloat16_as_int16(i4ru)
    out[20] = bfloat16_as_int16(u4rn)
    out[21] = bfloat16_as_int16(u4rz)
    out[22] = bfloat16_as_int16(u4rd)
    out[23] = bfloat16_as_int16(u4ru)


# TestBfloat16HighLevelBindings.test_to_float_conversions (renamed from kernel)
@cuda.jit
def to_float_conversions(out):
    a = bfloat16(1.5)
    out[0] = bfloat16_to_float32(a)


# TestBfloat16HighLevelBindings.test_from_float_conversions (its closure's test_val;
# renamed)
test_val_float = 1.5


# TestBfloat16HighLevelBindings.test_from_float_conversions (renamed from kernel;
# test_val is test_val_float)
@cuda.jit
def from_float_conversions(out):
    f4 = float32(test_val_float)
    f8 = float64(test_val_float)

    f4rn = float32_to_bfloat16_rn(f4)
    f4rz = float32_to_bfloat16_rz(f4)
    f4rd = float32_to_bfloat16_rd(f4)
    f4ru = float32_to_bfloat16_ru(f4)

    f4_default = float32_to_bfloat16(f4)
    f8_default = float64_to_bfloat16(f8)

    out[0] = bfloat16_as_int16(f4rn)
    out[1] = bfloat16_as_int16(f4rz)
    out[2] = bfloat16_as_int16(f4rd)
    out[3] = bfloat16_as_int16(f4ru)
    out[4] = bfloat16_as_int16(f4_default)
    out[5] = bfloat16_as_int16(f8_default)
