# --target-env=vulkan1.N (glslang's and spirv-val's spelling) chooses the
# SPIR-V version the module declares, the highest that Vulkan version
# consumes, and the rules it is validated by; the manifest names both. From
# SPIR-V 1.4 on every entry point lists the global variables it uses (its
# buffers, push constants and shared arrays, a launch-sized one too), and
# only its own. Without the option a module declares the lowest version it
# needs (version.py).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %nvc %s -o %t/d.spv
# RUN: spirv-dis %t/d.spv | FileCheck %s --check-prefix=DEFAULT
# DEFAULT: ; Version: 1.0
# DEFAULT: OpEntryPoint GLCompute %smooth "smooth" %__builtin__GlobalInvocationId__ %__builtin__LocalInvocationId__{{$}}
#
# RUN: %nvc %s --target-env=vulkan1.1 -o %t/v11.spv
# RUN: spirv-dis %t/v11.spv | FileCheck %s --check-prefix=V11
# RUN: FileCheck %s --check-prefix=MANIFEST11 < %t/v11.json
# V11: ; Version: 1.3
# MANIFEST11: "spirv_version": "1.3",
# MANIFEST11-NEXT: "target_env": "vulkan1.1"
#
# RUN: %nvc %s --target-env=vulkan1.2 -o %t/v12.spv
# RUN: spirv-val --target-env vulkan1.2 %t/v12.spv
# RUN: spirv-val --target-env vulkan1.2 %t/v12.signed-zero-inf-nan-preserve.spv
# RUN: spirv-dis %t/v12.spv | FileCheck %s --check-prefix=V12
# RUN: spirv-dis %t/v12.signed-zero-inf-nan-preserve.spv | FileCheck %s --check-prefix=V12
# RUN: FileCheck %s --check-prefix=MANIFEST12 < %t/v12.json
# V12: ; Version: 1.5
# V12: OpEntryPoint GLCompute %smooth "smooth" %__builtin__GlobalInvocationId__ %__builtin__LocalInvocationId__ %__workgroup_mem__0 %smooth_arg0 %smooth_arg1 %smooth_params{{$}}
# V12: OpEntryPoint GLCompute %dynamic "dynamic" %__builtin__GlobalInvocationId__ %__builtin__LocalInvocationId__ %dynamic_dynamic_shared %dynamic_arg0 %dynamic_params{{$}}
# MANIFEST12: "spirv_version": "1.5",
# MANIFEST12-NEXT: "target_env": "vulkan1.2"
# MANIFEST12: "name": "signed-zero-inf-nan-preserve",
# MANIFEST12-NEXT: "spirv_version": "1.5"
#
# RUN: %nvc %s --target-env=vulkan1.3 -o %t/v13.spv
# RUN: spirv-val --target-env vulkan1.3 %t/v13.spv
# RUN: spirv-dis %t/v13.spv | FileCheck %s --check-prefix=V16
# RUN: FileCheck %s --check-prefix=MANIFEST13 < %t/v13.json
# RUN: %nvc %s --target-env vulkan1.4 -o %t/v14.spv
# RUN: spirv-val --target-env vulkan1.3 %t/v14.spv
# RUN: spirv-dis %t/v14.spv | FileCheck %s --check-prefix=V16
# RUN: FileCheck %s --check-prefix=MANIFEST14 < %t/v14.json
# V16: ; Version: 1.6
# V16: OpEntryPoint GLCompute %smooth "smooth" {{.*}} %smooth_params{{$}}
# MANIFEST13: "spirv_version": "1.6",
# MANIFEST13-NEXT: "target_env": "vulkan1.3"
# MANIFEST14: "spirv_version": "1.6",
# MANIFEST14-NEXT: "target_env": "vulkan1.4"
#
# The LLVM backend (without dynamic shared memory yet) writes SPIR-V 1.5:
# Vulkan 1.2 by default, 1.6 for 1.3.
# RUN: %nvc %s --backend=llvm --kernel smooth -o %t/l.spv
# RUN: spirv-dis %t/l.spv | FileCheck %s --check-prefix=V15
# RUN: %nvc %s --backend=llvm --kernel smooth --target-env=vulkan1.3 -o %t/l13.spv
# RUN: spirv-val --target-env vulkan1.3 %t/l13.spv
# RUN: spirv-dis %t/l13.spv | FileCheck %s --check-prefix=L16
# RUN: FileCheck %s --check-prefix=MANIFEST13 < %t/l13.json
# V15: ; Version: 1.5
# L16: ; Version: 1.6
#
# Environments nvc cannot build for are option errors, and nothing is written.
# RUN: not %nvc %s --backend=llvm --target-env=vulkan1.1 -o %t/bad.spv 2>&1 | FileCheck %s --check-prefix=LLVM11
# LLVM11: nvc: error: --target-env=vulkan1.1 needs the default backend: the LLVM backend writes SPIR-V 1.5, which Vulkan 1.2 and later consume
# RUN: not %nvc %s --target-env=vulkan1.0 -o %t/bad.spv 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: --target-env: vulkan1.0 not in {vulkan1.1,vulkan1.2,vulkan1.3,vulkan1.4}
# RUN: not test -e %t/bad.spv
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def scaled(v, s):
    return v * s


@cuda.jit("void(float64[::1], float64[::1])")
def smooth(x, out):
    tile = cuda.shared.array(64, dtype=np.float64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    tile[t] = x[i] if i < x.shape[0] else 0.0
    cuda.syncthreads()
    if i < out.shape[0]:
        out[i] = scaled(tile[t] + tile[(t + 1) % 64], 0.5)


@cuda.jit("void(int32[::1])")
def dynamic(y):
    d = cuda.shared.array(0, dtype=np.int32)
    i = cuda.grid(1)
    d[cuda.threadIdx.x] = i
    cuda.syncthreads()
    if i < y.shape[0]:
        y[i] = d[cuda.threadIdx.x] * 2
