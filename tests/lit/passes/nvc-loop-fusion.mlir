// RUN: %nvc-opt %s -nvc-loop-fusion | FileCheck %s

// nvc-loop-fusion fuses adjacent scf.while loops of a block that run over
// the same counter (same start, bound and step) when no dependence forbids
// it: the second loop's body follows the first's in one loop, its carried
// values appended, and its loads of what the first loop loads merged. Loops
// over different bounds stay apart.

// s = sum(x[j]); q = sum(x[j] * x[j]) for j in range(n) (a row's sum and sum
// of squares): one loop, one load of x[j].
// CHECK-LABEL: func.func @same_counter
// CHECK:         %[[R:.*]]:3 = scf.while (%[[J:.*]] = %[[C0:.*]], %[[S:.*]] = %[[Z:.*]], %[[Q:.*]] = %[[Z]]) : (i32, f32, f32) -> (i32, f32, f32) {
// CHECK-NEXT:      %[[MORE:.*]] = arith.cmpi slt, %[[J]], %arg0 : i32
// CHECK-NEXT:      scf.condition(%[[MORE]]) %[[J]], %[[S]], %[[Q]] : i32, f32, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[J2:.*]]: i32, %[[S2:.*]]: f32, %[[Q2:.*]]: f32):
// CHECK-NEXT:      %[[I:.*]] = arith.addi %arg3, %[[J2]] : i32
// CHECK-NEXT:      %[[II:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT:      %[[V:.*]] = memref.load %arg1[%[[II]]]
// CHECK-NEXT:      %[[S3:.*]] = arith.addf %[[S2]], %[[V]] : f32
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[J2]], %{{.*}} : i32
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT:      %[[Q3:.*]] = arith.addf %[[Q2]], %[[SQ]] : f32
// CHECK-NEXT:      scf.yield %[[NEXT]], %[[S3]], %[[Q3]] : i32, f32, f32
// CHECK-NEXT:    }
// CHECK-NOT:     scf.while
// CHECK:         memref.store %[[R]]#1, %arg2
// CHECK:         memref.store %[[R]]#2, %arg2
func.func @same_counter(%n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %out: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %xoff: i32 {nvc.non_negative}, %outoff: i32 {nvc.non_negative}) attributes {nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %c0_i32 = arith.constant 0 : i32
  %0:2 = scf.while (%j = %c0_i32, %s = %cst) : (i32, f32) -> (i32, f32) {
    %5 = arith.cmpi slt, %j, %n : i32
    scf.condition(%5) %j, %s : i32, f32
  } do {
  ^bb0(%j: i32, %s: f32):
    %5 = arith.addi %xoff, %j : i32
    %6 = arith.index_cast %5 : i32 to index
    %7 = memref.load %x[%6] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %8 = arith.addf %s, %7 : f32
    %9 = arith.addi %j, %c1_i32 : i32
    scf.yield %9, %8 : i32, f32
  }
  %1:2 = scf.while (%j = %c0_i32, %q = %cst) : (i32, f32) -> (i32, f32) {
    %5 = arith.cmpi slt, %j, %n : i32
    scf.condition(%5) %j, %q : i32, f32
  } do {
  ^bb0(%j: i32, %q: f32):
    %5 = arith.addi %xoff, %j : i32
    %6 = arith.index_cast %5 : i32 to index
    %7 = memref.load %x[%6] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %8 = arith.mulf %7, %7 : f32
    %9 = arith.addf %q, %8 : f32
    %10 = arith.addi %j, %c1_i32 : i32
    scf.yield %10, %9 : i32, f32
  }
  %2 = arith.index_cast %outoff : i32 to index
  memref.store %0#1, %out[%2] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %3 = arith.addi %outoff, %c1_i32 : i32
  %4 = arith.index_cast %3 : i32 to index
  memref.store %1#1, %out[%4] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  return
}

// for j in range(n) ... then for j in range(m) ...: different bounds, two loops.
// CHECK-LABEL: func.func @different_bounds
// CHECK:         %[[A:.*]]:2 = scf.while
// CHECK-NEXT:      arith.cmpi slt, %{{.*}}, %arg0 : i32
// CHECK:         %[[B:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[A]]#1) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:      arith.cmpi slt, %{{.*}}, %arg1 : i32
// CHECK:         memref.store %[[B]]#1, %arg3
func.func @different_bounds(%n: i32, %m: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %out: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %xoff: i32 {nvc.non_negative}, %outoff: i32 {nvc.non_negative}) attributes {nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %c0_i32 = arith.constant 0 : i32
  %0:2 = scf.while (%j = %c0_i32, %s = %cst) : (i32, f32) -> (i32, f32) {
    %3 = arith.cmpi slt, %j, %n : i32
    scf.condition(%3) %j, %s : i32, f32
  } do {
  ^bb0(%j: i32, %s: f32):
    %3 = arith.addi %xoff, %j : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = memref.load %x[%4] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %6 = arith.addf %s, %5 : f32
    %7 = arith.addi %j, %c1_i32 : i32
    scf.yield %7, %6 : i32, f32
  }
  %1:2 = scf.while (%j = %c0_i32, %s = %0#1) : (i32, f32) -> (i32, f32) {
    %3 = arith.cmpi slt, %j, %m : i32
    scf.condition(%3) %j, %s : i32, f32
  } do {
  ^bb0(%j: i32, %s: f32):
    %3 = arith.addi %xoff, %j : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = memref.load %x[%4] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %6 = arith.mulf %5, %5 : f32
    %7 = arith.addf %s, %6 : f32
    %8 = arith.addi %j, %c1_i32 : i32
    scf.yield %8, %7 : i32, f32
  }
  %2 = arith.index_cast %outoff : i32 to index
  memref.store %1#1, %out[%2] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  return
}
