# Ported from numba-cuda, numba_cuda/numba/cuda/tests/cudapy/test_dispatcher.py
# at b18b944b2f88a4e840424e49a1b0d29488263b40 (tests/conformance/conformance.py):
# the kernels as upstream wrote them, lifted out of their test methods.
#
# TestSharedMemoryCarveout's kernels, apart from test_dispatcher's others:
# nvc checks the decorators of every kernel in a file, also those it is not
# asked to compile, so an option it lacks would fail all of test_dispatcher's
# cases; and Debian's Numba 0.56 (the simulator) cannot load a file with
# shared_memory_carveout= either.
from numba import cuda


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# "MaxL1" without signature (add_one)
@cuda.jit(shared_memory_carveout="MaxL1")
def add_one_MaxL1(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# "MaxL1" with signature (add_one_sig)
@cuda.jit("void(int32[:])", shared_memory_carveout="MaxL1")
def add_one_sig_MaxL1(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# "MaxShared" without signature (add_one)
@cuda.jit(shared_memory_carveout="MaxShared")
def add_one_MaxShared(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# "MaxShared" with signature (add_one_sig)
@cuda.jit("void(int32[:])", shared_memory_carveout="MaxShared")
def add_one_sig_MaxShared(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# "default" without signature (add_one)
@cuda.jit(shared_memory_carveout="default")
def add_one_default(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# "default" with signature (add_one_sig)
@cuda.jit("void(int32[:])", shared_memory_carveout="default")
def add_one_sig_default(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# 0 without signature (add_one)
@cuda.jit(shared_memory_carveout=0)
def add_one_0(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# 0 with signature (add_one_sig)
@cuda.jit("void(int32[:])", shared_memory_carveout=0)
def add_one_sig_0(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# 50 without signature (add_one)
@cuda.jit(shared_memory_carveout=50)
def add_one_50(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# 50 with signature (add_one_sig)
@cuda.jit("void(int32[:])", shared_memory_carveout=50)
def add_one_sig_50(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# 100 without signature (add_one)
@cuda.jit(shared_memory_carveout=100)
def add_one_100(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# 100 with signature (add_one_sig)
@cuda.jit("void(int32[:])", shared_memory_carveout=100)
def add_one_sig_100(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# -1 without signature (add_one)
@cuda.jit(shared_memory_carveout=-1)
def add_one_minus1(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1


# TestSharedMemoryCarveout.test_shared_memory_carveout_valid_values, carveout
# -1 with signature (add_one_sig)
@cuda.jit("void(int32[:])", shared_memory_carveout=-1)
def add_one_sig_minus1(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = i + 1
