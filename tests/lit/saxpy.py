# RUN: %nvc %s --emit=mlir | FileCheck %s --check-prefix=MLIR
# The ABI of the plain kernel (vectorisation would add views and a hidden field).
# RUN: %nvc %s --emit=spirv -fno-vectorize-streaming | FileCheck %s --check-prefix=SPIRV
import numba_vulkan as nv


@nv.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = nv.global_id(0)
    if i < x.shape[0]:
        y[i] = a * x[i] + y[i]

# The frontend's function: user scalars, one buffer per array, then each
# array's extent, stride and offset (32-bit integers by default; never negative).
# MLIR: func.func @saxpy(%arg0: f32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: i32 {nvc.non_negative}, %arg4: i32 {nvc.non_negative}, %arg5: i32 {nvc.non_negative}, %arg6: i32 {nvc.non_negative}, %arg7: i32 {nvc.non_negative}, %arg8: i32 {nvc.non_negative})
# MLIR-SAME: nvc.kernel
# MLIR: gpu.global_id x
# MLIR: arith.mulf
# MLIR: arith.addf

# SPIRV: OpEntryPoint GLCompute %saxpy "saxpy" %__builtin__GlobalInvocationId__
# SPIRV: OpExecutionMode %saxpy LocalSize 64 1 1
# SPIRV: OpDecorate %nvc_workgroup_size BuiltIn WorkgroupSize
# SPIRV: OpDecorate %nvc_local_size_x SpecId 0
# SPIRV: OpDecorate %nvc_local_size_y SpecId 1
# SPIRV: OpDecorate %nvc_local_size_z SpecId 2
# SPIRV: OpDecorate %saxpy_arg1 Binding 0
# SPIRV: OpDecorate %saxpy_arg1 DescriptorSet 0
# SPIRV: OpDecorate %saxpy_arg2 Binding 1
# SPIRV: OpMemberDecorate %[[BLOCK:.*]] 0 Offset 0
# SPIRV: OpMemberDecorate %[[BLOCK]] 6 Offset 24
# SPIRV: OpDecorate %[[BLOCK]] Block
# SPIRV: OpDecorate %[[MUL:.*]] NoContraction
# SPIRV: OpDecorate %[[ADD:.*]] NoContraction
# SPIRV: %saxpy_params = OpVariable %{{.*}} PushConstant
# SPIRV: %[[MUL]] = OpFMul %float
# SPIRV: %[[ADD]] = OpFAdd %float %[[MUL]]
