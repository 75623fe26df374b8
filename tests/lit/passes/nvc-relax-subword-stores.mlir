// RUN: %nvc-opt %s -nvc-relax-subword-stores | FileCheck %s

// nvc-relax-subword-stores gives the spirv.AtomicAnd / spirv.AtomicOr pairs by
// which MLIR emulates an 8- or 16-bit store (AcquireRelease, result unused)
// relaxed semantics (None). An atomic whose result the kernel uses (nvc's own
// atomics) or that has other semantics keeps them.

// CHECK-LABEL: spirv.func @subword_store
// CHECK-NEXT:    spirv.AtomicAnd <Device> <None> %arg0, %arg1 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT:    spirv.AtomicOr <Device> <None> %arg0, %arg2 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT:    spirv.Return

// CHECK-LABEL: spirv.func @kept
// CHECK-NEXT:    %[[OLD:.*]] = spirv.AtomicAnd <Device> <AcquireRelease> %arg0, %arg1 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT:    spirv.AtomicOr <Device> <SequentiallyConsistent> %arg0, %[[OLD]] : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT:    spirv.AtomicIAdd <Device> <AcquireRelease> %arg0, %arg1 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT:    spirv.Return
spirv.module Logical GLSL450 {
  spirv.func @subword_store(%word: !spirv.ptr<i32, StorageBuffer>, %clear: i32, %set: i32) "None" {
    %0 = spirv.AtomicAnd <Device> <AcquireRelease> %word, %clear : !spirv.ptr<i32, StorageBuffer>
    %1 = spirv.AtomicOr <Device> <AcquireRelease> %word, %set : !spirv.ptr<i32, StorageBuffer>
    spirv.Return
  }
  spirv.func @kept(%word: !spirv.ptr<i32, StorageBuffer>, %v: i32) "None" {
    %0 = spirv.AtomicAnd <Device> <AcquireRelease> %word, %v : !spirv.ptr<i32, StorageBuffer>
    %1 = spirv.AtomicOr <Device> <SequentiallyConsistent> %word, %0 : !spirv.ptr<i32, StorageBuffer>
    %2 = spirv.AtomicIAdd <Device> <AcquireRelease> %word, %v : !spirv.ptr<i32, StorageBuffer>
    spirv.Return
  }
}
