# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_iterators.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
from numba import cuda

import numpy as np


# TestIterators.test_enumerate
@cuda.jit
def enumerator(x, error):
    count = 0

    for i, v in enumerate(x):
        if count != i:
            error[0] = 1
        if v != x[i]:
            error[0] = 2

        count += 1

    if count != len(x):
        error[0] = 3


# TestIterators.test_zip
@cuda.jit
def zipper(x, y, error):
    i = 0

    for xv, yv in zip(x, y):
        if xv != x[i]:
            error[0] = 1
        if yv != y[i]:
            error[0] = 2

        i += 1

    if i != len(x):
        error[0] = 3


# TestIterators.test_enumerate_zip
@cuda.jit
def enumerator_zipper(x, y, error):
    count = 0

    for i, (xv, yv) in enumerate(zip(x, y)):
        if i != count:
            error[0] = 1
        if xv != x[i]:
            error[0] = 2
        if yv != y[i]:
            error[0] = 3

        count += 1

    if count != len(x):
        error[0] = 4


# TestIterators.test_zip_enumerate
@cuda.jit
def zipper_enumerator(x, y, error):
    count = 0

    for (i, xv), yv in zip(enumerate(x), y):
        if i != count:
            error[0] = 1
        if xv != x[i]:
            error[0] = 2
        if yv != y[i]:
            error[0] = 3

        count += 1

    if count != len(x):
        error[0] = 4
