# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_vector_type.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# make_kernel(vtype) and make_fancy_creation_kernel(vtype) build one kernel
# per vector type (numba.cuda.vector_types: int8 ... float64, 1 to 4
# elements) from closure variables: vobj (the type's constructor, cuda.<name>),
# base_type (its element type), and v1 ... v4 (cuda.<prefix>x1 ... x4). Here
# each vector type has its own kernels, kernel_<n>elem_<name> and
# fancy_kernel_<name>, with those closure variables written as the objects
# they are (cuda.int8x2 for vobj, int8 for base_type, ...). Upstream compiles
# them with cuda.jit(fn) (lazily): the cases give the signature.
from numba import cuda
from numba.cuda import (int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                        float32, float64)


# TestCudaVectorType.test_basic
@cuda.jit("void(float64[:])")
def kernel(arr):
    v1 = cuda.float64x4(1.0, 3.0, 5.0, 7.0)
    v2 = cuda.short2(10, 11)
    arr[0] = v1.x
    arr[1] = v1.y
    arr[2] = v1.z
    arr[3] = v1.w
    arr[4] = v2.x
    arr[5] = v2.y


# TestCudaVectorType.test_creation_readout (make_kernel(int8x1))
@cuda.jit
def kernel_1elem_int8x1(res):
    v = cuda.int8x1(int8(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(int8x2))
@cuda.jit
def kernel_2elem_int8x2(res):
    v = cuda.int8x2(int8(0), int8(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(int8x3))
@cuda.jit
def kernel_3elem_int8x3(res):
    v = cuda.int8x3(int8(0), int8(1), int8(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(int8x4))
@cuda.jit
def kernel_4elem_int8x4(res):
    v = cuda.int8x4(int8(0), int8(1), int8(2), int8(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(int16x1))
@cuda.jit
def kernel_1elem_int16x1(res):
    v = cuda.int16x1(int16(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(int16x2))
@cuda.jit
def kernel_2elem_int16x2(res):
    v = cuda.int16x2(int16(0), int16(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(int16x3))
@cuda.jit
def kernel_3elem_int16x3(res):
    v = cuda.int16x3(int16(0), int16(1), int16(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(int16x4))
@cuda.jit
def kernel_4elem_int16x4(res):
    v = cuda.int16x4(int16(0), int16(1), int16(2), int16(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(int32x1))
@cuda.jit
def kernel_1elem_int32x1(res):
    v = cuda.int32x1(int32(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(int32x2))
@cuda.jit
def kernel_2elem_int32x2(res):
    v = cuda.int32x2(int32(0), int32(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(int32x3))
@cuda.jit
def kernel_3elem_int32x3(res):
    v = cuda.int32x3(int32(0), int32(1), int32(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(int32x4))
@cuda.jit
def kernel_4elem_int32x4(res):
    v = cuda.int32x4(int32(0), int32(1), int32(2), int32(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(int64x1))
@cuda.jit
def kernel_1elem_int64x1(res):
    v = cuda.int64x1(int64(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(int64x2))
@cuda.jit
def kernel_2elem_int64x2(res):
    v = cuda.int64x2(int64(0), int64(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(int64x3))
@cuda.jit
def kernel_3elem_int64x3(res):
    v = cuda.int64x3(int64(0), int64(1), int64(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(int64x4))
@cuda.jit
def kernel_4elem_int64x4(res):
    v = cuda.int64x4(int64(0), int64(1), int64(2), int64(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(uint8x1))
@cuda.jit
def kernel_1elem_uint8x1(res):
    v = cuda.uint8x1(uint8(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(uint8x2))
@cuda.jit
def kernel_2elem_uint8x2(res):
    v = cuda.uint8x2(uint8(0), uint8(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(uint8x3))
@cuda.jit
def kernel_3elem_uint8x3(res):
    v = cuda.uint8x3(uint8(0), uint8(1), uint8(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(uint8x4))
@cuda.jit
def kernel_4elem_uint8x4(res):
    v = cuda.uint8x4(uint8(0), uint8(1), uint8(2), uint8(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(uint16x1))
@cuda.jit
def kernel_1elem_uint16x1(res):
    v = cuda.uint16x1(uint16(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(uint16x2))
@cuda.jit
def kernel_2elem_uint16x2(res):
    v = cuda.uint16x2(uint16(0), uint16(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(uint16x3))
@cuda.jit
def kernel_3elem_uint16x3(res):
    v = cuda.uint16x3(uint16(0), uint16(1), uint16(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(uint16x4))
@cuda.jit
def kernel_4elem_uint16x4(res):
    v = cuda.uint16x4(uint16(0), uint16(1), uint16(2), uint16(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(uint32x1))
@cuda.jit
def kernel_1elem_uint32x1(res):
    v = cuda.uint32x1(uint32(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(uint32x2))
@cuda.jit
def kernel_2elem_uint32x2(res):
    v = cuda.uint32x2(uint32(0), uint32(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(uint32x3))
@cuda.jit
def kernel_3elem_uint32x3(res):
    v = cuda.uint32x3(uint32(0), uint32(1), uint32(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(uint32x4))
@cuda.jit
def kernel_4elem_uint32x4(res):
    v = cuda.uint32x4(uint32(0), uint32(1), uint32(2), uint32(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(uint64x1))
@cuda.jit
def kernel_1elem_uint64x1(res):
    v = cuda.uint64x1(uint64(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(uint64x2))
@cuda.jit
def kernel_2elem_uint64x2(res):
    v = cuda.uint64x2(uint64(0), uint64(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(uint64x3))
@cuda.jit
def kernel_3elem_uint64x3(res):
    v = cuda.uint64x3(uint64(0), uint64(1), uint64(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(uint64x4))
@cuda.jit
def kernel_4elem_uint64x4(res):
    v = cuda.uint64x4(uint64(0), uint64(1), uint64(2), uint64(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(float32x1))
@cuda.jit
def kernel_1elem_float32x1(res):
    v = cuda.float32x1(float32(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(float32x2))
@cuda.jit
def kernel_2elem_float32x2(res):
    v = cuda.float32x2(float32(0), float32(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(float32x3))
@cuda.jit
def kernel_3elem_float32x3(res):
    v = cuda.float32x3(float32(0), float32(1), float32(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(float32x4))
@cuda.jit
def kernel_4elem_float32x4(res):
    v = cuda.float32x4(float32(0), float32(1), float32(2), float32(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_creation_readout (make_kernel(float64x1))
@cuda.jit
def kernel_1elem_float64x1(res):
    v = cuda.float64x1(float64(0))
    res[0] = v.x


# TestCudaVectorType.test_creation_readout (make_kernel(float64x2))
@cuda.jit
def kernel_2elem_float64x2(res):
    v = cuda.float64x2(float64(0), float64(1))
    res[0] = v.x
    res[1] = v.y


# TestCudaVectorType.test_creation_readout (make_kernel(float64x3))
@cuda.jit
def kernel_3elem_float64x3(res):
    v = cuda.float64x3(float64(0), float64(1), float64(2))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z


# TestCudaVectorType.test_creation_readout (make_kernel(float64x4))
@cuda.jit
def kernel_4elem_float64x4(res):
    v = cuda.float64x4(float64(0), float64(1), float64(2), float64(3))
    res[0] = v.x
    res[1] = v.y
    res[2] = v.z
    res[3] = v.w


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int8x1))
@cuda.jit
def fancy_kernel_int8x1(res):
    one = int8(1.0)
    two = int8(2.0)
    three = int8(3.0)
    four = int8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int8x1(one)  # 1
    f1_2 = cuda.int8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int8x2(two, three)  # 2 3
    f2_2 = cuda.int8x2(f1_1, three)  # 1 3
    f2_3 = cuda.int8x2(two, f1_1)  # 2 1
    f2_4 = cuda.int8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int8x2))
@cuda.jit
def fancy_kernel_int8x2(res):
    one = int8(1.0)
    two = int8(2.0)
    three = int8(3.0)
    four = int8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int8x1(one)  # 1
    f1_2 = cuda.int8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int8x2(two, three)  # 2 3
    f2_2 = cuda.int8x2(f1_1, three)  # 1 3
    f2_3 = cuda.int8x2(two, f1_1)  # 2 1
    f2_4 = cuda.int8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int8x3))
@cuda.jit
def fancy_kernel_int8x3(res):
    one = int8(1.0)
    two = int8(2.0)
    three = int8(3.0)
    four = int8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int8x1(one)  # 1
    f1_2 = cuda.int8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int8x2(two, three)  # 2 3
    f2_2 = cuda.int8x2(f1_1, three)  # 1 3
    f2_3 = cuda.int8x2(two, f1_1)  # 2 1
    f2_4 = cuda.int8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int8x4))
@cuda.jit
def fancy_kernel_int8x4(res):
    one = int8(1.0)
    two = int8(2.0)
    three = int8(3.0)
    four = int8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int8x1(one)  # 1
    f1_2 = cuda.int8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int8x2(two, three)  # 2 3
    f2_2 = cuda.int8x2(f1_1, three)  # 1 3
    f2_3 = cuda.int8x2(two, f1_1)  # 2 1
    f2_4 = cuda.int8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int16x1))
@cuda.jit
def fancy_kernel_int16x1(res):
    one = int16(1.0)
    two = int16(2.0)
    three = int16(3.0)
    four = int16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int16x1(one)  # 1
    f1_2 = cuda.int16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int16x2(two, three)  # 2 3
    f2_2 = cuda.int16x2(f1_1, three)  # 1 3
    f2_3 = cuda.int16x2(two, f1_1)  # 2 1
    f2_4 = cuda.int16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int16x2))
@cuda.jit
def fancy_kernel_int16x2(res):
    one = int16(1.0)
    two = int16(2.0)
    three = int16(3.0)
    four = int16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int16x1(one)  # 1
    f1_2 = cuda.int16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int16x2(two, three)  # 2 3
    f2_2 = cuda.int16x2(f1_1, three)  # 1 3
    f2_3 = cuda.int16x2(two, f1_1)  # 2 1
    f2_4 = cuda.int16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int16x3))
@cuda.jit
def fancy_kernel_int16x3(res):
    one = int16(1.0)
    two = int16(2.0)
    three = int16(3.0)
    four = int16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int16x1(one)  # 1
    f1_2 = cuda.int16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int16x2(two, three)  # 2 3
    f2_2 = cuda.int16x2(f1_1, three)  # 1 3
    f2_3 = cuda.int16x2(two, f1_1)  # 2 1
    f2_4 = cuda.int16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int16x4))
@cuda.jit
def fancy_kernel_int16x4(res):
    one = int16(1.0)
    two = int16(2.0)
    three = int16(3.0)
    four = int16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int16x1(one)  # 1
    f1_2 = cuda.int16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int16x2(two, three)  # 2 3
    f2_2 = cuda.int16x2(f1_1, three)  # 1 3
    f2_3 = cuda.int16x2(two, f1_1)  # 2 1
    f2_4 = cuda.int16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int32x1))
@cuda.jit
def fancy_kernel_int32x1(res):
    one = int32(1.0)
    two = int32(2.0)
    three = int32(3.0)
    four = int32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int32x1(one)  # 1
    f1_2 = cuda.int32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int32x2(two, three)  # 2 3
    f2_2 = cuda.int32x2(f1_1, three)  # 1 3
    f2_3 = cuda.int32x2(two, f1_1)  # 2 1
    f2_4 = cuda.int32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int32x2))
@cuda.jit
def fancy_kernel_int32x2(res):
    one = int32(1.0)
    two = int32(2.0)
    three = int32(3.0)
    four = int32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int32x1(one)  # 1
    f1_2 = cuda.int32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int32x2(two, three)  # 2 3
    f2_2 = cuda.int32x2(f1_1, three)  # 1 3
    f2_3 = cuda.int32x2(two, f1_1)  # 2 1
    f2_4 = cuda.int32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int32x3))
@cuda.jit
def fancy_kernel_int32x3(res):
    one = int32(1.0)
    two = int32(2.0)
    three = int32(3.0)
    four = int32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int32x1(one)  # 1
    f1_2 = cuda.int32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int32x2(two, three)  # 2 3
    f2_2 = cuda.int32x2(f1_1, three)  # 1 3
    f2_3 = cuda.int32x2(two, f1_1)  # 2 1
    f2_4 = cuda.int32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int32x4))
@cuda.jit
def fancy_kernel_int32x4(res):
    one = int32(1.0)
    two = int32(2.0)
    three = int32(3.0)
    four = int32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int32x1(one)  # 1
    f1_2 = cuda.int32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int32x2(two, three)  # 2 3
    f2_2 = cuda.int32x2(f1_1, three)  # 1 3
    f2_3 = cuda.int32x2(two, f1_1)  # 2 1
    f2_4 = cuda.int32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int64x1))
@cuda.jit
def fancy_kernel_int64x1(res):
    one = int64(1.0)
    two = int64(2.0)
    three = int64(3.0)
    four = int64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int64x1(one)  # 1
    f1_2 = cuda.int64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int64x2(two, three)  # 2 3
    f2_2 = cuda.int64x2(f1_1, three)  # 1 3
    f2_3 = cuda.int64x2(two, f1_1)  # 2 1
    f2_4 = cuda.int64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int64x2))
@cuda.jit
def fancy_kernel_int64x2(res):
    one = int64(1.0)
    two = int64(2.0)
    three = int64(3.0)
    four = int64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int64x1(one)  # 1
    f1_2 = cuda.int64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int64x2(two, three)  # 2 3
    f2_2 = cuda.int64x2(f1_1, three)  # 1 3
    f2_3 = cuda.int64x2(two, f1_1)  # 2 1
    f2_4 = cuda.int64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int64x3))
@cuda.jit
def fancy_kernel_int64x3(res):
    one = int64(1.0)
    two = int64(2.0)
    three = int64(3.0)
    four = int64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int64x1(one)  # 1
    f1_2 = cuda.int64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int64x2(two, three)  # 2 3
    f2_2 = cuda.int64x2(f1_1, three)  # 1 3
    f2_3 = cuda.int64x2(two, f1_1)  # 2 1
    f2_4 = cuda.int64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(int64x4))
@cuda.jit
def fancy_kernel_int64x4(res):
    one = int64(1.0)
    two = int64(2.0)
    three = int64(3.0)
    four = int64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.int64x1(one)  # 1
    f1_2 = cuda.int64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.int64x2(two, three)  # 2 3
    f2_2 = cuda.int64x2(f1_1, three)  # 1 3
    f2_3 = cuda.int64x2(two, f1_1)  # 2 1
    f2_4 = cuda.int64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.int64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.int64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.int64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.int64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.int64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.int64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.int64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.int64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.int64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.int64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.int64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.int64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.int64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.int64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.int64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.int64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.int64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.int64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.int64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.int64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.int64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.int64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.int64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.int64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.int64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.int64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.int64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.int64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.int64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.int64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.int64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.int64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.int64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.int64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.int64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.int64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.int64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.int64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.int64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.int64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.int64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.int64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.int64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.int64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.int64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.int64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.int64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.int64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint8x1))
@cuda.jit
def fancy_kernel_uint8x1(res):
    one = uint8(1.0)
    two = uint8(2.0)
    three = uint8(3.0)
    four = uint8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint8x1(one)  # 1
    f1_2 = cuda.uint8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint8x2(two, three)  # 2 3
    f2_2 = cuda.uint8x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint8x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint8x2))
@cuda.jit
def fancy_kernel_uint8x2(res):
    one = uint8(1.0)
    two = uint8(2.0)
    three = uint8(3.0)
    four = uint8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint8x1(one)  # 1
    f1_2 = cuda.uint8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint8x2(two, three)  # 2 3
    f2_2 = cuda.uint8x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint8x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint8x3))
