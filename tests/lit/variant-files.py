# Module variant files (docs/manifest.md "variants") of an earlier build of
# the same output, which this build does not make, are deleted: only those the
# earlier manifest listed, and only regular files.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %nvc %s -o %t/k.spv
# RUN: test -f %t/k.denorm-preserve.spv
# RUN: touch %t/k.atomic-float-add.spv %t/k.other.spv
# RUN: %nvc %S/denorm-preserve-none.py -o %t/k.spv
# RUN: not test -e %t/k.denorm-preserve.spv
# RUN: test -f %t/k.atomic-float-add.spv
# RUN: test -f %t/k.other.spv
#
# A directory where a variant was is left alone.
# RUN: %nvc %s -o %t/k.spv
# RUN: rm %t/k.denorm-preserve.spv && mkdir %t/k.denorm-preserve.spv
# RUN: %nvc %S/denorm-preserve-none.py -o %t/k.spv
# RUN: test -d %t/k.denorm-preserve.spv
#
# An output that cannot be written (here a variant's path is that directory)
# is an error before any output is replaced: the earlier module and manifest
# stay as they were.
# RUN: cp %t/k.spv %t/before.spv && cp %t/k.json %t/before.json
# RUN: not %nvc %s -o %t/k.spv 2>&1 | FileCheck %s --check-prefix=DIR
# RUN: cmp %t/k.spv %t/before.spv
# RUN: cmp %t/k.json %t/before.json
# DIR: nvc: error: cannot write '{{.*}}k.denorm-preserve.spv': it is a directory
#
# A depfile given a variant's name is not deleted as a stale variant.
# RUN: rmdir %t/k.denorm-preserve.spv
# RUN: %nvc %s -o %t/k.spv
# RUN: %nvc %S/denorm-preserve-none.py -o %t/k.spv -MD -MF %t/k.denorm-preserve.spv
# RUN: FileCheck %s --check-prefix=DEP < %t/k.denorm-preserve.spv
# DEP: k.spv:
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] / 3.0
