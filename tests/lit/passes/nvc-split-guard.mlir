// RUN: %nvc-opt %s -nvc-split-guard | FileCheck %s

// nvc-split-guard rewrites a kernel `i = cuda.grid(1); if i < n: {A; loop; B}`
// whose loop depends neither on A nor on the invocation for its trip count
// and addresses, and writes no memory, as
// `vals = if c {A} else {zeros}; loop(vals); if c {B}`: the loop then runs in
// every invocation. A guard that depends on data (`if x[i] > 0`) stays.

// CHECK-LABEL: func.func @weighted
// CHECK:         %[[ID:.*]] = gpu.global_id x
// CHECK-NEXT:    %[[I:.*]] = arith.index_cast %[[ID]] : index to i32
// CHECK-NEXT:    %[[IN:.*]] = arith.cmpi slt, %[[I]], %arg0 : i32
// CHECK-NEXT:    %[[XI:.*]] = scf.if %[[IN]] -> (f32) {
// CHECK-NEXT:      %[[L:.*]] = memref.load %arg1[%[[ID]]]
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[L]], %{{.*}} : f32
// CHECK-NEXT:      scf.yield %[[M]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      scf.yield %[[Z]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while
// CHECK:           %[[P:.*]] = arith.mulf %{{.*}}, %[[XI]] : f32
// CHECK:         }
// CHECK-NEXT:    scf.if %[[IN]] {
// CHECK-NEXT:      memref.store %[[R]]#1, %arg3[%[[ID]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @data_guard
// CHECK:         %[[POS:.*]] = arith.cmpf ogt
// CHECK-NEXT:    scf.if %[[POS]] {
// CHECK-NEXT:      %[[R:.*]]:2 = scf.while
// CHECK:           memref.store %[[R]]#1, %arg3
// CHECK-NEXT:    }
// CHECK-NEXT:    return

func.func @weighted(%n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %w: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %out: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %two = arith.constant 2.000000e+00 : f32
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %1 = arith.cmpi slt, %0, %n : i32
  scf.if %1 {
    %4 = memref.load %x[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %5 = arith.mulf %4, %two : f32
    %6:2 = scf.while (%j = %c0_i32, %acc = %cst) : (i32, f32) -> (i32, f32) {
      %9 = arith.cmpi slt, %j, %n : i32
      scf.condition(%9) %j, %acc : i32, f32
    } do {
    ^bb0(%j: i32, %acc: f32):
      %10 = arith.index_cast %j : i32 to index
      %11 = memref.load %w[%10] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
      %12 = arith.mulf %11, %5 : f32
      %13 = arith.addf %acc, %12 : f32
      %14 = arith.addi %j, %c1_i32 : i32
      scf.yield %14, %13 : i32, f32
    }
    memref.store %6#1, %out[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  }
  return
}
func.func @data_guard(%n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %w: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %out: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %global_id_x = gpu.global_id  x
  %3 = memref.load %x[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  %5 = arith.cmpf ogt, %3, %cst : f32
  scf.if %5 {
    %6:2 = scf.while (%j = %c0_i32, %acc = %cst) : (i32, f32) -> (i32, f32) {
      %9 = arith.cmpi slt, %j, %n : i32
      scf.condition(%9) %j, %acc : i32, f32
    } do {
    ^bb0(%j: i32, %acc: f32):
      %10 = arith.index_cast %j : i32 to index
      %11 = memref.load %w[%10] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
      %13 = arith.addf %acc, %11 : f32
      %14 = arith.addi %j, %c1_i32 : i32
      scf.yield %14, %13 : i32, f32
    }
    memref.store %6#1, %out[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  }
  return
}
