# Kernels for the C++ header test (tests/header/header_test.cpp): every scalar
# dtype, read-only and written arrays of several ranks and layouts, a kernel
# with two signatures, names that are C++ keywords or the generated code's
# own, a float32 kernel (which has module variants), and a kernel that raises.
import numpy as np
from numba import cuda


@cuda.jit("void(int8, uint16, int64, boolean, float64, complex64, complex128, float64[::1])")
def scalars(i8, u16, i64, flag, f64, c64, c128, out):
    if cuda.grid(1) == 0:
        out[0] = i8
        out[1] = u16
        out[2] = i64
        out[3] = 1.0 if flag else 0.0
        out[4] = f64
        out[5] = c64.real
        out[6] = c64.imag
        out[7] = c128.real
        out[8] = c128.imag


# Two signatures: C++ overloads chosen by the argument types.
@cuda.jit(["void(float32[::1], float32[::1])", "void(int32[::1], int32[::1])"])
def twice(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] * 2


# A 2-D C array read, a 2-D array of any layout written; parameters named as
# C++ keywords and the header's own names.
@cuda.jit("void(float64[:, ::1], float64[:, :], int32)")
def transpose_add(new, config, std):
    i, j = cuda.grid(2)
    if i < config.shape[0] and j < config.shape[1]:
        config[i, j] = new[j, i] + std


# A kernel named as the header's accessor, with a complex array.
@cuda.jit("void(complex128[::1])")
def kernel(z):
    i = cuda.grid(1)
    if i < z.shape[0]:
        z[i] = z[i] * 1j


@cuda.jit("void(float32[::1])")
def checked_sqrt(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        if x[i] < 0:
            raise ValueError("negative input")
        x[i] = np.float32(np.sqrt(x[i]))


# Names the header must not let collide: a kernel named as the header's data
# (kManifest), parameters named as C macros (EOF, errno), a raise message
# with trigraphs (??= ...) in the embedded manifest.
@cuda.jit("void(int32, int32, float64[::1])")
def kManifest(EOF, errno, out):
    if EOF < 0:
        raise ValueError("negative??= EOF??!")
    out[0] = EOF * 10 + errno


# float16: arrays of nvc::rt::Half, a float16 scalar given as a float.
@cuda.jit("void(float16[::1], float16[::1], float16)")
def halves(x, out, s):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] * s


# Arrays of records: bytes (ArrayRef<std::uint8_t>) of the structs the header
# declares; a packed record written, an aligned one with an array field only
# read (ArrayRef<const std::uint8_t>), and a single record.
particle = np.dtype([("x", "f4"), ("v", "f4"), ("alive", "?")])
cell = np.dtype([("id", "i2"), ("w", "f8", (2,)), ("z", "c8")], align=True)


@cuda.jit("void(particle[:], float32)")
def step(p, dt):
    i = cuda.grid(1)
    if i < p.shape[0] and p[i].alive:
        p[i].x += p[i].v * dt


@cuda.jit("void(cell[::1], float64[::1])")
def weigh(cells, out):
    i = cuda.grid(1)
    if i < cells.shape[0]:
        c = cells[i]
        out[i] = c.w[0] * c.id + c.w[1] + c.z.imag


@cuda.jit("void(Record(x[type=float32;offset=0],v[type=float32;offset=4],alive[type=bool;offset=8];9;False), float32[::1])")
def one_particle(r, out):
    if cuda.grid(1) == 0:
        out[0] = r.x * r.v
