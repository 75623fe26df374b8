def f(z):
    return z +
