# RUN: %nvc %s -o %t.spv && spirv-val --target-env vulkan1.1 %t.spv
# RUN: FileCheck %s < %t.json
# RUN: %nvc %s --kernel by_string -o %t.one.spv && FileCheck %s --check-prefix=ONE < %t.one.json
# RUN: not %nvc %s --kernel nothing_here -o %t.none.spv 2>&1 | FileCheck %s --check-prefix=NONE
# Signatures as numba-cuda's tests write them: strings, Numba type
# expressions (types imported from numba.cuda), argument types only, a
# module-level name bound to either; --kernel compiles only the kernels named.
from numba import cuda
from numba.cuda import float32, int32, void

SIG = "void(float32[::1], int32)"
ARGS = (float32[::1], int32)


@cuda.jit("void(float32[::1], int32)")
def by_string(x, n):
    x[0] = n


@cuda.jit(void(float32[:, :], int32))
def by_expression(x, n):
    x[0, 0] = n


@cuda.jit((float32[::1], int32))
def by_argument_types(x, n):
    x[0] = n


@cuda.jit(SIG)
def by_name(x, n):
    x[0] = n


@cuda.jit(ARGS)
def by_tuple_name(x, n):
    x[0] = n

# CHECK-DAG: "name": "by_string"
# CHECK-DAG: "name": "by_expression"
# CHECK-DAG: "name": "by_argument_types"
# CHECK-DAG: "name": "by_name"
# CHECK-DAG: "name": "by_tuple_name"
# ONE: "name": "by_string"
# ONE-NOT: "name": "by_name"
# NONE: nvc: error: --kernel names 'nothing_here', which is not a kernel or @nv.chain function of
