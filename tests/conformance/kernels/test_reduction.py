# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_reduction.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the reductions as upstream wrote them, lifted out of their test methods.
from numba import cuda

# Avoid recompilation of the sum_reduce function by keeping it at global scope
sum_reduce = cuda.Reduce(lambda a, b: a + b)

# TestReduction.test_prod_reduce
prod_reduce = cuda.reduce(lambda a, b: a * b)

# TestReduction.test_max_reduce
max_reduce = cuda.Reduce(lambda a, b: max(a, b))
