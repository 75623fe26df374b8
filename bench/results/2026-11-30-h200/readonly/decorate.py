"""Experiment: add NonWritable (read-only arguments) and optionally Restrict (all buffer variables) to an nvc .spv."""
import json, re, subprocess, sys
spv, manifest, out, restrict = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
m = json.load(open(manifest))
ro_bindings = set()
for e in m["entry_points"]:
    for a in e["arguments"]:
        if a.get("kind") == "array" and a.get("access") == "read":
            ro_bindings.add((a.get("set", 0), a["binding"]))
text = subprocess.run(["spirv-dis", "--raw-id", spv], capture_output=True, text=True, check=True).stdout
binding, dset, sc = {}, {}, {}
for l in text.splitlines():
    if mm := re.match(r"\s*OpDecorate (%\w+) Binding (\d+)", l): binding[mm[1]] = int(mm[2])
    if mm := re.match(r"\s*OpDecorate (%\w+) DescriptorSet (\d+)", l): dset[mm[1]] = int(mm[2])
    if mm := re.match(r"\s*(%\w+) = OpVariable %\w+ StorageBuffer", l): sc[mm[1]] = True
extra = []
for v in sc:
    if v not in binding: continue
    key = (dset.get(v, 0), binding[v])
    if key in ro_bindings: extra.append(f"OpDecorate {v} NonWritable")
    if restrict: extra.append(f"OpDecorate {v} Restrict")
lines = text.splitlines()
idx = max(i for i, l in enumerate(lines) if "OpDecorate" in l)
lines[idx + 1:idx + 1] = extra
open("/tmp/deco.spvasm", "w").write("\n".join(lines) + "\n")
ver = re.search(r"; Version: (1\.\d)", text)[1]
subprocess.run(["spirv-as", "--preserve-numeric-ids", "--target-env", "spv" + ver, "/tmp/deco.spvasm", "-o", out], check=True)
subprocess.run(["spirv-val", "--target-env", "vulkan1.1", out], check=True)
print(out, len(extra), "decorations")
