// nvc-run: the command-line launcher of the nvc runtime stub. It loads a module
// compiled by nvc (kernel.spv and its manifest kernel.json), binds the arguments given
// as NAME=VALUE (scalar literals or @FILE.npy arrays), launches one entry point over a
// grid or a number of workgroups on a chosen Vulkan device, and writes the arrays
// named by --out to .npy files afterwards. Every user mistake ends with one
// "nvc-run: error: …" line on stderr and exit status 1; success prints nothing unless
// --verbose, but what the kernel prints (on stdout). An exception the kernel raises is
// reported on stderr in two lines (docs/language.md "Errors") after the outputs are
// written, with exit status 1. --ufunc NAME and --reduce NAME call a ufunc of the
// module instead (UfuncRun.h).
#include "AutotunedLaunch.h"
#include "TimedLaunch.h"
#include "UfuncRun.h"
#include "nvc/Runtime.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <map>
#include <sstream>

#ifndef NVC_VERSION
#define NVC_VERSION "0.0.0"
#endif

namespace {

using namespace nvc::rt;

/// --time N, --warmup W, --time-json FILE (see TimedLaunch.h).
nvc::tools::TimingOptions timing;
/// --autotune (see AutotunedLaunch.h).
bool autotuneFlag = false;

/// A user mistake in the command line itself (as opposed to one the runtime finds).
struct UsageError : Error {
  using Error::Error;
};

/// Parses "X[,Y[,Z]]" into three components (missing ones are 1).
std::array<std::uint64_t, 3> parseSize(const std::string &text, const char *option,
                                       std::uint64_t max) {
  std::array<std::uint64_t, 3> size{1, 1, 1};
  std::size_t start = 0, axis = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string part =
        text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (axis >= 3 || part.empty() || part.find_first_not_of("0123456789") != std::string::npos ||
        part.size() > 19 || std::stoull(part) > max)
      throw UsageError(fmt::format("{} expects 1 to 3 comma-separated integers between 0 and {} "
                                   "(X[,Y[,Z]]), got '{}'",
                                   option, max, text));
    size[axis++] = std::stoull(part);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return size;
}

/// Parses a scalar literal: true/false, a decimal or 0x integer, a floating-point
/// number (including inf and nan), or a complex number as Python writes it (1.5+2j,
/// (1.5-2j), 3j).
ScalarValue parseScalar(const std::string &name, const std::string &text) {
  if (text == "true" || text == "True")
    return true;
  if (text == "false" || text == "False")
    return false;
  if (!text.empty() && (text.back() == 'j' || text.back() == 'J' || text.front() == '(')) {
    std::optional<std::complex<double>> z;
    try {
      z = parseComplexLiteral(text);
    } catch (const Error &e) {
      throw UsageError(fmt::format("argument '{}': {}", name, e.what()));
    }
    if (!z)
      throw UsageError(fmt::format("argument '{}': cannot read '{}' as a complex number "
                                   "(expected a form such as 1.5+2j, (1.5-2j) or 3j)",
                                   name, text));
    return *z;
  }
  const char *s = text.c_str();
  char *end = nullptr;
  if (!text.empty() && text.find_first_of(".eEnNiI") == std::string::npos) {
    errno = 0;
    if (text[0] == '-') {
      const long long v = std::strtoll(s, &end, 0);
      if (*end == 0 && errno == 0)
        return static_cast<std::int64_t>(v);
    } else {
      const unsigned long long v = std::strtoull(s, &end, 0);
      if (*end == 0 && errno == 0) {
        if (v <= static_cast<unsigned long long>(INT64_MAX))
          return static_cast<std::int64_t>(v);
        return static_cast<std::uint64_t>(v);
      }
    }
    if (*end == 0 && errno == ERANGE)
      throw UsageError(
          fmt::format("argument '{}': the integer {} does not fit in 64 bits", name, text));
  }
  if (!text.empty() && text.find_first_of("xX") == std::string::npos) {
    errno = 0;
    const double d = std::strtod(s, &end);
    if (*end == 0) {
      if (errno == ERANGE && std::isinf(d))
        throw UsageError(
            fmt::format("argument '{}': the number {} is out of the float64 range", name, text));
      return d;
    }
  }
  throw UsageError(fmt::format("argument '{}': cannot read '{}' as a value (expected a number, "
                               "true/false or @FILE.npy)",
                               name, text));
}

std::pair<std::string, std::string> splitAssignment(const std::string &text, const char *what) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError(fmt::format("{} must look like NAME=VALUE, got '{}'", what, text));
  return {text.substr(0, eq), text.substr(eq + 1)};
}

