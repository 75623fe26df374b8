// RUN: %nvc-opt %s -nvc-dynamic-shared-memory | FileCheck %s
// RUN: not %nvc-opt %s -nvc-dynamic-shared-memory=llvm-backend=true 2>&1 | FileCheck %s --check-prefix=LLVM

// nvc-dynamic-shared-memory (on a gpu.module, after inlining) gives each
// kernel that uses dynamic shared memory (calls of the declarations
// @__nvc_dynamic_shared_bytes and @__nvc_dynamic_shared_array_<type>) the
// launch's byte count as a hidden last i32 argument (nvc.dynamic_shared_arg)
// and all its dynamic arrays as one memref.alloc at entry, then erases the
// declarations. Kernels without any, and modules without the declarations,
// stay. The LLVM backend (llvm-backend) does not support it: a source error.

// CHECK-LABEL: gpu.module @kernels
// CHECK-NEXT:    func.func @k(%arg0: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg1: index, %arg2: i32 {nvc.non_negative}) attributes {nvc.dynamic_shared_arg = 2 : i32, nvc.dynamic_shared_dtype = "float32", nvc.kernel} {
// CHECK-NEXT:      %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:      %[[SLOTS:.*]] = arith.divui %arg2, %[[C4]] : i32
// CHECK-NEXT:      %[[N:.*]] = arith.index_castui %[[SLOTS]] : i32 to index
// CHECK-NEXT:      %[[S:.*]] = memref.alloc(%[[N]]) {nvc.dynamic_shared = "float32", nvc.dynamic_shared_itemsize = 4 : i32} : memref<?xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:      arith.constant 4 : i32
// CHECK-NEXT:      arith.divui %arg2
// CHECK-NEXT:      %[[V:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:      memref.store %[[V]], %[[S]][%arg1]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[W:.*]] = memref.load %[[S]][%arg1]
// CHECK-NEXT:      memref.store %[[W]], %arg0[%arg1]
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func @no_dynamic(%arg0: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   __nvc_dynamic_shared
// CHECK-LABEL: gpu.module @static_only
// CHECK-NEXT:    func.func @k(%arg0: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
// CHECK-NEXT:      %{{.*}} = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>

// LLVM: error: dynamic shared memory (cuda.shared.array(0, ...)) is not supported by the LLVM backend yet

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func private @__nvc_dynamic_shared_array_f32() -> memref<?xf32, #spirv.storage_class<Workgroup>>
  func.func private @__nvc_dynamic_shared_bytes() -> i32
  func.func @k(%x: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %i: index) attributes {nvc.kernel} {
    %bytes = call @__nvc_dynamic_shared_bytes() : () -> i32
    %s = call @__nvc_dynamic_shared_array_f32() {nvc.dynamic_shared = "float32", nvc.dynamic_shared_itemsize = 4 : i32} : () -> memref<?xf32, #spirv.storage_class<Workgroup>>
    %t = call @__nvc_dynamic_shared_array_f32() {nvc.dynamic_shared = "float32", nvc.dynamic_shared_itemsize = 4 : i32} : () -> memref<?xf32, #spirv.storage_class<Workgroup>>
    %c4_i32 = arith.constant 4 : i32
    %n = arith.divui %bytes, %c4_i32 : i32
    %v = memref.load %x[%i] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    memref.store %v, %s[%i] : memref<?xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %w = memref.load %t[%i] : memref<?xf32, #spirv.storage_class<Workgroup>>
    memref.store %w, %x[%i] : memref<?xf32, #spirv.storage_class<StorageBuffer>>
    return
  }
  func.func @no_dynamic(%x: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
    return
  }
}
gpu.module @static_only {
  func.func @k(%x: memref<?xf32, #spirv.storage_class<StorageBuffer>>) attributes {nvc.kernel} {
    %s = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
    return
  }
}
}
