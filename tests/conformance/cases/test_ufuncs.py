"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_ufuncs.py (kernels/test_ufuncs.py).

BasicUFuncTest.basic_ufunc_test launches `<ufunc>_usecase[1, 1](*inputs,
*outputs)` once per input of CUDAUFuncTestBase's list (skipping inputs whose
dtype kind is not in `kinds`, and skip_inputs) and compares the outputs with
NumPy's (assert_array_almost_equal, decimal=5: |got - want| < 1.5e-5),
allowing any output where NumPy warns "invalid value encountered" (those
cases compare nothing). One case per launch. signed_unsigned_cmp_test adds
the mixed int64/uint64 inputs upstream checks with NumPy >= 1.25.
"""
import functools
import warnings

import numpy as np

from conformance import Case

# CUDAUFuncTestBase.setUp's inputs: (value, Numba type as a signature string).
INPUTS = [
    (np.uint32(0), "uint32"),
    (np.uint32(1), "uint32"),
    (np.int32(-1), "int32"),
    (np.int32(0), "int32"),
    (np.int32(1), "int32"),
    (np.uint64(0), "uint64"),
    (np.uint64(1), "uint64"),
    (np.int64(-1), "int64"),
    (np.int64(0), "int64"),
    (np.int64(1), "int64"),
    (np.float32(-0.5), "float32"),
    (np.float32(0.0), "float32"),
    (np.float32(0.5), "float32"),
    (np.float64(-0.5), "float64"),
    (np.float64(0.0), "float64"),
    (np.float64(0.5), "float64"),
    (np.array([0, 1], dtype="u4"), "uint32[::1]"),
    (np.array([0, 1], dtype="u8"), "uint64[::1]"),
    (np.array([-1, 0, 1], dtype="i4"), "int32[::1]"),
    (np.array([-1, 0, 1], dtype="i8"), "int64[::1]"),
    (np.array([-0.5, 0.0, 0.5], dtype="f4"), "float32[::1]"),
    (np.array([-0.5, 0.0, 0.5], dtype="f8"), "float64[::1]"),
    (np.array([0, 1], dtype=np.int8), "int8[::1]"),
    (np.array([0, 1], dtype=np.int16), "int16[::1]"),
    (np.array([0, 1], dtype=np.uint8), "uint8[::1]"),
    (np.array([0, 1], dtype=np.uint16), "uint16[::1]"),
    # complex inputs
    (np.complex64(-0.5 - 0.5j), "complex64"),
    (np.complex64(0.0), "complex64"),
    (np.complex64(0.5 + 0.5j), "complex64"),
    (np.complex128(-0.5 - 0.5j), "complex128"),
    (np.complex128(0.0), "complex128"),
    (np.complex128(0.5 + 0.5j), "complex128"),
    (np.array([-0.5 - 0.5j, 0.0, 0.5 + 0.5j], dtype="c8"), "complex64[::1]"),
    (np.array([-0.5 - 0.5j, 0.0, 0.5 + 0.5j], dtype="c16"), "complex128[::1]"),
    # multiple dimensions
    (np.linspace(0, 1).reshape((5, -1)), "float64[:, ::1]"),
    (np.linspace(0, 1).reshape((2, 5, -1)), "float64[:, :, ::1]"),
    (np.linspace(0, 1 + 1j).reshape(5, -1), "complex128[:, ::1]"),
    (np.asfortranarray(np.linspace(0, 1).reshape((5, -1))), "float64[::1, :]"),
    # other integer types
    (np.uint8(0), "uint8"),
    (np.uint8(1), "uint8"),
    (np.int8(-1), "int8"),
    (np.int8(0), "int8"),
    (np.uint16(0), "uint16"),
    (np.uint16(1), "uint16"),
    (np.int16(-1), "int16"),
    (np.int16(0), "int16"),
    (np.ulonglong(0), "uint64"),
    (np.ulonglong(1), "uint64"),
    (np.longlong(-1), "int64"),
    (np.longlong(0), "int64"),
    (np.array([0, 1], dtype=np.ulonglong), "uint64[::1]"),
    (np.array([0, 1], dtype=np.longlong), "int64[::1]"),
]

# basic_int_ufunc_test's skip_inputs.
INT_SKIP = {"float32", "float64", "float32[::1]", "float32[:, ::1]", "float64[::1]",
            "float64[:, ::1]", "float64[:, :, ::1]", "float64[::1, :]", "complex64",
            "complex128", "complex64[::1]", "complex64[:, ::1]", "complex128[::1]",
            "complex128[:, ::1]"}

# signed_unsigned_cmp_test's additional inputs (NumPy >= 1.25).
CMP_INPUTS = [
    (np.int64(-1), np.uint64(0)),
    (np.int64(-1), np.uint64(1)),
    (np.int64(0), np.uint64(0)),
    (np.int64(0), np.uint64(1)),
    (np.int64(1), np.uint64(0)),
    (np.int64(1), np.uint64(1)),
    (np.uint64(0), np.int64(-1)),
    (np.uint64(0), np.int64(0)),
    (np.uint64(0), np.int64(1)),
    (np.uint64(1), np.int64(-1)),
    (np.uint64(1), np.int64(0)),
    (np.uint64(1), np.int64(1)),
    (np.array([-1, -1, 0, 0, 1, 1], dtype=np.int64),
     np.array([0, 1, 0, 1, 0, 1], dtype=np.uint64)),
    (np.array([0, 1, 0, 1, 0, 1], dtype=np.uint64),
     np.array([-1, -1, 0, 0, 1, 1], dtype=np.int64)),
]

# (test class, test name without test_/_ufunc, ufunc, kinds, test kind)
TESTS = [
    ("TestBasicTrigUFuncs", "sin", np.sin, "cf", "basic"),
    ("TestBasicTrigUFuncs", "cos", np.cos, "cf", "basic"),
    ("TestBasicTrigUFuncs", "tan", np.tan, "cf", "basic"),
    ("TestBasicTrigUFuncs", "arcsin", np.arcsin, "cf", "basic"),
    ("TestBasicTrigUFuncs", "arccos", np.arccos, "cf", "basic"),
    ("TestBasicTrigUFuncs", "arctan", np.arctan, "cf", "basic"),
    ("TestBasicTrigUFuncs", "arctan2", np.arctan2, "f", "basic"),
    ("TestHypTrigUFuncs", "hypot", np.hypot, "f", "basic"),
    ("TestHypTrigUFuncs", "sinh", np.sinh, "cf", "basic"),
    ("TestHypTrigUFuncs", "cosh", np.cosh, "cf", "basic"),
    ("TestHypTrigUFuncs", "tanh", np.tanh, "cf", "basic"),
    ("TestHypTrigUFuncs", "arcsinh", np.arcsinh, "cf", "basic"),
    ("TestHypTrigUFuncs", "arccosh", np.arccosh, "cf", "basic"),
    ("TestHypTrigUFuncs", "arctanh", np.arctanh, "cf", "arctanh"),
    ("TestConversionUFuncs", "deg2rad", np.deg2rad, "f", "basic"),
    ("TestConversionUFuncs", "rad2deg", np.rad2deg, "f", "basic"),
    ("TestConversionUFuncs", "degrees", np.degrees, "f", "basic"),
    ("TestConversionUFuncs", "radians", np.radians, "f", "basic"),
    ("TestComparisonUFuncs1", "greater", np.greater, "ifc", "cmp"),
    ("TestComparisonUFuncs1", "greater_equal", np.greater_equal, "ifc", "cmp"),
    ("TestComparisonUFuncs1", "less", np.less, "ifc", "cmp"),
    ("TestComparisonUFuncs1", "less_equal", np.less_equal, "ifc", "cmp"),
    ("TestComparisonUFuncs1", "not_equal", np.not_equal, "ifc", "cmp"),
    ("TestComparisonUFuncs1", "equal", np.equal, "ifc", "cmp"),
    ("TestLogicalUFuncs", "logical_and", np.logical_and, "ifc", "basic"),
    ("TestLogicalUFuncs", "logical_or", np.logical_or, "ifc", "basic"),
    ("TestLogicalUFuncs", "logical_xor", np.logical_xor, "ifc", "basic"),
    ("TestLogicalUFuncs", "logical_not", np.logical_not, "ifc", "basic"),
    ("TestMinmaxUFuncs", "maximum", np.maximum, "ifc", "basic"),
    ("TestMinmaxUFuncs", "minimum", np.minimum, "ifc", "basic"),
    ("TestMinmaxUFuncs", "fmax", np.fmax, "ifc", "basic"),
    ("TestMinmaxUFuncs", "fmin", np.fmin, "ifc", "basic"),
    ("TestBitwiseUFuncs", "bitwise_and", np.bitwise_and, "ifc", "int"),
    ("TestBitwiseUFuncs", "bitwise_or", np.bitwise_or, "ifc", "int"),
    ("TestBitwiseUFuncs", "bitwise_xor", np.bitwise_xor, "ifc", "int"),
    ("TestBitwiseUFuncs", "invert", np.invert, "ifc", "int"),
    ("TestBitwiseUFuncs", "bitwise_not", np.bitwise_not, "ifc", "int"),
    ("TestLogUFuncs", "log", np.log, "cf", "basic"),
    ("TestLogUFuncs", "log2", np.log2, "cf", "basic"),
    ("TestLogUFuncs", "log10", np.log10, "cf", "basic"),
]

# test_arctanh_ufunc's skip list.
ARCTANH_SKIP = {"uint32[::1]", "uint32", "int32[::1]", "int32", "uint64[::1]", "uint64",
                "int64[::1]", "int64"}


def output_sig(input_sig):
    """_determine_output_type without int/float output types: the input's
    dtype as a C-contiguous array of the input's dimensions (1 for scalars)."""
    if "[" not in input_sig:
        return input_sig + "[::1]"
    dtype, dims = input_sig.split("[", 1)
    ndim = dims.count(",") + 1
    return dtype + "[" + ", ".join([":"] * (ndim - 1) + ["::1"]) + "]"


