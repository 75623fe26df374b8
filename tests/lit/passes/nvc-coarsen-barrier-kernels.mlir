// RUN: %nvc-opt %s -nvc-coarsen-barrier-kernels | FileCheck %s
// RUN: %nvc-opt %s -nvc-coarsen-barrier-kernels=factor=2 | FileCheck %s --check-prefix=FACTOR
// RUN: %nvc-opt %s -nvc-coarsen-barrier-kernels=factor=1 | FileCheck %s --check-prefix=OFF

// nvc-coarsen-barrier-kernels merges C neighbouring workgroups along x of a
// kernel with shared memory and barriers into one: copy k of workgroup b is
// original workgroup C*b + k (copy 0's where that is past W = N / blockDim.x,
// N the hidden last argument, its stores to arguments then guarded), the
// barrier once, the shared array `sh` (stored alike by all copies) once and
// its load once per iteration, x[i] loaded per copy. C: the cost model (4:
// sh[j] reaches per-copy multiplies), else the factor option (--coarsen).
// @divergent, whose barrier is under a test of the thread id, stays.

// CHECK-LABEL: func.func @tiled
// CHECK-SAME: %[[N:arg12]]: index) attributes {nvc.coarsen = 4 : i32
// CHECK-COUNT-1: memref.alloc()
// CHECK-NOT: memref.alloc()
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: scf.while ({{.*}}) : (i32, f32, f32, f32, f32)
// CHECK: memref.load %alloc
// CHECK-COUNT-4: memref.load %arg0
// CHECK-LABEL: func.func @divergent
// CHECK-SAME: %arg7: i32 {nvc.non_negative}) attributes {nvc.kernel

// FACTOR-LABEL: func.func @tiled
// FACTOR-SAME: %[[N:arg12]]: index) attributes {nvc.coarsen = 2 : i32
// FACTOR-NEXT: %[[BD:.*]] = gpu.block_dim x
// FACTOR-NEXT: %[[W:.*]] = arith.divui %[[N]], %[[BD]] : index
// FACTOR-NEXT: %[[C2:.*]] = arith.constant 2 : index
// FACTOR-NEXT: %[[B:.*]] = gpu.block_id x
// FACTOR-NEXT: %[[B0:.*]] = arith.muli %[[B]], %[[C2]] : index
// FACTOR-NEXT: %[[T:.*]] = gpu.thread_id x
// FACTOR-NEXT: %[[G0A:.*]] = arith.muli %[[B0]], %[[BD]] : index
// FACTOR-NEXT: %[[G0:.*]] = arith.addi %[[G0A]], %[[T]] : index
// FACTOR-NEXT: %[[K1:.*]] = arith.constant 1 : index
// FACTOR-NEXT: %[[B1A:.*]] = arith.addi %[[B0]], %[[K1]] : index
// FACTOR-NEXT: %[[E1:.*]] = arith.cmpi ult, %[[B1A]], %[[W]] : index
// FACTOR-NEXT: %[[B1:.*]] = arith.select %[[E1]], %[[B1A]], %[[B0]] : index
// FACTOR-NEXT: %[[G1A:.*]] = arith.muli %[[B1]], %[[BD]] : index
// FACTOR-NEXT: %[[G1:.*]] = arith.addi %[[G1A]], %[[T]] : index
// FACTOR: %[[SH:.*]] = memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
// FACTOR-NEXT: %[[I0:.*]] = arith.index_cast %[[G0]] : index to i32
// FACTOR-NEXT: %[[I1:.*]] = arith.index_cast %[[G1]] : index to i32
// FACTOR: memref.store %{{.*}}, %[[SH]][%{{.*}}]
// FACTOR-NEXT: gpu.barrier
// FACTOR: %[[R:.*]]:3 = scf.while ({{.*}}) : (i32, f32, f32) -> (i32, f32, f32)
// FACTOR: } do {
// FACTOR: %[[S:.*]] = memref.load %[[SH]]
// FACTOR-NEXT: %[[X0:.*]] = memref.load %arg0
// FACTOR-NEXT: %[[X1:.*]] = memref.load %arg0
// FACTOR-NEXT: arith.mulf %[[S]], %[[X0]] : f32
// FACTOR-NEXT: arith.mulf %[[S]], %[[X1]] : f32
// FACTOR: memref.store %[[R]]#1, %arg2
// FACTOR-NEXT: scf.if %[[E1]] {
// FACTOR-NEXT: memref.store %[[R]]#2, %arg2
// FACTOR-LABEL: func.func @divergent
// FACTOR-SAME: %arg7: i32 {nvc.non_negative}) attributes {nvc.kernel
// FACTOR: scf.if
// FACTOR-NEXT: gpu.barrier

