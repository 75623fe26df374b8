# Arrays of structured dtypes (004_…txt "Structured arrays"): fields of every
# type in packed and aligned layouts, sub-word fields written by neighbouring
# invocations at once, records in variables and device functions, record
# copies, array fields, views of record arrays and single record arguments.
import numpy as np
from numba import cuda
import numba_vulkan as nv

# 004_…txt's example, verbatim but for the signature.
particle = np.dtype([("x", "f4"), ("v", "f4"), ("alive", "?")])


@nv.jit("void(particle[:], float32)")
def step(p, dt):
    i = nv.global_id(0)
    if i < p.shape[0] and p[i].alive:
        p[i].x += p[i].v * dt
        if p[i].x > 100:
            p[i]["alive"] = False


# Five fields in 9 bytes: every word holds bytes of two records.
tight = np.dtype([("a", "u1"), ("b", "i2"), ("c", "u1"), ("d", "f4"), ("e", "?")])


# Packed records with fields at odd offsets: numba-vulkan's (@nv.jit);
# numba-cuda refuses them ("type int16 is not aligned").
@nv.jit("void(tight[:], int32[:])", narrow=False)
def scatter_fields(p, src):
    # Invocation i writes field i % 5 of record i // 5: all fields of all
    # records are written at once by different invocations.
    i = nv.global_id(0)
    if i < src.shape[0]:
        r = p[i // 5]
        k = i % 5
        v = src[i]
        if k == 0:
            r.a = v
        elif k == 1:
            r.b = v
        elif k == 2:
            r.c = v
        elif k == 3:
            r.d = v * 0.5
        else:
            r.e = v % 2 == 1


FIELDS = [("f_bool", "?"), ("f_i1", "i1"), ("f_u2", "u2"), ("f_i4", "i4"), ("f_u1", "u1"),
          ("f_i8", "i8"), ("f_f4", "f4"), ("f_i2", "i2"), ("f_f8", "f8"), ("f_u4", "u4"),
          ("f_c8", "c8"), ("f_u8", "u8"), ("f_h", "f2"), ("f_c16", "c16")]
packed = np.dtype(FIELDS)
aligned = np.dtype(FIELDS, align=True)


@cuda.jit(device=True)
def update(r, k):
    # Every field read, changed, written back; k is an int64.
    r.f_bool = not r.f_bool
    r.f_i1 = r.f_i1 + 3
    r.f_u2 = r.f_u2 * 3
    r.f_i4 = r.f_i4 - k
    r.f_u1 += 7
    r.f_i8 = r.f_i8 * 5 + k
    r.f_f4 = r.f_f4 * 1.5
    r["f_i2"] = r["f_i2"] ^ 0x5555
    r.f_f8 = r.f_f8 / 3.0
    r.f_u4 = r.f_u4 + 1
    r.f_c8 = r.f_c8 * 2j
    r.f_u8 = r.f_u8 // 3
    r.f_h = r.f_h * 2
    r.f_c16 = r.f_c16.conjugate()


# One kernel for both layouts: all_fields (packed, fields at odd offsets)
# and all_fields__1 (aligned).
@nv.jit(["void(packed[:], float64[:, :])", "void(aligned[:], float64[:, :])"], narrow=False)
def all_fields(p, out):
    i = nv.global_id(0)
    if i < p.shape[0]:
        r = p[i]
        out[i, 0] = r.f_bool
        out[i, 1] = r.f_i1
        out[i, 2] = r.f_u2
        out[i, 3] = r.f_i4
        out[i, 4] = r.f_u1
        out[i, 5] = r.f_i8
        out[i, 6] = r.f_f4
        out[i, 7] = r.f_i2
        out[i, 8] = r.f_f8
        out[i, 9] = r.f_u4
        out[i, 10] = r.f_c8.imag
        out[i, 11] = r.f_u8 % 1000
        out[i, 12] = r.f_h
        out[i, 13] = r.f_c16.real
        update(r, i)


# Records in 2-d arrays, views, copies and array fields.
cell = np.dtype([("id", "i4"), ("w", "f4", 3), ("m", "i2", (2, 2))], align=True)


@cuda.jit("void(cell[:, :], cell[:], float32[:])")
def cells(grid, row, acc):
    i, j = cuda.grid(2)
    if i < grid.shape[0] and j < grid.shape[1]:
        c = grid[i, j]
        acc[i * grid.shape[1] + j] = c.w[0] + c.w[1] * c.w[2] + c.m[1, 0]
        c.m[0, 1] = c.id
        c["w"][2] = -c.w[2]
        if i == 0:
            row[j] = c          # a whole record copied, array fields too
            row[j].id += 1000


@cuda.jit("void(particle[:], particle[:])")
def reversed_view(src, dst):
    # dst gets src's records in reverse order, through a view of step -2.
    i = cuda.grid(1)
    back = src[::-2]
    if i < back.shape[0]:
        dst[i] = back[i]


@cuda.jit("void(Record(x[type=float32;offset=0],v[type=float32;offset=4],alive[type=bool;offset=8];9;False), float32[:])")
def one_record(r, out):
    # A single record argument (Numba's Record parameter): read and written.
    if cuda.grid(1) == 0:
        out[0] = r.x + r.v
        r.x = 42.0
        r.alive = not r.alive



@cuda.jit(device=True)
def last(p):
    # A record returned by a device function refers to the array's element.
    return p[p.shape[0] - 1]


@cuda.jit("void(particle[:])")
def bump_last(p):
    if cuda.grid(1) == 0:
        r = last(p)
        r.x += 1.0
        last(p).v = 7.0
