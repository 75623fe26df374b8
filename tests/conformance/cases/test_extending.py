"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_extending.py (kernels/test_extending.py,
kernels/overload_usecases.py).

Upstream skips the module on the simulator (extension types): the references
are the values the tests assert. The signature-mismatch tests and
test_void_return assert that Numba refuses the kernel (TypingError,
LoweringError) with a message containing the `rejects` text, Numba's own
words (nvc's error for a strict overload quotes numba's _validate_sigs).

Not ported: TestExtendingLinkage.test_extension_adds_linkable_code,
test_linked_called_through_overload (linking external code: .a/.cubin/.cu/
.fatbin/.o/.ptx/.ltoir files, declare_device with a CUSource);
TestLowLevelExtending.test_func1_isolated (test_func1's launches again in a
new process: registration), test_type_callable_keeps_function (host only);
TestIntrinsic.test_serialization, test_deserialization (pickling),
test_docstring (host only); TestNumbaInternalOverloads (host only:
registry introspection).
"""
import numpy as np

from conformance import Case

INTS4 = "void(int64, int64, int64, int64)"
INTS2 = "void(int64, int64)"

CASES = [
    Case("f_attributes", "TestExtending.test_attributes", "device functions",
         sig="void(float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(2), np.asarray((1.5, 2.5))],
         reference=lambda r, x: {0: x.copy(), 1: x}),
    Case("f_property", "TestExtending.test_property", "device functions",
         sig="void(float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(1), np.asarray((1.5, 2.5))],
         reference=lambda r, x: {0: np.array([x[1] - x[0]]), 1: x}),
    Case("f_extension_type_as_arg", "TestExtending.test_extension_type_as_arg",
         "device functions", sig="void(float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(1), np.asarray((1.5, 2.5))],
         reference=lambda r, x: {0: np.array([x[1] - x[0]]), 1: x}),
    Case("f_extension_type_as_retvalue", "TestExtending.test_extension_type_as_retvalue",
         "device functions", sig="void(float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(2), np.asarray((1.5, 2.5, 3.0, 4.0))],
         reference=lambda r, x: {0: np.asarray((x[0] + x[2], x[1] + x[3])), 1: x}),
    Case("call_func1_nullary", "TestLowLevelExtending.test_func1", "device functions",
         sig="void(float64[::1])", args=lambda rng: [np.zeros(1)],
         reference=lambda res: {0: np.array([42.0])}),
    # Upstream's res already holds 42.0 from the first launch.
    Case("call_func1_unary", "TestLowLevelExtending.test_func1", "device functions",
         sig="void(float64, float64[::1])", args=lambda rng: [18.0, np.full(1, 42.0)],
         reference=lambda x, res: {1: np.array([6.0])}),
] + [
    Case(f"foo_{k}", "TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling",
         "device functions", sig=INTS4, args=lambda rng: [1, 2, 3, 4],
         rejects="Typing and implementation arguments differ")
    for k in range(1, 10)
] + [
    Case("foo_var_positional",
         "TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling_var_positional",
         "device functions", sig=INTS2, args=lambda rng: [1, 5],
         rejects="VAR_POSITIONAL (e.g. *args) argument kind"),
    # gen_ol(ol1, False)[1, 1](1, 2): no error when strictness is not enforced.
    Case("foo_ol1_nonstrict",
         "TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling_var_keyword",
         "device functions", sig=INTS2, args=lambda rng: [1, 2], reference=lambda a, b: {}),
    Case("foo_ol1",
         "TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling_var_keyword",
         "device functions", sig=INTS2, args=lambda rng: [1, 2],
         rejects="use of VAR_KEYWORD (e.g. **kwargs) is unsupported"),
    Case("foo_ol2",
         "TestHighLevelExtending.test_typing_vs_impl_signature_mismatch_handling_var_keyword",
         "device functions", sig=INTS2, args=lambda rng: [1, 2],
         rejects="use of VAR_KEYWORD (e.g. **kwargs) is unsupported"),
    Case("bar_method_kwargs", "TestHighLevelExtending.test_overload_method_kwargs",
         "device functions", sig="void(int64[::1], float64[::1])",
         args=lambda rng: [np.arange(5), np.zeros(3)],
         reference=lambda Z, res: {0: Z, 1: np.array([10.0, 20.0, 30.0])}),
    Case("bar_literal_unpack", "TestHighLevelExtending.test_overload_method_literal_unpack",
         "device functions", sig="void(float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(1), np.zeros(1)],
         reference=lambda A, res: {0: A, 1: np.array([float(0xCAFE)])}),
    Case("call_void_func", "TestIntrinsic.test_void_return", "device functions",
         sig="void()", args=lambda rng: [], reference=lambda: {}),
    # Upstream asserts a LoweringError ("non-void function returns None").
    Case("call_non_void_func", "TestIntrinsic.test_void_return", "device functions",
         sig="void()", args=lambda rng: [], rejects="non-void function returns None"),
    # x = np.array([1, 2]); bar(x, 2) in Python first (x[0] becomes 6), then
    # cbar[1, 1](x, 2): x[0] becomes 16.
    Case("bar_register_jitable", "TestRegisterJitable.test_no_flags", "device functions",
         sig="void(int64[::1], int64)", args=lambda rng: [np.array([6, 2]), 2],
         reference=lambda x, y: {0: np.array([16, 2])}),
    Case("check_prefer_lit", "TestOverloadPreferLiteral.test_overload", "device functions",
         sig="void(int64, float64[::1])", args=lambda rng: [3, np.zeros(3)],
         reference=lambda x, res: {1: np.array([0xCAFE, 200, 300], dtype=np.float64)}),
    # Upstream's res holds check_prefer_lit's results before this launch.
    Case("check_non_lit", "TestOverloadPreferLiteral.test_overload", "device functions",
         sig="void(int64, float64[::1])",
         args=lambda rng: [3, np.array([0xCAFE, 200, 300], dtype=np.float64)],
         reference=lambda x, res: {1: np.array([100, 200, 300], dtype=np.float64)}),
    Case("add", "test_overload_array_return", "device functions",
         sig="void(float32[:, ::1])",
         args=lambda rng: [np.array([[0.0], [1.0]], dtype=np.float32)],
         reference=lambda a: {0: np.array([[1.0], [1.0]], dtype=np.float32)}),
]
