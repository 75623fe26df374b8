"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_vector_type.py (kernels/test_vector_type.py).

One case per vector type (numba.cuda.vector_types, 40 of them) in
test_creation_readout and test_fancy_creation_readout, kernel[1, 1](arr)
with arr = np.zeros(...); references are the arrays the tests assert
(assert_almost_equal). Not ported: test_vector_type_alias (a host-side
check that cuda.<alias> is cuda.<name>).
"""
import itertools

import numpy as np

from conformance import Case

PREFIXES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
            "float32", "float64")

# test_fancy_creation_readout's expected array, as upstream lists it
FANCY_EXPECTED = np.array([
    # 1-component vectors
    1, 1,
    # 2-component vectors
    2, 3, 1, 3, 2, 1, 1, 1, 2, 3,
    # 3-component vectors
    2, 3, 1, 2, 3, 1, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 1, 3, 1, 2, 1, 1, 1,
    3, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 3, 1,
    # 4-component vectors
    1, 2, 3, 4, 1, 2, 3, 4, 1, 1, 3, 4, 1, 2, 1, 4, 1, 2, 3, 1, 1, 1, 3, 4, 1, 2,
    1, 4, 1, 2, 3, 1, 1, 1, 1, 4, 1, 1, 3, 1, 1, 2, 1, 1, 1, 1, 1, 4, 1, 1, 3, 1,
    1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 2, 3, 2, 3, 1, 3, 2, 3, 2, 1, 2, 3,
    1, 1, 1, 2, 3, 3, 1, 2, 3, 3, 1, 2, 3, 1, 1, 2, 3, 1, 1, 4, 2, 3, 1, 4, 2, 3,
    1, 1, 2, 3, 1, 1, 2, 3, 2, 3, 2, 3, 2, 3, 1, 4, 2, 3, 1, 1, 4, 2, 3, 1, 1, 2,
    3, 1, 1, 2, 3, 4,
])

CASES = [
    Case("kernel", "TestCudaVectorType.test_basic", "tuples",
         args=lambda rng: [np.zeros(6, dtype=np.float64)],
         reference=lambda res: {0: np.array([1.0, 3.0, 5.0, 7.0, 10, 11])}),
]
for prefix, n in itertools.product(PREFIXES, (1, 2, 3, 4)):
    name = f"{prefix}x{n}"
    CASES.append(Case(
        f"kernel_{n}elem_{name}", "TestCudaVectorType.test_creation_readout", "tuples",
        sig="void(float64[::1])",
        args=lambda rng, n=n: [np.zeros((n,))],
        reference=lambda arr: {0: np.array(range(arr.size), dtype=np.float64)}))
for prefix, n in itertools.product(PREFIXES, (1, 2, 3, 4)):
    name = f"{prefix}x{n}"
    CASES.append(Case(
        f"fancy_kernel_{name}", "TestCudaVectorType.test_fancy_creation_readout", "tuples",
        sig="void(float64[::1])",
        args=lambda rng: [np.zeros(FANCY_EXPECTED.shape)],
        reference=lambda arr: {0: FANCY_EXPECTED.astype(np.float64)}))
