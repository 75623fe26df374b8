# RUN: %nvc %s --emit=mlir | FileCheck %s
# The typing function's Python, evaluated by nvc when the kernel is compiled
# (frontend/sema/Overloads.cpp): each value below is Python's, and reaches
# the kernel as a constant the implementation closes over.
from numba import cuda, types
from numba.core import errors
from numba.extending import overload


def facts(x):
    pass


def _describe(t):
    return f"{t}/{t.bitwidth:03d}"


@overload(facts)
def ol_facts(x):
    kinds = []
    for cls in (types.Number, types.Integer, types.Float, types.Array, types.Boolean):
        kinds = kinds + [cls.__name__] if isinstance(x, cls) else kinds
    a = -7 // 2                                   # -4: floor division
    b = -7 % 3                                    # 2: the divisor's sign
    c = 2 ** 10 + int("5") + len("ab" * 3)        # 1035
    d = sum_ = 0
    i = 0
    while i < 5:
        i += 1
        if i == 2:
            continue
        sum_ += i                                 # 1 + 3 + 4 + 5
    text = _describe(x)                           # a plain function, called
    e = len(text) + ("32" in text) * 100          # 'float32/032': 11 + 100
    f = max(x.bitwidth, 7, key=None) if False else max((x.bitwidth, 7))
    g = (x == types.float32, x in types.real_domain, types.float32 < types.float64)
    h = 1 if "Float" in kinds and "Integer" not in kinds else 0
    if not g[0]:
        raise errors.TypingError("expected float32")

    def impl(x):
        return a, b, c, sum_, e, f, h
    return impl


@cuda.jit("void(float32[::1], int64[::1])")
def k(x, out):
    out[0], out[1], out[2], out[3], out[4], out[5], out[6] = facts(x[0])

# CHECK-LABEL: func.func private @ol_facts__impl__float32(
# CHECK: arith.constant -4 : i64
# CHECK: arith.constant 2 : i64
# CHECK: arith.constant 1035 : i64
# CHECK: arith.constant 13 : i64
# CHECK: arith.constant 111 : i64
# CHECK: arith.constant 32 : i64
# CHECK: arith.constant 1 : i64