/// The natural dtype of a scalar literal as nvc-run reads it, as Numba types a
/// Python value: an integer int64 (uint64 beyond INT64_MAX), a float float64,
/// a complex complex128, true/false bool.
DType literalDType(const ScalarValue &value) {
  switch (value.index()) {
  case 0:
    return DType::Bool;
  case 1:
    return DType::Int64;
  case 2:
    return DType::UInt64;
  case 3:
    return DType::Float64;
  default:
    return DType::Complex128;
  }
}

/// `name(a: float32[:, :], n: int64)`: an entry point's signature for messages (an
/// array of records: `p: Record{x: float32 at 0; 4 bytes}[:]`).
std::string describeSignature(const EntryPointDesc &entry) {
  std::string params;
  for (const ArgumentDesc &a : entry.arguments) {
    std::string type(dtypeName(a.dtype));
    if (a.record)
      type = "Record" + describeRecord(*a.record);
    if (a.kind == ArgumentKind::Array && (!a.record || a.record->ndim > 0)) {
      std::string axes;
      for (std::uint32_t d = 0; d < (a.record ? a.record->ndim : a.ndim); ++d)
        axes += d ? ", :" : ":";
      type += "[" + axes + "]";
    }
    params += fmt::format("{}{}: {}", params.empty() ? "" : ", ", a.name, type);
  }
  return fmt::format("{}({})", entry.name, params);
}

/// The entry point to launch. With `name` given, that one; otherwise the only
/// one, or, for a module of several (a kernel with several signatures: f,
/// f__1, …), the one that takes the arguments as Numba's dispatcher would
/// pick an overload: among the entry points that accept them (arrays of the
/// declared dtype and ndim, scalars that fit their dtype: BoundArguments), the
/// one with the most scalars of their literal's own dtype (literalDType).
/// Throws UsageError naming --entry and each entry point's signature when none
/// or several remain.
/// An array argument given as `NAME=zeros:SHAPE` or `NAME=like:OTHER`: created
/// by nvc-run, zero-filled, with the dtype the entry point's manifest gives the
/// argument and the shape SHAPE (`1000`, `64,3`) or that of array OTHER.
struct CreatedArray {
  std::string name;
  std::vector<std::int64_t> shape; ///< empty with `like`
  std::string like;
};

CreatedArray parseCreatedArray(const std::string &name, const std::string &value) {
  CreatedArray c;
  c.name = name;
  if (value.rfind("like:", 0) == 0) {
    c.like = value.substr(5);
    if (c.like.empty())
      throw UsageError(fmt::format("argument '{}': like: needs an array argument's name", name));
    return c;
  }
  std::stringstream ss(value.substr(6));
  std::string part;
  while (std::getline(ss, part, ',')) {
    char *end = nullptr;
    errno = 0;
    const long long v = std::strtoll(part.c_str(), &end, 10);
    if (part.empty() || *end != 0 || errno == ERANGE || v < 0 || v > (1ll << 40))
      throw UsageError(fmt::format("argument '{}': cannot read '{}' as a shape (expected "
                                   "zeros:N or zeros:N,M,... with non-negative extents)",
                                   name, value));
    c.shape.push_back(v);
  }
  if (c.shape.empty())
    throw UsageError(fmt::format("argument '{}': zeros: needs a shape (zeros:N or zeros:N,M)", name));
  return c;
}

/// `NAME=xoroshiro128p:N:SEED[:SUBSEQUENCE]`: numba.cuda.random's states for N
/// generators, as create_xoroshiro128p_states(N, seed=SEED, subsequence_start=...)
/// makes them (nvc/Random.h), as an array of records.
NpyArray randomStates(const std::string &name, const std::string &value) {
  std::vector<std::uint64_t> parts;
  std::stringstream ss(value.substr(std::string("xoroshiro128p:").size()));
  std::string part;
  while (std::getline(ss, part, ':')) {
    char *end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(part.c_str(), &end, 0);
    if (part.empty() || part[0] == '-' || *end != 0 || errno == ERANGE)
      parts.clear(), parts.push_back(~0ull), parts.push_back(0), parts.push_back(0),
          parts.push_back(0); // reported below
    else
      parts.push_back(v);
  }
  if (parts.size() < 2 || parts.size() > 3 || parts[0] > (1ull << 32))
    throw UsageError(fmt::format("argument '{}': cannot read '{}' (expected "
                                 "xoroshiro128p:N:SEED or xoroshiro128p:N:SEED:SUBSEQUENCE, "
                                 "N at most 2^32, SEED and SUBSEQUENCE unsigned 64-bit integers)",
                                 name, value));
  std::vector<Xoroshiro128pState> states =
      createXoroshiro128pStates(parts[0], parts[1], parts.size() > 2 ? parts[2] : 0);
  NpyArray a;
  a.dtype = DType::UInt8;
  a.shape = {static_cast<std::int64_t>(states.size()), 16};
  a.record = xoroshiro128pRecord();
  const auto *bytes = reinterpret_cast<const unsigned char *>(states.data());
  a.bytes.assign(bytes, bytes + states.size() * sizeof(Xoroshiro128pState));
  return a;
}

