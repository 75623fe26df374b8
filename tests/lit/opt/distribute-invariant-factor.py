# DistributeInvariantFactor (fastmath only): in a loop, c·(x₁·y₁ + … ± xₙ·yₙ)
# with c and every yᵢ loop-invariant becomes x₁·(c·y₁) + … ± xₙ·(c·yₙ), and
# LICM then hoists the c·yᵢ. Kernel `phase` (the workshop's 2π·(u·l + v·m +
# w·ndash)) is rewritten under fastmath=True; the same kernel without
# fastmath, and the shapes that would not gain (a term with no invariant
# factor, a variant c, a sum used twice), are left alone.
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-distribute-invariant-factor -o - | FileCheck %s
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=loop-invariant-code-motion -o - | FileCheck %s --check-prefix=LICM
# --fastmath rewrites the kernel without the decorator too.
# RUN: %nvc %s --fastmath --emit=mlir --mlir-print-ir-after=nvc-distribute-invariant-factor -o - | FileCheck %s --check-prefix=GLOBAL
# -fno-distribute-invariant-factor removes the pass.
# RUN: %nvc --fastmath -fno-distribute-invariant-factor --print-pipeline | FileCheck %s --check-prefix=OFF
import math

import numpy as np
from numba import cuda

TWO_PI = np.float32(2 * math.pi)
THREE = np.float32(3)


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32, float32, float32, float32[::1])", fastmath=True)
def phase(us, vs, ws, l, m, n, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.float32(0)
        for j in range(us.size):
            acc += math.cos(TWO_PI * (us[j] * l + vs[j] * m - ws[j] * n))
        out[i] = acc


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32, float32, float32, float32[::1])")
def phase_exact(us, vs, ws, l, m, n, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.float32(0)
        for j in range(us.size):
            acc += math.cos(TWO_PI * (us[j] * l + vs[j] * m - ws[j] * n))
        out[i] = acc


@cuda.jit("void(float32[::1], float32[::1], float32, float32[::1])", fastmath=True)
def no_invariant_factor(us, vs, l, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.float32(0)
        for j in range(us.size):
            acc += THREE * (us[j] * vs[j] + us[j] * l)
        out[i] = acc


@cuda.jit("void(float32[::1], float32[::1], float32, float32, float32[::1])", fastmath=True)
def variant_factor(us, vs, l, m, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.float32(0)
        for j in range(us.size):
            acc += vs[j] * (us[j] * l + us[j] * m)
        out[i] = acc


@cuda.jit("void(float32[::1], float32, float32, float32[::1])", fastmath=True)
def sum_used_twice(us, l, m, out):
    i = cuda.grid(1)
    if i < out.size:
        acc = np.float32(0)
        for j in range(us.size):
            s = us[j] * l + us[j] * m
            acc += THREE * s + s
        out[i] = acc

# phase: 2π·(u·l + v·m − w·n) → u·(2π·l) + v·(2π·m) − w·(2π·n), in order.
# CHECK-LABEL: func.func @phase(
# CHECK: } do {
# CHECK: %[[L:[0-9]+]] = arith.mulf %[[C:cst[_0-9]*]], %arg0 : f32
# CHECK-NEXT: %[[UL:[0-9]+]] = arith.mulf %{{[0-9]+}}, %[[L]] : f32
# CHECK-NEXT: %[[M:[0-9]+]] = arith.mulf %[[C]], %arg1 : f32
# CHECK-NEXT: %[[VM:[0-9]+]] = arith.mulf %{{[0-9]+}}, %[[M]] : f32
# CHECK-NEXT: %[[S:[0-9]+]] = arith.addf %[[UL]], %[[VM]] : f32
# CHECK-NEXT: %[[N:[0-9]+]] = arith.mulf %[[C]], %arg2 : f32
# CHECK-NEXT: %[[WN:[0-9]+]] = arith.mulf %{{[0-9]+}}, %[[N]] : f32
# CHECK-NEXT: %[[P:[0-9]+]] = arith.subf %[[S]], %[[WN]] : f32
# CHECK-NEXT: math.cos %[[P]] : f32

# Without fastmath: the product of the sum stays.
# CHECK-LABEL: func.func @phase_exact(
# CHECK: %[[S2:[0-9]+]] = arith.subf
# CHECK-NEXT: %[[P2:[0-9]+]] = arith.mulf %[[S2]], %cst{{[_0-9]*}} : f32
# CHECK-NEXT: math.cos %[[P2]] : f32

# u·v has no invariant factor: left alone.
# CHECK-LABEL: func.func @no_invariant_factor(
# CHECK: %[[S3:[0-9]+]] = arith.addf
# CHECK-NEXT: arith.mulf %[[S3]], %cst{{[_0-9]*}} : f32

# The factor vs[j] varies in the loop: left alone.
# CHECK-LABEL: func.func @variant_factor(
# CHECK: %[[S4:[0-9]+]] = arith.addf
# CHECK-NEXT: arith.mulf %{{[0-9]+}}, %[[S4]] : f32

# The sum is used twice: left alone.
# CHECK-LABEL: func.func @sum_used_twice(
# CHECK: %[[S5:[0-9]+]] = arith.addf
# CHECK-NEXT: %[[P5:[0-9]+]] = arith.mulf %[[S5]], %cst{{[_0-9]*}} : f32
# CHECK-NEXT: arith.addf %[[P5]], %[[S5]] : f32

# After LICM the three 2π products are computed before the loop.
# LICM-LABEL: func.func @phase(
# LICM: arith.mulf %[[C:cst[_0-9]*]], %arg0 : f32
# LICM-NEXT: arith.mulf %[[C]], %arg1 : f32
# LICM-NEXT: arith.mulf %[[C]], %arg2 : f32
# LICM: scf.while
# LICM-NOT: arith.mulf %[[C]]
# LICM-LABEL: func.func @phase_exact(

# --fastmath: phase_exact is rewritten too.
# GLOBAL-LABEL: func.func @phase_exact(
# GLOBAL: } do {
# GLOBAL: arith.mulf %[[C:cst[_0-9]*]], %arg0 : f32
# GLOBAL-LABEL: func.func @no_invariant_factor(

# OFF-NOT: nvc-distribute-invariant-factor
# OFF: loop-invariant-code-motion
