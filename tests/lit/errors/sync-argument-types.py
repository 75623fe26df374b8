# RUN: not %nvc %s --kernel float_mask -o %t.spv 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: not %nvc %s --kernel float_predicate -o %t.spv 2>&1 | FileCheck %s --check-prefix=PRED
# The *_sync functions' argument types, as numba-cuda types them.
from numba import cuda


@cuda.jit("void(float32[::1], int32[::1])")
def float_mask(m, out):
    i = cuda.grid(1)
    out[i] = cuda.all_sync(m[0], 1)


@cuda.jit("void(float32[::1], int32[::1])")
def float_predicate(p, out):
    i = cuda.grid(1)
    out[i] = cuda.any_sync(0xffffffff, p[i])

# MASK: sync-argument-types.py:10:28: error: cuda.all_sync(): Mask type must be an integer, not float32
# PRED: sync-argument-types.py:16:40: error: cuda.any_sync(): Predicate must be an integer or boolean, not float32
