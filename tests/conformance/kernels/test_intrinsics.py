# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
# Upstream compiles the module-level functions with cuda.jit(SIG)(fn) or
# cuda.jit(fn) in its tests; here they carry @cuda.jit and the cases give SIG.
import numpy as np
from numba import cuda
from numba.cuda import int64


# TestCudaIntrinsic.test_simple_threadidx
@cuda.jit
def simple_threadidx(ary):
    i = cuda.threadIdx.x
    ary[0] = i


# TestCudaIntrinsic.test_fill_threadidx
@cuda.jit
def fill_threadidx(ary):
    i = cuda.threadIdx.x
    ary[i] = i


# TestCudaIntrinsic.test_fill3d_threadidx
@cuda.jit
def fill3d_threadidx(ary):
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    k = cuda.threadIdx.z

    ary[i, j, k] = (i + 1) * (j + 1) * (k + 1)


# TestCudaIntrinsic.test_simple_grid1d
@cuda.jit
def simple_grid1d(ary):
    i = cuda.grid(1)
    ary[i] = i


# TestCudaIntrinsic.test_simple_grid2d
@cuda.jit
def simple_grid2d(ary):
    i, j = cuda.grid(2)
    ary[i, j] = i + j


# TestCudaIntrinsic.test_simple_gridsize1d
@cuda.jit
def simple_gridsize1d(ary):
    i = cuda.grid(1)
    x = cuda.gridsize(1)
    if i == 0:
        ary[0] = x


# TestCudaIntrinsic.test_simple_gridsize2d
@cuda.jit
def simple_gridsize2d(ary):
    i, j = cuda.grid(2)
    x, y = cuda.gridsize(2)
    if i == 0 and j == 0:
        ary[0] = x
        ary[1] = y


# TestCudaIntrinsic.test_intrinsic_forloop_step
@cuda.jit
def intrinsic_forloop_step(c):
    startX, startY = cuda.grid(2)
    gridX = cuda.gridDim.x * cuda.blockDim.x
    gridY = cuda.gridDim.y * cuda.blockDim.y
    height, width = c.shape

    for x in range(startX, width, gridX):
        for y in range(startY, height, gridY):
            c[y, x] = x + y


# TestCudaIntrinsic.test_popc_u1, TestCudaIntrinsic.test_popc_u2, TestCudaIntrinsic.test_popc_u4, TestCudaIntrinsic.test_popc_u8
@cuda.jit
def simple_popc(ary, c):
    ary[0] = cuda.popc(c)


# TestCudaIntrinsic.test_bit_count_u1, TestCudaIntrinsic.test_bit_count_u2, TestCudaIntrinsic.test_bit_count_u4, TestCudaIntrinsic.test_bit_count_u8
@cuda.jit
def simple_bit_count(ary, c):
    ary[0] = c.bit_count()


# TestCudaIntrinsic.test_fma_f4, TestCudaIntrinsic.test_fma_f8
@cuda.jit
def simple_fma(ary, a, b, c):
    ary[0] = cuda.fma(a, b, c)


# TestCudaIntrinsic.test_hadd
@cuda.jit
def simple_hadd(ary, a, b):
    ary[0] = cuda.fp16.hadd(a[0], b[0])


# TestCudaIntrinsic.test_hadd_scalar
@cuda.jit
def simple_hadd_scalar(ary, a, b):
    ary[0] = cuda.fp16.hadd(a, b)


# TestCudaIntrinsic.test_hfma
@cuda.jit
def simple_hfma(ary, a, b, c):
    ary[0] = cuda.fp16.hfma(a[0], b[0], c[0])


# TestCudaIntrinsic.test_hfma_scalar
@cuda.jit
def simple_hfma_scalar(ary, a, b, c):
    ary[0] = cuda.fp16.hfma(a, b, c)


# TestCudaIntrinsic.test_hsub
@cuda.jit
def simple_hsub(ary, a, b):
    ary[0] = cuda.fp16.hsub(a[0], b[0])


# TestCudaIntrinsic.test_hsub_scalar
@cuda.jit
def simple_hsub_scalar(ary, a, b):
    ary[0] = cuda.fp16.hsub(a, b)


# TestCudaIntrinsic.test_hmul
@cuda.jit
def simple_hmul(ary, a, b):
    ary[0] = cuda.fp16.hmul(a[0], b[0])


# TestCudaIntrinsic.test_hmul_scalar
@cuda.jit
def simple_hmul_scalar(ary, a, b):
    ary[0] = cuda.fp16.hmul(a, b)


# TestCudaIntrinsic.test_hdiv_scalar
@cuda.jit
def simple_hdiv_scalar(ary, a, b):
    ary[0] = cuda.fp16.hdiv(a, b)


