"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_ssa.py (kernels/test_ssa.py).

SSABaseTest.check_func launches func[1, 1](np.zeros_like(expected), *args)
and compares with func.py_func on the same arguments: the simulator's
reference. test_undefined_var's checks of Numba's warning and of the Python
function's UnboundLocalError are host-side; its kernel launch is ported.
"""
import numpy as np

from conformance import Case, empty


def check(kernel, test, sig, expected, *args, name=None, category="control flow", **kw):
    """check_func(kernel, expected, *args)."""
    return Case(kernel, test, category, sig=sig, name=name,
                args=lambda rng: [np.zeros_like(np.array(expected)),
                                  *[a() if callable(a) else a for a in args]], **kw)


def readonly_ones():
    a = np.ones(5)
    a.flags.writeable = False
    return a


CASES = [
    check("foo_argument_name_reused", "TestSSA.test_argument_name_reused",
          "void(float64[::1], int64)", [124.0], 123),
    check("foo_if_else_redefine", "TestSSA.test_if_else_redefine",
          "void(float64[::1], int64, int64)", [2.0], 3, 2, name="foo_if_else_redefine__3_2"),
    check("foo_if_else_redefine", "TestSSA.test_if_else_redefine",
          "void(float64[::1], int64, int64)", [2.0], 2, 3, name="foo_if_else_redefine__2_3"),
    check("foo_sum_loop", "TestSSA.test_sum_loop", "void(float64[::1], int64)", [0.0], 0,
          name="foo_sum_loop__0"),
    check("foo_sum_loop", "TestSSA.test_sum_loop", "void(float64[::1], int64)", [45.0], 10,
          name="foo_sum_loop__10"),
    check("foo_sum_loop_2vars", "TestSSA.test_sum_loop_2vars", "void(float64[::1], int64)",
          [0.0, 0.0], 0, name="foo_sum_loop_2vars__0"),
    check("foo_sum_loop_2vars", "TestSSA.test_sum_loop_2vars", "void(float64[::1], int64)",
          [45.0, 110.0], 10, name="foo_sum_loop_2vars__10"),
    check("foo_sum_2d_loop", "TestSSA.test_sum_2d_loop", "void(float64[::1], int64)", [0.0], 0,
          name="foo_sum_2d_loop__0"),
    check("foo_sum_2d_loop", "TestSSA.test_sum_2d_loop", "void(float64[::1], int64)", [495.0],
          10, name="foo_sum_2d_loop__10"),
    check("foo_undefined_var", "TestSSA.test_undefined_var", "void(int64[::1], int64)", [0], 1),
    check("foo_phi_propagation", "TestSSA.test_phi_propagation",
          "void(int64[::1], int64[::1])", [1, 2], lambda: np.array([1, 2])),
    # function1 is a @cuda.jit function called from a kernel, which the
    # simulator cannot do: the reference is the value the test asserts
    # (function1.py_func(2, 3, 6, 0, 7) is None, hence NONE_SENTINEL).
    Case("function1_caller", "TestSSA.test_unhandled_undefined", "control flow",
         sig="void(int64[::1], int64, int64, int64, int64, int64)",
         args=lambda rng: [np.zeros(1, dtype=np.int64), 2, 3, 6, 0, 7],
         reference=lambda result, *args: {0: np.array([99], dtype=np.int64)}),
    check("foo_issue2194", "TestReportedSSAIssues.test_issue2194",
          "void(float64[::1], float64[::1])", [1.0], lambda: empty(1, np.float64)),
    check("foo_issue3094", "TestReportedSSAIssues.test_issue3094", "void(int64[::1], boolean)",
          [0], False),
    check("foo_issue3931", "TestReportedSSAIssues.test_issue3931",
          "void(float64[:, ::1], float64[:, ::1])", np.zeros((3, 2)),
          lambda: np.zeros((3, 2))),
    check("foo_issue3976", "TestReportedSSAIssues.test_issue3976", "void(int64[::1], boolean)",
          [42], True),
    check("foo_issue3979", "TestReportedSSAIssues.test_issue3979",
          "void(int64[::1], int64[::1], int64[::1])", [2, 4],
          lambda: np.array([1, 2]), lambda: np.array([3, 4])),
    # b = (2,): a tuple argument.
    check("test_tuple", "TestReportedSSAIssues.test_issue5219",
          "void(int64[::1], int64, UniTuple(int64, 1))", [2], 1, (2,)),
    # a is np.ones(5) made read-only (a.flags.writeable = False).
    check("bar", "TestReportedSSAIssues.test_issue5223",
          "void(float64[::1], Array(float64, 1, 'C', readonly=True))", np.ones(5),
          readonly_ones),
    check("foo_issue5243", "TestReportedSSAIssues.test_issue5243",
          "void(float64[::1], float64[:, ::1], float64[::1])", [0.1],
          lambda: np.zeros((2, 2)), lambda: np.array([0.1, 0.6, 0.3])),
    check("foo_issue5482_missing_variable_init",
          "TestReportedSSAIssues.test_issue5482_missing_variable_init",
          "void(int64[::1], int64, int64, int64)", [10], 1, 5, 3),
    # data = (np.ones(2), np.ones(2)): a tuple of arrays as an argument.
    check("foo_issue5493_unneeded_phi", "TestReportedSSAIssues.test_issue5493_unneeded_phi",
          "void(int64[::1], int64, int64, UniTuple(float64[::1], 2))", [10], 10, 10,
          lambda: (np.ones(2), np.ones(2))),
    Case("foo_issue5623", "TestReportedSSAIssues.test_issue5623_equal_statements_in_same_bb",
         "control flow", sig="void(boolean, int64[::1])",
         args=lambda rng: [True, np.array([0, 666])]),
]
