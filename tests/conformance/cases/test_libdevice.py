"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_libdevice.py (kernels/test_libdevice.py).

TestLibdevice is skipped on the simulator (no libdevice there): the
references are what the tests assert. Not ported: TestLibdeviceCompilation
(one generated test per libdevice function that compiles a call with
compile_ptx and checks the PTX for ld.param / st.global: PTX inspection).
"""
import numpy as np

from conformance import Case

CASES = [
    # cufunc[4, 32](sres, cres, arr); assert_allclose with NumPy's sin and cos
    # (no tolerance stated: the suite's default)
    Case("use_sincos", "TestLibdevice.test_sincos", "math",
         sig="void(float64[::1], float64[::1], float64[::1])",
         args=lambda rng: [np.zeros(100), np.zeros(100), np.arange(100, dtype=np.float64)],
         griddim=4, blockdim=32,
         reference=lambda s, c, x: {0: np.sin(x), 1: np.cos(x), 2: x}),
    # asserts np.frexp exactly
    Case("use_frexp", "TestLibdevice.test_frexp", "math",
         sig="void(float64[::1], int32[::1], float64[::1])",
         args=lambda rng: [np.zeros(100), np.zeros(100, dtype=np.int32),
                           np.linspace(start=1.0, stop=10.0, num=100, dtype=np.float64)],
         griddim=4, blockdim=32, rtol=0.0,
         reference=lambda f, e, x: {0: np.frexp(x)[0], 1: np.frexp(x)[1].astype(np.int32), 2: x}),
    # asserts np.abs(x - y) + z exactly
    Case("use_sad", "TestLibdevice.test_sad", "integers",
         sig="void(int64[::1], int64[::1], int64[::1], int64[::1])",
         args=lambda rng: [np.zeros(100, dtype=np.int64), np.arange(0, 200, 2),
                           np.arange(50, 150), np.arange(15, 115)],
         griddim=4, blockdim=32,
         reference=lambda r, x, y, z: {0: np.abs(x - y) + z, 1: x, 2: y, 3: z}),
]
