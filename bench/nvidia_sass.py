#!/usr/bin/python3
"""The machine code (SASS) NVIDIA's Vulkan driver makes of nvc's SPIR-V, for performance work:
what the driver unrolled, hoisted, fused or bounds-checked.

For each KERNEL.spv (with its manifest next to it) this launches the kernel once through
nvc-run with the driver's shader disk cache pointed at an empty folder, takes the compiled
pipeline out of the cache and disassembles it with CUDA's nvdisasm into OUT/NAME.sass.

The cache format is NVIDIA's own and undocumented; what this relies on was found by looking at
it (driver 580, H200): cache entries hold zstd frames, one of which decompresses to a container
starting "NVDANVVMNVuc" whose code is a raw instruction stream starting, 16-byte aligned, at the
kernel's first instruction (an S2R, opcode bytes 19 79) after a header of a few hundred bytes
and followed by data nvdisasm cannot decode (the stream is cut before its first undecodable
instruction). A driver that stores something else makes this print "no code found": it never
guesses. Register counts and the constant-bank layout are not in the raw stream.

Needs on the GPU machine: nvc-run, the Vulkan loader, nvdisasm (CUDA toolkit), and zstd (the
`zstandard` module or a zstd program: --zstd PATH, libraries in --zstd-libs).

  bench/nvidia_sass.py --nvc-run nvc-run --out OUT \\
      v7=k/v7.spv:1536:256:us=@us.npy:...   # NAME=SPV:GRID:LOCAL_SIZE:nvc-run arguments...
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import tempfile

ZSTD_MAGIC = bytes.fromhex("28b52ffd")
CONTAINER = b"NVDANVVMNVuc"
S2R = b"\x19\x79"


def decompressor(zstd, libs):
    try:
        import zstandard
        return lambda b: zstandard.ZstdDecompressor().decompressobj().decompress(b)
    except ImportError:
        env = dict(os.environ, LD_LIBRARY_PATH=libs) if libs else None
        return lambda b: subprocess.run([zstd, "-d", "-c"], input=b, capture_output=True,
                                        env=env).stdout


def containers(cache, unzstd):
    """Every decompressed 'NVuc' container in the cache folder."""
    for path in glob.glob(os.path.join(cache, "**", "*.bin"), recursive=True):
        data = open(path, "rb").read()
        for m in re.finditer(re.escape(ZSTD_MAGIC), data):
            try:
                d = unzstd(data[m.start():])
            except Exception:  # noqa: BLE001 - not a complete frame
                continue
            if d.startswith(CONTAINER):
                yield d


def disassemble(code, nvdisasm, arch):
    """nvdisasm's text of the longest decodable prefix of `code`, or None."""
    code = code[:len(code) // 16 * 16]
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        for _ in range(8):
            f.seek(0)
            f.truncate()
            f.write(code)
            f.flush()
            r = subprocess.run([nvdisasm, "--binary", arch, f.name], capture_output=True, text=True)
            if r.returncode == 0:
                return r.stdout
            bad = [int(a, 16) for a in re.findall(r"at address 0x([0-9a-fA-F]+)", r.stderr)]
            if not bad or min(bad) < 16:
                return None
            code = code[:min(bad) // 16 * 16]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nvc-run", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--nvdisasm", default="/usr/local/cuda/bin/nvdisasm")
    ap.add_argument("--arch", default="SM90", help="nvdisasm --binary architecture (H200: SM90)")
    ap.add_argument("--zstd", default="zstd")
    ap.add_argument("--zstd-libs", default="", help="LD_LIBRARY_PATH for --zstd")
    ap.add_argument("kernels", nargs="+", metavar="NAME=SPV:GRID:LOCAL:ARGS...")
    args = ap.parse_args()
    unzstd = decompressor(args.zstd, args.zstd_libs)
    os.makedirs(args.out, exist_ok=True)
    for spec in args.kernels:
        name, rest = spec.split("=", 1)
        spv, grid, local, *launch = rest.split(":")
        cache = tempfile.mkdtemp(prefix="nvc-sass-")
        env = dict(os.environ, __GL_SHADER_DISK_CACHE="1", __GL_SHADER_DISK_CACHE_PATH=cache,
                   __GL_SHADER_DISK_CACHE_SKIP_CLEANUP="1")
        r = subprocess.run([args.nvc_run, spv, "--grid", grid, "--local-size", local, *launch],
                           env=env, capture_output=True, text=True)
        if r.returncode:
            print(f"{name}: nvc-run failed: {r.stderr.strip()[-300:]}")
            continue
        text = None
        for d in containers(cache, unzstd):
            start = next((o for o in range(0, len(d) - 1, 8) if o >= 0x100 and d[o:o + 2] == S2R), None)
            if start is not None:
                text = disassemble(d[start:], args.nvdisasm, args.arch) or text
        shutil.rmtree(cache, ignore_errors=True)
        if text is None:
            print(f"{name}: no code found in the driver's cache")
            continue
        with open(os.path.join(args.out, name + ".sass"), "w") as f:
            f.write(text)
        print(f"{name}: {text.count(chr(10))} instructions -> {name}.sass")


if __name__ == "__main__":
    main()
