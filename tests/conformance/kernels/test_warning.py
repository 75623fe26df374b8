# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_warning.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
import math

import numpy as np
from numba import cuda


# TestWarnings.test_float16_warn_if_lto_missing (fp16_kernel_invocation, the
# kernel of its subprocess code)
@cuda.jit
def fp16_kernel():
    x = cuda.types.float16(1.0)
    y = math.sin(x)


# TestWarnings.test_inefficient_launch_configuration,
# test_efficient_launch_configuration (kernel)
@cuda.jit
def kernel():
    pass


# TestWarnings.test_warn_on_host_array, test_pinned_warn_on_host_array,
# test_nowarn_on_mapped_array, test_nowarn_on_managed_array,
# test_nowarn_on_device_array (foo)
@cuda.jit
def foo(r, x):
    r[0] = x + 1
