// RUN: %nvc-opt %s -nvc-coarsen-threads | FileCheck %s
// RUN: %nvc-opt %s -nvc-coarsen-threads=factor=2 | FileCheck %s --check-prefix=FACTOR

// nvc-coarsen-threads makes each invocation of a kernel that uses the
// invocation only through cuda.grid(1) compute C outputs, g and g + G (G the
// dispatched grid's invocations): the index-dependent guards and pure ops
// cloned per copy (each guard also tests g_k < N, N the original grid, a
// hidden last argument), the copies' loops jammed into one that loads the
// shared w[j] once. C: the kernel's coarsen= (nvc.coarsen_request), else the
// factor option (--coarsen), else the cost model (1 here: the loop reads one
// array). Kernels with barriers (or other ids, shared memory, atomics) stay.

// CHECK-LABEL: func.func @requested
// CHECK-SAME:    %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg4: index) attributes {nvc.coarsen = 2 : i32, nvc.coarsen_request = 2 : i32, nvc.kernel}
// CHECK-NEXT:    %[[G:.*]] = gpu.global_id x
// CHECK-NEXT:    %[[BD:.*]] = gpu.block_dim x
// CHECK-NEXT:    %[[GD:.*]] = gpu.grid_dim x
// CHECK-NEXT:    %[[GRID:.*]] = arith.muli %[[GD]], %[[BD]] : index
// CHECK-NEXT:    %[[E0:.*]] = arith.cmpi ult, %[[G]], %arg4 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[STRIDE:.*]] = arith.muli %[[GRID]], %[[ONE]] : index
// CHECK-NEXT:    %[[G1:.*]] = arith.addi %[[G]], %[[STRIDE]] : index
// CHECK-NEXT:    %[[E1:.*]] = arith.cmpi ult, %[[G1]], %arg4 : index
// CHECK:         %[[IN0:.*]] = arith.andi %{{.*}}, %[[E0]] : i1
// CHECK-NEXT:    %[[X0:.*]] = scf.if %[[IN0]] -> (f32) {
// CHECK-NEXT:      memref.load %arg1[%[[G]]]
// CHECK:         %[[IN1:.*]] = arith.andi %{{.*}}, %[[E1]] : i1
// CHECK-NEXT:    %[[X1:.*]] = scf.if %[[IN1]] -> (f32) {
// CHECK-NEXT:      memref.load %arg1[%[[G1]]]
// CHECK:         %[[R:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, f32, f32) -> (i32, f32, f32) {
// CHECK:           %[[W:.*]] = memref.load %arg2[%{{.*}}]
// CHECK-NEXT:      arith.mulf %[[W]], %[[X0]] : f32
// CHECK-NEXT:      arith.mulf %[[W]], %[[X1]] : f32
// CHECK-NOT:       memref.load
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      memref.store %[[R]]#1, %arg3[%[[G]]]
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      memref.store %[[R]]#2, %arg3[%[[G1]]]

// CHECK-LABEL: func.func @cost_model
// CHECK-SAME:    %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
// CHECK-NOT:     gpu.grid_dim
// CHECK:         scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, f32) -> (i32, f32)
// FACTOR-LABEL: func.func @cost_model
// FACTOR-SAME:    %arg4: index) attributes {nvc.coarsen = 2 : i32, nvc.kernel}

// CHECK-LABEL: func.func @barrier
// CHECK-SAME:    %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.coarsen_request = 2 : i32, nvc.kernel} {
// CHECK-NOT:     gpu.grid_dim
// CHECK:         gpu.barrier
// FACTOR-LABEL: func.func @barrier
// FACTOR-SAME:    %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.coarsen_request = 2 : i32, nvc.kernel} {

func.func @requested(%arg0: i32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.coarsen_request = 2 : i32, nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 2.000000e+00 : f32
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %1 = arith.cmpi slt, %0, %arg0 : i32
  %2 = scf.if %1 -> (f32) {
    %4 = memref.load %arg1[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %5 = arith.mulf %4, %cst_0 : f32
    scf.yield %5 : f32
  } else {
    %cst_1 = arith.constant 0.000000e+00 : f32
    scf.yield %cst_1 : f32
  }
  %3:2 = scf.while (%arg4 = %c0_i32, %arg5 = %cst) : (i32, f32) -> (i32, f32) {
    %4 = arith.cmpi slt, %arg4, %arg0 : i32
    scf.condition(%4) %arg4, %arg5 : i32, f32
  } do {
  ^bb0(%arg4: i32, %arg5: f32):
    %4 = arith.index_cast %arg4 : i32 to index
    %5 = memref.load %arg2[%4] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %6 = arith.mulf %5, %2 : f32
    %7 = arith.addf %arg5, %6 : f32
    %8 = arith.addi %arg4, %c1_i32 : i32
    scf.yield %8, %7 : i32, f32
  }
  scf.if %1 {
    memref.store %3#1, %arg3[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  }
  return
}
func.func @cost_model(%arg0: i32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 2.000000e+00 : f32
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %1 = arith.cmpi slt, %0, %arg0 : i32
  %2 = scf.if %1 -> (f32) {
    %4 = memref.load %arg1[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %5 = arith.mulf %4, %cst_0 : f32
    scf.yield %5 : f32
  } else {
    %cst_1 = arith.constant 0.000000e+00 : f32
    scf.yield %cst_1 : f32
  }
  %3:2 = scf.while (%arg4 = %c0_i32, %arg5 = %cst) : (i32, f32) -> (i32, f32) {
    %4 = arith.cmpi slt, %arg4, %arg0 : i32
    scf.condition(%4) %arg4, %arg5 : i32, f32
  } do {
  ^bb0(%arg4: i32, %arg5: f32):
    %4 = arith.index_cast %arg4 : i32 to index
    %5 = memref.load %arg2[%4] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %6 = arith.mulf %5, %2 : f32
    %7 = arith.addf %arg5, %6 : f32
    %8 = arith.addi %arg4, %c1_i32 : i32
    scf.yield %8, %7 : i32, f32
  }
  scf.if %1 {
    memref.store %3#1, %arg3[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  }
  return
}
func.func @barrier(%arg0: i32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.coarsen_request = 2 : i32, nvc.kernel} {
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 2.000000e+00 : f32
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %1 = arith.cmpi slt, %0, %arg0 : i32
  %2 = scf.if %1 -> (f32) {
    %4 = memref.load %arg1[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %5 = arith.mulf %4, %cst_0 : f32
    scf.yield %5 : f32
  } else {
    %cst_1 = arith.constant 0.000000e+00 : f32
    scf.yield %cst_1 : f32
  }
  %3:2 = scf.while (%arg4 = %c0_i32, %arg5 = %cst) : (i32, f32) -> (i32, f32) {
    %4 = arith.cmpi slt, %arg4, %arg0 : i32
    scf.condition(%4) %arg4, %arg5 : i32, f32
  } do {
  ^bb0(%arg4: i32, %arg5: f32):
    %4 = arith.index_cast %arg4 : i32 to index
    %5 = memref.load %arg2[%4] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %6 = arith.mulf %5, %2 : f32
    %7 = arith.addf %arg5, %6 : f32
    %8 = arith.addi %arg4, %c1_i32 : i32
    scf.yield %8, %7 : i32, f32
  }
  gpu.barrier
  scf.if %1 {
    memref.store %3#1, %arg3[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  }
  return
}
