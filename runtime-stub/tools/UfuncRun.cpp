// nvc-run --ufunc / --reduce: see UfuncRun.h.
#include "UfuncRun.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace nvc::tools {

using namespace nvc::rt;

namespace {

/// "'x', 'sigma'" (or "none").
std::string quotedList(const std::vector<std::string> &names) {
  std::string text;
  for (const std::string &n : names)
    text += fmt::format("{}'{}'", text.empty() ? "" : ", ", n);
  return text.empty() ? "none" : text;
}

/// What the manifest says of ufunc `name`: its kinds' entry points.
struct UfuncEntries {
  std::vector<const EntryPointDesc *> call;   ///< vectorize or guvectorize loops
  std::vector<const EntryPointDesc *> reduce; ///< reduce or cuda_reduce loops
  bool cuda = false;                          ///< the reductions are a @cuda.reduce's
};

UfuncEntries entriesOf(const Manifest &manifest, const std::string &name, const char *option) {
  UfuncEntries u;
  for (const EntryPointDesc &e : manifest.entryPoints) {
    if (!e.ufunc || e.ufunc->name != name)
      continue;
    const UfuncKind k = e.ufunc->kind;
    (k == UfuncKind::Vectorize || k == UfuncKind::GUVectorize ? u.call : u.reduce).push_back(&e);
    u.cuda = u.cuda || k == UfuncKind::CudaReduce;
  }
  if (u.call.empty() && u.reduce.empty()) {
    const std::vector<std::string> names = manifest.ufuncNames();
    throw UfuncUsageError(fmt::format("{} {}: the module has no ufunc '{}' ({})", option, name,
                                      name,
                                      names.empty() ? "it has no ufuncs: its entry points are "
                                                      "kernels, launched with --grid or --groups"
                                                    : "it has " + quotedList(names)));
  }
  return u;
}

} // namespace

