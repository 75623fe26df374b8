#!/usr/bin/python3
"""Checks docs/manifest.schema.json (a ctest, run with /usr/bin/python3 and
python3-jsonschema): the schema is a valid draft 2020-12 schema; the hand-written
test manifests in tests/runtime/ and the example in docs/manifest.md validate; and
manifests broken in each documented way are rejected while documented variations
(narrowed dtypes, uniform-buffer and empty parameter blocks, arrays of records, the
ufunc objects of ufuncs.json and variations of them) are accepted.

usage: validate_manifest_schema.py SCHEMA.json MANIFEST.md TEST_DIR
"""
import copy
import glob
import json
import os
import re
import sys

import jsonschema


def main():
    schema_path, md_path, test_dir = sys.argv[1:4]
    with open(schema_path) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = []

    def expect(ok, manifest, what):
        errors = list(validator.iter_errors(manifest))
        if ok and errors:
            failures.append(f"{what}: rejected: {errors[0].message}")
        elif not ok and not errors:
            failures.append(f"{what}: accepted but should be rejected")

    manifests = sorted(p for p in glob.glob(os.path.join(test_dir, "*.json")))
    if not manifests:
        failures.append(f"no manifests in {test_dir}")
    for path in manifests:
        with open(path) as f:
            expect(True, json.load(f), os.path.basename(path))

    with open(md_path) as f:
        md = f.read()
    example = json.loads(re.search(r"```json\n(.*?)```", md, re.S).group(1))
    # The example's sha256 is a placeholder ("…").
    example["source"]["sha256"] = "0" * 64
    expect(True, example, "docs/manifest.md example")

    with open(os.path.join(test_dir, "saxpy.json")) as f:
        base = json.load(f)

    def variant(edit):
        m = copy.deepcopy(base)
        edit(m, m["entry_points"][0], m["entry_points"][0]["arguments"])
        return m

    particle = {"ndim": 1, "itemsize": 9, "aligned": False,
                "fields": [{"name": "x", "dtype": "float32", "offset": 0},
                           {"name": "v", "dtype": "float32", "offset": 4},
                           {"name": "alive", "dtype": "bool", "offset": 8}]}

    def grid_sync(dispatches):
        """A grid_sync object (docs/manifest.md "Grid synchronisation") at binding 2."""
        return {"binding": 2, "words_per_invocation": 2, "dispatches": dispatches,
                "barriers": [{"line": 5, "column": 9}]}

    def records(a, **changes):
        """Argument a as a 1-d array of particles (docs/manifest.md "Arrays of records")."""
        record = copy.deepcopy(particle)
        record.update(changes)
        a.update(dtype="uint8", device_dtype="uint8", record=record)

    good = {
        "int64 narrowed to int32": lambda m, e, a: a[0].update(dtype="int64", device_dtype="int32"),
        "uint64 kept as uint64": lambda m, e, a: a[0].update(dtype="uint64", device_dtype="uint64"),
        "complex64 scalar and arrays": lambda m, e, a: [
            x.update(dtype="complex64", device_dtype="complex64") for x in a],
        "complex128 scalar": lambda m, e, a: a[0].update(dtype="complex128",
                                                         device_dtype="complex128"),
        "float64 narrowed to float32 (--no-float64)": lambda m, e, a: [
            x.update(dtype="float64", device_dtype="float32") for x in a],
        "complex128 narrowed to complex64 (--no-float64)": lambda m, e, a: a[0].update(
            dtype="complex128", device_dtype="complex64"),
        "uniform_buffer block": lambda m, e, a: e.update(
            parameter_block={"kind": "uniform_buffer", "size": 28, "binding": 2}),
        "none block without arguments": lambda m, e, a: e.update(
            parameter_block={"kind": "none", "size": 0, "binding": None}, arguments=[]),
        "layout F and write access": lambda m, e, a: a[2].update(layout="F", access="write"),
        "index_bits 64": lambda m, e, a: e.update(index_bits=64),
        "two entry points": lambda m, e, a: m["entry_points"].append(dict(e, name="saxpy__1")),
        "no dynamic shared memory": lambda m, e, a: e.update(dynamic_shared_memory=None),
        "dynamic shared memory": lambda m, e, a: e.update(
            dynamic_shared_memory={"spec_id": 3, "dtype": "float64", "word_bytes": 8}),
        "dynamic shared memory optimised away": lambda m, e, a: e.update(
            dynamic_shared_memory={"spec_id": 3, "dtype": None, "word_bytes": 0}),
        "array of records": lambda m, e, a: records(a[1]),
        "aligned record with a nested array field": lambda m, e, a: records(
            a[2], aligned=True, itemsize=24, fields=[
                {"name": "a", "dtype": "uint8", "offset": 0},
                {"name": "b", "dtype": "float64", "offset": 8},
                {"name": "d", "dtype": "complex64", "offset": 16, "shape": [1]}]),
        "single record": lambda m, e, a: records(a[1], ndim=0),
        "no grid_sync": lambda m, e, a: e.update(grid_sync=None),
        "grid_sync with a constant": lambda m, e, a: e.update(grid_sync=grid_sync(5)),
        "grid_sync with a dynamic schedule (dispatches null)": lambda m, e, a: e.update(
            grid_sync=grid_sync(None)),
        "grid_sync with a nested expression": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"op": "max", "args": [1, {"op": "range_len", "args": [
                {"arg": "a"}, {"shape": ["x", 0]}, -2]}, {"op": "//", "args": [
                    {"op": "*", "args": [{"arg": "a"}, 3]}, {"op": "-", "args": [7, 2]}]}]})),
    }
    bad = {
        "grid_sync without dispatches": lambda m, e, a: e.update(grid_sync={
            k: v for k, v in grid_sync(1).items() if k != "dispatches"}),
        "grid_sync with 0 words": lambda m, e, a: e.update(
            grid_sync=dict(grid_sync(1), words_per_invocation=0)),
        "grid_sync with an unknown field": lambda m, e, a: e.update(
            grid_sync=dict(grid_sync(1), extra=1)),
        "grid_sync dispatches a float": lambda m, e, a: e.update(grid_sync=grid_sync(2.5)),
        "grid_sync dispatches a string": lambda m, e, a: e.update(grid_sync=grid_sync("null")),
        "grid_sync dispatches false": lambda m, e, a: e.update(grid_sync=grid_sync(False)),
        "grid_sync op with a null argument": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"op": "max", "args": [1, None]})),
        "grid_sync op %": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"op": "%", "args": [1, 2]})),
        "grid_sync + of 3": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"op": "+", "args": [1, 2, 3]})),
        "grid_sync max of none": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"op": "max", "args": []})),
        "grid_sync range_len of 2": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"op": "range_len", "args": [0, 1]})),
        "grid_sync shape without axis": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"shape": ["x"]})),
        "grid_sync arg and op": lambda m, e, a: e.update(grid_sync=grid_sync(
            {"arg": "a", "op": "+", "args": [1, 2]})),
        "grid_sync barrier without column": lambda m, e, a: e.update(
            grid_sync=dict(grid_sync(1), barriers=[{"line": 3}])),
        "missing array binding": lambda m, e, a: a[2].pop("binding"),
        "missing scalar offset": lambda m, e, a: a[0].pop("offset"),
        "scalar with a binding": lambda m, e, a: a[0].update(binding=0),
        "array with a scalar offset": lambda m, e, a: a[1].update(offset=0),
        "unknown top-level field": lambda m, e, a: m.update(extra=1),
        "unknown entry-point field": lambda m, e, a: e.update(extra=1),
        "layout K": lambda m, e, a: a[1].update(layout="K"),
        "access rw": lambda m, e, a: a[1].update(access="rw"),
        "kind tuple": lambda m, e, a: a[0].update(kind="tuple"),
        "dtype bfloat16": lambda m, e, a: a[0].update(dtype="bfloat16", device_dtype="bfloat16"),
        "float32 seen as float64": lambda m, e, a: a[0].update(device_dtype="float64"),
        "complex64 widened to complex128": lambda m, e, a: a[0].update(
            dtype="complex64", device_dtype="complex128"),
        "float64 seen as complex64": lambda m, e, a: a[0].update(
            dtype="float64", device_dtype="complex64"),
        "complex128 seen as float32": lambda m, e, a: a[0].update(
            dtype="complex128", device_dtype="float32"),
        "float32 seen as complex64": lambda m, e, a: a[0].update(device_dtype="complex64"),
        "dtype complex256": lambda m, e, a: a[0].update(dtype="complex256",
                                                        device_dtype="complex256"),
        "int32 widened to int64": lambda m, e, a: a[0].update(dtype="int32", device_dtype="int64"),
        "int64 narrowed to int16": lambda m, e, a: a[0].update(dtype="int64", device_dtype="int16"),
        "push_constant of 132 bytes": lambda m, e, a: e["parameter_block"].update(size=132),
        "push_constant with a binding": lambda m, e, a: e["parameter_block"].update(binding=3),
        "uniform_buffer without binding": lambda m, e, a: e["parameter_block"].update(
            kind="uniform_buffer"),
        "none with a size": lambda m, e, a: e["parameter_block"].update(kind="none"),
        "size not a multiple of 4": lambda m, e, a: e["parameter_block"].update(size=30),
        "parameter_block without binding": lambda m, e, a: e["parameter_block"].pop("binding"),
        "index_bits 16": lambda m, e, a: e.update(index_bits=16),
        "format_version 2": lambda m, e, a: m.update(format_version=2),
        "spec ids 0,1,1": lambda m, e, a: e.update(workgroup_size_spec_ids=[0, 1, 1]),
        "two workgroup sizes": lambda m, e, a: e.update(workgroup_size=[64, 1]),
        "zero workgroup size": lambda m, e, a: e.update(workgroup_size=[64, 0, 1]),
        "negative binding": lambda m, e, a: a[1].update(binding=-1),
        "ndim as a string": lambda m, e, a: a[1].update(ndim="1"),
        "capability not a string": lambda m, e, a: e.update(capabilities=["Shader", 3]),
        "no entry points": lambda m, e, a: m.update(entry_points=[]),
        "sha256 not hex": lambda m, e, a: m["source"].update(sha256="xyz"),
        "source file with a directory": lambda m, e, a: m["source"].update(file="a/saxpy.py"),
        "producer not nvc": lambda m, e, a: m.update(producer="clang 17"),
        "spirv_version 2.0": lambda m, e, a: m.update(spirv_version="2.0"),
        "missing target_env": lambda m, e, a: m.pop("target_env"),
        "target_env of another API": lambda m, e, a: m.update(target_env="opengl4.5"),
        "dynamic shared memory at spec id 0": lambda m, e, a: e.update(
            dynamic_shared_memory={"spec_id": 0, "dtype": "float32", "word_bytes": 4}),
        "dynamic shared memory of 3-byte words": lambda m, e, a: e.update(
            dynamic_shared_memory={"spec_id": 3, "dtype": "float32", "word_bytes": 3}),
        "dynamic shared memory without dtype": lambda m, e, a: e.update(
            dynamic_shared_memory={"spec_id": 3, "word_bytes": 4}),
        "dynamic shared memory of bfloat16": lambda m, e, a: e.update(
            dynamic_shared_memory={"spec_id": 3, "dtype": "bfloat16", "word_bytes": 4}),
        "records as float32": lambda m, e, a: [records(a[1]),
                                               a[1].update(dtype="float32",
                                                           device_dtype="float32")],
        "record of a scalar": lambda m, e, a: a[0].update(record=copy.deepcopy(particle)),
        "record without aligned": lambda m, e, a: [records(a[1]), a[1]["record"].pop("aligned")],
        "record of 0 bytes": lambda m, e, a: records(a[1], itemsize=0),
        "record without fields": lambda m, e, a: records(a[1], fields=[]),
        "record field of bfloat16": lambda m, e, a: records(
            a[1], fields=[{"name": "x", "dtype": "bfloat16", "offset": 0}]),
        "record field without a name": lambda m, e, a: records(
            a[1], fields=[{"name": "", "dtype": "float32", "offset": 0}]),
        "record field of empty shape": lambda m, e, a: records(
            a[1], fields=[{"name": "x", "dtype": "uint8", "offset": 0, "shape": []}]),
        "record with an unknown field": lambda m, e, a: records(a[1], names=["x"]),
    }
    for what, edit in good.items():
        expect(True, variant(edit), what)
    for what, edit in bad.items():
        expect(False, variant(edit), what)

    # The ufunc object (docs/manifest.md "Ufuncs"), edited in ufuncs.json's entry points.
    with open(os.path.join(test_dir, "ufuncs.json")) as f:
        ufuncs = json.load(f)

    def ufunc_variant(entry, edit):
        m = copy.deepcopy(ufuncs)
        e = next(x for x in m["entry_points"] if x["name"] == entry)
        edit(e["ufunc"], e)
        return m

    ufunc_good = {
        "vectorize identity 1": ("vadd", lambda u, e: u.update(identity=1)),
        "vectorize identity -1.5": ("vadd", lambda u, e: u.update(identity=-1.5)),
        "ufunc null": ("vadd", lambda u, e: e.update(ufunc=None)),
        "guvectorize scalar operand": ("minmax", lambda u, e: u.update(
            scalar_core=[False, True, False])),
        "signature with spaces": ("dot", lambda u, e: u.update(signature="(n), (n) -> ()")),
    }
    ufunc_bad = {
        "kind map": ("vadd", lambda u, e: u.update(kind="map")),
        "nin 0": ("minmax", lambda u, e: u.update(nin=0)),
        "types of bfloat16": ("vadd", lambda u, e: u["types"].__setitem__(0, "bfloat16")),
        "identity one": ("vadd", lambda u, e: u.update(identity="one")),
        "identity true": ("vadd", lambda u, e: u.update(identity=True)),
        "cuda_reduce with identity": ("sum_reduce", lambda u, e: u.update(identity=0)),
        "vectorize with scalar_core": ("vadd", lambda u, e: u.update(
            scalar_core=[False, False, False])),
        "guvectorize without scalar_core": ("dot", lambda u, e: u.pop("scalar_core")),
        "vectorize with two outputs": ("vadd", lambda u, e: u.update(nout=2)),
        "vectorize with core dimensions": ("vadd", lambda u, e: u["core_dims"].__setitem__(
            0, ["n"])),
        "reduce of three inputs": ("vadd_reduce", lambda u, e: u.update(nin=3)),
        "core dimension 1n": ("dot", lambda u, e: u["core_dims"].__setitem__(0, ["1n"])),
        "signature without an arrow": ("dot", lambda u, e: u.update(signature="(n),(n)")),
        "missing loop": ("vadd", lambda u, e: u.pop("loop")),
        "unknown ufunc field": ("vadd", lambda u, e: u.update(axis=0)),
    }
    for what, (entry, edit) in ufunc_good.items():
        expect(True, ufunc_variant(entry, edit), what)
    for what, (entry, edit) in ufunc_bad.items():
        expect(False, ufunc_variant(entry, edit), what)
    good.update(ufunc_good)
    bad.update(ufunc_bad)

    for f in failures:
        print("FAIL:", f)
    print(f"{len(manifests) + 1 + len(good) + len(bad) - len(failures)} checks passed, "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
