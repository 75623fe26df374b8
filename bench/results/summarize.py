#!/usr/bin/python3
"""Compact per-run JSON of bench/results/ from the raw output of benchmark runs.

Reads (stdlib only):
  - bench/run.py logs: the 'bench: seed …' line, one progress line per case (GPU medians and
    the ok/WRONG status of nvc, -O0, --fp-contract=fast and numba-cuda), the header with date,
    backend and device, the ceilings, the table (MB moved, GFLOP, ratios, % of the ceilings)
    and the compile times; and the WORK/results.json that bench/run.py writes beside it
    (min/median/max per case and side, every bandwidth and FMA rate the ceilings came from);
  - tests/e2e/test_examples.py logs: PASS/FAIL/XFAIL/XPASS lines and the closing counts, per
    section (the -O2 run, 'e2e -O0:') and per backend tag ([mlir]/[llvm]);
  - SASS listings (bench/nvidia_sass.py's nvdisasm of NVIDIA's shader cache, numba-cuda's
    inspect_sass()): instruction counts per opcode, the highest register (and numba's
    EIATTR_REGCOUNT), and the innermost loops (backward branches): their counts of
    float/double arithmetic, MUFU, SHFL and memory instructions and the order of those;
  - the ad hoc probe logs of single sessions, one small parser each (see RUNS).
Writes one <run>.json per run of RUNS beside itself. Numbers are written as the text they
had in the raw output (no re-rounding); full-precision values come from results.json files.

  /usr/bin/python3 bench/results/summarize.py                 # rewrite every <run>.json of RUNS
  /usr/bin/python3 bench/results/summarize.py bench LOG [RESULTS_JSON]   # one bench/run.py run
  /usr/bin/python3 bench/results/summarize.py e2e LOG                   # one e2e log
  /usr/bin/python3 bench/results/summarize.py sass FILE.sass            # one SASS listing
(the last three print JSON on stdout, for new runs). The raw files of RUNS were deleted once
converted; each JSON entry's "raw" names the file (its path here) and the commit that holds it
(`git show COMMIT:./PATH` in this directory), so RUNS can be re-run from such a checkout.
"""
import collections
import json
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# ----------------------------------------------------------------------------- numbers, output
class Num(str):
    """A number written exactly as the raw output had it."""


NUMBER = re.compile(r"-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$")


def num(text):
    t = text.strip()
    if t in ("-", "", "n/a", "None"):
        return None
    return Num(t) if NUMBER.match(t) else t


def fnum(x):
    """A float from a JSON file, at full precision (repr), or a string if not finite."""
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return x
    return Num(repr(x)) if math.isfinite(x) else repr(x)


def _scalar(o):
    return not isinstance(o, (dict, list, tuple))


def _inline(o):
    if isinstance(o, Num):
        return str(o)
    if isinstance(o, dict):
        return "{" + ", ".join(json.dumps(k) + ": " + _inline(v) for k, v in o.items()) + "}"
    if isinstance(o, (list, tuple)):
        return "[" + ", ".join(_inline(v) for v in o) + "]"
    return json.dumps(o, ensure_ascii=False)


def dumps(o, ind=0):
    """JSON with one line per case/row: a dict of scalars (and short lists) stays on one line."""
    pad, pad1 = " " * ind, " " * (ind + 1)
    flat = _inline(o)
    if _scalar(o):
        return flat
    leafy = all(_scalar(v) or (isinstance(v, (list, tuple)) and all(map(_scalar, v)))
                for v in (o.values() if isinstance(o, dict) else o))
    if isinstance(o, dict) and leafy and len(flat) <= 1000:
        return flat
    if isinstance(o, (list, tuple)) and leafy and len(flat) <= 600:
        return flat
    if not o:
        return flat
    if isinstance(o, dict):
        body = [pad1 + json.dumps(k) + ": " + dumps(v, ind + 1) for k, v in o.items()]
        return "{\n" + ",\n".join(body) + "\n" + pad + "}"
    return "[\n" + ",\n".join(pad1 + dumps(v, ind + 1) for v in o) + "\n" + pad + "]"


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def comments(lines, prefix="#"):
    """The text of a header comment, paragraphs joined."""
    text = [l.lstrip(prefix).strip() for l in lines if l.startswith(prefix)]
    return " ".join(t for t in text if t)


def raw_ref(rel):
    """'PATH @ COMMIT' (PATH under bench/results): the raw file's last commit, `git show COMMIT:./PATH`."""
    try:
        c = subprocess.run(["git", "log", "-1", "--format=%h", "--", os.path.join(HERE, rel)],
                           capture_output=True, text=True, cwd=HERE).stdout.strip()
    except OSError:
        c = ""
    return rel + (f" @ {c}" if c else "")


# ----------------------------------------------------------------------------- bench/run.py
COLUMNS = {"case": "case", "size": "size", "MB moved": "mb_moved", "GFLOP": "gflop",
           "nvc -O0": "nvc_O0_ms", "nvc ms": "nvc_ms", "numba ms": "numba_ms",
           "nvc/numba": "nvc_over_numba", "nvc fma ms": "nvc_fma_ms", "fma/numba": "fma_over_numba",
           "nvc %BW": "nvc_pct_bw", "nvc %FMA": "nvc_pct_fma", "numba %BW": "numba_pct_bw",
           "numba %FMA": "numba_pct_fma", "notes": "notes"}
CASE_ORDER = ["case", "size", "nvc_ms", "nvc", "nvc_O0_ms", "nvc_fma_ms", "numba_ms", "numba",
              "nvc_over_numba", "fma_over_numba", "mb_moved", "gflop", "nvc_pct_bw", "nvc_pct_fma",
              "numba_pct_bw", "numba_pct_fma", "notes"]


def status(s):
    return None if s == "None" else s


def parse_progress(line):
    """'  CASE [SIZE]: nvc X ms (STATUS)[, -O0 X ms][, --fp-contract=fast X ms], numba X ms (STATUS)'."""
    m = re.search(r", numba (\S+) ms \((.*)\)$", line)
    if not m or ": nvc " not in line:
        return None
    r = {"numba_ms": num(m.group(1)), "numba": status(m.group(2))}
    rest = line[:m.start()]
    for key, pat in (("nvc_fma_ms", r", --fp-contract=fast (\S+) ms$"), ("nvc_O0_ms", r", -O0 (\S+) ms$")):
        m = re.search(pat, rest)
        if m:
            r[key] = num(m.group(1))
            rest = rest[:m.start()]
    m = re.match(r"^  (.+) \[([^\]]+)\]: nvc (\S+) ms \((.*)\)$", rest)
    r.update(case=m.group(1), size=m.group(2), nvc_ms=num(m.group(3)), nvc=status(m.group(4)))
    return r


def parse_table(lines):
    hdr, rows = None, []
    for l in lines:
        if l.startswith("| case"):
            hdr = [c.strip() for c in l.strip().strip("|").split("|")]
        elif l.startswith("|--"):
            continue
        elif l.startswith("| ") and hdr:
            cells = [c.strip() for c in l.strip().strip("|").split("|")]
            row = {}
            for h, c in zip(hdr, cells):
                key = COLUMNS[h]
                row[key] = c if key in ("case", "size", "notes") else num(c)
            rows.append(row)
    return rows


