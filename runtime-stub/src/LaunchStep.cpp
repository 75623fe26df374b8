// Launches, copies and timestamps on device-resident memory, prepared once and
// recorded into the command buffers of chains and streams.
#include "LaunchStep.h"
#include "StridedIteration.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace nvc::rt::detail {

namespace {
/// Free pools kept per descriptor count: enough for the launches of a few batches.
constexpr std::size_t kFreeDescriptorPoolsPerShape = 64;
} // namespace

LaunchStep::~LaunchStep() {
  if (!descriptorPool)
    return;
  std::vector<VkDescriptorPool> &free = context->freeDescriptorPools[descriptorCounts];
  if (free.size() < kFreeDescriptorPoolsPerShape &&
      vkResetDescriptorPool(context->device, descriptorPool, 0) == VK_SUCCESS)
    free.push_back(descriptorPool);
  else
    vkDestroyDescriptorPool(context->device, descriptorPool, nullptr);
}

std::vector<std::shared_ptr<DeviceBuffer::State>> LaunchStep::deviceBuffers() const {
  std::vector<std::shared_ptr<DeviceBuffer::State>> out;
  for (const auto &[binding, buffer] : storage)
    out.push_back(buffer);
  for (const auto &b : {src, dst})
    if (b)
      out.push_back(b);
  return out;
}

std::pair<BoundArguments, std::vector<DeviceBuffer>> bindDeviceArguments(Kernel::State &kernel,
                                                                        const DeviceArguments &args) {
  const EntryPointDesc &entry = *kernel.entry;
  const Arguments hostArgs = args.asArguments();
  BoundArguments bound = BoundArguments::bind(entry, hostArgs);
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
    spans.push_back(elementSpan(array.shape(), strides, array.offset()));
  }
  // Two arguments overlap when they are views of one buffer whose element ranges
  // (lowest to highest element) intersect.
  if (entry.assumesNoAlias)
    for (std::size_t i = 0; i < buffers.size(); ++i)
      for (std::size_t j = i + 1; j < buffers.size(); ++j)
        if (buffers[i].state() == buffers[j].state() && spans[i].first <= spans[j].second &&
            spans[j].first <= spans[i].second)
          throw Error(fmt::format(
              "arguments '{}' and '{}' of '{}' share memory of one device buffer, and the kernel "
              "relies on array arguments not aliasing (manifest: assumes_no_alias; compile "
              "it at -O1, or with -fno-promote-accumulator -fno-loop-fusion "
              "-fno-stage-shared -fno-readonly-buffers, to allow it)",
              bound.arrays()[i].desc->name, bound.arrays()[j].desc->name, entry.name));
  return {std::move(bound), std::move(buffers)};
}

