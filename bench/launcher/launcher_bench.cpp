// Launcher benchmarks on a Vulkan device (docs/benchmarks.md "The launcher"), each
// printing one JSON object per line:
//
//   nvc-launcher-bench overhead SCALE.spv [launches] [elements]
//       launches of `scale` on device arrays, asynchronous (Kernel::launch with
//       DeviceArguments, one synchronize at the end) and, for comparison, each
//       waited for (NVC_SYNC's behaviour): host microseconds per launch.
//   nvc-launcher-bench streams SCALE.spv [megabytes] [chunks] [streams] [pinned]
//       004's streams benchmark: a host array processed in chunks, each copied in,
//       scaled and copied out on streams[c % streams]; wall milliseconds for the
//       whole array (best of 5), and the result checked. pinned=1 (the default, as
//       004's example) keeps the host arrays in PinnedArrays, 0 in ordinary memory.
//   nvc-launcher-bench first-launch SCALE.spv
//       milliseconds from opening the device to the end of the first launch (module
//       load, pipeline creation through the pipeline cache, dispatch), and the cache's
//       state; run it in fresh processes with NVC_PIPELINE_CACHE=0, an empty and a
//       filled NVC_CACHE_DIR.
//
// SCALE.spv is bench/launcher/scale.py compiled by nvc (its manifest beside it).
#include "nvc/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

using namespace nvc::rt;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::vector<float> ramp(std::size_t n) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(i % 1000) * 0.25f - 100.0f;
  return v;
}

int overhead(const std::string &spv, int launches, std::int64_t n) {
  Device device;
  Module module(device, spv);
  Kernel scale = module.kernel("scale");
  std::vector<float> x = ramp(static_cast<std::size_t>(n));
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dout(device, DType::Float32, {n});
  const DeviceArguments args = DeviceArguments().array("x", dx).array("out", dout);
  for (int i = 0; i < 100; ++i) // warm-up: pipeline, pools
    scale.launch(args, LaunchConfig::grid(n));
  device.synchronize();
  auto start = Clock::now();
  for (int i = 0; i < launches; ++i)
    scale.launch(args, LaunchConfig::grid(n));
  device.synchronize();
  const double asyncUs = msSince(start) * 1000 / launches;
  Stream stream = Stream::defaultStream(device);
  start = Clock::now();
  for (int i = 0; i < launches; ++i) {
    scale.launch(args, LaunchConfig::grid(n));
    stream.synchronize();
  }
  const double waitedUs = msSince(start) * 1000 / launches;
  const std::vector<float> out = dout.toVector<float>();
  bool ok = true;
  for (std::size_t i = 0; i < out.size(); ++i)
    ok = ok && out[i] == 2.0f * x[i] + 1.0f;
  std::printf("%s\n", fmt::format("{{\"bench\": \"overhead\", \"device\": \"{}\", \"launches\": {}, "
                                  "\"elements\": {}, \"async_us_per_launch\": {:.3f}, "
                                  "\"waited_us_per_launch\": {:.3f}, \"correct\": {}}}",
                                  device.info().name, launches, n, asyncUs, waitedUs, ok)
                          .c_str());
  return ok ? 0 : 1;
}

