#!/usr/bin/python3
"""Bar chart of nvc against numba-cuda per case from a bench/run.py results.json:
bench/plot.py RESULTS.json OUT.png (needs matplotlib; not used by any test)."""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def main(src, dst):
    with open(src) as f:
        d = json.load(f)
    rows = [r for r in d["results"] if r["numba"].get("status") in ("ok",) or r["nvc"].get("status") == "ok"]
    labels = [f"{r['case']}\n{r['size']}" for r in rows]

    def ms(r, side):
        x = r[side]
        return x["gpu_ms_median"] if x.get("gpu_ms_median") is not None and x.get("status", "").startswith(("ok", "WRONG")) else np.nan
    nvc = np.array([ms(r, "nvc") for r in rows])
    nb = np.array([ms(r, "numba") for r in rows])
    y = np.arange(len(rows))
    fig, ax = plt.subplots(figsize=(10, 0.42 * len(rows) + 1.5))
    ax.barh(y - 0.2, nvc, 0.4, label="nvc (Vulkan, default level)", color="#4c72b0")
    ax.barh(y + 0.2, nb, 0.4, label="numba-cuda", color="#dd8452")
    for i in np.where(np.isnan(nvc))[0]:
        ax.text(nb[i] if not np.isnan(nb[i]) else 1e-3, y[i] - 0.2, "  nvc: not supported yet", va="center", fontsize=7, color="#4c72b0")
    ax.set_xscale("log")
    ax.set_yticks(y, labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("GPU time per launch, ms (median; log scale)")
    ax.set_title("nvc vs numba-cuda on the same kernels, NVIDIA H200 (2026-11-29)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
