# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_gufunc_scalar.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the gufuncs as upstream wrote them, lifted out of their test methods.
import numpy as np
from numba import cuda, guvectorize


# TestGUFuncScalar.test_gufunc_scalar_output
@guvectorize(["void(int32[:], int32[:])"], "(n)->()", target="cuda")
def sum_row(inp, out):
    tmp = 0.0
    for i in range(inp.shape[0]):
        tmp += inp[i]
    out[0] = tmp


# TestGUFuncScalar.test_gufunc_scalar_output_bug
@guvectorize(["void(int32, int32[:])"], "()->()", target="cuda")
def twice(inp, out):
    out[0] = inp * 2


# TestGUFuncScalar.test_gufunc_scalar_input_saxpy
@guvectorize(
    ["void(float32, float32[:], float32[:], float32[:])"],
    "(),(t),(t)->(t)",
    target="cuda",
)
def saxpy(a, x, y, out):
    for i in range(out.shape[0]):
        out[i] = a * x[i] + y[i]


# TestGUFuncScalar.test_gufunc_scalar_cast
@guvectorize(
    ["void(int32, int32[:], int32[:])"], "(),(t)->(t)", target="cuda"
)
def foo(a, b, out):
    for i in range(b.size):
        out[i] = a * b[i]


# TestGUFuncScalar.test_gufunc_old_style_scalar_as_array
@guvectorize(
    ["void(int32[:],int32[:],int32[:])"], "(n),()->(n)", target="cuda"
)
def gufunc(x, y, res):
    for i in range(x.shape[0]):
        res[i] = x[i] + y[0]
