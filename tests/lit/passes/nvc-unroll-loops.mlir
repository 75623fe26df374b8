// RUN: %nvc-opt %s -nvc-unroll-loops | FileCheck %s

// nvc-unroll-loops fully unrolls an scf.while of a small constant trip count
// whose counter indexes a private array (`for j in range(3): t[j] = ...`):
// the before region and body once per iteration with the counter's value
// threaded through (the canonicalizer then folds the indices to constants).
// A loop whose trip count is not a constant stays.

// CHECK-LABEL: func.func @constant_count
// CHECK:         %[[T:.*]] = memref.alloca() : memref<3xf32, #spirv.storage_class<Function>>
// CHECK-NEXT:    arith.cmpi slt, %[[C0:.*]], %[[C3:.*]] : i32
// CHECK-NEXT:    %[[I0:.*]] = arith.addi %arg1, %[[C0]] : i32
// CHECK-NEXT:    %[[X0:.*]] = arith.index_cast %[[I0]] : i32 to index
// CHECK-NEXT:    %[[V0:.*]] = memref.load %arg0[%[[X0]]]
// CHECK-NEXT:    %[[J0:.*]] = arith.index_cast %[[C0]] : i32 to index
// CHECK-NEXT:    memref.store %[[V0]], %[[T]][%[[J0]]]
// CHECK-NEXT:    %[[K1:.*]] = arith.addi %[[C0]], %[[C1:.*]] : i32
// CHECK-NEXT:    arith.cmpi slt, %[[K1]], %[[C3]] : i32
// CHECK-NEXT:    %[[I1:.*]] = arith.addi %arg1, %[[K1]] : i32
// CHECK-NEXT:    %[[X1:.*]] = arith.index_cast %[[I1]] : i32 to index
// CHECK-NEXT:    %[[V1:.*]] = memref.load %arg0[%[[X1]]]
// CHECK-NEXT:    %[[J1:.*]] = arith.index_cast %[[K1]] : i32 to index
// CHECK-NEXT:    memref.store %[[V1]], %[[T]][%[[J1]]]
// CHECK-NEXT:    %[[K2:.*]] = arith.addi %[[K1]], %[[C1]] : i32
// CHECK-NEXT:    arith.cmpi slt, %[[K2]], %[[C3]] : i32
// CHECK-NEXT:    %[[I2:.*]] = arith.addi %arg1, %[[K2]] : i32
// CHECK-NEXT:    %[[X2:.*]] = arith.index_cast %[[I2]] : i32 to index
// CHECK-NEXT:    %[[V2:.*]] = memref.load %arg0[%[[X2]]]
// CHECK-NEXT:    %[[J2:.*]] = arith.index_cast %[[K2]] : i32 to index
// CHECK-NEXT:    memref.store %[[V2]], %[[T]][%[[J2]]]
// CHECK-NEXT:    %[[K3:.*]] = arith.addi %[[K2]], %[[C1]] : i32
// CHECK-NEXT:    arith.cmpi slt, %[[K3]], %[[C3]] : i32
// CHECK-NEXT:    %[[R:.*]] = memref.load %[[T]][%{{.*}}]
// CHECK-NEXT:    return %[[R]] : f32

// CHECK-LABEL: func.func @unknown_count
// CHECK:         scf.while (%[[J:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT:      %[[MORE:.*]] = arith.cmpi slt, %[[J]], %arg0 : i32
// CHECK-NEXT:      scf.condition(%[[MORE]]) %[[J]] : i32
// CHECK:           memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<3xf32, #spirv.storage_class<Function>>

func.func @constant_count(%x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %off: i32 {nvc.non_negative}) -> f32 attributes {nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %c0_i32 = arith.constant 0 : i32
  %c2 = arith.constant 2 : index
  %t = memref.alloca() : memref<3xf32, #spirv.storage_class<Function>>
  %0 = scf.while (%j = %c0_i32) : (i32) -> i32 {
    %1 = arith.cmpi slt, %j, %c3_i32 : i32
    scf.condition(%1) %j : i32
  } do {
  ^bb0(%j: i32):
    %1 = arith.addi %off, %j : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = memref.load %x[%2] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %4 = arith.index_cast %j : i32 to index
    memref.store %3, %t[%4] : memref<3xf32, #spirv.storage_class<Function>>
    %5 = arith.addi %j, %c1_i32 : i32
    scf.yield %5 : i32
  }
  %r = memref.load %t[%c2] : memref<3xf32, #spirv.storage_class<Function>>
  return %r : f32
}
func.func @unknown_count(%n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>) -> f32 attributes {nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %t = memref.alloca() : memref<3xf32, #spirv.storage_class<Function>>
  %0 = scf.while (%j = %c0_i32) : (i32) -> i32 {
    %1 = arith.cmpi slt, %j, %n : i32
    scf.condition(%1) %j : i32
  } do {
  ^bb0(%j: i32):
    %2 = arith.index_cast %j : i32 to index
    %3 = memref.load %x[%2] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    memref.store %3, %t[%2] : memref<3xf32, #spirv.storage_class<Function>>
    %5 = arith.addi %j, %c1_i32 : i32
    scf.yield %5 : i32
  }
  %r = memref.load %t[%c0] : memref<3xf32, #spirv.storage_class<Function>>
  return %r : f32
}
