#!/usr/bin/python3
"""Writes the .npy fixtures of the runtime-stub tests with NumPy itself (run with
/usr/bin/python3 and python3-numpy; the files are committed, so the tests do not need
NumPy). Element i (in C order) of every valid numeric fixture of logical shape S is
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
save("structured.npy", np.zeros(3, dtype=[("a", "<i4"), ("b", "<f4")]))  # now read as records
save("clongdouble.npy", np.zeros(3, dtype="<c32"))
save("unicode.npy", np.array(["abc", "de"]))


# Structured dtypes (arrays of records): random bytes (padding included), then random
# finite values in every field, from a fixed seed. NpyTests.cpp checks the fields,
# shapes and round trips; rec_f_2d.npy holds the records of rec_c_2d.npy in Fortran
# order (their fields: np.asfortranarray does not copy the padding bytes).
def records(dtype, shape, seed):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    n = int(np.prod(shape, dtype=np.int64))
    a = np.frombuffer(bytearray(rng.bytes(n * dtype.itemsize)), dtype=dtype).reshape(shape)
    for name in dtype.names:
        base, sub = dtype.fields[name][0].base, dtype.fields[name][0].shape
        size = (n,) + sub
        if base.kind == "b":
            v = rng.random(size) < 0.5
        elif base.kind in "iu":
            info = np.iinfo(base)
            v = rng.integers(info.min, info.max, size=size, dtype=base, endpoint=True)
        elif base.kind == "c":
            v = rng.normal(size=size) * 100 + 1j * rng.normal(size=size)
        else:
            v = rng.normal(size=size) * 100
        a[name] = np.asarray(v).astype(base).reshape(shape + sub)
    return a


PARTICLE = [("x", "<f4"), ("v", "<f4"), ("alive", "?")]
save("rec_packed.npy", records(PARTICLE, (7,), 1))
save("rec_aligned.npy", records(np.dtype([("a", "u1"), ("b", "<f8"), ("c", "<c8", (3, 2)),
                                          ("d", "u1", (5,)), ("e", "<i2")], align=True),
                                (4,), 2))
save("rec_nested.npy", records([("h", "<f2", (2,)), ("flags", "?", (3,)),
                                ("m", "<i4", (2, 2)), ("z", "<c16")], (2, 3), 3))
save("rec_0d.npy", records(PARTICLE, (), 4))
rec_2d = records(np.dtype([("i", "<i8"), ("f", "<f4")], align=True), (3, 4), 5)
save("rec_c_2d.npy", rec_2d)
save("rec_f_2d.npy", np.asfortranarray(rec_2d))
save("rec_title.npy", records([(("the position", "x"), "<f4"), ("n", "<u2")], (3,), 6))
# Unsupported structured files.
save("rec_big_endian.npy", np.zeros(2, dtype=[("x", "<f4"), ("y", ">f8")]))
save("rec_nested_struct.npy", np.zeros(2, dtype=[("p", [("x", "<f4"), ("y", "<f4")])]))
save("rec_void_field.npy", np.zeros(2, dtype=[("raw", "V4")]))
save("rec_unicode_field.npy", np.zeros(2, dtype=[("s", "<U3")]))
