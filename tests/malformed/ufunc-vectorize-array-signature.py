from numba import vectorize


@vectorize(["float32(float32[:])"], target="cuda")
def first(a):
    return a[0]
# EXPECT: 4:13
