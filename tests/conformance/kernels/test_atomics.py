# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_atomics.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Upstream compiles the module-level functions with cuda.jit(SIG)(fn) or
# cuda.jit(fn) in its tests; here they carry @cuda.jit and the cases give SIG.
import numpy as np

from numba import cuda
from numba.cuda import uint32, uint64, float32, float64, int32


@cuda.jit(device=True)
def atomic_cast_to_uint64(num):
    return uint64(num)


@cuda.jit(device=True)
def atomic_cast_to_int(num):
    return int(num)


@cuda.jit(device=True)
def atomic_cast_none(num):
    return num


@cuda.jit(device=True)
def atomic_binary_1dim_shared(
    ary,
    idx,
    op2,
    ary_dtype,
    ary_nelements,
    binop_func,
    cast_func,
    initializer,
    neg_idx,
):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(ary_nelements, ary_dtype)
    sm[tid] = initializer
    cuda.syncthreads()
    bin = cast_func(idx[tid] % ary_nelements)
    if neg_idx:
        bin = bin % ary_nelements
    binop_func(sm, bin, op2)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit(device=True)
def atomic_binary_1dim_shared2(
    ary, idx, op2, ary_dtype, ary_nelements, binop_func, cast_func
):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(ary_nelements, ary_dtype)
    sm[tid] = ary[tid]
    cuda.syncthreads()
    bin = cast_func(idx[tid] % ary_nelements)
    binop_func(sm, bin, op2)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit(device=True)
def atomic_binary_2dim_shared(
    ary, op2, ary_dtype, ary_shape, binop_func, y_cast_func, neg_idx
):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm = cuda.shared.array(ary_shape, ary_dtype)
    sm[tx, ty] = ary[tx, ty]
    cuda.syncthreads()
    bin = (tx, y_cast_func(ty))
    if neg_idx:
        bin = (bin[0] % ary_shape[0], bin[1] % ary_shape[1])
    binop_func(sm, bin, op2)
    cuda.syncthreads()
    ary[tx, ty] = sm[tx, ty]


@cuda.jit(device=True)
def atomic_binary_2dim_global(ary, op2, binop_func, y_cast_func, neg_idx):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bin = (tx, y_cast_func(ty))
    if neg_idx:
        bin = (bin[0] % ary.shape[0], bin[1] % ary.shape[1])
    binop_func(ary, bin, op2)


@cuda.jit(device=True)
def atomic_binary_1dim_global(
    ary, idx, ary_nelements, op2, binop_func, neg_idx
):
    tid = cuda.threadIdx.x
    bin = int(idx[tid] % ary_nelements)
    if neg_idx:
        bin = bin % ary_nelements
    binop_func(ary, bin, op2)


# TestCudaAtomics.test_atomic_add
@cuda.jit
def atomic_add(ary):
    atomic_binary_1dim_shared(
        ary, ary, 1, uint32, 32, cuda.atomic.add, atomic_cast_none, 0, False
    )


# TestCudaAtomics.test_atomic_add
@cuda.jit
def atomic_add_wrap(ary):
    atomic_binary_1dim_shared(
        ary, ary, 1, uint32, 32, cuda.atomic.add, atomic_cast_none, 0, True
    )


