// RUN: %nvc-opt %s -nvc-promote-private-arrays | FileCheck %s

// nvc-promote-private-arrays replaces a private array (memref.alloca) whose
// every access has constant indices with one SSA value per element (scalar
// replacement, then mem2reg). An array indexed by a variable stays in memory.

// t[0] = a; t[1] = b; if c: t[1] = a * b; return t[0] + t[1]
// CHECK-LABEL: func.func @constant_indices
// CHECK-NOT:     memref.alloca
// CHECK:         %[[T1:.*]] = scf.if %arg2 -> (f32) {
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %arg0, %arg1 : f32
// CHECK-NEXT:      scf.yield %[[P]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S:.*]] = arith.addf %arg0, %[[T1]] : f32
// CHECK-NEXT:    return %[[S]] : f32
func.func @constant_indices(%a: f32, %b: f32, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloca() : memref<2xf32, #spirv.storage_class<Function>>
  memref.store %a, %t[%c0] : memref<2xf32, #spirv.storage_class<Function>>
  memref.store %b, %t[%c1] : memref<2xf32, #spirv.storage_class<Function>>
  scf.if %c {
    %p = arith.mulf %a, %b : f32
    memref.store %p, %t[%c1] : memref<2xf32, #spirv.storage_class<Function>>
  }
  %0 = memref.load %t[%c0] : memref<2xf32, #spirv.storage_class<Function>>
  %1 = memref.load %t[%c1] : memref<2xf32, #spirv.storage_class<Function>>
  %2 = arith.addf %0, %1 : f32
  return %2 : f32
}

// CHECK-LABEL: func.func @variable_index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[T:.*]] = memref.alloca() : memref<2xf32, #spirv.storage_class<Function>>
// CHECK-NEXT:    memref.store %arg0, %[[T]][%arg1]
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[T]][%[[C0]]]
// CHECK-NEXT:    return %[[V]] : f32
func.func @variable_index(%a: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloca() : memref<2xf32, #spirv.storage_class<Function>>
  memref.store %a, %t[%i] : memref<2xf32, #spirv.storage_class<Function>>
  %0 = memref.load %t[%c0] : memref<2xf32, #spirv.storage_class<Function>>
  return %0 : f32
}
