// Streams and events: operations on device memory collected into batches, submitted
// to a queue without waiting, retired when their fences signal (nvc/Stream.h; the
// bookkeeping in StreamState.h).
#include "nvc/Stream.h"
#include "PinnedMemory.h"
#include "StreamState.h"
#include "StridedIteration.h"
#include "VulkanCheck.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

namespace nvc::rt {

namespace detail {

StreamState::StreamState(Device::Context *context, std::shared_ptr<Device::Context> owner,
                         VkQueue queue, std::uint32_t queueIndex)
    : context_(context), owner_(std::move(owner)), queue_(queue), queueIndex_(queueIndex) {
  Device::Context &ctx = *context_;
  if (ctx.copyQueues.empty())
    return;
  copyQueue_ = ctx.copyQueues[ctx.nextCopyQueue++ % ctx.copyQueues.size()];
  VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  type.initialValue = 0;
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  info.pNext = &type;
  vkCheck(vkCreateSemaphore(ctx.device, &info, nullptr, &timeline_), "vkCreateSemaphore");
}

StreamState::Engine StreamState::engineOf(const LaunchStep &step) const {
  const bool hostCopy =
      !step.kernel && !step.timestampPool && (step.stagingSrc || step.stagingDst);
  return copyQueue_ && hostCopy ? Copy : Compute;
}

StreamState::~StreamState() {
  try {
    flush();
    retire(true);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "nvc: error: a stream's work failed: %s\n", e.what());
    vkDeviceWaitIdle(context_->device); // nothing below may still be in use
  }
  for (Submission &s : inFlight_)
    release(s);
  for (VkFence fence : freeFences_)
    vkDestroyFence(context_->device, fence, nullptr);
  for (Engine e : {Compute, Copy})
    if (!freeCommands_[e].empty())
      vkFreeCommandBuffers(context_->device,
                           e == Copy ? context_->copyCommandPool : context_->commandPool,
                           static_cast<std::uint32_t>(freeCommands_[e].size()),
                           freeCommands_[e].data());
  if (timeline_)
    vkDestroySemaphore(context_->device, timeline_, nullptr);
  if (error_)
    std::fprintf(stderr,
                 "nvc: error: a kernel raised an exception on a stream that was never "
                 "synchronised: %s\n",
                 error_->what());
}

void StreamState::release(Submission &s) {
  if (s.fence)
    freeFences_.push_back(s.fence);
  for (const auto &[commands, engine] : s.commands)
    freeCommands_[engine].push_back(commands);
  // Earlier pieces of a grid-sync launch: complete when the submission is (they come
  // before its last command buffer on the queue), waited for to be sure before reuse.
  for (const auto &[fence, commands] : s.pieces) {
    vkWaitForFences(context_->device, 1, &fence, VK_TRUE, UINT64_MAX);
    freeFences_.push_back(fence);
    freeCommands_[Compute].push_back(commands);
  }
  s.pieces.clear();
  s.fence = VK_NULL_HANDLE;
  s.commands.clear();
}

void StreamState::waitFence(VkFence fence) {
  const VkDevice device = context_->device;
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::microseconds(500)) {
    const VkResult status = vkGetFenceStatus(device, fence);
    if (status == VK_SUCCESS)
      return;
    if (status != VK_NOT_READY)
      vkCheck(status, "vkGetFenceStatus");
    std::this_thread::yield(); // a CPU driver (lavapipe) needs the core to finish
  }
  vkCheck(vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX),
          "vkWaitForFences (waiting for a stream)");
}

std::uint64_t StreamState::enqueue(std::unique_ptr<LaunchStep> step,
                                   std::function<void()> onComplete) {
  const std::uint64_t ticket = ++enqueued_;
  const std::weak_ptr<StreamState> self = weak_from_this();
  for (const auto &buffer : step->deviceBuffers()) {
    auto &uses = buffer->uses;
    auto it = std::find_if(uses.begin(), uses.end(),
                           [&](const auto &u) { return !u.first.owner_before(self) &&
                                                       !self.owner_before(u.first); });
    if (it != uses.end())
      it->second = ticket;
    else
      uses.emplace_back(self, ticket);
    // Forget streams that are gone (their work completed when they went).
    uses.erase(std::remove_if(uses.begin(), uses.end(),
                              [](const auto &u) { return u.first.expired(); }),
               uses.end());
  }
  batch_.push_back(std::move(step));
  batchCompletions_.push_back(std::move(onComplete));
  if (context_->synchronousLaunches || !context_->deviceHandleAlive) {
    waitFor(ticket);
    return ticket;
  }
  retire(false);
  if (inFlight_.empty() || batch_.size() >= kMaxBatchOperations)
    flush();
  return ticket;
}

