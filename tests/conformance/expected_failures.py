"""The conformance suite's expected failures: case id -> reason.

A case listed here must fail (an unexpected pass fails the run, so the table
stays exact). Each reason is one of:
- later(N): the case needs a feature a later issue adds; the issue's subject
  is the reason, so that the issue turns its rows green;
- vulkan_limit("..."): what Vulkan compute cannot express, stated;
- a plain string: a feature of issue 18 (conformance) that nvc still lacks.
"""

# Subjects of the issues that add the features these cases need.
LATER_ISSUES = {
    19: "Errors and printing from inside kernels: raise, error_model=\"python\", boundscheck, print",
    20: "Arrays inside kernels: views, slices, array expressions, reductions",
    21: "Structured dtypes, float16 arrays, and numba.cuda.random",
    22: "Ufuncs ahead of time: vectorize, guvectorize, reduce, cuda.reduce, and @overload",
    23: "Grid-wide synchronisation on Vulkan: cuda.cg.this_grid().sync()",
}


def later(issue):
    return f"issue {issue}: {LATER_ISSUES[issue]}"


def vulkan_limit(what):
    return f"Vulkan limit: {what}"


def is_later(reason):
    return any(reason.startswith(f"issue {n}:") for n in LATER_ISSUES)


EXPECTED_FAILURES = {
}
