import json, subprocess, sys
import numpy as np
np.row_stack = np.vstack
from numba import cuda
sys.path.insert(0, ".gl/v9")
import image_v9
D = ".gl/v9"
rng = np.random.default_rng(0)
rows, px = 262144, 700
us = rng.uniform(-1000, 1000, rows); vs = rng.uniform(-1000, 1000, rows); ws = rng.uniform(-50, 50, rows)
vis = (rng.standard_normal(rows) + 1j * rng.standard_normal(rows))
lpx, mpx = np.mgrid[-px // 2:px // 2, -px // 2:px // 2]
ls, ms = lpx * 0.0005 * 350 / (px // 2) * 0.2, mpx * 0.0005 * 350 / (px // 2) * 0.2
nds = np.sqrt(1 - ls ** 2 - ms ** 2) - 1
f32, c64 = np.float32, np.complex64
ins = [("us", us.astype(f32)), ("vs", vs.astype(f32)), ("ws", ws.astype(f32)), ("vis", vis.astype(c64)),
       ("ls", ls.astype(f32)), ("ms", ms.astype(f32)), ("ndashes", nds.astype(f32)), ("img", np.full((px, px), np.nan, c64))]
for n, v in ins:
    np.save(f"{D}/{n}.npy", v)
dev = [cuda.to_device(v) for _, v in ins]
def nvc(block, threads):
    cmd = [".gl/bin/nvc-run", f"{D}/v9.spv", "--grid", str(threads), "--local-size", str(block), "--time", "5", "--warmup", "1",
           "--time-json", f"{D}/t.json"] + [f"{n}=@{D}/{n}.npy" for n, _ in ins] + ["--out", f"img={D}/o.npy"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode: return r.stderr[-200:]
    return json.load(open(f"{D}/t.json"))["gpu_ms_median"]
def numba(block, threads):
    launch = image_v9.image_v9[threads // block, block]
    launch(*dev); cuda.synchronize()
    ts = []
    for _ in range(5):
        s, e = cuda.event(), cuda.event(); s.record(); launch(*dev); e.record(); e.synchronize()
        ts.append(cuda.event_elapsed_time(s, e))
    return float(np.median(ts))
for rep in range(2):
    for block in (128, 256, 512, 1024):
        threads = -(-(-(-px * px // 3)) // block) * block
        print(f"rep{rep} block {block:5d} blocks {threads // block:5d}: nvc {nvc(block, threads)} ms, numba {numba(block, threads):.3f} ms", flush=True)
