# NonWritable read-only buffers (-O2, passes/MarkReadOnlyBuffers.cpp): a
# storage buffer whose every use is a load is decorated NonWritable, with all
# variables of its binding (the vector views of streaming vectorisation share
# it); a kernel that also writes a buffer then relies on the no-alias rule
# (manifest assumes_no_alias). Left alone: buffers that are stored to or
# updated atomically, a binding whose vector view is written, every buffer at
# -O1 and with -fno-readonly-buffers.
# RUN: %nvc %s --emit=spirv -o - | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# RUN: %nvc %s -O1 --emit=spirv -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -fno-readonly-buffers --emit=spirv -o - | FileCheck %s --check-prefix=OFF
# RUN: %nvc %s -fno-readonly-buffers -o %t2.spv && FileCheck %s --check-prefix=MANIFEST-OFF < %t2.json
import numpy as np
from numba import cuda


@cuda.jit("void(float32, float32[::1], float32[::1], float32[::1])")
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


@cuda.jit("void(float32[::1], float32[::1])")
def total(xs, acc):
    i = cuda.grid(1)
    if i < xs.size:
        cuda.atomic.add(acc, 0, xs[i])


@cuda.jit("void(float64[::1], float64[:, ::1])")
def accumulate(x, img):
    i = cuda.grid(1)
    if i < img.shape[0]:
        for j in range(x.size):
            img[i, 0] += x[j]

# saxpy: x and y (bindings 0, 1) and their vec4 views are only loaded; out
# (binding 2) and its view are stored.
# CHECK: OpDecorate %saxpy_arg1 Binding 0
# CHECK: OpDecorate %saxpy_arg1 NonWritable
# CHECK: OpDecorate %saxpy_arg2 NonWritable
# CHECK-NOT: OpDecorate %saxpy_arg3 NonWritable
# CHECK: OpDecorate %[[XVIEW:saxpy_arg[0-9]+]] Binding 0
# CHECK-NEXT: OpDecorate %[[XVIEW]] DescriptorSet 0
# CHECK-NEXT: OpDecorate %[[XVIEW]] NonWritable
# CHECK-NOT: OpDecorate %saxpy_arg15 NonWritable
# total: xs is read-only, acc is updated atomically.
# CHECK-DAG: OpDecorate %total_arg0 NonWritable
# CHECK-NOT: OpDecorate %total_arg1 NonWritable
# accumulate: -O2 keeps img[i, 0] in a register, loaded before the loop and
# stored after it: no load after a store, x is decorated.
# CHECK-DAG: OpDecorate %accumulate_arg0 NonWritable
# CHECK: OpFunction

# OFF-NOT: NonWritable

# Entry points in source order: each writes one buffer and reads another, so
# they rely on the no-alias rule.
# MANIFEST: "assumes_no_alias": true,
# MANIFEST-NEXT: "capabilities"
# MANIFEST: "name": "saxpy"
# MANIFEST: "assumes_no_alias": true,
# MANIFEST: "name": "total"
# MANIFEST: "assumes_no_alias": true,
# MANIFEST: "name": "accumulate"
# MANIFEST-OFF: "assumes_no_alias": false,
# MANIFEST-OFF: "name": "saxpy"
