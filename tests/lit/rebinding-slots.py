# Each web of a variable (frontend/syntax/Rebindings.h) is typed apart, but
# the webs of one name that have one type share their storage: `v` re-bound
# six times to float64 values has one alloca, `w` re-bound from int64 to
# float64 has one per type. (mem2reg walks the blocks once per alloca, so one
# per web made it quadratic in the length of such code.)
# (The third f64 alloca is the scalar parameter j's.)
# RUN: %nvc %s --emit=mlir -o - | grep -c "memref.alloca() : memref<f64" | FileCheck %s --check-prefix=F64
# RUN: %nvc %s --emit=mlir -o - | grep -c "memref.alloca() : memref<i64" | FileCheck %s --check-prefix=I64
# F64: {{^}}3{{$}}
# I64: {{^}}1{{$}}
from numba import cuda


@cuda.jit("void(float64[::1], float64)")
def k(x, j):
    v = x[0]
    v = v * 1.0001 + 0.5 if v < j else v - 0.25
    v = v * 1.0001 + 0.5 if v < j else v - 0.25
    v = v * 1.0001 + 0.5 if v < j else v - 0.25
    v = v * 1.0001 + 0.5 if v < j else v - 0.25
    v = v * 1.0001 + 0.5 if v < j else v - 0.25
    w = 7
    x[1] = w // 2
    w = 0.5
    x[2] = v + w
