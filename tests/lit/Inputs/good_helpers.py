from numba import njit


@njit
def twice(v):
    return v + v
