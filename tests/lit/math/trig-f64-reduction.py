# float64 sin/cos/tan: the medium-range reduction (|x| ≤ 1.6e6, k·π/2 with π/2
# in four parts, no floor) in the then branch of an scf.if on |x| ≤ 1.6e6,
# the exact six-part reduction (with its floor(k/4) and the isfinite select)
# only in the else branch; the kernels (minimax polynomials by fma) after
# the if, on its results. One if for sin and cos of the same value. The LLVM
# backend (float32-trig=false) keeps the branch-free exact reduction.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-expand-math-library -o - 2>/dev/null | FileCheck %s
# RUN: %nvc %s --emit=llvm -o - 2>/dev/null | FileCheck %s --check-prefix=LLVM
# RUN: %nvc %s --backend=llvm -o %t.spv
import math

from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])")
def k(x, out):
    i = cuda.grid(1)
    if i < out.size:
        p = x[i]
        out[i] = math.sin(p) + math.cos(p)

# CHECK: %[[BOUND:.*]] = arith.constant 1.600000e+06 : f64
# CHECK: %[[ABS:.*]] = math.absf %[[P:[0-9]+]] : f64
# CHECK: %[[MED:.*]] = arith.cmpf ole, %[[ABS]], %[[BOUND]] : f64
# CHECK: %[[RED:.*]]:3 = scf.if %[[MED]] -> (f64, f64, i64) {
# CHECK-NOT: math.floor
# CHECK-NOT: math.fma
# CHECK: arith.fptosi %{{.*}} : f64 to i64
# CHECK-NOT: math.floor
# CHECK: scf.yield
# CHECK-NEXT: } else {
# CHECK: math.floor %{{.*}} : f64
# CHECK: arith.select
# CHECK: scf.yield
# CHECK-NEXT: }
# CHECK: arith.mulf %[[RED]]#0, %[[RED]]#0
# CHECK: math.fma
# CHECK-NOT: scf.if

# The LLVM backend: the exact reduction's floor, no compare with the bound.
# LLVM-NOT: 1.600000e+06
# LLVM: @llvm.floor.f64
# LLVM: @llvm.fma.f64
# LLVM-NOT: 1.600000e+06