int runUfunc(const UfuncRunOptions &options, std::vector<UfuncArgument> args,
             const std::vector<std::pair<std::string, std::string>> &outs) {
  const char *option = options.reduce ? "--reduce" : "--ufunc";
  const std::string &name = options.ufunc;
  // Everything that can be checked without a device comes first.
  (void)readSpirv(options.spirvPath);
  const std::string manifestPath = options.manifestPath.empty()
                                       ? defaultManifestPath(options.spirvPath)
                                       : options.manifestPath;
  const Manifest manifest = Manifest::load(manifestPath);
  const UfuncEntries entries = entriesOf(manifest, name, option);
  if (!options.reduce && entries.call.empty())
    throw UfuncUsageError(fmt::format("--ufunc {}: '{}' is a @cuda.reduce function, not called "
                                      "on operands: run it with --reduce {} array=@FILE.npy",
                                      name, name, name));
  if (options.reduce && entries.reduce.empty())
    throw UfuncUsageError(fmt::format("--reduce {}: ufunc '{}' has no reduce loops (nvc compiles "
                                      ".reduce for a vectorize of two inputs and one output of "
                                      "one type, and @cuda.reduce functions); call it with "
                                      "--ufunc {}",
                                      name, name, name));

  // The names the call takes.
  std::vector<std::string> names;
  std::uint32_t nin = 0;
  if (options.reduce) {
    names = {"array", "init"};
    if (entries.cuda)
      names.insert(names.end(), {"size", "res"});
  } else {
    const EntryPointDesc &first = *entries.call.front();
    nin = first.ufunc->nin;
    for (std::size_t i = 3; i < first.arguments.size(); ++i)
      names.push_back(first.arguments[i].name);
  }
  auto isOutput = [&](std::size_t operand) { return !options.reduce && operand >= nin; };
  std::map<std::string, UfuncArgument *> byName;
  for (UfuncArgument &a : args) {
    const auto it = std::find(names.begin(), names.end(), a.name);
    if (it == names.end())
      throw UfuncUsageError(fmt::format(
          "argument '{}': {} {} takes {}{}", a.name, option, name, quotedList(names),
          options.reduce && !entries.cuda && (a.name == "size" || a.name == "res")
              ? " (size= and res= belong to a @cuda.reduce function)"
              : ""));
    if (!byName.emplace(a.name, &a).second)
      throw UfuncUsageError(fmt::format("argument '{}' is given twice", a.name));
    if (a.scalar == std::nullopt && a.array.record)
      throw UfuncUsageError(fmt::format("argument '{}': {} holds an array of records; a "
                                        "ufunc's operands are arrays of numbers",
                                        a.name, a.file));
    const std::size_t operand = static_cast<std::size_t>(it - names.begin());
    if (a.scalar && isOutput(operand))
      throw UfuncUsageError(fmt::format("argument '{}': an output is an array: give it as "
                                        "{}=@FILE.npy to write the result into it, or leave it "
                                        "out to have it allocated (and --out {}=FILE.npy)",
                                        a.name, a.name, a.name));
    if (options.reduce && a.scalar && (a.name == "array" || a.name == "res"))
      throw UfuncUsageError(fmt::format("argument '{}': give the array as {}=@FILE.npy", a.name,
                                        a.name));
    if (options.reduce && !a.scalar && (a.name == "init" || a.name == "size"))
      throw UfuncUsageError(fmt::format("argument '{}': a scalar ({}=VALUE), not an array",
                                        a.name, a.name));
    if (a.name == "size" && options.reduce &&
        !std::holds_alternative<std::int64_t>(*a.scalar))
      throw UfuncUsageError(fmt::format("argument 'size': an integer, not {}",
                                        toString(*a.scalar)));
  }
  std::vector<std::string> missing;
  if (options.reduce) {
    if (!byName.count("array"))
      missing.push_back("array");
  } else {
    for (std::uint32_t k = 0; k < nin; ++k)
      if (!byName.count(names[k]))
        missing.push_back(names[k]);
  }
  if (!missing.empty())
    throw UfuncUsageError(fmt::format(
        "{} {}: missing {} {}{}", option, name, missing.size() == 1 ? "argument" : "arguments",
        quotedList(missing),
        options.reduce ? " (array=@FILE.npy)"
                       : fmt::format(" (the ufunc's inputs are {}; an output may be given as "
                                     "@FILE.npy)",
                                     quotedList(std::vector<std::string>(names.begin(), names.begin() + nin)))));
  for (const auto &[outName, file] : outs) {
    const bool known = std::find(names.begin(), names.end(), outName) != names.end() ||
                       (options.reduce && outName == "out");
    if (!known)
      throw UfuncUsageError(fmt::format("--out {}={}: {} {} has no operand '{}' (it has {}{})",
                                        outName, file, option, name, outName, quotedList(names),
                                        options.reduce ? ", and 'out', the result" : ""));
    if (!options.reduce && !isOutput(static_cast<std::size_t>(
                               std::find(names.begin(), names.end(), outName) - names.begin())) &&
        (!byName.count(outName) || byName.at(outName)->scalar))
      throw UfuncUsageError(fmt::format("--out {}={}: input '{}' is not an array given as "
                                        "@FILE.npy",
                                        outName, file, outName));
    if (options.reduce && outName != "out" &&
        (!byName.count(outName) || byName.at(outName)->scalar))
      throw UfuncUsageError(fmt::format("--out {}={}: '{}' is not an array given as @FILE.npy",
                                        outName, file, outName));
  }

  Device device(options.deviceSelector);
  if (options.printWords)
    device.setPrintBufferWords(options.printWords);
  Module module(device, options.spirvPath, options.manifestPath);
  Ufunc ufunc = module.ufunc(name);
  UfuncTrace trace;
  std::optional<KernelError> raised;
  std::map<std::string, NpyArray *> written; // by --out name
  std::vector<NpyArray> results;
  std::vector<std::pair<std::string, const NpyArray *>> toPrint;
  NpyArray result;
  if (options.reduce) {
    ReduceOptions reduceOptions;
    if (byName.count("init"))
      reduceOptions.init = *byName.at("init")->scalar;
    if (byName.count("size"))
      reduceOptions.size = std::get<std::int64_t>(*byName.at("size")->scalar);
    if (byName.count("res"))
      reduceOptions.res = byName.at("res")->array.view();
    try {
      result = ufunc.reduce(byName.at("array")->array.view(), reduceOptions, &trace);
    } catch (const KernelError &e) {
      raised = e;
    }
    if (!raised) {
      written["out"] = &result;
      toPrint.emplace_back("out", &result);
    }
  } else {
    std::vector<UfuncOperand> inputs;
    std::vector<std::optional<HostArray>> given(names.size() - nin);
    for (std::uint32_t k = 0; k < nin; ++k) {
      UfuncArgument &a = *byName.at(names[k]);
      if (a.scalar)
        inputs.emplace_back(*a.scalar);
      else
        inputs.emplace_back(a.array.view());
    }
    for (std::size_t j = 0; j < given.size(); ++j)
      if (byName.count(names[nin + j]))
        given[j] = byName.at(names[nin + j])->array.view();
    try {
      results = ufunc.call(inputs, given, &trace);
    } catch (const KernelError &e) {
      raised = e; // the given outputs were written
    }
    for (std::size_t j = 0; j < results.size(); ++j) {
      const std::string &n = names[nin + j];
      written[n] = given[j] ? &byName.at(n)->array : &results[j];
      toPrint.emplace_back(n, &results[j]);
    }
  }
  for (UfuncArgument &a : args)
    if (!a.scalar && !written.count(a.name))
      written[a.name] = &a.array;

  if (options.verbose) {
    const DeviceInfo &info = device.info();
    std::printf("device: %s (%s, Vulkan %s)\n", info.name.c_str(), toString(info.type),
                info.apiVersionString().c_str());
    std::printf("module: %s\n", module.spirvPath().c_str());
    if (trace.loop) {
      std::string shape;
      for (std::size_t d = 0; d < trace.loopShape.size(); ++d)
        shape += fmt::format("{}{}", d ? ", " : "", trace.loopShape[d]);
      const UfuncDesc &u = *trace.loop->ufunc;
      std::string types;
      for (std::uint32_t k = 0; k < u.operands(); ++k)
        types += fmt::format("{}{}", k == 0 ? "" : k == u.nin ? " -> " : ", ",
                             dtypeName(u.types[k]));
      std::printf("ufunc %s (%s): loop %s (%s), %s (%s)\n", name.c_str(), toString(u.kind),
                  trace.loop->name.c_str(), types.c_str(),
                  options.reduce ? "elements" : "loop shape",
                  (shape + (trace.loopShape.size() == 1 ? "," : "")).c_str());
    }
    for (const DispatchShape &d : trace.dispatches)
      std::printf("dispatch: %s workgroups of %s\n", formatSize(d.workgroupCount).c_str(),
                  formatSize(d.workgroupSize).c_str());
  }
  std::set<std::string> namedByOut;
  for (const auto &[outName, file] : outs) {
    const auto it = written.find(outName);
    if (it == written.end())
      continue; // a result the raising kernel left unwritten
    writeNpy(file, *it->second);
    namedByOut.insert(outName);
    if (options.verbose)
      std::printf("wrote %s\n", file.c_str());
  }
  for (const auto &[n, array] : toPrint)
    if (!namedByOut.count(n) && array->elementCount() == 1 && array->shape.empty()) {
      if (toPrint.size() == 1)
        std::printf("%s\n", formatResult(*array).c_str());
      else
        std::printf("%s = %s\n", n.c_str(), formatResult(*array).c_str());
    }
  if (raised) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", raised->what());
    return 1;
  }
  return 0;
}

} // namespace nvc::tools
