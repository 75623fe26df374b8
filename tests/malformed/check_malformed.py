#!/usr/bin/python3
"""The malformed-input suite (docs/robustness.md).

Compiles every tests/malformed/*.py, plus a few very large inputs generated
here (10 000 nested parentheses, brackets, unary operators, blocks; sums of
100 000 terms), and checks that nvc refuses each one cleanly:
  1. exit status 1 (no crash, signal or timeout);
  2. the first line of stderr is `FILE:LINE:COL: error: MESSAGE`, followed by
     the source line LINE (byte for byte) and a caret line (COL-1 blanks, tabs
     kept where the source has them, then '^');
  3. no "internal compiler error";
  4. no output file: the work directory (-o target's directory) stays empty;
  5. where the case states it — a `# EXPECT: L:C` / `# EXPECT-MSG: TEXT`
     comment in the file, or the same lines in NAME.expect for files whose
     content cannot hold a comment — the location and message match.
A file without kernels (empty, comments only) is reported at 1:1.

usage: check_malformed.py --nvc NVC --dir tests/malformed --work DIR
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys

EXPECT_RE = re.compile(rb"^# EXPECT: (\d+):(\d+)\s*$", re.M)
MSG_RE = re.compile(rb"^# EXPECT-MSG: (.*?)\s*$", re.M)


def split_lines(data):
    """Lines as nvc's SourceFile sees them: \r\n, \n and \r each end a line."""
    return re.split(rb"\r\n|\n|\r", data)


def generated_cases():
    """Inputs too large to keep in the repository, with their expectations."""
    head = 'from numba import cuda\n\n\n@cuda.jit("void(float32[::1])")\ndef k(x):\n'
    n = 10000
    cases = {
        "gen-10000-parens": head + "    x[0] = " + "(" * n + "1" + ")" * n + "\n",
        "gen-10000-brackets": head + "    x[0] = " + "[" * n + "1" + "]" * n + "\n",
        "gen-10000-unclosed-parens": head + "    x[0] = " + "(" * n + "\n",
        "gen-10000-unary-minus": head + "    x[0] = " + "-" * n + "1\n",
        "gen-10000-not": head + "    x[0] = " + "not " * n + "1\n",
        "gen-10000-power-chain": head + "    x[0] = " + "1.0 ** " * n + "1.0\n",
        "gen-10000-ternary-chain": head + "    x[0] = " + "1.0 if x[1] > 0 else " * n + "2.0\n",
        "gen-100000-term-sum": head + "    x[0] = " + " + ".join(["x[1]"] * 100000) + "\n",
        "gen-10000-subscripts": head + "    x[0] = x" + "[0]" * n + "\n",
        "gen-10000-calls": head + "    x[0] = abs" + "(abs" * n + "(1.0)" + ")" * n + "\n",
        "gen-10000-attributes": head + "    x[0] = x" + ".shape" * n + "\n",
        # 10 000 nested blocks, one more space per level (50 MB): the parser
        # stops at its nesting limit.
        "gen-10000-nested-blocks": head + "".join(
            " " * (4 + d) + "if x[0] > 0:\n" for d in range(n)) + " " * (4 + n) + "x[0] = 1\n",
        "gen-10000-elif-chain": head + "    if x[0] > 0:\n        x[0] = 1\n" + (
            "    elif x[0] > 1:\n        x[0] = 2\n" * n) + "    else:\n        x[0] = 3\n",
        "gen-10000-nested-loops-tabs": head + "".join(
            "\t" * (1 + d) + "for i%d in range(2):\n" % d for d in range(n)) + "\t" * (1 + n) + "x[0] = 1\n",
        "gen-long-line-1mb": head + "    x[0] = 1" + " " * (1 << 20) + "+\n",
        "gen-100000-statements-then-error": head + "    x[0] = 1\n" * 100000 + "    x[0] = $\n",
    }
    return {name: text.encode() for name, text in cases.items()}


def check(name, data, expect, msg, nvc, work):
    """Returns a list of problems (empty when the case passes)."""
    d = os.path.join(work, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "out"))
    src = os.path.join(d, name + ".py")
    with open(src, "wb") as f:
        f.write(data)
    try:
        p = subprocess.run([nvc, name + ".py", "-o", os.path.join("out", name + ".spv")],
                           cwd=d, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return ["timed out after 120 s"]
    problems = []
    if p.returncode != 1:
        problems.append(f"exit status {p.returncode}, expected 1")
    err = p.stderr
    lines = err.split(b"\n")
    m = re.match(rb"^(.*?):(\d+):(\d+): error: (.*)$", lines[0])
    if not m:
        problems.append(f"first line is not FILE:LINE:COL: error: ...: {lines[0][:200]!r}")
    else:
        if m.group(1) != (name + ".py").encode():
            problems.append(f"diagnostic names {m.group(1)!r}")
        line, col = int(m.group(2)), int(m.group(3))
        src_lines = split_lines(data)
        want_src = src_lines[line - 1] if 0 < line <= len(src_lines) else b""
        if len(lines) < 3:
            problems.append("no source line and caret line")
        else:
            if lines[1] != want_src:
                problems.append(f"source line {lines[1][:120]!r} is not line {line} {want_src[:120]!r}")
            caret = b"".join(b"\t" if want_src[i:i + 1] == b"\t" else b" "
                             for i in range(min(col - 1, len(want_src)))) + b"^"
            if lines[2] != caret:
                problems.append(f"caret line {lines[2][:120]!r} does not point at column {col}")
        if expect and (line, col) != expect:
            problems.append(f"error at {line}:{col}, expected {expect[0]}:{expect[1]}")
        if msg and msg.encode() not in m.group(4):
            problems.append(f"message {m.group(4)[:200]!r} lacks {msg!r}")
    if b"internal compiler error" in err:
        problems.append("internal compiler error")
    left = os.listdir(os.path.join(d, "out"))
    if left:
        problems.append(f"output files left behind: {left}")
    if problems:
        problems.append("stderr: " + err[:600].decode("utf-8", "replace"))
    else:
        shutil.rmtree(d, ignore_errors=True)
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvc", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min-files", type=int, default=150)
    args = ap.parse_args()
    nvc = os.path.abspath(args.nvc)
    os.makedirs(args.work, exist_ok=True)

    cases = {}
    files = sorted(f for f in os.listdir(args.dir) if f.endswith(".py") and f != "check_malformed.py")
    if len(files) < args.min_files:
        print(f"only {len(files)} cases in {args.dir}, expected at least {args.min_files}")
        return 1
    for f in files:
        with open(os.path.join(args.dir, f), "rb") as fh:
            data = fh.read()
        meta = data
        side = os.path.join(args.dir, f[:-3] + ".expect")
        if os.path.exists(side):
            with open(side, "rb") as fh:
                meta = b"\n".join(b"# " + l for l in fh.read().splitlines())
        e = EXPECT_RE.search(meta)
        m = MSG_RE.search(meta)
        cases[f[:-3]] = (data, (int(e.group(1)), int(e.group(2))) if e else None,
                         m.group(1).decode() if m else None)
    for name, data in generated_cases().items():
        cases[name] = (data, None, None)

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {name: pool.submit(check, name, *c, nvc, args.work) for name, c in cases.items()}
        for name, fut in futures.items():
            problems = fut.result()
            if problems:
                failed += 1
                print(f"FAIL {name}")
                for pr in problems:
                    print("    " + pr.replace("\n", "\n    "))
    print(f"{len(cases) - failed} of {len(cases)} malformed inputs refused cleanly "
          f"({len(files)} files, {len(cases) - len(files)} generated)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
