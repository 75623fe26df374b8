#!/usr/bin/python3
"""Arrays of records through nvc-run, checked by NumPy itself (a ctest, run with
/usr/bin/python3 and python3-numpy; docs/manifest.md "Arrays of records").

For structured dtypes of several layouts (packed; align=True with padding in the middle and
at the end; explicit offsets with gaps; nested array fields of every kind; 2-d and 0-d
record arrays; a Fortran-ordered file), NumPy writes random records, nvc-run passes them to
xor_bytes.comp (dst = src ^ key, byte by byte, under a manifest whose `record` describes
the layout) and writes dst with --out; NumPy reads it back: the same dtype (names, formats,
offsets, itemsize) and shape, the descr np.save writes, and every byte the xor of the
input's. particle_step.comp (x += v * dt where alive) is checked against NumPy's float32
arithmetic, and records of other fields are refused.

usage: records_numpy.py NVC_RUN SHADER_DIR TEST_DIR WORK_DIR
"""
import copy
import json
import os
import subprocess
import sys

import numpy as np
from numpy.lib import format as npformat

rng = np.random.default_rng(20240611)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def random_records(dtype, shape):
    """Random bytes (padding included), then random finite values in every field."""
    dtype = np.dtype(dtype)
    n = int(np.prod(shape, dtype=np.int64))
    a = np.frombuffer(bytearray(rng.bytes(n * dtype.itemsize)), dtype=dtype).reshape(shape)
    for name in dtype.names:
        base, sub = dtype.fields[name][0].base, dtype.fields[name][0].shape
        size = (n,) + sub
        if base.kind == "b":
            v = rng.random(size) < 0.5
        elif base.kind in "iu":
            info = np.iinfo(base)
            v = rng.integers(info.min, info.max, size=size, dtype=base, endpoint=True)
        elif base.kind == "c":
            v = rng.normal(size=size) * 1000 + 1j * rng.normal(size=size)
        else:
            v = rng.normal(size=size) * 1000
        a[name] = np.asarray(v).astype(base).reshape(shape + sub)
    return a


def record_json(dtype, ndim):
    """The manifest's `record` object of an array of `ndim`-d records of `dtype`."""
    fields = []
    for name in dtype.names:
        sub, offset = dtype.fields[name][:2]
        field = {"name": name, "dtype": sub.base.name, "offset": offset}
        if sub.shape:
            field["shape"] = list(sub.shape)
        fields.append(field)
    return {"ndim": ndim, "itemsize": dtype.itemsize, "aligned": bool(dtype.isalignedstruct),
            "fields": fields}


def xor_manifest(template, dtype, ndim):
    """xor_bytes.json for `ndim`-d records of `dtype`: src and dst are uint8 arrays of
    ndim + 1 dimensions, their shape, stride and offset fields after nbytes and key."""
    m = copy.deepcopy(template)
    entry = m["entry_points"][0]
    at = 8
    for arg in entry["arguments"][2:]:
        nd = ndim + 1
        arg["ndim"] = nd
        arg["shape_offsets"] = list(range(at, at + 4 * nd, 4))
        arg["stride_offsets"] = list(range(at + 4 * nd, at + 8 * nd, 4))
        arg["offset_offset"] = at + 8 * nd
        arg["record"] = record_json(dtype, ndim)
        at += 8 * nd + 4
    entry["parameter_block"]["size"] = at
    return m


