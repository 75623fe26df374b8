// Chains of launches and copies on device-resident buffers, recorded into one command
// buffer with barriers between the steps, and timed with Vulkan timestamp queries.
#include "nvc/Chain.h"
#include "LaunchStep.h"
#include "StreamState.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>

namespace nvc::rt {

TimestampSupport timestampSupport(const Device &device) {
  return detail::timestampSupport(*device.context());
}

DeviceArguments &DeviceArguments::array(const std::string &name, const DeviceArray &array) {
  if (arrays_.count(name) || scalars_.find(name))
    throw Error(fmt::format("argument '{}' is given twice", name));
  arrays_.emplace(name, array);
  return *this;
}

DeviceArguments &DeviceArguments::scalar(const std::string &name, const ScalarValue &value) {
  if (arrays_.count(name))
    throw Error(fmt::format("argument '{}' is given twice", name));
  scalars_.scalar(name, value);
  return *this;
}

Arguments DeviceArguments::asArguments() const {
  Arguments args = scalars_;
  for (const auto &[name, array] : arrays_)
    args.array(name, array.descriptor());
  return args;
}

double median(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double ChainTiming::medianMs(std::size_t step) const {
  return step < stepMs.size() ? median(stepMs[step]) : 0;
}
double ChainTiming::medianTotalMs() const { return median(totalMs); }

struct Chain::State {
  std::shared_ptr<Device::Context> context;
  TimestampSupport timestamps;
  std::vector<std::unique_ptr<detail::LaunchStep>> steps;
};

Chain::Chain(const Device &device) : state_(std::make_unique<State>()) {
  state_->context = device.context();
  state_->timestamps = timestampSupport(device);
}
Chain::~Chain() = default;
Chain::Chain(Chain &&) noexcept = default;
Chain &Chain::operator=(Chain &&) noexcept = default;

std::size_t Chain::size() const { return state_->steps.size(); }

Chain &Chain::launch(Kernel &kernel, const DeviceArguments &args, const LaunchConfig &config,
                     std::string label) {
  auto [bound, buffers] = detail::bindDeviceArguments(*kernel.state_, args);
  return launchBound(kernel, bound, buffers, config, std::move(label));
}

Chain &Chain::launchBound(Kernel &kernel, const BoundArguments &bound,
                          const std::vector<DeviceBuffer> &buffers, const LaunchConfig &config,
                          std::string label) {
  // A chain records its launches once, ahead; a dynamic grid-sync schedule needs the
  // host between its batches (docs/manifest.md "Dynamic schedules").
  if (const EntryPointDesc &e = *kernel.state_->entry; e.gridSync && !e.gridSync->dispatches)
    throw Error(fmt::format(
        "kernel '{}' synchronises its grid a number of times known only as it runs "
        "(grid_sync.dispatches is null): a Chain records its launches ahead and cannot "
        "launch it; launch it with Kernel::launch or on a Stream",
        e.name));
  state_->steps.push_back(detail::prepareLaunch(state_->context, kernel.state_, bound, buffers,
                                                config, std::move(label)));
  return *this;
}

Chain &Chain::copy(const DeviceBuffer &src, DeviceBuffer &dst, std::uint64_t bytes,
                   std::string label) {
  state_->steps.push_back(detail::prepareBufferCopy(state_->context, src, dst, bytes,
                                                    std::move(label), "Chain::copy",
                                                    "the chain"));
  return *this;
}

ChainTiming Chain::run(unsigned repeats, unsigned warmup) {
  State &cs = *state_;
  const Device::Context &ctx = *cs.context;
  ChainTiming timing;
  timing.support = cs.timestamps;
  for (const auto &s : cs.steps)
    timing.labels.push_back(s->label);
  if (cs.steps.empty() || repeats == 0)
    return timing;
  // Streams' launches still using the chain's buffers finish first (nvc/Stream.h).
  for (const auto &s : cs.steps)
    for (const auto &buffer : s->deviceBuffers())
      detail::waitForUses(*buffer);

  const bool timed = cs.timestamps.supported();
  const std::uint32_t queries =
      timed ? static_cast<std::uint32_t>(2 * cs.steps.size() * repeats) : 0;
  VkQueryPool pool = VK_NULL_HANDLE;
  if (queries) {
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = queries;
    detail::vkCheck(vkCreateQueryPool(ctx.device, &info, nullptr, &pool), "vkCreateQueryPool");
  }
  struct PoolGuard {
    VkDevice device;
    VkQueryPool pool;
    ~PoolGuard() {
      if (pool)
        vkDestroyQueryPool(device, pool, nullptr);
    }
  } guard{ctx.device, pool};

  auto record = [&](VkCommandBuffer cb, unsigned times, bool withQueries) {
    if (withQueries && pool)
      vkCmdResetQueryPool(cb, pool, 0, queries);
    // The launches' error and print buffers start empty in each submission;
    // what all its repetitions record is read after it.
    for (const auto &s : cs.steps)
      if (s->reports)
        s->reports->recordReset(cb);
    detail::recordBarrier(cb); // earlier uploads and submissions
    std::uint32_t q = 0;
    for (unsigned r = 0; r < times; ++r)
      for (const auto &s : cs.steps) {
        if (withQueries && pool)
          vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, q++);
        detail::recordStep(cb, *s);
        if (withQueries && pool)
          vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, q++);
        detail::recordBarrier(cb);
      }
  };

  // After a submission: the launches' prints, in launch order, then the first
  // exception one of them raised (docs/language.md "Errors").
  auto report = [&]() {
    std::optional<KernelError> first;
    for (const auto &s : cs.steps)
      if (s->reports)
        if (std::optional<KernelError> raised = s->reports->collect(); raised && !first)
          first = std::move(raised);
    if (first)
      detail::throwKernelError(*first);
  };
  if (warmup) {
    detail::submitAndWait(
        ctx, [&](VkCommandBuffer cb) { record(cb, warmup, false); }, "waiting for a chain");
    report();
  }
  const auto start = std::chrono::steady_clock::now();
  detail::submitAndWait(
      ctx, [&](VkCommandBuffer cb) { record(cb, repeats, true); }, "waiting for a chain");
  const auto end = std::chrono::steady_clock::now();
  report();
  timing.hostMsPerRepeat =
      std::chrono::duration<double, std::milli>(end - start).count() / repeats;

  if (pool) {
    std::vector<std::uint64_t> ticks(queries);
    detail::vkCheck(vkGetQueryPoolResults(ctx.device, pool, 0, queries,
                                          ticks.size() * sizeof(std::uint64_t), ticks.data(),
                                          sizeof(std::uint64_t),
                                          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                    "vkGetQueryPoolResults");
    auto ms = [&](std::uint64_t a, std::uint64_t b) {
      return detail::timestampMs(cs.timestamps, a, b);
    };
    const std::size_t n = cs.steps.size();
    timing.stepMs.assign(n, {});
    for (unsigned r = 0; r < repeats; ++r) {
      const std::size_t base = 2 * n * r;
      for (std::size_t i = 0; i < n; ++i)
        timing.stepMs[i].push_back(ms(ticks[base + 2 * i], ticks[base + 2 * i + 1]));
      timing.totalMs.push_back(ms(ticks[base], ticks[base + 2 * n - 1]));
    }
  }
  return timing;
}

} // namespace nvc::rt