@cuda.jit
def fancy_kernel_uint8x3(res):
    one = uint8(1.0)
    two = uint8(2.0)
    three = uint8(3.0)
    four = uint8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint8x1(one)  # 1
    f1_2 = cuda.uint8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint8x2(two, three)  # 2 3
    f2_2 = cuda.uint8x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint8x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint8x4))
@cuda.jit
def fancy_kernel_uint8x4(res):
    one = uint8(1.0)
    two = uint8(2.0)
    three = uint8(3.0)
    four = uint8(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint8x1(one)  # 1
    f1_2 = cuda.uint8x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint8x2(two, three)  # 2 3
    f2_2 = cuda.uint8x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint8x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint8x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint8x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint8x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint8x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint8x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint8x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint8x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint8x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint8x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint8x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint8x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint8x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint8x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint8x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint8x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint8x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint8x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint8x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint8x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint8x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint8x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint8x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint8x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint8x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint8x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint8x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint8x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint8x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint8x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint8x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint8x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint8x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint8x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint8x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint8x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint8x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint8x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint8x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint8x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint8x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint8x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint8x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint8x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint8x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint8x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint8x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint8x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint8x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint8x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint16x1))
@cuda.jit
def fancy_kernel_uint16x1(res):
    one = uint16(1.0)
    two = uint16(2.0)
    three = uint16(3.0)
    four = uint16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint16x1(one)  # 1
    f1_2 = cuda.uint16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint16x2(two, three)  # 2 3
    f2_2 = cuda.uint16x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint16x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint16x2))
