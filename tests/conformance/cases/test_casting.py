"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_casting.py (kernels/test_casting.py).

_create_wrapped(pyfunc, intype, outtype)(arg): argarray = np.zeros(1,
intype) holding arg, resarray = np.zeros(1, outtype), cuda_wrapper_fn[1,
1](argarray, resarray). One case per distinct launch (upstream calls
cfunc(12.3) twice to compare with pyfunc(12.3) and int(12.3): one case).
References are the values the tests assert.

Not ported (PTX inspection): test_float16_to_int_ptx, test_float16_to_uint_ptx,
test_int_to_float16_ptx, test_uint_to_float16_ptx, test_float16_to_float_ptx,
test_native_cast.
"""
import itertools

import numpy as np

from conformance import Case

NB = {np.float16: "float16", np.float32: "float32", np.float64: "float64",
      np.int8: "int8", np.int16: "int16", np.int32: "int32", np.int64: "int64",
      np.uint8: "uint8", np.uint16: "uint16", np.uint32: "uint32", np.uint64: "uint64",
      np.complex64: "complex64", np.complex128: "complex128"}

CASES = []


def wrapped(pyfunc, test, intype, outtype, arg, expected, label, rtol=None):
    category = ("float16" if np.float16 in (intype, outtype)
                else "complex" if outtype in (np.complex64, np.complex128) else "arithmetic")
    CASES.append(Case(
        "cuda_wrapper_fn_" + pyfunc, "TestCasting." + test, category,
        name=f"{pyfunc}__{NB[intype]}_to_{NB[outtype]}_{label}",
        sig=f"void({NB[intype]}[::1], {NB[outtype]}[::1])",
        args=lambda rng: [np.full(1, arg, dtype=intype), np.zeros(1, dtype=outtype)],
        rtol=rtol,
        reference=lambda a, r: {0: a, 1: np.array([expected], dtype=outtype)}))


FROMTYS = (np.float16, np.float32, np.float64)

# test_float_to_int: asserts pyfunc(v) and int(v), v = 12.3 and -12.3
for pyfunc, toty in zip(("to_int8", "to_int16", "to_int32", "to_int64"),
                        (np.int8, np.int16, np.int32, np.int64)):
    for fromty in FROMTYS:
        wrapped(pyfunc, "test_float_to_int", fromty, toty, 12.3, int(12.3), "pos")
        wrapped(pyfunc, "test_float_to_int", fromty, toty, -12.3, int(-12.3), "neg")

# test_float_to_uint: the to_int* functions into unsigned results, v = 12.3
for pyfunc, toty in zip(("to_int8", "to_int16", "to_int32", "to_int64"),
                        (np.uint8, np.uint16, np.uint32, np.uint64)):
    for fromty in FROMTYS:
        wrapped(pyfunc, "test_float_to_uint", fromty, toty, 12.3, int(12.3), "pos")

# test_int_to_float: int64 321, asserts pyfunc(321) computed on the host
HOST = {
    "to_float16": lambda x: np.float16(x) * np.float16(0.5),
    "to_float32": lambda x: np.float32(x) / np.float32(2),
    "to_float64": lambda x: np.float64(x) / np.float64(2),
}
for pyfunc, toty in zip(("to_float16", "to_float32", "to_float64"), FROMTYS):
    wrapped(pyfunc, "test_int_to_float", np.int64, toty, 321, HOST[pyfunc](321), "321")

# test_literal_to_float16: asserts reference_*_literal_to_float16(321)
wrapped("cuda_int_literal_to_float16", "test_literal_to_float16", np.float16, np.float16, 321,
        np.float16(321) * np.float16(2), "321")
wrapped("cuda_float_literal_to_float16", "test_literal_to_float16", np.float16, np.float16, 321,
        np.float16(321) * np.float16(2.5), "321")

# test_float_to_float: asserts toty(v) / toty(2) with rtol 0.0003, v = +-12.3
for (pyfunc, fromty), toty in itertools.product(
        zip(("to_float16", "to_float32", "to_float64"), FROMTYS), FROMTYS):
    for v, label in ((12.3, "pos"), (-12.3, "neg")):
        wrapped(pyfunc, "test_float_to_float", fromty, toty, v, toty(v) / toty(2), label,
                rtol=0.0003)

# test_float_to_complex: asserts pyfunc(fromty(v)), v = +-3.21
for pyfunc, toty in zip(("to_complex64", "to_complex128"), (np.complex64, np.complex128)):
    for fromty in FROMTYS:
        for v, label in ((3.21, "pos"), (-3.21, "neg")):
            wrapped(pyfunc, "test_float_to_complex", fromty, toty, v, toty(fromty(v)), label)
