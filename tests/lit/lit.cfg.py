# lit configuration for nvc's compiler output tests (--emit=mlir/spirv
# checked with FileCheck, the LLVM convention) and for its passes' tests
# (passes/*.mlir: one pass alone through nvc-opt, as MLIR's own are tested).
import os
import lit.formats

config.name = "nvc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".mlir"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.nvc_build_dir, "tests", "lit")
# %nvc-opt before %nvc, of which it would otherwise be read as an extension.
config.substitutions.append(("%nvc-opt", config.nvc_opt_path))
# %nvc-exe: the compiler as a user runs it (no --verify-each).
config.substitutions.append(("%nvc-exe", config.nvc_path))
# --verify-each: MLIR's verifier after every pass, which the compiler leaves
# out by default (compiler/Compile.h, CompileOptions::verifyEach).
config.substitutions.append(("%nvc", config.nvc_path + " --verify-each"))
config.substitutions.append(("%examples", config.examples_dir))
config.environment["PATH"] = os.pathsep.join(
    ["/usr/lib/llvm-22/bin", os.environ.get("PATH", "")])
