// Chains of launches and copies on device-resident buffers, recorded into one command
// buffer with barriers between the steps, and timed with Vulkan timestamp queries.
#include "nvc/Chain.h"
#include "ReportBuffers.h"
#include "DeviceBufferState.h"
#include "HostVisibleBuffer.h"
#include "KernelState.h"
#include "StridedIteration.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>

namespace nvc::rt {

TimestampSupport timestampSupport(const Device &device) {
  const Device::Context &ctx = *device.context();
  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(ctx.physicalDevice, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(ctx.physicalDevice, &count, families.data());
  VkPhysicalDeviceProperties props{};
  vkGetPhysicalDeviceProperties(ctx.physicalDevice, &props);
  TimestampSupport t;
  if (ctx.queueFamily < count)
    t.validBits = families[ctx.queueFamily].timestampValidBits;
  t.periodNs = props.limits.timestampPeriod;
  return t;
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

namespace {

struct Step {
  std::string label;
  // A launch:
  std::shared_ptr<Kernel::State> kernel; // null for a copy; kept alive by the chain
  VkPipeline pipeline = VK_NULL_HANDLE;
  std::vector<std::pair<std::uint32_t, std::shared_ptr<DeviceBuffer::State>>> storage;
  std::vector<unsigned char> pushConstants;
  std::unique_ptr<detail::HostVisibleBuffer> uniform;
  std::uint32_t uniformBinding = 0;
  /// The launch's hidden error and print buffers (null when it has none).
  std::unique_ptr<detail::ReportBuffers> reports;
  std::array<std::uint32_t, 3> groups{1, 1, 1};
  VkDescriptorSet set = VK_NULL_HANDLE;
  // A copy:
  std::shared_ptr<DeviceBuffer::State> src, dst;
  VkDeviceSize bytes = 0;
};

void barrier(VkCommandBuffer cb) {
  VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                    VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
                    VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT |
                           VK_PIPELINE_STAGE_HOST_BIT,
                       0, 1, &b, 0, nullptr, 0, nullptr);
}

} // namespace

struct Chain::State {
  std::shared_ptr<Device::Context> context;
  TimestampSupport timestamps;
  std::vector<std::unique_ptr<Step>> steps;
  std::vector<VkDescriptorPool> pools; // one per launch with descriptors

  ~State() {
    for (VkDescriptorPool p : pools)
      vkDestroyDescriptorPool(context->device, p, nullptr);
  }
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
  const Arguments hostArgs = args.asArguments();
  BoundArguments bound = BoundArguments::bind(kernel.entryPoint(), hostArgs);
  std::vector<DeviceBuffer> buffers;
  std::vector<std::pair<std::int64_t, std::int64_t>> spans; // elements each view touches
  for (std::size_t i = 0; i < bound.arrays().size(); ++i) {
    const BoundArray &a = bound.arrays()[i];
    const DeviceArray &array = args.arrays().at(a.desc->name);
    if (array.storageDType() != a.desc->deviceDType)
      throw Error(fmt::format(
          "argument '{}': the kernel keeps this {} array as {} on the device, the device array "
          "stores {}; create it with storage {} (DeviceArray(device, {}, shape, {}), or "
          "DeviceArray::forArgument)",
          a.desc->name, dtypeName(a.desc->dtype), dtypeName(a.desc->deviceDType),
          dtypeName(array.storageDType()), dtypeName(a.desc->deviceDType),
          dtypeName(a.desc->dtype), dtypeName(a.desc->deviceDType)));
    buffers.push_back(array.buffer());
    // The kernel reads the view where it lies in the buffer (offset and strides in
    // the parameter block), not a packed copy.
    const std::vector<std::int64_t> strides = array.strides();
    bound.placeInDeviceBuffer(i, array.offset(), strides);
    spans.push_back(detail::elementSpan(array.shape(), strides, array.offset()));
  }
  // Two arguments overlap when they are views of one buffer whose element ranges
  // (lowest to highest element) intersect.
  if (kernel.entryPoint().assumesNoAlias)
    for (std::size_t i = 0; i < buffers.size(); ++i)
      for (std::size_t j = i + 1; j < buffers.size(); ++j)
        if (buffers[i].state() == buffers[j].state() && spans[i].first <= spans[j].second &&
            spans[j].first <= spans[i].second)
          throw Error(fmt::format(
              "arguments '{}' and '{}' of '{}' share memory of one device buffer, and the kernel "
              "relies on array arguments not aliasing (manifest: assumes_no_alias; compile "
              "it at -O1, or with -fno-promote-accumulator -fno-loop-fusion "
              "-fno-stage-shared -fno-readonly-buffers, to allow it)",
              bound.arrays()[i].desc->name, bound.arrays()[j].desc->name,
              kernel.entryPoint().name));
  return launchBound(kernel, bound, buffers, config, std::move(label));
}

Chain &Chain::launchBound(Kernel &kernel, const BoundArguments &bound,
                          const std::vector<DeviceBuffer> &buffers, const LaunchConfig &config,
                          std::string label) {
  State &cs = *state_;
  Kernel::State &ks = *kernel.state_;
  const EntryPointDesc &entry = *ks.entry;
  if (&bound.entryPoint() != &entry)
    throw Error(fmt::format("Chain::launchBound: the arguments were bound to entry point '{}', "
                            "not to '{}'",
                            bound.entryPoint().name, entry.name));
  if (ks.module->context != cs.context)
    throw Error(fmt::format("kernel '{}' belongs to another device than the chain", entry.name));
  if (buffers.size() != bound.arrays().size())
    throw Error(fmt::format("Chain::launchBound: {} buffers for {} array arguments of '{}'",
                            buffers.size(), bound.arrays().size(), entry.name));
  const Device::Context &ctx = *cs.context;
  auto step = std::make_unique<Step>();
  step->label = label.empty() ? entry.name : std::move(label);
  step->kernel = kernel.state_;
  const DispatchShape shape =
      planDispatch(config, entry.workgroupSize, ctx.limits, entry.indexBits, entry.coarsen);
  checkSharedMemory(config, entry, ctx.limits);
  checkWorkgroupSize(shape, entry);
  step->groups = shape.workgroupCount;
  step->pipeline = ks.pipeline(shape.workgroupSize, config.sharedMemoryBytes);
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const BoundArray &a = bound.arrays()[i];
    const auto &b = buffers[i].state();
    if (b->context != cs.context)
      throw Error(fmt::format("argument '{}': the device buffer belongs to another device",
                              a.desc->name));
    if (b->size < a.bufferSize)
      throw Error(fmt::format("argument '{}': the device buffer has {} bytes, the kernel needs {}",
                              a.desc->name, b->size, a.bufferSize));
    if (a.bufferSize > ctx.limits.maxStorageBufferRange)
      throw Error(fmt::format("argument '{}': its storage buffer of {} bytes exceeds the device's "
                              "maxStorageBufferRange ({})",
                              a.desc->name, a.bufferSize, ctx.limits.maxStorageBufferRange));
    step->storage.emplace_back(a.desc->binding, b);
  }
  std::vector<unsigned char> block = bound.parameterBlock();
  if (entry.originalGridOffset)
    writeRequestedGrid(shape, *entry.originalGridOffset, entry.indexBits, block);
  const ParameterBlockDesc &blockDesc = entry.parameterBlock;
  if (blockDesc.kind == ParameterBlockKind::PushConstant) {
    step->pushConstants = block;
  } else if (blockDesc.kind == ParameterBlockKind::UniformBuffer) {
    step->uniform = std::make_unique<detail::HostVisibleBuffer>(
        cs.context, (block.size() + 15) / 16 * 16, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
    std::memset(step->uniform->data(), 0, step->uniform->size());
    std::memcpy(step->uniform->data(), block.data(), block.size());
    step->uniform->flush();
    step->uniformBinding = *blockDesc.binding;
  }

  std::uint32_t hiddenBuffers = 0;
  if (entry.errorBuffer || entry.printBuffer) {
    step->reports = std::make_unique<detail::ReportBuffers>(cs.context, entry);
    step->reports->forEachBinding(
        [&](std::uint32_t, const detail::HostVisibleBuffer &) { ++hiddenBuffers; });
  }
  if (!step->storage.empty() || step->uniform || hiddenBuffers) {
    std::vector<VkDescriptorPoolSize> sizes;
    if (!step->storage.empty() || hiddenBuffers)
      sizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                       static_cast<std::uint32_t>(step->storage.size()) + hiddenBuffers});
    if (step->uniform)
      sizes.push_back({VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1});
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = static_cast<std::uint32_t>(sizes.size());
    poolInfo.pPoolSizes = sizes.data();
    VkDescriptorPool pool = VK_NULL_HANDLE;
    detail::vkCheck(vkCreateDescriptorPool(ctx.device, &poolInfo, nullptr, &pool),
                    "vkCreateDescriptorPool");
    cs.pools.push_back(pool);
    VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocInfo.descriptorPool = pool;
    allocInfo.descriptorSetCount = 1;
    allocInfo.pSetLayouts = &ks.setLayout;
    detail::vkCheck(vkAllocateDescriptorSets(ctx.device, &allocInfo, &step->set),
                    "vkAllocateDescriptorSets");
    std::vector<VkDescriptorBufferInfo> infos;
    infos.reserve(step->storage.size() + 3);
    std::vector<VkWriteDescriptorSet> writes;
    auto addWrite = [&](std::uint32_t binding, VkDescriptorType type, VkBuffer buffer) {
      infos.push_back({buffer, 0, VK_WHOLE_SIZE});
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstSet = step->set;
      w.dstBinding = binding;
      w.descriptorCount = 1;
      w.descriptorType = type;
      w.pBufferInfo = &infos.back();
      writes.push_back(w);
    };
    for (const auto &[binding, buffer] : step->storage)
      addWrite(binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buffer->buffer);
    if (step->uniform)
      addWrite(step->uniformBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, step->uniform->handle());
    if (step->reports)
      step->reports->forEachBinding(
          [&](std::uint32_t binding, const detail::HostVisibleBuffer &buffer) {
            addWrite(binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buffer.handle());
          });
    vkUpdateDescriptorSets(ctx.device, static_cast<std::uint32_t>(writes.size()), writes.data(), 0,
                           nullptr);
  }
  cs.steps.push_back(std::move(step));
  return *this;
}

