# The pass pipeline per -O level (docs/optimisation.md), printed with
# --print-pipeline: -O0 runs only what correctness needs, -O1 adds mem2reg,
# canonicalize and cse, -O2 (the default) loop fusion, unrolling of short
# loops over private arrays, private-array promotion, loop-invariant code
# motion, accumulator promotion, guard splitting, thread coarsening (also of
# kernels with barriers),
# shared-memory staging and NonWritable read-only buffers, -O3 the same as
# -O2 for now; -fno-X removes one optional pass; FMA contraction runs from
# -O1 but fuses only where fastmath=True or --fp-contract=fast permits it;
# --fastmath also distributes invariant factors (-O2) and keeps float32 math
# built-ins; cse also runs after the math library (sincos fusion).
# RUN: %nvc --print-pipeline -O0 | FileCheck %s --check-prefix=O0
# RUN: %nvc --print-pipeline -O1 | FileCheck %s --check-prefix=O1
# RUN: %nvc --print-pipeline | FileCheck %s --check-prefix=O2
# RUN: %nvc --print-pipeline -O2 | FileCheck %s --check-prefix=O2
# RUN: %nvc --print-pipeline -O3 | FileCheck %s --check-prefix=O2
# RUN: %nvc --print-pipeline -fno-stage-shared | FileCheck %s --check-prefix=NO-STAGE
# RUN: %nvc --print-pipeline -fno-readonly-buffers | FileCheck %s --check-prefix=NO-READONLY
# RUN: %nvc --print-pipeline -fno-licm -fno-cse | FileCheck %s --check-prefix=NO-LICM-CSE
# RUN: %nvc --print-pipeline --fp-contract=fast | FileCheck %s --check-prefix=FAST
# RUN: %nvc --print-pipeline --fastmath | FileCheck %s --check-prefix=FASTMATH
# RUN: %nvc --print-pipeline --fp-contract=fast -fno-fma-contraction | FileCheck %s --check-prefix=NO-FMA
# RUN: %nvc --print-pipeline -O1 -O2 | FileCheck %s --check-prefix=O2
# RUN: %nvc --print-pipeline -fno-unroll -fno-promote-private-arrays | FileCheck %s --check-prefix=NO-UNROLL
# With a file, the pipeline of its kernels (narrow=False: 64-bit indices).
# RUN: %nvc %s --print-pipeline | FileCheck %s --check-prefix=FILE
# RUN: %nvc --print-pipeline --narrow=false | FileCheck %s --check-prefix=FILE
# RUN: %nvc --print-pipeline --index-bits=64 | FileCheck %s --check-prefix=FILE
# RUN: rm -f %t.spv
# RUN: not %nvc --print-pipeline -fno-vectorize 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not %nvc %s -fno-vectorize -o %t.spv 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not %nvc --print-pipeline -O4 2>&1 | FileCheck %s --check-prefix=LEVEL
# RUN: not %nvc %s --emit=mlir --mlir-print-ir-after=loop-invariant-code-motion -O1 2>&1 | FileCheck %s --check-prefix=ABSENT
# RUN: not %nvc %s --mlir-print-ir-after=cse -o %t.spv 2>&1 | FileCheck %s --check-prefix=NEEDS-MLIR
# RUN: not test -e %t.spv
from numba import cuda


@cuda.jit("void(float64[::1])", narrow=False)
def k(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] * 2.0

# O0: builtin.module(gpu.module(nvc-inline{default-pipeline=},symbol-dce,nvc-dynamic-shared-memory{llvm-backend=false}),gpu.module(func.func(nvc-expand-buffer-selects,nvc-chain-intermediates,nvc-split-grid-barriers,lift-cf-to-scf,nvc-lower-index-switch,nvc-float-atomic-storage{native-float-add=false},nvc-correctly-rounded-float32{fastmath=false},nvc-constant-divisor-division{fastmath=false})),gpu.module(nvc-expand-math-library{fastmath=false float32-trig=true use-float64=true},func.func(nvc-sign-extend-by-shifts),nvc-kernel-func-to-gpu,nvc-convert-math-ub-to-spirv),nvc-convert-kernels-to-spirv{use-64bit-index=false},spirv.module(nvc-lower-kernel-abi{},nvc-relax-subword-stores,nvc-decorate-no-contraction,spirv-update-vce,nvc-builtin-capabilities))

