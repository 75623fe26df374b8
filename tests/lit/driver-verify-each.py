# --verify-each runs MLIR's verifier after every pass (the tests' %nvc has it);
# without it the compile verifies the frontend's module only and leaves the
# rest to spirv-val. Either way the outputs are the same bytes, and so are
# those of a kernel whose float-controls variants nvc validates through the
# variant that extends them (compiler/ModuleValidation.h): spirv-val accepts
# every one of them.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %nvc-exe %s -o %t/plain.spv
# RUN: %nvc-exe --verify-each %s -o %t/verified.spv
# RUN: cmp %t/plain.spv %t/verified.spv
# RUN: cmp %t/plain.json %t/verified.json
# RUN: cmp %t/plain.denorm-preserve.spv %t/verified.denorm-preserve.spv
# RUN: spirv-val %t/plain.spv
# RUN: spirv-val %t/plain.denorm-preserve-signed-zero-inf-nan-preserve.spv
# RUN: spirv-val %t/plain.signed-zero-inf-nan-preserve.spv
# RUN: spirv-val %t/plain.denorm-preserve.spv
# RUN: spirv-val %t/plain.atomic-float-add.spv
# RUN: spirv-val %t/plain.atomic-float-add-denorm-preserve.spv
# RUN: %nvc-exe --help | FileCheck %s --check-prefix=HELP
# HELP: --verify-each
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1], float64[::1], float32[::1])")
def k(x, y, total):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] * np.float32(0.5) if x[i] > 0 else -x[i]
        y[i] = y[i] / 3.0
        cuda.atomic.add(total, 0, x[i])
