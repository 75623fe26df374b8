# Loop-invariant code motion (-O2) on the workshop's naive imaging kernel
# (000, "Optimisation"): the address of img[lpx, mpx], which the visibility
# loop reads and writes in every iteration, is computed once before the loop
# at -O2, and in every iteration without LICM (-O0, -fno-licm). The loop's
# loads stay in the loop (memory, not invariant), and so does the 2π
# product: the kernel multiplies the whole phase sum by 2π, and hoisting a
# 2π·l out of it would need reassociation, which changes rounding.
# RUN: %nvc %examples/imaging/v1_naive.py --emit=mlir --mlir-print-ir-after=loop-invariant-code-motion -o - | FileCheck %s --check-prefix=O2
# RUN: %nvc %examples/imaging/v1_naive.py -O2 -fno-licm --emit=mlir --mlir-print-ir-after=cse -o - | FileCheck %s --check-prefix=NOLICM
# RUN: %nvc %examples/imaging/v1_naive.py -O0 --emit=mlir --mlir-print-ir-after=nvc-lower-index-switch -o - | FileCheck %s --check-prefix=O0

# Row lpx times img's row stride (%arg36), plus the column: before the loop.
# O2-LABEL: IR Dump After LoopInvariantCodeMotion
# O2: %[[ROW:[0-9]+]] = arith.muli %{{[0-9]+}}, %arg36 : i32
# O2: %[[RE:[0-9]+]] = arith.index_cast %{{[0-9]+}} : i32 to index
# O2: %[[IM:[0-9]+]] = arith.index_cast %{{[0-9]+}} : i32 to index
# O2-NEXT: scf.while
# O2-NOT: %arg36
# O2: arith.mulf %{{[0-9]+}}, %cst : f64
# O2: memref.load %arg7[%[[RE]]]
# O2-NEXT: memref.load %arg7[%[[IM]]]
# O2: memref.store %{{[0-9]+}}, %arg7[%[[RE]]]
# O2-NEXT: memref.store %{{[0-9]+}}, %arg7[%[[IM]]]

# NOLICM: scf.while
# NOLICM: } do {
# NOLICM: arith.mulf %{{[0-9]+}}, %cst : f64
# NOLICM: arith.muli %{{[0-9]+}}, %arg36 : i32
# NOLICM: memref.load %arg7

# O0: scf.while
# O0: arith.mulf %{{[0-9]+}}, %cst : f64
# O0: arith.muli %{{[0-9]+}}, %arg36 : i32
# O0: memref.load %arg7