def parse_bench_log(lines):
    """One bench/run.py run from its printed output."""
    out = {}
    progress, compile_ms, in_compile = [], {}, False
    for l in lines:
        m = re.match(r"bench: seed (\d+), (\w+) sizes", l)
        if m:
            out["seed"], out["sizes"] = Num(m.group(1)), m.group(2)
            continue
        m = re.match(r"nvc benchmarks \((\w+)(?:, backend (\w+))?\), (.+ UTC), Vulkan device: (.+); "
                     r"numba-cuda: (.+)$", l)
        if m:
            out.update(date=m.group(3), backend=m.group(2) or "mlir (the only one then)",
                       device=m.group(4), numba_cuda=m.group(5))
            continue
        m = re.match(r"ceilings: copy (\d+) GB/s \((.*?)\)(?:, fp32 FMA (\S+) TFLOP/s \((.*)\))?$", l)
        if m:
            out["ceilings"] = {"copy_GBps": Num(m.group(1)), "copy_source": m.group(2),
                               "fma_TFLOPs": num(m.group(3) or ""), "fma_source": m.group(4)}
            continue
        if l.startswith("compile time (ms"):
            in_compile = True
            continue
        m = re.match(r"bench: (\d+) wrong result", l)
        if m:
            out["wrong_results"] = Num(m.group(1))
            in_compile = False
            continue
        m = re.match(r"rc=(\d+)$", l)
        if m:
            out["rc"] = Num(m.group(1))
            continue
        if in_compile:
            m = re.match(r"  nvc (.+?): (\S+)(?: \(in process (\S+), (\S+) per entry point\))?$", l)
            if m:
                e = {"whole_process": num(m.group(2))}
                if m.group(3):
                    e.update(in_process=num(m.group(3)), per_entry_point=num(m.group(4)))
                compile_ms.setdefault("nvc", {})[m.group(1)] = e
                continue
            m = re.match(r"  glslangValidator (.+?): (\S+)$", l)
            if m:
                compile_ms.setdefault("glslangValidator", {})[m.group(1)] = num(m.group(2))
                continue
            m = re.match(r"  numba-cuda (.+?): import\+compile (\S+), first launch(?: \(wall, kernel included\))? (\S+)$", l)
            if m:
                compile_ms.setdefault("numba_cuda", {})[m.group(1)] = {
                    "import_compile": num(m.group(2)), "first_launch": num(m.group(3))}
                continue
            raise ValueError("compile line: " + l)
        p = parse_progress(l)
        if p:
            progress.append(p)
    rows = parse_table(lines)
    if progress and len(progress) != len(rows):
        raise ValueError("progress lines and table rows differ in number")
    cases = []
    for i, row in enumerate(rows):
        c = dict(row)
        if progress:
            p = progress[i]
            for k, v in p.items():
                if k in c and c[k] != v and not (k == "nvc_O0_ms" and c[k] == "n/a"):
                    raise ValueError(f"{row['case']}: {k} {c[k]} in the table, {v} in the progress line")
                c[k] = v
        else:  # only the table: print_table notes every status but ok (and numba's None)
            notes = c.get("notes", "")
            if c.get("nvc_ms") is not None and "nvc:" not in notes:
                c["nvc"] = "ok"
        derived = "; ".join(f"{who}: {c[k]}" for who, k in (("nvc", "nvc"), ("numba", "numba"))
                            if c.get(k) not in (None, "ok"))
        if not c.get("notes") or derived.startswith(c["notes"]):  # the statuses say it in full
            c.pop("notes", None)
        cases.append({k: c[k] for k in CASE_ORDER if k in c})
    out["cases"] = cases
    out.setdefault("wrong_results", Num("0"))  # bench/run.py prints 'bench: N wrong result(s)' only if N > 0
    if compile_ms:
        out["compile_ms"] = compile_ms
    return out


def tabulate(entry):
    """cases as rows under one list of column names (the layout of bench/run.py's table)."""
    cases = entry["cases"]
    cols = [k for k in CASE_ORDER + ["nvc_min_max", "numba_min_max"] if any(k in c for c in cases)]
    out = {}
    for k, v in entry.items():
        if k == "cases":
            out["case_columns"] = cols
            out["cases"] = [[c.get(col) for col in cols] for c in cases]
        else:
            out[k] = v
    return out


def add_results_json(entry, path):
    """min/median/max per case and side, and the ceilings' sources, from bench/run.py's results.json."""
    with open(path) as f:
        d = json.load(f)
    if str(d["seed"]) != str(entry.get("seed", d["seed"])):
        raise ValueError(f"{path}: seed {d['seed']}, log {entry.get('seed')}")
    spread = []
    for i, r in enumerate(d["results"]):
        s = {"case": r["case"], "size": r["size"]}
        for side in ("nvc", "nvc_O0", "nvc_fma", "numba"):
            x = r.get(side) or {}
            if "gpu_ms_median" in x:  # also a run whose result was wrong: timed, not printed
                s[side] = [fnum(x["gpu_ms_min"]), fnum(x["gpu_ms_median"]), fnum(x["gpu_ms_max"])]
                if x.get("status") != "ok":
                    s[side + "_status"] = x.get("status")
            if side == "numba" and x.get("status") not in ("ok", None) and "import_compile_ms" in x:
                nb = entry.setdefault("compile_ms", {}).setdefault("numba_cuda", {})
                nb.setdefault(r["file"], {"import_compile": fnum(x["import_compile_ms"]),
                                          "first_launch": fnum(x.get("first_launch_ms")),
                                          "from": "results.json (the log prints only ok cases)"})
            if x.get("status") == "ok":
                if entry.get("cases"):  # the log's 3-decimal median must be results.json's
                    c = entry["cases"][i]
                    key = {"nvc": "nvc_ms", "nvc_O0": "nvc_O0_ms", "nvc_fma": "nvc_fma_ms", "numba": "numba_ms"}[side]
                    if c["case"] != r["case"] or c.get(key) != f"{x['gpu_ms_median']:.3f}":
                        raise ValueError(f"{path}: {r['case']} {side} median differs from the log")
        spread.append(s)
    entry["gpu_ms_min_median_max"] = spread
    c = d["ceilings"]
    ce = {"bandwidth_Bps": fnum(c.get("bandwidth_Bps")), "bandwidth_source": c.get("bandwidth_source"),
          "fma_flops": fnum(c.get("fma_flops")), "fma_source": c.get("fma_source"),
          "all_bandwidths_Bps": [[fnum(v), w] for v, w in c.get("all_bandwidths", [])],
          "all_fma_flops": [[fnum(v), w] for v, w in c.get("all_fma", [])]}
    for k, v in c.items():
        if k.startswith("cuda_memcpy_ms"):
            ce[k] = fnum(v)
    if c.get("vulkan_glsl_fma", {}).get("status") == "ok":
        ce["vulkan_glsl_fma_gpu_ms_median"] = fnum(c["vulkan_glsl_fma"]["gpu_ms_median"])
    entry["ceilings_detail"] = ce
    entry["host"] = d.get("host")
    return entry


