# A launch chain (@nv.chain, docs/language.md "Launch chains") is one fused
# entry point named after the host function: the kernels' bodies in launch
# order, the intermediate kept in a register (no buffer, no memory access).
# RUN: %nvc %s --emit=mlir --mlir-print-ir-after=nvc-chain-intermediates 2>&1 | FileCheck %s --check-prefix=MLIR
# The fused body once (streaming vectorisation would give each invocation
# four elements: checked in tests/lit/opt/vectorize-streaming.py).
# RUN: %nvc %s --emit=spirv -fno-vectorize-streaming | FileCheck %s --check-prefixes=SPIRV,OPT
# RUN: %nvc %s --emit=spirv | FileCheck %s --check-prefix=VECTOR
# At -O0 too (the value crosses from one kernel's `if` to the next in the
# Function variable of the scf.if lowering, never in a buffer).
# RUN: %nvc %s --emit=spirv -O0 | FileCheck %s --check-prefix=SPIRV
from numba import cuda
import numba_vulkan as nv


@cuda.jit("void(float32, float32[::1], float32[::1])")
def scale(a, x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i]


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def add(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] + y[i]


@nv.chain
def scale_then_add(a, x, y, out):
    """out = a * x + y in one dispatch."""
    tmp = cuda.device_array_like(x)
    scale[blocks, threads](a, x, tmp)
    add[blocks, threads](tmp, y, out)

# The chain's parameters are the host function's, typed by the kernels: a
# scalar, then one buffer per array parameter (tmp has none).
# MLIR-LABEL: func.func @scale_then_add(%arg0: f32, %arg1: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg2: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg3: memref<?xf32, #spirv.storage_class<StorageBuffer>>, %arg4: i32
# MLIR-SAME: nvc.chain, nvc.kernel
# MLIR-NOT: memref.alloca
# MLIR-NOT: func.call
# MLIR: gpu.global_id x
# MLIR: %[[X:.*]] = memref.load %arg1
# MLIR: %[[AX:.*]] = arith.mulf %arg0, %[[X]] : f32
# MLIR: ^bb2(%[[T:.*]]: f32):
# MLIR: %[[Y:.*]] = memref.load %arg2
# MLIR: %[[SUM:.*]] = arith.addf %[[T]], %[[Y]] : f32
# MLIR: memref.store %[[SUM]], %arg3
# MLIR-NOT: memref.
# MLIR: return

# The kernels stay entry points of their own; the chain is one more.
# SPIRV-DAG: OpEntryPoint GLCompute %scale "scale"
# SPIRV-DAG: OpEntryPoint GLCompute %add "add"
# SPIRV-DAG: OpEntryPoint GLCompute %scale_then_add "scale_then_add"
# SPIRV: OpDecorate %scale_then_add_arg1 Binding 0
# SPIRV: OpDecorate %scale_then_add_arg2 Binding 1
# SPIRV: OpDecorate %scale_then_add_arg3 Binding 2
# SPIRV-NOT: OpDecorate %scale_then_add_arg4 Binding
# SPIRV: %scale_then_add = OpFunction
# OPT-NOT: OpVariable
# SPIRV: OpLoad %float %{{.*}}
# SPIRV: OpFMul %float
# SPIRV: OpFAdd %float
# SPIRV: OpStore
# SPIRV-NOT: OpStore
# SPIRV: OpFunctionEnd
# The chain is a streaming kernel: at -O2 it moves 16-byte vectors.
# VECTOR: %scale_then_add = OpFunction
# VECTOR: OpLoad %v4float
# VECTOR: OpFMul %v4float
# VECTOR: OpFAdd %v4float
# VECTOR: OpFunctionEnd
