// RUN: %nvc-opt %s -nvc-kernel-func-to-gpu | FileCheck %s

// nvc-kernel-func-to-gpu turns each func.func marked nvc.kernel in a
// gpu.module into a gpu.func kernel of the same name and type with an empty
// spirv.entry_point_abi, keeping nvc's attributes the later passes read
// (nvc.python_name, nvc.coarsen, ...) and dropping the others; func.return
// becomes gpu.return. Functions that are not kernels stay func.func.

module attributes {gpu.container_module} {
// CHECK-LABEL: gpu.module @kernels
// CHECK-NEXT:    gpu.func @k(%arg0: memref<?xf32>, %arg1: f32) kernel attributes {nvc.coarsen = 2 : i32, nvc.python_name = "k", spirv.entry_point_abi = #spirv.entry_point_abi<>} {
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[V:.*]] = func.call @helper(%arg1) : (f32) -> f32
// CHECK-NEXT:      memref.store %[[V]], %arg0[%[[C0]]] : memref<?xf32>
// CHECK-NEXT:      gpu.return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @helper(%arg0: f32) -> f32 {
// CHECK-NEXT:      return %arg0 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   func.func @k
gpu.module @kernels {
  func.func @k(%x: memref<?xf32>, %a: f32) attributes {nvc.kernel, nvc.python_name = "k", nvc.coarsen = 2 : i32, nvc.other = 1 : i32} {
    %c0 = arith.constant 0 : index
    %v = func.call @helper(%a) : (f32) -> f32
    memref.store %v, %x[%c0] : memref<?xf32>
    return
  }
  func.func private @helper(%a: f32) -> f32 {
    return %a : f32
  }
}
}
