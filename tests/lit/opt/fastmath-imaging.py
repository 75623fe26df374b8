# The workshop's naive imaging kernel (000, "Optimisation") under --fastmath:
# DistributeInvariantFactor turns 2π·(u·l + v·m + w·ndash) into
# u·(2π·l) + v·(2π·m) + w·(2π·ndash) and LICM hoists 2π·l, 2π·m and
# 2π·ndash before the visibility loop (Optimisation 4, done by the
# compiler); FMA contraction then fuses the phase sum. By default the loop
# still multiplies the sum by 2π (tests/lit/opt/licm.py).
# RUN: %nvc %examples/imaging/v1_naive.py --coarsen=1 --fastmath --emit=mlir --mlir-print-ir-after=loop-invariant-code-motion -o - 2>/dev/null | FileCheck %s
# RUN: %nvc %examples/imaging/v1_naive.py --coarsen=1 -fno-stage-shared --fastmath --emit=mlir --mlir-print-ir-after=nvc-contract-fma -o - 2>/dev/null | FileCheck %s --check-prefix=FMA

# CHECK: %[[L:[0-9]+]] = memref.load %arg4
# CHECK: %[[M:[0-9]+]] = memref.load %arg5
# CHECK: %[[N:[0-9]+]] = memref.load %arg6
# CHECK: %[[CL:[0-9]+]] = arith.mulf %[[C:cst[_0-9]*]], %[[L]] : f64
# CHECK-NEXT: %[[CM:[0-9]+]] = arith.mulf %[[C]], %[[M]] : f64
# CHECK-NEXT: %[[CN:[0-9]+]] = arith.mulf %[[C]], %[[N]] : f64
# CHECK: scf.while
# CHECK: } do {
# CHECK: %[[U:[0-9]+]] = memref.load %arg0
# CHECK: %[[V:[0-9]+]] = memref.load %arg1
# CHECK: %[[W:[0-9]+]] = memref.load %arg2
# CHECK: arith.mulf %[[U]], %[[CL]] : f64
# CHECK-NEXT: arith.mulf %[[V]], %[[CM]] : f64
# CHECK: arith.mulf %[[W]], %[[CN]] : f64
# CHECK-NOT: arith.mulf %{{[0-9]+}}, %[[C]]
# CHECK-NOT: arith.mulf %[[C]], %{{[0-9]+}}
# CHECK: scf.yield

# FMA: } do {
# FMA: %[[U:[0-9]+]] = memref.load %arg0
# FMA: %[[V:[0-9]+]] = memref.load %arg1
# FMA: %[[W:[0-9]+]] = memref.load %arg2
# FMA: %[[VM:[0-9]+]] = arith.mulf %[[V]], %{{[0-9#]+}} : f64
# FMA-NEXT: %[[S:[0-9]+]] = math.fma %[[U]], %{{[0-9#]+}}, %[[VM]] : f64
# FMA-NEXT: %[[P:[0-9]+]] = math.fma %[[W]], %{{[0-9#]+}}, %[[S]] : f64
# FMA-NEXT: math.cos %[[P]] : f64
