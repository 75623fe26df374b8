# RUN: not %nvc %s -o %t.spv -fdiagnostics-format=sarif 2> %t.sarif
# RUN: python3 %S/Inputs/check_sarif.py %t.sarif | FileCheck %s --check-prefix=SARIF
# RUN: not %nvc %s -o %t.spv -fdiagnostics-format=json 2> %t.json
# RUN: python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print(len(d), [(x['kind'], x.get('option'), x['locations'][0]['caret']['line']) for x in d])" %t.json | FileCheck %s --check-prefix=JSON
# RUN: not %nvc %s -o %t.spv -fcolor-diagnostics 2>&1 | FileCheck %s --check-prefix=COLOR
# RUN: not %nvc %s -o %t.spv 2>&1 | FileCheck %s --check-prefix=PLAIN
# RUN: not %nvc %s -o %t.spv -fdiagnostics-format=xml 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: not test -e %t.spv
# -fdiagnostics-format=json (GCC's layout) and sarif (SARIF 2.1.0) give every
# diagnostic with its location; -fcolor-diagnostics colours the text as
# Clang does, which is never coloured when not asked for and not on a
# terminal.
import numpy as np
from numba import cuda


@cuda.jit("void(float32[::1])")
def k(x):
    i = cuda.grid(1)
    x[i] = x[i] * 2.5
    y = cuda.gridd(1)

# SARIF: warning float64-promotion {{.*}}driver-diagnostics-format.py:20:19 the Python float literal 2.5 is float64
# SARIF: error error {{.*}}driver-diagnostics-format.py:21:14 unknown attribute 'gridd' of module 'cuda'
# JSON: 2 [('warning', '-Wfloat64-promotion', 20), ('error', None, 21)]
# COLOR: {{.}}[1m{{.*}}driver-diagnostics-format.py:21:14: {{.}}[1;31merror:{{.}}[0m
# PLAIN-NOT: {{.}}[1m
# PLAIN: driver-diagnostics-format.py:21:14: error: unknown attribute 'gridd'
# BAD: nvc: error: invalid -fdiagnostics-format=xml: the formats are text, json and sarif
