import subprocess, json, numpy as np, os, sys
np.row_stack = np.vstack
from numba import cuda
P = ".gl/probe"  # the .spv/.json files, compiled on the build host, and nvc-run in .gl/bin
def t(spv, n, grid, ls):
    subprocess.run(["true"])
    r = subprocess.run([".gl/bin/nvc-run", f"{P}/{spv}", f"src=@{P}/src.npy", f"dst=@{P}/dst.npy", "--grid", str(grid),
                        "--local-size", str(ls), "--time", "20", "--time-json", f"{P}/t.json"], capture_output=True, text=True)
    if r.returncode: print(r.stderr); return float('nan')
    return json.load(open(f"{P}/t.json"))["gpu_ms_median"]
def memcpy(nbytes):
    a = cuda.device_array(nbytes // 4, np.float32); b = cuda.device_array(nbytes // 4, np.float32)
    b.copy_to_device(a); cuda.synchronize()
    s, e = cuda.event(), cuda.event(); ts = []
    for _ in range(20):
        s.record(); b.copy_to_device(a); e.record(); e.synchronize(); ts.append(cuda.event_elapsed_time(s, e))
    return float(np.median(ts))
for e in (26, 27, 28):
    n = 1 << e
    np.save(f"{P}/src.npy", np.random.default_rng(1).standard_normal(n).astype(np.float32))
    np.save(f"{P}/dst.npy", np.zeros(n, np.float32))
    byt = 8 * n
    mc = memcpy(byt // 2)
    print(f"n=2^{e}: memcpy {mc:.4f} ms {byt/mc/1e6:.0f} GB/s", flush=True)
    for spv, g in (("copy.spv", n), ("copy_s.spv", n), ("copy_v4.spv", n // 4), ("copy_c4.spv", n // 4)):
        for ls in (64, 256, 1024):
            ms = t(spv, n, g, ls)
            print(f"  {spv:12s} ls={ls:4d} {ms:.4f} ms {byt/ms/1e6:.0f} GB/s  {mc/ms*100:.0f}% of memcpy", flush=True)