# TestCudaAtomics.test_atomic_add2
@cuda.jit
def atomic_add2(ary):
    atomic_binary_2dim_shared(
        ary, 1, uint32, (4, 8), cuda.atomic.add, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_add2
@cuda.jit
def atomic_add2_wrap(ary):
    atomic_binary_2dim_shared(
        ary, 1, uint32, (4, 8), cuda.atomic.add, atomic_cast_none, True
    )


# TestCudaAtomics.test_atomic_add3
@cuda.jit
def atomic_add3(ary):
    atomic_binary_2dim_shared(
        ary, 1, uint32, (4, 8), cuda.atomic.add, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_add_float
@cuda.jit
def atomic_add_float(ary):
    atomic_binary_1dim_shared(
        ary,
        ary,
        1.0,
        float32,
        32,
        cuda.atomic.add,
        atomic_cast_to_int,
        0.0,
        False,
    )


# TestCudaAtomics.test_atomic_add_float
@cuda.jit
def atomic_add_float_wrap(ary):
    atomic_binary_1dim_shared(
        ary,
        ary,
        1.0,
        float32,
        32,
        cuda.atomic.add,
        atomic_cast_to_int,
        0.0,
        True,
    )


# TestCudaAtomics.test_atomic_add_float_2
@cuda.jit
def atomic_add_float_2(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float32, (4, 8), cuda.atomic.add, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_add_float_2
@cuda.jit
def atomic_add_float_2_wrap(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float32, (4, 8), cuda.atomic.add, atomic_cast_none, True
    )


# TestCudaAtomics.test_atomic_add_float_3
@cuda.jit
def atomic_add_float_3(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float32, (4, 8), cuda.atomic.add, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_add_double_global
@cuda.jit
def atomic_add_double_global(idx, ary):
    atomic_binary_1dim_global(ary, idx, 32, 1.0, cuda.atomic.add, False)


# TestCudaAtomics.test_atomic_add_double_global
@cuda.jit
def atomic_add_double_global_wrap(idx, ary):
    atomic_binary_1dim_global(ary, idx, 32, 1.0, cuda.atomic.add, True)


# TestCudaAtomics.test_atomic_add_double_global_2
@cuda.jit
def atomic_add_double_global_2(ary):
    atomic_binary_2dim_global(ary, 1, cuda.atomic.add, atomic_cast_none, False)


# TestCudaAtomics.test_atomic_add_double_global_2
@cuda.jit
def atomic_add_double_global_2_wrap(ary):
    atomic_binary_2dim_global(ary, 1, cuda.atomic.add, atomic_cast_none, True)


# TestCudaAtomics.test_atomic_add_double_global_3
@cuda.jit
def atomic_add_double_global_3(ary):
    atomic_binary_2dim_global(
        ary, 1, cuda.atomic.add, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_add_double
@cuda.jit
def atomic_add_double(idx, ary):
    atomic_binary_1dim_shared(
        ary,
        idx,
        1.0,
        float64,
        32,
        cuda.atomic.add,
        atomic_cast_none,
        0.0,
        False,
    )


# TestCudaAtomics.test_atomic_add_double
@cuda.jit
def atomic_add_double_wrap(idx, ary):
    atomic_binary_1dim_shared(
        ary, idx, 1.0, float64, 32, cuda.atomic.add, atomic_cast_none, 0.0, True
    )


# TestCudaAtomics.test_atomic_add_double_2
@cuda.jit
def atomic_add_double_2(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.add, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_add_double_2
@cuda.jit
def atomic_add_double_2_wrap(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.add, atomic_cast_none, True
    )


# TestCudaAtomics.test_atomic_add_double_3
@cuda.jit
def atomic_add_double_3(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.add, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_sub
@cuda.jit
def atomic_sub(ary):
    atomic_binary_1dim_shared(
        ary, ary, 1, int32, 32, cuda.atomic.sub, atomic_cast_none, 0, False
    )


# TestCudaAtomics.test_atomic_sub2
@cuda.jit
def atomic_sub2(ary):
    atomic_binary_2dim_shared(
        ary, 1, int32, (4, 8), cuda.atomic.sub, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_sub3
@cuda.jit
def atomic_sub3(ary):
    atomic_binary_2dim_shared(
        ary, 1, int32, (4, 8), cuda.atomic.sub, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_sub_float
@cuda.jit
def atomic_sub_float(ary):
    atomic_binary_1dim_shared(
        ary,
        ary,
        1.0,
        float32,
        32,
        cuda.atomic.sub,
        atomic_cast_to_int,
        0.0,
        False,
    )


# TestCudaAtomics.test_atomic_sub_float_2
@cuda.jit
def atomic_sub_float_2(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float32, (4, 8), cuda.atomic.sub, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_sub_float_3
@cuda.jit
def atomic_sub_float_3(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float32, (4, 8), cuda.atomic.sub, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_sub_double
@cuda.jit
def atomic_sub_double(idx, ary):
    atomic_binary_1dim_shared(
        ary,
        idx,
        1.0,
        float64,
        32,
        cuda.atomic.sub,
        atomic_cast_none,
        0.0,
        False,
    )


# TestCudaAtomics.test_atomic_sub_double_2
@cuda.jit
def atomic_sub_double_2(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.sub, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_sub_double_3
@cuda.jit
def atomic_sub_double_3(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.sub, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_sub_double_global
@cuda.jit
def atomic_sub_double_global(idx, ary):
    atomic_binary_1dim_global(ary, idx, 32, 1.0, cuda.atomic.sub, False)


# TestCudaAtomics.test_atomic_sub_double_global_2
@cuda.jit
def atomic_sub_double_global_2(ary):
    atomic_binary_2dim_global(
        ary, 1.0, cuda.atomic.sub, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_sub_double_global_3
@cuda.jit
def atomic_sub_double_global_3(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.sub, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_and
@cuda.jit
def atomic_and(ary, op2):
    atomic_binary_1dim_shared(
        ary, ary, op2, uint32, 32, cuda.atomic.and_, atomic_cast_none, 1, False
    )


# TestCudaAtomics.test_atomic_and2
@cuda.jit
def atomic_and2(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.and_, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_and3
@cuda.jit
def atomic_and3(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.and_, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_and_global
@cuda.jit
def atomic_and_global(idx, ary, op2):
    atomic_binary_1dim_global(ary, idx, 32, op2, cuda.atomic.and_, False)


# TestCudaAtomics.test_atomic_and_global_2
@cuda.jit
def atomic_and_global_2(ary, op2):
    atomic_binary_2dim_global(
        ary, op2, cuda.atomic.and_, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_or
@cuda.jit
def atomic_or(ary, op2):
    atomic_binary_1dim_shared(
        ary, ary, op2, uint32, 32, cuda.atomic.or_, atomic_cast_none, 0, False
    )


# TestCudaAtomics.test_atomic_or2
@cuda.jit
def atomic_or2(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.or_, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_or3
@cuda.jit
def atomic_or3(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.or_, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_or_global
@cuda.jit
def atomic_or_global(idx, ary, op2):
    atomic_binary_1dim_global(ary, idx, 32, op2, cuda.atomic.or_, False)


# TestCudaAtomics.test_atomic_or_global_2
@cuda.jit
def atomic_or_global_2(ary, op2):
    atomic_binary_2dim_global(
        ary, op2, cuda.atomic.or_, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_xor
@cuda.jit
def atomic_xor(ary, op2):
    atomic_binary_1dim_shared(
        ary, ary, op2, uint32, 32, cuda.atomic.xor, atomic_cast_none, 0, False
    )


# TestCudaAtomics.test_atomic_xor2
@cuda.jit
def atomic_xor2(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.xor, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_xor3
@cuda.jit
def atomic_xor3(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.xor, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_xor_global
@cuda.jit
def atomic_xor_global(idx, ary, op2):
    atomic_binary_1dim_global(ary, idx, 32, op2, cuda.atomic.xor, False)


# TestCudaAtomics.test_atomic_xor_global_2
@cuda.jit
def atomic_xor_global_2(ary, op2):
    atomic_binary_2dim_global(
        ary, op2, cuda.atomic.xor, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_inc_32
@cuda.jit
def atomic_inc32(ary, idx, op2):
    atomic_binary_1dim_shared2(
        ary, idx, op2, uint32, 32, cuda.atomic.inc, atomic_cast_none
    )


# TestCudaAtomics.test_atomic_inc_64
@cuda.jit
def atomic_inc64(ary, idx, op2):
    atomic_binary_1dim_shared2(
        ary, idx, op2, uint64, 32, cuda.atomic.inc, atomic_cast_to_int
    )


# TestCudaAtomics.test_atomic_inc2_32
@cuda.jit
def atomic_inc2_32(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.inc, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_inc2_64
@cuda.jit
def atomic_inc2_64(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint64, (4, 8), cuda.atomic.inc, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_inc3
@cuda.jit
def atomic_inc3(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.inc, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_inc_global_32, TestCudaAtomics.test_atomic_inc_global_64
@cuda.jit
def atomic_inc_global(idx, ary, op2):
    atomic_binary_1dim_global(ary, idx, 32, op2, cuda.atomic.inc, False)


# TestCudaAtomics.test_atomic_inc_global_2_32, TestCudaAtomics.test_atomic_inc_global_2_64
@cuda.jit
def atomic_inc_global_2(ary, op2):
    atomic_binary_2dim_global(
        ary, op2, cuda.atomic.inc, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_dec_32
@cuda.jit
def atomic_dec32(ary, idx, op2):
    atomic_binary_1dim_shared2(
        ary, idx, op2, uint32, 32, cuda.atomic.dec, atomic_cast_none
    )


# TestCudaAtomics.test_atomic_dec_64
@cuda.jit
def atomic_dec64(ary, idx, op2):
    atomic_binary_1dim_shared2(
        ary, idx, op2, uint64, 32, cuda.atomic.dec, atomic_cast_to_int
    )


# TestCudaAtomics.test_atomic_dec2_32
@cuda.jit
def atomic_dec2_32(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.dec, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_dec2_64
@cuda.jit
def atomic_dec2_64(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint64, (4, 8), cuda.atomic.dec, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_dec3_new
@cuda.jit
def atomic_dec3(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.dec, atomic_cast_to_uint64, False
    )


# TestCudaAtomics.test_atomic_dec_global_32, TestCudaAtomics.test_atomic_dec_global_64
@cuda.jit
def atomic_dec_global(idx, ary, op2):
    atomic_binary_1dim_global(ary, idx, 32, op2, cuda.atomic.dec, False)


# TestCudaAtomics.test_atomic_dec_global2_32, TestCudaAtomics.test_atomic_dec_global2_64
@cuda.jit
def atomic_dec_global_2(ary, op2):
    atomic_binary_2dim_global(
        ary, op2, cuda.atomic.dec, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_exch
@cuda.jit
def atomic_exch(ary, idx, op2):
    atomic_binary_1dim_shared2(
        ary, idx, op2, uint32, 32, cuda.atomic.exch, atomic_cast_none
    )


# TestCudaAtomics.test_atomic_exch2
@cuda.jit
def atomic_exch2(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.exch, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_exch3
@cuda.jit
def atomic_exch3(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint64, (4, 8), cuda.atomic.exch, atomic_cast_none, False
    )


# TestCudaAtomics.test_atomic_exch_global
@cuda.jit
def atomic_exch_global(idx, ary, op2):
    atomic_binary_1dim_global(ary, idx, 32, op2, cuda.atomic.exch, False)


# The kernels gen_atomic_extreme_funcs(func) builds with exec() from a template,
# written out for func = cuda.atomic.max, min, nanmax and nanmin (those that a test
# launches: no test launches the nanmax/nanmin _double_normalizedindex/_oneindex ones).


# TestCudaAtomics.test_atomic_max_int32, TestCudaAtomics.test_atomic_max_uint32,
# TestCudaAtomics.test_atomic_max_int64, TestCudaAtomics.test_atomic_max_uint64,
# TestCudaAtomics.test_atomic_max_float32, TestCudaAtomics.test_atomic_max_double,
# TestCudaAtomics.test_atomic_max_nan_location, TestCudaAtomics.test_atomic_max_nan_val
# (gen_atomic_extreme_funcs("cuda.atomic.max"))
@cuda.jit
def atomic_max(res, ary):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    cuda.atomic.max(res, 0, ary[tx, bx])


# TestCudaAtomics.test_atomic_max_double_normalizedindex
# (gen_atomic_extreme_funcs("cuda.atomic.max"))
@cuda.jit
def atomic_max_double_normalizedindex(res, ary):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    cuda.atomic.max(res, 0, ary[tx, uint64(bx)])


# TestCudaAtomics.test_atomic_max_double_oneindex,
# TestCudaAtomics.test_atomic_nanmax_double_oneindex
# (gen_atomic_extreme_funcs("cuda.atomic.max"))
@cuda.jit
def atomic_max_double_oneindex(res, ary):
    tx = cuda.threadIdx.x
    cuda.atomic.max(res, 0, ary[tx])


# TestCudaAtomics.test_atomic_max_double_shared (gen_atomic_extreme_funcs("cuda.atomic.max"))
@cuda.jit
def atomic_max_double_shared(res, ary):
    tid = cuda.threadIdx.x
    smary = cuda.shared.array(32, float64)
    smary[tid] = ary[tid]
    smres = cuda.shared.array(1, float64)
    if tid == 0:
        smres[0] = res[0]
    cuda.syncthreads()
    cuda.atomic.max(smres, 0, smary[tid])
    cuda.syncthreads()
    if tid == 0:
        res[0] = smres[0]


# TestCudaAtomics.test_atomic_min_int32, TestCudaAtomics.test_atomic_min_uint32,
# TestCudaAtomics.test_atomic_min_int64, TestCudaAtomics.test_atomic_min_uint64,
# TestCudaAtomics.test_atomic_min_float, TestCudaAtomics.test_atomic_min_double,
# TestCudaAtomics.test_atomic_min_nan_location, TestCudaAtomics.test_atomic_min_nan_val
# (gen_atomic_extreme_funcs("cuda.atomic.min"))
@cuda.jit
def atomic_min(res, ary):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    cuda.atomic.min(res, 0, ary[tx, bx])


# TestCudaAtomics.test_atomic_min_double_normalizedindex
# (gen_atomic_extreme_funcs("cuda.atomic.min"))
@cuda.jit
def atomic_min_double_normalizedindex(res, ary):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    cuda.atomic.min(res, 0, ary[tx, uint64(bx)])


# TestCudaAtomics.test_atomic_min_double_oneindex,
# TestCudaAtomics.test_atomic_nanmin_double_oneindex
# (gen_atomic_extreme_funcs("cuda.atomic.min"))
@cuda.jit
def atomic_min_double_oneindex(res, ary):
    tx = cuda.threadIdx.x
    cuda.atomic.min(res, 0, ary[tx])


# TestCudaAtomics.test_atomic_min_double_shared (gen_atomic_extreme_funcs("cuda.atomic.min"))
@cuda.jit
def atomic_min_double_shared(res, ary):
    tid = cuda.threadIdx.x
    smary = cuda.shared.array(32, float64)
    smary[tid] = ary[tid]
    smres = cuda.shared.array(1, float64)
    if tid == 0:
        smres[0] = res[0]
    cuda.syncthreads()
    cuda.atomic.min(smres, 0, smary[tid])
    cuda.syncthreads()
    if tid == 0:
        res[0] = smres[0]


# TestCudaAtomics.test_atomic_nanmax_int32, TestCudaAtomics.test_atomic_nanmax_uint32,
# TestCudaAtomics.test_atomic_nanmax_int64, TestCudaAtomics.test_atomic_nanmax_uint64,
# TestCudaAtomics.test_atomic_nanmax_float32, TestCudaAtomics.test_atomic_nanmax_double
# (gen_atomic_extreme_funcs("cuda.atomic.nanmax"))
@cuda.jit
def atomic_nanmax(res, ary):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    cuda.atomic.nanmax(res, 0, ary[tx, bx])


# TestCudaAtomics.test_atomic_nanmax_double_shared (gen_atomic_extreme_funcs("cuda.atomic.nanmax"))
@cuda.jit
def atomic_nanmax_double_shared(res, ary):
    tid = cuda.threadIdx.x
    smary = cuda.shared.array(32, float64)
    smary[tid] = ary[tid]
    smres = cuda.shared.array(1, float64)
    if tid == 0:
        smres[0] = res[0]
    cuda.syncthreads()
    cuda.atomic.nanmax(smres, 0, smary[tid])
    cuda.syncthreads()
    if tid == 0:
        res[0] = smres[0]


# TestCudaAtomics.test_atomic_nanmin_int32, TestCudaAtomics.test_atomic_nanmin_uint32,
# TestCudaAtomics.test_atomic_nanmin_int64, TestCudaAtomics.test_atomic_nanmin_uint64,
# TestCudaAtomics.test_atomic_nanmin_float, TestCudaAtomics.test_atomic_nanmin_double
# (gen_atomic_extreme_funcs("cuda.atomic.nanmin"))
@cuda.jit
def atomic_nanmin(res, ary):
    tx = cuda.threadIdx.x
    bx = cuda.blockIdx.x
    cuda.atomic.nanmin(res, 0, ary[tx, bx])


# TestCudaAtomics.test_atomic_nanmin_double_shared (gen_atomic_extreme_funcs("cuda.atomic.nanmin"))
@cuda.jit
def atomic_nanmin_double_shared(res, ary):
    tid = cuda.threadIdx.x
    smary = cuda.shared.array(32, float64)
    smary[tid] = ary[tid]
    smres = cuda.shared.array(1, float64)
    if tid == 0:
        smres[0] = res[0]
    cuda.syncthreads()
    cuda.atomic.nanmin(smres, 0, smary[tid])
    cuda.syncthreads()
    if tid == 0:
        res[0] = smres[0]


# TestCudaAtomics.test_atomic_compare_and_swap, TestCudaAtomics.test_atomic_compare_and_swap2,
# TestCudaAtomics.test_atomic_compare_and_swap3, TestCudaAtomics.test_atomic_compare_and_swap4
@cuda.jit
def atomic_compare_and_swap(res, old, ary, fill_val):
    gid = cuda.grid(1)
    if gid < res.size:
        old[gid] = cuda.atomic.compare_and_swap(res[gid:], fill_val, ary[gid])


# TestCudaAtomics.test_atomic_cas_1dim, TestCudaAtomics.test_atomic_cas2_1dim,
# TestCudaAtomics.test_atomic_cas3_1dim, TestCudaAtomics.test_atomic_cas4_1dim
@cuda.jit
def atomic_cas_1dim(res, old, ary, fill_val):
    gid = cuda.grid(1)
    if gid < res.size:
        old[gid] = cuda.atomic.cas(res, gid, fill_val, ary[gid])


# TestCudaAtomics.test_atomic_cas_2dim, TestCudaAtomics.test_atomic_cas2_2dim,
# TestCudaAtomics.test_atomic_cas3_2dim, TestCudaAtomics.test_atomic_cas4_2dim
@cuda.jit
def atomic_cas_2dim(res, old, ary, fill_val):
    gid = cuda.grid(2)
    if gid[0] < res.shape[0] and gid[1] < res.shape[1]:
        old[gid] = cuda.atomic.cas(res, gid, fill_val, ary[gid])


# TestCudaAtomics.test_atomic_add_returns_old (upstream names it kernel)
@cuda.jit
def kernel_add_returns_old(x):
    x[1] = cuda.atomic.add(x, 0, 1)


# TestCudaAtomics.test_atomic_max_returns_no_replace (upstream names it kernel)
@cuda.jit
def kernel_max_returns_no_replace(x):
    x[1] = cuda.atomic.max(x, 0, 1)


# TestCudaAtomics.test_atomic_max_returns_old_replace (upstream names it kernel)
@cuda.jit
def kernel_max_returns_old_replace(x):
    x[1] = cuda.atomic.max(x, 0, 10)


# TestCudaAtomics.test_atomic_max_returns_old_nan_in_array (upstream names it kernel)
@cuda.jit
def kernel_max_returns_old_nan_in_array(x):
    x[1] = cuda.atomic.max(x, 0, 1)


# TestCudaAtomics.test_atomic_max_returns_old_nan_val (upstream names it kernel)
@cuda.jit
def kernel_max_returns_old_nan_val(x):
    x[1] = cuda.atomic.max(x, 0, np.nan)


# TestCudaAtomics.test_atomic_min_returns_old_no_replace (upstream names it kernel)
@cuda.jit
def kernel_min_returns_old_no_replace(x):
    x[1] = cuda.atomic.min(x, 0, 11)


# TestCudaAtomics.test_atomic_min_returns_old_replace (upstream names it kernel)
@cuda.jit
def kernel_min_returns_old_replace(x):
    x[1] = cuda.atomic.min(x, 0, 10)


# TestCudaAtomics.test_atomic_min_returns_old_nan_in_array (upstream names it kernel)
@cuda.jit
def kernel_min_returns_old_nan_in_array(x):
    x[1] = cuda.atomic.min(x, 0, 11)


# TestCudaAtomics.test_atomic_min_returns_old_nan_val (upstream names it kernel)
@cuda.jit
def kernel_min_returns_old_nan_val(x):
    x[1] = cuda.atomic.min(x, 0, np.nan)


# TestCudaAtomics.test_atomic_nanmax_returns_old_no_replace (upstream names it kernel)
@cuda.jit
def kernel_nanmax_returns_old_no_replace(x):
    x[1] = cuda.atomic.nanmax(x, 0, 1)


# TestCudaAtomics.test_atomic_nanmax_returns_old_replace (upstream names it kernel)
@cuda.jit
def kernel_nanmax_returns_old_replace(x):
    x[1] = cuda.atomic.nanmax(x, 0, 10)


# TestCudaAtomics.test_atomic_nanmax_returns_old_nan_in_array (upstream names it kernel)
@cuda.jit
def kernel_nanmax_returns_old_nan_in_array(x):
    x[1] = cuda.atomic.nanmax(x, 0, 1)


# TestCudaAtomics.test_atomic_nanmax_returns_old_nan_val (upstream names it kernel)
@cuda.jit
def kernel_nanmax_returns_old_nan_val(x):
    x[1] = cuda.atomic.nanmax(x, 0, np.nan)


# TestCudaAtomics.test_atomic_nanmin_returns_old_no_replace (upstream names it kernel)
@cuda.jit
def kernel_nanmin_returns_old_no_replace(x):
    x[1] = cuda.atomic.nanmin(x, 0, 11)


# TestCudaAtomics.test_atomic_nanmin_returns_old_replace (upstream names it kernel)
@cuda.jit
def kernel_nanmin_returns_old_replace(x):
    x[1] = cuda.atomic.nanmin(x, 0, 10)


# TestCudaAtomics.test_atomic_nanmin_returns_old_nan_in_array (upstream names it kernel)
@cuda.jit
def kernel_nanmin_returns_old_nan_in_array(x):
    x[1] = cuda.atomic.nanmin(x, 0, 11)


# TestCudaAtomics.test_atomic_nanmin_returns_old_nan_val (upstream names it kernel)
@cuda.jit
def kernel_nanmin_returns_old_nan_val(x):
    x[1] = cuda.atomic.nanmin(x, 0, np.nan)
