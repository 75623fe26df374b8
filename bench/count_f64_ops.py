#!/usr/bin/python3
"""Counts the float64 instructions inside the loops of a SPIR-V module.

Used to measure what nvc's float64 math library costs in a hot loop (the
imaging kernels' sin/cos, docs/math.md): float64 throughput, not memory, is
what bounds those kernels, so fewer float64 arithmetic instructions per
iteration is what makes them faster.

For every structured loop (a block with OpLoopMerge, up to its merge block
in the module's block order) it prints, per loop, the float64 instructions
by kind: arithmetic (add, sub, mul, div, negate, GLSL.std.450 Fma/FAbs/
Floor/..., conversions to and from float64), comparisons of float64
operands, and selects of float64 values. With --skip-branch-if=CONST, the
blocks of a selection whose condition compares against the float64 constant
CONST (the fallback branch of nvc's trig reduction) are counted apart, so
the common path's count is the total minus those.

Usage: count_f64_ops.py FILE.spv [--skip-branch-if=1.6e6]  (needs spirv-dis)
"""
import argparse
import re
import subprocess
import sys

ARITH = {"OpFAdd", "OpFSub", "OpFMul", "OpFDiv", "OpFNegate", "OpFRem", "OpFMod", "OpExtInst",
         "OpConvertSToF", "OpConvertUToF", "OpConvertFToS", "OpConvertFToU", "OpFConvert",
         "OpDot", "OpVectorTimesScalar"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spv")
    ap.add_argument("--skip-branch-if", type=float, default=None)
    a = ap.parse_args()
    text = subprocess.run(["spirv-dis", "--raw-id", a.spv], check=True, capture_output=True,
                          text=True).stdout
    lines = [l.strip() for l in text.splitlines()]
    double_types, types_of, consts = set(), {}, {}
    for l in lines:
        m = re.match(r"(%\w+) = OpTypeFloat 64", l)
        if m:
            double_types.add(m.group(1))
        m = re.match(r"(%\w+) = OpTypeVector (%\w+) \d", l)
        if m and m.group(2) in double_types:
            double_types.add(m.group(1))
        m = re.match(r"(%\w+) = Op\w+ (%\w+)", l)
        if m:
            types_of[m.group(1)] = m.group(2)
        m = re.match(r"(%\w+) = OpConstant (%\w+) (\S+)", l)
        if m and m.group(2) in double_types:
            t = m.group(3)
            try:
                consts[m.group(1)] = float.fromhex(t) if "0x" in t else float(t)
            except (ValueError, OverflowError):  # 0x1p+1024 (inf), NaN spellings
                pass

    def is_f64(v):
        return types_of.get(v) in double_types

    # Blocks in order: label -> instructions.
    blocks, order = {}, []
    cur = None
    for l in lines:
        m = re.match(r"(%\w+) = OpLabel", l)
        if m:
            cur = m.group(1)
            blocks[cur] = []
            order.append(cur)
        elif cur is not None:
            blocks[cur].append(l)
            if l.startswith("OpFunctionEnd"):
                cur = None

    # The fallback branches to count apart: OpBranchConditional on a compare
    # with CONST; its false target's blocks up to the selection's merge.
    skip = set()
    if a.skip_branch_if is not None:
        cond_ids = set()
        for l in lines:
            m = re.match(r"(%\w+) = OpFOrd\w+ %\w+ (%\w+) (%\w+)", l)
            if m and any(consts.get(x) == a.skip_branch_if for x in m.group(2, 3)):
                cond_ids.add(m.group(1))
        for b in order:
            ins = blocks[b]
            merge = next((l.split()[1] for l in ins if l.startswith("OpSelectionMerge")), None)
            br = next((l.split() for l in ins if l.startswith("OpBranchConditional")), None)
            if merge and br and br[1] in cond_ids:
                i = order.index(br[3])
                while order[i] != merge:
                    skip.add(order[i])
                    i += 1

    total = {"arith": 0, "compare": 0, "select": 0}
    for hi, b in enumerate(order):
        lm = next((l for l in blocks[b] if l.startswith("OpLoopMerge")), None)
        if not lm:
            continue
        merge = lm.split()[1]
        counts = {"arith": 0, "compare": 0, "select": 0}
        skipped = {"arith": 0, "compare": 0, "select": 0}
        by_op = {}
        i = hi
        while order[i] != merge:
            for l in blocks[order[i]]:
                m = re.match(r"(%\w+) = (Op\w+) (%\w+)(.*)", l)
                if not m:
                    continue
                op, rty, rest = m.group(2), m.group(3), m.group(4).split()
                kind = None
                if op in ARITH and (rty in double_types or any(is_f64(x) for x in rest)):
                    kind = "arith"
                    if op == "OpExtInst":
                        op = "GLSL." + rest[1]
                elif re.match(r"OpF(Ord|Unord)", op) and any(is_f64(x) for x in rest):
                    kind = "compare"
                elif op == "OpSelect" and rty in double_types:
                    kind = "select"
                if kind:
                    (skipped if order[i] in skip else counts)[kind] += 1
                    if order[i] not in skip:
                        by_op[op] = by_op.get(op, 0) + 1
            i += 1
        print(f"loop {b}: common path: {counts['arith']} float64 arithmetic, "
              f"{counts['compare']} compares, {counts['select']} selects"
              + (f"; fallback branches: {skipped['arith']} arithmetic, {skipped['compare']} "
                 f"compares, {skipped['select']} selects" if skip else ""))
        print("  " + ", ".join(f"{k} {v}" for k, v in sorted(by_op.items(), key=lambda kv: -kv[1])))
        for k in total:
            total[k] += counts[k]
    return 0


if __name__ == "__main__":
    sys.exit(main())
