def impl(z, *args):
    return z
