"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_userexc.py (kernels/test_userexc.py).

The kernel has no array argument: the cases check that it compiles and runs.
Upstream asserts MyError for x=1 and MyError("foo") for x=2 (with
"tid=[0, 0, 0] ctaid=[0, 0, 0]" in the message); the harness cannot check a
raised exception yet (a Case field such as raises="MyError" is needed).
"""
from conformance import Case

CASES = [
    Case("test_exc", "TestUserExc.test_user_exception", "exceptions",
         args=lambda rng: [0], name="test_exc_0"),
    Case("test_exc", "TestUserExc.test_user_exception", "exceptions",
         args=lambda rng: [1], name="test_exc_1", reference=lambda x: {}),
    Case("test_exc", "TestUserExc.test_user_exception", "exceptions",
         args=lambda rng: [2], name="test_exc_2", reference=lambda x: {}),
]
