from numba import guvectorize


@guvectorize(["void(float32[:], float32)"], "(n)->()", target="cuda")
def total(a, out):
    out = a[0]
# EXPECT: 4:15