@cuda.jit
def fancy_kernel_uint16x2(res):
    one = uint16(1.0)
    two = uint16(2.0)
    three = uint16(3.0)
    four = uint16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint16x1(one)  # 1
    f1_2 = cuda.uint16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint16x2(two, three)  # 2 3
    f2_2 = cuda.uint16x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint16x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint16x3))
@cuda.jit
def fancy_kernel_uint16x3(res):
    one = uint16(1.0)
    two = uint16(2.0)
    three = uint16(3.0)
    four = uint16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint16x1(one)  # 1
    f1_2 = cuda.uint16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint16x2(two, three)  # 2 3
    f2_2 = cuda.uint16x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint16x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint16x4))
@cuda.jit
def fancy_kernel_uint16x4(res):
    one = uint16(1.0)
    two = uint16(2.0)
    three = uint16(3.0)
    four = uint16(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint16x1(one)  # 1
    f1_2 = cuda.uint16x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint16x2(two, three)  # 2 3
    f2_2 = cuda.uint16x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint16x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint16x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint16x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint16x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint16x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint16x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint16x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint16x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint16x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint16x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint16x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint16x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint16x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint16x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint16x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint16x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint16x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint16x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint16x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint16x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint16x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint16x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint16x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint16x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint16x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint16x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint16x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint16x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint16x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint16x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint16x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint16x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint16x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint16x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint16x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint16x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint16x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint16x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint16x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint16x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint16x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint16x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint16x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint16x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint16x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint16x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint16x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint16x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint16x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint16x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint32x1))
