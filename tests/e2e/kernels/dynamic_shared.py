"""numba-cuda's dynamic shared memory: `cuda.shared.array(0, dtype)` (also
`(0,)`) has no size of its own; the launch gives its bytes (numba-cuda's 4th
launch parameter, `kernel[blocks, threads, stream, bytes]`; nvc-run
--shared-bytes) and its length is bytes // itemsize. Every such array of a
kernel and of the device functions it calls is the same memory, from its
start, next to (never overlapping) the kernel's static shared arrays."""
import numpy as np
from numba import cuda
from numba.cuda import int32, float32


# numba-cuda's tests/cudapy/test_sync.py, verbatim (signature from its
# test_dyn_shared_memory): launched as [1, 50, 0, 50 * 4].
@cuda.jit("void(float32[::1])")
def dyn_shared_memory(ary):
    i = cuda.grid(1)
    sm = cuda.shared.array(0, float32)
    sm[i] = i * 2
    cuda.syncthreads()
    ary[i] = sm[i]


@cuda.jit(device=True)
def reverse_block(sm, x, out, lens):
    """Each workgroup reverses its first len(sm) elements of x through sm."""
    t = cuda.threadIdx.x
    base = cuda.blockIdx.x * cuda.blockDim.x
    n = len(sm)
    if t < n and base + t < x.shape[0]:
        sm[t] = x[base + t]
    cuda.syncthreads()
    if t < n and base + t < out.shape[0]:
        out[base + t] = sm[n - 1 - t]
    if base + t == 0:
        lens[0] = n
        lens[1] = sm.shape[0]
        lens[2] = sm.size


# numba's dtype of the shared array must be a constant, so one kernel per
# dtype, all running the device function above, which knows the dynamic
# array only as a shared array argument.
@cuda.jit("void(float32[::1], float32[::1], int64[::1])")
def reverse_float32(x, out, lens):
    sm = cuda.shared.array(0, np.float32)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(float64[::1], float64[::1], int64[::1])")
def reverse_float64(x, out, lens):
    sm = cuda.shared.array((0,), np.float64)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(int32[::1], int32[::1], int64[::1])")
def reverse_int32(x, out, lens):
    sm = cuda.shared.array(0, int32)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(int64[::1], int64[::1], int64[::1])")
def reverse_int64(x, out, lens):
    sm = cuda.shared.array(0, np.int64)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(int16[::1], int16[::1], int64[::1])")
def reverse_int16(x, out, lens):
    sm = cuda.shared.array(0, np.int16)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(uint8[::1], uint8[::1], int64[::1])")
def reverse_uint8(x, out, lens):
    sm = cuda.shared.array(0, np.uint8)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(bool[::1], bool[::1], int64[::1])")
def reverse_bool(x, out, lens):
    sm = cuda.shared.array(0, np.bool_)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(complex64[::1], complex64[::1], int64[::1])")
def reverse_complex64(x, out, lens):
    sm = cuda.shared.array(0, np.complex64)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(complex128[::1], complex128[::1], int64[::1])")
def reverse_complex128(x, out, lens):
    sm = cuda.shared.array(0, np.complex128)
    reverse_block(sm, x, out, lens)


@cuda.jit("void(float32[::1], int32[::1], float32[::1])")
def static_and_dynamic(x, y, out):
    """A static and a dynamic shared array side by side: out[i] is the
    workgroup's x reversed plus its y rotated by one, so any overlap of the
    two arrays shows."""
    st = cuda.shared.array(128, np.float32)
    dy = cuda.shared.array(0, np.int32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    n = cuda.blockDim.x
    st[t] = x[i]
    dy[t] = y[i]
    cuda.syncthreads()
    out[i] = st[n - 1 - t] + np.float32(dy[(t + 1) % n])


@cuda.jit(device=True)
def store_in_dynamic(t, v):
    """A device function's dynamic shared array is the kernel's too."""
    d = cuda.shared.array(0, np.uint32)
    d[t] = v


@cuda.jit("void(uint32[::1], int32[::1], int32[::1])")
def aliased(x, out, lens):
    """Three names for the one dynamic array (uint32 in a device function,
    int32 here, twice): written through one, read through the others."""
    a = cuda.shared.array(0, np.int32)
    b = cuda.shared.array(0, np.int32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    n = cuda.blockDim.x
    store_in_dynamic(t, x[i])
    cuda.syncthreads()
    out[i] = a[n - 1 - t] - b[t]
    if i == 0:
        lens[0] = len(a)


@cuda.jit("void(int64[::1])")
def length_only(lens):
    """The array is never accessed, only its length read."""
    sm = cuda.shared.array(0, np.float64)
    lens[0] = len(sm)
