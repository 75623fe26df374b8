# The LLVM backend: --emit=llvm prints the optimised LLVM IR in the form LLVM's
# SPIR-V target accepts for Vulkan compute; it must assemble with llvm-as.
# RUN: %nvc %s --emit=llvm | FileCheck %s --check-prefix=IR
# RUN: %nvc %s --emit=llvm | llvm-as -o /dev/null
# RUN: %nvc %s --backend=llvm --emit=spirv | FileCheck %s --check-prefix=SPIRV
# RUN: %nvc %s --backend=llvm -o %t.spv && spirv-val --target-env vulkan1.2 %t.spv
# RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
import numba_vulkan as nv


@nv.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = nv.global_id(0)
    if i < x.shape[0]:
        y[i] = a * x[i] + y[i]

# IR: target triple = "spirv1.5-unknown-vulkan1.2-compute"
# The scalars and array descriptors: one push-constant block (addrspace 13)
# in the default backend's layout.
# IR: @saxpy.params = external hidden {{.*}}addrspace(13) externally_initialized global { float, i32, i32, i32, i32, i32, i32 }
# IR: define void @saxpy() {{.*}}#[[ATTRS:[0-9]+]]
# Values carry the Python names: parameters, descriptor fields, buffers.
# IR-DAG: %x.shape0 = load i32, ptr addrspace(13)
# IR-DAG: %global_id.x = tail call i32 @llvm.spv.thread.id.i32(i32 0)
# IR-DAG: %a = load float, ptr addrspace(13)
# Arrays: storage buffers at set 0, bindings in argument order.
# IR-DAG: %x = tail call target("spirv.VulkanBuffer", [0 x float], 12, 1) @llvm.spv.resource.handlefrombinding{{.*}}(i32 0, i32 0, i32 1, i32 0,
# IR-DAG: %y = tail call target("spirv.VulkanBuffer", [0 x float], 12, 1) @llvm.spv.resource.handlefrombinding{{.*}}(i32 0, i32 1, i32 1, i32 0,
# IR: %x.ptr = tail call ptr addrspace(11) @llvm.spv.resource.getpointer
# No fast-math flags: LLVM may not contract a*x + y into an FMA.
# IR: fmul float %a,
# IR: fadd float
# IR: attributes #[[ATTRS]] = {{.*}}"hlsl.numthreads"="64,1,1" "hlsl.shader"="compute"

# SPIRV: OpCapability Shader
# SPIRV-NOT: OpCapability Linkage
# SPIRV-NOT: OpCapability Int8
# SPIRV: OpEntryPoint GLCompute %saxpy "saxpy"
# SPIRV: OpMemberDecorate %[[BLOCK:.*]] 6 Offset 24
# SPIRV-DAG: OpDecorate %saxpy_x Binding 0
# SPIRV-DAG: OpDecorate %saxpy_y Binding 1
# SPIRV-DAG: OpDecorate %[[SX:[0-9]+]] SpecId 0
# SPIRV-DAG: OpDecorate %[[SY:[0-9]+]] SpecId 1
# SPIRV-DAG: OpDecorate %[[SZ:[0-9]+]] SpecId 2
# SPIRV-DAG: OpDecorate %[[WG:[a-zA-Z_0-9]+]] BuiltIn WorkgroupSize
# SPIRV-DAG: OpDecorate %[[MUL:[0-9]+]] NoContraction
# SPIRV-DAG: OpDecorate %[[ADD:[0-9]+]] NoContraction
# SPIRV: OpVariable %{{.*}} PushConstant
# SPIRV: %[[SX]] = OpSpecConstant %uint 64
# SPIRV: %[[WG]] = OpSpecConstantComposite %v3uint %[[SX]] %[[SY]] %[[SZ]]
# SPIRV: %[[MUL]] = OpFMul %float
# SPIRV: %[[ADD]] = OpFAdd %float %[[MUL]]

# The manifest: the default backend's ABI, Vulkan 1.2 / SPIR-V 1.5.
# MANIFEST: "parameter_block": {
# MANIFEST: "kind": "push_constant",
# MANIFEST: "size": 28
# MANIFEST: "spirv_version": "1.5",
# MANIFEST: "target_env": "vulkan1.2"
