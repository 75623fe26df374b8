# float64 sin/cos/tan: the medium-range reduction (|x| ≤ 1.6e6, k·π/2 with π/2
# in four parts, no floor) in the then branch of an scf.if on |x| ≤ 1.6e6,
# the Payne–Hanek reduction only in the else branch, as a call of one private
# function per module, @nvc_reduce_pio2_payne_hanek_f64 (the isfinite
# select, 2/π's bits selected by the exponent — 0xa2f9836e4e441529 is its
# first word — and integer products), returning (hi, lo, q) as a
# vector<3xf64>; the caller masks hi for infinite or NaN x. The kernels
# (minimax polynomials by fma) after the if, on its results. One if for sin
# and cos of the same value. Other arguments (tan(p·3) here, and the second
# kernel) call the same function: one definition per module. In SPIR-V it is
# a plain function called by the entry points. The LLVM backend
# (float32-trig=false) keeps a branch-free reduction inline: the six-part
# Cody–Waite one (with its floor(k/4)) below 2^26 and Payne–Hanek above,
# selected.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-expand-math-library -o - 2>/dev/null | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-expand-math-library -o - 2>/dev/null | FileCheck %s --check-prefix=ONCE
# RUN: %nvc %s --emit=spirv -o - 2>/dev/null | FileCheck %s --check-prefix=SPIRV
# RUN: %nvc %s -o %t.spv
# RUN: %nvc %s --emit=llvm -o - 2>/dev/null | FileCheck %s --check-prefix=LLVM
# RUN: %nvc %s --backend=llvm -o %t.llvm.spv
import math

from numba import cuda


@cuda.jit("void(float64[::1], float64[::1])")
def k(x, out):
    i = cuda.grid(1)
    if i < out.size:
        p = x[i]
        out[i] = math.sin(p) + math.cos(p) + math.tan(p * 3.0)


@cuda.jit("void(float64[::1], float64[::1])")
def k2(x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.cos(x[i])

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
# CHECK-NEXT: %[[PH:.*]] = func.call @nvc_reduce_pio2_payne_hanek_f64(%[[P]]) : (f64) -> vector<3xf64>
# CHECK-NEXT: %[[HI:.*]] = vector.extract %[[PH]][0] : f64 from vector<3xf64>
# CHECK-NEXT: %[[LO:.*]] = vector.extract %[[PH]][1] : f64 from vector<3xf64>
# CHECK-NEXT: %[[QF:.*]] = vector.extract %[[PH]][2] : f64 from vector<3xf64>
# CHECK-NEXT: %[[Q:.*]] = arith.fptosi %[[QF]] : f64 to i64
# CHECK-NOT: arith.muli
# CHECK: %[[FIN:.*]] = arith.cmpf olt
# CHECK: %[[MHI:.*]] = arith.select %[[FIN]], %[[HI]], %{{.*}} : f64
# CHECK-NEXT: scf.yield %[[MHI]], %[[LO]], %[[Q]] : f64, f64, i64
# CHECK-NEXT: }
# CHECK: arith.mulf %[[RED]]#0, %[[RED]]#0
# CHECK: math.fma
# CHECK-LABEL: func.func private @nvc_reduce_pio2_payne_hanek_f64(%arg0: f64) -> vector<3xf64>
# CHECK-NOT: math.floor
# CHECK: arith.cmpf olt
# CHECK: arith.select
# CHECK: arith.constant -6703182060581546711 : i64
# CHECK-NOT: math.floor
# CHECK: arith.muli
# CHECK-NOT: math.floor
# CHECK: %[[PACK:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}} : vector<3xf64>
# CHECK-NEXT: return %[[PACK]] : vector<3xf64>

# Three reductions (p, p·3 in k; x[i] in k2), three calls, one definition,
# and no Payne–Hanek code in the kernels themselves.
# ONCE-LABEL: func.func @k(
# ONCE-NOT: -6703182060581546711
# ONCE-COUNT-2: func.call @nvc_reduce_pio2_payne_hanek_f64
# ONCE-NOT: func.call
# ONCE-LABEL: func.func @k2(
# ONCE-NOT: -6703182060581546711
# ONCE: func.call @nvc_reduce_pio2_payne_hanek_f64
# ONCE-NOT: func.call
# ONCE-LABEL: func.func private @nvc_reduce_pio2_payne_hanek_f64
# ONCE-NOT: func.func

# SPIRV: OpEntryPoint GLCompute %k "k"
# SPIRV: OpEntryPoint GLCompute %k2 "k2"
# SPIRV: %k = OpFunction
# SPIRV-COUNT-2: OpFunctionCall %v3double %nvc_reduce_pio2_payne_hanek_f64
# SPIRV: %k2 = OpFunction
# SPIRV: OpFunctionCall %v3double %nvc_reduce_pio2_payne_hanek_f64
# SPIRV: %nvc_reduce_pio2_payne_hanek_f64 = OpFunction %v3double None
# SPIRV-NOT: OpFunction {{.*}}None

# The LLVM backend: no compare with the bound 1.6e6; |x| < 2^26 selects the
# six-part reduction (its floor) or Payne–Hanek (2/π's bits, integer
# products); no funnel shift (llvm.fshl, which LLVM's SPIR-V backend cannot
# select).
# LLVM-NOT: {{1.600000e\+06|llvm.fshl|nvc_reduce_pio2}}
# LLVM: fcmp olt double %{{.*}}, 0x4190000000000000
# LLVM: @llvm.floor.f64
# LLVM: i64 -6703182060581546711
# LLVM: mul {{.*}}i64
# LLVM: @llvm.fma.f64
# LLVM-NOT: {{1.600000e\+06|llvm.fshl|nvc_reduce_pio2}}
