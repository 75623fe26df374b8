"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_userexc.py (kernels/test_userexc.py).

Upstream asserts MyError for x=1 and MyError("foo") for x=2 (with
"tid=[0, 0, 0] ctaid=[0, 0, 0]" in the message, numba-cuda's debug form; nvc
reports the raising invocation's global id on the report's second line).
"""
from conformance import Case

CASES = [
    Case("test_exc", "TestUserExc.test_user_exception", "exceptions",
         args=lambda rng: [0], name="test_exc_0"),
    Case("test_exc", "TestUserExc.test_user_exception", "exceptions",
         args=lambda rng: [1], name="test_exc_1", reference=lambda x: {},
         raises="MyError"),
    Case("test_exc", "TestUserExc.test_user_exception", "exceptions",
         args=lambda rng: [2], name="test_exc_2", reference=lambda x: {},
         raises="MyError: foo"),
]