@cuda.jit
def fancy_kernel_uint32x1(res):
    one = uint32(1.0)
    two = uint32(2.0)
    three = uint32(3.0)
    four = uint32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint32x1(one)  # 1
    f1_2 = cuda.uint32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint32x2(two, three)  # 2 3
    f2_2 = cuda.uint32x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint32x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint32x2))
@cuda.jit
def fancy_kernel_uint32x2(res):
    one = uint32(1.0)
    two = uint32(2.0)
    three = uint32(3.0)
    four = uint32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint32x1(one)  # 1
    f1_2 = cuda.uint32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint32x2(two, three)  # 2 3
    f2_2 = cuda.uint32x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint32x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint32x3))
@cuda.jit
def fancy_kernel_uint32x3(res):
    one = uint32(1.0)
    two = uint32(2.0)
    three = uint32(3.0)
    four = uint32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint32x1(one)  # 1
    f1_2 = cuda.uint32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint32x2(two, three)  # 2 3
    f2_2 = cuda.uint32x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint32x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint32x4))
@cuda.jit
def fancy_kernel_uint32x4(res):
    one = uint32(1.0)
    two = uint32(2.0)
    three = uint32(3.0)
    four = uint32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint32x1(one)  # 1
    f1_2 = cuda.uint32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint32x2(two, three)  # 2 3
    f2_2 = cuda.uint32x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint32x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint64x1))
