"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_minmax.py (kernels/test_minmax.py).

TestCudaMinMax._run: c = np.zeros(5), a = np.arange(5, dtype_left) + 0.5,
b = np.full(5, 2, dtype_right), kernel[1, c.shape](a, b, c); asserts
assert_allclose(c, np.maximum/np.minimum(a, b)) (the reference). The PTX
check that follows (max.f64 / min.f32 ...) is not ported.
"""
import numpy as np

from conformance import Case

N = 5
NB = {np.float32: "float32", np.float64: "float64"}
SHORT = {np.float32: "f4", np.float64: "f8"}
CASES = []
for kernel, npfunc in (("builtin_max", np.maximum), ("builtin_min", np.minimum)):
    for left, right in ((np.float64, np.float64), (np.float32, np.float64),
                        (np.float64, np.float32), (np.float32, np.float32)):
        what = kernel[8:] + "_" + SHORT[left] + SHORT[right]
        CASES.append(Case(
            kernel, "TestCudaMinMax.test_" + what, "arithmetic", name=what,
            sig=f"void({NB[left]}[::1], {NB[right]}[::1], float64[::1])",
            args=lambda rng, left=left, right=right: [
                np.arange(N, dtype=left) + 0.5, np.full(N, fill_value=2, dtype=right),
                np.zeros(N, dtype=np.float64)],
            griddim=1, blockdim=N,
            reference=lambda a, b, c, npfunc=npfunc: {0: a, 1: b, 2: npfunc(a, b).astype(np.float64)}))
