// RUN: %nvc-opt %s -nvc-convert-kernels-to-spirv | FileCheck %s
// RUN: %nvc-opt %s -nvc-convert-kernels-to-spirv=use-64bit-index=true | FileCheck %s --check-prefix=I64

// nvc-convert-kernels-to-spirv converts each gpu.module, in place, to a
// spirv.module (MLIR's GPU, SCF, arith, memref, vector and func patterns for
// the module's spirv.target_env), with nvc's conversion of
// memref.generic_atomic_rmw (one relaxed atomic instruction where SPIR-V has
// it, else a compare-and-swap loop) and `arith.index_castui` of an i1 as a
// select. Unlike upstream convert-gpu-to-spirv it keeps no gpu.module (nvc
// has no host code to launch it; issue 25: the copy cost compile time).

// CHECK-LABEL: spirv.module @__spv__kernels Logical GLSL450 {
// CHECK:         spirv.func @k(%arg0: !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer> {{.*}}, %arg1: i1 {{.*}}, %arg2: i32 {{.*}}) "None"
// CHECK:           %[[ID:.*]] = spirv.CompositeExtract %{{.*}}[0 : i32] : vector<3xi32>
// CHECK-DAG:       %[[ONE:.*]] = spirv.Constant 1 : i32
// CHECK-DAG:       %[[ZERO:.*]] = spirv.Constant 0 : i32
// CHECK-NEXT:      %[[E:.*]] = spirv.Select %arg1, %[[ONE]], %[[ZERO]] : i1, i32
// CHECK-NEXT:      %[[I:.*]] = spirv.IAdd %[[ID]], %[[E]] : i32
// CHECK:           %[[P:.*]] = spirv.AccessChain %arg0[%{{.*}}, %[[I]]]
// CHECK-NEXT:      %[[OLD:.*]] = spirv.AtomicIAdd <Device> <None> %[[P]], %arg2 : !spirv.ptr<i32, StorageBuffer>
// CHECK:           spirv.Store "StorageBuffer" %{{.*}}, %[[OLD]] : i32
// CHECK-NEXT:      spirv.Return
// CHECK-NOT:   gpu.module

// I64:           %[[E:.*]] = spirv.Select %arg1, %{{.*}}, %{{.*}} : i1, i64
// I64-NEXT:      %[[I:.*]] = spirv.IAdd %{{.*}}, %[[E]] : i64
// I64:           spirv.AccessChain %arg0[%{{.*}}, %[[I]]] : {{.*}}, i64, i64 -> !spirv.ptr<i32, StorageBuffer>

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Int64], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<?xi32, #spirv.storage_class<StorageBuffer>>, %b: i1, %v: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %id = gpu.global_id x
      %e = arith.index_castui %b : i1 to index
      %i = arith.addi %id, %e : index
      %old = memref.generic_atomic_rmw %x[%i] : memref<?xi32, #spirv.storage_class<StorageBuffer>> {
      ^bb0(%cur: i32):
        %m = arith.addi %cur, %v : i32
        memref.atomic_yield %m : i32
      }
      memref.store %old, %x[%id] : memref<?xi32, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
  }
}