/// The shape an array stands for: an array of records' without the dimension of
/// its bytes.
std::vector<std::int64_t> logicalShape(const NpyArray &a) {
  if (!a.record)
    return a.shape;
  return std::vector<std::int64_t>(a.shape.begin(), a.shape.end() - 1);
}

/// "(10,)", "(2, 3)", "()".
std::string shapeOf(const std::vector<std::int64_t> &shape) {
  std::string text;
  for (std::size_t i = 0; i < shape.size(); ++i)
    text += fmt::format("{}{}", i ? ", " : "", shape[i]);
  return "(" + text + (shape.size() == 1 ? ",)" : ")");
}

std::string dimensionsText(std::size_t n) {
  return fmt::format("{} dimension{}", n, n == 1 ? "" : "s");
}

/// The arrays of records among `entry`'s arguments (docs/manifest.md "Arrays of
/// records"): each must be given as a structured .npy file (@FILE.npy, in `given`,
/// read from `files`) whose fields are the manifest's, or be created (zeros:, like:);
/// a structured file is no other argument's. Throws UsageError otherwise.
void checkRecordArguments(const EntryPointDesc &entry, const Arguments &args,
                          const std::map<std::string, NpyArray *> &given,
                          const std::map<std::string, std::string> &files) {
  for (const ArgumentValue &v : args.values()) {
    const ArgumentDesc *desc = entry.findArgument(v.name);
    if (!desc)
      continue; // BoundArguments names it
    const auto it = given.find(v.name);
    const NpyArray *array = it == given.end() ? nullptr : it->second;
    const std::string file = array ? files.at(v.name) : "";
    if (!desc->record) {
      if (array && array->record && desc->kind == ArgumentKind::Array)
        throw UsageError(fmt::format("argument '{}': {} holds an array of records {}, but the "
                                     "kernel takes a {}-d {} array",
                                     v.name, file, describeRecord(*array->record), desc->ndim,
                                     dtypeName(desc->dtype)));
      continue;
    }
    const RecordDesc &want = *desc->record;
    const std::string wanted =
        want.ndim == 0 ? "a record" : fmt::format("a {}-d array of records", want.ndim);
    if (!array)
      throw UsageError(fmt::format("argument '{}': the kernel takes {} {}: pass it as @FILE.npy "
                                   "(a NumPy structured array of that dtype), zeros:SHAPE or "
                                   "like:OTHER",
                                   v.name, wanted, describeRecord(want)));
    if (!array->record)
      throw UsageError(fmt::format("argument '{}': the kernel takes {} {}, but {} holds a {} "
                                   "array of shape {} (save the NumPy structured array itself)",
                                   v.name, wanted, describeRecord(want), file,
                                   dtypeName(array->dtype), shapeOf(array->shape)));
    if (!sameRecordLayout(*array->record, want))
      throw UsageError(fmt::format("argument '{}': the records of {} are {}, the kernel's are {} "
                                   "(names, dtypes, offsets, shapes and itemsize must agree)",
                                   v.name, file, describeRecord(*array->record),
                                   describeRecord(want)));
    if (array->record->ndim != want.ndim)
      throw UsageError(fmt::format("argument '{}': {} holds an array of records of shape {}, the "
                                   "kernel takes {}",
                                   v.name, file, shapeOf(logicalShape(*array)), wanted));
  }
}

