# FMA contraction (passes/ContractFMA.cpp, docs/optimisation.md): kernels
# decorated fastmath=True, or every kernel with --fp-contract=fast, get
# explicit FMAs for a*b+c; everything else keeps exact, NoContraction-
# decorated multiplies and adds (--fp-contract=off, the default).
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-contract-fma -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-contract-fma --fp-contract=fast -o - | FileCheck %s --check-prefix=FAST
# RUN: %nvc %s -O0 --emit=spirv | FileCheck %s --check-prefix=O0
# RUN: %nvc %s -fno-fma-contraction --emit=spirv | FileCheck %s --check-prefix=O0
# RUN: %nvc %s --emit=spirv | FileCheck %s --check-prefix=SPIRV
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])", fastmath=True)
def fused(a, out):
    i = cuda.grid(1)
    n = out.size // 6
    if i < n:
        v0, v1, v2, v3 = a[i], a[n + i], a[2 * n + i], a[3 * n + i]
        v4, v5, v6 = a[4 * n + i], a[5 * n + i], a[6 * n + i]
        out[i] = v0 * v1 + v2                  # fma(v0, v1, v2)
        out[n + i] = v2 + v3 * v4              # fma(v3, v4, v2)
        out[2 * n + i] = v5 - v0 * v2          # fma(-v0, v2, v5)
        out[3 * n + i] = v1 * v2 - v3          # fma(v1, v2, -v3)
        out[4 * n + i] = v3 * v5 + v4 * v6     # fma(v3, v5, v4*v6)
        out[5 * n + i] = v0 * v6 - v1 * v5     # fma(-v1, v5, v0*v6)


# CHECK-LABEL: IR Dump After ContractFMA (nvc-contract-fma)
# CHECK: func.func @fused
# CHECK-SAME: nvc.fastmath
# CHECK: %[[V0:[0-9]+]] = memref.load %arg0
# CHECK: %[[V1:[0-9]+]] = memref.load %arg0
# CHECK: %[[V2:[0-9]+]] = memref.load %arg0
# CHECK: %[[V3:[0-9]+]] = memref.load %arg0
# CHECK: %[[V4:[0-9]+]] = memref.load %arg0
# CHECK: %[[V5:[0-9]+]] = memref.load %arg0
# CHECK: %[[V6:[0-9]+]] = memref.load %arg0
# CHECK: %[[F0:[0-9]+]] = math.fma %[[V0]], %[[V1]], %[[V2]] : f32
# CHECK: memref.store %[[F0]]
# CHECK: %[[F1:[0-9]+]] = math.fma %[[V3]], %[[V4]], %[[V2]] : f32
# CHECK: memref.store %[[F1]]
# CHECK: %[[N0:[0-9]+]] = arith.negf %[[V0]] : f32
# CHECK-NEXT: %[[F2:[0-9]+]] = math.fma %[[N0]], %[[V2]], %[[V5]] : f32
# CHECK: memref.store %[[F2]]
# CHECK: %[[N3:[0-9]+]] = arith.negf %[[V3]] : f32
# CHECK-NEXT: %[[F3:[0-9]+]] = math.fma %[[V1]], %[[V2]], %[[N3]] : f32
# CHECK: memref.store %[[F3]]
# CHECK: %[[P46:[0-9]+]] = arith.mulf %[[V4]], %[[V6]] : f32
# CHECK-NEXT: %[[F4:[0-9]+]] = math.fma %[[V3]], %[[V5]], %[[P46]] : f32
# CHECK: memref.store %[[F4]]
# CHECK: %[[P06:[0-9]+]] = arith.mulf %[[V0]], %[[V6]] : f32
# CHECK-NEXT: %[[N1:[0-9]+]] = arith.negf %[[V1]] : f32
# CHECK-NEXT: %[[F5:[0-9]+]] = math.fma %[[N1]], %[[V5]], %[[P06]] : f32
# CHECK: memref.store %[[F5]]
# CHECK-NOT: arith.addf {{.*}} : f32
# CHECK-NOT: arith.subf
# CHECK: return


