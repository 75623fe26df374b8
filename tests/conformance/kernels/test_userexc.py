# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_userexc.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
from numba import cuda


# TestUserExc.test_user_exception (the exception class the kernel raises)
class MyError(Exception):
    pass


# TestUserExc.test_user_exception
@cuda.jit("void(int32)", debug=True, opt=False)
def test_exc(x):
    if x == 1:
        raise MyError
    elif x == 2:
        raise MyError("foo")
