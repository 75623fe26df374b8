//===- FrontendStage.cpp - compileSource's first stage: source to MLIR -----===//
//
// The steps, each stopping the stage at its first error: parse and resolve
// names (ModuleScope, with the imports ModuleLoader finds next to the file
// and under -I); replace signatures from --sig; type the kernels; check that
// they make one module (ModulePrecision.h); generate MLIR; assign workgroup
// sizes (WorkgroupSize.h). Source errors are CompileError(s) thrown by the
// frontend and reported here; option errors are OptionError.
//
//===----------------------------------------------------------------------===//
#include "compiler/FrontendStage.h"

#include "compiler/ModulePrecision.h"
#include "compiler/WorkgroupSize.h"
#include "frontend/sema/BarrierDivergence.h"
#include "frontend/syntax/Parser.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

namespace nvc {
namespace {

/// Where imported helper modules are looked for: the kernel file's own
/// directory, then -I's.
std::vector<std::string> importSearchDirs(const std::string &path,
                                          const CompileOptions &options) {
  std::vector<std::string> searchDirs = {
      std::filesystem::path(path).parent_path().empty()
          ? std::string(".")
          : std::filesystem::path(path).parent_path().string()};
  searchDirs.insert(searchDirs.end(), options.includeDirs.begin(), options.includeDirs.end());
  return searchDirs;
}

/// Parses `--sig NAME=SIGNATURE` strings, grouped by name.
std::map<std::string, std::vector<Signature>>
parseSignatureOptions(const std::vector<std::string> &options) {
  std::map<std::string, std::vector<Signature>> sigs;
  for (auto &s : options) {
    size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw OptionError{fmt::format("invalid --sig '{}': expected NAME=SIGNATURE", s)};
    try {
      sigs[s.substr(0, eq)].push_back(parseSignatureString(s.substr(eq + 1), {}));
    } catch (CompileError &e) {
      throw OptionError{fmt::format("invalid --sig '{}': {}", s, e.message)};
    }
  }
  return sigs;
}

/// The -D NAME=VALUE options as expressions (kept in `out.defines`), by
/// name. Throws OptionError for a NAME that is not a Python name and a VALUE
/// that is not one Python expression.
std::map<std::string, const ast::Expr *> parseDefines(const CompileOptions &options,
                                                      FrontendModule &out) {
  std::map<std::string, const ast::Expr *> byName;
  for (const auto &[name, value] : options.defines) {
    bool isName = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                  std::all_of(name.begin(), name.end(), [](char ch) {
                    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
                  });
    if (!isName)
      throw OptionError{fmt::format("-D {}={}: '{}' is not a Python name", name, value, name)};
    std::unique_ptr<ast::Module> m;
    try {
      m = parseModule(SourceFile("-D " + name, name + " = " + value + "\n"));
    } catch (const CompileError &) {
      m.reset();
    }
    auto *assign = m && m->body.size() == 1 ? llvm::dyn_cast<ast::Assign>(m->body[0].get())
                                              : nullptr;
    if (!assign || assign->targets.size() != 1)
      throw OptionError{fmt::format("-D {}={}: '{}' is not a Python expression", name, value,
                                    value)};
    byName[name] = assign->value.get();
    out.defines.push_back(std::move(m));
  }
  return byName;
}

/// Throws OptionError for a -D value nvc cannot evaluate at compile time.
void checkDefines(const ModuleScope &scope, const CompileOptions &options) {
  for (const auto &[name, value] : options.defines) {
    const GlobalSymbol *sym = scope.lookup(name);
    if (!sym || (sym->kind != GlobalSymbol::Kind::Constant &&
                 sym->kind != GlobalSymbol::Kind::DType))
      throw OptionError{fmt::format(
          "-D {}={}: nvc cannot evaluate '{}' when the kernel is compiled (it takes numbers, "
          "typed numbers such as np.float32(0.5), tuples of them and dtypes)",
          name, value, value)};
  }
}

/// Replaces the signatures of each function --sig names with the option's.
/// Throws OptionError for a malformed --sig, one whose parameter count is
/// not the function's, and one naming no @jit function of the file.
void applySignatureOptions(ModuleScope &scope, const CompileOptions &options,
                           const std::string &path) {
  for (auto &[name, sigs] : parseSignatureOptions(options.signatures)) {
    bool found = false;
    for (auto &fn : scope.functions())
      if (fn.def->name == name) {
        found = true;
        for (auto &sig : sigs)
          if (sig.params.size() != fn.def->params.size())
            throw OptionError{fmt::format("--sig for '{}' has {} parameter types but the "
                                          "function has {} parameters",
                                          name, sig.params.size(), fn.def->params.size())};
        fn.signatures = sigs;
        fn.signatureError.reset(); // --sig replaces what the decorator said
      }
    if (!found)
      throw OptionError{
          fmt::format("--sig names '{}', which is not a @jit function of '{}'", name, path)};
  }
}

/// Keeps only the kernels and chains --kernel names (when it is given): the
/// others become plain functions, typed only if a selected kernel calls them.
/// Throws OptionError for a name that is neither a kernel nor a chain.
void applyKernelSelection(ModuleScope &scope, const CompileOptions &options,
                          const std::string &path) {
  if (options.kernels.empty())
    return;
  std::set<std::string> wanted(options.kernels.begin(), options.kernels.end());
  std::set<std::string> found;
  for (auto &fn : scope.functions())
    if (fn.ufunc) {
      // A ufunc's loops are selected by its name; the others are plain
      // device functions.
      if (wanted.count(fn.def->name))
        found.insert(fn.def->name);
      else
        fn.ufunc.reset();
    } else if (fn.isKernel) {
      if (wanted.count(fn.def->name))
        found.insert(fn.def->name);
      else
        fn.isKernel = false;
    }
  auto &chains = scope.chains();
  for (auto &chain : chains)
    if (wanted.count(chain.def->name))
      found.insert(chain.def->name);
  chains.erase(std::remove_if(chains.begin(), chains.end(),
                              [&](const LaunchChain &c) { return !wanted.count(c.def->name); }),
               chains.end());
  for (auto &name : wanted)
    if (!found.count(name))
      throw OptionError{fmt::format("--kernel names '{}', which is not a kernel or @nv.chain "
                                    "function of '{}'",
                                    name, path)};
}

/// Barriers that only some invocations of a workgroup may reach
/// (-Wdivergent-barrier): in the kernels, and once per device function.
void warnAboutDivergentBarriers(const std::vector<TypedKernel> &kernels,
                                const InferenceContext &inference, DiagnosticEngine &diags) {
  for (auto &k : kernels)
    warnDivergentBarriers(k, inference, diags);
  std::set<const ast::FunctionDef *> checkedDeviceFunctions;
  for (auto &[key, spec] : inference.specializations)
    if (checkedDeviceFunctions.insert(spec->def).second)
      warnDivergentBarriers(*spec, inference, diags);
}

/// The frontend's steps; throws the source's CompileError(s) and
/// OptionError, returns false when a step reported errors without throwing.
bool runFrontendSteps(Compilation &c, FrontendModule &out) {
  const CompileOptions &options = c.options;
  mlir::TimingScope parsing = c.timeStage("parse");
  out.ast = parseModule(c.file);
  parsing.stop();
  mlir::TimingScope names = c.timeStage("names, imports, -D, --sig, --kernel");
  out.loader.emplace(importSearchDirs(c.path, options), c.diags);
  ModuleScope scope(*out.ast, c.file, c.diags, &*out.loader, parseDefines(options, out));
  checkDefines(scope, options);
  applySignatureOptions(scope, options, c.path);
  applyKernelSelection(scope, options, c.path);
  out.ufuncs = std::make_unique<UfuncKernels>(scope, c.diags);

  names.stop();
  mlir::TimingScope typing = c.timeStage("type inference");
  InferenceContext inference(scope, c.diags, defaultPrecision(options, scope));
  inference.defaultPythonErrorModel = options.pythonErrorModel;
  inference.forcedBoundscheck = options.boundscheck;
  inference.ufuncKernels = out.ufuncs->kernels();
  // Each entry point's name, and its kernel once `out.kernels` is complete.
  std::vector<std::pair<std::string, const TypedKernel *>> entryPoints;
  for (auto &[entry, k] : typeKernels(inference)) {
    applyIndexBitsOption(options, k);
    out.kernels.push_back(std::move(k));
    entryPoints.emplace_back(entry, nullptr);
  }
  if (c.diags.errorCount())
    return false;
  warnAboutDivergentBarriers(out.kernels, inference, c.diags);
  if (entryPoints.empty())
    throw CompileError({1, 1}, fmt::format("'{}' contains no kernel (a function decorated "
                                           "with @cuda.jit or @nv.jit)",
                                           c.sourceName()));
  for (size_t i = 0; i < entryPoints.size(); ++i)
    entryPoints[i].second = &out.kernels[i];

  requireOneIntegerWidth(out.kernels);
  if (c.diags.errorCount())
    return false;
  ModuleLowering lowering = decideModuleLowering(options, out.kernels, c.diags);
  typing.stop();
  mlir::TimingScope generation = c.timeStage("MLIR generation");

  out.module = generateMLIR(c.context, c.file, entryPoints, inference, lowering, scope.chains(),
                            out.abis);
  // Ufunc entry points: the manifest names the ufunc, not the kernel nvc wrote.
  for (EntryPointABI &abi : out.abis)
    if (auto it = out.ufuncs->entries().find(abi.entryName); it != out.ufuncs->entries().end()) {
      abi.functionName = it->second.name;
      abi.ufunc = it->second;
    }
  if (auto error = assignWorkgroupSizes(out.kernels, out.abis, options, c.sourceName(), c.diags))
    throw OptionError{*error};
  for (auto &f : out.loader->loadedFiles())
    c.result.dependencies.push_back(f);
  return true;
}

} // namespace

bool runFrontend(Compilation &c, FrontendModule &out) {
  try {
    if (!runFrontendSteps(c, out))
      return false;
  } catch (CompileError &e) {
    c.diags.error(e.loc, e.message, e.file);
    return false;
  } catch (CompileErrors &errors) {
    for (CompileError &e : errors.errors)
      c.diags.error(e.loc, e.message, e.file);
    return false;
  } catch (OptionError &e) {
    c.optionError(e.message);
    return false;
  }
  return !c.diags.errorCount() && out.module;
}

} // namespace nvc