def reference(ufunc):
    """pyfunc(*args, *expected) with NumPy; nothing compared where NumPy warns
    of an invalid value (upstream accepts any output there)."""
    def ref(*args):
        inputs = args[:ufunc.nin]
        expected = [a.copy() for a in args[ufunc.nin:]]
        with warnings.catch_warnings(record=True) as warnlist:
            warnings.simplefilter("always")
            ufunc(*inputs, *expected)
        invalid = any(issubclass(w.category, RuntimeWarning)
                      and str(w.message).startswith("invalid value encountered")
                      for w in warnlist)
        if invalid:
            return {}
        return {ufunc.nin + i: e for i, e in enumerate(expected)}
    return ref


def launch_args(values, outputs):
    def args(rng):
        return [v.copy(order="K") if isinstance(v, np.ndarray) else v for v in values] + \
               [np.zeros(shape, dtype=dtype) for shape, dtype in outputs]
    return args


def tag(sig):
    return (sig.replace("[::1]", "_a").replace("[:, ::1]", "_2d").replace("[:, :, ::1]", "_3d")
            .replace("[::1, :]", "_2dF"))


def ufunc_cases(cls, short, ufunc, kinds, kind):
    kernel = ufunc.__name__ + "_usecase"
    test = f"{cls}.test_{short}_ufunc"
    out = []
    for idx, (operand, input_sig) in enumerate(INPUTS):
        args = (operand,) * ufunc.nin
        if kind == "int" and input_sig in INT_SKIP:
            continue
        if kind == "arctanh" and input_sig in ARCTANH_SKIP:
            continue
        if args[0].dtype.kind not in kinds:
            continue
        osig = output_sig(input_sig)
        shape = operand.shape if isinstance(operand, np.ndarray) else (1,)
        outputs = [(shape, np.dtype(osig.split("[")[0]))] * ufunc.nout
        out.append(Case(
            kernel, test, "ufuncs",
            sig="void(" + ", ".join([input_sig] * ufunc.nin + [osig] * ufunc.nout) + ")",
            args=launch_args(args, outputs),
            reference=reference(ufunc), rtol=0.0, atol=1.5e-5,
            name=f"{short}__{idx:02d}_{tag(input_sig)}"))
    if kind == "cmp":
        for idx, (a, b) in enumerate(CMP_INPUTS):
            sigs = [f"{v.dtype.name}[::1]" if isinstance(v, np.ndarray) else v.dtype.name
                    for v in (a, b)]
            shape = a.shape if isinstance(a, np.ndarray) else (1,)
            out.append(Case(
                kernel, test, "ufuncs",
                sig="void(" + ", ".join(sigs + ["boolean[::1]"]) + ")",
                args=launch_args((a, b), [(shape, np.bool_)]),
                reference=reference(ufunc),
                name=f"{short}__x{idx:02d}_{tag(sigs[0])}_{tag(sigs[1])}"))
    return out


CASES = [c for t in TESTS for c in ufunc_cases(*t)]
