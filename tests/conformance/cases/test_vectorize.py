"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_vectorize.py (kernels/test_vectorize.py).

Every test calls a ufunc (`vector_add(a, b)`, `vector_add(A, B, out=actual)`,
`vector_add.reduce(x)`), which the harness cannot launch: a Case is one
kernel[griddim, blockdim](*args). CASES is therefore empty, and UFUNC_CALLS
lists the calls the tests check, for a Case extension (call="ufunc" /
"reduce": the inputs as given, an optional out=, the result compared with
`reference(*inputs)`; `out`, where given, makes the array passed as out=
from the inputs, `method` is "reduce" for ufunc.reduce).

Not ported: test_1d_async, test_reduce_async (streams), test_name_attribute
(host only: __name__), test_no_transfer_for_device_data (mocks the driver's
copies: host API).
"""
from collections import namedtuple
from itertools import product

import numpy as np

CASES = []

N = 1000001
dtypes = (np.float64, np.float32, np.int32)
orders = ("C", "F")
input_sizes = (8, 100, 2**10 + 1)
Point = namedtuple("Point", ("x", "y", "z"))
Points = namedtuple("Points", ("xs", "ys"))


def calls(kernel):
    out = [
        dict(kernel=kernel, test="TestCUDAVectorize.test_scalar", name=f"{kernel}__scalar",
             args=lambda rng: [1.2, 2.3], reference=lambda a, b: a + b),
    ]
    for ty in dtypes:
        out.append(dict(
            kernel=kernel, test="TestCUDAVectorize.test_1d",
            name=f"{kernel}__1d_{np.dtype(ty).name}",
            args=lambda rng, ty=ty: [np.array(rng.random(N), dtype=ty)] * 2,
            reference=lambda a, b: np.add(a, b)))
    for nd, dtype, order in product(range(1, 8), dtypes, orders):
        def args(rng, nd=nd, dtype=dtype, order=order):
            data = rng.random((4,) * nd).astype(dtype)
            return [data, np.array(data.T, order=order)]
        out.append(dict(
            kernel=kernel, test="TestCUDAVectorize.test_nd",
            name=f"{kernel}__nd{nd}_{np.dtype(dtype).name}_{order}",
            args=args, reference=lambda a, b: a + b))
    out.append(dict(
        kernel=kernel, test="TestCUDAVectorize.test_output_arg", name=f"{kernel}__output_arg",
        args=lambda rng: [np.arange(10, dtype=np.float32), np.arange(10, dtype=np.float32)],
        out=lambda a, b: np.empty_like(a), reference=lambda a, b: a + b))
    for n in input_sizes:
        out.append(dict(
            kernel=kernel, test="TestCUDAVectorize.test_reduce", name=f"{kernel}__reduce_{n}",
            method="reduce", args=lambda rng, n=n: [np.arange(n, dtype=np.int32)],
            reference=lambda x: np.int32(np.add.reduce(x))))
    out.append(dict(
        kernel=kernel, test="TestCUDAVectorize.test_manual_transfer",
        name=f"{kernel}__manual_transfer",
        args=lambda rng: [np.arange(10, dtype=np.int32)] * 2, reference=lambda x, dx: x + x))
    # vector_add(dx, dx, out=dx): the output is the input.
    out.append(dict(
        kernel=kernel, test="TestCUDAVectorize.test_ufunc_output_2d",
        name=f"{kernel}__ufunc_output_2d", out=lambda dx, dx2: dx,
        args=lambda rng: [np.arange(10, dtype=np.int32).reshape(2, 5)] * 2,
        reference=lambda x, dx: x + x))
    tuples = [
        ("tuple_arg", lambda rng: [(1.0, 2.0, 3.0), (4.0, 5.0, 6.0)]),
        ("namedtuple_arg", lambda rng: [Point(x=1.0, y=2.0, z=3.0), Point(x=4.0, y=5.0, z=6.0)]),
        ("tuple_of_array_arg", lambda rng: [
            (np.arange(10, dtype=np.int32), np.arange(10, dtype=np.int32) + 1),
            (np.arange(10, dtype=np.int32) + 2, np.arange(10, dtype=np.int32) + 2)]),
        ("tuple_of_namedtuple_arg", lambda rng: [
            (Point(x=1.0, y=2.0, z=3.0), Point(x=1.5, y=2.5, z=3.5)),
            (Point(x=4.0, y=5.0, z=6.0), Point(x=4.5, y=5.5, z=6.5))]),
        ("namedtuple_of_array_arg", lambda rng: [
            Points(xs=np.arange(10, dtype=np.int32), ys=np.arange(10, dtype=np.int32) + 2),
            Points(xs=np.arange(10, dtype=np.int32) * 2,
                   ys=np.arange(10, dtype=np.int32) * 2 + 1)]),
    ]
    for test, args in tuples:
        out.append(dict(
            kernel=kernel, test=f"TestCUDAVectorize.test_{test}", name=f"{kernel}__{test}",
            args=args, reference=lambda a, b: np.asarray(a) + np.asarray(b)))
    return out


UFUNC_CALLS = calls("vector_add") + calls("vector_add_numba")
