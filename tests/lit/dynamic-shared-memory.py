# RUN: %nvc %s --emit=spirv | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-dynamic-shared-memory 2>&1 | FileCheck %s --check-prefix=MLIR
# numba-cuda's dynamic shared memory: cuda.shared.array(0, dtype) is sized by
# the launch through specialization constant 3, nvc_dynamic_shared_bytes; the
# array, a Workgroup variable, has max(1, ceil(bytes / 4)) elements and the
# kernel's len() is bytes // 4. The kernel's dynamic arrays and its device
# function's are one allocation, next to the static one.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def put(t, v):
    d = cuda.shared.array(0, np.int32)
    d[t] = v


@cuda.jit("void(int32[::1], int32[::1])")
def k(x, lens):
    s = cuda.shared.array(16, np.int32)
    a = cuda.shared.array(0, np.int32)
    b = cuda.shared.array((0,), np.uint32)
    t = cuda.threadIdx.x
    put(t, x[t])
    s[t] = x[t]
    cuda.syncthreads()
    x[t] = a[t] + b[t] + s[15 - t]
    lens[0] = len(a)

# CHECK-DAG: OpName %k_dynamic_shared "k_dynamic_shared"
# CHECK-DAG: OpDecorate %nvc_dynamic_shared_bytes SpecId 3
# CHECK-DAG: %nvc_dynamic_shared_bytes = OpSpecConstant %uint 0
# The static array: 16 elements.
# CHECK: OpTypeArray %uint %uint_16
# The dynamic one: max(1, ceil(bytes / 4)) elements.
# CHECK: [[ROUNDED:%[0-9A-Za-z_]+]] = OpSpecConstantOp %uint IAdd %nvc_dynamic_shared_bytes %uint_3
# CHECK: [[Q:%[0-9A-Za-z_]+]] = OpSpecConstantOp %uint UDiv [[ROUNDED]] %uint_4
# CHECK: [[QM1:%[0-9A-Za-z_]+]] = OpSpecConstantOp %uint ISub [[Q]] %uint_1
# CHECK: [[EMPTY:%[0-9A-Za-z_]+]] = OpSpecConstantOp %uint ShiftRightLogical [[QM1]] %uint_31
# CHECK: [[LEN:%[0-9A-Za-z_]+]] = OpSpecConstantOp %uint IAdd [[Q]] [[EMPTY]]
# CHECK: [[ARR:%[0-9A-Za-z_]+]] = OpTypeArray %uint [[LEN]]
# CHECK: [[STRUCT:%[0-9A-Za-z_]+]] = OpTypeStruct [[ARR]]
# CHECK: [[PTR:%[0-9A-Za-z_]+]] = OpTypePointer Workgroup [[STRUCT]]
# CHECK: %k_dynamic_shared = OpVariable [[PTR]] Workgroup
# len(a) = bytes // 4, from the specialization constant.
# CHECK: OpUDiv %uint %nvc_dynamic_shared_bytes %uint_4
# The three names of the dynamic array are one variable.
# CHECK-COUNT-2: OpAccessChain %_ptr_Workgroup_uint %k_dynamic_shared

# MANIFEST: "dynamic_shared_memory": {
# MANIFEST-NEXT: "dtype": "{{u?}}int32",
# MANIFEST-NEXT: "spec_id": 3,
# MANIFEST-NEXT: "word_bytes": 4
# MANIFEST: "shared_memory_bytes": 64,

# The hidden argument after the others, one allocation of the three arrays
# and no call of the placeholders left.
# MLIR-LABEL: func.func @k(
# MLIR-SAME: %arg8: i32 {nvc.non_negative}) attributes {nvc.dynamic_shared_arg = 8 : i32
# MLIR: memref.alloc(%{{.*}}) {nvc.dynamic_shared = "{{u?}}int32", nvc.dynamic_shared_itemsize = 4 : i32} : memref<?xi32, #spirv.storage_class<Workgroup>>
# MLIR-NOT: {nvc.dynamic_shared =
# MLIR-NOT: call @__nvc_dynamic_shared
# MLIR: memref.alloc() : memref<16xi32, #spirv.storage_class<Workgroup>>
# MLIR-NOT: call @__nvc_dynamic_shared
