"""Conformance with numba-cuda: the library behind tests/conformance/run.py.

A case is one launch of one kernel ported from numba-cuda's test suite
(docs/conformance.md). Its kernel lives, as upstream wrote it, in
kernels/<module>.py; its case entry (cases/<module>.py) says which upstream
test it comes from, how the test draws its inputs, how it launches the
kernel, and where the expected result comes from:

- "sim" (the default): the same kernel file imported under Numba's CUDA
  simulator (NUMBA_ENABLE_CUDASIM=1, Debian's python3-numba) and launched with
  the same configuration on a copy of the same inputs;
- a function of the inputs returning the arrays the upstream test asserts
  (for kernels the simulator cannot run: warp intrinsics, or where the
  simulator's Python arithmetic differs from the GPU's).

nvc compiles the kernel alone (--kernel NAME, --sig NAME=SIG where upstream
compiles lazily), spirv-val checks the module, nvc-run runs it on the Vulkan
device with the same inputs (outputs poisoned where upstream leaves them
uninitialised), and every array argument after the run must equal the
reference's (floats within the case's tolerance, NaN where NaN).
"""
import contextlib
import dataclasses
import hashlib
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import warnings
from typing import Any, Callable, Optional, Sequence

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")
CASES = os.path.join(HERE, "cases")

# The numba-cuda commit the kernels were ported from (each kernel file names
# its upstream path; `git show UPSTREAM_COMMIT:PATH` gives the original).
UPSTREAM_REPOSITORY = "https://github.com/NVIDIA/numba-cuda"
UPSTREAM_COMMIT = "b18b944b2f88a4e840424e49a1b0d29488263b40"


# A case whose launch runs this long has hung (every kernel of the suite runs
# in milliseconds): it fails instead of stopping the suite.
RUN_TIMEOUT_S = 120


@dataclasses.dataclass
class Case:
    """One launch of one upstream kernel.

    kernel: the function's name in kernels/<module>.py.
    test: the upstream test (Class.method) the kernel and inputs come from.
    category: the row of the category table (CATEGORIES).
    args: rng -> the kernel's arguments in order (NumPy arrays and scalars),
        drawn as the upstream test draws them; `rng` is a seeded
        numpy.random.Generator.
    griddim, blockdim: the launch configuration, as kernel[griddim, blockdim].
    sig: the signature added where upstream compiles lazily (--sig).
    entry: the entry point when it is not the kernel's name (kernel__1 for a
        decorator's second signature).
    reference: "sim", or args -> {argument index: expected array} (the
        values the upstream test asserts, computed from the inputs).
    shared_bytes: dynamic shared memory (kernel[g, b, 0, shared_bytes]).
    rtol, atol: float tolerance (default: float64 1e-12 relative, float32 2e-6).
    flags: extra nvc flags (fastmath=True is the decorator's, not a flag).
    name: the case's name when one kernel has several cases.
    rejects: the upstream test asserts that Numba refuses the kernel (a
        TypingError); the case passes when nvc reports an error
        (`file:line:col: error: ...`, exit 1) whose text contains `rejects`
        ("" for any error), and fails if nvc compiles it or crashes.
    raises: the launch raises (docs/language.md "Errors"): a regular
        expression the first line of the launcher's report must match in
        full (`ValueError`, `MyError: foo`); nvc-run must exit 1, and the
        arrays are still compared (the other invocations ran).
    prints: the lines the launch prints, in any order (a list, or args ->
        list); None: the launch prints nothing checked.
    call: how the case runs instead of a launch (docs/language.md "Ufuncs"):
        "ufunc" calls the ufunc `kernel` with `args` as its operands (inputs,
        then any outputs passed positionally; nvc-run --ufunc), "reduce" its
        .reduce of args[0] (nvc-run --reduce), "cuda_reduce" the @cuda.reduce
        `kernel` as upstream calls it: args are [A, res, init?] (res= and
        init=; res is compared after the call). The results compared are the
        arrays passed (index as for a launch) and "result", the first
        output (a ufunc's) or the reduced value.
    ufunc_out: for "ufunc", inputs -> the array passed as out= (the first
        output), as the upstream call does.
    ufunc_outs: for "ufunc", inputs -> output arrays passed positionally
        after the inputs.
    """
    kernel: str
    test: str
    category: str
    args: Callable[[np.random.Generator], Sequence[Any]]
    griddim: Any = 1
    blockdim: Any = 1
    sig: Optional[str] = None
    entry: Optional[str] = None
    reference: Any = "sim"
    shared_bytes: Optional[int] = None
    rtol: Optional[float] = None
    atol: float = 0.0
    flags: Sequence[str] = ()
    name: Optional[str] = None
    rejects: Optional[str] = None
    raises: Optional[str] = None
    prints: Any = None
    call: Optional[str] = None
    ufunc_out: Optional[Callable] = None
    ufunc_outs: Optional[Callable] = None

    def case_name(self):
        return self.name or self.kernel


