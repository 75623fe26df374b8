#!/usr/bin/python3
"""Writes ufuncs.json, the manifest of the test module ufuncs.spv: the GLSL loops and
reductions ufunc_*.comp, one instance per entry point (runtime-stub/CMakeLists.txt
compiles and links them), each with the `ufunc` object and the argument list of
docs/manifest.md "Ufuncs" and the parameter block nvc would lay out (scalars first,
then each array's shape, strides and offset, 32-bit; assumes_no_alias as nvc sets it for
its loops). Run it after changing the list.

usage: make_ufuncs_json.py [OUT.json]
"""
import json
import os
import sys

SIZES = {"bool": 1, "int32": 4, "int64": 4, "float32": 4, "float64": 8}  # device bytes
DEVICE = {"int64": "int32"}  # int64 kept as int32 (nvc's 32-bit integers)


def entry(name, function, ufunc, arguments, workgroup=64, shared=0, float64=False):
    """An entry point: `arguments` are (name, kind, dtype, ndim, access) tuples."""
    offset = 0
    args = []
    for (a, kind, dtype, ndim, access) in arguments:
        if kind == "scalar":
            size = max(4, SIZES[dtype])
            offset = (offset + size - 1) // size * size
            args.append({"name": a, "kind": "scalar", "dtype": dtype,
                         "device_dtype": DEVICE.get(dtype, dtype), "offset": offset})
            offset += size
    binding = 0
    for (a, kind, dtype, ndim, access) in arguments:
        if kind != "array":
            continue
        shapes = [offset + 4 * d for d in range(ndim)]
        strides = [offset + 4 * (ndim + d) for d in range(ndim)]
        args.append({"name": a, "kind": "array", "dtype": dtype,
                     "device_dtype": DEVICE.get(dtype, dtype), "ndim": ndim, "layout": "C",
                     "access": access, "binding": binding, "shape_offsets": shapes,
                     "stride_offsets": strides, "offset_offset": offset + 8 * ndim})
        offset += 4 * (2 * ndim + 1)
        binding += 1
    order = [a[0] for a in arguments]
    args.sort(key=lambda x: order.index(x["name"]))
    e = {"name": name, "function": function, "workgroup_size": [workgroup, 1, 1],
         "workgroup_size_spec_ids": [0, 1, 2], "shared_memory_bytes": shared,
         "capabilities": ["Shader", "Float64"] if float64 else ["Shader"], "extensions": [],
         "index_bits": 32, "assumes_no_alias": True, "coarsen": 1,
         "original_grid_offset": None,
         "parameter_block": {"kind": "push_constant", "size": offset, "binding": None},
         "arguments": args, "error_buffer": None, "print_buffer": None}
    if workgroup == 256:
        e["max_workgroup_size"] = {"size": [256, None, None], "reasons": [
            "shared array 'values' has 256 elements, indexed by the local id", None, None]}
    e["ufunc"] = ufunc
    return e


def loop(name, function, kind, index, core, types, names, identity=None, scalar_core=None,
         nin=None):
    nin = nin if nin is not None else len(core) - 1
    signature = ",".join("(" + ",".join(c) + ")" for c in core[:nin]) + "->" + \
        ",".join("(" + ",".join(c) + ")" for c in core[nin:])
    u = {"name": function, "kind": kind, "loop": index, "signature": signature, "nin": nin,
         "nout": len(core) - nin, "types": types, "core_dims": core, "identity": identity}
    if kind == "guvectorize":
        u["scalar_core"] = scalar_core or [False] * len(core)
    arguments = [("nvc_loop_size", "scalar", "int32", 0, None),
                 ("nvc_loop_shape", "array", "int32", 1, "read"),
                 ("nvc_loop_strides", "array", "int32", 2, "read")]
    for k, (n, t) in enumerate(zip(names, types)):
        arguments.append((n, "array", t, 1 + len(core[k]), "read" if k < nin else "write"))
    return entry(name, function, u, arguments, float64="float64" in types)


def reduction(name, function, kind, index, t, identity=None):
    u = {"name": function, "kind": kind, "loop": index, "signature": "(),()->()", "nin": 2,
         "nout": 1, "types": [t, t, t], "core_dims": [[], [], []], "identity": identity}
    arguments = [("nvc_n", "scalar", "int32", 0, None),
                 ("nvc_has_init", "scalar", "int32", 0, None),
                 ("nvc_init", "scalar", t, 0, None),
                 ("nvc_input", "array", t, 1, "read"),
                 ("nvc_partials", "array", t, 1, "write")]
    shared = 256 * SIZES[t] + 256 * 4
    return entry(name, function, u, arguments, workgroup=256, shared=shared,
                 float64=t == "float64")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__),
                                                             "ufuncs.json")
    v = [[], [], []]
    entries = [
        loop("mulsub", "mulsub", "vectorize", 0, v, ["float32"] * 3, ["x", "y", "out"]),
        loop("mulsub__1", "mulsub", "vectorize", 1, v, ["float64"] * 3, ["x", "y", "out"]),
        loop("vadd", "vadd", "vectorize", 0, v, ["int32"] * 3, ["a", "b", "out"], identity=0),
        loop("vadd__1", "vadd", "vectorize", 1, v, ["int64"] * 3, ["a", "b", "out"], identity=0),
        loop("vadd__2", "vadd", "vectorize", 2, v, ["float64"] * 3, ["a", "b", "out"],
             identity=0),
        reduction("vadd_reduce", "vadd", "reduce", 0, "int32", identity=0),
        reduction("vadd_reduce__1", "vadd", "reduce", 1, "int64", identity=0),
        reduction("vadd_reduce__2", "vadd", "reduce", 2, "float64", identity=0),
        loop("vmax", "vmax", "vectorize", 0, v, ["float64"] * 3, ["a", "b", "out"],
             identity="reorderable"),
        reduction("vmax_reduce", "vmax", "reduce", 0, "float64", identity="reorderable"),
        reduction("sum_reduce", "sum_reduce", "cuda_reduce", 0, "int32"),
        reduction("sum_reduce__1", "sum_reduce", "cuda_reduce", 1, "float64"),
        loop("dot", "dot", "guvectorize", 0, [["n"], ["n"], []], ["float32"] * 3,
             ["a", "b", "out"]),
        loop("dot__1", "dot", "guvectorize", 1, [["n"], ["n"], []], ["float64"] * 3,
             ["a", "b", "out"]),
        loop("matvec", "matvec", "guvectorize", 0, [["m", "n"], ["n"], ["m"]], ["float64"] * 3,
             ["a", "x", "out"]),
        loop("minmax", "minmax", "guvectorize", 0, [["n"], [], []], ["float64"] * 3,
             ["a", "lo", "hi"], nin=1),
    ]
    manifest = {"format_version": 1, "producer": "nvc 0.1.0", "spirv_version": "1.3",
                "target_env": "vulkan1.1",
                "source": {"file": "ufuncs.py", "sha256": "0" * 64},
                "entry_points": entries}
    with open(out, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