@cuda.jit("void(float64[::1], float64[::1], float64[::1])", fastmath=True)
def left_alone(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        p = a[i] * b[i]
        out[i] = p + 1.0 + p               # p has two uses: never fused
        q = a[i] / b[i]
        out[i + a.size] = q + b[i]         # a division, not a multiply
        s = np.float32(a[i]) * np.float32(b[i])
        out[i + 2 * a.size] = s + b[i]     # float32 product, float64 sum


# CHECK-LABEL: IR Dump After ContractFMA (nvc-contract-fma)
# CHECK: func.func @left_alone
# CHECK-NOT: math.fma
# CHECK: arith.mulf {{.*}} : f64
# CHECK: arith.addf {{.*}} : f64
# CHECK: arith.addf {{.*}} : f64
# CHECK: arith.divf {{.*}} : f64
# CHECK: arith.addf {{.*}} : f64
# CHECK: arith.mulf {{.*}} : f32
# CHECK: arith.addf {{.*}} : f64
# CHECK-NOT: math.fma
# CHECK: return


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def exact(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * b[i] + out[i]


# Without fastmath=True, only --fp-contract=fast fuses.
# CHECK-LABEL: IR Dump After ContractFMA (nvc-contract-fma)
# CHECK: func.func @exact
# CHECK-NOT: nvc.fastmath
# CHECK-NOT: math.fma
# CHECK: arith.mulf {{.*}} : f32
# CHECK: arith.addf {{.*}} : f32
# FAST: func.func @exact
# FAST-NOT: arith.mulf
# FAST: math.fma {{.*}} : f32
# FAST-NOT: arith.addf
# FAST: return


# The complex multiply-accumulate acc += x * y: four FMAs, as the workshop's
# Optimisation 7 writes by hand (re += xr*yr, re += -xi*yi, im += xr*yi,
# im += xi*yr).
@cuda.jit("void(complex64[::1], complex64[::1], complex64[::1])", fastmath=True)
def cmac(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.complex64(0)
        for j in range(x.size):
            acc += x[j] * y[(i + j) % y.size]
        out[i] = acc


# CHECK-LABEL: IR Dump After ContractFMA (nvc-contract-fma)
# CHECK: func.func @cmac
# CHECK: } do {
# CHECK: ^bb0(%{{[a-z0-9]+}}: i32, %[[RE2:[a-z0-9]+]]: f32, %[[IM2:[a-z0-9]+]]: f32)
# CHECK-NOT: arith.mulf
# CHECK-NOT: arith.addf
# CHECK-NOT: arith.subf
# CHECK: %[[XR:[0-9]+]] = memref.load %arg0
# CHECK: %[[XI:[0-9]+]] = memref.load %arg0
# CHECK: %[[YR:[0-9]+]] = memref.load %arg1
# CHECK: %[[YI:[0-9]+]] = memref.load %arg1
# CHECK: %[[R1:[0-9]+]] = math.fma %[[XR]], %[[YR]], %[[RE2]] : f32
# CHECK: %[[NXI:[0-9]+]] = arith.negf %[[XI]] : f32
# CHECK: %[[R2:[0-9]+]] = math.fma %[[NXI]], %[[YI]], %[[R1]] : f32
# CHECK: %[[I1:[0-9]+]] = math.fma %[[XR]], %[[YI]], %[[IM2]] : f32
# CHECK: %[[I2:[0-9]+]] = math.fma %[[XI]], %[[YR]], %[[I1]] : f32
# CHECK-NOT: arith.mulf
# CHECK-NOT: arith.addf
# CHECK-NOT: arith.subf
# CHECK: scf.yield %{{[0-9]+}}, %[[R2]], %[[I2]] :

# At -O0 or with -fno-fma-contraction nothing is fused.
# O0-NOT: Fma
# O0: OpFunctionEnd

# Fused: GLSL.std.450 Fma; what is left is still NoContraction.
# SPIRV: OpDecorate {{%.*}} NoContraction
# SPIRV: OpExtInst %float {{%.*}} Fma
