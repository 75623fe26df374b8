// nvc-run --time / --time-json: see TimedLaunch.h.
#include "TimedLaunch.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace nvc::tools {

using namespace nvc::rt;

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20)
      out += fmt::format("\\u{:04x}", c);
    else
      out += c;
  }
  return out + "\"";
}

std::string jsonList(const std::vector<double> &v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i)
    s += fmt::format("{}{:.6f}", i ? ", " : "", v[i]);
  return s + "]";
}

} // namespace

DispatchShape timedLaunch(Device &device, Kernel &kernel, const Arguments &args,
                          const LaunchConfig &config, const TimingOptions &opt,
                          const std::string &moduleName) {
  const EntryPointDesc &entry = kernel.entryPoint();
  if (entry.gridSync && !entry.gridSync->dispatches)
    throw Error(fmt::format("--time: kernel '{}' synchronises its grid a number of times known "
                            "only as it runs (grid_sync.dispatches is null), which a timed "
                            "launch (a Chain, recorded ahead) cannot run; run it without --time",
                            entry.name));
  const BoundArguments bound = BoundArguments::bind(entry, args);
  const DispatchShape shape = planDispatch(config, entry.workgroupSize, device.limits(),
                                           entry.indexBits, entry.coarsen, entry.coarsenY);
  checkWorkgroupSize(shape, entry);

  // Upload: convert each array to its device image on the host, then copy it into a
  // device-local buffer (only the copies are timed).
  std::vector<DeviceBuffer> buffers;
  std::uint64_t uploadBytes = 0, downloadBytes = 0;
  double uploadMs = 0;
  for (const BoundArray &a : bound.arrays()) {
    std::vector<unsigned char> image(a.bufferSize, 0);
    a.upload(image.data());
    buffers.emplace_back(device, a.bufferSize);
    const auto start = std::chrono::steady_clock::now();
    buffers.back().upload(image.data(), image.size());
    uploadMs += msSince(start);
    uploadBytes += a.bufferSize;
  }

  Chain chain(device);
  chain.launchBound(kernel, bound, buffers, config, entry.name);
  const ChainTiming t = chain.run(opt.repeats, opt.warmup);

  double downloadMs = 0;
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const BoundArray &a = bound.arrays()[i];
    if (!a.desc->writes())
      continue;
    std::vector<unsigned char> image(a.bufferSize);
    const auto start = std::chrono::steady_clock::now();
    buffers[i].download(image.data(), image.size());
    downloadMs += msSince(start);
    downloadBytes += a.bufferSize;
    a.download(image.data());
  }

  const bool timed = t.support.supported();
  const std::vector<double> samples = timed ? t.stepMs[0] : std::vector<double>{};
  const double med = timed ? median(samples) : 0;
  const double lo = timed ? *std::min_element(samples.begin(), samples.end()) : 0;
  const double hi = timed ? *std::max_element(samples.begin(), samples.end()) : 0;
  if (timed)
    std::printf("gpu time: median %.6f ms (min %.6f, max %.6f) over %u runs after %u warm-up; "
                "upload %.3f ms, download %.3f ms (host)\n",
                med, lo, hi, opt.repeats, opt.warmup, uploadMs, downloadMs);
  else
    std::printf("gpu time: unavailable (the compute queue has no timestamps); host %.6f ms per "
                "run over %u runs; upload %.3f ms, download %.3f ms (host)\n",
                t.hostMsPerRepeat, opt.repeats, uploadMs, downloadMs);

  if (!opt.jsonPath.empty()) {
    const DeviceInfo &info = device.info();
    std::string json = "{\n";
    json += fmt::format("  \"module\": {},\n  \"entry\": {},\n", jsonString(moduleName),
                        jsonString(entry.name));
    json += fmt::format("  \"device\": {},\n  \"device_type\": {},\n  \"vulkan\": {},\n",
                        jsonString(info.name), jsonString(toString(info.type)),
                        jsonString(info.apiVersionString()));
    json += fmt::format("  \"workgroup_size\": [{}, {}, {}],\n  \"workgroups\": [{}, {}, {}],\n",
                        shape.workgroupSize[0], shape.workgroupSize[1], shape.workgroupSize[2],
                        shape.workgroupCount[0], shape.workgroupCount[1], shape.workgroupCount[2]);
    json += fmt::format("  \"timestamp_valid_bits\": {},\n  \"timestamp_period_ns\": {},\n",
                        t.support.validBits, t.support.periodNs);
    json += fmt::format("  \"timed\": {},\n  \"repeats\": {},\n  \"warmup\": {},\n",
                        timed ? "true" : "false", opt.repeats, opt.warmup);
    json += fmt::format("  \"gpu_ms_median\": {:.6f},\n  \"gpu_ms_min\": {:.6f},\n"
                        "  \"gpu_ms_max\": {:.6f},\n  \"gpu_ms\": {},\n",
                        med, lo, hi, jsonList(samples));
    json += fmt::format("  \"host_ms_per_run\": {:.6f},\n", t.hostMsPerRepeat);
    json += fmt::format("  \"upload_ms\": {:.6f},\n  \"upload_bytes\": {},\n", uploadMs,
                        uploadBytes);
    json += fmt::format("  \"download_ms\": {:.6f},\n  \"download_bytes\": {}\n}}\n", downloadMs,
                        downloadBytes);
    std::FILE *f = std::fopen(opt.jsonPath.c_str(), "w");
    if (!f)
      throw Error(fmt::format("cannot write '{}'", opt.jsonPath));
    const bool ok = std::fwrite(json.data(), 1, json.size(), f) == json.size();
    if (std::fclose(f) != 0 || !ok)
      throw Error(fmt::format("cannot write '{}'", opt.jsonPath));
  }
  return shape;
}

} // namespace nvc::tools