# TestCudaIntrinsic.test_hdiv
@cuda.jit
def simple_hdiv_kernel(ary, array_a, array_b):
    i = cuda.grid(1)
    if i < ary.size:
        a = array_a[i]
        b = array_b[i]
        ary[i] = cuda.fp16.hdiv(a, b)


# TestCudaIntrinsic.test_hneg
@cuda.jit
def simple_hneg(ary, a):
    ary[0] = cuda.fp16.hneg(a[0])


# TestCudaIntrinsic.test_hneg_scalar
@cuda.jit
def simple_hneg_scalar(ary, a):
    ary[0] = cuda.fp16.hneg(a)


# TestCudaIntrinsic.test_habs
@cuda.jit
def simple_habs(ary, a):
    ary[0] = cuda.fp16.habs(a[0])


# TestCudaIntrinsic.test_habs_scalar
@cuda.jit
def simple_habs_scalar(ary, a):
    ary[0] = cuda.fp16.habs(a)


# TestCudaIntrinsic.test_fp16_comparison
@cuda.jit
def simple_heq_scalar(ary, a, b):
    ary[0] = cuda.fp16.heq(a, b)


# TestCudaIntrinsic.test_fp16_comparison
@cuda.jit
def simple_hne_scalar(ary, a, b):
    ary[0] = cuda.fp16.hne(a, b)


# TestCudaIntrinsic.test_fp16_comparison
@cuda.jit
def simple_hge_scalar(ary, a, b):
    ary[0] = cuda.fp16.hge(a, b)


# TestCudaIntrinsic.test_fp16_comparison
@cuda.jit
def simple_hgt_scalar(ary, a, b):
    ary[0] = cuda.fp16.hgt(a, b)


# TestCudaIntrinsic.test_fp16_comparison
@cuda.jit
def simple_hle_scalar(ary, a, b):
    ary[0] = cuda.fp16.hle(a, b)


# TestCudaIntrinsic.test_fp16_comparison
@cuda.jit
def simple_hlt_scalar(ary, a, b):
    ary[0] = cuda.fp16.hlt(a, b)


# Device function of TestCudaIntrinsic.test_multiple_float16_comparisons
@cuda.jit(device=True)
def hlt_func_1(x, y):
    return cuda.fp16.hlt(x, y)


# Device function of TestCudaIntrinsic.test_multiple_float16_comparisons
@cuda.jit(device=True)
def hlt_func_2(x, y):
    return cuda.fp16.hlt(x, y)


# TestCudaIntrinsic.test_multiple_float16_comparisons
@cuda.jit
def multiple_hcmp_1(r, a, b, c):
    # float16 predicates used in two separate functions
    r[0] = hlt_func_1(a, b) and hlt_func_2(b, c)


# TestCudaIntrinsic.test_multiple_float16_comparisons
@cuda.jit
def multiple_hcmp_2(r, a, b, c):
    # The same float16 predicate used in the caller and callee
    r[0] = hlt_func_1(a, b) and cuda.fp16.hlt(b, c)


# TestCudaIntrinsic.test_multiple_float16_comparisons
@cuda.jit
def multiple_hcmp_3(r, a, b, c):
    # Different float16 predicates used in the caller and callee
    r[0] = hlt_func_1(a, b) and cuda.fp16.hge(c, b)


# TestCudaIntrinsic.test_multiple_float16_comparisons
@cuda.jit
def multiple_hcmp_4(r, a, b, c):
    # The same float16 predicates used twice in a function
    r[0] = cuda.fp16.hlt(a, b) and cuda.fp16.hlt(b, c)


# TestCudaIntrinsic.test_multiple_float16_comparisons
@cuda.jit
def multiple_hcmp_5(r, a, b, c):
    # Different float16 predicates used in a function
    r[0] = cuda.fp16.hlt(a, b) and cuda.fp16.hge(c, b)


# TestCudaIntrinsic.test_hmax
@cuda.jit
def simple_hmax_scalar(ary, a, b):
    ary[0] = cuda.fp16.hmax(a, b)


