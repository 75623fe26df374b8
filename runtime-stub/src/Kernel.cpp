// Kernels: the descriptor-set layout (set 0: a storage buffer per array argument at
// its binding, plus the uniform-buffer parameter block), the pipeline layout (with a
// push-constant range for push-constant parameter blocks), compute pipelines
// specialized per workgroup size through the specialization constants
// workgroup_size_spec_ids (and per dynamic shared-memory bytes through
// dynamic_shared_memory.spec_id), and the synchronous launch: buffers, upload, descriptor set,
// command buffer, dispatch, wait, download.
#include "nvc/Kernel.h"
#include "DeviceBufferState.h"
#include "HostVisibleBuffer.h"
#include "KernelState.h"
#include "LaunchStep.h"
#include "PipelineCache.h"
#include "ReportBuffers.h"
#include "VulkanCheck.h"
#include "nvc/BoundArguments.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace nvc::rt {

Kernel::State::~State() {
  VkDevice dev = device();
  for (auto &[size, pipeline] : pipelines)
    vkDestroyPipeline(dev, pipeline, nullptr);
  if (pipelineLayout)
    vkDestroyPipelineLayout(dev, pipelineLayout, nullptr);
  if (setLayout)
    vkDestroyDescriptorSetLayout(dev, setLayout, nullptr);
}

VkPipeline Kernel::State::pipeline(const std::array<std::uint32_t, 3> &workgroupSize,
                                   std::uint32_t sharedMemoryBytes) {
  const bool dynamicShared = entry->dynamicSharedMemory.has_value();
  const std::array<std::uint32_t, 4> key{workgroupSize[0], workgroupSize[1], workgroupSize[2],
                                         dynamicShared ? sharedMemoryBytes : 0};
  if (auto it = pipelines.find(key); it != pipelines.end())
    return it->second;
  VkSpecializationMapEntry entries[4];
  for (std::uint32_t i = 0; i < 3; ++i)
    entries[i] = {entry->workgroupSizeSpecIds[i], i * 4u, 4u};
  if (dynamicShared)
    entries[3] = {entry->dynamicSharedMemory->specId, 12u, 4u};
  VkSpecializationInfo spec{};
  spec.mapEntryCount = dynamicShared ? 4 : 3;
  spec.pMapEntries = entries;
  spec.dataSize = dynamicShared ? sizeof key : 12;
  spec.pData = key.data();

  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module->shader;
  info.stage.pName = entry->name.c_str();
  info.stage.pSpecializationInfo = &spec;
  info.layout = pipelineLayout;
  Device::Context &ctx = *module->context;
  VkPipelineCreationFeedback feedback{};
  VkPipelineCreationFeedbackCreateInfo feedbackInfo{
      VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO};
  feedbackInfo.pPipelineCreationFeedback = &feedback;
  if (ctx.pipelineCreationFeedback)
    info.pNext = &feedbackInfo;
  VkPipeline pipeline = VK_NULL_HANDLE;
  detail::vkCheck(vkCreateComputePipelines(device(),
                                           ctx.pipelineCache ? ctx.pipelineCache->handle()
                                                             : VK_NULL_HANDLE,
                                           1, &info, nullptr, &pipeline),
                  fmt::format("vkCreateComputePipelines (entry point '{}')", entry->name).c_str());
  ++ctx.pipelinesCreated;
  if ((feedback.flags & VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT) &&
      (feedback.flags & VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT))
    ++ctx.pipelineCacheHits;
  pipelines.emplace(key, pipeline);
  return pipeline;
}

