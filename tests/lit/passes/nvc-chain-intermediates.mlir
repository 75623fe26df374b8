// RUN: %nvc-opt %s -split-input-file -verify-diagnostics -nvc-chain-intermediates | FileCheck %s

// nvc-chain-intermediates, on a launch chain's entry point (nvc.chain), runs
// mem2reg, canonicalize and cse, checks that every access to an intermediate
// (a memref.alloca marked nvc.chain_intermediate) is at the invocation's own
// cuda.grid(1) index (else a source error), and keeps each intermediate in a
// register: no memory access remains. Functions that are not chains stay
// exactly as they are (no mem2reg either).

// tmp[i] = a * x[i]; out[i] = tmp[i] + x[i]: the product goes straight to the
// add (through an index_cast round trip of the id).
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %[[ID:.*]] = gpu.global_id x
// CHECK-NEXT:    %[[V:.*]] = memref.load %arg1[%[[ID]]]
// CHECK-NEXT:    %[[S:.*]] = arith.mulf %arg0, %[[V]] : f32
// CHECK-NEXT:    %[[U:.*]] = arith.addf %[[S]], %[[V]] : f32
// CHECK-NEXT:    memref.store %[[U]], %arg2[%[[ID]]]
// CHECK-NEXT:    return
// CHECK-NOT:     memref.alloca

// CHECK-LABEL: func.func @not_a_chain
// CHECK-NEXT:    %[[L:.*]] = memref.alloca() : memref<f32, #spirv.storage_class<Function>>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[V:.*]] = memref.load %arg0[%[[C0]]]
// CHECK-NEXT:    memref.store %[[V]], %[[L]][]
// CHECK-NEXT:    %[[W:.*]] = memref.load %[[L]][]
// CHECK-NEXT:    memref.store %[[W]], %arg0[%arg1]
// CHECK-NEXT:    return

func.func @chain(%a: f32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %out: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %n: index) attributes {nvc.chain, nvc.kernel} {
  %tmp = memref.alloca(%n) {nvc.chain_intermediate = "tmp"} : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %id = gpu.global_id x
  %i = arith.index_cast %id : index to i32
  %j = arith.index_cast %i : i32 to index
  %v = memref.load %x[%j] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %s = arith.mulf %a, %v : f32
  memref.store %s, %tmp[%j] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %t = memref.load %tmp[%id] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %u = arith.addf %t, %v : f32
  memref.store %u, %out[%id] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  return
}
func.func @not_a_chain(%x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %n: index) attributes {nvc.kernel} {
  %local = memref.alloca() : memref<f32, #spirv.storage_class<Function>>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  memref.store %v, %local[] : memref<f32, #spirv.storage_class<Function>>
  %w = memref.load %local[] : memref<f32, #spirv.storage_class<Function>>
  memref.store %w, %x[%n] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  return
}

// -----

// A launch reading its neighbour's element of the intermediate: an error.
func.func @neighbour(%x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %n: index) attributes {nvc.chain, nvc.kernel} {
  %tmp = memref.alloca(%n) {nvc.chain_intermediate = "tmp"} : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %c1 = arith.constant 1 : index
  %id = gpu.global_id x
  %v = memref.load %x[%id] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  memref.store %v, %tmp[%id] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %next = arith.addi %id, %c1 : index
  // expected-error @+1 {{'tmp' is an intermediate of launch chain 'neighbour': a launch may only load or store its own element of it, cuda.grid(1)}}
  %t = memref.load %tmp[%next] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  memref.store %t, %x[%id] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  return
}
