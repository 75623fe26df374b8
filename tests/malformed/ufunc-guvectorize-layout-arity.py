from numba import guvectorize


@guvectorize(["void(float32[:], float32[:])"], "(n),(n)->(n)", target="cuda")
def copy(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i]
# EXPECT: 4:48