# O1: nvc-inline{default-pipeline=canonicalize}{{.*}}func.func(nvc-expand-buffer-selects,nvc-chain-intermediates,nvc-split-grid-barriers,mem2reg{{.*}},lift-cf-to-scf,nvc-lower-index-switch,nvc-canonicalize,cse,nvc-fold-range-checks{index-bits=32},nvc-narrow-integers{index-bits=32 version-loops=true},cse,nvc-contract-fma{all-kernels=false},nvc-float-atomic-storage{native-float-add=false},nvc-correctly-rounded-float32{fastmath=false},nvc-constant-divisor-division{fastmath=false})),gpu.module(nvc-expand-math-library{fastmath=false float32-trig=true use-float64=true},cse,func.func(nvc-sign-extend-by-shifts),nvc-kernel-func-to-gpu
# O1: spirv.module(nvc-lower-kernel-abi{},nvc-relax-subword-stores,nvc-decorate-no-contraction,canonicalize{{.*}},spirv-update-vce,nvc-builtin-capabilities))

# O2: func.func(nvc-expand-buffer-selects,nvc-chain-intermediates,nvc-split-grid-barriers,mem2reg{{.*}},lift-cf-to-scf,nvc-lower-index-switch,nvc-canonicalize,cse,nvc-fold-range-checks{index-bits=32},nvc-narrow-integers{index-bits=32 version-loops=true},cse,nvc-loop-fusion,nvc-unroll-loops,nvc-canonicalize,nvc-promote-private-arrays,nvc-canonicalize,cse,nvc-narrow-integers{index-bits=32 version-loops=false},nvc-distribute-invariant-factor{all-kernels=false},loop-invariant-code-motion,nvc-promote-accumulator,nvc-split-guard,nvc-coarsen-threads{factor=0},nvc-coarsen-barrier-kernels{factor=0},nvc-stage-shared,nvc-contract-fma{all-kernels=false},nvc-vectorize-streaming,nvc-unroll-grid-stride,nvc-power-of-two-divisor{version-loops=true},nvc-float-atomic-storage{native-float-add=false},nvc-correctly-rounded-float32{fastmath=false},nvc-constant-divisor-division{fastmath=false})),gpu.module(nvc-expand-math-library{fastmath=false float32-trig=true use-float64=true},cse,func.func(nvc-sign-extend-by-shifts),nvc-kernel-func-to-gpu

# O2: spirv.module(nvc-lower-kernel-abi{},nvc-mark-readonly-buffers,nvc-relax-subword-stores,nvc-decorate-no-contraction,

# NO-READONLY: spirv.module(nvc-lower-kernel-abi{},nvc-relax-subword-stores,nvc-decorate-no-contraction,

# NO-STAGE: loop-invariant-code-motion,nvc-promote-accumulator,nvc-split-guard,nvc-coarsen-threads{factor=0},nvc-coarsen-barrier-kernels{factor=0},nvc-contract-fma{all-kernels=false}

# NO-LICM-CSE: func.func(nvc-expand-buffer-selects,nvc-chain-intermediates,nvc-split-grid-barriers,mem2reg{{.*}},lift-cf-to-scf,nvc-lower-index-switch,nvc-canonicalize,nvc-fold-range-checks{index-bits=32},nvc-narrow-integers{index-bits=32 version-loops=true},nvc-loop-fusion,nvc-unroll-loops,nvc-canonicalize,nvc-promote-private-arrays,nvc-canonicalize,nvc-narrow-integers{index-bits=32 version-loops=false},nvc-distribute-invariant-factor{all-kernels=false},nvc-promote-accumulator,nvc-split-guard,nvc-coarsen-threads{factor=0},nvc-coarsen-barrier-kernels{factor=0},nvc-stage-shared,nvc-contract-fma{all-kernels=false},nvc-vectorize-streaming,nvc-unroll-grid-stride,nvc-power-of-two-divisor{version-loops=true},nvc-float-atomic-storage{native-float-add=false},nvc-correctly-rounded-float32{fastmath=false},nvc-constant-divisor-division{fastmath=false})),gpu.module(nvc-expand-math-library{fastmath=false float32-trig=true use-float64=true},func.func(nvc-sign-extend-by-shifts),nvc-kernel-func-to-gpu