@cuda.jit
def fancy_kernel_uint64x1(res):
    one = uint64(1.0)
    two = uint64(2.0)
    three = uint64(3.0)
    four = uint64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint64x1(one)  # 1
    f1_2 = cuda.uint64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint64x2(two, three)  # 2 3
    f2_2 = cuda.uint64x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint64x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint64x2))
@cuda.jit
def fancy_kernel_uint64x2(res):
    one = uint64(1.0)
    two = uint64(2.0)
    three = uint64(3.0)
    four = uint64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint64x1(one)  # 1
    f1_2 = cuda.uint64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint64x2(two, three)  # 2 3
    f2_2 = cuda.uint64x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint64x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint64x3))
@cuda.jit
def fancy_kernel_uint64x3(res):
    one = uint64(1.0)
    two = uint64(2.0)
    three = uint64(3.0)
    four = uint64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint64x1(one)  # 1
    f1_2 = cuda.uint64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint64x2(two, three)  # 2 3
    f2_2 = cuda.uint64x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint64x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(uint64x4))
@cuda.jit
def fancy_kernel_uint64x4(res):
    one = uint64(1.0)
    two = uint64(2.0)
    three = uint64(3.0)
    four = uint64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.uint64x1(one)  # 1
    f1_2 = cuda.uint64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.uint64x2(two, three)  # 2 3
    f2_2 = cuda.uint64x2(f1_1, three)  # 1 3
    f2_3 = cuda.uint64x2(two, f1_1)  # 2 1
    f2_4 = cuda.uint64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.uint64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.uint64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.uint64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.uint64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.uint64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.uint64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.uint64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.uint64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.uint64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.uint64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.uint64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.uint64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.uint64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.uint64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.uint64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.uint64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.uint64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.uint64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.uint64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.uint64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.uint64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.uint64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.uint64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.uint64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.uint64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.uint64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.uint64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.uint64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.uint64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.uint64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.uint64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.uint64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.uint64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.uint64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.uint64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.uint64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.uint64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.uint64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.uint64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.uint64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.uint64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.uint64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.uint64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.uint64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.uint64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.uint64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.uint64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.uint64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float32x1))