def results_json_only(path):
    """A run known only from its results.json (no log kept)."""
    with open(path) as f:
        d = json.load(f)
    e = {"seed": Num(str(d["seed"])), "sizes": "reduced" if d["reduced"] else "full",
         "backend": d.get("backend"), "host": d.get("host"), "cases": []}
    for r in d["results"]:
        c = {"case": r["case"], "size": r["size"]}
        for side, key in (("nvc", "nvc_ms"), ("numba", "numba_ms")):
            x = r.get(side) or {}
            if side == "numba" and x.get("status") is None:
                continue  # --no-numba
            c[key] = fnum(x.get("gpu_ms_median")) if x.get("status") == "ok" else None
            c[side] = x.get("status")
            if x.get("status") == "ok":
                c[side + "_min_max"] = [fnum(x["gpu_ms_min"]), fnum(x["gpu_ms_max"])]
        e["cases"].append(c)
    e["numbers"] = "GPU ms at full precision as in results.json (the table in docs rounds to 3 decimals)"
    return tabulate(e)


# ----------------------------------------------------------------------------- e2e
def e2e_names():
    """Case names of tests/e2e/test_examples.py: a FAIL line is 'NAME: MESSAGE', and names hold ': '."""
    try:
        text = open(os.path.join(ROOT, "tests", "e2e", "test_examples.py"), encoding="utf-8").read()
    except OSError:
        return set()
    return set(re.findall(r'\(\s*"([^"\n]+)",\s*\n?\s*case_', text))


def split_name(text, names):
    best = max((n for n in names if text.startswith(n + ": ")), key=len, default=None)
    if best:
        return best, text[len(best) + 2:]
    name, _, msg = text.partition(": ")
    return name, msg


def parse_e2e(lines, first_label="-O2", names=None):
    names = set(names or ()) | e2e_names()
    for l in lines:  # every name that passed somewhere in this log too
        m = re.match(r"PASS (?:\[\w+\] )?(.+)$", l)
        if m:
            names.add(m.group(1))
    sections, cur, label, header = [], None, first_label, []
    for l in lines:
        m = re.match(r"e2e (.+):$", l)
        if m:
            label = m.group(1)
            continue
        m = re.match(r"seed (\d+)$", l)
        if m:
            cur = {"label": label, "seed": Num(m.group(1)), "passed": None, "failed": None,
                   "expected_failures": None, "by_backend": {}, "failures": []}
            sections.append(cur)
            continue
        m = re.match(r"(PASS|FAIL|XFAIL|XPASS) (?:\[(\w+)\] )?(.*)$", l)
        if m and cur is not None:
            kind, backend, text = m.group(1), m.group(2) or "default", m.group(3)
            b = cur["by_backend"].setdefault(backend, {"PASS": 0, "FAIL": 0, "XFAIL": 0, "XPASS": 0})
            b[kind] += 1
            if kind in ("FAIL", "XPASS"):
                name, msg = split_name(text, names)
                cur["failures"].append({"backend": backend, "case": name, "message": msg})
            continue
        m = re.match(r"(\d+) expected failures$", l)
        if m and cur is not None:
            cur["expected_failures"] = Num(m.group(1))
            continue
        m = re.match(r"(\d+) passed, (\d+) failed$", l)
        if m and cur is not None:
            cur["passed"], cur["failed"] = Num(m.group(1)), Num(m.group(2))
            continue
        m = re.match(r"rc=(\d+)$", l)
        if m and cur is not None:
            cur["rc"] = Num(m.group(1))
            continue
        if cur is None and l.strip():
            header.append(l.strip())
    for s in sections:
        tot = collections.Counter()
        for b in s["by_backend"].values():
            tot.update(b)
        if s["passed"] is not None and (int(s["passed"]) != tot["PASS"] or int(s["failed"]) != tot["FAIL"] + tot["XPASS"]):
            raise ValueError(f"e2e counts: {s['passed']}/{s['failed']} printed, {dict(tot)} counted")
        if s["expected_failures"] is None and s["passed"] is not None:
            s["expected_failures"] = Num(str(tot["XFAIL"]))  # older logs did not print it
        s["by_backend"] = {k: {kk: vv for kk, vv in v.items() if vv or kk != "XPASS"}
                           for k, v in s["by_backend"].items()}
        if not s["failures"]:
            s["failures"] = []
    out = {"sections": sections}
    if header:
        out["header"] = header
    return out


# ----------------------------------------------------------------------------- SASS
INSTR = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)\s*(.*?)\s*;")
DETAIL = ("LDG", "STG", "LDS", "STS", "LDL", "STL", "LDC", "ATOM", "ATOMG", "ATOMS", "RED", "MUFU", "SHFL", "ISETP")
LOOP_OPS = ("FFMA", "FMUL", "FADD", "DFMA", "DMUL", "DADD", "MUFU", "SHFL", "LDG", "STG", "LDS", "STS", "LDL", "STL")


def parse_sass(lines):
    instrs, pending, labels, regcount, want_reg = [], [], {}, None, False
    for l in lines:
        m = re.match(r"^(\.L_x_\d+):", l)
        if m:
            pending.append(m.group(1))
            continue
        if "EIATTR_REGCOUNT" in l:
            want_reg = True
            continue
        if want_reg:
            m = re.search(r"\.word\s+0x([0-9a-f]+)\s*$", l)
            if m:
                regcount, want_reg = int(m.group(1), 16), False
            continue
        m = INSTR.match(l)
        if m:
            a = int(m.group(1), 16)
            for p in pending:
                labels[p] = a
            pending = []
            instrs.append((a, m.group(2), m.group(3), m.group(4)))
    resolved = []
    for a, pred, op, args in instrs:
        m = re.search(r"`\((\.L_x_\d+)\)", args)
        if m and m.group(1) in labels:
            args = args.replace(m.group(0), hex(labels[m.group(1)]))
        resolved.append((a, pred, op, args))
    return resolved, regcount


def sass_summary(lines):
    instrs, regcount = parse_sass(lines)
    base = collections.Counter(op.split(".")[0] for _, _, op, _ in instrs)
    detail = collections.Counter(op for _, _, op, _ in instrs if op.split(".")[0] in DETAIL)
    regs = [int(r) for _, _, _, args in instrs for r in re.findall(r"\bR(\d+)\b", args)]
    out = {"instructions": len(instrs)}
    if regs:
        out["highest_register"] = f"R{max(regs)}"
    if regcount is not None:
        out["regcount"] = regcount
    out["opcodes"] = dict(sorted(base.items()))
    out["memory_mufu_shfl_isetp"] = dict(sorted(detail.items()))
    loops = []
    for a, _, op, args in instrs:
        if op.split(".")[0] == "BRA":
            m = re.search(r"0x([0-9a-f]+)", args)
            if m and int(m.group(1), 16) < a:
                loops.append((int(m.group(1), 16), a))
    inner = [l for l in loops if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in loops)]
    out["innermost_loops"] = []
    for start, end in inner:
        body = [(op, pred) for a, pred, op, _ in instrs if start <= a <= end]
        ops = [op for op, _ in body if op.split(".")[0] in LOOP_OPS]
        seq = []
        for op in ops:
            if seq and seq[-1][0] == op:
                seq[-1][1] += 1
            else:
                seq.append([op, 1])
        out["innermost_loops"].append({
            "range": f"{start:#06x}-{end:#06x}", "instructions": len(body),
            "counts": dict(sorted(collections.Counter(ops).items())),
            "order": " ".join(op if n == 1 else f"{op}x{n}" for op, n in seq)})
    return out


