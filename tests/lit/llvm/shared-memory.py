# Shared arrays are Workgroup globals (addrspace 3) without initializer,
# indexed as arrays (logical SPIR-V); cuda.syncthreads() is a workgroup
# control barrier that orders workgroup memory (AcquireRelease |
# WorkgroupMemory = 0x108, as the default backend).
# RUN: %nvc %s --emit=llvm | FileCheck %s --check-prefix=IR
# RUN: %nvc %s --backend=llvm --emit=spirv | FileCheck %s --check-prefix=SPIRV
from numba import cuda, float32


@cuda.jit("void(float32[::1])")
def reverse(x):
    s = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    s[t] = x[t]
    cuda.syncthreads()
    x[t] = s[63 - t]

# IR: @reverse.shared0 = internal unnamed_addr addrspace(3) global [64 x float] poison
# IR: %thread_id.x = tail call i32 @llvm.spv.thread.id.in.group.i32(i32 0)
# IR: getelementptr inbounds [64 x float], ptr addrspace(3) @reverse.shared0, i32 0, i32
# IR: tail call void @llvm.spv.group.memory.barrier.with.group.sync()

# SPIRV: %uint_264 = OpConstant %uint 264
# SPIRV: OpControlBarrier %uint_2 %uint_2 %uint_264
