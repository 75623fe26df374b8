"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_constmem.py (kernels/test_constmem.py).

The PTX checks of test_const_array, test_const_array_2d and
test_const_array_3d (ld.const loads, off the simulator) are not ported; their
launches are. test_const_record and test_const_record_align compile with
.specialize(A, B, ...) of float64 / int64 zeros: the signatures are those.
"""
import numpy as np

from conformance import Case

C = "constant memory"
T = "TestCudaConstantMemory."

CONST1D = np.arange(10, dtype=np.float64) / 2.0
CONST2D = np.asfortranarray(np.arange(100, dtype=np.int32).reshape(10, 10))
CONST3D = (np.arange(5 * 5 * 5, dtype=np.complex64).reshape(5, 5, 5) + 1j) / 2j

CASES = [
    Case("cuconst", T + "test_const_array", C, sig="void(float64[:])",
         args=lambda rng: [np.zeros_like(CONST1D)], griddim=2, blockdim=5),
    Case("cuconstEmpty", T + "test_const_empty", C, sig="void(int64[:])",
         args=lambda rng: [np.full(1, fill_value=-1, dtype=np.int64)]),
    Case("cuconstAlign", T + "test_const_align", C, sig="void(float64[:])",
         args=lambda rng: [np.full(3, fill_value=np.nan, dtype=float)], griddim=1, blockdim=3),
    Case("cuconst2d", T + "test_const_array_2d", C, sig="void(int32[:, :])",
         args=lambda rng: [np.zeros_like(CONST2D, order="C")], griddim=(2, 2), blockdim=(5, 5)),
    Case("cuconst3d", T + "test_const_array_3d", C, sig="void(complex64[:, :, :])",
         args=lambda rng: [np.zeros_like(CONST3D, order="F")], griddim=1, blockdim=(5, 5, 5)),
    Case("cuconstRecEmpty", T + "test_const_record_empty", "records", sig="void(int64[:])",
         args=lambda rng: [np.full(1, fill_value=-1, dtype=np.int64)]),
    Case("cuconstRec", T + "test_const_record", "records",
         sig="void(float64[::1], int64[::1])",
         args=lambda rng: [np.zeros(2, dtype=float), np.zeros(2, dtype=int)],
         griddim=2, blockdim=1),
    Case("cuconstRecAlign", T + "test_const_record_align", "records",
         sig="void(float64[::1], float64[::1], float64[::1], float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(2, dtype=np.float64) for _ in range(5)],
         griddim=2, blockdim=1),
]
