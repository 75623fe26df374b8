import numpy as np, subprocess, json, sys
rng = np.random.default_rng(0)
rows, px = 262144, 700
us = rng.uniform(-1000, 1000, rows); vs = rng.uniform(-1000, 1000, rows); ws = rng.uniform(-50, 50, rows)
vis = rng.standard_normal(rows) + 1j * rng.standard_normal(rows)
lpx, mpx = np.mgrid[-px // 2:px // 2, -px // 2:px // 2]
ls, ms = lpx * 0.0005 * 350 / (px // 2) * 0.2, mpx * 0.0005 * 350 / (px // 2) * 0.2
nds = np.sqrt(1 - ls ** 2 - ms ** 2) - 1
D = ".gl/v1"
for n, a in (("us", us), ("vs", vs), ("ws", ws), ("vis", vis), ("ls", ls), ("ms", ms), ("ndashes", nds), ("img", np.zeros((px, px), np.complex128))):
    np.save(f"{D}/{n}.npy", a)
for v in "ABCDEFG":
    cmd = [".gl/bin/nvc-run", f"{D}/{v}.spv", "--grid", str(px * px), "--local-size", "256", "--time", "3", "--time-json", f"{D}/t.json"]
    cmd += [f"{n}=@{D}/{n}.npy" for n in ("us", "vs", "ws", "vis", "ls", "ms", "ndashes", "img")]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        print(v, "FAILED", r.stderr[-300:]); continue
    print(v, open(f"{D}/{v}.flags").read().strip() if False else "", json.load(open(f"{D}/t.json"))["gpu_ms_median"], "ms", flush=True)
