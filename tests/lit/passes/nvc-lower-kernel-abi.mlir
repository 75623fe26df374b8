// RUN: %nvc-opt %s -nvc-lower-kernel-abi | FileCheck %s
// RUN: %nvc-opt %s -nvc-lower-kernel-abi=local-size=8,4,2 | FileCheck %s --check-prefix=SIZE

// nvc-lower-kernel-abi replaces MLIR's entry-point ABI with nvc's
// (docs/manifest.md): the workgroup size as specialization constants 0, 1, 2
// (local-size gives their defaults), a StorageBuffer variable per buffer
// argument at set 0 in argument order, every scalar argument in one
// PushConstant block loaded at entry, then the entry point with its LocalSize.
// Functions that are not entry points (no spirv.entry_point_abi) stay.

// CHECK-LABEL: spirv.module @__spv__kernels
// CHECK-NEXT:    spirv.SpecConstant @nvc_local_size_x spec_id(0) = 64 : i32
// CHECK-NEXT:    spirv.SpecConstant @nvc_local_size_y spec_id(1) = 1 : i32
// CHECK-NEXT:    spirv.SpecConstant @nvc_local_size_z spec_id(2) = 1 : i32
// CHECK-NEXT:    spirv.SpecConstantComposite @nvc_workgroup_size (@nvc_local_size_x, @nvc_local_size_y, @nvc_local_size_z) : vector<3xi32>
// CHECK-NEXT:    spirv.GlobalVariable @__builtin__GlobalInvocationId__ built_in("GlobalInvocationId")
// CHECK-NEXT:    spirv.GlobalVariable @k_arg2 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT:    spirv.GlobalVariable @k_arg3 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT:    spirv.GlobalVariable @k_params : !spirv.ptr<!spirv.struct<(f32 [0], i32 [4]), Block>, PushConstant>
// CHECK-NEXT:    spirv.func @k() "None" attributes {nvc.python_name = "k"} {
// CHECK-NEXT:      %[[X:.*]] = spirv.mlir.addressof @k_arg2
// CHECK-NEXT:      %[[Y:.*]] = spirv.mlir.addressof @k_arg3
// CHECK-NEXT:      %[[P:.*]] = spirv.mlir.addressof @k_params
// CHECK-NEXT:      %[[C0:.*]] = spirv.Constant 0 : i32
// CHECK-NEXT:      %[[AP:.*]] = spirv.AccessChain %[[P]][%[[C0]]] {{.*}} -> !spirv.ptr<f32, PushConstant>
// CHECK-NEXT:      %[[A:.*]] = spirv.Load "PushConstant" %[[AP]] : f32
// CHECK-NEXT:      %[[C1:.*]] = spirv.Constant 1 : i32
// CHECK-NEXT:      %[[NP:.*]] = spirv.AccessChain %[[P]][%[[C1]]] {{.*}} -> !spirv.ptr<i32, PushConstant>
// CHECK-NEXT:      %[[N:.*]] = spirv.Load "PushConstant" %[[NP]] : i32
// CHECK:           %[[I:.*]] = spirv.IAdd %{{.*}}, %[[N]] : i32
// CHECK:           spirv.AccessChain %[[X]][%{{.*}}, %[[I]]]
// CHECK:           spirv.Store "StorageBuffer" %{{.*}}, %[[A]] : f32
// CHECK:         spirv.func @helper(%arg0: f32) -> f32 "None" {
// CHECK-NEXT:      spirv.ReturnValue %arg0 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    spirv.EntryPoint "GLCompute" @k, @__builtin__GlobalInvocationId__
// CHECK-NEXT:    spirv.ExecutionMode @k "LocalSize", 64, 1, 1
// CHECK-NEXT:  }

// SIZE:        spirv.SpecConstant @nvc_local_size_x spec_id(0) = 8 : i32
// SIZE-NEXT:   spirv.SpecConstant @nvc_local_size_y spec_id(1) = 4 : i32
// SIZE-NEXT:   spirv.SpecConstant @nvc_local_size_z spec_id(2) = 2 : i32
// SIZE:        spirv.ExecutionMode @k "LocalSize", 8, 4, 2

spirv.module @__spv__kernels Logical GLSL450 {
  spirv.GlobalVariable @__builtin__GlobalInvocationId__ built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @k(%a: f32, %n: i32, %x: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, %y: !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>) "None" attributes {nvc.python_name = "k", spirv.entry_point_abi = #spirv.entry_point_abi<>} {
    %addr = spirv.mlir.addressof @__builtin__GlobalInvocationId__ : !spirv.ptr<vector<3xi32>, Input>
    %0 = spirv.Load "Input" %addr : vector<3xi32>
    %1 = spirv.CompositeExtract %0[0 : i32] : vector<3xi32>
    %2 = spirv.IAdd %1, %n : i32
    %c0 = spirv.Constant 0 : i32
    %3 = spirv.AccessChain %x[%c0, %2] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %3, %a : f32
    %4 = spirv.AccessChain %y[%c0, %2] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %4, %n : i32
    spirv.Return
  }
  spirv.func @helper(%x: f32) -> f32 "None" {
    spirv.ReturnValue %x : f32
  }
}
