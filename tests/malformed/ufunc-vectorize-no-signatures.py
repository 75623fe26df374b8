import numba


@numba.vectorize(target="cuda")
def add(a, b):
    return a + b
# EXPECT: 4:2