# TestCudaIntrinsic.test_hmin
@cuda.jit
def simple_hmin_scalar(ary, a, b):
    ary[0] = cuda.fp16.hmin(a, b)


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hsin(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hsin(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hcos(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hcos(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hlog(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hlog(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hlog2(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hlog2(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hlog10(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hlog10(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hexp(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hexp(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hexp2(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hexp2(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hsqrt(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hsqrt(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hrsqrt(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hrsqrt(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hceil(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hceil(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hfloor(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hfloor(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hrcp(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hrcp(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_htrunc(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.htrunc(x[i])


# TestCudaIntrinsic.test_fp16_intrinsics_common
@cuda.jit
def simple_hrint(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hrint(x[i])


# TestCudaIntrinsic.test_cbrt_f32, TestCudaIntrinsic.test_cbrt_f64
@cuda.jit
def simple_cbrt(ary, a):
    ary[0] = cuda.cbrt(a)


# TestCudaIntrinsic.test_brev_u4, TestCudaIntrinsic.test_brev_u8
@cuda.jit
def simple_brev(ary, c):
    ary[0] = cuda.brev(c)


# TestCudaIntrinsic.test_clz_i4, TestCudaIntrinsic.test_clz_u4, TestCudaIntrinsic.test_clz_i4_1s, TestCudaIntrinsic.test_clz_i4_0s, TestCudaIntrinsic.test_clz_i8
@cuda.jit
def simple_clz(ary, c):
    ary[0] = cuda.clz(c)


# TestCudaIntrinsic.test_ffs_i4, TestCudaIntrinsic.test_ffs_u4, TestCudaIntrinsic.test_ffs_i4_1s, TestCudaIntrinsic.test_ffs_i4_0s, TestCudaIntrinsic.test_ffs_i8
@cuda.jit
def simple_ffs(ary, c):
    ary[0] = cuda.ffs(c)


# TestCudaIntrinsic.test_round_f4, TestCudaIntrinsic.test_round_f8
@cuda.jit
def simple_round(ary, c):
    ary[0] = round(c)


# TestCudaIntrinsic.test_round_to_f4, TestCudaIntrinsic.test_round_to_f4_overflow, TestCudaIntrinsic.test_round_to_f4_halfway, TestCudaIntrinsic.test_round_to_f8, TestCudaIntrinsic.test_round_to_f8_overflow, TestCudaIntrinsic.test_round_to_f8_halfway
@cuda.jit
def simple_round_to(ary, c, ndigits):
    ary[0] = round(c, ndigits)


# TestCudaIntrinsic.test_selp
@cuda.jit
def branching_with_ifs(a, b, c):
    i = cuda.grid(1)

    if a[i] > 4:
        if b % 2 == 0:
            a[i] = c[i]
        else:
            a[i] = 13
    else:
        a[i] = 3


# TestCudaIntrinsic.test_selp
@cuda.jit
def branching_with_selps(a, b, c):
    i = cuda.grid(1)

    inner = cuda.selp(b % 2 == 0, c[i], 13)
    a[i] = cuda.selp(a[i] > 4, inner, 3)


# TestCudaIntrinsic.test_simple_laneid
@cuda.jit
def simple_laneid(ary):
    i = cuda.grid(1)
    ary[i] = cuda.laneid


# TestCudaIntrinsic.test_simple_warpsize
@cuda.jit
def simple_warpsize(ary):
    ary[0] = cuda.warpsize


# TestCudaIntrinsic.test_nonliteral_grid_error
@cuda.jit
def nonliteral_grid(x):
    cuda.grid(x)


# TestCudaIntrinsic.test_nonliteral_gridsize_error
@cuda.jit
def nonliteral_gridsize(x):
    cuda.gridsize(x)


# TestCudaIntrinsic.test_issue_9229
@cuda.jit
def f(grid_error, gridsize_error):
    i1 = cuda.grid(1)
    i2 = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    gs1 = cuda.gridsize(1)
    gs2 = cuda.blockDim.x * cuda.gridDim.x
    if i1 != i2:
        grid_error[0] = 1
    if gs1 != gs2:
        gridsize_error[0] = 1


# TestCudaIntrinsic.test_3dgrid
@cuda.jit
def foo(out):
    x, y, z = cuda.grid(3)
    a, b, c = cuda.gridsize(3)
    out[x, y, z] = a * b * c


# TestCudaIntrinsic.test_3dgrid_2 (upstream's name is foo, as test_3dgrid's)
@cuda.jit
def foo_2(out):
    x, y, z = cuda.grid(3)
    a, b, c = cuda.gridsize(3)
    grid_is_right = (
        x == cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
        and y == cuda.threadIdx.y + cuda.blockIdx.y * cuda.blockDim.y
        and z == cuda.threadIdx.z + cuda.blockIdx.z * cuda.blockDim.z
    )
    gridsize_is_right = (
        a == cuda.blockDim.x * cuda.gridDim.x
        and b == cuda.blockDim.y * cuda.gridDim.y
        and c == cuda.blockDim.z * cuda.gridDim.z
    )
    out[x, y, z] = grid_is_right and gridsize_is_right


# TestCudaIntrinsic.test_hexp10
@cuda.jit()
def hexp10_vectors(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hexp10(x[i])
