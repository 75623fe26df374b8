"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_flow_control.py (kernels/test_flow_control.py).

One case per launch of TestFlowControl.run_test: each (x, y) of the operands'
product (res1 and res2 are always [0]). The *_npm tests call the same test
again and add no launch. test_for_loop8 (an expected failure upstream: at
x = 1, y = 0 range()'s step is 0, which Python refuses and the kernel does
not) gives the three launches it checks before that one.

Not ported: TestCFGraph and TestRealCodeDomFront (numba's control-flow
analysis classes, host-only).
"""
import itertools

from conformance import Case

SIG = "(intp, intp, intp, intp)"
RUNS = [
    ("for_loop_usecase1", "test_for_loop1", [-10, 0, 10], [0]),
    ("for_loop_usecase2", "test_for_loop2", [-10, 0, 10], [-10, 0, 10]),
    ("for_loop_usecase4", "test_for_loop4", [10], [10]),
    ("for_loop_usecase5", "test_for_loop5", [100], [50]),
    ("for_loop_usecase6", "test_for_loop6", [100], [50]),
    ("for_loop_usecase7", "test_for_loop7", [5], [0]),
    ("for_loop_usecase8", "test_for_loop8", [0], [0, 2, 10]),
    ("for_loop_usecase9", "test_for_loop9", [0, 1], [0, 2, 10]),
    ("for_loop_usecase10", "test_for_loop10", [5], [2, 7]),
    ("while_loop_usecase1", "test_while_loop1", [10], [0]),
    ("while_loop_usecase2", "test_while_loop2", [10], [0]),
    ("while_loop_usecase3", "test_while_loop3", [10], [10]),
    ("while_loop_usecase4", "test_while_loop4", [10], [0]),
    ("while_loop_usecase5", "test_while_loop5", [0, 5, 10], [0, 5, 10]),
    ("ifelse_usecase1", "test_ifelse1", [-1, 0, 1], [-1, 0, 1]),
    ("ifelse_usecase2", "test_ifelse2", [-1, 0, 1], [-1, 0, 1]),
    ("ifelse_usecase3", "test_ifelse3", [-1, 0, 1], [-1, 0, 1]),
    ("ifelse_usecase4", "test_ifelse4", [-1, 0, 1], [-1, 0, 1]),
    ("ternary_ifelse_usecase1", "test_ternary_ifelse1", [-1, 0, 1], [-1, 0, 1]),
    ("double_infinite_loop", "test_double_infinite_loop", [10], [0]),
]


def label(v):
    return f"m{-v}" if v < 0 else str(v)


CASES = [
    Case(fn, "TestFlowControl." + test, "control flow", sig=SIG,
         name=f"{fn}__{label(x)}_{label(y)}",
         args=lambda rng, x=x, y=y: [x, y, 0, 0])
    for fn, test, xs, ys in RUNS
    for x, y in itertools.product(xs, ys)
]
