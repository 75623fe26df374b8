"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_fastmath.py (kernels/test_fastmath.py).

Results only. Upstream's TestFastMathOption tests compile each kernel with
and without fastmath=True and check the PTX (not ported: PTX inspection,
also test_tanhf_compile_ptx and test_device_fastmath_propagation); they
launch nothing but test_divf_exception. Here each op's kernel is launched
once, [1, 1], on a float32 argument (or two) drawn in [0.25, 1) (a domain
every op is defined on, inside the [-pi, pi] where Vulkan bounds the
fastmath sin/cos), reference the simulator. The precise kernels keep the
suite's float32 tolerance; the fastmath ones, which upstream never checks
for values, get rtol 1e-5 and atol 2**-21 (Vulkan's precision bounds for
the GLSL built-ins numba-cuda's fastmath maps to libdevice's approximate
versions; docs/math.md "fastmath").

test_divf_exception: f10_prec (debug=True, opt=False) must raise
ZeroDivisionError for 10.0 / 0.0 (the dividing threads store nothing: the
reference is the untouched, poisoned output); f10 (fastmath) must not raise:
every thread stores inf to r[0].
"""
import numpy as np

from conformance import Case, empty

UNARY = [("cos", "test_cosf"), ("sin", "test_sinf"), ("tan", "test_tanf"),
         ("tanh", "test_tanhf"), ("exp", "test_expf"), ("exp2", "test_exp2f"),
         ("log", "test_logf"), ("log10", "test_log10f"), ("log2", "test_log2f")]
BINARY = [("pow", "test_powf"), ("nextafter", "test_nextafterf"), ("truediv", "test_divf")]


def f32(rng):
    return np.float32(rng.uniform(0.25, 1.0))


CASES = []
for op, test in UNARY + BINARY:
    binary = (op, test) in BINARY
    for suffix in ("", "_prec"):
        fast = suffix == ""
        CASES.append(Case(
            f"kernel_{op}{suffix}", "TestFastMathOption." + test, "math",
            sig="void(float32[::1], float32, float32)" if binary else "void(float32[::1], float32)",
            args=(lambda rng: [np.zeros(1, np.float32), f32(rng), f32(rng)]) if binary
            else (lambda rng: [np.zeros(1, np.float32), f32(rng)]),
            rtol=1e-5 if fast else None, atol=2.0 ** -21 if fast else 0.0))

NELEM = 10
CASES += [
    Case("f10", "TestFastMathOption.test_divf_exception", "math",
         sig="void(float32[::1], float32, float32)",
         args=lambda rng: [empty(NELEM, np.float32), 10.0, 0.0], griddim=1, blockdim=NELEM,
         reference=lambda r, x, y: {0: np.concatenate([[np.inf], r[1:]]).astype(np.float32)}),
    Case("f10_prec", "TestFastMathOption.test_divf_exception", "exceptions",
         sig="void(float32[::1], float32, float32)",
         args=lambda rng: [empty(NELEM, np.float32), 10.0, 0.0], griddim=1, blockdim=NELEM,
         reference=lambda r, x, y: {0: r}, raises="ZeroDivisionError: division by zero"),
]
