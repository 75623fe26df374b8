// RUN: %nvc-opt %s -nvc-builtin-capabilities | FileCheck %s

// nvc-builtin-capabilities (after spirv-update-vce) adds to a spirv.module's
// version/capability/extension triple what its built-in variables need and
// update-vce does not derive (SubgroupLocalInvocationId: GroupNonUniform,
// SPIR-V 1.3), and Int64Atomics for atomics on 64-bit integers; the first
// alternative the target environment allows. Modules that need nothing more
// keep their triple.

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Int64, Int64Atomics, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {

// cuda.laneid alone: GroupNonUniform, which needs SPIR-V 1.3.
// CHECK-LABEL: spirv.module @lane_id Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>
spirv.module @lane_id Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__SubgroupLocalInvocationId__ built_in("SubgroupLocalInvocationId") : !spirv.ptr<i32, Input>
}

// An int64 atomic add: Int64Atomics.
// CHECK-LABEL: spirv.module @atomic64 Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int64, Int64Atomics], [SPV_KHR_storage_buffer_storage_class]>
spirv.module @atomic64 Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int64], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.func @add(%p: !spirv.ptr<i64, StorageBuffer>, %v: i64) "None" {
    %0 = spirv.AtomicIAdd <Device> <None> %p, %v : !spirv.ptr<i64, StorageBuffer>
    spirv.Return
  }
}

// Left alone: GlobalInvocationId needs nothing beyond Shader, 32-bit atomics
// nothing more, and a capability already there is not added twice.
// CHECK-LABEL: spirv.module @nothing_needed Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>
// CHECK-LABEL: spirv.module @already_there Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>
spirv.module @nothing_needed Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__GlobalInvocationId__ built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @add(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) "None" {
    %0 = spirv.AtomicIAdd <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
    spirv.Return
  }
}
spirv.module @already_there Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__SubgroupSize__ built_in("SubgroupSize") : !spirv.ptr<i32, Input>
}
}