std::unique_ptr<LaunchStep> prepareLaunch(const std::shared_ptr<Device::Context> &context,
                                          const std::shared_ptr<Kernel::State> &kernel,
                                          const BoundArguments &bound,
                                          const std::vector<DeviceBuffer> &buffers,
                                          const LaunchConfig &config, std::string label) {
  Kernel::State &ks = *kernel;
  const EntryPointDesc &entry = *ks.entry;
  if (&bound.entryPoint() != &entry)
    throw Error(fmt::format("the arguments were bound to entry point '{}', not to '{}'",
                            bound.entryPoint().name, entry.name));
  if (ks.module->context != context)
    throw Error(fmt::format("kernel '{}' belongs to another device", entry.name));
  if (buffers.size() != bound.arrays().size())
    throw Error(fmt::format("{} buffers for {} array arguments of '{}'", buffers.size(),
                            bound.arrays().size(), entry.name));
  const Device::Context &ctx = *context;
  auto step = std::make_unique<LaunchStep>();
  step->context = context;
  step->label = label.empty() ? entry.name : std::move(label);
  step->kernel = kernel;
  const DispatchShape shape =
      planDispatch(config, entry.workgroupSize, ctx.limits, entry.indexBits, entry.coarsen,
                   entry.coarsenY);
  checkSharedMemory(config, entry, ctx.limits);
  checkWorkgroupSize(shape, entry);
  step->shape = shape;
  step->groups = shape.workgroupCount;
  step->pipeline = ks.pipeline(shape.workgroupSize, config.sharedMemoryBytes);
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const BoundArray &a = bound.arrays()[i];
    const auto &b = buffers[i].state();
    if (b->context != context)
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
  writeRequestedGrids(shape, entry, block);
  const ParameterBlockDesc &blockDesc = entry.parameterBlock;
  if (blockDesc.kind == ParameterBlockKind::PushConstant) {
    step->pushConstants = block;
  } else if (blockDesc.kind == ParameterBlockKind::UniformBuffer) {
    step->uniform = std::make_unique<HostVisibleBuffer>(context, (block.size() + 15) / 16 * 16,
                                                        VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
    std::memset(step->uniform->data(), 0, step->uniform->size());
    std::memcpy(step->uniform->data(), block.data(), block.size());
    step->uniform->flush();
    step->uniformBinding = *blockDesc.binding;
  }

  std::uint32_t hiddenBuffers = 0;
  if (entry.errorBuffer || entry.printBuffer) {
    step->reports = std::make_unique<ReportBuffers>(context, entry);
    step->reports->forEachBinding(
        [&](std::uint32_t, const HostVisibleBuffer &) { ++hiddenBuffers; });
  }
  if (entry.gridSync) {
    step->gridSync = planGridSync(entry, bound, shape, ctx.limits);
    step->gridSyncState = allocateDeviceBuffer(context, step->gridSync.bytes);
    if (step->gridSync.dynamic) {
      step->dynamicOutcome = std::make_shared<LaunchStep::DynamicOutcome>();
      step->dynamicReadback =
          std::make_unique<HostVisibleBuffer>(context, 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    }
    ++hiddenBuffers;
  }
  if (step->storage.empty() && !step->uniform && !hiddenBuffers)
    return step;
  const std::uint32_t storageCount = static_cast<std::uint32_t>(step->storage.size()) + hiddenBuffers;
  step->descriptorCounts = {storageCount, step->uniform ? 1u : 0u};
  if (auto &free = context->freeDescriptorPools[step->descriptorCounts]; !free.empty()) {
    step->descriptorPool = free.back();
    free.pop_back();
  } else {
    std::vector<VkDescriptorPoolSize> sizes;
    if (storageCount)
      sizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, storageCount});
    if (step->uniform)
      sizes.push_back({VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1});
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = static_cast<std::uint32_t>(sizes.size());
    poolInfo.pPoolSizes = sizes.data();
    vkCheck(vkCreateDescriptorPool(ctx.device, &poolInfo, nullptr, &step->descriptorPool),
            "vkCreateDescriptorPool");
  }
  VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocInfo.descriptorPool = step->descriptorPool;
  allocInfo.descriptorSetCount = 1;
  allocInfo.pSetLayouts = &ks.setLayout;
  vkCheck(vkAllocateDescriptorSets(ctx.device, &allocInfo, &step->set), "vkAllocateDescriptorSets");
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
    step->reports->forEachBinding([&](std::uint32_t binding, const HostVisibleBuffer &buffer) {
      addWrite(binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buffer.handle());
    });
  if (step->gridSyncState)
    addWrite(entry.gridSync->binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
             step->gridSyncState->buffer);
  vkUpdateDescriptorSets(ctx.device, static_cast<std::uint32_t>(writes.size()), writes.data(), 0,
                         nullptr);
  return step;
}

std::unique_ptr<LaunchStep> prepareBufferCopy(const std::shared_ptr<Device::Context> &context,
                                              const DeviceBuffer &src, const DeviceBuffer &dst,
                                              std::uint64_t bytes, std::string label,
                                              const char *what, const char *owner) {
  if (src.state()->context != context || dst.state()->context != context)
    throw Error(fmt::format("{}: the buffers belong to another device than {}", what, owner));
  if (bytes == 0)
    bytes = src.size();
  if (bytes > src.size() || bytes > dst.size())
    throw Error(fmt::format("{}: {} bytes do not fit the source ({} bytes) or the "
                            "destination ({} bytes)",
                            what, bytes, src.size(), dst.size()));
  auto step = std::make_unique<LaunchStep>();
  step->context = context;
  step->label = std::move(label);
  step->src = src.state();
  step->dst = dst.state();
  step->bytes = bytes;
  return step;
}

void recordDispatches(VkCommandBuffer cb, VkBuffer gridSyncState, VkDeviceSize fillBytes,
                      const std::array<std::uint32_t, 3> &groups, std::uint64_t first,
                      std::uint64_t count) {
  for (std::uint64_t i = first; i < first + count; ++i) {
    if (gridSyncState) {
      VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
      b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
      if (i == 0) {
        // Slot 0 (each invocation's state) starts at 0 in every launch.
        vkCmdFillBuffer(cb, gridSyncState, 0, fillBytes, 0);
        b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &b, 0, nullptr, 0,
                             nullptr);
      } else {
        // The grid barrier: every write of the phase before is visible to the next.
        b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                             VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &b, 0, nullptr, 0,
                             nullptr);
      }
    }
    vkCmdDispatch(cb, groups[0], groups[1], groups[2]);
  }
}

std::uint64_t &gridSyncDispatchCap() {
  static std::uint64_t cap = static_cast<std::uint64_t>(kMaxGridSyncDispatches);
  return cap;
}

