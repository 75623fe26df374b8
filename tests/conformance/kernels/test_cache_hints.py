# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_cache_hints.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods. Each
# test loops over the load or store operators (cuda.ldca, ...) and builds its
# kernel f over the loop's `operator`; here each operator has its kernel,
# <test>_<op> (loads_ldca, loads_2d_ldca, stores_stcg, ...; renamed from f),
# and `operator` is the module constant operator_<op> (its name in the body is
# the only change). test_bad_indices and test_unsupported_dtypes compile plain
# functions with cuda.compile_ptx(fn, sig); here they carry @cuda.jit and the
# cases give sig.
from numba import cuda, errors, typeof, types
import numpy as np
operator_ldca = cuda.ldca
operator_ldcg = cuda.ldcg
operator_ldcs = cuda.ldcs
operator_ldlu = cuda.ldlu
operator_ldcv = cuda.ldcv
operator_stcg = cuda.stcg
operator_stcs = cuda.stcs
operator_stwb = cuda.stwb
operator_stwt = cuda.stwt


# TestCacheHints.test_loads, operator = cuda.ldca (renamed from f)
@cuda.jit
def loads_ldca(r, x):
    for i in range(len(r)):
        r[i] = operator_ldca(x, i)


# TestCacheHints.test_loads, operator = cuda.ldcg (renamed from f)
@cuda.jit
def loads_ldcg(r, x):
    for i in range(len(r)):
        r[i] = operator_ldcg(x, i)


# TestCacheHints.test_loads, operator = cuda.ldcs (renamed from f)
@cuda.jit
def loads_ldcs(r, x):
    for i in range(len(r)):
        r[i] = operator_ldcs(x, i)


# TestCacheHints.test_loads, operator = cuda.ldlu (renamed from f)
@cuda.jit
def loads_ldlu(r, x):
    for i in range(len(r)):
        r[i] = operator_ldlu(x, i)


# TestCacheHints.test_loads, operator = cuda.ldcv (renamed from f)
@cuda.jit
def loads_ldcv(r, x):
    for i in range(len(r)):
        r[i] = operator_ldcv(x, i)


# TestCacheHints.test_loads_2d, operator = cuda.ldca (renamed from f)
@cuda.jit
def loads_2d_ldca(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            r[i, j] = operator_ldca(x, (i, j))


# TestCacheHints.test_loads_2d, operator = cuda.ldcg (renamed from f)
@cuda.jit
def loads_2d_ldcg(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            r[i, j] = operator_ldcg(x, (i, j))


# TestCacheHints.test_loads_2d, operator = cuda.ldcs (renamed from f)
@cuda.jit
def loads_2d_ldcs(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            r[i, j] = operator_ldcs(x, (i, j))


# TestCacheHints.test_loads_2d, operator = cuda.ldlu (renamed from f)
@cuda.jit
def loads_2d_ldlu(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            r[i, j] = operator_ldlu(x, (i, j))


# TestCacheHints.test_loads_2d, operator = cuda.ldcv (renamed from f)
@cuda.jit
def loads_2d_ldcv(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            r[i, j] = operator_ldcv(x, (i, j))


# TestCacheHints.test_stores, operator = cuda.stcg (renamed from f)
@cuda.jit
def stores_stcg(r, x):
    for i in range(len(r)):
        operator_stcg(r, i, x[i])


# TestCacheHints.test_stores, operator = cuda.stcs (renamed from f)
@cuda.jit
def stores_stcs(r, x):
    for i in range(len(r)):
        operator_stcs(r, i, x[i])


# TestCacheHints.test_stores, operator = cuda.stwb (renamed from f)
@cuda.jit
def stores_stwb(r, x):
    for i in range(len(r)):
        operator_stwb(r, i, x[i])


# TestCacheHints.test_stores, operator = cuda.stwt (renamed from f)
@cuda.jit
def stores_stwt(r, x):
    for i in range(len(r)):
        operator_stwt(r, i, x[i])


# TestCacheHints.test_stores_2d, operator = cuda.stcg (renamed from f)
@cuda.jit
def stores_2d_stcg(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            operator_stcg(r, (i, j), x[i, j])


# TestCacheHints.test_stores_2d, operator = cuda.stcs (renamed from f)
@cuda.jit
def stores_2d_stcs(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            operator_stcs(r, (i, j), x[i, j])


# TestCacheHints.test_stores_2d, operator = cuda.stwb (renamed from f)
@cuda.jit
def stores_2d_stwb(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            operator_stwb(r, (i, j), x[i, j])


# TestCacheHints.test_stores_2d, operator = cuda.stwt (renamed from f)
@cuda.jit
def stores_2d_stwt(r, x):
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            operator_stwt(r, (i, j), x[i, j])


# TestCacheHints.test_bad_indices
@cuda.jit
def float_indices(x):
    cuda.ldcs(x, 1.0)


# TestCacheHints.test_bad_indices
@cuda.jit
def too_long_indices(x):
    cuda.ldcs(x, (1, 2))


# TestCacheHints.test_bad_indices
@cuda.jit
def too_short_indices_scalar(x):
    cuda.ldcs(x, 1)


# TestCacheHints.test_bad_indices
@cuda.jit
def too_short_indices_tuple(x):
    cuda.ldcs(x, (1,))


# TestCacheHints.test_unsupported_dtypes
@cuda.jit
def load_complex(r, x):
    r[0] = cuda.ldcs(x, 0)
