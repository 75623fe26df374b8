# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_fastmath.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# TestFastMathOption._test_fast_math_unary/_binary(op, criterion) compile a
# kernel `r[0] = op(x)` (or op(x, y)) whose op is a closure variable, twice:
# fastver = cuda.jit(sig, fastmath=True)(kernel) and precver =
# cuda.jit(sig)(kernel), and compare their PTX. Here each op has both
# kernels, kernel_<op> (fastmath=True) and kernel_<op>_prec, calling the op
# (imported from math / operator as upstream imports it) in op's place; the
# cases give sig (float32[::1], float32[, float32]) and check the results
# only. The device-function twins (device=True) are not launched by
# anything, and the PTX criteria are not ported.
from numba import cuda
from numba.cuda import float32
from math import cos, sin, tan, exp, log, log10, log2, pow, tanh, nextafter
from math import exp2
from operator import truediv


# TestFastMathOption.test_cosf (fastver, op = cos)
@cuda.jit(fastmath=True)
def kernel_cos(r, x):
    r[0] = cos(x)


# TestFastMathOption.test_cosf (precver, op = cos)
@cuda.jit
def kernel_cos_prec(r, x):
    r[0] = cos(x)


# TestFastMathOption.test_sinf (fastver, op = sin)
@cuda.jit(fastmath=True)
def kernel_sin(r, x):
    r[0] = sin(x)


# TestFastMathOption.test_sinf (precver, op = sin)
@cuda.jit
def kernel_sin_prec(r, x):
    r[0] = sin(x)


# TestFastMathOption.test_tanf (fastver, op = tan)
@cuda.jit(fastmath=True)
def kernel_tan(r, x):
    r[0] = tan(x)


# TestFastMathOption.test_tanf (precver, op = tan)
@cuda.jit
def kernel_tan_prec(r, x):
    r[0] = tan(x)


# TestFastMathOption.test_tanhf (fastver, op = tanh)
@cuda.jit(fastmath=True)
def kernel_tanh(r, x):
    r[0] = tanh(x)


# TestFastMathOption.test_tanhf (precver, op = tanh)
@cuda.jit
def kernel_tanh_prec(r, x):
    r[0] = tanh(x)


# TestFastMathOption.test_expf (fastver, op = exp)
@cuda.jit(fastmath=True)
def kernel_exp(r, x):
    r[0] = exp(x)


# TestFastMathOption.test_expf (precver, op = exp)
@cuda.jit
def kernel_exp_prec(r, x):
    r[0] = exp(x)


# TestFastMathOption.test_exp2f (fastver, op = exp2)
@cuda.jit(fastmath=True)
def kernel_exp2(r, x):
    r[0] = exp2(x)


# TestFastMathOption.test_exp2f (precver, op = exp2)
@cuda.jit
def kernel_exp2_prec(r, x):
    r[0] = exp2(x)


# TestFastMathOption.test_logf (fastver, op = log)
@cuda.jit(fastmath=True)
def kernel_log(r, x):
    r[0] = log(x)


# TestFastMathOption.test_logf (precver, op = log)
@cuda.jit
def kernel_log_prec(r, x):
    r[0] = log(x)


# TestFastMathOption.test_log10f (fastver, op = log10)
@cuda.jit(fastmath=True)
def kernel_log10(r, x):
    r[0] = log10(x)


# TestFastMathOption.test_log10f (precver, op = log10)
@cuda.jit
def kernel_log10_prec(r, x):
    r[0] = log10(x)


# TestFastMathOption.test_log2f (fastver, op = log2)
@cuda.jit(fastmath=True)
def kernel_log2(r, x):
    r[0] = log2(x)


# TestFastMathOption.test_log2f (precver, op = log2)
@cuda.jit
def kernel_log2_prec(r, x):
    r[0] = log2(x)


# TestFastMathOption.test_powf (fastver, op = pow)
@cuda.jit(fastmath=True)
def kernel_pow(r, x, y):
    r[0] = pow(x, y)


# TestFastMathOption.test_powf (precver, op = pow)
@cuda.jit
def kernel_pow_prec(r, x, y):
    r[0] = pow(x, y)


# TestFastMathOption.test_nextafterf (fastver, op = nextafter)
@cuda.jit(fastmath=True)
def kernel_nextafter(r, x, y):
    r[0] = nextafter(x, y)


# TestFastMathOption.test_nextafterf (precver, op = nextafter)
@cuda.jit
def kernel_nextafter_prec(r, x, y):
    r[0] = nextafter(x, y)


# TestFastMathOption.test_divf (fastver, op = truediv)
@cuda.jit(fastmath=True)
def kernel_truediv(r, x, y):
    r[0] = truediv(x, y)


# TestFastMathOption.test_divf (precver, op = truediv)
@cuda.jit
def kernel_truediv_prec(r, x, y):
    r[0] = truediv(x, y)


# TestFastMathOption.test_divf_exception (fastver)
@cuda.jit(fastmath=True, debug=True, opt=False)
def f10(r, x, y):
    r[0] = x / y


# TestFastMathOption.test_divf_exception (precver; renamed from f10)
@cuda.jit(debug=True, opt=False)
def f10_prec(r, x, y):
    r[0] = x / y
