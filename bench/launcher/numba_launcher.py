#!/usr/bin/python3
"""numba-cuda's side of the launcher benchmarks (launcher_bench.cpp): the same `scale`
kernel (scale.py), one JSON object per line.

  numba_launcher.py overhead [launches] [elements]   # host us per launch, async and waited
  numba_launcher.py streams [megabytes] [chunks] [streams]   # 004's chunked pipeline, best ms

Needs numba-cuda and a CUDA GPU (the H200 machine; docs/benchmarks.md "The launcher").
"""
import json
import os
import sys
import time

import numpy as np

if not hasattr(np, "row_stack"):  # numba-cuda 0.68 under NumPy 2
    np.row_stack = np.vstack
from numba import cuda  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scale import scale  # noqa: E402


def ramp(n):
    return ((np.arange(n) % 1000) * 0.25 - 100.0).astype(np.float32)


def grid(n):
    return (n + 255) // 256, 256


def overhead(launches=10000, n=1024):
    x = cuda.to_device(ramp(n))
    out = cuda.device_array(n, np.float32)
    blocks, threads = grid(n)
    for _ in range(100):
        scale[blocks, threads](x, out)
    cuda.synchronize()
    start = time.perf_counter()
    for _ in range(launches):
        scale[blocks, threads](x, out)
    cuda.synchronize()
    async_us = (time.perf_counter() - start) * 1e6 / launches
    start = time.perf_counter()
    for _ in range(launches):
        scale[blocks, threads](x, out)
        cuda.synchronize()
    waited_us = (time.perf_counter() - start) * 1e6 / launches
    ok = bool(np.array_equal(out.copy_to_host(), 2 * ramp(n) + 1))
    print(json.dumps({"bench": "overhead", "tool": "numba-cuda", "launches": launches,
                      "elements": n, "async_us_per_launch": round(async_us, 3),
                      "waited_us_per_launch": round(waited_us, 3), "correct": ok}))


def streams(megabytes=256, chunks=16, nstreams=3):
    total = megabytes * (1 << 20) // 4
    size = total // chunks
    host = cuda.pinned_array(size * chunks, np.float32)
    host[:] = ramp(size * chunks)
    result = cuda.pinned_array(size * chunks, np.float32)
    ss = [cuda.stream() for _ in range(nstreams)]
    bufs = [(cuda.device_array(size, np.float32), cuda.device_array(size, np.float32))
            for _ in ss]
    blocks, threads = grid(size)
    best = None
    for rep in range(6):
        result[:] = -1
        start = time.perf_counter()
        for c in range(chunks):
            stream = ss[c % nstreams]
            dx, dout = bufs[c % nstreams]
            part = slice(c * size, (c + 1) * size)
            dx.copy_to_device(host[part], stream=stream)
            scale[blocks, threads, stream](dx, dout)
            dout.copy_to_host(result[part], stream=stream)
        for s in ss:
            s.synchronize()
        ms = (time.perf_counter() - start) * 1e3
        if rep > 0:
            best = ms if best is None else min(best, ms)
    ok = bool(np.array_equal(result, 2 * host + 1))
    print(json.dumps({"bench": "streams", "tool": "numba-cuda", "megabytes": megabytes,
                      "chunks": chunks, "streams": nstreams, "best_ms": round(best, 3),
                      "correct": ok}))


if __name__ == "__main__":
    what, *rest = sys.argv[1:] or ["overhead"]
    {"overhead": overhead, "streams": streams}[what](*map(int, rest))
