# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_mandel.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the device function as upstream wrote it, lifted out of its test method.
from numba import cuda
from numba.cuda import float64, uint32


# TestCudaMandel.test_mandel (upstream: compile_ptx(mandel, args, device=True)
# with args = (uint32, float64, float64, float64, float64, uint32, uint32,
# uint32))
@cuda.jit(device=True)
def mandel(tid, min_x, max_x, min_y, max_y, width, height, iters):
    pixel_size_x = (max_x - min_x) / width
    pixel_size_y = (max_y - min_y) / height

    x = tid % width
    y = tid / width

    real = min_x + x * pixel_size_x
    imag = min_y + y * pixel_size_y

    c = complex(real, imag)
    z = 0.0j

    for i in range(iters):
        z = z * z + c
        if (z.real * z.real + z.imag * z.imag) >= 4:
            return i
    return iters


# Not upstream: upstream only compiles the device function (to PTX); this
# kernel calls it once per thread with the argument types upstream compiles
# it for (tid as uint32, the rest as the kernel's signature gives them).
@cuda.jit("void(uint32[::1], float64, float64, float64, float64, uint32, uint32, uint32)")
def mandel_kernel(out, min_x, max_x, min_y, max_y, width, height, iters):
    tid = cuda.grid(1)
    if tid < out.size:
        out[tid] = mandel(uint32(tid), min_x, max_x, min_y, max_y, width, height, iters)
