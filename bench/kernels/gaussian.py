"""004's gaussian as a float32 vectorize: out = exp(-0.5 (x / sigma)^2), two inputs of 4
bytes and one output of 4 bytes an element."""
import math

import numpy as np
from numba import vectorize


@vectorize(["float32(float32, float32)"], target="cuda")
def gaussian(x, sigma):
    return math.exp(np.float32(-0.5) * (x / sigma) ** 2)
