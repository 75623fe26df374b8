// RUN: %nvc-opt %s -nvc-stage-shared | FileCheck %s

// nvc-stage-shared rewrites a uniform top-level loop `for j < N` that loads
// w[j] from an array argument the kernel never writes as a loop over tiles
// of 256 iterations: the workgroup's invocations load the tile's elements
// into a workgroup array (invocation t loads t, t + L, ...), barrier, the
// original iterations read the workgroup array, barrier. The kernel is
// marked nvc.assumes_no_alias and records nvc.staged_shared_bytes. A loop
// under a data-dependent guard (not reached by every invocation) stays.

// CHECK-LABEL: func.func @weighted
// CHECK-SAME:    attributes {nvc.assumes_no_alias, nvc.kernel, nvc.staged_shared_bytes = 1024 : i64}
// CHECK-NEXT:    %[[TILE:.*]] = memref.alloc() : memref<256xf32, #spirv.storage_class<Workgroup>>
// CHECK:         %[[XI:.*]] = scf.if
// CHECK:         %[[T:.*]] = arith.addi %thread_id_x, %{{.*}} : index
// CHECK:         %[[L:.*]] = arith.muli %block_dim_x, %{{.*}} : index
// CHECK-NEXT:    %[[C256:.*]] = arith.constant 256 : i32
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while (%[[J:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:      %[[MORE:.*]] = arith.cmpi slt, %[[J]], %arg0 : i32
// CHECK-NEXT:      scf.condition(%[[MORE]]) %[[J]], %[[ACC]] : i32, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[J0:.*]]: i32, %[[ACC0:.*]]: f32):
// CHECK-NEXT:      %[[LEFT:.*]] = arith.subi %arg0, %[[J0]] : i32
// CHECK-NEXT:      %[[N:.*]] = arith.minsi %[[LEFT]], %[[C256]] : i32
// CHECK-NEXT:      %[[END:.*]] = arith.addi %[[J0]], %[[N]] : i32
// CHECK-NEXT:      %[[NI:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK-NEXT:      scf.for %[[K:.*]] = %[[T]] to %[[NI]] step %[[L]] {
// CHECK:             %[[W:.*]] = memref.load %arg2[%{{.*}}] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
// CHECK-NEXT:        memref.store %[[W]], %[[TILE]][%[[K]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[IN:.*]]:2 = scf.while (%[[J1:.*]] = %[[J0]], %{{.*}} = %[[ACC0]])
// CHECK-NEXT:        arith.cmpi slt, %[[J1]], %[[END]] : i32
// CHECK:             %[[S:.*]] = memref.load %[[TILE]][%{{.*}}] : memref<256xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:        arith.mulf %[[S]], %[[XI]] : f32
// CHECK:           gpu.barrier
// CHECK-NEXT:      scf.yield %[[IN]]#0, %[[IN]]#1 : i32, f32
// CHECK-NEXT:    }

// CHECK-LABEL: func.func @data_guard
// CHECK-SAME:    attributes {nvc.kernel} {
// CHECK-NOT:     Workgroup
// CHECK-NOT:     gpu.barrier

module {
  func.func @weighted(%arg0: i32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
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
  func.func @data_guard(%arg0: i32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %global_id_x = gpu.global_id  x
    %0 = memref.load %arg1[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %1 = arith.cmpf ogt, %0, %cst : f32
    scf.if %1 {
      %2:2 = scf.while (%arg4 = %c0_i32, %arg5 = %cst) : (i32, f32) -> (i32, f32) {
        %3 = arith.cmpi slt, %arg4, %arg0 : i32
        scf.condition(%3) %arg4, %arg5 : i32, f32
      } do {
      ^bb0(%arg4: i32, %arg5: f32):
        %3 = arith.index_cast %arg4 : i32 to index
        %4 = memref.load %arg2[%3] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
        %5 = arith.addf %arg5, %4 : f32
        %6 = arith.addi %arg4, %c1_i32 : i32
        scf.yield %6, %5 : i32, f32
      }
      memref.store %2#1, %arg3[%global_id_x] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    }
    return
  }
}