void recordDynamicGridSyncBatch(VkCommandBuffer cb, VkBuffer state, VkDeviceSize fillBytes,
                                VkDeviceSize flagOffset, VkBuffer readback,
                                const std::array<std::uint32_t, 3> &groups, std::uint64_t first,
                                std::uint64_t count) {
  const std::uint64_t last = first + count - 1;
  recordDispatches(cb, state, fillBytes, groups, first, count - 1);
  VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  if (last == 0) {
    vkCmdFillBuffer(cb, state, 0, fillBytes, 0); // slot 0, as recordDispatches does
  } else {
    // The grid barrier before the last dispatch, which also orders the fill of the
    // flag after the phase before (its stores of 1).
    b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    b.dstAccessMask =
        VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &b, 0, nullptr, 0, nullptr);
  }
  vkCmdFillBuffer(cb, state, flagOffset, 4, 0);
  b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       0, 1, &b, 0, nullptr, 0, nullptr);
  vkCmdDispatch(cb, groups[0], groups[1], groups[2]);
  // The flag as the last dispatch left it, to the host.
  b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                       0, 1, &b, 0, nullptr, 0, nullptr);
  VkBufferCopy region{flagOffset, 0, 4};
  vkCmdCopyBuffer(cb, state, readback, 1, &region);
  b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  b.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &b, 0, nullptr, 0, nullptr);
}

std::uint64_t runDynamicGridSync(
    HostVisibleBuffer &readback, const std::string &kernel, VkBuffer state,
    const GridSyncPlan &plan, const std::array<std::uint32_t, 3> &groups,
    const std::function<void(VkCommandBuffer)> &bind,
    const std::function<void(const std::function<void(VkCommandBuffer)> &)> &submitAndWait) {
  const std::uint64_t cap = gridSyncDispatchCap();
  std::uint64_t done = 0;
  for (std::uint64_t batch = 0;; ++batch) {
    if (done >= cap)
      throw Error(fmt::format(
          "kernel '{}': an invocation still waits at a grid barrier after {} dispatches, the "
          "most the runtime runs in one launch (grid_sync.dispatches is null: the kernel "
          "synchronises its grid until it finishes; does it ever finish?)",
          kernel, done));
    const std::uint64_t count = std::min(gridSyncBatchSize(batch), cap - done);
    submitAndWait([&](VkCommandBuffer cb) {
      bind(cb);
      recordDynamicGridSyncBatch(cb, state, plan.fillBytes, plan.flagOffset, readback.handle(),
                                 groups, done, count);
    });
    done += count;
    readback.invalidate();
    std::uint32_t flag = 0;
    std::memcpy(&flag, readback.data(), 4);
    if (flag == 0)
      return done;
  }
}

void recordBindings(VkCommandBuffer cb, const LaunchStep &s) {
  vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, s.pipeline);
  if (s.set)
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, s.kernel->pipelineLayout, 0, 1,
                            &s.set, 0, nullptr);
  if (!s.pushConstants.empty())
    vkCmdPushConstants(cb, s.kernel->pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       static_cast<std::uint32_t>(s.pushConstants.size()),
                       s.pushConstants.data());
}

void recordLaunchDispatches(VkCommandBuffer cb, const LaunchStep &s, std::uint64_t first,
                            std::uint64_t count) {
  recordBindings(cb, s);
  recordDispatches(cb, s.gridSyncState ? s.gridSyncState->buffer : VK_NULL_HANDLE,
                   s.gridSync.fillBytes, s.groups, first, count);
}

void recordStep(VkCommandBuffer cb, const LaunchStep &s) {
  if (s.kernel) {
    recordLaunchDispatches(cb, s, 0, s.gridSync.dispatches);
  } else if (s.timestampPool) {
    vkCmdResetQueryPool(cb, s.timestampPool, s.query, 1);
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, s.timestampPool, s.query);
  } else if (s.src || s.stagingSrc) {
    const VkBuffer from = s.src ? s.src->buffer : s.stagingSrc->handle();
    const VkBuffer to = s.dst ? s.dst->buffer : s.stagingDst->handle();
    VkBufferCopy region{s.srcOffset, s.dstOffset, s.bytes};
    vkCmdCopyBuffer(cb, from, to, 1, &region);
  }
}

TimestampSupport timestampSupport(const Device::Context &ctx) {
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

double timestampMs(const TimestampSupport &support, std::uint64_t from, std::uint64_t to) {
  const std::uint32_t bits = support.validBits;
  const std::uint64_t mask = bits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
  return static_cast<double>((to - from) & mask) * support.periodNs * 1e-6;
}

void recordTransferBarrier(VkCommandBuffer cb) {
  VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  b.dstAccessMask =
      VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &b, 0,
                       nullptr, 0, nullptr);
}

void recordBarrier(VkCommandBuffer cb) {
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

} // namespace nvc::rt::detail