int streams(const std::string &spv, int megabytes, int chunks, int streamCount, bool pinned) {
  Device device;
  Module module(device, spv);
  Kernel scale = module.kernel("scale");
  const std::int64_t elements = static_cast<std::int64_t>(megabytes) * (1 << 20) / 4;
  const std::int64_t chunk = elements / chunks;
  const std::size_t total = static_cast<std::size_t>(chunk * chunks);
  std::vector<float> pageableHost, pageableResult;
  std::optional<PinnedArray> pinnedHost, pinnedResult;
  float *host = nullptr, *result = nullptr;
  if (pinned) {
    pinnedHost.emplace(device, DType::Float32, std::vector<std::int64_t>{chunk * chunks});
    pinnedResult.emplace(device, DType::Float32, std::vector<std::int64_t>{chunk * chunks});
    host = pinnedHost->data<float>();
    result = pinnedResult->data<float>();
  } else {
    pageableHost.resize(total);
    pageableResult.resize(total);
    host = pageableHost.data();
    result = pageableResult.data();
  }
  const std::vector<float> values = ramp(total);
  std::copy(values.begin(), values.end(), host);
  std::vector<Stream> ss;
  std::vector<std::pair<DeviceArray, DeviceArray>> buffers;
  for (int s = 0; s < streamCount; ++s) {
    ss.emplace_back(device);
    buffers.emplace_back(DeviceArray(device, DType::Float32, {chunk}),
                         DeviceArray(device, DType::Float32, {chunk}));
  }
  double best = 1e30;
  for (int rep = 0; rep < 6; ++rep) {
    std::fill(result, result + total, -1.0f);
    const auto start = Clock::now();
    for (int c = 0; c < chunks; ++c) {
      Stream &stream = ss[c % streamCount];
      auto &[dx, dout] = buffers[c % streamCount];
      stream.copyToDevice(HostArray::contiguous(host + c * chunk, DType::Float32, {chunk}), dx);
      scale.launch(DeviceArguments().array("x", dx).array("out", dout), LaunchConfig::grid(chunk),
                   stream);
      stream.copyToHost(dout, HostArray::contiguous(result + c * chunk, DType::Float32, {chunk}));
    }
    for (Stream &s : ss)
      s.synchronize();
    const double ms = msSince(start);
    if (rep > 0) // the first run fills the buffer pool
      best = std::min(best, ms);
  }
  bool ok = true;
  for (std::size_t i = 0; i < total; ++i)
    ok = ok && result[i] == 2.0f * values[i] + 1.0f;
  std::vector<std::uint32_t> queues;
  for (const Stream &s : ss)
    queues.push_back(s.queueIndex());
  std::printf("%s\n",
              fmt::format("{{\"bench\": \"streams\", \"device\": \"{}\", \"megabytes\": {}, "
                          "\"chunks\": {}, \"streams\": {}, \"pinned\": {}, \"queues\": [{}], "
                          "\"best_ms\": {:.3f}, \"correct\": {}}}",
                          device.info().name, megabytes, chunks, streamCount, pinned,
                          fmt::join(queues, ", "), best, ok)
                  .c_str());
  return ok ? 0 : 1;
}

int firstLaunch(const std::string &spv) {
  const auto start = Clock::now();
  Device device;
  const double deviceMs = msSince(start);
  const auto loadStart = Clock::now();
  Module module(device, spv);
  Kernel scale = module.kernel("scale");
  std::vector<float> x = ramp(1024), out(1024, 0.0f);
  scale.launch(Arguments().array("x", HostArray::of(x)).array("out", HostArray::of(out)),
               LaunchConfig::grid(1024));
  const double launchMs = msSince(loadStart);
  const PipelineCacheStatus cache = device.pipelineCache();
  std::printf("%s\n", fmt::format("{{\"bench\": \"first-launch\", \"device\": \"{}\", "
                                  "\"open_device_ms\": {:.3f}, \"load_and_first_launch_ms\": {:.3f}, "
                                  "\"cache_path\": \"{}\", \"cache_loaded_bytes\": {}, "
                                  "\"pipelines\": {}, \"cache_hits\": {}, \"hits_reported\": {}, "
                                  "\"correct\": {}}}",
                                  device.info().name, deviceMs, launchMs, cache.path,
                                  cache.loadedBytes, cache.pipelinesCreated, cache.cacheHits,
                                  cache.hitsReported, out[7] == 2.0f * x[7] + 1.0f)
                          .c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  auto arg = [&](std::size_t i, long long fallback) {
    return a.size() > i ? std::atoll(a[i].c_str()) : fallback;
  };
  try {
    if (a.size() >= 2 && a[0] == "overhead")
      return overhead(a[1], static_cast<int>(arg(2, 10000)), arg(3, 1024));
    if (a.size() >= 2 && a[0] == "streams")
      return streams(a[1], static_cast<int>(arg(2, 256)), static_cast<int>(arg(3, 16)),
                     static_cast<int>(arg(4, 3)), arg(5, 1) != 0);
    if (a.size() >= 2 && a[0] == "first-launch")
      return firstLaunch(a[1]);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "nvc-launcher-bench: error: %s\n", e.what());
    return 1;
  }
  std::fprintf(stderr, "usage: nvc-launcher-bench overhead|streams|first-launch SCALE.spv ...\n");
  return 2;
}