/// `args` plus the created arrays, as `entry` types them (zero-filled arrays
/// kept in `storage`; for an array of records, the bytes of zeroed records of
/// that shape). Throws UsageError for an argument `entry` lacks or that is a
/// scalar there, for a `like:` naming no array, and for a record array's
/// shape of another number of dimensions.
Arguments withCreatedArrays(const Arguments &args, const std::vector<CreatedArray> &created,
                            const std::map<std::string, NpyArray *> &given,
                            const EntryPointDesc &entry, std::deque<NpyArray> &storage) {
  Arguments all = args;
  for (const CreatedArray &c : created) {
    const ArgumentDesc *desc = entry.findArgument(c.name);
    if (!desc || desc->kind != ArgumentKind::Array)
      throw UsageError(fmt::format("argument '{}': entry point '{}' has no array argument '{}'",
                                   c.name, entry.name, c.name));
    NpyArray a;
    a.dtype = desc->dtype;
    if (!c.like.empty()) {
      const auto it = given.find(c.like);
      if (it == given.end())
        throw UsageError(fmt::format("argument '{}': like:{} names no array given as @FILE.npy",
                                     c.name, c.like));
      a.shape = logicalShape(*it->second);
    } else {
      a.shape = c.shape;
    }
    if (desc->record) {
      if (a.shape.size() != desc->record->ndim)
        throw UsageError(fmt::format("argument '{}': the kernel takes a {}-d array of records, "
                                     "the shape {} has {}",
                                     c.name, desc->record->ndim, shapeOf(a.shape),
                                     dimensionsText(a.shape.size())));
      a.record = *desc->record;
      a.shape.push_back(static_cast<std::int64_t>(desc->record->itemsize));
    }
    // Each extent is at most 2^40 (parseCreatedArray); refuse a product that
    // no host memory holds before allocating it.
    long double bytes = static_cast<long double>(dtypeSize(a.dtype));
    for (std::int64_t e : a.shape)
      bytes *= static_cast<long double>(e);
    if (bytes > static_cast<long double>(std::uint64_t{1} << 36))
      throw UsageError(fmt::format("argument '{}': a zero-filled array of {} bytes is more than "
                                   "nvc-run creates (64 GiB)",
                                   c.name, static_cast<double>(bytes)));
    a.bytes.assign(static_cast<std::size_t>(a.elementCount()) * dtypeSize(a.dtype), 0);
    storage.push_back(std::move(a));
    all.array(c.name, storage.back().view());
  }
  return all;
}

const EntryPointDesc &chooseEntryPoint(const Manifest &manifest, const std::string &name,
                                       const Arguments &args,
                                       const std::vector<CreatedArray> &created,
                                       const std::map<std::string, NpyArray *> &given,
                                       const std::map<std::string, std::string> &files) {
  if (!name.empty() || manifest.entryPoints.size() == 1)
    return manifest.entryPoint(name);
  std::vector<const EntryPointDesc *> best;
  int bestScore = -1;
  for (const EntryPointDesc &entry : manifest.entryPoints) {
    try {
      checkRecordArguments(entry, args, given, files);
      std::deque<NpyArray> storage;
      (void)BoundArguments::bind(entry, withCreatedArrays(args, created, given, entry, storage));
    } catch (const Error &) { // UsageError too: the entry lacks a created array
      continue;
    }
    int score = 0;
    for (const ArgumentValue &v : args.values())
      if (!v.isArray())
        if (const ArgumentDesc *desc = entry.findArgument(v.name))
          score += desc->dtype == literalDType(std::get<ScalarValue>(v.value));
    if (score > bestScore)
      best.clear(), bestScore = score;
    if (score == bestScore)
      best.push_back(&entry);
  }
  if (best.size() == 1)
    return *best.front();
  std::string list; // one line, as every nvc-run error
  for (const EntryPointDesc &entry : manifest.entryPoints)
    list += (list.empty() ? " " : "; ") + describeSignature(entry);
  throw UsageError(fmt::format(
      "the module has {} entry points and {} of them accept{} these arguments; choose one with "
      "--entry NAME:{}",
      manifest.entryPoints.size(), best.empty() ? "none" : fmt::format("{}", best.size()),
      best.empty() ? "s" : "", list));
}

