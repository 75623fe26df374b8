// RUN: %nvc-opt %s -nvc-vectorize-streaming | FileCheck %s

// nvc-vectorize-streaming gives each invocation of a streaming kernel
// (`i = cuda.grid(1); if i < n: y[i] = a * x[i] + y[i]`, straight-line) four
// consecutive elements, i = 4g: when all four exist and every element offset
// is a multiple of 4, one vector<4> load/operation/store through a second
// view of each buffer (extra arguments, nvc.buffer_aliases); else the body
// four times, each guarded. The kernel gets nvc.coarsen = 4 and a hidden last
// argument (the requested invocations). A kernel with a loop stays.

// CHECK-LABEL: func.func @saxpy
// CHECK-SAME:    %arg6: memref<?xvector<4xf32>, #spirv.storage_class<StorageBuffer>>, %arg7: memref<?xvector<4xf32>, #spirv.storage_class<StorageBuffer>>, %arg8: index)
// CHECK-SAME:    attributes {nvc.buffer_aliases = array<i32: 6, 2, 7, 3>, nvc.coarsen = 4 : i32, nvc.kernel}
// CHECK-NEXT:    %[[G:.*]] = gpu.global_id x
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[I:.*]] = arith.muli %[[G]], %[[C4]] : index
// CHECK:         %[[LAST:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:         arith.cmpi ult, %[[LAST]], %arg8 : index
// CHECK:         scf.if %[[ALL:.*]] {
// CHECK:           %[[XV:.*]] = memref.load %arg6[%{{.*}}] : memref<?xvector<4xf32>, #spirv.storage_class<StorageBuffer>>
// CHECK-NEXT:      %[[A:.*]] = vector.broadcast %arg0 : f32 to vector<4xf32>
// CHECK-NEXT:      %[[AX:.*]] = arith.mulf %[[A]], %[[XV]] : vector<4xf32>
// CHECK:           %[[YV:.*]] = memref.load %arg7[%{{.*}}] : memref<?xvector<4xf32>, #spirv.storage_class<StorageBuffer>>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[AX]], %[[YV]] : vector<4xf32>
// CHECK:           memref.store %[[S]], %arg7[%{{.*}}] : memref<?xvector<4xf32>, #spirv.storage_class<StorageBuffer>>
// CHECK-NEXT:    } else {
// CHECK-COUNT-4:   memref.store %{{.*}}, %arg3[%{{.*}}] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @with_loop(%arg0: i32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
// CHECK-NOT:     vector

func.func @saxpy(%a: f32, %n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %y: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %xoff: i32 {nvc.non_negative}, %yoff: i32 {nvc.non_negative}) attributes {nvc.kernel} {
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %1 = arith.cmpi slt, %0, %n : i32
  scf.if %1 {
    %2 = arith.addi %xoff, %0 : i32
    %3 = arith.index_cast %2 : i32 to index
    %4 = memref.load %x[%3] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %5 = arith.mulf %a, %4 : f32
    %6 = arith.addi %yoff, %0 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = memref.load %y[%7] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    %9 = arith.addf %5, %8 : f32
    memref.store %9, %y[%7] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
  }
  return
}
func.func @with_loop(%n: i32, %x: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %global_id_x = gpu.global_id  x
  %0 = arith.index_cast %global_id_x : index to i32
  %1 = arith.cmpi slt, %0, %n : i32
  scf.if %1 {
    %r = scf.while (%j = %c0) : (i32) -> i32 {
      %m = arith.cmpi slt, %j, %n : i32
      scf.condition(%m) %j : i32
    } do {
    ^bb0(%j: i32):
      %3 = arith.index_cast %0 : i32 to index
      %4 = memref.load %x[%3] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
      memref.store %4, %x[%3] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
      %next = arith.addi %j, %c1 : i32
      scf.yield %next : i32
    }
  }
  return
}
