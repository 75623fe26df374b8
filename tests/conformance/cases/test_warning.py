"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_warning.py (kernels/test_warning.py).

The tests check host-side warnings; the kernels and their launches are
ported, checking what the kernels write. Not ported: test_pinned_warn_on_host_array,
test_nowarn_on_mapped_array, test_nowarn_on_managed_array (pinned, mapped and
managed host memory: host API; the launch is test_warn_on_host_array's), and
the decorator-option warnings test_warn_on_debug_and_opt*,
test_no_warn_on_debug_and_no_opt, test_no_warn_with_no_debug_and_opt_kwargs,
test_no_warn_on_debug_and_opt_with_config, test_warn_on_debug_and_opt_with_config
(no kernel: warnings of cuda.jit() itself).
"""
import numpy as np

from conformance import Case, empty

N = 10

CASES = [
    # Launched twice upstream; the warning count is host behaviour.
    Case("fp16_kernel", "TestWarnings.test_float16_warn_if_lto_missing", "float16",
         sig="void()", args=lambda rng: [], reference=lambda: {}),
    Case("kernel", "TestWarnings.test_inefficient_launch_configuration", "indexing",
         sig="void()", args=lambda rng: [], name="kernel_1x1"),
    Case("kernel", "TestWarnings.test_efficient_launch_configuration", "indexing",
         sig="void()", args=lambda rng: [], griddim=256, blockdim=256,
         name="kernel_256x256"),
    Case("foo", "TestWarnings.test_warn_on_host_array", "indexing",
         sig="void(float32[::1], int64)",
         args=lambda rng: [np.zeros(N, dtype=np.float32), N],
         griddim=1, blockdim=N, name="foo_host_array"),
    Case("foo", "TestWarnings.test_nowarn_on_device_array", "indexing",
         sig="void(float32[::1], int64)",
         args=lambda rng: [empty(N, np.float32), N],
         griddim=1, blockdim=N, name="foo_device_array"),
]
