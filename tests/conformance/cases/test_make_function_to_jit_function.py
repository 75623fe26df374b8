"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_make_function_to_jit_function.py
(kernels/test_make_function_to_jit_function.py).

The references are the values the tests assert (impl_factory(consumer.py_func)
run in Python): the simulator cannot call a @cuda.jit function (consumer,
jitted_func) that is not declared device=True from a kernel.
"""
import numpy as np

from conformance import Case


def out(*values):
    return lambda *args: {0: np.array(values, dtype=np.int64)}


CASES = [
    Case("kernel_escape", "TestMakeFunctionToJITFunction.test_escape", "device functions",
         sig="void(int64[::1])", args=lambda rng: [np.zeros(1, dtype=np.int64)],
         reference=out(10)),
    Case("kernel_nested_escape", "TestMakeFunctionToJITFunction.test_nested_escape",
         "device functions", sig="void(int64[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int64)], reference=out(10)),
    Case("kernel_closure_in_escaper", "TestMakeFunctionToJITFunction.test_closure_in_escaper",
         "device functions", sig="void(int64[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int64)], reference=out(10)),
    Case("kernel_close_over_consts", "TestMakeFunctionToJITFunction.test_close_over_consts",
         "device functions", sig="void(int64[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.int64)], reference=out(10 + 6 + 123)),
    Case("kernel_close_over_consts_w_args",
         "TestMakeFunctionToJITFunction.test_close_over_consts_w_args", "device functions",
         sig="void(int64[::1], int64)",
         args=lambda rng: [np.zeros(1, dtype=np.int64), 5], reference=out(10 + 5 + 123)),
    Case("kernel_with_overload", "TestMakeFunctionToJITFunction.test_with_overload",
         "device functions", sig="void(int64[::1], int64)",
         args=lambda rng: [np.zeros(1, dtype=np.int64), 5], reference=out(414)),
    Case("kernel_basic_apply_like_case", "TestMakeFunctionToJITFunction.test_basic_apply_like_case",
         "device functions", sig="void(int64[::1], int64)",
         args=lambda rng: [np.zeros(1, dtype=np.int64), 10], reference=out(100)),
    # Upstream asserts a TypingError: "Cannot capture a constant value for
    # variable".
    Case("impl_multiply_defined_freevar",
         "TestMakeFunctionToJITFunction.test_multiply_defined_freevar", "device functions",
         sig="void(int64)", args=lambda rng: [1], rejects=""),
    # Upstream asserts a TypingError: "Cannot capture the non-constant value
    # associated".
    Case("impl_non_const_in_escapee", "TestMakeFunctionToJITFunction.test_non_const_in_escapee",
         "device functions", sig="void(int64)", args=lambda rng: [1], rejects=""),
    Case("kernel_escape_with_kwargs", "TestMakeFunctionToJITFunction.test_escape_with_kwargs",
         "device functions", sig="void(int64[::1])",
         args=lambda rng: [np.zeros(4, dtype=np.int64)], reference=out(168, 551, 601, 602)),
    Case("kernel_escape_with_kwargs_override_kwargs",
         "TestMakeFunctionToJITFunction.test_escape_with_kwargs_override_kwargs",
         "device functions", sig="void(int64[::1])",
         args=lambda rng: [np.zeros(4, dtype=np.int64)], reference=out(168, 4669, 4645, 602)),
]
