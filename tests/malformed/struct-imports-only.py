from numba import cuda
import math
