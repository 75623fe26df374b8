"""Helpers shared between CPU code and kernels, imported by
imported_helpers.py (found with -I tests/e2e/kernels/lib)."""
import math
from numba import njit

LIMIT = 2.5


@njit
def clamp(v, lo, hi):
    return min(max(v, lo), hi)


@njit
def soft_limit(v):
    return clamp(v, -LIMIT, LIMIT) + 0.5 * math.floor(v)
