// RUN: %nvc-opt %s -nvc-unroll-grid-stride | FileCheck %s

// nvc-unroll-grid-stride unrolls a grid-stride loop (a counter advancing by a
// loop-invariant, non-constant step; a short straight-line body that loads
// from a storage buffer) by four: a main loop whose condition tests the
// counter values i, i+s, i+2s, i+3s and whose body is four copies of the
// original, then the original loop for the remaining iterations. A loop with
// a constant step (drivers unroll those themselves) stays.

// CHECK-LABEL: func.func @grid_stride
// CHECK:         %[[S:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[MAIN:.*]] = scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT:      %[[C0:.*]] = arith.cmpi slt, %[[I]], %arg0 : i32
// CHECK-NEXT:      %[[I1:.*]] = arith.addi %[[I]], %[[S]] : i32
// CHECK-NEXT:      %[[C1:.*]] = arith.cmpi slt, %[[I1]], %arg0 : i32
// CHECK-NEXT:      %[[A1:.*]] = arith.andi %[[C0]], %[[C1]] : i1
// CHECK-NEXT:      %[[I2:.*]] = arith.addi %[[I1]], %[[S]] : i32
// CHECK-NEXT:      %[[C2:.*]] = arith.cmpi slt, %[[I2]], %arg0 : i32
// CHECK-NEXT:      %[[A2:.*]] = arith.andi %[[A1]], %[[C2]] : i1
// CHECK-NEXT:      %[[I3:.*]] = arith.addi %[[I2]], %[[S]] : i32
// CHECK-NEXT:      %[[C3:.*]] = arith.cmpi slt, %[[I3]], %arg0 : i32
// CHECK-NEXT:      %[[A3:.*]] = arith.andi %[[A2]], %[[C3]] : i1
// CHECK-NEXT:      scf.condition(%[[A3]]) %[[I]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[J:.*]]: i32):
// CHECK-COUNT-4:   memref.store %{{.*}}, %arg2[%{{.*}}]
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %{{.*}}, %[[S]] : i32
// CHECK-NEXT:      scf.yield %[[NEXT]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.while (%[[K:.*]] = %[[MAIN]]) : (i32) -> i32 {
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[K]], %arg0 : i32
// CHECK-NEXT:      scf.condition(%[[C]]) %[[K]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[K2:.*]]: i32):
// CHECK-NEXT:      %[[KI:.*]] = arith.index_cast %[[K2]] : i32 to index
// CHECK-NEXT:      %[[V:.*]] = memref.load %arg1[%[[KI]]]
// CHECK-NEXT:      memref.store %[[V]], %arg2[%[[KI]]]
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[K2]], %[[S]] : i32
// CHECK-NEXT:      scf.yield %[[N]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @unit_step
// CHECK-COUNT-1: scf.while
// CHECK-NOT:     scf.while
// CHECK-COUNT-1: memref.store
// CHECK-NOT:     memref.store

func.func @grid_stride(%n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %y: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %block_dim_x = gpu.block_dim  x
  %1 = arith.index_cast %block_dim_x : index to i32
  %grid_dim_x = gpu.grid_dim  x
  %2 = arith.index_cast %grid_dim_x : index to i32
  %stride = arith.muli %1, %2 : i32
  %5 = scf.while (%i = %0) : (i32) -> i32 {
    %7 = arith.cmpi slt, %i, %n : i32
    scf.condition(%7) %i : i32
  } do {
  ^bb0(%i: i32):
    %7 = arith.index_cast %i : i32 to index
    %8 = memref.load %x[%7] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    memref.store %8, %y[%7] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %11 = arith.addi %i, %stride : i32
    scf.yield %11 : i32
  }
  return
}
func.func @unit_step(%n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %y: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
  %c1 = arith.constant 1 : i32
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %5 = scf.while (%i = %0) : (i32) -> i32 {
    %7 = arith.cmpi slt, %i, %n : i32
    scf.condition(%7) %i : i32
  } do {
  ^bb0(%i: i32):
    %7 = arith.index_cast %i : i32 to index
    %8 = memref.load %x[%7] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    memref.store %8, %y[%7] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %11 = arith.addi %i, %c1 : i32
    scf.yield %11 : i32
  }
  return
}
