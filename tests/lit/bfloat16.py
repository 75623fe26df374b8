# RUN: %nvc %s --emit=mlir -O0 | FileCheck %s
# bfloat16 (numba.cuda.bf16) is computed in float32 and each result rounded
# to nearest even on the f32's bits: + 0x7fff + the kept part's last bit,
# then the low 16 bits cleared (GenBFloat16.cpp).
from numba import cuda
from numba.cuda.bf16 import bfloat16, hadd, bfloat16_as_int16


@cuda.jit("void(float32[::1], int16[::1])")
def k(a, out):
    out[0] = bfloat16_as_int16(hadd(bfloat16(a[0]), bfloat16(a[1])))

# CHECK: func.func @k
# CHECK: %[[S:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
# CHECK: %[[B:.*]] = arith.bitcast %[[S]] : f32 to i32
# CHECK-DAG: arith.constant 32767 : i32
# CHECK-DAG: arith.constant -65536 : i32
# CHECK: arith.shrui %{{.*}}, %{{.*}} : i32
# CHECK: arith.trunci %{{.*}} : i32 to i16
