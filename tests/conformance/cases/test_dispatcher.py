"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_dispatcher.py (kernels/test_dispatcher.py).

Only the tests that check a kernel's results. Not ported (host-only: the
dispatcher's specialisation, launch-config capture, thread safety of
compilation, overload bookkeeping, argument preparation and its TypeErrors,
docstrings, device pointers, kernel properties, launch bounds in PTX):
TestDispatcherSpecialization (all), test_launch_config_available_during_compile,
test_capture_compile_config, test_dispatcher_mark_launch_config_sensitive,
test_launch_config_args_are_thread_local, test_coerce_input_types_unsafe
(expected failure upstream: host argument conversion),
test_coerce_input_types_unsafe_complex, test_explicit_signatures_ambiguous_resolution,
test_explicit_signatures_unsafe (expected failure upstream: host argument
conversion), test_dispatcher_docstring, test_dispatcher_cpointer_arguments
(raw device pointers), TestDispatcherKernelProperties (all),
TestLaunchBounds (all: PTX and driver launch errors).
TestSharedMemoryCarveout is in test_dispatcher_carveout.

Every reference is the value the upstream test asserts (r[0]).
"""
import numpy as np

from conformance import Case


def r0(value, dtype):
    """{0: [value]}: the result the test asserts in r[0]."""
    return lambda *args: {0: np.array([value], dtype=dtype)}


def zeros(dtype):
    return np.zeros(1, dtype=dtype)


CASES = [
    # test_coerce_input_types: cuda.jit(add_kernel), four launches, then
    # cuda.jit("(i4[::1], i4, i4)")(add_kernel).
    Case("add_kernel", "TestDispatcher.test_coerce_input_types", "arithmetic",
         name="add_kernel__int_int", sig="void(complex128[::1], int64, int64)",
         args=lambda rng: [zeros(np.complex128), 123, 456],
         reference=r0(123 + 456, np.complex128)),
    Case("add_kernel", "TestDispatcher.test_coerce_input_types", "arithmetic",
         name="add_kernel__float_float", sig="void(complex128[::1], float64, float64)",
         args=lambda rng: [zeros(np.complex128), 12.3, 45.6],
         reference=r0(12.3 + 45.6, np.complex128)),
    Case("add_kernel", "TestDispatcher.test_coerce_input_types", "arithmetic",
         name="add_kernel__float_complex", sig="void(complex128[::1], float64, complex128)",
         args=lambda rng: [zeros(np.complex128), 12.3, 45.6j],
         reference=r0(12.3 + 45.6j, np.complex128)),
    Case("add_kernel", "TestDispatcher.test_coerce_input_types", "arithmetic",
         name="add_kernel__bigint_int", sig="void(complex128[::1], int64, int64)",
         args=lambda rng: [zeros(np.complex128), 12300000000, 456],
         reference=r0(12300000000 + 456, np.complex128)),
    Case("add_kernel", "TestDispatcher.test_coerce_input_types", "arithmetic",
         name="add_kernel__i4", sig="(i4[::1], i4, i4)",
         args=lambda rng: [zeros(np.int32), 123, 456],
         reference=r0(123 + 456, np.int32)),
    # test_ambiguous_new_version: cuda.jit(add_kernel), four specialisations.
    Case("add_kernel", "TestDispatcher.test_ambiguous_new_version", "arithmetic",
         name="add_kernel__ambiguous_int_float", sig="void(float64[::1], int64, float64)",
         args=lambda rng: [zeros(np.float64), 1, 1.5], reference=r0(1 + 1.5, np.float64)),
    Case("add_kernel", "TestDispatcher.test_ambiguous_new_version", "arithmetic",
         name="add_kernel__ambiguous_float_int", sig="void(float64[::1], float64, int64)",
         args=lambda rng: [zeros(np.float64), 1.5, 1], reference=r0(1.5 + 1, np.float64)),
    Case("add_kernel", "TestDispatcher.test_ambiguous_new_version", "arithmetic",
         name="add_kernel__ambiguous_float_float", sig="void(float64[::1], float64, float64)",
         args=lambda rng: [zeros(np.float64), 1.5, 1.5], reference=r0(1.5 + 1.5, np.float64)),
    Case("add_kernel", "TestDispatcher.test_ambiguous_new_version", "arithmetic",
         name="add_kernel__ambiguous_int_int", sig="void(float64[::1], int64, int64)",
         args=lambda rng: [zeros(np.float64), 1, 1], reference=r0(1 + 1, np.float64)),
    Case("foo", "TestDispatcher.test_lock", "arithmetic",
         sig="void(int64[::1], int64)",
         args=lambda rng: [zeros(np.int64), 1], reference=r0(2, np.int64)),
]

# _test_explicit_signatures: the exact matches, the first signature
# (int64) and the second (float64, entry point NAME__1).
for kernel, test in [
        ("add_kernel_strings", "test_explicit_signatures_strings"),
        ("add_kernel_tuples", "test_explicit_signatures_tuples"),
        ("add_kernel_signatures", "test_explicit_signatures_signatures"),
        ("add_kernel_mixed_tuple_string", "test_explicit_signatures_mixed"),
        ("add_kernel_mixed_tuple_signature", "test_explicit_signatures_mixed"),
        ("add_kernel_mixed_signature_string", "test_explicit_signatures_mixed")]:
    CASES += [
        Case(kernel, "TestDispatcher." + test, "arithmetic", name=kernel + "__int64",
             args=lambda rng: [zeros(np.int64), 1, 2], reference=r0(3, np.int64)),
        Case(kernel, "TestDispatcher." + test, "arithmetic", name=kernel + "__float64",
             entry=kernel + "__1",
             args=lambda rng: [zeros(np.float64), 1.5, 2.5], reference=r0(4.0, np.float64)),
    ]

CASES += [
    Case("add_kernel_same_type_class", "TestDispatcher.test_explicit_signatures_same_type_class",
         "arithmetic", name="add_kernel_same_type_class__float32",
         args=lambda rng: [zeros(np.float64), np.float32(1), np.float32(2**-25)],
         reference=r0(1.0, np.float64)),
    Case("add_kernel_same_type_class", "TestDispatcher.test_explicit_signatures_same_type_class",
         "arithmetic", name="add_kernel_same_type_class__float64",
         entry="add_kernel_same_type_class__1",
         args=lambda rng: [zeros(np.float64), 1, 2**-25],
         reference=r0(1.0000000298023224, np.float64)),
    # add_device_usecase: a kernel calling a device function compiled for a
    # list of signatures; the kernel compiles lazily.
    Case("f_explicit", "TestDispatcher.test_explicit_signatures_device", "device functions",
         name="f_explicit__int64", sig="void(int64[::1], int64, int64)",
         args=lambda rng: [zeros(np.int64), 1, 2], reference=r0(3, np.int64)),
    Case("f_explicit", "TestDispatcher.test_explicit_signatures_device", "device functions",
         name="f_explicit__float64", sig="void(float64[::1], float64, float64)",
         args=lambda rng: [zeros(np.float64), 1.5, 2.5], reference=r0(4.0, np.float64)),
    Case("f_same_type_class", "TestDispatcher.test_explicit_signatures_device_same_type_class",
         "device functions", name="f_same_type_class__float32",
         sig="void(float64[::1], float32, float32)",
         args=lambda rng: [zeros(np.float64), np.float32(1), np.float32(2**-25)],
         reference=r0(1.0, np.float64)),
    Case("f_same_type_class", "TestDispatcher.test_explicit_signatures_device_same_type_class",
         "device functions", name="f_same_type_class__int_float",
         sig="void(float64[::1], int64, float64)",
         args=lambda rng: [zeros(np.float64), 1, 2**-25],
         reference=r0(1.0000000298023224, np.float64)),
    Case("f_ambiguous", "TestDispatcher.test_explicit_signatures_device_ambiguous",
         "device functions", sig="void(float64[::1], float64, float64)",
         args=lambda rng: [zeros(np.float64), 1.5, 2.5], reference=r0(4.0, np.float64)),
    Case("f_unsafe_int", "TestDispatcher.test_explicit_signatures_device_unsafe",
         "device functions", sig="void(int64[::1], float64, float64)",
         args=lambda rng: [zeros(np.int64), 1.5, 2.5], reference=r0(3, np.int64)),
    Case("f_unsafe_int_float", "TestDispatcher.test_explicit_signatures_device_unsafe",
         "device functions", sig="void(float64[::1], int32, float64)",
         args=lambda rng: [zeros(np.float64), np.int32(1), 2.5], reference=r0(3.5, np.float64)),
]