// OFF-LABEL: func.func @tiled
// OFF-SAME: %arg11: i32 {nvc.non_negative}) attributes {nvc.kernel
// OFF: gpu.global_id x

func.func @tiled(%arg0: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: i32 {nvc.non_negative}, %arg4: i32 {nvc.non_negative}, %arg5: i32 {nvc.non_negative}, %arg6: i32 {nvc.non_negative}, %arg7: i32 {nvc.non_negative}, %arg8: i32 {nvc.non_negative}, %arg9: i32 {nvc.non_negative}, %arg10: i32 {nvc.non_negative}, %arg11: i32 {nvc.non_negative}) attributes {nvc.kernel, nvc.python_name = "tiled"} {
  %c1_i32 = arith.constant 1 : i32
  %c4_i32 = arith.constant 4 : i32
  %c0_i32 = arith.constant 0 : i32
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %thread_id_x = gpu.thread_id  x
  %1 = arith.index_cast %thread_id_x : index to i32
  %2 = arith.addi %arg8, %1 : i32
  %3 = arith.index_cast %2 : i32 to index
  %4 = memref.load %arg1[%3] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  memref.store %4, %alloc[%thread_id_x] : memref<4xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %5 = arith.addi %arg5, %0 : i32
  %6 = arith.index_cast %5 : i32 to index
  %7:2 = scf.while (%arg12 = %c0_i32, %arg13 = %cst) : (i32, f32) -> (i32, f32) {
    %10 = arith.cmpi slt, %arg12, %c4_i32 : i32
    scf.condition(%10) %arg12, %arg13 : i32, f32
  } do {
  ^bb0(%arg12: i32, %arg13: f32):
    %10 = arith.index_cast %arg12 : i32 to index
    %11 = memref.load %alloc[%10] : memref<4xf32, #spirv.storage_class<Workgroup>>
    %12 = memref.load %arg0[%6] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %13 = arith.mulf %11, %12 : f32
    %14 = arith.addf %arg13, %13 : f32
    %15 = arith.addi %arg12, %c1_i32 : i32
    scf.yield %15, %14 : i32, f32
  }
  %8 = arith.addi %arg11, %0 : i32
  %9 = arith.index_cast %8 : i32 to index
  memref.store %7#1, %arg2[%9] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  return
}

func.func @divergent(%arg0: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: i32 {nvc.non_negative}, %arg3: i32 {nvc.non_negative}, %arg4: i32 {nvc.non_negative}, %arg5: i32 {nvc.non_negative}, %arg6: i32 {nvc.non_negative}, %arg7: i32 {nvc.non_negative}) attributes {nvc.kernel, nvc.python_name = "divergent"} {
  %c7_i32 = arith.constant 7 : i32
  %c3_i32 = arith.constant 3 : i32
  %c2_i32 = arith.constant 2 : i32
  %c0_i32 = arith.constant 0 : i32
  %alloc = memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %thread_id_x = gpu.thread_id  x
  %1 = arith.index_cast %thread_id_x : index to i32
  %2 = arith.addi %arg4, %0 : i32
  %3 = arith.index_cast %2 : i32 to index
  %4 = memref.load %arg0[%3] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  memref.store %4, %alloc[%thread_id_x] : memref<4xf32, #spirv.storage_class<Workgroup>>
  %5 = arith.cmpi slt, %1, %c2_i32 : i32
  scf.if %5 {
    gpu.barrier
  }
  %6 = arith.subi %c3_i32, %1 : i32
  %7 = arith.cmpi slt, %6, %c0_i32 : i32
  %8 = arith.subi %c7_i32, %1 : i32
  %9 = arith.select %7, %8, %6 : i32
  %10 = arith.index_cast %9 : i32 to index
  %11 = memref.load %alloc[%10] : memref<4xf32, #spirv.storage_class<Workgroup>>
  %12 = arith.addi %arg7, %0 : i32
  %13 = arith.index_cast %12 : i32 to index
  memref.store %11, %arg1[%13] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  return
}

