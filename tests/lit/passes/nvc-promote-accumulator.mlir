// RUN: %nvc-opt %s -nvc-promote-accumulator | FileCheck %s

// nvc-promote-accumulator keeps a loop's read-modify-write of one element of
// an array argument at a loop-invariant index (`out[i] += x[j]`) in a
// register: the loop condition evaluated once up front, the element loaded
// before the loop if the body runs, carried as a loop value, stored after
// it. A kernel whose loop also reads another array gets nvc.assumes_no_alias.
// An element that changes with the iteration stays in memory.

// CHECK-LABEL: func.func @accumulate
// CHECK-SAME:    attributes {nvc.assumes_no_alias, nvc.kernel}
// CHECK:         %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %arg2 : i32
// CHECK-NEXT:    %[[INIT:.*]] = scf.if %[[RUNS]] -> (f64) {
// CHECK-NEXT:      %[[L:.*]] = memref.load %arg1[%arg3]
// CHECK-NEXT:      scf.yield %[[L]] : f64
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[P:.*]] = ub.poison : f64
// CHECK-NEXT:      scf.yield %[[P]] : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while (%[[J:.*]] = %[[C0]], %[[ACC:.*]] = %[[INIT]]) : (i32, f64) -> (i32, f64) {
// CHECK:         ^bb0(%[[J2:.*]]: i32, %[[ACC2:.*]]: f64):
// CHECK-NEXT:      %[[JJ:.*]] = arith.index_cast %[[J2]] : i32 to index
// CHECK-NEXT:      %[[XJ:.*]] = memref.load %arg0[%[[JJ]]]
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[ACC2]], %[[XJ]] : f64
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[J2]], %{{.*}} : i32
// CHECK-NEXT:      scf.yield %[[NEXT]], %[[SUM]] : i32, f64
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %[[RUNS]] {
// CHECK-NEXT:      memref.store %[[R]]#1, %arg1[%arg3]
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @element_changes
// CHECK-SAME:    attributes {nvc.kernel}
// CHECK:         ^bb0(%[[J:.*]]: i32):
// CHECK-NEXT:      %[[JJ:.*]] = arith.index_cast %[[J]] : i32 to index
// CHECK-NEXT:      %[[A:.*]] = memref.load %arg0[%[[JJ]]]
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %{{.*}} : f64
// CHECK-NEXT:      memref.store %[[S]], %arg0[%[[JJ]]]

func.func @accumulate(%x: memref<?xf64, #spirv.storage_class<StorageBuffer>>, %out: memref<?xf64, #spirv.storage_class<StorageBuffer>>, %k: i32, %i: index) attributes {nvc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%j = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %j, %k : i32
    scf.condition(%more) %j : i32
  } do {
  ^bb0(%j: i32):
    %jj = arith.index_cast %j : i32 to index
    %xj = memref.load %x[%jj] : memref<?xf64, #spirv.storage_class<StorageBuffer>>
    %acc = memref.load %out[%i] : memref<?xf64, #spirv.storage_class<StorageBuffer>>
    %sum = arith.addf %acc, %xj : f64
    memref.store %sum, %out[%i] : memref<?xf64, #spirv.storage_class<StorageBuffer>>
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return
}
func.func @element_changes(%out: memref<?xf64, #spirv.storage_class<StorageBuffer>>, %k: i32) attributes {nvc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.0 : f64
  %r = scf.while (%j = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %j, %k : i32
    scf.condition(%more) %j : i32
  } do {
  ^bb0(%j: i32):
    %jj = arith.index_cast %j : i32 to index
    %acc = memref.load %out[%jj] : memref<?xf64, #spirv.storage_class<StorageBuffer>>
    %sum = arith.addf %acc, %one : f64
    memref.store %sum, %out[%jj] : memref<?xf64, #spirv.storage_class<StorageBuffer>>
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return
}