int run(const std::string &spirvPath, const std::string &manifestPath, const std::string &entryName,
        const std::string &grid, const std::string &groups, const std::string &localSize,
        const std::string &deviceSelector, std::uint32_t sharedBytes, bool verbose,
        std::uint32_t printWords, const std::vector<std::string> &assignments,
        const std::vector<std::string> &outs) {
  if (spirvPath.empty())
    throw UsageError("missing the SPIR-V module (nvc-run OUT.spv …); see --help");
  if (grid.empty() == groups.empty())
    throw UsageError("give exactly one of --grid and --groups");

  LaunchConfig config;
  if (!grid.empty()) {
    const auto g = parseSize(grid, "--grid", UINT64_MAX / 2);
    config = LaunchConfig::grid(g[0], g[1], g[2]);
  } else {
    const auto g = parseSize(groups, "--groups", UINT32_MAX);
    config = LaunchConfig::groups(g[0], g[1], g[2]);
  }
  if (!localSize.empty()) {
    const auto l = parseSize(localSize, "--local-size", UINT32_MAX);
    config =
        config.withWorkgroupSize(static_cast<std::uint32_t>(l[0]), static_cast<std::uint32_t>(l[1]),
                                 static_cast<std::uint32_t>(l[2]));
  }
  config = config.withSharedMemoryBytes(sharedBytes);

  // Everything that can be checked without a device comes first.
  (void)readSpirv(spirvPath); // a missing or malformed .spv is reported before the device opens
  const Manifest manifest =
      Manifest::load(manifestPath.empty() ? defaultManifestPath(spirvPath) : manifestPath);
  Arguments args;
  std::deque<NpyArray> arrays; // stable addresses for the views in `args`
  std::map<std::string, NpyArray *> arrayByName;
  std::map<std::string, std::string> fileByName;
  std::vector<CreatedArray> created;
  for (const std::string &assignment : assignments) {
    const auto [name, value] = splitAssignment(assignment, "an argument");
    if (value[0] == '@') {
      arrays.push_back(readNpy(value.substr(1)));
      args.array(name, arrays.back().view());
      arrayByName[name] = &arrays.back();
      fileByName[name] = value.substr(1);
    } else if (value.rfind("xoroshiro128p:", 0) == 0) {
      arrays.push_back(randomStates(name, value));
      args.array(name, arrays.back().view());
      arrayByName[name] = &arrays.back();
      fileByName[name] = value;
    } else if (value.rfind("zeros:", 0) == 0 || value.rfind("like:", 0) == 0) {
      created.push_back(parseCreatedArray(name, value));
    } else {
      args.scalar(name, parseScalar(name, value));
    }
  }
  const EntryPointDesc &entry =
      chooseEntryPoint(manifest, entryName, args, created, arrayByName, fileByName);
  checkRecordArguments(entry, args, arrayByName, fileByName);
  const std::size_t fromFiles = arrays.size();
  args = withCreatedArrays(args, created, arrayByName, entry, arrays);
  for (std::size_t i = 0; i < created.size(); ++i)
    arrayByName[created[i].name] = &arrays[fromFiles + i];
  std::vector<std::pair<NpyArray *, std::string>> outputs;
  for (const std::string &out : outs) {
    const auto [name, file] = splitAssignment(out, "--out");
    const ArgumentDesc *desc = entry.findArgument(name);
    if (!desc)
      throw UsageError(
          fmt::format("--out {}: entry point '{}' has no argument '{}'", out, entry.name, name));
    if (desc->kind != ArgumentKind::Array)
      throw UsageError(fmt::format("--out {}: '{}' is a scalar, not an array", out, name));
    const auto it = arrayByName.find(name);
    if (it == arrayByName.end())
      throw UsageError(fmt::format("--out {}: pass the array as {}=@FILE.npy, {}=zeros:SHAPE "
                                   "or {}=like:OTHER", out, name, name, name));
    outputs.emplace_back(it->second, file);
  }
  (void)BoundArguments::bind(entry, args); // argument errors before opening a device

  Device device(deviceSelector);
  if (printWords)
    device.setPrintBufferWords(printWords);
  // From the files, so that the runtime picks the module's variant for the device.
  Module module(device, spirvPath, manifestPath);
  Kernel kernel = module.kernel(entry.name);
  LaunchResult result;
  // An exception the kernel raised is reported after the outputs are written:
  // the invocations that did not raise ran to completion (docs/language.md
  // "Errors").
  std::optional<KernelError> raised;
  try {
    if (timing.repeats)
      result.dispatch =
          nvc::tools::timedLaunch(device, kernel, args, config, timing, module.spirvPath());
    else if (autotuneFlag)
      result.dispatch =
          nvc::tools::autotunedLaunch(device, kernel, args, config, spirvPath);
    else
      result = kernel.launch(args, config);
  } catch (const KernelError &e) {
    raised = e;
    result.dispatch = planDispatch(config, entry.workgroupSize, device.limits(), entry.indexBits,
                                   entry.coarsen, entry.coarsenY);
  }
  if (verbose) {
    const DeviceInfo &info = device.info();
    std::printf("device: %s (%s, Vulkan %s)\n", info.name.c_str(), toString(info.type),
                info.apiVersionString().c_str());
    std::printf("module: %s\n", module.spirvPath().c_str());
    // Why each variant was or was not loaded (Module takes the first the
    // device can run, unless NVC_NO_VARIANTS is set).
    for (const VariantDesc &v : module.manifest().variants) {
      const std::vector<std::string> missing =
          missingFeatures({v.spirvVersion, v.capabilities, v.extensions,
                           module.manifest().targetEnv},
                          device.features());
      std::string why;
      for (const std::string &m : missing)
        why += (why.empty() ? "" : "; ") + m;
      std::printf("variant %s: %s\n", v.name.c_str(),
                  missing.empty() ? "the device can run it" : ("not runnable: " + why).c_str());
    }
    std::printf("entry point: %s\n", entry.name.c_str());
    std::printf("workgroups (groups): %s\n", formatSize(result.dispatch.workgroupCount).c_str());
    std::printf("workgroup size (local size): %s\n",
                formatSize(result.dispatch.workgroupSize).c_str());
    std::printf("dynamic shared memory: %u bytes%s\n", config.sharedMemoryBytes,
                entry.dynamicSharedMemory ? "" : " (the entry point has no dynamic shared array)");
    if (entry.gridSync) {
      // One dispatch per phase of a grid-synchronising kernel (docs/manifest.md "Grid
      // synchronisation").
      const GridSyncPlan plan = planGridSync(entry, BoundArguments::bind(entry, args),
                                             result.dispatch, device.limits());
      // A dynamic schedule (dispatches null): the dispatches the launch ran.
      const std::string count =
          !plan.dynamic ? std::to_string(plan.dispatches)
          : timing.repeats || autotuneFlag || raised
              ? std::string("not counted (--time, --autotune or an exception)")
              : std::to_string(result.dispatches);
      const std::string schedule =
          entry.gridSync->dispatches
              ? formatGridSyncExpr(*entry.gridSync->dispatches)
              : std::string("null, dispatched in batches until no invocation waits");
      std::printf("dispatches: %s (grid_sync: %s; %u word%s of state per invocation, %llu "
                  "invocations)\n",
                  count.c_str(), schedule.c_str(),
                  entry.gridSync->wordsPerInvocation,
                  entry.gridSync->wordsPerInvocation == 1 ? "" : "s",
                  static_cast<unsigned long long>(plan.invocations));
    }
    const PipelineCacheStatus cache = device.pipelineCache();
    if (cache.path.empty())
      std::printf("pipeline cache: off (NVC_PIPELINE_CACHE=0 or no cache directory)\n");
    else
      std::printf("pipeline cache: %s (%zu bytes loaded); pipelines created: %u, %s\n",
                  cache.path.c_str(), cache.loadedBytes, cache.pipelinesCreated,
                  cache.hitsReported
                      ? fmt::format("found in the cache: {}", cache.cacheHits).c_str()
                      : "the driver does not report cache hits");
  }
  for (auto &[array, file] : outputs) {
    writeNpy(file, *array);
    if (verbose)
      std::printf("wrote %s\n", file.c_str());
  }
  if (raised) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", raised->what());
    return 1;
  }
  return 0;
}