# The category table's rows, in the order docs/conformance.md prints them.
CATEGORIES = [
    "indexing", "arithmetic", "integers", "math", "complex", "atomics", "shared memory",
    "local arrays", "constant memory", "device functions", "tuples", "control flow",
    "warp/subgroup", "synchronisation", "globals", "records", "float16", "print",
    "exceptions", "slicing", "reductions", "array methods", "random", "ufuncs",
    "grid sync", "doc examples",
]


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ufunc_case(call):
    """The Case of one UFUNC_CALLS entry of a cases module (cases/test_vectorize.py
    documents their fields): a call of the ufunc, or of its .reduce, whose result
    must equal reference(*inputs)."""
    ref = call["reference"]

    def reference(*inputs):
        # One value per output: "result", "result1", ... (a tuple for several).
        want = ref(*inputs)
        want = want if isinstance(want, tuple) else (want,)
        return {("result" if k == 0 else f"result{k}"): np.asarray(w) for k, w in enumerate(want)}

    return Case(call["kernel"], call["test"], "ufuncs", args=call["args"], reference=reference,
                rtol=call.get("rtol"), atol=call.get("atol", 0.0), name=call.get("name"),
                call="reduce" if call.get("method") == "reduce" else "ufunc",
                ufunc_out=call.get("out"), ufunc_outs=call.get("outs"))


def load_cases():
    """{module: [Case]} for every cases/<module>.py, sorted by module: its CASES,
    then a Case per entry of its UFUNC_CALLS."""
    out = {}
    for f in sorted(os.listdir(CASES)):
        if f.endswith(".py") and not f.startswith("_"):
            module = f[:-3]
            m = load_module(os.path.join(CASES, f), "conformance_cases_" + module)
            out[module] = list(m.CASES) + [ufunc_case(c) for c in getattr(m, "UFUNC_CALLS", [])]
    return out


def case_seed(case_id, seed):
    digest = hashlib.sha256(f"{seed}:{case_id}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def _tuple3(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,)


# ---------------------------------------------------------------------------
# The reference: Numba's CUDA simulator.

_simulator_ready = False


def enable_simulator():
    """Selects Numba's CUDA simulator and gives Debian's Numba (0.56) the
    spellings of today's numba-cuda that the kernels use: the scalar types
    importable from numba.cuda and numba.cuda.types."""
    global _simulator_ready
    if _simulator_ready:
        return
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
    # Kernel files import their helper modules (extensions_usecases) by name.
    if KERNELS not in sys.path:
        sys.path.insert(0, KERNELS)
    import numba
    from numba import cuda, types
    for name in dir(types):
        value = getattr(types, name)
        if isinstance(value, types.Type) and not hasattr(cuda, name):
            setattr(cuda, name, value)
    cuda.types = types
    sys.modules["numba.cuda.types"] = types
    # A device function's result type in a signature: cuda.jit("int32(int32)",
    # device=True) is fine; `void` is spelled numba.void or numba.cuda.void.
    if not hasattr(cuda, "void"):
        cuda.void = types.void
    # Modules that define ufuncs import numba.cuda's vectorize; the simulator
    # has none (their cases' references are NumPy's, so it only needs to load).
    if not hasattr(cuda, "vectorize"):
        cuda.vectorize = lambda *args, **kwargs: (lambda f: f)
    _simulator_ready = True


_sim_modules = {}


def simulate(module, case, args):
    """Launches the case's kernel under the simulator on `args` (changed in
    place) and returns them."""
    enable_simulator()
    if module not in _sim_modules:
        _sim_modules[module] = load_module(os.path.join(KERNELS, module + ".py"),
                                           "conformance_kernels_" + module)
    kernel = getattr(_sim_modules[module], case.kernel)
    # Kernels that print (test_print) print in the simulator: not ours to show.
    with contextlib.redirect_stdout(io.StringIO()):
        if case.shared_bytes is not None:
            kernel[case.griddim, case.blockdim, 0, case.shared_bytes](*args)
        else:
            kernel[case.griddim, case.blockdim](*args)
    return args


def reference(module, case, args):
    """{argument index: expected array}; nothing for a case that expects
    nvc to refuse the kernel. NumPy's overflow warnings of integer kernels
    run in the simulator (wrapping, as on the GPU) are silenced."""
    if case.rejects is not None:
        return {}
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _reference(module, case, args)


def _reference(module, case, args):
    if case.reference == "sim":
        after = simulate(module, case, [a.copy() if isinstance(a, np.ndarray) else a
                                        for a in args])
        return {i: a for i, a in enumerate(after) if isinstance(a, np.ndarray)}
    return case.reference(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])