namespace detail {

std::unique_ptr<Kernel::State> makeKernelState(std::shared_ptr<Module::State> module,
                                               const EntryPointDesc &entry) {
  auto state = std::make_unique<Kernel::State>();
  state->module = std::move(module);
  state->entry = &entry;
  VkDevice device = state->device();

  std::vector<VkDescriptorSetLayoutBinding> bindings;
  for (const ArgumentDesc &a : entry.arguments)
    if (a.kind == ArgumentKind::Array)
      bindings.push_back(
          {a.binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr});
  // The hidden error and print buffers (docs/manifest.md "Errors and printing").
  // And the state buffer of a grid-synchronising kernel ("Grid synchronisation").
  for (const auto *hidden : {entry.errorBuffer ? &entry.errorBuffer->binding : nullptr,
                             entry.printBuffer ? &entry.printBuffer->binding : nullptr,
                             entry.gridSync ? &entry.gridSync->binding : nullptr})
    if (hidden)
      bindings.push_back(
          {*hidden, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr});
  const ParameterBlockDesc &block = entry.parameterBlock;
  if (block.kind == ParameterBlockKind::UniformBuffer)
    bindings.push_back({*block.binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1,
                        VK_SHADER_STAGE_COMPUTE_BIT, nullptr});
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = static_cast<std::uint32_t>(bindings.size());
  setInfo.pBindings = bindings.data();
  vkCheck(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &state->setLayout),
          "vkCreateDescriptorSetLayout");

  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, block.size};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &state->setLayout;
  if (block.kind == ParameterBlockKind::PushConstant) {
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &range;
  }
  vkCheck(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &state->pipelineLayout),
          "vkCreatePipelineLayout");
  // Build the default pipeline now so that shader problems surface when the kernel is
  // made, not on its first launch.
  state->pipeline(entry.workgroupSize);
  return state;
}

} // namespace detail

namespace {

/// Owns the Vulkan objects of one launch that are not buffers: its descriptor pool
/// and its command buffers, each with a fence (one, or a few reused in turn for the
/// pieces of a grid-synchronising launch of many dispatches).
struct LaunchObjects {
  VkDevice device;
  VkCommandPool pool;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  std::vector<VkCommandBuffer> commands;
  std::vector<VkFence> fences;
  std::vector<bool> submitted;

  /// Command buffer and fence `i`, made when first asked for; if submitted before,
  /// waits for it and resets the fence (the command buffer is reset by
  /// vkBeginCommandBuffer: the pool is created with RESET_COMMAND_BUFFER).
  std::pair<VkCommandBuffer, VkFence> slot(std::size_t i) {
    while (commands.size() <= i) {
      VkCommandBufferAllocateInfo cbInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
      cbInfo.commandPool = pool;
      cbInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
      cbInfo.commandBufferCount = 1;
      VkCommandBuffer cb = VK_NULL_HANDLE;
      detail::vkCheck(vkAllocateCommandBuffers(device, &cbInfo, &cb), "vkAllocateCommandBuffers");
      commands.push_back(cb);
      VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      VkFence fence = VK_NULL_HANDLE;
      const VkResult r = vkCreateFence(device, &fenceInfo, nullptr, &fence);
      fences.push_back(fence);
      submitted.push_back(false);
      detail::vkCheck(r, "vkCreateFence");
    }
    if (submitted[i]) {
      wait(i);
      detail::vkCheck(vkResetFences(device, 1, &fences[i]), "vkResetFences");
    }
    return {commands[i], fences[i]};
  }
  void wait(std::size_t i) {
    if (!submitted[i])
      return;
    detail::vkCheck(vkWaitForFences(device, 1, &fences[i], VK_TRUE, UINT64_MAX),
                    "vkWaitForFences (waiting for the kernel)");
    submitted[i] = false;
  }

  ~LaunchObjects() {
    for (std::size_t i = 0; i < fences.size(); ++i) {
      if (submitted[i] && fences[i])
        vkWaitForFences(device, 1, &fences[i], VK_TRUE, UINT64_MAX);
      if (fences[i])
        vkDestroyFence(device, fences[i], nullptr);
    }
    if (!commands.empty())
      vkFreeCommandBuffers(device, pool, static_cast<std::uint32_t>(commands.size()),
                           commands.data());
    if (descriptorPool)
      vkDestroyDescriptorPool(device, descriptorPool, nullptr);
  }
};

} // namespace

Kernel::Kernel(std::unique_ptr<State> state) : state_(std::move(state)) {}
Kernel::~Kernel() = default;
Kernel::Kernel(Kernel &&) noexcept = default;
Kernel &Kernel::operator=(Kernel &&) noexcept = default;

const EntryPointDesc &Kernel::entryPoint() const { return *state_->entry; }

