"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_localmem.py (kernels/test_localmem.py).

Upstream skips the class on the simulator (it inspects the PTX of
test_local_array for `.local`; not ported); the launches are ported, with the
simulator's results as the reference where it runs them. test_numba_dtype,
test_numpy_dtype and test_string_dtype only compile their kernel and check the
local array's type; the cases also launch it once ([1, 1], x = [7]), which
returns x unchanged. test_struct_model_type_arr passes np.array((10,)) (one
element, 10) for each output, as upstream does, and asserts only that
element (0).

Not ported: test_type_with_struct_data_model (compiles a kernel over an array
of an extension type, struct_model_type, and inspects its typing; it never
launches it, and such an array has no host representation to pass).
"""
import numpy as np

from conformance import Case

C = "local arrays"
T = "TestCudaLocalMem."


def dtype_case(kernel, test):
    return Case(kernel, T + test, C, args=lambda rng: [np.array([7], dtype=np.int32)],
                reference=lambda x: {0: np.array([7], dtype=np.int32)})


CASES = [
    Case("culocal", T + "test_local_array", C, sig="void(int32[:], int32[:])",
         args=lambda rng: [np.arange(1000, dtype="int32"), np.zeros(1000, dtype="int32")],
         reference=lambda a, b: {0: a, 1: a}),
    Case("culocal1tuple", T + "test_local_array_1_tuple", C, sig="void(int32[:], int32[:])",
         args=lambda rng: [np.arange(5, dtype="int32"), np.zeros(5, dtype="int32")],
         reference=lambda a, b: {0: a, 1: a}),
    Case("culocalcomplex", T + "test_local_array_complex", C,
         sig="void(complex128[:], complex128[:])",
         args=lambda rng: [(np.arange(100, dtype="complex128") - 1) / 2j,
                           np.zeros(100, dtype="complex128")],
         reference=lambda a, b: {0: a, 1: a}),
    dtype_case("f_numba_dtype", "test_numba_dtype"),
    dtype_case("f_numpy_dtype", "test_numpy_dtype"),
    dtype_case("f_string_dtype", "test_string_dtype"),
    Case("f_invalid_string_dtype", T + "test_invalid_string_dtype", C,
         args=lambda rng: [], rejects="int33"),
    Case("f_struct_model_type_arr", T + "test_struct_model_type_arr", C,
         args=lambda rng: [np.array((10,), dtype="int32"), np.array((10,), dtype="int32")],
         reference=lambda x, y: {0: np.array([0], np.int32), 1: np.array([0], np.int32)}),
    Case("s_fp16_types", T + "test_issue_fp16_support", "float16", sig="void(float16[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.float16)],
         reference=lambda a: {0: np.array([2], dtype=np.float16)}),
    Case("s_fp16_np", T + "test_issue_fp16_support", "float16", sig="void(float16[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.float16)],
         reference=lambda a: {0: np.array([2], dtype=np.float16)}),
]
