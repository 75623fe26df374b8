"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_print.py (kernels/test_print.py).

Each case checks the lines the launch prints (in any order, as upstream
sorts them), which nvc formats as Python's print (docs/language.md
"Printing"): where upstream accepts numba.cuda's "%f" or Python's form
(test_printfloat: "34.750000" or "34.75") nvc gives Python's.
test_too_many_args: upstream expects CUDA's printf limit of 32 items (the
raw format string and a warning); nvc has no such limit and prints the 33
values, which is what the test's kernel asks for.
"""
import numpy as np

from conformance import Case

CASES = [
    Case("cuhello", "TestPrint.test_cuhello", "print", sig="void()",
         args=lambda rng: [], griddim=2, blockdim=3,
         prints=["-42"] * 6 + ["%d 999" % i for i in range(6)]),
    Case("printfloat", "TestPrint.test_printfloat", "print", sig="void()",
         args=lambda rng: [], prints=["0 23 34.75 321"]),
    Case("printbool", "TestPrint.test_bool", "print", sig="void(int64)",
         args=lambda rng: [0], name="printbool_0", prints=["True", "False", "True"]),
    Case("printbool", "TestPrint.test_bool", "print", sig="void(int64)",
         args=lambda rng: [1], name="printbool_1", prints=["True", "False", "False"]),
    Case("printstring", "TestPrint.test_string", "print", sig="void()",
         args=lambda rng: [], griddim=1, blockdim=3,
         prints=["%d hop! 999" % i for i in range(3)]),
    Case("printdim3", "TestPrint.test_dim3", "print", sig="void()",
         args=lambda rng: [], griddim=1, blockdim=(2, 2, 2),
         prints=[str(i) for i in np.ndindex(2, 2, 2)]),
    Case("printempty", "TestPrint.test_printempty", "print", sig="void()",
         args=lambda rng: [], prints=[""]),
    # Skipped on the simulator upstream (it prints any number of items).
    Case("print_too_many", "TestPrint.test_too_many_args", "print",
         sig="void(int64[::1])", args=lambda rng: [np.arange(33)],
         reference=lambda r: {0: np.arange(33)},
         prints=[" ".join(str(i) for i in range(33))]),
    # Skipped on the simulator upstream (bfloat16 on the host).
    Case("print_bfloat16", "TestPrint.test_bfloat16", "print", sig="void()",
         args=lambda rng: [], reference=lambda: {}, prints=["0.9375 0.9375 0.9375"]),
    Case("print_tuple", "TestPrint.test_tuple", "print",
         sig="void(UniTuple(int64, 5))", args=lambda rng: [(1, 2, 3, 4, 5)],
         name="print_tuple_int64", reference=lambda t: {}, prints=["(1, 2, 3, 4, 5)"]),
    Case("print_tuple", "TestPrint.test_nested_mixed_type_tuple", "print",
         sig="void(Tuple(int64, Tuple(UniTuple(int64, 2), float64), UniTuple(int64, 1), int64))",
         args=lambda rng: [(1, ((2, 4), 3.0), (4,), 5)],
         name="print_tuple_nested_mixed", reference=lambda t: {},
         prints=["(1, ((2, 4), 3.0), (4,), 5)"]),
    Case("print_tuple", "TestPrint.test_single_element_tuple", "print",
         sig="void(UniTuple(int64, 1))", args=lambda rng: [(1,)],
         name="print_tuple_single", reference=lambda t: {}, prints=["(1,)"]),
]
