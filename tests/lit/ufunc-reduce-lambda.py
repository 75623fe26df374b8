# RUN: %nvc %s --emit=mlir -O0 | FileCheck %s
# numba-cuda's other spelling of @cuda.reduce: a module-level assignment of
# cuda.reduce / cuda.Reduce applied to a lambda or to a function of the file
# (its tests' `sum_reduce = cuda.Reduce(lambda a, b: a + b)`) names a
# reduction like the decorated function.
from numba import cuda


def mul(a, b):
    return a * b


sum_reduce = cuda.Reduce(lambda a, b: a + b)
prod_reduce = cuda.reduce(mul)

# CHECK-LABEL: func.func @sum_reduce(
# CHECK-SAME: i32
# CHECK: call @sum_reduce__int32_int32
# CHECK: func.func @sum_reduce__5(
# CHECK-SAME: f64
# CHECK: func.func @prod_reduce(
# CHECK: call @prod_reduce__int32_int32
# CHECK-DAG: func.func private @sum_reduce__int32_int32
# CHECK-DAG: func.func private @prod_reduce__int32_int32
# CHECK-DAG: arith.muli