LaunchResult Kernel::launch(const Arguments &args, const LaunchConfig &config) {
  State &s = *state_;
  const EntryPointDesc &entry = *s.entry;
  const std::shared_ptr<Device::Context> &context = s.module->context;
  const Device::Context &ctx = *context;

  const BoundArguments bound = BoundArguments::bind(entry, args);
  bound.requireDisjointHostArrays();
  LaunchResult result;
  result.dispatch =
      planDispatch(config, entry.workgroupSize, ctx.limits, entry.indexBits, entry.coarsen,
                   entry.coarsenY);
  checkSharedMemory(config, entry, ctx.limits);
  checkWorkgroupSize(result.dispatch, entry);
  const VkPipeline pipeline = s.pipeline(result.dispatch.workgroupSize, config.sharedMemoryBytes);

  // Storage buffers, one per array, filled with the converted host data.
  std::vector<std::unique_ptr<detail::HostVisibleBuffer>> buffers;
  for (const BoundArray &a : bound.arrays()) {
    if (a.bufferSize > ctx.limits.maxStorageBufferRange)
      throw Error(fmt::format("argument '{}': its storage buffer of {} bytes exceeds the device's "
                              "maxStorageBufferRange ({})",
                              a.desc->name, a.bufferSize, ctx.limits.maxStorageBufferRange));
    auto buffer = std::make_unique<detail::HostVisibleBuffer>(context, a.bufferSize,
                                                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    auto *bytes = static_cast<unsigned char *>(buffer->data());
    a.upload(bytes);
    std::memset(bytes + a.deviceBytes, 0, a.bufferSize - a.deviceBytes);
    buffer->flush();
    buffers.push_back(std::move(buffer));
  }

  std::vector<unsigned char> block = bound.parameterBlock();
  writeRequestedGrids(result.dispatch, entry, block);
  const ParameterBlockDesc &blockDesc = entry.parameterBlock;
  std::unique_ptr<detail::HostVisibleBuffer> uniform;
  if (blockDesc.kind == ParameterBlockKind::UniformBuffer) {
    uniform = std::make_unique<detail::HostVisibleBuffer>(context, (block.size() + 15) / 16 * 16,
                                                          VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
    std::memset(uniform->data(), 0, uniform->size());
    std::memcpy(uniform->data(), block.data(), block.size());
    uniform->flush();
  }

  // The hidden error and print buffers, reset for this dispatch.
  detail::ReportBuffers reports(context, entry);
  reports.resetOnHost();
  std::uint32_t hiddenBuffers = 0;
  reports.forEachBinding([&](std::uint32_t, const detail::HostVisibleBuffer &) { ++hiddenBuffers; });
  // The state buffer of a grid-synchronising kernel (docs/manifest.md "Grid
  // synchronisation"), device-local, from the device's buffer pool.
  std::shared_ptr<DeviceBuffer::State> gridSyncState;
  GridSyncPlan gridSync;
  if (entry.gridSync) {
    gridSync = planGridSync(entry, bound, result.dispatch, ctx.limits);
    gridSyncState = detail::allocateDeviceBuffer(context, gridSync.bytes);
    ++hiddenBuffers;
  }
  result.dispatches = gridSync.dispatches;

  LaunchObjects objects{ctx.device, ctx.commandPool};

  // Descriptor set 0.
  VkDescriptorSet set = VK_NULL_HANDLE;
  if (!buffers.empty() || uniform || hiddenBuffers) {
    std::vector<VkDescriptorPoolSize> sizes;
    if (!buffers.empty() || hiddenBuffers)
      sizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                       static_cast<std::uint32_t>(buffers.size()) + hiddenBuffers});
    if (uniform)
      sizes.push_back({VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1});
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = static_cast<std::uint32_t>(sizes.size());
    poolInfo.pPoolSizes = sizes.data();
    detail::vkCheck(vkCreateDescriptorPool(ctx.device, &poolInfo, nullptr, &objects.descriptorPool),
                    "vkCreateDescriptorPool");
    VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocInfo.descriptorPool = objects.descriptorPool;
    allocInfo.descriptorSetCount = 1;
    allocInfo.pSetLayouts = &s.setLayout;
    detail::vkCheck(vkAllocateDescriptorSets(ctx.device, &allocInfo, &set),
                    "vkAllocateDescriptorSets");

    std::vector<VkDescriptorBufferInfo> infos;
    infos.reserve(buffers.size() + 3);
    std::vector<VkWriteDescriptorSet> writes;
    auto addWrite = [&](std::uint32_t binding, VkDescriptorType type, VkBuffer buffer) {
      infos.push_back({buffer, 0, VK_WHOLE_SIZE});
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstSet = set;
      w.dstBinding = binding;
      w.descriptorCount = 1;
      w.descriptorType = type;
      w.pBufferInfo = &infos.back();
      writes.push_back(w);
    };
    for (std::size_t i = 0; i < buffers.size(); ++i)
      addWrite(bound.arrays()[i].desc->binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
               buffers[i]->handle());
    if (uniform)
      addWrite(*blockDesc.binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, uniform->handle());
    reports.forEachBinding([&](std::uint32_t binding, const detail::HostVisibleBuffer &buffer) {
      addWrite(binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buffer.handle());
    });
    if (gridSyncState)
      addWrite(entry.gridSync->binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, gridSyncState->buffer);
    vkUpdateDescriptorSets(ctx.device, static_cast<std::uint32_t>(writes.size()), writes.data(), 0,
                           nullptr);
  }

  // Record: bind, push constants, dispatch(es), make the writes visible to the host;
  // submit and wait. A grid-synchronising launch of many dispatches is recorded in
  // pieces of kGridSyncDispatchesPerCommandBuffer, each submitted when recorded, with
  // at most kGridSyncPiecesInFlight of them in flight (the queue runs one piece while
  // the next is recorded, and memory stays bounded).
  auto bind = [&](VkCommandBuffer cb) {
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    if (set)
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, s.pipelineLayout, 0, 1, &set, 0,
                              nullptr);
    if (blockDesc.kind == ParameterBlockKind::PushConstant)
      vkCmdPushConstants(cb, s.pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                         static_cast<std::uint32_t>(block.size()), block.data());
  };
  if (gridSync.dynamic) {
    // A dynamic schedule (docs/manifest.md "Dynamic schedules"): batches, each
    // submitted and waited for, until no invocation waits at a grid barrier. Each
    // batch ends with the writes made visible to the host.
    detail::HostVisibleBuffer readback(context, 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    result.dispatches = detail::runDynamicGridSync(
        readback, entry.name, gridSyncState->buffer, gridSync, result.dispatch.workgroupCount, bind,
        [&](const std::function<void(VkCommandBuffer)> &record) {
          const auto [cb, fence] = objects.slot(0);
          VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
          begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
          detail::vkCheck(vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");
          record(cb);
          detail::vkCheck(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
          VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
          submit.commandBufferCount = 1;
          submit.pCommandBuffers = &cb;
          detail::vkCheck(vkQueueSubmit(ctx.queue, 1, &submit, fence), "vkQueueSubmit");
          objects.submitted[0] = true; // the next slot(0) resets the fence
          detail::vkCheck(vkWaitForFences(ctx.device, 1, &fence, VK_TRUE, UINT64_MAX),
                          "vkWaitForFences (waiting for the kernel)");
        });
  }
  const std::uint64_t dispatches = gridSync.dynamic ? 0 : gridSync.dispatches;
  const std::uint64_t perPiece = detail::kGridSyncDispatchesPerCommandBuffer;
  const std::uint64_t pieces = (dispatches + perPiece - 1) / perPiece;
  for (std::uint64_t piece = 0; piece < pieces; ++piece) {
    const std::size_t index = static_cast<std::size_t>(piece % detail::kGridSyncPiecesInFlight);
    const auto [cb, fence] = objects.slot(index);
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    detail::vkCheck(vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");
    bind(cb);
    const std::uint64_t first = piece * perPiece;
    detail::recordDispatches(cb, gridSyncState ? gridSyncState->buffer : VK_NULL_HANDLE,
                             gridSync.fillBytes, result.dispatch.workgroupCount, first,
                             std::min(perPiece, dispatches - first));
    if (piece + 1 == pieces) {
      VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
      barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
      barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
      vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                           1, &barrier, 0, nullptr, 0, nullptr);
    }
    detail::vkCheck(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cb;
    detail::vkCheck(vkQueueSubmit(ctx.queue, 1, &submit, fence), "vkQueueSubmit");
    objects.submitted[index] = true;
  }
  for (std::size_t i = 0; i < objects.commands.size(); ++i)
    objects.wait(i);

  // Copy back what the kernel may have written.
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const BoundArray &a = bound.arrays()[i];
    if (!a.desc->writes())
      continue;
    buffers[i]->invalidate();
    a.download(buffers[i]->data());
  }
  // What the kernel printed, then what it raised (after the copy-back: the
  // invocations that did not raise wrote their results).
  if (std::optional<KernelError> raised = reports.collect())
    detail::throwKernelError(*raised);
  return result;
}

} // namespace nvc::rt