# ----------------------------------------------------------------------------- small probes
def timed_lines(lines, pattern=r"^\s*(?P<label>.*?)\s+(?P<ms>\d+\.\d+) ms(?P<rest>.*)$"):
    """'LABEL   X ms  [REST]' lines (warnings and comments skipped)."""
    rows = []
    for l in lines:
        if l.startswith(("#", "/", "  warn(")) or not l.strip():
            continue
        m = re.match(pattern, l)
        if not m:
            continue
        r = {"variant": m.group("label"), "ms": Num(m.group("ms"))}
        rest = m.group("rest").strip()
        e = re.match(r"rel err (\S+)$", rest)
        if e:
            r["rel_err"] = num(e.group(1))
        elif rest:
            r["note"] = rest.strip("()").strip()
        rows.append(r)
    return rows


def parse_env(lines):
    env, i = {}, 0
    while i < len(lines):
        l = lines[i]
        if l.startswith(("name,", "clocks.")) and i + 1 < len(lines):
            for k, v in zip(l.split(", "), lines[i + 1].split(", ")):
                k = k.strip()
                env[k if k not in env else k + " (after the run)"] = v.strip()
            i += 2
            continue
        m = re.match(r"\d+: (.+) \((.+), Vulkan (\S+)\)", l)
        if m:
            env.update(vulkan_device=m.group(1), vulkan=m.group(3))
        elif re.match(r"numpy (\S+) numba-cuda (\S+)", l):
            m = re.match(r"numpy (\S+) numba-cuda (\S+)", l)
            env.update(numpy=m.group(1), numba_cuda=m.group(2))
        elif re.match(r"NVIDIA .+, \d+\.\d+", l):
            env["nvidia_smi"] = l
        elif l.strip():
            env["date"] = l.strip()
        i += 1
    return env


def parse_psum(lines):
    out = {}
    for l in lines:
        m = re.match(r"(\w+) (\d+) differ (.*)$", l)
        if m:
            first = re.findall(r"\((\d+), np\.float64\(([^)]+)\), np\.float64\(([^)]+)\)\)", m.group(3))
            out[m.group(1)] = {"elements_differing": Num(m.group(2)),
                               "first_index_got_want": [[Num(i), num(g), num(w)] for i, g, w in first]}
    return out


def parse_vector_copy(lines):
    out = {"about": comments(lines), "sizes": []}
    for l in lines:
        m = re.match(r"n=2\^(\d+): memcpy (\S+) ms (\d+) GB/s", l)
        if m:
            cur = {"n": f"2^{m.group(1)}", "memcpy_ms": Num(m.group(2)), "memcpy_GBps": Num(m.group(3)), "kernels": []}
            out["sizes"].append(cur)
            continue
        m = re.match(r"\s+(\S+)\s+ls=\s*(\d+) (\S+) ms (\d+) GB/s\s+(\d+)% of memcpy", l)
        if m:
            cur["kernels"].append({"module": m.group(1), "local_size": Num(m.group(2)), "ms": Num(m.group(3)),
                                   "GBps": Num(m.group(4)), "pct_of_memcpy": Num(m.group(5))})
    return out


def parse_pow2(lines):
    out = {"about": comments([l for l in lines if not l.startswith("##")]), "versions": []}
    pat = (r"N=(\d+) rep(\d) (\w+)\s+(\S+) (\S+) ms \(err (\S+)\) \| (\S+) (\S+) ms \(err (\S+)\) \| "
           r"on/off (.+?) \| numba (\S+) ms \(err (\S+)\)")
    for l in lines:
        if l.startswith("## "):
            cur = {"version": l[3:], "rows": []}
            out["versions"].append(cur)
            continue
        m = re.match(pat, l)
        if m:
            g = m.groups()
            cur["rows"].append({"N": Num(g[0]), "rep": Num(g[1]), "kernel": g[2], "on_ms": Num(g[4]), "on_err": Num(g[5]),
                                "off_ms": Num(g[7]), "off_err": Num(g[8]), "on_vs_off": g[9],
                                "numba_ms": Num(g[10]), "numba_err": Num(g[11])})
    return out


def parse_reps(lines):
    """'rep0 block 512: v9.spv 91.5 ms, v9i.spv 91.6 ms, numba 89.0 ms' and the v9-blocks form."""
    rows = []
    for l in lines:
        m = re.match(r"rep(\d) block\s+(\d+)(?: blocks\s+(\d+))?: (.*)$", l)
        if not m:
            continue
        r = {"rep": Num(m.group(1)), "block": Num(m.group(2))}
        if m.group(3):
            r["blocks"] = Num(m.group(3))
        for part in m.group(4).split(", "):
            name, ms = re.match(r"(\S+) (\S+) ms$", part).groups()
            r[name + "_ms"] = Num(ms)
        rows.append(r)
    return rows


def parse_nonwritable(lines):
    rows = []
    for l in lines:
        m = re.match(r"(.+?) (\d+): rep(\d): (.*)$", l)
        if m:
            r = {"kernel": m.group(1), "n": Num(m.group(2)), "rep": Num(m.group(3))}
            for part in m.group(4).split(", "):
                k, v = part.split(" ", 1)
                r[k] = num(v)
            rows.append(r)
    return rows


def parse_division_probe(lines):
    out = {"probes": []}
    rest = []
    for l in lines:
        m = re.match(r"(?:(\S+\.spv) )?(probe32|probe64) (.+?): (\d+) of (\d+) not correctly rounded, max \|ulp\| (\d+)$", l)
        n = re.match(r"(\S+\.spv) (probe32|probe64) (.+?): (\d+) of (\d+) normal cases and (\d+) of (\d+) "
                     r"subnormal-dividend cases not correctly rounded$", l)
        if m:
            out["probes"].append({"probe": m.group(2), "op": m.group(3), "not_correctly_rounded": Num(m.group(4)),
                                  "of": Num(m.group(5)), "max_ulp": Num(m.group(6))})
        elif n:
            g = n.groups()
            out["probes"].append({"module": g[0], "probe": g[1], "op": g[2], "normal_not_correctly_rounded": Num(g[3]),
                                  "normal_of": Num(g[4]), "subnormal_dividend_not_correctly_rounded": Num(g[5]),
                                  "subnormal_dividend_of": Num(g[6])})
        else:
            rest.append(l)
    if any(l.startswith("seed ") for l in rest):
        out["e2e"] = parse_e2e(rest)
    return out


def parse_loop_fusion(lines):
    rows = []
    for l in lines:
        m = re.match(r"(\S+\.spv) (\w+) \[(.*?)\] \{(.*)\}$", l)
        if m:
            checks = [c.strip() == "True" for c in m.group(3).split(",")]
            r = {"module": os.path.basename(m.group(1)), "entry": m.group(2), "outputs_ok": checks}
            for k, v in re.findall(r"'(\w+)': (\d+)", m.group(4)):
                r[k + "_elements_differing"] = Num(v)
            rows.append(r)
    return rows


