import json, subprocess
import numpy as np
D = ".gl/mm"
rng = np.random.default_rng(0)
for m in (1024, 4096):
    A, B = rng.random((m, m), dtype=np.float32), rng.random((m, m), dtype=np.float32)
    np.save(f"{D}/A.npy", A); np.save(f"{D}/B.npy", B); np.save(f"{D}/C.npy", np.full((m, m), np.nan, np.float32))
    ref = A.astype(np.float64) @ B
    for rep in range(2):
      for k in ("matmul", "fast_matmul"):
        row = []
        for v in ("none", "both", "A", "B"):
            cmd = [".gl/bin/nvc-run", f"{D}/{k}_{v}.spv", "--grid", f"{m},{m}", "--local-size", "16,16", "--time", "10" if m == 1024 else "3",
                   "--warmup", "1", "--time-json", f"{D}/t.json", f"A=@{D}/A.npy", f"B=@{D}/B.npy", f"C=@{D}/C.npy", "--out", f"C={D}/o.npy"]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                row.append(f"{v} FAILED"); continue
            err = np.abs(np.load(f"{D}/o.npy") - ref).max() / np.abs(ref).max()
            row.append(f"{v} {json.load(open(f'{D}/t.json'))['gpu_ms_median']:.3f}{'' if err < 1e-4 else ' WRONG'}")
        print(f"{k} {m}: rep{rep}: " + ", ".join(row), flush=True)