Chain &Chain::copy(const DeviceBuffer &src, DeviceBuffer &dst, std::uint64_t bytes,
                   std::string label) {
  State &cs = *state_;
  if (src.state()->context != cs.context || dst.state()->context != cs.context)
    throw Error("Chain::copy: the buffers belong to another device than the chain");
  if (bytes == 0)
    bytes = src.size();
  if (bytes > src.size() || bytes > dst.size())
    throw Error(fmt::format("Chain::copy: {} bytes do not fit the source ({} bytes) or the "
                            "destination ({} bytes)",
                            bytes, src.size(), dst.size()));
  auto step = std::make_unique<Step>();
  step->label = std::move(label);
  step->src = src.state();
  step->dst = dst.state();
  step->bytes = bytes;
  cs.steps.push_back(std::move(step));
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
    barrier(cb); // earlier uploads and submissions
    std::uint32_t q = 0;
    for (unsigned r = 0; r < times; ++r)
      for (const auto &s : cs.steps) {
        if (withQueries && pool)
          vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, q++);
        if (s->kernel) {
          vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, s->pipeline);
          if (s->set)
            vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, s->kernel->pipelineLayout,
                                    0, 1, &s->set, 0, nullptr);
          if (!s->pushConstants.empty())
            vkCmdPushConstants(cb, s->kernel->pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                               static_cast<std::uint32_t>(s->pushConstants.size()),
                               s->pushConstants.data());
          vkCmdDispatch(cb, s->groups[0], s->groups[1], s->groups[2]);
        } else {
          VkBufferCopy region{0, 0, s->bytes};
          vkCmdCopyBuffer(cb, s->src->buffer, s->dst->buffer, 1, &region);
        }
        if (withQueries && pool)
          vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, q++);
        barrier(cb);
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
    const std::uint32_t bits = cs.timestamps.validBits;
    const std::uint64_t mask = bits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
    const double period = cs.timestamps.periodNs;
    auto ms = [&](std::uint64_t a, std::uint64_t b) {
      return static_cast<double>((b - a) & mask) * period * 1e-6;
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
