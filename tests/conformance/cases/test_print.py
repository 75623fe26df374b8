"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_print.py (kernels/test_print.py).

The tests compare the printed text, which the harness does not capture; the
cases check that each kernel compiles and runs (and that print_too_many leaves
its argument unchanged). The tuple cases pass tuples as kernel arguments.
"""
import numpy as np

from conformance import Case

CASES = [
    Case("cuhello", "TestPrint.test_cuhello", "print", sig="void()",
         args=lambda rng: [], griddim=2, blockdim=3),
    Case("printfloat", "TestPrint.test_printfloat", "print", sig="void()",
         args=lambda rng: []),
    Case("printbool", "TestPrint.test_bool", "print", sig="void(int64)",
         args=lambda rng: [0], name="printbool_0"),
    Case("printbool", "TestPrint.test_bool", "print", sig="void(int64)",
         args=lambda rng: [1], name="printbool_1"),
    Case("printstring", "TestPrint.test_string", "print", sig="void()",
         args=lambda rng: [], griddim=1, blockdim=3),
    Case("printdim3", "TestPrint.test_dim3", "print", sig="void()",
         args=lambda rng: [], griddim=1, blockdim=(2, 2, 2)),
    Case("printempty", "TestPrint.test_printempty", "print", sig="void()",
         args=lambda rng: []),
    # Skipped on the simulator upstream (it prints any number of items).
    Case("print_too_many", "TestPrint.test_too_many_args", "print",
         sig="void(int64[::1])", args=lambda rng: [np.arange(33)],
         reference=lambda r: {0: np.arange(33)}),
    # Skipped on the simulator upstream (bfloat16 on the host).
    Case("print_bfloat16", "TestPrint.test_bfloat16", "print", sig="void()",
         args=lambda rng: [], reference=lambda: {}),
    Case("print_tuple", "TestPrint.test_tuple", "print",
         sig="void(UniTuple(int64, 5))", args=lambda rng: [(1, 2, 3, 4, 5)],
         name="print_tuple_int64", reference=lambda t: {}),
    Case("print_tuple", "TestPrint.test_nested_mixed_type_tuple", "print",
         sig="void(Tuple(int64, Tuple(UniTuple(int64, 2), float64), UniTuple(int64, 1), int64))",
         args=lambda rng: [(1, ((2, 4), 3.0), (4,), 5)],
         name="print_tuple_nested_mixed", reference=lambda t: {}),
    Case("print_tuple", "TestPrint.test_single_element_tuple", "print",
         sig="void(UniTuple(int64, 1))", args=lambda rng: [(1,)],
         name="print_tuple_single", reference=lambda t: {}),
]