def parse_clocks(lines):
    out = {}
    m = re.match(r"(\S+) gpu time: median (\S+) ms \(min (\S+), max (\S+)\) over (\d+) runs.*"
                 r"upload (\S+) ms, download (\S+) ms", lines[0])
    out["nvc"] = {"module": m.group(1), "gpu_ms_median": Num(m.group(2)), "min": Num(m.group(3)),
                  "max": Num(m.group(4)), "runs": Num(m.group(5)), "upload_ms": Num(m.group(6)),
                  "download_ms": Num(m.group(7))}
    out["numba_gpu_ms_median"] = Num(re.match(r"numba v9 median ms (\S+)", lines[1]).group(1))
    out["clock_samples"] = []
    for l in lines[2:]:
        m = re.match(r"(\S+) samples (\d+) SM MHz median (\S+) max (\S+) power W median (\S+) reasons \['(\w+)'\]", l)
        if m:
            out["clock_samples"].append({"file": m.group(1), "samples": Num(m.group(2)), "sm_MHz_median": Num(m.group(3)),
                                         "sm_MHz_max": Num(m.group(4)), "power_W_median": Num(m.group(5)),
                                         "throttle_reasons": m.group(6)})
    return out


def parse_trig(lines):
    """float64/float32 sin/cos/tan max ulp per argument range, before and after Payne-Hanek."""
    out = {"about": [], "max_ulp": {}}
    part, para = "section 2: before the Payne-Hanek reduction", []
    for l in lines:
        if l.startswith("#"):
            t = l.lstrip("#").strip()
            m = re.match(r"(\d)\. (.*)", t)
            if m and m.group(1) == "3":
                part = "section 3: after the Payne-Hanek reduction (2cdf423)"
            para.append(t)
            continue
        if para:
            out["about"].append(" ".join(p for p in para if p))
            para = []
        m = re.match(r"(\w)( float32)? max ulp vs (?:float64 )?NumPy: (.*)$", l)
        if m:
            key = {"s": "sin", "c": "cos", "t": "tan"}[m.group(1)] + (" float32" if m.group(2) else " float64")
            ranges = {}
            for item in m.group(3).split("; "):
                k, v = item.rsplit(": ", 1)
                ranges[k] = num(v)
            out["max_ulp"].setdefault(part, {})[key] = ranges
    if para:
        out["about"].append(" ".join(p for p in para if p))
    return out


def parse_hand_unrolled(lines):
    return {"about": " ".join(l.strip() for l in lines[:2]),
            "rows": timed_lines(lines[2:])}


# ----------------------------------------------------------------------------- runs
def bench(rel, results_json=None, **extra):
    e = parse_bench_log(read_lines(os.path.join(HERE, rel)))
    if results_json:
        add_results_json(e, os.path.join(HERE, results_json))
    e = tabulate(e)
    e["raw"] = [raw_ref(rel)] + ([raw_ref(results_json)] if results_json else [])
    e.update(extra)
    cmd = "bench/run.py --stage run --work W" + (" --reduced" if e.get("sizes") == "reduced" else "")
    if str(e.get("numba_cuda", "")).startswith("no (disabled)"):
        cmd += " --no-numba"
    e.setdefault("command", cmd + " (reconstructed from the log's header; W/spv compiled on the build host by "
                 "bench/run.py --stage compile" + (" --backend llvm" if e.get("backend") == "llvm" else "") + ")")
    return e


def e2e(rel, first_label="-O2", **extra):
    e = parse_e2e(read_lines(os.path.join(HERE, rel)), first_label)
    e["raw"] = raw_ref(rel)
    e.setdefault("command", "python3 tests/e2e/test_examples.py --precompiled --nvc-run .gl/bin/nvc-run --work W "
                 "(modules compiled on the build host with --nvc; docs/benchmarks.md, Reproduce)")
    e.update(extra)
    return e


def probe(rel, parser, **extra):
    e = {}
    e.update(extra)
    e["data"] = parser(read_lines(os.path.join(HERE, rel)))
    e["raw"] = raw_ref(rel)
    return e


def sass(rel, **extra):
    e = dict(extra)
    e.update(sass_summary(read_lines(os.path.join(HERE, rel))))
    e["raw"] = raw_ref(rel)
    return e


H200 = {"device": "NVIDIA H200", "driver": "580.159.04"}


def run_2026_11_29_h200():
    return {
        "run": "2026-11-29-h200",
        "about": "First H200 run: nvc (before shared memory, atomics and the math library) against numba-cuda; "
                 "chart: 2026-11-29-h200/nvc-vs-numba.png (bench/plot.py of this run's results.json).",
        "docs": ["docs/benchmarks.md, Run of 2026-11-29"],
        "machine": parse_env(read_lines(os.path.join(HERE, "2026-11-29-h200/env.txt"))),
        "machine_raw": raw_ref("2026-11-29-h200/env.txt"),
        "bench": {
            "full": bench("2026-11-29-h200/full.txt", "2026-11-29-h200/results.json"),
            "check-run-reduced": bench("2026-11-29-h200/check-run-reduced.txt",
                                       about="setup check: the reduced suite on the H200 before the full run"),
        },
    }


def run_2026_11_29_lavapipe():
    runs = {}
    for r in ("run1-mlir", "run1-llvm", "run2-mlir", "run2-llvm"):
        e = results_json_only(os.path.join(HERE, f"2026-11-29-lavapipe-backends/{r}.json"))
        e["raw"] = raw_ref(f"2026-11-29-lavapipe-backends/{r}.json")
        e["command"] = f"bench/run.py --reduced --no-numba --backend {r.split('-')[1]}"
        runs[r] = e
    return {
        "run": "2026-11-29-lavapipe-backends",
        "about": "Default (mlir) against LLVM backend on lavapipe, reduced sizes, two runs per backend (run 1: "
                 "default then LLVM; run 2: LLVM then default) on a shared 2-core host.",
        "docs": ["docs/benchmarks.md, Default backend against the LLVM backend, lavapipe 2026-11-29"],
        "machine": {"device": "llvmpipe (LLVM 15.0.6, 256 bits), Mesa 22.3.6", "source": "docs/benchmarks.md"},
        "bench": runs,
    }


def run_2026_11_30_h200():
    d = "2026-11-30-h200/"
    return {
        "run": "2026-11-30-h200",
        "about": "Every kernel compiles with nvc: -O0/-O2 against numba-cuda with the 4 GiB memcpy ceiling, the same "
                 "run with --backend=llvm, the e2e suite on the H200, and two probes. Chart: "
                 "2026-11-30-h200/nvc-vs-numba.png (bench/plot.py of bench-full's results.json).",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30 (and The same run with the LLVM backend)",
                 "docs/design.md, Facts measured here (psum)", "docs/optimisation.md, Streaming vectorisation "
                 "(probe-vector-copy)"],
        "machine": dict(H200, vulkan="1.4.312", source=raw_ref(d + "env.txt") + ": " +
                        "; ".join(read_lines(os.path.join(HERE, d + "env.txt")))),
        "bench": {
            "bench-full": bench(d + "bench-full.txt", d + "results.json"),
            "bench-llvm": bench(d + "bench-llvm.txt", d + "results-llvm.json"),
        },
        "e2e": {
            "e2e-h200-first-run": e2e(d + "e2e-h200-first-run.txt", about="first run, default backend only"),
            "e2e-h200": e2e(d + "e2e-h200.txt", about="default and LLVM backend ([mlir]/[llvm])"),
            "e2e-h200-final": e2e(d + "e2e-h200-final.txt", about="after the benchmarks (committed in 5798832): "
                                  "the default backend passes every case at -O2 and -O0"),
        },
        "probes": {
            "psum": probe(d + "psum.txt", parse_psum,
                          about="float64 loop sums s += d[k] with every add NoContraction, on the H200: elements "
                                "(per output array, named as in the log) that differ from the sequential sum, and "
                                "the first three (index, got, want)"),
            "probe-vector-copy": probe(d + "probe-vector-copy.txt", parse_vector_copy,
                                       command="python3 bench/results/2026-11-30-h200/probe-vector-copy/probe.py "
                                               "(GLSL kernels beside it)"),
        },
    }


