#!/usr/bin/python3
"""Writes the .npy fixtures of the runtime-stub tests with NumPy itself (run with
/usr/bin/python3 and python3-numpy; the files are committed, so the tests do not need
NumPy). Element i (in C order) of every valid fixture of logical shape S is
f(i) = i - 5 for signed, i for unsigned, i % 3 == 0 for bool, (i - 5) * 0.25 for
floating types and (i - 5) * 0.25 + 0.5j * (7 - i) for complex types, for i in
range(prod(S)); NpyTests.cpp checks exactly that."""
import os
import numpy as np
from numpy.lib import format as npformat

HERE = os.path.dirname(os.path.abspath(__file__))
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "float16", "float32", "float64", "complex64", "complex128"]


def values(dtype, shape):
    i = np.arange(int(np.prod(shape, dtype=np.int64))).reshape(shape)
    if dtype == "bool":
        return (i % 3 == 0)
    if dtype.startswith("int"):
        return (i - 5).astype(dtype)
    if dtype.startswith("uint"):
        return i.astype(dtype)
    if dtype.startswith("complex"):
        return ((i - 5) * 0.25 + 0.5j * (7 - i)).astype(dtype)
    return ((i - 5) * 0.25).astype(dtype)


def save(name, array, version=None):
    path = os.path.join(HERE, name)
    with open(path, "wb") as f:
        if version is None:
            np.save(f, array, allow_pickle=array.dtype == object)
        else:
            npformat.write_array(f, array, version=version)


for dt in DTYPES:
    save(f"c_{dt}.npy", values(dt, (2, 3, 4)))
save("f_float64.npy", np.asfortranarray(values("float64", (2, 3))))
save("f_int32_3d.npy", np.asfortranarray(values("int32", (2, 3, 4))))
save("v2_int16.npy", values("int16", (5,)), version=(2, 0))
save("v3_float32.npy", values("float32", (3, 2)), version=(3, 0))
save("scalar_float64.npy", np.array(values("float64", ())))
save("empty_int8.npy", values("int8", (0, 3)))
save("f_complex64.npy", np.asfortranarray(values("complex64", (2, 3))))
save("scalar_complex128.npy", np.array(values("complex128", ())))
# Unsupported files.
save("big_endian.npy", values("float32", (4,)).astype(">f4"))
save("object.npy", np.array([1, "a", None], dtype=object))
save("structured.npy", np.zeros(3, dtype=[("a", "<i4"), ("b", "<f4")]))
save("clongdouble.npy", np.zeros(3, dtype="<c32"))
save("unicode.npy", np.array(["abc", "de"]))
