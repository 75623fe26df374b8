import json, subprocess, sys, time
import numpy as np
np.row_stack = np.vstack
from numba import cuda
sys.path.insert(0, ".gl/dft2")
import dft as mdft, dft_coarsened as mdftc
D = ".gl/dft2"
rng = np.random.default_rng(0)
kern = {"dft": (mdft.dft, 1), "dft_coarsened": (mdftc.dft_coarsened, 4)}
def nvc(spv, n, coarsen):
    cmd = [".gl/bin/nvc-run", f"{D}/{spv}", "--grid", str(n // coarsen), "--local-size", "128", "--time", "10",
           "--time-json", f"{D}/t.json", f"xs=@{D}/xs.npy", f"Xs=@{D}/Xs.npy", "--out", f"Xs={D}/o.npy"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return None, r.stderr[-300:]
    return json.load(open(f"{D}/t.json"))["gpu_ms_median"], np.load(f"{D}/o.npy")
def numba(k, coarsen, sig):
    f = kern[k][0]
    d_x = cuda.to_device(sig); d_X = cuda.device_array_like(sig)
    threads = len(sig) // coarsen
    launch = f[(threads + 127) // 128, 128]
    launch(d_x, d_X); cuda.synchronize()
    out = d_X.copy_to_host()
    ts = []
    for _ in range(10):
        s, e = cuda.event(), cuda.event(); s.record(); launch(d_x, d_X); e.record(); e.synchronize()
        ts.append(cuda.event_elapsed_time(s, e))
    return float(np.median(ts)), out
for n in (32768, 32760):
    sig = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    np.save(f"{D}/xs.npy", sig); np.save(f"{D}/Xs.npy", np.full(n, np.nan, np.complex64))
    ref = np.fft.fft(sig.astype(np.complex128))
    for rep in range(2):
        for k, (_, c) in kern.items():
            row = []; outs = []
            for spv in (f"{k}.spv", f"{k}.off.spv"):
                t, o = nvc(spv, n, c)
                res = {}
                if t is None:
                    row.append(f"{spv} FAILED {o}"); continue
                row.append(f"{spv} {t:.3f} ms (err {np.linalg.norm(o - ref) / np.linalg.norm(ref):.1e})")
                res[spv] = o
                outs.append(o)
            if len(outs) == 2:
                row.append("on/off bit-identical" if np.array_equal(outs[0].view(np.uint32), outs[1].view(np.uint32)) else "on/off DIFFER")
            t, o = numba(k, c, sig)
            row.append(f"numba {t:.3f} ms (err {np.linalg.norm(o - ref) / np.linalg.norm(ref):.1e})")
            print(f"N={n} rep{rep} {k:14s} " + " | ".join(row), flush=True)
