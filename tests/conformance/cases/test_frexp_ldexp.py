"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_frexp_ldexp.py (kernels/test_frexp_ldexp.py).

Each template launches the kernel three times (3.1415 or 0.785375, inf,
nan); one case per launch, with the values upstream asserts (exactly):
frexp(inf) and frexp(nan) give exponent 0 as numba-cuda does (NumPy's
frexp gives -1).
"""
import numpy as np

from conformance import Case

CASES = []
for nptype, ty, test in ((np.float32, "float32", "f4"), (np.float64, "float64", "f8")):
    for label, arg, frac, exp in (("pi", 3.1415, 0.785375, 2), ("inf", np.inf, np.inf, 0),
                                  ("nan", np.nan, np.nan, 0)):
        CASES.append(Case(
            "simple_frexp", "TestCudaFrexpLdexp.test_frexp_" + test, "math",
            name=f"simple_frexp__{ty}_{label}", sig=f"void({ty}[:], int32[:], {ty})",
            args=lambda rng, nptype=nptype, arg=arg: [np.zeros(1, dtype=nptype),
                                                      np.zeros(1, dtype=np.int32), arg],
            rtol=0.0,
            reference=lambda x, e, a, nptype=nptype, frac=frac, exp=exp: {
                0: np.array([nptype(frac)]), 1: np.array([exp], dtype=np.int32)}))
    for label, arg, want in (("pi", 0.785375, 3.1415), ("inf", np.inf, np.inf),
                             ("nan", np.nan, np.nan)):
        CASES.append(Case(
            "simple_ldexp", "TestCudaFrexpLdexp.test_ldexp_" + test, "math",
            name=f"simple_ldexp__{ty}_{label}", sig=f"void({ty}[:], {ty}, int32)",
            args=lambda rng, nptype=nptype, arg=arg: [np.zeros(1, dtype=nptype), arg, 2],
            rtol=0.0,
            reference=lambda x, a, e, nptype=nptype, want=want: {0: np.array([nptype(want)])}))
