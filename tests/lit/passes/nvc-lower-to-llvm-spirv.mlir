// RUN: %nvc-opt %s -nvc-lower-to-llvm-spirv | FileCheck %s
// RUN: %nvc-opt %s -nvc-lower-to-llvm-spirv="local-size=8,4,2 index-bits=64" | FileCheck %s --check-prefix=OPTS

// nvc-lower-to-llvm-spirv (the LLVM backend; on a gpu.module) lowers gpu.func
// kernels to llvm.func for LLVM's SPIR-V backend with nvc's kernel ABI: each
// buffer argument a llvm.spv.resource.handlefrombinding (set 0, bindings in
// order), the scalars in one addrspace(13) (PushConstant) struct loaded at
// entry, "hlsl.numthreads" from local-size, ids from llvm.spv.thread.id.
// What is outside the gpu.module (here a host function) stays.

// CHECK-LABEL: gpu.module @kernels
// CHECK-NEXT:    llvm.mlir.global external hidden @k.params() {addr_space = 13 : i32, externally_initialized} : !llvm.struct<(f32, i32)>
// CHECK-NEXT:    llvm.mlir.global private constant @k.arg1.name("k.arg1\00")
// CHECK-NEXT:    llvm.func @k() attributes {passthrough = {{\[\["hlsl.shader", "compute"\], \["hlsl.numthreads", "64,1,1"\]\]}}} {
// CHECK-NEXT:      %[[NAME:.*]] = llvm.mlir.addressof @k.arg1.name : !llvm.ptr
// CHECK-NEXT:      %[[SET:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:      %[[BINDING:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:      %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:      %[[X:.*]] = llvm.call_intrinsic "llvm.spv.resource.handlefrombinding"(%[[SET]], %[[BINDING]], %[[ONE]], %[[SET]], %[[NAME]]) : (i32, i32, i32, i32, !llvm.ptr) -> !llvm.target<"spirv.VulkanBuffer", !llvm.array<0 x f32>, 12, 1>
// CHECK:           %[[P:.*]] = llvm.mlir.addressof @k.params : !llvm.ptr<13>
// CHECK-NEXT:      %[[AP:.*]] = llvm.getelementptr inbounds %[[P]][0, 0]
// CHECK-NEXT:      %[[A:.*]] = llvm.load %[[AP]] : !llvm.ptr<13> -> f32
// CHECK-NEXT:      %[[NP:.*]] = llvm.getelementptr inbounds %[[P]][0, 1]
// CHECK-NEXT:      %[[N:.*]] = llvm.load %[[NP]] : !llvm.ptr<13> -> i32
// CHECK-NEXT:      %[[DIM:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:      %[[ID:.*]] = llvm.call_intrinsic "llvm.spv.thread.id"(%[[DIM]]) : (i32) -> i32
// CHECK-NEXT:      %[[IN:.*]] = llvm.icmp "slt" %[[ID]], %[[N]] : i32
// CHECK-NEXT:      llvm.cond_br %[[IN]], ^bb1, ^bb2
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      %[[PTR:.*]] = llvm.call_intrinsic "llvm.spv.resource.getpointer"(%[[X]], %[[ID]])
// CHECK-NEXT:      %[[V:.*]] = llvm.load %[[PTR]] : !llvm.ptr<11> -> f32
// CHECK-NEXT:      %[[S:.*]] = llvm.fmul %[[A]], %[[V]] : f32
// CHECK-NEXT:      %[[PTR2:.*]] = llvm.call_intrinsic "llvm.spv.resource.getpointer"(%[[X]], %[[ID]])
// CHECK-NEXT:      llvm.store %[[S]], %[[PTR2]] : f32, !llvm.ptr<11>
// CHECK-NOT:     gpu.func
// CHECK-LABEL: func.func @host
// CHECK-NEXT:    %[[R:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[R]] : i32

// OPTS:          "hlsl.numthreads", "8,4,2"
// OPTS:          %[[ID:.*]] = llvm.call_intrinsic "llvm.spv.thread.id"
// OPTS-NEXT:     llvm.zext %[[ID]] : i32 to i64

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%a: f32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %n: i32) kernel attributes {nvc.python_name = "k", spirv.entry_point_abi = #spirv.entry_point_abi<>} {
    %id = gpu.global_id x
    %i = arith.index_cast %id : index to i32
    %in = arith.cmpi slt, %i, %n : i32
    cf.cond_br %in, ^bb1, ^bb2
  ^bb1:
    %v = memref.load %x[%id] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %s = arith.mulf %a, %v : f32
    memref.store %s, %x[%id] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    cf.br ^bb2
  ^bb2:
    gpu.return
  }
}
func.func @host(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
}
