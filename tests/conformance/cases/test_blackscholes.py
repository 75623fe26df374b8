"""Cases of numba_cuda/numba/cuda/tests/cudapy/test_blackscholes.py (kernels/test_blackscholes.py).

TestBlackScholes.test_blackscholes launches black_scholes_cuda twice on the
same inputs (the second launch recomputes the same values) and compares
callResult with NumPy's black_scholes: the largest absolute error must be
below 1e-13. The reference is that NumPy function (upstream's, below), for
putResult too, with that absolute tolerance.
"""
import math

import numpy as np

from conformance import Case

RISKFREE = 0.02
VOLATILITY = 0.30

A1 = 0.31938153
A2 = -0.356563782
A3 = 1.781477937
A4 = -1.821255978
A5 = 1.330274429
RSQRT2PI = 0.39894228040143267793994605993438


def cnd(d):
    K = 1.0 / (1.0 + 0.2316419 * np.abs(d))
    ret_val = (
        RSQRT2PI
        * np.exp(-0.5 * d * d)
        * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))))
    )
    return np.where(d > 0, 1.0 - ret_val, ret_val)


def black_scholes(callResult, putResult, stockPrice, optionStrike, optionYears, Riskfree,
                  Volatility):
    S = stockPrice
    X = optionStrike
    T = optionYears
    R = Riskfree
    V = Volatility
    sqrtT = np.sqrt(T)
    d1 = (np.log(S / X) + (R + 0.5 * V * V) * T) / (V * sqrtT)
    d2 = d1 - V * sqrtT
    cndd1 = cnd(d1)
    cndd2 = cnd(d2)

    expRT = np.exp(-R * T)
    callResult[:] = S * cndd1 - X * expRT * cndd2
    putResult[:] = X * expRT * (1.0 - cndd2) - S * (1.0 - cndd1)


def randfloat(rand_var, low, high):
    return (1.0 - rand_var) * low + rand_var * high


OPT_N = 400


def reference(call, put, S, X, T, R, V):
    black_scholes(call, put, S, X, T, R, V)
    return {0: call, 1: put, 2: S, 3: X, 4: T}


CASES = [
    Case("black_scholes_cuda", "TestBlackScholes.test_blackscholes", "math",
         args=lambda rng: [np.zeros(OPT_N), -np.ones(OPT_N),
                           randfloat(rng.random(OPT_N), 5.0, 30.0),
                           randfloat(rng.random(OPT_N), 1.0, 100.0),
                           randfloat(rng.random(OPT_N), 0.25, 10.0),
                           RISKFREE, VOLATILITY],
         griddim=(int(math.ceil(float(OPT_N) / 512)), 1), blockdim=(512, 1),
         reference=reference, rtol=0.0, atol=1e-13),
]