def run_after_issue6():
    d = "2026-11-30-h200/after-issue6/"
    return {
        "run": "2026-11-30-h200/after-issue6",
        "about": "After issue 6's passes (nvc at 7b51c9a, docs/benchmarks.md): the full benchmark, the coarsened "
                 "DFT under single passes switched off, and the naive imaging kernel under narrowing/fastmath variants.",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30 after issue 6's passes",
                 "docs/optimisation.md, thread coarsening's cost model"],
        "machine": dict(H200, source="docs/benchmarks.md: same machine and software as the run of 2026-11-30"),
        "bench": {"bench-full": bench(d + "bench-full.txt", d + "results.json", nvc_commit="7b51c9a")},
        "probes": {
            "dft-coarsened-variants": probe(
                d + "dft-coarsened-variants.txt", timed_lines, nvc_commit="f76d566",
                about=comments(read_lines(os.path.join(HERE, d + "dft-coarsened-variants.txt"))),
                command="python3 bench/results/2026-11-30-h200/after-issue6/dft-coarsened-variants/run.py "
                        "(variants in list.txt beside it)"),
            "naive-imaging-variants": probe(
                d + "naive-imaging-variants.txt", timed_lines, nvc_commit="f333404 (passes)",
                about=comments(read_lines(os.path.join(HERE, d + "naive-imaging-variants.txt"))),
                command="python3 bench/results/2026-11-30-h200/after-issue6/naive-imaging-variants/run.py"),
        },
    }


def run_staging():
    d = "2026-11-30-h200/staging/"
    return {
        "run": "2026-11-30-h200/staging",
        "about": "Second session of 2026-11-30: shared-memory staging at -O2. variants-float32-storage: before "
                 "staging moved to -O2 (nvc at 5440d9d): DFT coarsened with the phase in float64 (d_*, the bench "
                 "kernel) and float32 (d32_*, np.float32 phase arithmetic), -fno-unroll (*_nounroll); the naive "
                 "imaging kernel with float32 arrays (--no-float64 --fastmath) at coarsening factors 1-8 and "
                 "workgroups of 128/256/512, -O3 (staging); nvc's and numba-cuda's v9. variants-staging: with staging "
                 "at -O2 (fb40db8's pipeline): DFT coarsened with and without staging, -fno-licm, -fno-unroll, and "
                 "with n * invN instead of n / N; the naive imaging kernel as --narrow=floats --no-float64 --fastmath, "
                 "coarsening factors and workgroup sizes. nvc-run --time N medians, numba-cuda with CUDA events. "
                 "bench-full: bench/run.py with staging at -O2 (the -O0 column unchanged).",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30, second session (variants-staging)",
                 "docs/optimisation.md, Shared-memory staging"],
        "machine": dict(H200, source="same machine as 2026-11-30-h200"),
        "bench": {"bench-full": bench(d + "bench-full.txt", d + "results.json")},
        "probes": {
            "variants-float32-storage": probe(d + "variants-float32-storage.txt", timed_lines, nvc_commit="5440d9d"),
            "variants-staging": probe(d + "variants-staging.txt", timed_lines, nvc_commit="fb40db8 (pipeline)"),
        },
    }


def run_final():
    d = "2026-11-30-h200/final/"
    return {
        "run": "2026-11-30-h200/final",
        "about": "Second session's final run (nvc at 892a278): staging at -O2, float32 storage of narrowed data, "
                 "cheaper float64 sin/cos, NonWritable read-only buffers; -O0, -O2, -O2 --fp-contract=fast and "
                 "numba-cuda; plus correctness checks on the H200.",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30, second session: issue 6's targets"],
        "machine": dict(H200, source=raw_ref(d + "env.txt") + ": " + read_lines(os.path.join(HERE, d + "env.txt"))[0]),
        "bench": {"bench-full": bench(d + "bench-full.txt", d + "results.json", nvc_commit="892a278")},
        "probes": {
            "correctness-h200": probe(d + "correctness-h200.txt", parse_trig, nvc_commit="892a278; section 3 at 2cdf423",
                                      command="bench/run.py --reduced --stage run --no-numba; python3 "
                                              "bench/results/2026-11-30-h200/final/trig/check.py (kernels trig32.py, "
                                              "trig64.py beside it)"),
        },
    }


def run_readonly():
    d = "2026-11-30-h200/readonly/"
    lines = read_lines(os.path.join(HERE, d + "bench-variants.txt"))
    variants, cur = {}, None
    for l in lines:
        m = re.match(r"=== variant (\w+)", l)
        if m:
            cur = variants.setdefault(m.group(1), [])
        elif cur is not None:
            cur.append(l)
    what = {"A": "as compiled", "B": "NonWritable on every variable of a binding the manifest lists as "
            "\"access\": \"read\"", "C": "B plus Restrict on every storage-buffer variable"}
    bench_entries = {}
    for k, ls in variants.items():
        e = tabulate(parse_bench_log(ls))
        e.update(variant=what[k], raw=[raw_ref(d + "bench-variants.txt") + f" (=== variant {k})"],
                 command="bench/run.py --stage run --no-numba --only … on module set " + k)
        bench_entries["bench-variants-" + k] = e
    return {
        "run": "2026-11-30-h200/readonly",
        "about": "NonWritable on read-only storage buffers, measured before nvc emitted it: decorate.py (beside this "
                 "run's directory) added decorations to nvc's .spv files (nvc at fb40db8 + the staging change, "
                 "default level) with SPIRV-Tools; the three module sets ran in one bench/run.py run (A, B, C in that "
                 "order; only the nvc ms column). nvc now emits B's decorations itself "
                 "(passes/MarkReadOnlyBuffers.cpp). The SASS: with NonWritable the driver loads A and B with "
                 "LDG.E.CONSTANT (CUDA's ld.global.nc) instead of LDG.E.STRONG.SM (compare the fast_matmul entry of "
                 "2026-11-30-h200-sass.json); the directory's README said the kernel shrinks 'from 162 to 146 "
                 "instructions', which were the line counts of the two .sass files (2 header lines each): 160 and 144 "
                 "instructions, NOPs included.",
        "docs": ["docs/optimisation.md, Read-only buffers", "docs/benchmarks.md, Run of 2026-11-30, second session "
                 "(the naive matmul with NonWritable)"],
        "machine": dict(H200, source="same machine as 2026-11-30-h200"),
        "bench": bench_entries,
        "sass": {"fast_matmul_nonwritable": sass(d + "fast_matmul_nonwritable.sass",
                                                 what="fast_matmul, variant B (NonWritable), bench/nvidia_sass.py")},
    }


