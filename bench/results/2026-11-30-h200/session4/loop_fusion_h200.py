import subprocess, sys, glob, numpy as np
rng = np.random.default_rng(0)
rows, m = 329, 9
x = rng.standard_normal((rows, m))
np.save("/tmp/x.npy", x)
for spv in sorted(glob.glob(".gl/lf/*.spv")):
    for entry in ("row_stats", "producer_consumer", "shifted"):
        if entry == "row_stats":
            outs = {"sums": rows, "sumsq": rows}
        else:
            outs = {"tmp": (rows, m), "out": (rows, m)}
        for k, shp in outs.items():
            np.save(f"/tmp/{k}.npy", np.full(shp, np.nan))
        cmd = [sys.argv[1], spv, "--entry", entry, "--grid", str(rows), "x=@/tmp/x.npy"] + [f"{k}=@/tmp/{k}.npy" for k in outs] + sum([["--out", f"{k}=/tmp/{k}_o.npy"] for k in outs], [])
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            print(spv, entry, "FAILED", p.stderr[-200:]); continue
        res = {k: np.load(f"/tmp/{k}_o.npy") for k in outs}
        if entry == "row_stats":
            ok = [np.array_equal(res["sums"], np.cumsum(x, axis=1)[:, -1]), np.array_equal(res["sumsq"], np.cumsum(x * x, axis=1)[:, -1])]
        elif entry == "producer_consumer":
            t = x * 2.0 + 1.0
            ok = [np.array_equal(res["tmp"], t), np.array_equal(res["out"], (t * t - x) * 0.5 + t)]
        else:
            t = x * 3.0
            ok = [np.array_equal(res["tmp"], t), np.array_equal(res["out"], np.roll(t, -1, axis=1) - t)]
        print(spv, entry, ok, {k: int(np.isnan(v).sum()) for k, v in res.items()}, flush=True)