/// nvc-run --ufunc NAME / --reduce NAME (UfuncRun.h): the NAME=VALUE arguments read as
/// @FILE.npy arrays or scalar literals, then the call. `conflicting` names the kernel
/// launch options given, which a ufunc call does not take.
int runUfuncCommand(nvc::tools::UfuncRunOptions options,
                    const std::vector<std::string> &assignments,
                    const std::vector<std::string> &outs, const std::string &conflicting) {
  const char *option = options.reduce ? "--reduce" : "--ufunc";
  // CLI11 takes the first positional word as the module: "nvc-run --ufunc f x=1 ..."
  // without one puts an argument there.
  if (options.spirvPath.empty() || (options.spirvPath.find('=') != std::string::npos &&
                                    !std::ifstream(options.spirvPath)))
    throw UsageError(fmt::format("missing the SPIR-V module (nvc-run OUT.spv {} NAME …){}; see "
                                 "--help",
                                 option,
                                 options.spirvPath.empty()
                                     ? ""
                                     : fmt::format(": '{}' is an argument", options.spirvPath)));
  if (!conflicting.empty())
    throw UsageError(fmt::format("{} calls a ufunc, whose dispatch follows from its operands: "
                                 "{} do{} not apply",
                                 option, conflicting,
                                 conflicting.find(',') == std::string::npos ? "es" : ""));
  std::vector<nvc::tools::UfuncArgument> args;
  for (const std::string &assignment : assignments) {
    const auto [name, value] = splitAssignment(assignment, "an argument");
    nvc::tools::UfuncArgument a;
    a.name = name;
    if (value[0] == '@') {
      a.file = value.substr(1);
      a.array = readNpy(a.file);
    } else if (value.rfind("zeros:", 0) == 0 || value.rfind("like:", 0) == 0 ||
               value.rfind("xoroshiro128p:", 0) == 0) {
      throw UsageError(fmt::format("argument '{}': {} takes @FILE.npy or a scalar literal, not "
                                   "'{}' (outputs it is not given are allocated: write them "
                                   "with --out {}=FILE.npy)",
                                   name, option, value, name));
    } else {
      a.scalar = parseScalar(name, value);
    }
    args.push_back(std::move(a));
  }
  std::vector<std::pair<std::string, std::string>> outFiles;
  for (const std::string &out : outs)
    outFiles.push_back(splitAssignment(out, "--out"));
  return nvc::tools::runUfunc(options, std::move(args), outFiles);
}

