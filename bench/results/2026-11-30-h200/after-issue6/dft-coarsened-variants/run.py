import numpy as np, subprocess, json
rng = np.random.default_rng(0)
nd = 32768
sig = (rng.standard_normal(nd) + 1j * rng.standard_normal(nd)).astype(np.complex64)
D = ".gl/dft"
np.save(f"{D}/xs.npy", sig); np.save(f"{D}/Xs.npy", np.full(nd, np.nan, np.complex64))
ref = np.fft.fft(sig.astype(np.complex128))
for line in open(f"{D}/list.txt"):
    v, desc = line.split(" ", 1)
    grid = nd if "dft.py" in desc and "coarsened" not in desc else nd // 4
    cmd = [".gl/bin/nvc-run", f"{D}/{v}.spv", "--grid", str(grid), "--local-size", "128", "--time", "10",
           "--time-json", f"{D}/t.json", f"xs=@{D}/xs.npy", f"Xs=@{D}/Xs.npy", "--out", f"Xs={D}/o.npy"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        print(v, desc.strip(), "FAILED", r.stderr[-300:]); continue
    o = np.load(f"{D}/o.npy")
    err = np.linalg.norm(o - ref) / np.linalg.norm(ref)
    print(f"{desc.strip():55s} {json.load(open(f'{D}/t.json'))['gpu_ms_median']:.3f} ms  rel err {err:.1e}", flush=True)
