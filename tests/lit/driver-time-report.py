# -ftime-report (clang's spelling) prints on stderr the time of every stage of
# the compile as a tree, the MLIR passes of the lowering pipeline nested in
# it, and changes nothing else: the module is the same bytes.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %nvc %s -o %t/plain.spv
# RUN: %nvc %s -o %t/timed.spv -ftime-report 2> %t/report.txt
# RUN: cmp %t/plain.spv %t/timed.spv
# RUN: cmp %t/plain.json %t/timed.json
# RUN: FileCheck %s < %t/report.txt
# RUN: %nvc %s -o %t/plain.spv -w 2>&1 | count 0
# RUN: %nvc %s -o %t/plain.spv -w -ftime-report -fno-time-report 2>&1 | count 0
# CHECK: ... Execution time report ...
# CHECK: Total Execution Time: {{[0-9.]+}} seconds
# CHECK: parse
# CHECK: names, imports, -D, --sig, --kernel
# CHECK: type inference
# CHECK: MLIR generation
# CHECK: lowering pipeline
# CHECK: Mem2Reg
# CHECK: LiftControlFlowToSCFPass
# CHECK: SPIR-V serialization
# CHECK-NEXT: serialize
# CHECK: variants (float controls)
# CHECK: spirv-val (waiting for its threads)
# CHECK: manifest and outputs
# CHECK: {{[0-9.]+}} (100.0%)  Total
# CHECK-NOT: Execution time report
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = x[i] * 2 if x[i] > 0 else -x[i]