# ---------------------------------------------------------------------------
# nvc and nvc-run.

class CaseFailure(Exception):
    """A case's failure; `stage` is compile, validate, run or compare."""
    def __init__(self, stage, message):
        super().__init__(f"{stage}: {message}")
        self.stage, self.message = stage, message


def module_path(work, module, case):
    return os.path.join(work, f"{module}__{case.case_name()}.spv")


def compile_case(nvc, work, module, case):
    out = module_path(work, module, case)
    cmd = [nvc, os.path.join(KERNELS, module + ".py"), "-o", out, "--kernel", case.kernel,
           *case.flags]
    if case.sig:
        cmd += ["--sig", f"{case.kernel}={case.sig}"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if case.rejects is not None:
        errors = [l for l in p.stdout.splitlines() if ": error: " in l]
        if p.returncode == 1 and errors and any(case.rejects in l for l in errors):
            return None
        raise CaseFailure("compile", f"expected an error containing '{case.rejects}', got exit "
                          f"{p.returncode}: {(errors or p.stdout.splitlines() or [''])[0]}")
    if p.returncode != 0:
        lines = [l for l in p.stdout.splitlines() if "error:" in l] or p.stdout.splitlines()
        raise CaseFailure("compile", (lines[0] if lines else f"exit {p.returncode}").strip())
    p = subprocess.run(["spirv-val", "--target-env", "vulkan1.1", out],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        raise CaseFailure("validate", p.stdout.strip().splitlines()[0])
    return out


def entry_parameters(spv, entry):
    with open(os.path.splitext(spv)[0] + ".json") as f:
        manifest = json.load(f)
    for e in manifest["entry_points"]:
        if e["name"] == entry:
            return [p["name"] for p in e["arguments"]]
    raise CaseFailure("run", f"the manifest has no entry point '{entry}'")


def scalar_text(value):
    if isinstance(value, (bool, np.bool_)):
        return "1" if value else "0"
    if isinstance(value, (complex, np.complexfloating)):
        return repr(complex(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    return str(int(value))


def ufunc_operands(spv, name):
    """(operand names, inputs) of ufunc `name` in the manifest next to `spv`."""
    with open(os.path.splitext(spv)[0] + ".json") as f:
        manifest = json.load(f)
    for e in manifest["entry_points"]:
        u = e.get("ufunc")
        if u and u["name"] == name and u["kind"] in ("vectorize", "guvectorize"):
            return [p["name"] for p in e["arguments"][3:]], u["nin"]
    raise CaseFailure("run", f"the manifest has no ufunc '{name}'")


def as_operand(value):
    """A ufunc operand as nvc-run takes it: arrays (tuples as NumPy makes
    them arrays), or scalars."""
    if isinstance(value, (tuple, list)):
        return np.asarray(value)
    return value


def run_call(nvc_run, spv, work, module, case, args):
    """Runs a ufunc, reduce or cuda.reduce case (Case.call); {index or
    "result": array}."""
    stem = os.path.join(work, f"{module}__{case.case_name()}")
    result = f"{stem}.result.npy"
    got, outputs = {}, {}
    if case.call == "ufunc":
        names, nin = ufunc_operands(spv, case.kernel)
        cmd = [nvc_run, spv, "--ufunc", case.kernel]
        operands = [as_operand(a) for a in args]
        inputs = operands[:nin]
        if case.ufunc_outs is not None:
            operands += list(case.ufunc_outs(*inputs))
        if case.ufunc_out is not None and len(operands) == nin:
            operands.append(np.array(case.ufunc_out(*inputs)))
        if len(operands) > len(names):
            raise CaseFailure("run", f"ufunc '{case.kernel}' takes {len(names)} operands, the "
                              f"case passes {len(operands)}")
        for i, (name, value) in enumerate(zip(names, operands)):
            if isinstance(value, np.ndarray):
                path = f"{stem}.{name}.in.npy"
                np.save(path, value)
                cmd.append(f"{name}=@{path}")
                if i >= nin:
                    outputs[i] = f"{stem}.{name}.out.npy"
                    cmd += ["--out", f"{name}={outputs[i]}"]
            else:
                cmd.append(f"{name}={scalar_text(value)}")
        for k in range(nin, len(names)):
            if k not in outputs:
                outputs[k] = f"{stem}.{names[k]}.result.npy"
                cmd += ["--out", f"{names[k]}={outputs[k]}"]
    else:
        cmd = [nvc_run, spv, "--reduce", case.kernel]
        path = f"{stem}.array.in.npy"
        np.save(path, np.asarray(args[0]))
        cmd += [f"array=@{path}", "--out", f"out={result}"]
        if case.call == "cuda_reduce":
            if len(args) > 1 and args[1] is not None:
                np.save(f"{stem}.res.in.npy", args[1])
                outputs[1] = f"{stem}.res.out.npy"
                cmd += [f"res=@{stem}.res.in.npy", "--out", f"res={outputs[1]}"]
            if len(args) > 2:
                cmd.append(f"init={scalar_text(args[2])}")
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise CaseFailure("run", f"nvc-run did not finish in {RUN_TIMEOUT_S} s")
    if p.returncode != 0:
        lines = p.stderr.strip().splitlines() or p.stdout.strip().splitlines()
        raise CaseFailure("run", lines[-1] if lines else f"exit {p.returncode}")
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray):
            got[i] = a  # inputs are not written
    for i, path in outputs.items():
        if i < len(args):
            got[i] = np.load(path)
    if case.call == "ufunc":
        for k in range(nin, len(names)):
            got["result" if k == nin else f"result{k - nin}"] = np.load(outputs[k])
    elif os.path.exists(result):
        got["result"] = np.load(result)
    return got


def run_case(nvc_run, spv, work, module, case, args):
    """Runs the compiled case on the device; {argument index: array after}."""
    if case.call is not None:
        return run_call(nvc_run, spv, work, module, case, args)
    entry = case.entry or case.kernel
    names = entry_parameters(spv, entry)
    if len(names) != len(args):
        raise CaseFailure("run", f"entry '{entry}' has {len(names)} parameters, the case "
                          f"passes {len(args)} arguments")
    cmd = [nvc_run, spv, "--entry", entry,
           "--groups", ",".join(map(str, _tuple3(case.griddim))),
           "--local-size", ",".join(map(str, _tuple3(case.blockdim)))]
    if case.shared_bytes is not None:
        cmd += ["--shared-bytes", str(case.shared_bytes)]
    outputs = {}
    stem = os.path.join(work, f"{module}__{case.case_name()}")
    for i, (name, value) in enumerate(zip(names, args)):
        if isinstance(value, np.void):
            # A record (np.void / np.record): Numba passes it by reference,
            # nvc as one record (a 0-d structured array), written back.
            value = np.array(value, dtype=value.dtype)
        if isinstance(value, np.ndarray):
            path = f"{stem}.{name}.in.npy"
            np.save(path, value)
            outputs[i] = f"{stem}.{name}.out.npy"
            cmd += [f"{name}=@{path}", "--out", f"{name}={outputs[i]}"]
        else:
            cmd.append(f"{name}={scalar_text(value)}")
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise CaseFailure("run", f"nvc-run did not finish in {RUN_TIMEOUT_S} s (a kernel that "
                                 "does not terminate?)")
    report = p.stderr.strip().splitlines()
    if case.raises is not None:
        # nvc-run reports the exception in two lines on stderr and exits 1.
        first = next((l for l in report if not l.startswith(("nvc-run:", "warning:"))), "")
        if p.returncode != 1 or not re.fullmatch(case.raises, first):
            raise CaseFailure("run", f"expected an exception matching '{case.raises}', got exit "
                              f"{p.returncode}: {first or (report or [''])[-1]}")
    elif p.returncode != 0:
        lines = report or p.stdout.strip().splitlines()
        raise CaseFailure("run", lines[-1] if lines else f"exit {p.returncode}")
    if case.prints is not None:
        want = case.prints(*args) if callable(case.prints) else case.prints
        got = p.stdout.splitlines()
        if sorted(got) != sorted(want):
            missing = sorted(set(want) - set(got))[:3]
            extra = sorted(set(got) - set(want))[:3]
            raise CaseFailure("compare", f"printed {len(got)} lines, want {len(want)}; "
                              f"missing {missing}, unexpected {extra}")
    return {i: np.load(path) for i, path in outputs.items()}


def compare(case, got, want):
    """Raises CaseFailure unless every expected array matches."""
    for i, w in want.items():
        w = np.asarray(w)
        g = got.get(i)
        if g is None:
            raise CaseFailure("compare", f"argument {i} is not an array the kernel got")
        if g.shape != w.shape:
            raise CaseFailure("compare", f"argument {i}: shape {g.shape}, want {w.shape}")
        if w.dtype.names is not None:
            # Records: each field as an array of its own (padding ignored).
            if g.dtype.names != w.dtype.names:
                raise CaseFailure("compare", f"argument {i}: fields {g.dtype.names}, want "
                                  f"{w.dtype.names}")
            for name in w.dtype.names:
                try:
                    compare(case, {i: np.ascontiguousarray(g[name])},
                            {i: np.ascontiguousarray(w[name])})
                except CaseFailure as e:
                    raise CaseFailure("compare", f"field '{name}': {e.message}")
            continue
        if np.issubdtype(w.dtype, np.inexact) or np.issubdtype(g.dtype, np.inexact):
            # (also an integer reference of float results: np.vectorize takes
            # its first value's type, and upstream's assert_allclose compares
            # values.)
            single = w.dtype in (np.float32, np.complex64) or g.dtype in (np.float32, np.complex64)
            rtol = case.rtol if case.rtol is not None else (2e-6 if single else 1e-12)
            # Part by part, relative to the complex magnitude (the usual
            # measure of complex functions' error) or, where that is
            # infinite, to the part itself: isclose of inf+1j and inf+1j is
            # False (their difference is NaN). Infinities match exactly.
            g64 = np.asarray(g, np.complex128 if np.iscomplexobj(g) else np.float64)
            w64 = np.asarray(w, np.complex128 if np.iscomplexobj(w) else np.float64)
            scale = np.abs(w64)
            parts = ([(g64.real, w64.real), (g64.imag, w64.imag)]
                     if np.iscomplexobj(w64) or np.iscomplexobj(g64) else [(g64, w64)])
            ok = np.ones(w.shape, bool)
            with np.errstate(invalid="ignore", over="ignore"):
                for gp, wp in parts:
                    bound = case.atol + rtol * np.where(np.isfinite(scale), scale, np.abs(wp))
                    ok &= ((gp == wp) | (np.isnan(gp) & np.isnan(wp)) |
                           (np.isfinite(wp) & (np.abs(gp - wp) <= bound)))
        else:
            ok = g == w
        if not np.all(ok):
            bad = np.argwhere(~np.asarray(ok))
            idx = tuple(bad[0]) if bad.ndim > 1 and len(bad) else ()
            raise CaseFailure("compare", f"argument {i}: {len(bad)} of {w.size} elements differ; "
                              f"first at {idx}: got {g[idx]!r}, want {w[idx]!r}")


def draw_args(case, case_id, seed):
    """The case's arguments, drawn with its own seeded generator (NumPy's
    overflow warnings of integer inputs, which wrap as upstream's, silenced)."""
    rng = np.random.default_rng(case_seed(case_id, seed))
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(case.args(rng))


def empty(shape, dtype):
    """np.empty(shape, dtype) as the upstream test writes it, poisoned (NaN,
    or 0x5A in every byte of an integer) so that an element the kernel should
    write but does not is caught; the simulator gets the same poison."""
    a = np.empty(shape, dtype=dtype)
    if np.issubdtype(a.dtype, np.inexact):
        a.fill(np.nan)
    else:
        a.view(np.uint8).fill(0x5A)
    return a