def run_sass():
    d = "2026-11-30-h200/sass/"
    entries = {}
    for k in ("fast_matmul", "image_v7", "image_v9", "dft_coarsened"):
        entries[k] = sass(d + k + ".sass", what="nvc's SPIR-V compiled by NVIDIA's Vulkan driver (nvc at fb40db8, "
                          "default level), from the shader cache by bench/nvidia_sass.py")
        entries["numba_" + k] = sass(d + "numba_" + k + ".sass", what="numba-cuda 0.68's inspect_sass() of the same "
                                     "bench/kernels source")
    return {
        "run": "2026-11-30-h200/sass",
        "about": "SASS on the H200 of nvc (through NVIDIA's Vulkan driver) and numba-cuda, same kernels. What the "
                 "counts show: numba-cuda contracts a*b + c into FFMA without fastmath (NVVM's default): fast_matmul's "
                 "inner loop has 16 FFMA in numba's, 16 FMUL + 16 FADD in nvc's (whose default keeps every multiply "
                 "and add, --fp-contract=off); image_v7's inner loop has 24 FFMA in numba's, nvc's kernel none; the "
                 "coarsened DFT's complex multiply-accumulate likewise. Both recompute the float64 reciprocal of the "
                 "DFT's loop-invariant N in every iteration (MUFU.RCP64H in the inner loop). image_v9: nvc's module "
                 "uses registers up to R29 (30), numba's up to R45 (46; its EIATTR_REGCOUNT, the allocation, is 48); per iteration of the inner loop both have "
                 "3 MUFU.SIN/MUFU.COS pairs, 5 SHFL.IDX, 18 FFMA, 3 FMUL + 3 FMUL.RZ (the driver unrolls nvc's loop "
                 "8 times, numba's 4). NVIDIA's Vulkan driver bounds-checks storage-buffer loads (ISETP.*.U32 against "
                 "the descriptor's range in c[0x0][...], then a predicated or branched-around LDG.E.STRONG.SM) "
                 "although nvc-run does not enable robustBufferAccess; numba's loads are plain LDG.E.",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30, second and third sessions (fast_matmul's FFMA, v7's "
                 "contractions, v9's inner loop)"],
        "machine": dict(H200, source="same machine as 2026-11-30-h200"),
        "nvc_commit": "fb40db8",
        "sass": entries,
    }


def run_session3():
    d = "2026-11-30-h200/session3/"
    return {
        "run": "2026-11-30-h200/session3",
        "about": "Third session of 2026-11-30: range-check folding (-O1) and grid-stride unrolling (-O2).",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30, third session"],
        "machine": dict(H200, source="same machine as 2026-11-30-h200"),
        "bench": {
            "bench-full": bench(d + "bench-full.txt", nvc_commit="f60af4a", about="the full benchmark, both passes"),
            "bench-reduced-h200": bench(d + "bench-reduced-h200.txt", nvc_commit="f60af4a",
                                        about="the reduced suite on the H200, results checked against NumPy "
                                              "(imaging included)"),
            "bench-reduced-h200-final": bench(d + "bench-reduced-h200-final.txt", nvc_commit="a99652b",
                                              about="the reduced suite again after the session's fixes"),
            "range-checks-on": bench(d + "range-checks-on.txt", nvc_commit="36bae6d", about="the default build"),
            "range-checks-off": bench(d + "range-checks-off.txt", nvc_commit="36bae6d",
                                      about="the same kernels compiled with -fno-fold-range-checks (without numba)"),
            "before-grid-stride-unroll": bench(d + "before-grid-stride-unroll.txt", nvc_commit="2fc1d26",
                                               about="range-check folding, no grid-stride unrolling"),
        },
        "probes": {
            "reduce-hand-unrolled": probe(d + "reduce-hand-unrolled.txt", parse_hand_unrolled, nvc_commit="2fc1d26",
                                          command="kernel: bench/results/2026-11-30-h200/session3/reduce_hand_unrolled.py; "
                                                  "nvc-run --time 50, numba-cuda with CUDA events"),
            "clocks-v9": probe(d + "clocks-v9.txt", parse_clocks,
                               about="imaging v9 under nvc and numba-cuda with nvidia-smi sampling the SM clock every "
                                     "50 ms"),
        },
    }


def run_session4():
    d = "2026-11-30-h200/session4/"
    s4 = "bench/results/2026-11-30-h200/session4/"
    return {
        "run": "2026-11-30-h200/session4",
        "about": "Fourth session of 2026-11-30: power-of-two divisors, correctly rounded float32 division and sqrt, "
                 "NonWritable kept off modules that read back what they wrote; imaging v9's gap to numba-cuda.",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30, fourth session",
                 "docs/optimisation.md, Power-of-two divisors and Read-only buffers", "docs/math.md, Device notes"],
        "machine": dict(H200, source="same machine as 2026-11-30-h200; dft-power-of-two-divisor's header: driver 580"),
        "bench": {
            "bench-full-final": bench(d + "bench-full-final.txt", nvc_commit="b50c4a7",
                                      about="the session's table in docs/benchmarks.md (modules byte-identical to the "
                                            "session's final head)"),
            "bench-full": bench(d + "bench-full.txt", nvc_commit="184f4a1", about="power-of-two-divisor added"),
            "bench-full-before-readonly-fix": bench(d + "bench-full-before-readonly-fix.txt", nvc_commit="cd65348",
                                                    about="CorrectlyRoundedFloat32 in, MarkReadOnlyBuffers not yet fixed"),
        },
        "e2e": {
            "e2e-h200": e2e(d + "e2e-h200.txt", nvc_commit="cd65348",
                            about="modules compiled at cd65348: the float32 subnormal cases of the division test "
                                  "(flushed to zero) and the loop-fusion case failed"),
            "e2e-h200-after-first-fix": e2e(d + "e2e-h200-after-first-fix.txt",
                                            about="after the first read-only fix (b50c4a7); committed with 020ffd5"),
        },
        "probes": {
            "dft-power-of-two-divisor": probe(d + "dft-power-of-two-divisor.txt", parse_pow2,
                                              command="python3 " + s4 + "dft_pow2_divisor.py"),
            "v9-blocks": probe(d + "v9-blocks.txt", parse_reps, command="python3 " + s4 + "v9_block_sizes.py",
                               about="imaging v9 under nvc and numba-cuda with workgroups of 128, 256, 512 (the "
                                     "benchmark's) and 1024 invocations"),
            "v9-interleaved": probe(d + "v9-interleaved.txt", parse_reps,
                                    about="imaging v9 as compiled (v9.spv) and with its coarsened pixels' phases, "
                                          "sincos and accumulations grouped (v9i.spv: source reordered, "
                                          "-fno-loop-fusion)"),
            "v9-occupancy": probe(d + "v9-occupancy.txt", parse_reps,
                                  about="imaging v9 (v9.spv) and with a 44 KB workgroup array that only limits how "
                                        "many workgroups share an SM (v9pad.spv: 5 of 256 invocations, numba's 40 "
                                        "warps); source " + s4 + "image_v9_occupancy_limited.py"),
            "matmul-nonwritable": probe(d + "matmul-nonwritable.txt", parse_nonwritable,
                                        command="python3 " + s4 + "matmul_nonwritable.py",
                                        about="the naive matmul with NonWritable on no buffer, both inputs (the "
                                              "default), only A, only B (modules edited with spirv-dis/spirv-as); "
                                              "A/B failed to load: a stale SPIR-V version in their manifests, fixed "
                                              "in matmul-nonwritable-per-buffer"),
            "matmul-nonwritable-per-buffer": probe(d + "matmul-nonwritable-per-buffer.txt", parse_nonwritable,
                                                   command="python3 " + s4 + "matmul_nonwritable.py"),
            "float32-division-sqrt-nvidia": probe(d + "float32-division-sqrt-nvidia.txt", parse_division_probe,
                                                  about="2^20 random float32 and float64 divisions and square roots "
                                                        "on the H200 compared bit for bit with NumPy, before "
                                                        "CorrectlyRoundedFloat32; then the e2e division case"),
            "float32-division-sqrt-nvidia-after": probe(d + "float32-division-sqrt-nvidia-after.txt",
                                                        parse_division_probe,
                                                        about="after CorrectlyRoundedFloat32: probe.spv as nvc "
                                                              "compiles it, probe_dp.spv the same with the "
                                                              "DenormPreserve 32 execution mode added by hand"),
            "loop-fusion-h200": probe(d + "loop-fusion-h200.txt", parse_loop_fusion,
                                      command="python3 " + s4 + "loop_fusion_h200.py",
                                      about="the loop-fusion e2e kernels at -O2, -O0 and with single passes off: "
                                            "producer_consumer is wrong exactly when a buffer is NonWritable"),
            "loop-fusion-h200-types": probe(d + "loop-fusion-h200-types.txt", parse_loop_fusion,
                                            command="python3 " + s4 + "loop_fusion_h200.py",
                                            about="the same with lf-distinct.spv: the NonWritable buffer given a "
                                                  "struct type of its own (still wrong)"),
        },
    }