void StreamState::flush() {
  if (batch_.empty())
    return;
  const Device::Context &ctx = *context_;
  Submission s;
  try {
    if (!freeFences_.empty()) {
      s.fence = freeFences_.back();
      freeFences_.pop_back();
      vkCheck(vkResetFences(ctx.device, 1, &s.fence), "vkResetFences");
    } else {
      VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      vkCheck(vkCreateFence(ctx.device, &fenceInfo, nullptr, &s.fence), "vkCreateFence");
    }
    // A new command buffer of `engine`, begun (from the free list or allocated).
    auto startCommands = [&](Engine engine) {
      VkCommandBuffer cb = VK_NULL_HANDLE;
      if (!freeCommands_[engine].empty()) { // reset by vkBeginCommandBuffer (RESET pool)
        cb = freeCommands_[engine].back();
        freeCommands_[engine].pop_back();
      } else {
        VkCommandBufferAllocateInfo cbInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        cbInfo.commandPool = engine == Copy ? ctx.copyCommandPool : ctx.commandPool;
        cbInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        cbInfo.commandBufferCount = 1;
        vkCheck(vkAllocateCommandBuffers(ctx.device, &cbInfo, &cb), "vkAllocateCommandBuffers");
      }
      s.commands.emplace_back(cb, engine);
      VkCommandBufferBeginInfo beginInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
      beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
      vkCheck(vkBeginCommandBuffer(cb, &beginInfo), "vkBeginCommandBuffer");
      return cb;
    };
    // Ends and submits `cb`, signalling `fence` (may be null).
    auto submitCommands = [&](VkCommandBuffer cb, Engine engine, VkFence fence) {
      vkCheck(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
      VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
      submit.commandBufferCount = 1;
      submit.pCommandBuffers = &cb;
      // With a copy queue, each submission waits for the one before it (also across
      // batches and queues) through the stream's timeline semaphore.
      VkTimelineSemaphoreSubmitInfo values{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
      const std::uint64_t waitValue = timelineValue_, signalValue = timelineValue_ + 1;
      const VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
      if (timeline_) {
        values.waitSemaphoreValueCount = 1;
        values.pWaitSemaphoreValues = &waitValue;
        values.signalSemaphoreValueCount = 1;
        values.pSignalSemaphoreValues = &signalValue;
        submit.pNext = &values;
        submit.waitSemaphoreCount = 1;
        submit.pWaitSemaphores = &timeline_;
        submit.pWaitDstStageMask = &waitStage;
        submit.signalSemaphoreCount = 1;
        submit.pSignalSemaphores = &timeline_;
      }
      vkCheck(vkQueueSubmit(engine == Copy ? copyQueue_ : queue_, 1, &submit, fence),
              "vkQueueSubmit");
      if (timeline_)
        timelineValue_ = signalValue;
    };
    // One command buffer per run of steps on one engine; without a copy queue, one.
    for (std::size_t begin = 0; begin < batch_.size();) {
      const Engine engine = engineOf(*batch_[begin]);
      std::size_t end = begin + 1;
      while (end < batch_.size() && engineOf(*batch_[end]) == engine)
        ++end;
      VkCommandBuffer cb = startCommands(engine);
      // Orders the run after this queue's earlier submissions (and host writes
      // before the submission are visible to it by vkQueueSubmit's own guarantee).
      const auto barrier = engine == Copy && ctx.copyFamily != ctx.queueFamily
                               ? recordTransferBarrier
                               : recordBarrier;
      barrier(cb);
      for (std::size_t i = begin; i < end; ++i) {
        const LaunchStep &step = *batch_[i];
        const std::uint64_t dispatches = step.kernel ? step.gridSync.dispatches : 1;
        if (step.kernel && step.gridSync.dynamic) {
          // A dynamic schedule (docs/manifest.md "Dynamic schedules"): what is
          // recorded is submitted, then each batch in a command buffer of its own,
          // waited for before the next (the host reads the flag in between). Running
          // past the dispatch cap is reported by the launch (Kernel::launch), not here:
          // the steps after it still run.
          submitCommands(cb, engine, VK_NULL_HANDLE);
          VkFence batchFence = VK_NULL_HANDLE;
          if (!freeFences_.empty()) {
            batchFence = freeFences_.back();
            freeFences_.pop_back();
          } else {
            VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
            vkCheck(vkCreateFence(ctx.device, &fenceInfo, nullptr, &batchFence),
                    "vkCreateFence");
          }
          struct FenceBack {
            std::vector<VkFence> &free;
            VkFence fence;
            ~FenceBack() { free.push_back(fence); }
          } fenceBack{freeFences_, batchFence};
          try {
            step.dynamicOutcome->dispatches = runDynamicGridSync(
                *step.dynamicReadback, step.kernel->entry->name, step.gridSyncState->buffer, step.gridSync,
                step.groups, [&](VkCommandBuffer b) { recordBindings(b, step); },
                [&](const std::function<void(VkCommandBuffer)> &record) {
                  VkCommandBuffer b = startCommands(engine);
                  record(b);
                  vkCheck(vkResetFences(ctx.device, 1, &batchFence), "vkResetFences");
                  submitCommands(b, engine, batchFence);
                  waitFence(batchFence);
                  s.commands.pop_back(); // done: back to the free list
                  freeCommands_[engine].push_back(b);
                });
          } catch (const Error &e) {
            step.dynamicOutcome->error = e.what();
          }
          cb = startCommands(engine);
          barrier(cb);
          continue;
        }
        if (dispatches <= kGridSyncDispatchesPerCommandBuffer) {
          recordStep(cb, step);
        } else {
          // A grid-synchronising launch of many dispatches (docs/manifest.md "Grid
          // synchronisation"): pieces of kGridSyncDispatchesPerCommandBuffer, each
          // submitted when recorded; before recording a piece, the one
          // kGridSyncPiecesInFlight before it is waited for and its command buffer
          // reused, so that recorded commands stay bounded.
          const std::uint64_t per = kGridSyncDispatchesPerCommandBuffer;
          for (std::uint64_t first = 0; first < dispatches; first += per) {
            if (first > 0) {
              VkFence pieceFence = VK_NULL_HANDLE;
              if (!freeFences_.empty()) {
                pieceFence = freeFences_.back();
                freeFences_.pop_back();
                vkCheck(vkResetFences(ctx.device, 1, &pieceFence), "vkResetFences");
              } else {
                VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
                vkCheck(vkCreateFence(ctx.device, &fenceInfo, nullptr, &pieceFence),
                        "vkCreateFence");
              }
              try {
                submitCommands(cb, engine, pieceFence);
              } catch (...) {
                freeFences_.push_back(pieceFence); // never submitted
                throw;
              }
              s.pieces.push_back({pieceFence, cb});
              s.commands.pop_back(); // with its piece now
              if (s.pieces.size() >= kGridSyncPiecesInFlight) {
                auto [oldFence, oldCommands] = s.pieces.front();
                s.pieces.pop_front();
                waitFence(oldFence);
                freeFences_.push_back(oldFence);
                freeCommands_[engine].push_back(oldCommands);
              }
              cb = startCommands(engine);
            }
            recordLaunchDispatches(cb, step, first, std::min(per, dispatches - first));
          }
        }
        barrier(cb);
      }
      submitCommands(cb, engine, end == batch_.size() ? s.fence : VK_NULL_HANDLE);
      begin = end;
    }
  } catch (...) {
    // Command buffers already submitted cannot be reused before they finish: wait.
    vkDeviceWaitIdle(ctx.device);
    release(s);
    throw;
  }
  s.lastTicket = enqueued_;
  s.steps = std::move(batch_);
  s.completions = std::move(batchCompletions_);
  batch_.clear();
  batchCompletions_.clear();
  submitted_ = s.lastTicket;
  inFlight_.push_back(std::move(s));
}

void StreamState::retire(bool wait) {
  const Device::Context &ctx = *context_;
  while (!inFlight_.empty()) {
    Submission &s = inFlight_.front();
    if (wait) {
      waitFence(s.fence);
    } else {
      const VkResult status = vkGetFenceStatus(ctx.device, s.fence);
      if (status == VK_NOT_READY)
        return;
      vkCheck(status, "vkGetFenceStatus");
    }
    // Finished: off the queue first, so that a print handler (user code) that throws
    // below can neither deliver these prints twice nor leave a finished submission
    // behind. Then in enqueue order: host completions and prints, the first exception.
    completed_ = s.lastTicket;
    Submission done = std::move(s);
    inFlight_.pop_front();
    release(done);
    for (std::size_t i = 0; i < done.steps.size(); ++i) {
      if (done.completions[i])
        done.completions[i]();
      if (done.steps[i]->reports)
        if (std::optional<KernelError> raised = done.steps[i]->reports->collect();
            raised && !error_)
          error_ = std::move(raised);
    }
  }
}

void StreamState::waitFor(std::uint64_t ticket) {
  if (ticket > submitted_)
    flush();
  while (completed_ < ticket && !inFlight_.empty()) {
    waitFence(inFlight_.front().fence);
    retire(false);
  }
  if (error_) {
    KernelError raised = std::move(*error_);
    error_.reset();
    throwKernelError(raised);
  }
}

bool StreamState::idle() {
  retire(false);
  if (inFlight_.empty())
    flush();
  return completed_ == enqueued_;
}

bool StreamState::done(std::uint64_t ticket) {
  retire(false);
  if (ticket > submitted_ && inFlight_.empty())
    flush();
  return completed_ >= ticket;
}

void waitForUses(const DeviceBuffer::State &buffer) {
  // Copy first: waiting delivers completions, which may touch `uses` of other buffers.
  const auto uses = buffer.uses;
  for (const auto &[weak, ticket] : uses)
    if (std::shared_ptr<StreamState> stream = weak.lock())
      stream->waitFor(ticket);
}

StreamState &defaultStream(Device::Context &context) { return *context.defaultStream; }

} // namespace detail

// ---------------------------------------------------------------------------------
// Stream

Stream::Stream(std::shared_ptr<detail::StreamState> state, std::shared_ptr<Device::Context> context)
    : state_(std::move(state)), context_(std::move(context)) {}

Stream Stream::create(const std::shared_ptr<Device::Context> &context) {
  Device::Context &ctx = *context;
  // Queue 0 serves the default stream and the synchronous work; new streams take
  // the others in turn, or share queue 0 when there is no other.
  const std::uint32_t n = static_cast<std::uint32_t>(ctx.queues.size());
  const std::uint32_t index = n > 1 ? 1 + ctx.nextStreamQueue++ % (n - 1) : 0;
  auto state =
      std::make_shared<detail::StreamState>(context.get(), context, ctx.queues[index], index);
  ctx.streams.push_back(state);
  return Stream(std::move(state), context);
}

Stream::Stream(const Device &device) : Stream(create(device.context())) {}

Stream Stream::defaultStream(const Device &device) {
  return Stream(device.context()->defaultStream, device.context());
}

Stream::~Stream() = default;
Stream::Stream(const Stream &) = default;
Stream &Stream::operator=(const Stream &) = default;
Stream::Stream(Stream &&) noexcept = default;
Stream &Stream::operator=(Stream &&) noexcept = default;

Stream &Stream::launch(Kernel &kernel, const DeviceArguments &args, const LaunchConfig &config) {
  kernel.launch(args, config, *this);
  return *this;
}

namespace {

void checkStream(const Device::Context *ctx, const DeviceBuffer &buffer, const char *what) {
  if (buffer.state()->context.get() != ctx)
    throw Error(fmt::format("{}: the device array belongs to another device than the stream", what));
}

} // namespace

Stream &Stream::copyToDevice(const HostArray &host, DeviceArray &array) {
  const char *what = "Stream::copyToDevice";
  detail::checkSameDTypeAndShape(array, host, what);
  checkStream(context_.get(), array.buffer(), what);
  if (!array.descriptor().isCContiguous())
    throw Error(fmt::format("{}: the device array is a view whose elements are not contiguous; "
                            "copy it with DeviceArray::copyFromHost, which waits",
                            what));
  const std::uint64_t bytes = array.bytes();
  if (bytes == 0)
    return *this;
  auto step = std::make_unique<detail::LaunchStep>();
  step->context = context_;
  step->label = "copy to device";
  // From pinned memory directly; other memory through a staging buffer, filled now.
  std::optional<detail::PinnedRange> pinned;
  if (host.isCContiguous() && array.storageDType() == array.dtype())
    pinned = detail::findPinned(*context_, host.data, bytes);
  if (pinned) {
    pinned->buffer->flush();
    step->stagingSrc = std::move(pinned->buffer);
    step->srcOffset = pinned->offset;
  } else {
    auto staging = std::make_shared<detail::HostVisibleBuffer>(context_, bytes,
                                                               VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    detail::packForDevice(array, host, static_cast<unsigned char *>(staging->data()),
                          array.offset(), what);
    staging->flush();
    step->stagingSrc = std::move(staging);
  }
  step->dst = array.buffer().state();
  step->dstOffset = static_cast<std::uint64_t>(array.offset()) * dtypeSize(array.storageDType());
  step->bytes = bytes;
  state_->enqueue(std::move(step));
  return *this;
}

Stream &Stream::copyToHost(const DeviceArray &array, const HostArray &host) {
  const char *what = "Stream::copyToHost";
  detail::checkSameDTypeAndShape(array, host, what);
  checkStream(context_.get(), array.buffer(), what);
  const std::size_t storageSize = dtypeSize(array.storageDType());
  const auto [lo, hi] = detail::elementSpan(array.shape(), array.strides(), array.offset());
  if (hi < lo)
    return *this; // no elements
  const std::uint64_t bytes = static_cast<std::uint64_t>(hi - lo + 1) * storageSize;
  if (host.isCContiguous() && array.storageDType() == array.dtype() &&
      array.descriptor().isCContiguous())
    if (auto pinned = detail::findPinned(*context_, host.data, bytes)) {
      auto step = std::make_unique<detail::LaunchStep>();
      step->context = context_;
      step->label = "copy to host";
      step->src = array.buffer().state();
      step->srcOffset = static_cast<std::uint64_t>(lo) * storageSize;
      step->stagingDst = pinned->buffer;
      step->dstOffset = pinned->offset;
      step->bytes = bytes;
      state_->enqueue(std::move(step), [buffer = pinned->buffer] { buffer->invalidate(); });
      return *this;
    }
  auto staging = std::make_shared<detail::HostVisibleBuffer>(context_, bytes,
                                                             VK_BUFFER_USAGE_TRANSFER_DST_BIT);
  auto step = std::make_unique<detail::LaunchStep>();
  step->context = context_;
  step->label = "copy to host";
  step->src = array.buffer().state();
  step->srcOffset = static_cast<std::uint64_t>(lo) * storageSize;
  step->stagingDst = staging;
  step->bytes = bytes;
  // The array and host descriptions are copied: the completion runs later.
  state_->enqueue(std::move(step), [array, host, staging, lo = lo] {
    staging->invalidate();
    detail::unpackFromDevice(array, static_cast<const unsigned char *>(staging->data()), lo, host);
  });
  return *this;
}

Stream &Stream::copy(const DeviceBuffer &src, DeviceBuffer &dst, std::uint64_t bytes) {
  state_->enqueue(detail::prepareBufferCopy(context_, src, dst, bytes, "copy", "Stream::copy",
                                            "the stream"));
  return *this;
}

void Stream::flush() { state_->flush(); }
bool Stream::query() { return state_->idle(); }
void Stream::synchronize() { state_->synchronize(); }
std::uint32_t Stream::queueIndex() const { return state_->queueIndex(); }

// ---------------------------------------------------------------------------------
// Launches on device arrays

LaunchResult Kernel::launch(const DeviceArguments &args, const LaunchConfig &config) {
  Stream stream(state_->module->context->defaultStream, state_->module->context);
  return launch(args, config, stream);
}

LaunchResult Kernel::launch(const DeviceArguments &args, const LaunchConfig &config,
                            Stream &stream) {
  const std::shared_ptr<Device::Context> &context = state_->module->context;
  if (stream.state()->context().device != context->device)
    throw Error(fmt::format("kernel '{}' belongs to another device than the stream",
                            state_->entry->name));
  auto [bound, buffers] = detail::bindDeviceArguments(*state_, args);
  std::unique_ptr<detail::LaunchStep> step =
      detail::prepareLaunch(context, state_, bound, buffers, config, "");
  if (step->reports)
    step->reports->resetOnHost();
  LaunchResult result;
  result.dispatch = step->shape;
  result.dispatches = step->gridSync.dispatches;
  const std::shared_ptr<detail::LaunchStep::DynamicOutcome> outcome = step->dynamicOutcome;
  stream.state()->enqueue(std::move(step));
  if (outcome) {
    // A dynamic schedule runs when its batch is submitted (blocking per batch).
    stream.state()->flush();
    if (!outcome->error.empty())
      throw Error(outcome->error);
    result.dispatches = outcome->dispatches;
  }
  return result;
}

// ---------------------------------------------------------------------------------
// Events

namespace {
/// One timestamp query, shared with the steps that write it (an Event may go before
/// its stream has run them).
struct TimestampQuery {
  std::shared_ptr<Device::Context> context;
  VkQueryPool pool = VK_NULL_HANDLE;
  ~TimestampQuery() {
    if (pool)
      vkDestroyQueryPool(context->device, pool, nullptr);
  }
};
} // namespace

struct Event::State {
  std::shared_ptr<Device::Context> context;
  std::shared_ptr<TimestampQuery> query;
  std::weak_ptr<detail::StreamState> stream;
  std::uint64_t ticket = 0; ///< 0: never recorded
};

Event::Event(const Device &device) : Event(device.context()) {}

namespace {
std::shared_ptr<TimestampQuery> makeTimestampQuery(const std::shared_ptr<Device::Context> &context) {
  auto query = std::make_shared<TimestampQuery>();
  query->context = context;
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = VK_QUERY_TYPE_TIMESTAMP;
  info.queryCount = 1;
  detail::vkCheck(vkCreateQueryPool(context->device, &info, nullptr, &query->pool),
                  "vkCreateQueryPool");
  return query;
}
} // namespace

Event::Event(const std::shared_ptr<Device::Context> &context) : state_(std::make_unique<State>()) {
  state_->context = context;
}
Event::~Event() = default;
Event::Event(Event &&) noexcept = default;
Event &Event::operator=(Event &&) noexcept = default;

void Event::record(Stream &stream) {
  State &s = *state_;
  if (&stream.state()->context() != s.context.get())
    throw Error("Event::record: the stream belongs to another device than the event");
  // A query of its own per mark: the last one may still be in flight (its step
  // keeps it alive). No timestamp where the queue has none (a no-op mark).
  s.query = makeTimestampQuery(s.context);
  auto step = std::make_unique<detail::LaunchStep>();
  step->context = s.context;
  step->label = "event";
  if (detail::timestampSupport(*s.context).supported()) {
    step->timestampPool = s.query->pool;
    step->keepAlive = s.query;
  }
  s.ticket = stream.state()->enqueue(std::move(step));
  s.stream = stream.state();
}

void Event::record() {
  Stream stream(state_->context->defaultStream, state_->context);
  record(stream);
}

bool Event::query() {
  State &s = *state_;
  if (!s.ticket)
    return false;
  auto stream = s.stream.lock();
  return !stream || stream->done(s.ticket);
}

void Event::synchronize() {
  State &s = *state_;
  if (!s.ticket)
    throw Error("Event::synchronize: the event was never recorded");
  if (auto stream = s.stream.lock())
    stream->waitFor(s.ticket);
}

double Event::elapsedTime(Event &end) {
  State &a = *state_, &b = *end.state_;
  if (!a.ticket || !b.ticket)
    throw Error("Event::elapsedTime: both events must be recorded");
  if (a.context != b.context)
    throw Error("Event::elapsedTime: the events belong to different devices");
  Device::Context &ctx = *a.context;
  const TimestampSupport support = detail::timestampSupport(ctx);
  if (!support.supported())
    throw Error(fmt::format("Event::elapsedTime: the compute queue of '{}' has no timestamps",
                            ctx.info.name));
  synchronize();
  end.synchronize();
  std::uint64_t ticks[2] = {0, 0};
  for (int i = 0; i < 2; ++i)
    detail::vkCheck(vkGetQueryPoolResults(ctx.device, (i ? b : a).query->pool, 0, 1,
                                          sizeof(std::uint64_t), &ticks[i], sizeof(std::uint64_t),
                                          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                    "vkGetQueryPoolResults");
  // An end marked before the start gives a negative time, as CUDA's would.
  const double forward = detail::timestampMs(support, ticks[0], ticks[1]);
  const double backward = detail::timestampMs(support, ticks[1], ticks[0]);
  return forward < backward || forward == 0 ? forward : -backward;
}

// ---------------------------------------------------------------------------------
// Device-wide

void Device::synchronize() { detail::synchronizeAll(*context_); }

void detail::synchronizeAll(Device::Context &ctx) {
  std::optional<KernelError> first;
  auto wait = [&](detail::StreamState &stream) {
    try {
      stream.synchronize();
    } catch (const KernelError &e) {
      if (!first)
        first = e;
      else // one is thrown; the others are not lost
        std::fprintf(stderr, "nvc: error: another stream's kernel also raised: %s\n", e.what());
    }
  };
  wait(*ctx.defaultStream);
  for (const auto &weak : ctx.streams)
    if (auto stream = weak.lock())
      wait(*stream);
  ctx.streams.erase(std::remove_if(ctx.streams.begin(), ctx.streams.end(),
                                   [](const auto &w) { return w.expired(); }),
                    ctx.streams.end());
  if (first)
    detail::throwKernelError(*first);
}

} // namespace nvc::rt
