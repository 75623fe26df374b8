// RUN: %nvc-opt %s -nvc-mark-readonly-buffers | FileCheck %s

// nvc-mark-readonly-buffers decorates NonWritable the storage buffers an entry
// point only loads from, and marks an entry point that also writes a buffer
// nvc.assumes_no_alias. A module in which some function may load a buffer
// after writing it is left undecorated (NVIDIA would hoist that load).

// x is only loaded, y only stored.
// CHECK-LABEL: spirv.module @reads_x_writes_y
// CHECK-NEXT:    spirv.GlobalVariable @k_arg0 bind(0, 0) {non_writable} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT:    spirv.GlobalVariable @k_arg1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT:    spirv.func @k() "None" attributes {nvc.assumes_no_alias} {
spirv.module @reads_x_writes_y Logical GLSL450 {
  spirv.GlobalVariable @k_arg0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %x = spirv.mlir.addressof @k_arg0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %y = spirv.mlir.addressof @k_arg1 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %0 = spirv.AccessChain %x[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %1 = spirv.Load "StorageBuffer" %0 : f32
    %2 = spirv.AccessChain %y[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %2, %1 : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 64, 1, 1
}

// Left alone: y is loaded after it is stored (y[0] = x[0]; y[1] = y[0]), so x
// is not decorated either, nor the function marked.
// CHECK-LABEL: spirv.module @reads_back_y
// CHECK-NEXT:    spirv.GlobalVariable @k_arg0 bind(0, 0) : !spirv.ptr
// CHECK-NEXT:    spirv.GlobalVariable @k_arg1 bind(0, 1) : !spirv.ptr
// CHECK-NEXT:    spirv.func @k() "None" {
// CHECK-NOT:     non_writable
// CHECK-NOT:     nvc.assumes_no_alias
spirv.module @reads_back_y Logical GLSL450 {
  spirv.GlobalVariable @k_arg0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %x = spirv.mlir.addressof @k_arg0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %y = spirv.mlir.addressof @k_arg1 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %0 = spirv.AccessChain %x[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %1 = spirv.Load "StorageBuffer" %0 : f32
    %2 = spirv.AccessChain %y[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %2, %1 : f32
    %3 = spirv.Load "StorageBuffer" %2 : f32
    %4 = spirv.AccessChain %y[%c0, %c1] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %4, %3 : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 64, 1, 1
}