@cuda.jit
def fancy_kernel_float32x1(res):
    one = float32(1.0)
    two = float32(2.0)
    three = float32(3.0)
    four = float32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float32x1(one)  # 1
    f1_2 = cuda.float32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float32x2(two, three)  # 2 3
    f2_2 = cuda.float32x2(f1_1, three)  # 1 3
    f2_3 = cuda.float32x2(two, f1_1)  # 2 1
    f2_4 = cuda.float32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float32x2))
@cuda.jit
def fancy_kernel_float32x2(res):
    one = float32(1.0)
    two = float32(2.0)
    three = float32(3.0)
    four = float32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float32x1(one)  # 1
    f1_2 = cuda.float32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float32x2(two, three)  # 2 3
    f2_2 = cuda.float32x2(f1_1, three)  # 1 3
    f2_3 = cuda.float32x2(two, f1_1)  # 2 1
    f2_4 = cuda.float32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float32x3))
@cuda.jit
def fancy_kernel_float32x3(res):
    one = float32(1.0)
    two = float32(2.0)
    three = float32(3.0)
    four = float32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float32x1(one)  # 1
    f1_2 = cuda.float32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float32x2(two, three)  # 2 3
    f2_2 = cuda.float32x2(f1_1, three)  # 1 3
    f2_3 = cuda.float32x2(two, f1_1)  # 2 1
    f2_4 = cuda.float32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float32x4))
@cuda.jit
def fancy_kernel_float32x4(res):
    one = float32(1.0)
    two = float32(2.0)
    three = float32(3.0)
    four = float32(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float32x1(one)  # 1
    f1_2 = cuda.float32x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float32x2(two, three)  # 2 3
    f2_2 = cuda.float32x2(f1_1, three)  # 1 3
    f2_3 = cuda.float32x2(two, f1_1)  # 2 1
    f2_4 = cuda.float32x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float32x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float32x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float32x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float32x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float32x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float32x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float32x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float32x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float32x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float32x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float32x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float32x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float32x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float32x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float32x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float32x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float32x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float32x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float32x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float32x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float32x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float32x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float32x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float32x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float32x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float32x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float32x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float32x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float32x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float32x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float32x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float32x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float32x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float32x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float32x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float32x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float32x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float32x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float32x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float32x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float32x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float32x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float32x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float32x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float32x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float32x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float32x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float32x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float64x1))