# NO-UNROLL: func.func(nvc-expand-buffer-selects,nvc-chain-intermediates,nvc-split-grid-barriers,mem2reg{{.*}},lift-cf-to-scf,nvc-lower-index-switch,nvc-canonicalize,cse,nvc-fold-range-checks{index-bits=32},nvc-narrow-integers{index-bits=32 version-loops=true},cse,nvc-loop-fusion,nvc-distribute-invariant-factor{all-kernels=false},loop-invariant-code-motion,nvc-promote-accumulator,

# FAST: nvc-distribute-invariant-factor{all-kernels=false},loop-invariant-code-motion,nvc-promote-accumulator,nvc-split-guard,nvc-coarsen-threads{factor=0},nvc-coarsen-barrier-kernels{factor=0},nvc-stage-shared,nvc-contract-fma{all-kernels=true},nvc-vectorize-streaming,nvc-unroll-grid-stride,nvc-power-of-two-divisor{version-loops=true},nvc-float-atomic-storage{native-float-add=false},nvc-correctly-rounded-float32{fastmath=false},nvc-constant-divisor-division{fastmath=false})),gpu.module(nvc-expand-math-library{fastmath=false float32-trig=true use-float64=true}

# FASTMATH: nvc-loop-fusion,nvc-unroll-loops,nvc-canonicalize,nvc-promote-private-arrays,nvc-canonicalize,cse,nvc-narrow-integers{index-bits=32 version-loops=false},nvc-distribute-invariant-factor{all-kernels=true},loop-invariant-code-motion,nvc-promote-accumulator,nvc-split-guard,nvc-coarsen-threads{factor=0},nvc-coarsen-barrier-kernels{factor=0},nvc-stage-shared,nvc-contract-fma{all-kernels=true},nvc-vectorize-streaming,nvc-unroll-grid-stride,nvc-power-of-two-divisor{version-loops=true},nvc-float-atomic-storage{native-float-add=false},nvc-correctly-rounded-float32{fastmath=true},nvc-constant-divisor-division{fastmath=true})),gpu.module(nvc-expand-math-library{fastmath=true float32-trig=true use-float64=true},cse,

# NO-FMA: loop-invariant-code-motion,nvc-promote-accumulator,nvc-split-guard,nvc-coarsen-threads{factor=0},nvc-coarsen-barrier-kernels{factor=0},nvc-stage-shared,nvc-vectorize-streaming,nvc-unroll-grid-stride,nvc-power-of-two-divisor{version-loops=true},nvc-float-atomic-storage{native-float-add=false},nvc-correctly-rounded-float32{fastmath=false},nvc-constant-divisor-division{fastmath=false})),gpu.module(nvc-expand-math-library

# FILE: nvc-fold-range-checks{index-bits=64},nvc-narrow-integers{index-bits=64 version-loops=true}
# FILE: nvc-convert-kernels-to-spirv{use-64bit-index=true}

# UNKNOWN: nvc: error: unknown optimisation pass 'vectorize' in -fno-vectorize (known: mem2reg, canonicalize, cse, fold-range-checks, narrow-integers, loop-fusion, unroll, promote-private-arrays, distribute-invariant-factor, licm, promote-accumulator, split-guard, coarsen, coarsen-barriers, stage-shared, fma-contraction, vectorize-streaming, unroll-grid-stride, power-of-two-divisor, readonly-buffers)

# LEVEL: nvc: error: invalid -O4: the levels are -O0 to -O3

# ABSENT: nvc: error: --mlir-print-ir-after: pass 'loop-invariant-code-motion' is not in the pipeline (see --print-pipeline)

# NEEDS-MLIR: nvc: error: --mlir-print-ir-after needs --emit=mlir