def run_session4_sass():
    d = "2026-11-30-h200/session4/"
    what_nvc = "nvc's module compiled by NVIDIA's Vulkan driver, bench/nvidia_sass.py"
    return {
        "run": "2026-11-30-h200/session4 (sass/, sass-readonly-raw/)",
        "about": "Fourth session's SASS: nvc's imaging v9 and naive matmul (NonWritable on no buffer and on both) "
                 "and numba-cuda's inspect_sass() of the same sources; and the loop-fusion e2e case's kernel (pc_*) "
                 "without and with a NonWritable buffer in the module: with it the driver loads the written buffers "
                 "with LDG.E.64.CONSTANT and moves those loads above the stores before them (see each innermost "
                 "loop's order).",
        "docs": ["docs/benchmarks.md, Run of 2026-11-30, fourth session (v9's schedule and registers)",
                 "docs/optimisation.md, Read-only buffers (sass-readonly-raw)"],
        "machine": dict(H200, source="same machine as 2026-11-30-h200"),
        "sass": {
            "image_v9": sass(d + "sass/image_v9.sass", what=what_nvc),
            "numba_image_v9": sass(d + "sass/numba_image_v9.sass", what="numba-cuda inspect_sass()"),
            "matmul_none": sass(d + "sass/matmul_none.sass", what=what_nvc + "; NonWritable on no buffer"),
            "matmul_both": sass(d + "sass/matmul_both.sass", what=what_nvc + "; NonWritable on A and B"),
            "numba_matmul": sass(d + "sass/numba_matmul.sass", what="numba-cuda inspect_sass()"),
            "pc_plain": sass(d + "sass-readonly-raw/pc_plain.sass", what=what_nvc + "; no NonWritable"),
            "pc_readonly": sass(d + "sass-readonly-raw/pc_readonly.sass",
                                what=what_nvc + "; a NonWritable buffer in the module"),
        },
    }


def run_2026_12_02():
    d = "2026-12-02-h200/"
    return {
        "run": "2026-12-02-h200",
        "about": "@cuda.jit's exact 64-bit integers by default (issue 26) against --index-bits 32, and the e2e suite "
                 "before and after that default. Compiled on the build host (bench/run.py --stage compile --work "
                 ".gl2/bench, and with an nvc wrapper appending --index-bits 32 for the baseline), run on the H200 "
                 "(bench/run.py --stage run).",
        "docs": ["docs/benchmarks.md, Run of 2026-12-02", "tests/difftest/FOUND.md #25 (the e2e counts at 8aa53d4)"],
        "machine": dict(H200, driver="580", source="the run's README: driver 580, same machine as 2026-11-30"),
        "bench": {
            "bench-int64-default-first": bench(d + "bench-int64-default-first.txt", nvc_commit="bab1691",
                                               about="the new default, before loop versioning: the table's default "
                                                     "columns and numba-cuda"),
            "bench-index-bits-32": bench(d + "bench-index-bits-32.txt", nvc_commit="bab1691",
                                         about="the same kernels compiled with --index-bits 32 (the baseline)"),
        },
        "e2e": {
            "e2e-h200": e2e(d + "e2e-h200.txt", nvc_commit="bab1691", about="64-bit default and narrow-integers"),
            "e2e-O0-h200": e2e(d + "e2e-O0-h200.txt", first_label="-O0 --backend mlir",
                                command="python3 tests/e2e/test_examples.py --precompiled --nvc-run .gl/bin/nvc-run --work W --opt=-O0 --backend mlir (reconstructed; modules compiled on the build host)", nvc_commit="bab1691"),
            "e2e-h200-at-8aa53d4": e2e(d + "e2e-h200-at-8aa53d4.txt", nvc_commit="8aa53d4",
                                       about="before the 64-bit integer default: the int8/int16 abs workaround"),
            "e2e-O0-h200-at-8aa53d4": e2e(d + "e2e-O0-h200-at-8aa53d4.txt", first_label="-O0 --backend mlir",
                                command="python3 tests/e2e/test_examples.py --precompiled --nvc-run .gl/bin/nvc-run --work W --opt=-O0 --backend mlir (reconstructed; modules compiled on the build host)",
                                          nvc_commit="8aa53d4"),
        },
    }


RUNS = {
    "2026-11-29-h200": run_2026_11_29_h200,
    "2026-11-29-lavapipe-backends": run_2026_11_29_lavapipe,
    "2026-11-30-h200": run_2026_11_30_h200,
    "2026-11-30-h200-after-issue6": run_after_issue6,
    "2026-11-30-h200-staging": run_staging,
    "2026-11-30-h200-final": run_final,
    "2026-11-30-h200-readonly": run_readonly,
    "2026-11-30-h200-sass": run_sass,
    "2026-11-30-h200-session3": run_session3,
    "2026-11-30-h200-session4": run_session4,
    "2026-11-30-h200-session4-sass": run_session4_sass,
    "2026-12-02-h200": run_2026_12_02,
}


def main(argv):
    if len(argv) > 1:
        kind, path = argv[1], argv[2]
        if kind == "bench":
            e = parse_bench_log(read_lines(path))
            if len(argv) > 3:
                add_results_json(e, argv[3])
            e = tabulate(e)
        elif kind == "e2e":
            e = parse_e2e(read_lines(path))
        elif kind == "sass":
            e = sass_summary(read_lines(path))
        else:
            sys.exit(__doc__)
        print(dumps(e))
        return 0
    for name, build in RUNS.items():
        text = dumps(build()) + "\n"
        json.loads(text)  # valid JSON
        with open(os.path.join(HERE, name + ".json"), "w", encoding="utf-8") as f:
            f.write(text)
        print(f"{name}.json: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