@cuda.jit
def fancy_kernel_float64x1(res):
    one = float64(1.0)
    two = float64(2.0)
    three = float64(3.0)
    four = float64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float64x1(one)  # 1
    f1_2 = cuda.float64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float64x2(two, three)  # 2 3
    f2_2 = cuda.float64x2(f1_1, three)  # 1 3
    f2_3 = cuda.float64x2(two, f1_1)  # 2 1
    f2_4 = cuda.float64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float64x2))
@cuda.jit
def fancy_kernel_float64x2(res):
    one = float64(1.0)
    two = float64(2.0)
    three = float64(3.0)
    four = float64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float64x1(one)  # 1
    f1_2 = cuda.float64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float64x2(two, three)  # 2 3
    f2_2 = cuda.float64x2(f1_1, three)  # 1 3
    f2_3 = cuda.float64x2(two, f1_1)  # 2 1
    f2_4 = cuda.float64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float64x3))
@cuda.jit
def fancy_kernel_float64x3(res):
    one = float64(1.0)
    two = float64(2.0)
    three = float64(3.0)
    four = float64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float64x1(one)  # 1
    f1_2 = cuda.float64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float64x2(two, three)  # 2 3
    f2_2 = cuda.float64x2(f1_1, three)  # 1 3
    f2_3 = cuda.float64x2(two, f1_1)  # 2 1
    f2_4 = cuda.float64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4


