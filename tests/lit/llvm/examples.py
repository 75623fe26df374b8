# --emit=llvm on every example kernel: the IR assembles with llvm-as (LLVM 22),
# and --backend=llvm's module passes spirv-val for Vulkan 1.2 (imaging v6-v8, and v9 with -fno-unroll: see below).
# RUN: %nvc %examples/dft.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/dft.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/dft_coarsened.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/dft_coarsened.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/fast_matmul.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/fast_matmul.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/gridstride.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/gridstride.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/matmul.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/matmul.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/matmul1d.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/matmul1d.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/saxpy.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/saxpy.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/stencil.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/stencil.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/vecadd.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/vecadd.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/imaging/v1_naive.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v1_naive.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/imaging/v2_accumulator.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v2_accumulator.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/imaging/v3_float32.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v3_float32.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/imaging/v4_fast_sincosf.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v4_fast_sincosf.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/imaging/v5_hoisted.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v5_hoisted.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: %nvc %examples/imaging/v6_shared_cache.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v7_coarsened.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v8_fma.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/imaging/v9_warp_shuffle.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/cmake-project/kernels/scale.py -Wno-float64-promotion --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %examples/cmake-project/kernels/scale.py -Wno-float64-promotion --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# LLVM 22's SPIR-V target crashes on imaging v6-v8 (a segmentation fault in
# "SPIRV legalize bitcast" after its structurizer); nvc recovers and reports it.
# The e2e expected-failure table lists the same kernels. v9 compiles once -O2
# has unrolled its loops over local arrays and promoted them; with -fno-unroll
# LLVM's structurizer emits a branch outside any block, which nvc's validation
# of every module catches (no file is written either way).
# RUN: rm -f %t.crash.spv
# RUN: not %nvc %examples/imaging/v6_shared_cache.py -Wno-float64-promotion --backend=llvm -o %t.crash.spv 2>&1 | FileCheck %s --check-prefix=CRASH
# RUN: not %nvc %examples/imaging/v7_coarsened.py -Wno-float64-promotion --backend=llvm -o %t.crash.spv 2>&1 | FileCheck %s --check-prefix=CRASH
# RUN: not %nvc %examples/imaging/v8_fma.py -Wno-float64-promotion --backend=llvm -o %t.crash.spv 2>&1 | FileCheck %s --check-prefix=CRASH
# The e2e halo stencil crashes it in SPIRVLegalizePointerCast (a store); the
# half-changed LLVM context is then left undestroyed (destroying it aborted).
# RUN: not %nvc %S/../../e2e/kernels/barrier_coarsening_stencil.py --backend=llvm -o %t.crash.spv 2>&1 | FileCheck %s --check-prefix=CRASH
# RUN: not %nvc %examples/imaging/v9_warp_shuffle.py -Wno-float64-promotion --backend=llvm -fno-unroll -o %t.crash.spv 2>&1 | FileCheck %s --check-prefix=INVALID
# RUN: %nvc %examples/imaging/v9_warp_shuffle.py -Wno-float64-promotion --backend=llvm -o %t.v9.spv && spirv-val --target-env vulkan1.2 %t.v9.spv
# RUN: not test -e %t.crash.spv
# CRASH: error: internal compiler error: LLVM's SPIR-V backend crashed on this kernel; use the default backend
# INVALID: error: internal compiler error: SPIR-V from the LLVM backend does not validate:
# Every kernel is an entry point with the Vulkan compute attributes.
# RUN: %nvc %examples/vecadd.py --emit=llvm | FileCheck %s
# CHECK: define void @f()
# CHECK: define void @f__1()
# CHECK: "hlsl.shader"="compute"
# Kernels whose accumulators PromoteAccumulator moved out of loops rely on the
# no-alias rule in the LLVM backend's module too: the manifest says so.
# RUN: %nvc %examples/imaging/v1_naive.py -Wno-float64-promotion --backend=llvm -o %t.na.spv
# RUN: FileCheck %s --check-prefix=NOALIAS < %t.na.json
# NOALIAS: "assumes_no_alias": true
