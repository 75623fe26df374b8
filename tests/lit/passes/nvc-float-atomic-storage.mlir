// RUN: %nvc-opt %s -nvc-float-atomic-storage | FileCheck %s
// RUN: %nvc-opt %s -nvc-float-atomic-storage=native-float-add=true | FileCheck %s --check-prefix=NATIVE

// nvc-float-atomic-storage gives a float array that a float atomic updates
// through a compare-and-swap loop (memref.generic_atomic_rmw) integer
// elements of the same width: the argument's type changes, loads and stores
// bitcast, the atomic's body works on the bits. Left alone: integer atomics,
// arrays no float atomic updates, and with native-float-add a float32 add on
// a storage buffer (OpAtomicFAddEXT).

// CHECK-LABEL: func.func @cas_max(%arg0: memref<?xi32>, %arg1: f32, %arg2: index) -> f32
// CHECK-NEXT:    %[[OLD:.*]] = memref.generic_atomic_rmw %arg0[%arg2] : memref<?xi32> {
// CHECK-NEXT:    ^bb0(%[[CUR:.*]]: i32):
// CHECK-NEXT:      %[[CF:.*]] = arith.bitcast %[[CUR]] : i32 to f32
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[CF]], %arg1 : f32
// CHECK-NEXT:      %[[MI:.*]] = arith.bitcast %[[M]] : f32 to i32
// CHECK-NEXT:      memref.atomic_yield %[[MI]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OLDF:.*]] = arith.bitcast %[[OLD]] : i32 to f32
// CHECK-NEXT:    %[[L:.*]] = memref.load %arg0[%arg2] : memref<?xi32>
// CHECK-NEXT:    %[[LF:.*]] = arith.bitcast %[[L]] : i32 to f32
// CHECK-NEXT:    %[[VI:.*]] = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT:    memref.store %[[VI]], %arg0[%arg2] : memref<?xi32>
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[OLDF]], %[[LF]] : f32
// CHECK-NEXT:    return %[[S]] : f32

// CHECK-LABEL: func.func @integer_and_plain(%arg0: memref<?xi32>, %arg1: memref<?xf32>, %arg2: index) -> f32
// CHECK-NEXT:    memref.generic_atomic_rmw %arg0[%arg2] : memref<?xi32> {
// CHECK-NEXT:    ^bb0(%[[CUR:.*]]: i32):
// CHECK-NEXT:      %[[M:.*]] = arith.maxsi %[[CUR]], %[[CUR]] : i32
// CHECK-NEXT:      memref.atomic_yield %[[M]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[L:.*]] = memref.load %arg1[%arg2] : memref<?xf32>
// CHECK-NEXT:    return %[[L]] : f32

// A float32 add on a storage buffer: a CAS loop unless native-float-add.
// CHECK-LABEL: func.func @add32(%arg0: memref<?xi32, #spirv.storage_class<StorageBuffer>>
// NATIVE-LABEL: func.func @add32(%arg0: memref<?xf32, #spirv.storage_class<StorageBuffer>>
// NATIVE-NEXT:    memref.generic_atomic_rmw %arg0[%arg2] : memref<?xf32, #spirv.storage_class<StorageBuffer>> {
// NATIVE-NEXT:    ^bb0(%[[CUR:.*]]: f32):
// NATIVE-NEXT:      %[[S:.*]] = arith.addf %[[CUR]], %arg1 : f32
// NATIVE-NEXT:      memref.atomic_yield %[[S]] : f32
// NATIVE-NEXT:    }

func.func @cas_max(%a: memref<?xf32>, %v: f32, %i: index) -> f32 {
  %old = memref.generic_atomic_rmw %a[%i] : memref<?xf32> {
  ^bb0(%cur: f32):
    %m = arith.maximumf %cur, %v : f32
    memref.atomic_yield %m : f32
  }
  %x = memref.load %a[%i] : memref<?xf32>
  memref.store %v, %a[%i] : memref<?xf32>
  %s = arith.addf %old, %x : f32
  return %s : f32
}
func.func @integer_and_plain(%b: memref<?xi32>, %c: memref<?xf32>, %i: index) -> f32 {
  %old = memref.generic_atomic_rmw %b[%i] : memref<?xi32> {
  ^bb0(%cur: i32):
    %m = arith.maxsi %cur, %cur : i32
    memref.atomic_yield %m : i32
  }
  %x = memref.load %c[%i] : memref<?xf32>
  return %x : f32
}
func.func @add32(%a: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %v: f32, %i: index) {
  %old = memref.generic_atomic_rmw %a[%i] : memref<?xf32, #spirv.storage_class<StorageBuffer>> {
  ^bb0(%cur: f32):
    %s = arith.addf %cur, %v : f32
    memref.atomic_yield %s : f32
  }
  return
}
