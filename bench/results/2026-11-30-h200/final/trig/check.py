import numpy as np, subprocess, sys
D = ".gl/trig"
NVC_RUN = sys.argv[1] if len(sys.argv) > 1 else ".gl/bin/nvc-run"
rng = np.random.default_rng(1)
parts = [rng.uniform(-10, 10, 50000), rng.uniform(-1e4, 1e4, 50000), rng.uniform(-1.6e6, 1.6e6, 50000),
         rng.uniform(1.59e6, 1.61e6, 20000) * rng.choice([-1, 1], 20000), rng.uniform(-1e8, 1e8, 20000),
         10 ** rng.uniform(8, 300, 5000)]
k = rng.integers(-1018000, 1018000, 30000)
near = k * (np.pi / 2)
near = np.nextafter(near, near + rng.choice([-1, 1], near.size) * np.inf)
parts.append(near)
parts.append(np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324, 2.2e-308, 1.6e6, -1.6e6, np.nextafter(1.6e6, 2e6), 45.553093477052]))
x = np.concatenate(parts)
np.save(f"{D}/x.npy", x)
for n in "sct":
    np.save(f"{D}/{n}.npy", np.full(x.size, np.nan))
cmd = [NVC_RUN, f"{D}/trig64.spv", "--grid", str(x.size), "--local-size", "256", f"x=@{D}/x.npy"] + \
      [f"{n}=@{D}/{n}.npy" for n in "sct"] + sum([["--out", f"{n}={D}/{n}_out.npy"] for n in "sct"], [])
r = subprocess.run(cmd, capture_output=True, text=True)
print("nvc-run rc", r.returncode, r.stderr[-500:])
# float32: the same arguments rounded to float32 (finite ones), against NumPy in float64 of those
x32 = x.astype(np.float32)
np.save(f"{D}/x32.npy", x32)
for n in "sct":
    np.save(f"{D}/{n}32.npy", np.full(x.size, np.nan, np.float32))
cmd32 = [NVC_RUN, f"{D}/trig32.spv", "--grid", str(x.size), "--local-size", "256", f"x=@{D}/x32.npy"] + \
      [f"{n}=@{D}/{n}32.npy" for n in "sct"] + sum([["--out", f"{n}={D}/{n}32_out.npy"] for n in "sct"], [])
r = subprocess.run(cmd32, capture_output=True, text=True)
print("nvc-run float32 rc", r.returncode, r.stderr[-500:])


def ulps(got, want):
    both_nan = np.isnan(got) & np.isnan(want)
    sp = np.spacing(np.abs(want))
    with np.errstate(invalid="ignore"):
        e = np.abs(got - want) / np.where(sp > 0, sp, 5e-324)
    e[both_nan] = 0
    e[np.isnan(got) != np.isnan(want)] = np.inf
    return e


ref = {"s": np.sin(x), "c": np.cos(x), "t": np.tan(x)}
names = ["[-10,10]", "[-1e4,1e4]", "[-1.6e6,1.6e6]", "~1.6e6", "[-1e8,1e8]", "1e8..1e300", "near k*pi/2", "specials"]
bounds = np.cumsum([0] + [p.size for p in parts])
for n in "sct":
    got = np.load(f"{D}/{n}_out.npy")
    e = ulps(got, ref[n])
    print(n, "max ulp vs NumPy:", "; ".join(f"{nm}: {e[bounds[j]:bounds[j + 1]].max():.3g}" for j, nm in enumerate(names)))
    bad = np.where(e > 4)[0]
    if bad.size:
        print("  worst:", [(float(x[i]), float(got[i]), float(ref[n][i])) for i in bad[:5]])

x64 = x32.astype(np.float64)
ref32 = {"s": np.sin(x64), "c": np.cos(x64), "t": np.tan(x64)}
for n in "sct":
    got = np.load(f"{D}/{n}32_out.npy").astype(np.float64)
    want = ref32[n].astype(np.float32).astype(np.float64)
    sp = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        e = np.abs(got - ref32[n]) / np.where(sp > 0, sp, 1e-45)
    e[np.isnan(got) & np.isnan(want)] = 0
    e[np.isnan(got) != np.isnan(want)] = np.inf
    print(n, "float32 max ulp vs float64 NumPy:", "; ".join(f"{nm}: {e[bounds[j]:bounds[j + 1]].max():.3g}" for j, nm in enumerate(names)))
