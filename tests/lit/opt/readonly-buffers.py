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


@cuda.jit("void(float32[::1])")
def scale_in_place(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] * np.float32(2)


@cuda.jit("void(float64[::1], float64[::1], float64[::1])")
def producer_consumer(x, tmp, out):
    i = cuda.grid(1)
    if i < x.size:
        tmp[i] = x[i] * 2.0
        out[i] = tmp[i] * tmp[i]


@cuda.jit("void(float64[::1], float64[:, ::1])")
def accumulate(x, img):
    i = cuda.grid(1)
    if i < img.shape[0]:
        for j in range(x.size):
            img[i, 0] += x[j]


@cuda.jit("void(float64[::1], float64[::1])")
def shifted_updates(x, y):
    i = cuda.grid(1)
    if i < x.size:
        for j in range(4):
            y[i + j] = y[i + j + 1] + x[i]

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
# scale_in_place: its only buffer is written.
# CHECK-NOT: OpDecorate %scale_in_place_arg0 NonWritable
# producer_consumer reads tmp[i] after writing it: with any NonWritable
# buffer NVIDIA's driver would move that load above the store, so none is
# decorated, x included.
# CHECK-NOT: OpDecorate %producer_consumer_arg0 NonWritable
# accumulate: -O2 keeps img[i, 0] in a register, loaded before the loop and
# stored after it: no load after a store, x is decorated.
# CHECK-DAG: OpDecorate %accumulate_arg0 NonWritable
# shifted_updates loads and stores y in one loop (a later iteration may read
# what an earlier one wrote): nothing decorated.
# CHECK-NOT: OpDecorate %shifted_updates_arg0 NonWritable
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
