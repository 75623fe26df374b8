"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_mandel.py (kernels/test_mandel.py).

TestCudaMandel.test_mandel only compiles the device function `mandel` for
(uint32, float64, float64, float64, float64, uint32, uint32, uint32) with
compile_ptx. The case launches it through a small kernel (not upstream's)
over a 48 x 32 image of the Mandelbrot set, 100 iterations at most, with
the simulator's result as the reference.
"""
import numpy as np

from conformance import Case, empty

W, H = 48, 32

CASES = [
    Case("mandel_kernel", "TestCudaMandel.test_mandel", "complex",
         args=lambda rng: [empty(W * H, np.uint32), -2.0, 1.0, -1.0, 1.0,
                           np.uint32(W), np.uint32(H), np.uint32(100)],
         griddim=(W * H + 127) // 128, blockdim=128),
]
