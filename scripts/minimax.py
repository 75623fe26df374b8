#!/usr/bin/python3
"""Derives the constants of nvc's float64 sin/cos (passes/ExpandMathLibrary.cpp,
docs/math.md) with mpmath: the minimax polynomials of the kernels, the parts of
π/2 of the medium-range reduction, and the closest a double in that range comes
to a multiple of π/2 (which sets how many parts the reduction needs).

1. Kernels on |r| ≤ π/4 (+ a margin for a rounding of k one off):
     sin r ≈ r + r³·S(r²),    S of degree 5, minimising the relative error of sin;
     cos r ≈ 1 − r²/2 + r⁴·C(r²), C of degree 5, minimising the relative error of cos.
   By the Remez exchange algorithm on the weighted error in z = r², then each
   coefficient rounded to the nearest double; the error of the rounded
   polynomials is measured on a dense grid.
2. π/2 = P1 + P2 + P3 + P4 (+ < 2^-140): P1 on the grid 2^-32 (33 bits, so k·P1 is
   exact for |k| < 2^20), P2 on the grid 2^-53 (≤ 21 bits), P3 with 33 significant
   bits, P4 rounded to 53 bits.
3. For every binade [2^e, 2^(e+1)) with 0 ≤ e ≤ 20, a lower bound of
   |x − k·π/2| over the doubles x of the binade (k ≠ 0 the nearest integer to
   x·2/π): with x = m·2^(e−52), |x − kπ/2| = (π/2)·|m·α − k|, α = 2^(e−52)·2/π,
   and over 1 ≤ m < 2^53 the minimum of |m·α − k| is reached at a denominator of
   a convergent of α's continued fraction (best approximations).

Usage: /usr/bin/python3 scripts/minimax.py [--reduction-only]
(prints C++ hex-float constants, the bounds, and the hardest doubles that
tests/math/accuracy.py tests)
"""
import mpmath as mp

mp.mp.prec = 300
MARGIN = mp.mpf(2) ** -20  # |r| may exceed π/4 by k·ulp when k is one off
R_MAX = mp.pi / 4 + MARGIN


