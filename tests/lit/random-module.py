# RUN: %nvc %s --emit=mlir -O0 | FileCheck %s
# numba.cuda.random is nvc's own kernel-language module
# (frontend/modules/numba_cuda_random.py): its functions are device functions
# compiled where a kernel calls them, on the uint64 words of the state
# records, with the generator's rotations (55, 36) and shift (14).
from numba import cuda
from numba.cuda.random import xoroshiro128p_next, xoroshiro128p_type


@cuda.jit("void(xoroshiro128p_type[::1], uint64[::1])")
def k(states, out):
    i = cuda.grid(1)
    out[i] = xoroshiro128p_next(states, i)

# CHECK: func.func @k(%{{.*}}: memref<?xi32, #spirv.storage_class<StorageBuffer>>
# CHECK: call @xoroshiro128p_next
# CHECK: func.func private @xoroshiro128p_next
# The state's s0 and s1: two 64-bit fields of 32-bit words each, loaded directly.
# CHECK: memref.load
# CHECK: arith.addi %{{.*}}, %{{.*}} : i64
# CHECK-DAG: arith.constant 14 : i64
# CHECK-DAG: arith.constant 55 : i64
# CHECK-DAG: arith.constant 36 : i64
