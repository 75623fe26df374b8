"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_reduction.py (kernels/test_reduction.py).

The tests call cuda.Reduce / cuda.reduce objects (a binary function that
numba-cuda turns into reduction kernels, numba_cuda/numba/cuda/kernels/
reduction.py): `got = sum_reduce(A, init=..., res=...)`. Each case calls the
reduction (Case.call "cuda_reduce", nvc-run --reduce) with the array, a
one-element result array (as res=) and init where the test gives one, and the reference
is the value the test asserts (A.sum(), A.prod(), A.max(), plus init), in
the result array. Sizes are upstream's for the GPU (the simulator, which
only wraps functools.reduce, tests 1 and 16).

Not ported: test_empty_array_device (test_empty_array_host's reduction of an
empty array, with the array copied to the device first: host API).
"""
import numpy as np

from conformance import Case


def arange1(n):
    return np.arange(n, dtype=np.float64) + 1


def expect(value):
    # The value the test asserts, a function of A (and init).
    return lambda A, res, *init: {0: A, 1: np.array([value(A, *init)])}


SUM_SIZES = [1, 15, 16, 17, 127, 128, 129, 1023, 1024, 1025, 1536, 1048576, 1049600,
             1049728, 34567]

CASES = []
for n in SUM_SIZES:
    CASES.append(Case("sum_reduce", "TestReduction.test_sum_reduce", "reductions", call="cuda_reduce",
                      args=lambda rng, n=n: [arange1(n), np.zeros(1)],
                      reference=expect(lambda A: A.sum()), name=f"sum_reduce__{n}"))

CASES += [
    Case("sum_reduce", "TestReduction.test_empty_array_host", "reductions", call="cuda_reduce",
         args=lambda rng: [arange1(0), np.zeros(1)],
         reference=expect(lambda A: A.sum()), name="sum_reduce__empty"),
    Case("prod_reduce", "TestReduction.test_prod_reduce", "reductions", call="cuda_reduce",
         args=lambda rng: [arange1(64), np.zeros(1), 1],
         reference=expect(lambda A, init: A.prod()), rtol=1e-7),  # assert_allclose
    Case("max_reduce", "TestReduction.test_max_reduce", "reductions", call="cuda_reduce",
         args=lambda rng: [arange1(3717), np.zeros(1), 0],
         reference=expect(lambda A, init: A.max())),
    Case("sum_reduce", "TestReduction.test_non_identity_init", "reductions", call="cuda_reduce",
         args=lambda rng: [arange1(10), np.zeros(1), 3],
         reference=expect(lambda A, init: A.sum() + init), name="sum_reduce__init"),
    Case("sum_reduce", "TestReduction.test_result_on_device", "reductions", call="cuda_reduce",
         args=lambda rng: [arange1(10), np.zeros(1, dtype=np.float64)],
         reference=expect(lambda A: A.sum()), name="sum_reduce__res"),
]
