"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_sm_creation.py (kernels/test_sm_creation.py).

test_global_constants, test_global_build_tuple and test_global_constant_tuple
launch their kernel on getarg() / getarg2() (np.array(100, float32, ndmin=1),
reshaped to (1, 1)) and assert nothing: the kernels copy uninitialised shared
memory, so the cases check only that they compile and run. The invalid-shape
and invalid-dtype tests assert that Numba refuses the kernel (TypingError).
test_numba_dtype, test_numpy_dtype and test_string_dtype only compile their
kernel and check the shared array's type; the cases also launch it once
([1, 1], x = [7]), which returns x unchanged.

Not ported: test_type_with_struct_data_model (compiles a kernel over an array
of an extension type, struct_model_type, and inspects its typing; it never
launches it, and such an array has no host representation to pass).
"""
import numpy as np

from conformance import Case

C = "shared memory"
T = "TestSharedMemoryCreation."


def getarg():
    return np.array(100, dtype=np.float32, ndmin=1)


def getarg2():
    return getarg().reshape(1, 1)


def dtype_case(kernel, test):
    return Case(kernel, T + test, C, args=lambda rng: [np.array([7], dtype=np.int32)],
                reference=lambda x: {0: np.array([7], dtype=np.int32)})


CASES = [
    Case("udt_global_constants", T + "test_global_constants", C, sig="void(float32[:])",
         args=lambda rng: [getarg()], reference=lambda a: {}),
    Case("udt_global_build_tuple", T + "test_global_build_tuple", C,
         sig="void(float32[:, :])", args=lambda rng: [getarg2()], reference=lambda a: {}),
    Case("udt_global_build_list", T + "test_global_build_list", C,
         sig="void(float32[:, :])", args=lambda rng: [], rejects="list"),
    Case("udt_global_constant_tuple", T + "test_global_constant_tuple", C,
         sig="void(float32[:, :])", args=lambda rng: [getarg2()], reference=lambda a: {}),
    Case("udt_invalid_1", T + "test_invalid_1", C, sig="void(float32[:])",
         args=lambda rng: [], rejects="shape"),
    Case("udt_invalid_2", T + "test_invalid_2", C, sig="void(float32[:, :])",
         args=lambda rng: [], rejects="shape"),
    Case("udt_invalid_1", T + "test_invalid_3", C, sig="void(int32[:])",
         name="udt_invalid_1__int32", args=lambda rng: [], rejects="shape"),
    Case("udt_invalid_3", T + "test_invalid_4", C, sig="void(int32[:])",
         args=lambda rng: [], rejects="shape"),
    dtype_case("f_numba_dtype", "test_numba_dtype"),
    dtype_case("f_numpy_dtype", "test_numpy_dtype"),
    dtype_case("f_string_dtype", "test_string_dtype"),
    Case("f_invalid_string_dtype", T + "test_invalid_string_dtype", C,
         args=lambda rng: [], rejects="int33"),
]
