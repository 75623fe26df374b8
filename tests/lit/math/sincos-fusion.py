# The sincos fusion: cos(phase) and sin(phase) in the imaging kernels expand
# to identical range reductions (and sin/cos kernels), and the cse run after
# the math library keeps one. float64 (v1, v2): the pass builds one
# reduction for both calls of the same phase (an scf.if yielding (hi, lo,
# quadrant), the Payne–Hanek reduction — a call of the module's one
# out-of-line copy — only in the else branch), and each call its own sin and cos kernels (6 fma each); after cse
# one pair of kernels (12 fma) remains, -fno-cse keeps both (24). float32 (v3): the float32 reduction is an scf.if yielding (hi, lo,
# quadrant) with the float64 fallback (|x| > 1e5, a Payne–Hanek call) only in its else branch;
# v3 converts the phase to float32 once per call, so with -fno-cse two
# after expansion; by default cse has merged the conversions first and the
# pass builds one reduction for both calls (it shares the reduction of one
# SSA value, also without cse: same_value below).
# RUN: %nvc %examples/imaging/v1_naive.py --coarsen=1 --emit=mlir --mlir-print-ir-after=nvc-expand-math-library -o - 2>/dev/null | FileCheck %s --check-prefix=F64-TWO
# RUN: %nvc %examples/imaging/v1_naive.py --coarsen=1 --emit=mlir --mlir-print-ir-after=cse -o - 2>/dev/null | FileCheck %s --check-prefix=F64-ONE
# RUN: %nvc %examples/imaging/v2_accumulator.py --coarsen=1 --emit=mlir --mlir-print-ir-after=cse -o - 2>/dev/null | FileCheck %s --check-prefix=F64-ONE
# RUN: %nvc %examples/imaging/v3_float32.py --coarsen=1 -fno-cse --emit=mlir --mlir-print-ir-after=nvc-expand-math-library -o - 2>/dev/null | FileCheck %s --check-prefix=F32-TWO
# RUN: %nvc %examples/imaging/v3_float32.py --coarsen=1 --emit=mlir --mlir-print-ir-after=cse -o - 2>/dev/null | FileCheck %s --check-prefix=F32-ONE
# RUN: %nvc %examples/imaging/v1_naive.py --coarsen=1 -fno-cse --emit=mlir --mlir-print-ir-after=nvc-kernel-func-to-gpu -o - 2>/dev/null | FileCheck %s --check-prefix=F64-TWO
# RUN: %nvc %s -fno-cse --emit=mlir --mlir-print-ir-after=nvc-expand-math-library -o - 2>/dev/null | FileCheck %s --check-prefix=SAME
import math

from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def same_value(x, out):
    i = cuda.grid(1)
    if i < out.size:
        p = x[i]
        out[i] = math.sin(p) * math.cos(p) + math.tan(p)

# SAME: scf.if %{{[0-9]+}} -> (f32, f32, i64)
# SAME-NOT: scf.if %{{[0-9]+}} -> (f32, f32, i64)

# F64-TWO: scf.if %{{[0-9]+}} -> (f64, f64, i64)
# F64-TWO: } else {
# F64-TWO: func.call @nvc_reduce_pio2_payne_hanek_f64
# F64-TWO-COUNT-12: math.fma %{{.*}} : f64
# F64-TWO-NOT: scf.if %{{[0-9]+}} -> (f64, f64, i64)
# F64-TWO-COUNT-12: math.fma %{{.*}} : f64
# F64-TWO-NOT: math.fma

# The second dump is the gpu.module's, after the math library.
# F64-ONE-LABEL: gpu.module @kernels
# F64-ONE: scf.if %{{[0-9]+}} -> (f64, f64, i64)
# F64-ONE: func.call @nvc_reduce_pio2_payne_hanek_f64
# F64-ONE-COUNT-12: math.fma %{{.*}} : f64
# F64-ONE-NOT: math.fma
# F64-ONE-NOT: scf.if %{{[0-9]+}} -> (f64, f64, i64)
# F64-ONE-NOT: math.sin
# F64-ONE-NOT: math.cos

# F32-TWO: scf.if %{{[0-9]+}} -> (f32, f32, i64)
# F32-TWO: math.floor %{{[0-9]+}} : f32
# F32-TWO: } else {
# F32-TWO: func.call @nvc_reduce_pio2_payne_hanek_f64
# F32-TWO: scf.if %{{[0-9]+}} -> (f32, f32, i64)
# F32-TWO-NOT: scf.if %{{[0-9]+}} -> (f32, f32, i64)

# F32-ONE-LABEL: gpu.module @kernels
# F32-ONE: scf.if %{{[0-9]+}} -> (f32, f32, i64)
# F32-ONE-NOT: scf.if %{{[0-9]+}} -> (f32, f32, i64)
# F32-ONE-NOT: math.sin
# F32-ONE-NOT: math.cos
