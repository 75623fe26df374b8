"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_inline.py (kernels/test_inline.py).

Only the kernels' results: the tests' checks of the LLVM IR (whether the call
was inlined, alwaysinline attributes) are not ported, nor are
test_compile_forceinline_ltoir_only and test_compile_forceinline (cuda.compile
to LTO-IR). The reference is the value the tests assert (the simulator does
not support inline= and forceinline=).
"""
import numpy as np

from conformance import Case

CASES = [
    Case("call_set_zero_always", "TestCudaInline.test_call_inline_always", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
    Case("call_set_zero_never", "TestCudaInline.test_call_inline_never", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
    Case("call_set_zero_true", "TestCudaInline.test_call_inline_true", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
    Case("call_set_zero_false", "TestCudaInline.test_call_inline_false", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
    Case("call_set_zero_costmodel_false", "TestCudaInline.test_call_inline_costmodel_false", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
    Case("call_set_zero_costmodel_true", "TestCudaInline.test_call_inline_costmodel_true", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
    Case("call_set_zero_force_true", "TestCudaInline.test_call_forceinline_true", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
    Case("call_set_zero_force_false", "TestCudaInline.test_call_forceinline_false", "device functions",
         args=lambda rng: [np.ones(2, dtype=np.int32)], griddim=1, blockdim=2,
         reference=lambda a: {0: np.arange(2, dtype=np.int32)}),
]