int listDevicesCommand() {
  const std::vector<DeviceInfo> devices = listDevices();
  if (devices.empty())
    throw Error("no Vulkan device found (the driver reports no physical device)");
  const std::size_t chosen = defaultDeviceIndex(devices);
  for (const DeviceInfo &d : devices)
    std::printf("%u: %s (%s, Vulkan %s)%s\n", d.index, d.name.c_str(), toString(d.type),
                d.apiVersionString().c_str(), d.index == chosen ? " [default]" : "");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Launch a kernel compiled by nvc (OUT.spv and its manifest OUT.json) on a Vulkan "
               "device, or call one of its ufuncs (--ufunc, --reduce).\nArguments are NAME=VALUE, VALUE being a scalar literal (2.0, -3, true, "
               "false, 1.5+2j), @FILE.npy, or zeros:SHAPE / like:OTHER for a zero-filled array "
               "of the argument's dtype (an output: write it with --out NAME=FILE.npy). An "
               "array of records (a structured dtype) is @FILE.npy of a NumPy structured array "
               "with the manifest's fields, or zeros:SHAPE / like:OTHER of zeroed records; "
               "--out writes it as that structured dtype. xoroshiro128p:N:SEED[:SUBSEQUENCE] "
               "gives numba.cuda.random's states for N generators, as "
               "create_xoroshiro128p_states(N, SEED, SUBSEQUENCE) makes them.",
               "nvc-run"};
  std::string spirvPath, manifestPath, entryName, grid, groups, localSize, deviceSelector;
  std::uint32_t sharedBytes = 0, printWords = 0;
  std::vector<std::string> assignments, outs;
  bool listDevicesFlag = false, verbose = false;
  app.add_option("module", spirvPath, "SPIR-V module written by nvc (OUT.spv)");
  app.add_option("arguments", assignments,
                 "kernel arguments (ufunc operands with --ufunc, --reduce) NAME=VALUE: a "
                 "scalar literal (2.0, -3, true, 1.5-2j), "
                 "@FILE.npy (structured for an array of records), zeros:N[,M...] or like:OTHER "
                 "(zero-filled, the argument's dtype, that shape or OTHER's)");
  app.add_option("--manifest", manifestPath, "binding manifest (default: OUT.json)");
  app.add_option("--entry", entryName,
                 "entry point to launch (default: the only one, or the one of a kernel's "
                 "signatures that takes the arguments' dtypes)");
  app.add_option("--grid", grid, "invocations per axis X[,Y[,Z]], rounded up to whole workgroups");
  app.add_option("--groups", groups, "workgroups per axis X[,Y[,Z]]");
  app.add_option("--local-size", localSize,
                 "workgroup size X[,Y[,Z]] (default: the manifest's workgroup_size)");
  app.add_option("--shared-bytes", sharedBytes,
                 "bytes of dynamic shared memory per workgroup, numba-cuda's 4th launch "
                 "parameter: cuda.shared.array(0, dtype) has bytes // itemsize elements "
                 "(default 0)")
      ->check(CLI::Range(0u, 2147483647u));
  app.add_option("--device", deviceSelector,
                 "device by index or case-insensitive name substring (default: first discrete "
                 "GPU, then integrated, virtual, CPU)");
  app.add_flag("--list-devices", listDevicesFlag, "list the Vulkan devices and exit");
  app.add_option("--print-words", printWords,
                 "size of the buffer kernels print into, in 32-bit words with its 4-word header "
                 "(default: NUMBA_VULKAN_PRINT_WORDS, else 262144); records beyond it are "
                 "dropped with a warning")
      ->check(CLI::Range(5u, 4294967295u));
  app.add_option("--out", outs, "after the run, write array NAME to FILE.npy (repeatable)")
      ->type_name("NAME=FILE.npy")
      ->allow_extra_args(false); // one NAME=FILE per --out; later words are arguments
  app.add_flag("-v,--verbose", verbose,
               "print the device, the module loaded (and whether the device can run each "
               "variant), workgroup count and size");
  app.add_option("--time", timing.repeats,
                 "run on device-resident buffers: warm-up runs, then N runs timed with Vulkan "
                 "timestamps; print the median GPU time and the host upload/download times")
      ->check(CLI::Range(1u, 100000u));
  app.add_option("--warmup", timing.warmup, "untimed runs before the timed ones (default 1)")
      ->check(CLI::Range(0u, 100000u));
  app.add_flag("--autotune", autotuneFlag,
               "choose the workgroup size by measurement on device-resident arrays (32 ... 1024 "
               "invocations, 2-d and 3-d shapes for 2-d and 3-d grids), print the candidates' "
               "median times, keep the choice per device and driver in autotune.json in the "
               "cache directory (NVC_CACHE_DIR; NVC_AUTOTUNE_CACHE=0: not kept), and write "
               "the chosen size's results");
  app.add_option("--time-json", timing.jsonPath, "with --time: also write the timings to FILE")
      ->type_name("FILE");
  std::string ufuncName, reduceName;
  app.add_option("--ufunc", ufuncName,
                 "call ufunc NAME (a @vectorize or @guvectorize function, docs/manifest.md "
                 "\"Ufuncs\") instead of launching a kernel: its operands by the function's "
                 "parameter names, inputs as @FILE.npy or scalar literals (broadcast as NumPy "
                 "does), outputs optionally as @FILE.npy (written in their layout; otherwise "
                 "allocated: a vectorize's is 'out'); --out NAME=FILE.npy writes an operand, "
                 "and a 0-d result without --out is printed")
      ->type_name("NAME");
  app.add_option("--reduce", reduceName,
                 "reduce with ufunc NAME (the .reduce of a vectorize, axis=None, or a "
                 "@cuda.reduce function): array=@FILE.npy, optionally init=VALUE, and for "
                 "@cuda.reduce size=N (reduce array[:N]) and res=@FILE.npy (the result written "
                 "into res[0]); --out out=FILE.npy writes the 0-d result, which is printed "
                 "otherwise")
      ->type_name("NAME");
  app.set_version_flag("--version", std::string("nvc-run ") + NVC_VERSION);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success &e) {
    return app.exit(e); // --help, --version
  } catch (const CLI::ParseError &e) {
    std::fprintf(stderr, "nvc-run: error: %s\nRun 'nvc-run --help' for usage.\n", e.what());
    return 1;
  }
  try {
    if (listDevicesFlag)
      return listDevicesCommand();
    if (!ufuncName.empty() && !reduceName.empty())
      throw UsageError("give one of --ufunc and --reduce");
    if (!ufuncName.empty() || !reduceName.empty()) {
      std::string conflicting;
      auto conflict = [&](bool given, const char *what) {
        if (given)
          conflicting += (conflicting.empty() ? "" : ", ") + std::string(what);
      };
      conflict(!grid.empty(), "--grid");
      conflict(!groups.empty(), "--groups");
      conflict(!localSize.empty(), "--local-size");
      conflict(!entryName.empty(), "--entry");
      conflict(sharedBytes != 0, "--shared-bytes");
      conflict(timing.repeats != 0 || !timing.jsonPath.empty(), "--time");
      conflict(autotuneFlag, "--autotune");
      nvc::tools::UfuncRunOptions options;
      options.spirvPath = spirvPath;
      options.manifestPath = manifestPath;
      options.deviceSelector = deviceSelector;
      options.ufunc = ufuncName.empty() ? reduceName : ufuncName;
      options.reduce = !reduceName.empty();
      options.verbose = verbose;
      options.printWords = printWords;
      return runUfuncCommand(options, assignments, outs, conflicting);
    }
    return run(spirvPath, manifestPath, entryName, grid, groups, localSize, deviceSelector,
               sharedBytes, verbose, printWords, assignments, outs);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "nvc-run: error: %s\n", e.what());
    return 1;
  } catch (...) {
    std::fprintf(stderr, "nvc-run: error: unexpected failure\n");
    return 1;
  }
}
