#!/usr/bin/python3
"""Derives the constants of nvc's Payne–Hanek reduction (sin/cos/tan of huge
arguments, passes/ExpandMathLibrary.cpp, docs/math.md) with mpmath, and
finds the floating-point numbers closest to a multiple of π/2 over the whole
float64 and float32 ranges (which set the precision the reduction needs and
are the hardest arguments tests/math/accuracy.py tests).

1. TWO_OVER_PI_BITS: the binary expansion of 2/π = Σ b_i·2^-i (i ≥ 1) as
   64-bit words, most significant bit first, preceded by one word of zeros
   (b_i = 0 for i ≤ 0), so the window of bits a double's exponent selects
   never starts before the table. 21 words cover b_i up to i = 1280, enough
   for every float64 exponent (window start i = e − 1 ≤ 970, 256 bits read).
2. PIO2_HI + PIO2_LO: π/2 as a double-double (error < 2^-107).
3. For every binade [2^E, 2^(E+1)), the minimum of |x − k·π/2| over its
   floating-point numbers x = m·2^(E−p+1) (2^(p−1) ≤ m < 2^p, k the nearest
   integer to x·2/π): |x − kπ/2| = (π/2)·|m·α − k| with α = 2^(E−p+1)·2/π; only
   α mod 1 matters, and the minimum over 1 ≤ m < 2^p of |m·α − k| is reached at
   the denominator of a convergent of α's continued fraction (the best
   approximations of the second kind). The convergents with a denominator in
   [2^(p−1), 2^p) are the hardest arguments themselves.

Usage: /usr/bin/python3 scripts/payne_hanek.py
(prints the C++ constants, the overall minimum per format, and the hardest
arguments)
"""
import mpmath as mp

mp.mp.prec = 1600  # 2^971·2/π needs ≈ 1000 bits before its fraction starts


def hexf(d):
    return float(d).hex().replace("0x1.", "0x1.").replace("+", "+")


def table():
    words, bits = 21, []
    t = 2 / mp.pi
    for i in range(1, (words - 1) * 64 + 1):
        t *= 2
        b = int(mp.floor(t))
        bits.append(b)
        t -= b
    bits = [0] * 64 + bits
    out = []
    for w in range(words):
        v = 0
        for b in bits[64 * w:64 * w + 64]:
            v = 2 * v + b
        out.append(v)
    print("constexpr uint64_t TWO_OVER_PI_BITS[%d] = {" % words)
    for i in range(0, words, 3):
        print("    " + ", ".join("0x%016xULL" % v for v in out[i:i + 3]) + ",")
    print("};")
    hi = mp.mpf(float(mp.pi / 2))
    lo = mp.mpf(float(mp.pi / 2 - hi))
    print("constexpr double PIO2_HI = %s, PIO2_LO = %s;  // error 2^%.1f" %
          (float(hi).hex(), float(lo).hex(), float(mp.log(abs(mp.pi / 2 - hi - lo), 2))))


def closest(p, emin, emax):
    """Minimum of |x − kπ/2| (k ≠ 0) per binade 2^emin..2^emax of a format
    with p significant bits; returns (overall (d, x)), hardest list."""
    worst, hard = None, []
    for E in range(emin, emax + 1):
        e = E - p + 1
        alpha = mp.mpf(2) ** e * 2 / mp.pi
        alpha -= mp.floor(alpha)
        x = alpha
        p0, q0, p1, q1 = 0, 1, 1, 0
        for _ in range(400):
            ai = int(mp.floor(x))
            p0, q0, p1, q1 = p1, q1, ai * p1 + p0, ai * q1 + q0
            if q1 >= 2 ** p:
                break
            if q1 > 0:
                d = abs(q1 * alpha - p1) * mp.pi / 2
                k_total = q1 * mp.mpf(2) ** e * 2 / mp.pi
                if mp.nint(k_total) != 0 and (worst is None or d < worst[0]):
                    worst = (d, q1, e)
                if q1 >= 2 ** (p - 1) and mp.nint(k_total) != 0:
                    hard.append((d, q1, e))
            frac = x - ai
            if frac == 0:
                break
            x = 1 / frac
    hard.sort()
    return worst, hard


def report(name, p, emin, emax, n):
    worst, hard = closest(p, emin, emax)
    d, m, e = worst
    print(f"# {name}: min |x − kπ/2| = 2^{float(mp.log(d, 2)):.2f} at x = {m}·2^{e}"
          f" = {float(m * mp.mpf(2) ** e)!r}")
    print(f"# {name} hardest ({n}): " + ", ".join(
        f"{float(m * mp.mpf(2) ** e)!r}" for d, m, e in hard[:n]))
    print(f"# {name} distances: " + ", ".join(
        f"2^{float(mp.log(d, 2)):.1f}" for d, m, e in hard[:n]))


if __name__ == "__main__":
    table()
    report("float64", 53, 0, 1023, 24)
    report("float32", 24, 0, 127, 16)