def nvc_run(args):
    r = subprocess.run([NVC_RUN] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    return r.returncode, r.stdout


def header_of(path):
    with open(path, "rb") as f:
        version = npformat.read_magic(f)
        return version, npformat._read_array_header(f, version)


def xor_case(what, array, created="like:src"):
    """Runs xor_bytes on `array` (as NumPy saved it) and checks the --out file."""
    key = int(rng.integers(1, 256))
    dtype, shape = array.dtype, array.shape
    manifest = os.path.join(WORK, "records_numpy_xor.json")
    with open(manifest, "w") as f:
        json.dump(xor_manifest(XOR_TEMPLATE, dtype, len(shape)), f)
    src = os.path.join(WORK, "records_numpy_src.npy")
    out = os.path.join(WORK, "records_numpy_out.npy")
    np.save(src, array)
    if os.path.exists(out):
        os.remove(out)
    nbytes = array.size * dtype.itemsize
    code, output = nvc_run([os.path.join(SHADERS, "xor_bytes.spv"), "--manifest", manifest,
                            "--grid", str(nbytes), f"nbytes={nbytes}", f"key={key}",
                            f"src=@{src}", f"dst={created}", "--out", f"dst={out}"])
    check(code == 0, f"{what}: nvc-run failed: {output.strip()}")
    if code != 0:
        return
    got = np.load(out)
    check(got.dtype == dtype, f"{what}: dtype {got.dtype} != {dtype}")
    check(got.dtype.names == dtype.names and got.dtype.itemsize == dtype.itemsize and
          got.dtype.fields == dtype.fields, f"{what}: fields {got.dtype.fields}")
    check(got.shape == shape, f"{what}: shape {got.shape} != {shape}")
    version, (file_shape, fortran, file_dtype) = header_of(out)
    check(version == (1, 0) and file_shape == shape and not fortran and file_dtype == dtype,
          f"{what}: header {version} {file_shape} {fortran} {file_dtype}")
    descr = npformat.dtype_to_descr(dtype)
    with open(out, "rb") as f:
        text = f.read(1000).decode("latin1")
    check("{'descr': " + repr(descr) + ", " in text,
          f"{what}: the header's descr is not np.save's {descr}: {text[10:200]}")
    # The input as the file holds it, in C order, every byte xor-ed with the key.
    loaded = np.load(src)
    data = np.frombuffer(np.ascontiguousarray(loaded).tobytes(), np.uint8)
    want = np.frombuffer((data ^ np.uint8(key)).tobytes(), dtype).reshape(shape)
    for name in dtype.names:
        check(got[name].tobytes() == want[name].tobytes(), f"{what}: field {name} differs")
    if loaded.flags.c_contiguous:
        # A C-ordered input: the padding bytes too.
        check(got.tobytes() == want.tobytes(), f"{what}: the padding bytes differ")
    # The values are not all zero (the inputs are random).
    check(np.any(data != 0), f"{what}: all-zero input")


def main():
    global NVC_RUN, SHADERS, WORK, XOR_TEMPLATE
    NVC_RUN, SHADERS, tests, WORK = sys.argv[1:5]
    os.makedirs(WORK, exist_ok=True)
    with open(os.path.join(tests, "xor_bytes.json")) as f:
        XOR_TEMPLATE = json.load(f)

    particle = np.dtype([("x", "f4"), ("v", "f4"), ("alive", "?")])
    aligned = np.dtype([("a", "u1"), ("b", "f8"), ("c", "c8", (3, 2)), ("d", "u1", (5,)),
                        ("e", "i2")], align=True)
    gaps = np.dtype({"names": ["a", "b", "n"], "formats": ["<i2", "<f8", "<u8"],
                     "offsets": [2, 8, 16], "itemsize": 40})
    nested = np.dtype([("h", "f2", (2,)), ("flags", "?", (3,)), ("m", "i4", (2, 2)),
                       ("z", "c16"), ("w", "i8", (3,)), ("s", "i1")])
    check(aligned.itemsize == 72 and aligned.isalignedstruct, "aligned dtype")
    xor_case("packed 1-d", random_records(particle, (37,)))
    xor_case("aligned 1-d", random_records(aligned, (11,)))
    xor_case("explicit offsets with gaps", random_records(gaps, (9,)), created="zeros:9")
    xor_case("nested array fields, 2-d", random_records(nested, (4, 5)), created="zeros:4,5")
    xor_case("0-d", random_records(particle, ()))
    xor_case("0-d aligned", random_records(aligned, ()))
    xor_case("Fortran-ordered 2-d", np.asfortranarray(
        random_records(np.dtype([("i", "i8"), ("f", "f4")], align=True), (3, 4))))
    xor_case("3-d", random_records(np.dtype([("u", "u2"), ("c", "c8")]), (2, 3, 2)))

    # particle_step: x += v * dt where alive, against NumPy's float32 arithmetic.
    p = random_records(particle, (1000,))
    dt = np.float32(0.375)
    want = p.copy()
    want["x"] = np.where(p["alive"], p["x"] + p["v"] * dt, p["x"])
    src = os.path.join(WORK, "records_numpy_p.npy")
    out = os.path.join(WORK, "records_numpy_p_out.npy")
    np.save(src, p)
    code, output = nvc_run([os.path.join(SHADERS, "particle_step.spv"), "--manifest",
                            os.path.join(tests, "particle_step.json"), "--grid", "1000",
                            f"p=@{src}", "dt=0.375", "--out", f"p={out}"])
    check(code == 0, f"particle_step: nvc-run failed: {output.strip()}")
    if code == 0:
        got = np.load(out)
        check(got.dtype == particle, f"particle_step: dtype {got.dtype}")
        check(np.array_equal(got["x"], want["x"]) and np.array_equal(got["v"], p["v"]) and
              np.array_equal(got["alive"], p["alive"]), "particle_step: values differ")
        check(np.count_nonzero(got["x"] != p["x"]) > 400, "particle_step: few particles moved")

    # Records of other fields are refused, naming both layouts.
    other = np.zeros(4, dtype=[("x", "f8"), ("alive", "?")])
    other["x"] = rng.normal(size=4)
    np.save(src, other)
    code, output = nvc_run([os.path.join(SHADERS, "particle_step.spv"), "--manifest",
                            os.path.join(tests, "particle_step.json"), "--grid", "4",
                            f"p=@{src}", "dt=1"])
    check(code == 1 and "{x: float64 at 0, alive: bool at 8; 9 bytes}, the kernel's are "
          "{x: float32 at 0, v: float32 at 4, alive: bool at 8; 9 bytes}" in output,
          f"other fields: {output.strip()}")

    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
