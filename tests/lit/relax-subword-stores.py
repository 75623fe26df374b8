# RUN: %nvc -O0 %s --emit=spirv -o - | FileCheck %s
# RUN: %nvc -O2 %s --emit=spirv -o - | FileCheck %s
# A store to a bool or 8/16-bit array is MLIR's OpAtomicAnd/OpAtomicOr pair
# on the 32-bit word holding the element. Relaxed semantics (0), as a plain
# store needs: with AcquireRelease (8) lavapipe lost the later store to `oc`
# (tests/difftest/FOUND.md #7; e2e "subword stores" runs it). User atomics
# (cuda.atomic.and_/or_) are relaxed too and keep their results.
import numpy as np
from numba import cuda


@cuda.jit("void(int64[::1], int8[:, ::1], complex128[:, ::1], uint32[::1])")
def k0(x, o, oc, a):
    i = cuda.grid(1)
    if i < x.shape[0]:
        for j in range(0, -3, -1):
            o[i, 0] = np.int8(j)
        oc[i, 0] = complex(0.0, 0.0)
        a[0] = cuda.atomic.and_(a, 1, np.uint32(x[i]))

# CHECK-NOT: OpAtomic{{And|Or}} %uint %{{[0-9a-z_]+}} %uint_1 %uint_8
# CHECK: OpAtomicAnd %uint %{{[0-9a-z_]+}} %uint_1 %uint_0
# CHECK: OpAtomicOr %uint %{{[0-9a-z_]+}} %uint_1 %uint_0
# CHECK-NOT: OpAtomic{{And|Or}} %uint %{{[0-9a-z_]+}} %uint_1 %uint_8
