from numba import vectorize


@vectorize(["float32(float32)"], target="parallel")
def twice(a):
    return a * 2
# EXPECT: 4:41
