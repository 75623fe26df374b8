"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_array_alignment.py (kernels/test_array_alignment.py).

TestArrayAddressAlignment.test_invalid_aligments compiles (at its launch
f[1, 1](np.zeros(1, np.uint64))) a kernel per iteration of
product(array_types, shapes, dtypes, alignments) and asserts that Numba
refuses it: ValueError "Alignment must be ..." for the integers -1, 0, 3, 17
and 33, TypingError "RequireLiteralValue: ... alignment must be a constant
integer" for "1.0", "1", "foo", 1.0, 1.5 and 3.2. The cases expect nvc to
refuse them with a message containing "lignment must be" (both of Numba's
wordings), so that a refusal of the alignment keyword as such does not count.

Not ported: test_array_alignment_1d, _2d, _3d (they assert on the LLVM IR of
the kernel, inspect_llvm, and on the address of the local or shared array,
.ctypes.data, modulo the alignment: compiler output and raw addresses, which
Vulkan's logical addressing does not give Function or Workgroup storage);
TestCudasimUnsupportedAlignment (the simulator's own refusal).
"""
from conformance import Case


def invalid(kernel):
    return Case(kernel, "TestArrayAddressAlignment.test_invalid_aligments", "local arrays"
                if "_local_" in kernel else "shared memory", sig="void(uint64[::1])",
                args=lambda rng: [], rejects="lignment must be")


CASES = [
    invalid("f_local_1_uint8_m1"),
    invalid("f_local_1_uint8_0"),
    invalid("f_local_1_uint8_3"),
    invalid("f_local_1_uint8_17"),
    invalid("f_local_1_uint8_33"),
    invalid("f_local_1_uint8_str_1_0"),
    invalid("f_local_1_uint8_str_1"),
    invalid("f_local_1_uint8_str_foo"),
    invalid("f_local_1_uint8_float_1_0"),
    invalid("f_local_1_uint8_float_1_5"),
    invalid("f_local_1_uint8_float_3_2"),
    invalid("f_local_1_uint64_m1"),
    invalid("f_local_1_uint64_0"),
    invalid("f_local_1_uint64_3"),
    invalid("f_local_1_uint64_17"),
    invalid("f_local_1_uint64_33"),
    invalid("f_local_1_uint64_str_1_0"),
    invalid("f_local_1_uint64_str_1"),
    invalid("f_local_1_uint64_str_foo"),
    invalid("f_local_1_uint64_float_1_0"),
    invalid("f_local_1_uint64_float_1_5"),
    invalid("f_local_1_uint64_float_3_2"),
    invalid("f_local_50_uint8_m1"),
    invalid("f_local_50_uint8_0"),
    invalid("f_local_50_uint8_3"),
    invalid("f_local_50_uint8_17"),
    invalid("f_local_50_uint8_33"),
    invalid("f_local_50_uint8_str_1_0"),
    invalid("f_local_50_uint8_str_1"),
    invalid("f_local_50_uint8_str_foo"),
    invalid("f_local_50_uint8_float_1_0"),
    invalid("f_local_50_uint8_float_1_5"),
    invalid("f_local_50_uint8_float_3_2"),
    invalid("f_local_50_uint64_m1"),
    invalid("f_local_50_uint64_0"),
    invalid("f_local_50_uint64_3"),
    invalid("f_local_50_uint64_17"),
    invalid("f_local_50_uint64_33"),
    invalid("f_local_50_uint64_str_1_0"),
    invalid("f_local_50_uint64_str_1"),
    invalid("f_local_50_uint64_str_foo"),
    invalid("f_local_50_uint64_float_1_0"),
    invalid("f_local_50_uint64_float_1_5"),
    invalid("f_local_50_uint64_float_3_2"),
    invalid("f_shared_1_uint8_m1"),
    invalid("f_shared_1_uint8_0"),
    invalid("f_shared_1_uint8_3"),
    invalid("f_shared_1_uint8_17"),
    invalid("f_shared_1_uint8_33"),
    invalid("f_shared_1_uint8_str_1_0"),
    invalid("f_shared_1_uint8_str_1"),
    invalid("f_shared_1_uint8_str_foo"),
    invalid("f_shared_1_uint8_float_1_0"),
    invalid("f_shared_1_uint8_float_1_5"),
    invalid("f_shared_1_uint8_float_3_2"),
    invalid("f_shared_1_uint64_m1"),
    invalid("f_shared_1_uint64_0"),
    invalid("f_shared_1_uint64_3"),
    invalid("f_shared_1_uint64_17"),
    invalid("f_shared_1_uint64_33"),
    invalid("f_shared_1_uint64_str_1_0"),
    invalid("f_shared_1_uint64_str_1"),
    invalid("f_shared_1_uint64_str_foo"),
    invalid("f_shared_1_uint64_float_1_0"),
    invalid("f_shared_1_uint64_float_1_5"),
    invalid("f_shared_1_uint64_float_3_2"),
    invalid("f_shared_50_uint8_m1"),
    invalid("f_shared_50_uint8_0"),
    invalid("f_shared_50_uint8_3"),
    invalid("f_shared_50_uint8_17"),
    invalid("f_shared_50_uint8_33"),
    invalid("f_shared_50_uint8_str_1_0"),
    invalid("f_shared_50_uint8_str_1"),
    invalid("f_shared_50_uint8_str_foo"),
    invalid("f_shared_50_uint8_float_1_0"),
    invalid("f_shared_50_uint8_float_1_5"),
    invalid("f_shared_50_uint8_float_3_2"),
    invalid("f_shared_50_uint64_m1"),
    invalid("f_shared_50_uint64_0"),
    invalid("f_shared_50_uint64_3"),
    invalid("f_shared_50_uint64_17"),
    invalid("f_shared_50_uint64_33"),
    invalid("f_shared_50_uint64_str_1_0"),
    invalid("f_shared_50_uint64_str_1"),
    invalid("f_shared_50_uint64_str_foo"),
    invalid("f_shared_50_uint64_float_1_0"),
    invalid("f_shared_50_uint64_float_1_5"),
    invalid("f_shared_50_uint64_float_3_2"),
]
