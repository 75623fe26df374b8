# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_enums.py
# and enum_usecases.py (the enum classes the tests use) at
# b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# Every test names its function f and compiles it with cuda.jit(f) (or
# vectorize); here each is named after its test (f_compare, ...).
from enum import Enum, IntEnum

import numpy as np

from numba.cuda import int16, int32
from numba.cuda import vectorize
from numba import njit
from numba import cuda


# enum_usecases.Color
class Color(Enum):
    red = 1
    green = 2
    blue = 3


# enum_usecases.Planet
class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    VENUS = (4.869e24, 6.0518e6)
    EARTH = (5.976e24, 6.37814e6)
    MARS = (6.421e23, 3.3972e6)
    JUPITER = (1.9e27, 7.1492e7)
    SATURN = (5.688e26, 6.0268e7)
    URANUS = (8.686e25, 2.5559e7)
    NEPTUNE = (1.024e26, 2.4746e7)


# enum_usecases.Shape
class Shape(IntEnum):
    # Same as Color.green
    circle = 2
    # Same as RequestError.internal_error
    square = 500


# enum_usecases.RequestError
class RequestError(IntEnum):
    dummy = 2
    not_found = 404
    internal_error = 500


# enum_usecases.IntEnumWithNegatives
class IntEnumWithNegatives(IntEnum):
    # Used for testing of hash, need to make sure -1 -> -2 to comply with CPy
    one = 1
    two = 2
    too = 2
    three = 3
    negone = -1
    negtwo = -2
    negthree = -3


# EnumTest.test_compare
@cuda.jit
def f_compare(a, b, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b


# EnumTest.test_getattr_getitem
@cuda.jit
def f_getattr_getitem(out):
    # Lookup of an enum member on its class
    out[0] = Color.red == Color.green
    out[1] = Color["red"] == Color["green"]


# EnumTest.test_return_from_device_func
@njit
def inner(pred):
    return Color.red if pred else Color.green


# EnumTest.test_return_from_device_func
@cuda.jit
def f_return_from_device_func(pred, out):
    out[0] = inner(pred) == Color.red
    out[1] = inner(not pred) == Color.green


# EnumTest.test_int_coerce
@cuda.jit
def f_int_coerce(x, out):
    # Implicit coercion of intenums to ints
    if x > RequestError.internal_error:
        out[0] = x - RequestError.not_found
    else:
        out[0] = x + Shape.circle


# EnumTest.test_int_cast
@cuda.jit
def f_int_cast(x, out):
    # Explicit coercion of intenums to ints
    if x > int16(RequestError.internal_error):
        out[0] = x - int32(RequestError.not_found)
    else:
        out[0] = x + int16(Shape.circle)


# EnumTest.test_vectorize (cuda_func = vectorize("int64(int64)", target="cuda")(f))
@vectorize("int64(int64)", target="cuda")
def f_vectorize(x):
    if x != RequestError.not_found:
        return RequestError["internal_error"]
    else:
        return RequestError.dummy
