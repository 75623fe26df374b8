"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_optimization.py (kernels/test_optimization.py).

Results only: test_lazy_opt and test_lazy_noopt launch kernel_func[1, 1](x),
x = np.zeros(1), and then inspect its PTX (not ported); the launches are
ported (x[0] becomes 1). Not ported: test_eager_opt, test_eager_noopt,
test_device_opt, test_device_noopt (they compile and inspect PTX only, never
launching).
"""
import numpy as np

from conformance import Case

T = "TestOptimization."

CASES = [
    Case("kernel_func", T + "test_lazy_opt", "indexing", sig="void(float64[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.float64)],
         reference=lambda x: {0: np.ones(1)}),
    Case("kernel_func_noopt", T + "test_lazy_noopt", "indexing", sig="void(float64[::1])",
         args=lambda rng: [np.zeros(1, dtype=np.float64)],
         reference=lambda x: {0: np.ones(1)}),
]
