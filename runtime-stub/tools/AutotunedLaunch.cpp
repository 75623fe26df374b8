// nvc-run --autotune: see AutotunedLaunch.h.
#include "AutotunedLaunch.h"

#include <fmt/format.h>

#include <cstdio>
#include <deque>
#include <filesystem>

namespace nvc::tools {

using namespace nvc::rt;

DispatchShape autotunedLaunch(Device &device, Kernel &kernel, const Arguments &args,
                              const LaunchConfig &config, const std::string &moduleName) {
  const EntryPointDesc &entry = kernel.entryPoint();
  DeviceArguments deviceArgs;
  struct Copied {
    DeviceArray device;
    HostArray host;
    bool written; ///< the kernel may write it: copied back
  };
  std::deque<Copied> arrays;
  for (const ArgumentValue &value : args.values()) {
    if (!value.isArray()) {
      deviceArgs.scalar(value.name, std::get<ScalarValue>(value.value));
      continue;
    }
    const HostArray &host = std::get<HostArray>(value.value);
    const ArgumentDesc *desc = entry.findArgument(value.name);
    arrays.push_back({DeviceArray::fromHost(device, host, desc ? desc->deviceDType : host.dtype),
                      host, desc && desc->writes()});
    deviceArgs.array(value.name, arrays.back().device);
  }

  // Sizes to try: only a --grid launch keeps its meaning across workgroup sizes, and
  // only a kernel without shared memory is sure to give the same results.
  std::string why;
  if (config.mode != LaunchConfig::Mode::Grid)
    why = "--groups fixes the workgroup count, so the size changes the grid";
  else if (config.workgroupSize)
    why = "--local-size gives the size";
  else if (entry.sharedMemoryBytes || entry.dynamicSharedMemory)
    why = "the kernel uses shared memory, whose use may depend on the size";
  std::vector<std::array<std::uint32_t, 3>> sizes;
  if (why.empty()) {
    const std::size_t dims = config.count[2] > 1 ? 3 : config.count[1] > 1 ? 2 : 1;
    sizes = workgroupSizeCandidates(entry, device.limits(), dims);
  } else {
    sizes = {config.workgroupSize.value_or(entry.workgroupSize)};
  }
  std::vector<AutotuneCandidate> candidates;
  for (const auto &size : sizes)
    candidates.push_back({formatSize(size), [&, size](Stream &stream) {
                            kernel.launch(deviceArgs, config.withWorkgroupSize(size[0], size[1],
                                                                               size[2]),
                                          stream);
                          }});
  const std::string operation =
      fmt::format("{}:{}", std::filesystem::path(moduleName).filename().string(), entry.name);
  const std::string key = fmt::format("{};grid={},{},{}", autotuneKey(deviceArgs), config.count[0],
                                      config.count[1], config.count[2]);
  Autotuner tuner(device, operation);
  const AutotuneChoice &choice = tuner.run(key, candidates);
  device.synchronize();
  for (const Copied &a : arrays)
    if (a.written)
      a.device.copyToHost(a.host);

  std::printf("autotune %s, key %s%s\n", operation.c_str(), key.c_str(),
              choice.fromFile ? fmt::format(" (choice read from {})", tuner.path()).c_str()
              : tuner.path().empty() ? " (not kept: NVC_AUTOTUNE_CACHE=0 or no cache directory)"
                                     : fmt::format(" (kept in {})", tuner.path()).c_str());
  if (!why.empty())
    std::printf("  one candidate only: %s\n", why.c_str());
  std::printf("  %-16s %s\n", "workgroup size",
              choice.deviceTimed ? "median gpu ms" : "median host ms");
  for (const auto &[name, ms] : choice.timingsMs)
    std::printf("  %-16s %.6f%s\n", name.c_str(), ms, name == choice.choice ? "  <- chosen" : "");
  for (const auto &size : sizes)
    if (formatSize(size) == choice.choice)
      return planDispatch(config.withWorkgroupSize(size[0], size[1], size[2]), entry.workgroupSize,
                          device.limits(), entry.indexBits, entry.coarsen, entry.coarsenY);
  return planDispatch(config, entry.workgroupSize, device.limits(), entry.indexBits, entry.coarsen, entry.coarsenY);
}

} // namespace nvc::tools
