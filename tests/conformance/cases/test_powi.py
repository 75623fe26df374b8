"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_powi.py (kernels/test_powi.py).

random_complex(N) reseeds NumPy's global generator with 123 and returns ONE
value (np.random.random(1) + np.random.random(1) * 1j, whatever N), so x and
y are the same one-element array and the kernel's other 31 threads do
nothing; the cases draw it the same way (RandomState(123)). The references
are what upstream asserts (x**y by NumPy; A**power), with its rtol.
"""
import numpy as np

from conformance import Case, empty

N = 32


def random_complex(N):
    rs = np.random.RandomState(123)
    return rs.random_sample(1) + rs.random_sample(1) * 1j


CASES = []
for fn, test in (("cu_mat_power", "test_powi"), ("cu_mat_power_binop", "test_powi_binop")):
    # kernel[1, A.shape](A, 2, Aout); asserts np.allclose(Aout, A**power)
    CASES.append(Case(
        fn, "TestCudaPowi." + test, "arithmetic" if "binop" in fn else "math",
        sig="void(float64[:, :], int8, float64[:, :])",
        args=lambda rng: [np.arange(10, dtype=np.float64).reshape(2, 5), 2,
                          empty((2, 5), np.float64)],
        griddim=1, blockdim=(2, 5),
        reference=lambda A, p, out: {0: A, 2: A ** p}))

NB = {np.complex64: "complex64", np.complex128: "complex128"}
for dtype, rtol in ((np.complex64, 3.0e-7), (np.complex128, 1.0e-7)):
    for fn, what in (("vec_pow", "pow"), ("vec_pow_binop", "binop")):
        test = f"TestCudaPowi.test_cpow_{NB[dtype]}_{what}"
        sig = f"void({NB[dtype]}[::1], {NB[dtype]}[::1], {NB[dtype]}[::1])"
        # _test_cpow: first launch, cfunc[1, N](r, x, y) with r = zeros_like(x)
        CASES.append(Case(
            fn, test, "complex", name=f"{fn}__{NB[dtype]}", sig=sig,
            args=lambda rng, dtype=dtype: [np.zeros(1, dtype), random_complex(N).astype(dtype),
                                           random_complex(N).astype(dtype)],
            griddim=1, blockdim=N, rtol=rtol,
            reference=lambda r, x, y: {0: x ** y}))
        # _test_cpow: special cases, cfunc[1, 2](r, x, y)
        CASES.append(Case(
            fn, test, "complex", name=f"{fn}__{NB[dtype]}_special", sig=sig,
            args=lambda rng, dtype=dtype: [np.zeros(2, dtype),
                                           np.asarray([0.0j, 1.0j], dtype=dtype),
                                           np.asarray([0.0j, 1.0], dtype=dtype)],
            griddim=1, blockdim=2, rtol=rtol,
            reference=lambda r, x, y: {0: x ** y}))
    # _test_cpow_inplace_binop: cfunc[1, N](x, y); asserts x == x**y (rtol 3e-7 for both)
    CASES.append(Case(
        "vec_pow_inplace_binop", f"TestCudaPowi.test_cpow_{NB[dtype]}_inplace_binop", "complex",
        name=f"vec_pow_inplace_binop__{NB[dtype]}",
        sig=f"void({NB[dtype]}[::1], {NB[dtype]}[::1])",
        args=lambda rng, dtype=dtype: [random_complex(N).astype(dtype),
                                       random_complex(N).astype(dtype)],
        griddim=1, blockdim=N, rtol=3.0e-7,
        reference=lambda x, y: {0: x ** y}))
