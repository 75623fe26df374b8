# The workshop's naive imaging kernel (000, "Optimisation") with
# --fp-contract=fast: img[lpx, mpx] += datum * complex(cos, sin) becomes the
# four FMAs of Optimisation 7 (on img[lpx, mpx], which accumulator promotion
# has made loop values), and the phase u*l + v*m + w*ndash two FMAs; with the
# default (off) there are none. --coarsen=1: one pixel per invocation, so
# that the loop body is one pixel's (tests/lit/opt/coarsen.py covers C > 1);
# -fno-stage-shared: the visibility loop not split into tiles.
# RUN: %nvc %examples/imaging/v1_naive.py --coarsen=1 -fno-stage-shared --fp-contract=fast --emit=mlir --mlir-print-ir-after=nvc-contract-fma -o - | FileCheck %s
# RUN: %nvc %examples/imaging/v1_naive.py --emit=mlir --mlir-print-ir-after=nvc-contract-fma -o - | FileCheck %s --check-prefix=OFF

# CHECK: } do {
# CHECK-NEXT: ^bb0(%{{[a-z0-9]+}}: i32, %[[RE:[a-z0-9]+]]: f64, %[[IM:[a-z0-9]+]]: f64):
# CHECK: %[[U:[0-9]+]] = memref.load %arg0
# CHECK: %[[V:[0-9]+]] = memref.load %arg1
# CHECK: %[[W:[0-9]+]] = memref.load %arg2
# CHECK: %[[DR:[0-9]+]] = memref.load %arg3
# CHECK: %[[DI:[0-9]+]] = memref.load %arg3
# CHECK: %[[UL:[0-9]+]] = math.fma %[[U]], %{{[0-9#]+}}, %{{[0-9]+}} : f64
# CHECK-NEXT: %[[SUM:[0-9]+]] = math.fma %[[W]], %{{[0-9#]+}}, %[[UL]] : f64
# CHECK-NEXT: %[[PHASE:[0-9]+]] = arith.mulf %[[SUM]], %cst : f64
# CHECK-NEXT: %[[COS:[0-9]+]] = math.cos %[[PHASE]]
# CHECK-NEXT: %[[SIN:[0-9]+]] = math.sin %[[PHASE]]
# CHECK-NEXT: %[[R1:[0-9]+]] = math.fma %[[DR]], %[[COS]], %[[RE]] : f64
# CHECK-NEXT: %[[NDI:[0-9]+]] = arith.negf %[[DI]] : f64
# CHECK-NEXT: %[[R2:[0-9]+]] = math.fma %[[NDI]], %[[SIN]], %[[R1]] : f64
# CHECK-NEXT: %[[I1:[0-9]+]] = math.fma %[[DR]], %[[SIN]], %[[IM]] : f64
# CHECK-NEXT: %[[I2:[0-9]+]] = math.fma %[[DI]], %[[COS]], %[[I1]] : f64
# CHECK-NOT: math.fma
# CHECK: scf.yield %{{[0-9]+}}, %[[R2]], %[[I2]] :

# OFF-NOT: math.fma
