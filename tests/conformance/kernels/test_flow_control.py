# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_flow_control.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# TestFlowControl.run_test compiles each module-level usecase with
# jit((types.intp, types.intp, types.intp, types.intp))(pyfunc); here they are
# @jit and each case gives the signature. The usecases assign their results
# to local variables only (res1 = ...), so a launch checks that the kernel
# compiles and runs (upstream compares its Python ints res1, res2 with the
# unchanged cres1 = cres2 = 0).
from numba.cuda import jit
from numba.cuda import types


# TestFlowControl.test_for_loop1, test_for_loop1_npm
@jit
def for_loop_usecase1(x, y, res1, res2):
    result = 0
    for i in range(x):
        result += i
    res1 = result  # noqa: F841


# TestFlowControl.test_for_loop2, test_for_loop2_npm
@jit
def for_loop_usecase2(x, y, res1, res2):
    result = 0
    for i, j in enumerate(range(x, y, -1)):
        result += i * j
    res1 = result  # noqa: F841


# TestFlowControl.test_for_loop4, test_for_loop4_npm
@jit
def for_loop_usecase4(x, y, res1, res2):
    result = 0
    for i in range(10):
        for j in range(10):
            result += 1
    res1 = result  # noqa: F841


# TestFlowControl.test_for_loop5, test_for_loop5_npm
@jit
def for_loop_usecase5(x, y, res1, res2):
    result = 0
    for i in range(x):
        result += 1
        if result > y:
            break
    res1 = result  # noqa: F841


# TestFlowControl.test_for_loop6, test_for_loop6_npm
@jit
def for_loop_usecase6(x, y, res1, res2):
    result = 0
    for i in range(x):
        if i > y:
            continue
        result += 1
    res1 = result  # noqa: F841


# TestFlowControl.test_for_loop7, test_for_loop7_npm
@jit
def for_loop_usecase7(x, y, res1, res2):
    for i in range(x):
        x = 0
        for j in range(x):
            res1 = 1  # noqa: F841
        else:
            pass
    res1 = 0  # noqa: F841


# TestFlowControl.test_for_loop8, test_for_loop8_npm
@jit
def for_loop_usecase8(x, y, res1, res2):
    result = 0
    for i in range(x, y, y - x + 1):
        result += 1
    res1 = result  # noqa: F841


# TestFlowControl.test_for_loop9, test_for_loop9_npm
@jit
def for_loop_usecase9(x, y, res1, res2):
    z = 0
    for i in range(x):
        x = 0
        for j in range(x):
            if j == x / 2:
                z += j
                break
        else:
            z += y

    res1 = z  # noqa: F841


# TestFlowControl.test_for_loop10, test_for_loop10_npm
@jit
def for_loop_usecase10(x, y, res1, res2):
    for i in range(x):
        if i == y:
            z = y
            break
    else:
        z = i * 2
    res1 = z  # noqa: F841


# TestFlowControl.test_while_loop1, test_while_loop1_npm
@jit
def while_loop_usecase1(x, y, res1, res2):
    result = 0
    i = 0
    while i < x:
        result += i
        i += 1
    res1 = result  # noqa: F841


# TestFlowControl.test_while_loop2, test_while_loop2_npm
@jit
def while_loop_usecase2(x, y, res1, res2):
    result = 0
    while result != x:
        result += 1
    res1 = result  # noqa: F841


# TestFlowControl.test_while_loop3, test_while_loop3_npm
@jit
def while_loop_usecase3(x, y, res1, res2):
    result = 0
    i = 0
    j = 0
    while i < x:
        while j < y:
            result += i + j
            i += 1
            j += 1
    res1 = result  # noqa: F841


# TestFlowControl.test_while_loop4, test_while_loop4_npm
@jit
def while_loop_usecase4(x, y, res1, res2):
    result = 0
    while True:
        result += 1
        if result > x:
            break
    res1 = result  # noqa: F841


# TestFlowControl.test_while_loop5, test_while_loop5_npm
@jit
def while_loop_usecase5(x, y, res1, res2):
    result = 0
    while result < x:
        if result > y:
            result += 2
            continue
        result += 1
    res1 = result  # noqa: F841


# TestFlowControl.test_ifelse1, test_ifelse1_npm
@jit
def ifelse_usecase1(x, y, res1, res2):
    if x > 0:
        pass
    elif y > 0:
        pass
    else:
        pass
    res1 = True  # noqa: F841


# TestFlowControl.test_ifelse2, test_ifelse2_npm
@jit
def ifelse_usecase2(x, y, res1, res2):
    if x > y:
        res1 = 1  # noqa: F841
    elif x == 0 or y == 0:
        res1 = 2  # noqa: F841
    else:
        res1 = 3  # noqa: F841


# TestFlowControl.test_ifelse3, test_ifelse3_npm
@jit
def ifelse_usecase3(x, y, res1, res2):
    if x > 0:
        if y > 0:
            res1 = 1  # noqa: F841
        elif y < 0:
            res1 = 1  # noqa: F841
        else:
            res1 = 0  # noqa: F841
    elif x < 0:
        res1 = 1  # noqa: F841
    else:
        res1 = 0  # noqa: F841


# TestFlowControl.test_ifelse4, test_ifelse4_npm
@jit
def ifelse_usecase4(x, y, res1, res2):
    if x == y:
        res1 = 1  # noqa: F841


# TestFlowControl.test_ternary_ifelse1, test_ternary_ifelse1_npm
@jit
def ternary_ifelse_usecase1(x, y, res1, res2):
    res1 = True if x > y else False  # noqa: F841


# TestFlowControl.test_double_infinite_loop, test_double_infinite_loop_npm
@jit
def double_infinite_loop(x, y, res1, res2):
    L = x
    i = y

    while True:
        while True:
            if i == L - 1:
                break
            i += 1
        i += 1
        if i >= L:
            break

    res1 = i  # noqa: F841
    res2 = L  # noqa: F841
