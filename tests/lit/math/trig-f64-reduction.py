# float64 sin/cos/tan: the medium-range reduction (|x| ≤ 1.6e6, k·π/2 with π/2
# in four parts, no floor) in the then branch of an scf.if on |x| ≤ 1.6e6,
# the Payne–Hanek reduction (the isfinite select, 2/π's bits selected by the
# exponent — 0xa2f9836e4e441529 is its first word — and integer products)
# only in the else branch; the kernels (minimax polynomials by fma) after
# the if, on its results. One if for sin and cos of the same value. The LLVM
# backend (float32-trig=false) keeps a branch-free reduction: the six-part
# Cody–Waite one (with its floor(k/4)) below 2^26 and Payne–Hanek above,
# selected.
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
# CHECK-NOT: math.floor
# CHECK: arith.cmpf olt
# CHECK: arith.select
# CHECK: arith.constant -6703182060581546711 : i64
# CHECK-NOT: math.floor
# CHECK: arith.muli
# CHECK-NOT: math.floor
# CHECK: scf.yield
# CHECK-NEXT: }
# CHECK: arith.mulf %[[RED]]#0, %[[RED]]#0
# CHECK: math.fma
# CHECK-NOT: scf.if

# The LLVM backend: no compare with the bound 1.6e6; |x| < 2^26 selects the
# six-part reduction (its floor) or Payne–Hanek (2/π's bits, integer
# products); no funnel shift (llvm.fshl, which LLVM's SPIR-V backend cannot
# select).
# LLVM-NOT: {{1.600000e\+06|llvm.fshl}}
# LLVM: fcmp olt double %{{.*}}, 0x4190000000000000
# LLVM: @llvm.floor.f64
# LLVM: i64 -6703182060581546711
# LLVM: mul {{.*}}i64
# LLVM: @llvm.fma.f64
# LLVM-NOT: {{1.600000e\+06|llvm.fshl}}