# TestCudaVectorType.test_fancy_creation_readout (make_fancy_creation_kernel(float64x4))
@cuda.jit
def fancy_kernel_float64x4(res):
    one = float64(1.0)
    two = float64(2.0)
    three = float64(3.0)
    four = float64(4.0)

    j = 0  # index of the result array

    # Construct a 1-component vector type, possible combination includes:
    # 2C1 = 2 combinations.

    f1_1 = cuda.float64x1(one)  # 1
    f1_2 = cuda.float64x1(f1_1)  # 1

    res[0] = f1_1.x
    res[1] = f1_2.x
    j += 2

    # Construct a 2-component vector type, possible combination includes:
    # 1 + 2C1 * 2 = 5 combinations

    f2_1 = cuda.float64x2(two, three)  # 2 3
    f2_2 = cuda.float64x2(f1_1, three)  # 1 3
    f2_3 = cuda.float64x2(two, f1_1)  # 2 1
    f2_4 = cuda.float64x2(f1_1, f1_1)  # 1 1
    f2_5 = cuda.float64x2(f2_1)  # 2 3

    for v in (f2_1, f2_2, f2_3, f2_4, f2_5):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2

    # Construct a 3-component vector type, possible combination includes:
    # 1 + 2C1 * 2 + 2^3 = 13 combinations

    f3_1 = cuda.float64x3(f2_1, one)  # 2 3 1
    f3_2 = cuda.float64x3(f2_1, f1_1)  # 2 3 1
    f3_3 = cuda.float64x3(one, f2_1)  # 1 2 3
    f3_4 = cuda.float64x3(f1_1, f2_1)  # 1 2 3

    f3_5 = cuda.float64x3(one, two, three)  # 1 2 3
    f3_6 = cuda.float64x3(f1_1, two, three)  # 1 2 3
    f3_7 = cuda.float64x3(one, f1_1, three)  # 1 1 3
    f3_8 = cuda.float64x3(one, two, f1_1)  # 1 2 1
    f3_9 = cuda.float64x3(f1_1, f1_1, three)  # 1 1 3
    f3_10 = cuda.float64x3(one, f1_1, f1_1)  # 1 1 1
    f3_11 = cuda.float64x3(f1_1, two, f1_1)  # 1 2 1
    f3_12 = cuda.float64x3(f1_1, f1_1, f1_1)  # 1 1 1

    f3_13 = cuda.float64x3(f3_1)  # 2 3 1

    for v in (
        f3_1,
        f3_2,
        f3_3,
        f3_4,
        f3_5,
        f3_6,
        f3_7,
        f3_8,
        f3_9,
        f3_10,
        f3_11,
        f3_12,
        f3_13,
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        j += 3

    # Construct a 4-component vector type, possible combination includes:
    # 1 + (2C1 * 2 + 1) + 3C1 * 2^2 + 2^4 = 34 combinations

    f4_1 = cuda.float64x4(one, two, three, four)  # 1 2 3 4
    f4_2 = cuda.float64x4(f1_1, two, three, four)  # 1 2 3 4
    f4_3 = cuda.float64x4(one, f1_1, three, four)  # 1 1 3 4
    f4_4 = cuda.float64x4(one, two, f1_1, four)  # 1 2 1 4
    f4_5 = cuda.float64x4(one, two, three, f1_1)  # 1 2 3 1
    f4_6 = cuda.float64x4(f1_1, f1_1, three, four)  # 1 1 3 4
    f4_7 = cuda.float64x4(f1_1, two, f1_1, four)  # 1 2 1 4
    f4_8 = cuda.float64x4(f1_1, two, three, f1_1)  # 1 2 3 1
    f4_9 = cuda.float64x4(one, f1_1, f1_1, four)  # 1 1 1 4
    f4_10 = cuda.float64x4(one, f1_1, three, f1_1)  # 1 1 3 1
    f4_11 = cuda.float64x4(one, two, f1_1, f1_1)  # 1 2 1 1
    f4_12 = cuda.float64x4(f1_1, f1_1, f1_1, four)  # 1 1 1 4
    f4_13 = cuda.float64x4(f1_1, f1_1, three, f1_1)  # 1 1 3 1
    f4_14 = cuda.float64x4(f1_1, two, f1_1, f1_1)  # 1 2 1 1
    f4_15 = cuda.float64x4(one, f1_1, f1_1, f1_1)  # 1 1 1 1
    f4_16 = cuda.float64x4(f1_1, f1_1, f1_1, f1_1)  # 1 1 1 1

    f4_17 = cuda.float64x4(f2_1, two, three)  # 2 3 2 3
    f4_18 = cuda.float64x4(f2_1, f1_1, three)  # 2 3 1 3
    f4_19 = cuda.float64x4(f2_1, two, f1_1)  # 2 3 2 1
    f4_20 = cuda.float64x4(f2_1, f1_1, f1_1)  # 2 3 1 1
    f4_21 = cuda.float64x4(one, f2_1, three)  # 1 2 3 3
    f4_22 = cuda.float64x4(f1_1, f2_1, three)  # 1 2 3 3
    f4_23 = cuda.float64x4(one, f2_1, f1_1)  # 1 2 3 1
    f4_24 = cuda.float64x4(f1_1, f2_1, f1_1)  # 1 2 3 1
    f4_25 = cuda.float64x4(one, four, f2_1)  # 1 4 2 3
    f4_26 = cuda.float64x4(f1_1, four, f2_1)  # 1 4 2 3
    f4_27 = cuda.float64x4(one, f1_1, f2_1)  # 1 1 2 3
    f4_28 = cuda.float64x4(f1_1, f1_1, f2_1)  # 1 1 2 3

    f4_29 = cuda.float64x4(f2_1, f2_1)  # 2 3 2 3
    f4_30 = cuda.float64x4(f3_1, four)  # 2 3 1 4
    f4_31 = cuda.float64x4(f3_1, f1_1)  # 2 3 1 1
    f4_32 = cuda.float64x4(four, f3_1)  # 4 2 3 1
    f4_33 = cuda.float64x4(f1_1, f3_1)  # 1 2 3 1

    f4_34 = cuda.float64x4(f4_1)  # 1 2 3 4

    for v in tuple(
        (
            f4_1,
            f4_2,
            f4_3,
            f4_4,
            f4_5,
            f4_6,
            f4_7,
            f4_8,
            f4_9,
            f4_10,
            f4_11,
            f4_12,
            f4_13,
            f4_14,
            f4_15,
            f4_16,
            f4_17,
            f4_18,
            f4_19,
            f4_20,
            f4_21,
            f4_22,
            f4_23,
            f4_24,
            f4_25,
            f4_26,
            f4_27,
            f4_28,
            f4_29,
            f4_30,
            f4_31,
            f4_32,
            f4_33,
            f4_34,
        )
    ):
        res[j] = v.x
        res[j + 1] = v.y
        res[j + 2] = v.z
        res[j + 3] = v.w
        j += 4
