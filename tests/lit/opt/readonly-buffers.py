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


@cuda.jit("void(float32, float32[::1], float32[::1])")
def saxpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]


@cuda.jit("void(float32[::1], float32[::1])")
def total(xs, acc):
    i = cuda.grid(1)
    if i < xs.size:
        cuda.atomic.add(acc, 0, xs[i])


@cuda.jit("void(float32[::1])")
def scale_in_place(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] * np.float32(2)

# saxpy: x (binding 0) and its vec4 view are only loaded; y (binding 1) and
# its view are loaded and stored.
# CHECK-DAG: OpDecorate %saxpy_arg1 NonWritable
# CHECK-DAG: OpDecorate %saxpy_arg9 NonWritable
# CHECK-DAG: OpDecorate %saxpy_arg9 Binding 0
# CHECK-NOT: OpDecorate %saxpy_arg2 NonWritable
# CHECK-NOT: OpDecorate %saxpy_arg10 NonWritable
# total: xs is read-only, acc is updated atomically.
# CHECK-DAG: OpDecorate %total_arg0 NonWritable
# CHECK-NOT: OpDecorate %total_arg1 NonWritable
# scale_in_place: its only buffer is written.
# CHECK-NOT: OpDecorate %scale_in_place_arg0 NonWritable
# CHECK: OpFunction

# OFF-NOT: NonWritable

# Entry points in source order: saxpy and total write one buffer and read
# another, so they rely on the no-alias rule; scale_in_place has one buffer.
# MANIFEST: "assumes_no_alias": true,
# MANIFEST-NEXT: "capabilities"
# MANIFEST: "name": "saxpy"
# MANIFEST: "assumes_no_alias": true,
# MANIFEST: "name": "total"
# MANIFEST: "assumes_no_alias": false,
# MANIFEST: "name": "scale_in_place"
# MANIFEST-OFF: "assumes_no_alias": false,
# MANIFEST-OFF: "name": "saxpy"