def remez(f, w, zmax, degree, iters=12, grid=4000):
    """Polynomial p of the given degree minimising max |w(z)·(p(z) − f(z))| on
    (0, zmax]; returns (coefficients low→high, the levelled error)."""
    n = degree + 1
    # Chebyshev-like initial reference on (0, zmax].
    ref = [zmax * (1 - mp.cos(mp.pi * (i + 0.5) / (n + 1))) / 2 for i in range(n + 1)]
    pts = [zmax * (mp.mpf(i) / grid) ** 1 for i in range(1, grid + 1)]
    for _ in range(iters):
        A = mp.matrix(n + 1, n + 1)
        b = mp.matrix(n + 1, 1)
        for i, z in enumerate(ref):
            for j in range(n):
                A[i, j] = z ** j
            A[i, n] = (-1) ** i / w(z)
            b[i] = f(z)
        sol = mp.lu_solve(A, b)
        c = [sol[j] for j in range(n)]
        E = sol[n]
        err = [w(z) * (mp.polyval(c[::-1], z) - f(z)) for z in pts]
        # New reference: the extremum of each run of equal sign.
        runs, cur = [], None
        for z, e in zip(pts, err):
            s = e > 0
            if cur is None or s != cur[0]:
                cur = [s, z, e]
                runs.append(cur)
            elif abs(e) > abs(cur[2]):
                cur[1], cur[2] = z, e
        if len(runs) >= n + 1:
            # Keep n+1 alternating extrema containing the largest one.
            best = max(range(len(runs)), key=lambda i: abs(runs[i][2]))
            lo = min(max(0, best - n // 2), len(runs) - (n + 1))
            ref = [r[1] for r in runs[lo:lo + n + 1]]
    return c, abs(E)


def sin_f(z):  # (sin x − x)/x³ with x = √z
    x = mp.sqrt(z)
    return (mp.sin(x) - x) / x ** 3


def sin_w(z):  # weight: x³/sin x (relative error of sin)
    x = mp.sqrt(z)
    return x ** 3 / mp.sin(x)


def cos_f(z):  # (cos x − 1 + x²/2)/x⁴
    x = mp.sqrt(z)
    return (mp.cos(x) - 1 + z / 2) / z ** 2


def cos_w(z):  # weight: x⁴/cos x (relative error of cos)
    return z ** 2 / mp.cos(mp.sqrt(z))


def to_double(v):
    return float(v)  # mpmath rounds to nearest


def hexf(d):
    return float.hex(d)


def measured(f, w, coefs, zmax, grid=20000):
    cs = [mp.mpf(c) for c in coefs]
    return max(abs(w(z) * (mp.polyval(cs[::-1], z) - f(z)))
               for z in (zmax * mp.mpf(i) / grid for i in range(1, grid + 1)))


def kernels():
    zmax = R_MAX ** 2
    for name, f, w in (("SIN", sin_f, sin_w), ("COS", cos_f, cos_w)):
        for degree in (4, 5):
            c, E = remez(f, w, zmax, degree)
            d = [to_double(v) for v in c]
            M = measured(f, w, d, zmax)
            print(f"// {name} degree {degree}: levelled relative error 2^{float(mp.log(E, 2)):.1f}, "
                  f"rounded to doubles 2^{float(mp.log(M, 2)):.1f}")
            if degree == 5:
                print(f"constexpr double {name}_MINIMAX[{degree + 1}] = {{"
                      + ", ".join(hexf(v) for v in d) + "};")


def pio2_parts():
    h = mp.pi / 2
    p1 = mp.nint(h * 2 ** 32) / 2 ** 32
    p2 = mp.nint((h - p1) * 2 ** 53) / 2 ** 53
    r = h - p1 - p2
    e = mp.floor(mp.log(abs(r), 2))
    p3 = mp.nint(r * 2 ** (32 - e)) / 2 ** (32 - e)
    p4 = mp.mpf(float(r - p3))
    parts = [p1, p2, p3, p4]
    for p in parts:
        assert mp.mpf(float(p)) == p
    print("constexpr double PIO2_MEDIUM[4] = {" + ", ".join(hexf(float(p)) for p in parts)
          + "};  // π/2 − Σ = 2^%.1f" % float(mp.log(abs(h - sum(parts)), 2)))
    return parts


def worst_case():
    """Lower bounds of |x − k·π/2| per binade for |x| ∈ [π/4, 2^21)."""
    worst, hard = None, []
    for e in range(0, 21):  # below 1, k ≤ 1 and |x − π/2| > 0.57
        alpha = mp.mpf(2) ** (e - 52) * 2 / mp.pi
        # Continued fraction of alpha; convergents p/q with q < 2^53.
        a, x = [], alpha
        p0, q0, p1, q1 = 0, 1, 1, 0
        best = None
        for _ in range(200):
            ai = int(mp.floor(x))
            p0, q0, p1, q1 = p1, q1, ai * p1 + p0, ai * q1 + q0
            if q1 >= 2 ** 53:
                break
            if q1 > 0 and p1 != 0:
                d = abs(q1 * alpha - p1) * mp.pi / 2
                best = d if best is None or d < best else best
                if q1 >= 2 ** 52:  # a double of this binade: a hard case
                    hard.append((d, float(q1 * mp.mpf(2) ** (e - 52))))
            frac = x - ai
            if frac == 0:
                break
            x = 1 / frac
        if best is None:
            continue
        lb = float(mp.log(best, 2))
        if worst is None or best < worst[0]:
            worst = (best, e)
        print(f"// binade 2^{e}: |x − kπ/2| ≥ 2^{lb:.1f}")
    hard.sort()
    print("# hardest doubles: " + ", ".join(f"{x!r} (2^{float(mp.log(d, 2)):.1f})" for d, x in hard[:12]))
    print(f"// overall |x − kπ/2| ≥ 2^{float(mp.log(worst[0], 2)):.1f} (binade 2^{worst[1]})")


if __name__ == "__main__":
    import sys
    mp.mp.prec = 128
    if "--reduction-only" not in sys.argv:
        kernels()
    mp.mp.prec = 300
    pio2_parts()
    worst_case()
