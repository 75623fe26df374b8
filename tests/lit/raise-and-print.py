# RUN: %nvc %s --emit=spirv | FileCheck %s
# RUN: %nvc %s -o %t.spv && FileCheck %s --check-prefix=MANIFEST < %t.json
# A raise records its error id in word 0 of the error buffer (binding 2,
# after the arrays) with one compare-and-swap from 0, then the raising
# invocation's global id and two zero arguments in words 1-7; the device
# function returns a raised flag its caller stops on. print() appends a
# record: an atomic add of its length (1 + 6 words: int32 i, float64 x[i],
# bool, complex64 c) to word 0 of the print buffer (binding 3), a check
# against the capacity in word 1, the id and the values' words, or a count
# of the dropped record in word 2. docs/manifest.md "Errors and printing".
import math
import numpy as np
from numba import cuda


class DomainError(ValueError):
    pass


@cuda.jit(device=True)
def checked_log(x):
    if x <= 0:
        raise DomainError("log of a non-positive number")
    return math.log(x)


@cuda.jit("void(float64[::1], float64[::1], complex64)")
def kernel(x, out, c):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = checked_log(x[i])
        assert out[i] < 100.0, "too large"
        print("at", np.int32(i), ":", x[i], True, c)

# CHECK-DAG: OpDecorate %[[ERR:.*]] Binding 2
# CHECK-DAG: OpDecorate %[[PRINT:.*]] Binding 3
# CHECK-DAG: OpAtomicCompareExchange %uint %{{.*}} %uint_1 %uint_0 %uint_0 %uint_1 %uint_0
# CHECK-DAG: OpAtomicCompareExchange %uint %{{.*}} %uint_1 %uint_0 %uint_0 %uint_2 %uint_0
# CHECK-DAG: OpAtomicIAdd %uint %{{.*}} %uint_1 %uint_0 %uint_7
# CHECK-DAG: OpAtomicIAdd %uint %{{.*}} %uint_1 %uint_0 %uint_1

# MANIFEST: "error_buffer": {
# MANIFEST-NEXT: "binding": 2,
# MANIFEST-NEXT: "errors": [
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "arguments": 0,
# MANIFEST-NEXT: "column": 9,
# MANIFEST-NEXT: "file": "raise-and-print.py",
# MANIFEST-NEXT: "function": "kernel",
# MANIFEST-NEXT: "id": 1,
# MANIFEST-NEXT: "line": 32,
# MANIFEST-NEXT: "message": "too large",
# MANIFEST-NEXT: "type": "AssertionError"
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "arguments": 0,
# MANIFEST-NEXT: "column": 9,
# MANIFEST-NEXT: "file": "raise-and-print.py",
# MANIFEST-NEXT: "function": "checked_log",
# MANIFEST-NEXT: "id": 2,
# MANIFEST-NEXT: "line": 23,
# MANIFEST-NEXT: "message": "log of a non-positive number",
# MANIFEST-NEXT: "type": "DomainError"
# MANIFEST-NEXT: }
# MANIFEST-NEXT: ],
# MANIFEST-NEXT: "words": 8
# MANIFEST: "print_buffer": {
# MANIFEST-NEXT: "binding": 3,
# MANIFEST-NEXT: "header_words": 4,
# MANIFEST-NEXT: "records": [
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "column": 9,
# MANIFEST-NEXT: "file": "raise-and-print.py",
# MANIFEST-NEXT: "function": "kernel",
# MANIFEST-NEXT: "id": 1,
# MANIFEST-NEXT: "line": 33,
# MANIFEST-NEXT: "pieces": [
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "text": "at "
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "dtype": "int32"
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "text": " : "
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "dtype": "float64"
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "text": " "
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "dtype": "bool"
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "text": " "
# MANIFEST-NEXT: },
# MANIFEST-NEXT: {
# MANIFEST-NEXT: "dtype": "complex64"
# MANIFEST-NEXT: }
# MANIFEST-NEXT: ]
