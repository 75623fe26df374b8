// The cost of a grid-synchronising launch (docs/manifest.md "Grid synchronisation")
// against its number of dispatches, printing one JSON object per line:
//
//   nvc-gridsync-bench SPV MANIFEST [invocations [DYN_SPV DYN_MANIFEST]]
//
// SPV/MANIFEST: tests/runtime/gridsync_count.comp compiled by the runtime tests
// (build/runtime-stub/test-shaders/gridsync_count.spv) and its manifest, whose
// dispatch count is the scalar `n`. For D = 1, 100, 1000, 10000, 100000 dispatches:
//   - "launch": Kernel::launch on a host array (what nvc-run does: upload, the
//     dispatches in pieces of kGridSyncDispatchesPerCommandBuffer, wait, download),
//     median wall milliseconds of 5;
//   - "one_cb": the same launch's dispatches recorded into ONE command buffer (bind,
//     fill, D dispatches with their barriers): the milliseconds to record it, to
//     submit and wait for it, and the process's resident memory growth while it
//     exists (what recording costs, without pieces);
//   - "pieces": recorded in pieces of P dispatches (P = 256, 1024, 4096, 16384), each
//     submitted when recorded with at most 3 in flight: wall milliseconds;
//   - with DYN_SPV/DYN_MANIFEST (tests/runtime/gridsync_dynamic.comp, dispatches null):
//     "dynamic": Kernel::launch of a dynamic schedule needing D dispatches (batches of
//     1, 2, 4 ... 4096, the host reading the flag after each), median of 5, against
//     the static kernel launched with as many dispatches as the batches ran.
#include "DeviceBufferState.h"
#include "LaunchStep.h"
#include "VulkanCheck.h"
#include "nvc/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using namespace nvc::rt;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Resident set size in KiB (/proc/self/statm).
long residentKiB() {
  std::ifstream in("/proc/self/statm");
  long size = 0, resident = 0;
  in >> size >> resident;
  return resident * 4;
}


/// Records and runs `step` in pieces of `perPiece` dispatches, at most `inFlight`
/// command buffers in flight; returns {record ms, wall ms}.
std::pair<double, double> runPieces(const Device::Context &ctx, const detail::LaunchStep &step,
                                    std::uint64_t perPiece, std::size_t inFlight) {
  const std::uint64_t d = step.gridSync.dispatches;
  std::vector<VkCommandBuffer> cbs(inFlight);
  std::vector<VkFence> fences(inFlight);
  std::vector<bool> used(inFlight, false);
  VkCommandBufferAllocateInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  info.commandPool = ctx.commandPool;
  info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  info.commandBufferCount = static_cast<std::uint32_t>(inFlight);
  detail::vkCheck(vkAllocateCommandBuffers(ctx.device, &info, cbs.data()), "alloc");
  for (VkFence &f : fences) {
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    detail::vkCheck(vkCreateFence(ctx.device, &fi, nullptr, &f), "fence");
  }
  double recordMs = 0;
  const auto start = Clock::now();
  std::uint64_t piece = 0;
  for (std::uint64_t first = 0; first < d; first += perPiece, ++piece) {
    const std::size_t i = piece % inFlight;
    if (used[i]) {
      vkWaitForFences(ctx.device, 1, &fences[i], VK_TRUE, UINT64_MAX);
      vkResetFences(ctx.device, 1, &fences[i]);
    }
    const auto r0 = Clock::now();
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(cbs[i], &begin);
    detail::recordLaunchDispatches(cbs[i], step, first, std::min(perPiece, d - first));
    vkEndCommandBuffer(cbs[i]);
    recordMs += msSince(r0);
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cbs[i];
    detail::vkCheck(vkQueueSubmit(ctx.queue, 1, &submit, fences[i]), "submit");
    used[i] = true;
  }
  for (std::size_t i = 0; i < inFlight; ++i)
    if (used[i])
      vkWaitForFences(ctx.device, 1, &fences[i], VK_TRUE, UINT64_MAX);
  const double wallMs = msSince(start);
  for (VkFence f : fences)
    vkDestroyFence(ctx.device, f, nullptr);
  vkFreeCommandBuffers(ctx.device, ctx.commandPool, static_cast<std::uint32_t>(inFlight),
                       cbs.data());
  return {recordMs, wallMs};
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: nvc-gridsync-bench SPV MANIFEST [invocations]\n");
    return 2;
  }
  const std::int64_t invocations = argc > 3 ? std::atoll(argv[3]) : 64;
  Device device;
  Module module(device, argv[1], argv[2]);
  Kernel kernel = module.kernel();
  const Device::Context &ctx = *device.context();
  std::vector<std::int32_t> host(static_cast<std::size_t>(invocations));
  DeviceArray out(device, DType::Int32, {invocations});
  fmt::print("{{\"device\": \"{}\", \"invocations\": {}}}\n", device.info().name, invocations);
  for (std::int64_t d : {1, 100, 1000, 10000, 100000}) {
    // Kernel::launch on a host array, as nvc-run launches.
    std::vector<double> launchMs;
    for (int rep = 0; rep < 5; ++rep) {
      Arguments args;
      args.array("out", HostArray::of(host)).scalar("n", d);
      const auto t0 = Clock::now();
      kernel.launch(args, LaunchConfig::grid(invocations));
      launchMs.push_back(msSince(t0));
      if (host[0] != d)
        fmt::print(stderr, "wrong result: {} after {} dispatches\n", host[0], d);
    }
    fmt::print("{{\"dispatches\": {}, \"launch_ms\": {:.3f}, \"launch_us_per_dispatch\": {:.2f}}}\n",
               d, median(launchMs), 1000 * median(launchMs) / d);

    // The step behind a launch on device arrays, recorded by hand.
    const DeviceArguments dargs = DeviceArguments().array("out", out).scalar("n", d);
    auto [bound, buffers] = detail::bindDeviceArguments(*kernel.state(), dargs);
    auto step = detail::prepareLaunch(device.context(), kernel.state(), bound, buffers,
                                      LaunchConfig::grid(invocations), "");
    // One command buffer.
    {
      VkCommandBuffer cb = VK_NULL_HANDLE;
      VkCommandBufferAllocateInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
      info.commandPool = ctx.commandPool;
      info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
      info.commandBufferCount = 1;
      detail::vkCheck(vkAllocateCommandBuffers(ctx.device, &info, &cb), "alloc");
      const long rss0 = residentKiB();
      const auto r0 = Clock::now();
      VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
      begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
      vkBeginCommandBuffer(cb, &begin);
      detail::recordStep(cb, *step);
      vkEndCommandBuffer(cb);
      const double recordMs = msSince(r0);
      const long rss1 = residentKiB();
      VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      VkFence fence = VK_NULL_HANDLE;
      vkCreateFence(ctx.device, &fi, nullptr, &fence);
      const auto s0 = Clock::now();
      VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
      submit.commandBufferCount = 1;
      submit.pCommandBuffers = &cb;
      detail::vkCheck(vkQueueSubmit(ctx.queue, 1, &submit, fence), "submit");
      vkWaitForFences(ctx.device, 1, &fence, VK_TRUE, UINT64_MAX);
      const double runMs = msSince(s0);
      vkDestroyFence(ctx.device, fence, nullptr);
      vkFreeCommandBuffers(ctx.device, ctx.commandPool, 1, &cb);
      fmt::print("{{\"dispatches\": {}, \"one_cb_record_ms\": {:.3f}, \"one_cb_submit_wait_ms\": "
                 "{:.3f}, \"one_cb_total_ms\": {:.3f}, \"one_cb_rss_growth_kib\": {}}}\n",
                 d, recordMs, runMs, recordMs + runMs, rss1 - rss0);
    }
    for (std::uint64_t perPiece : {256u, 1024u, 4096u, 16384u}) {
      if (perPiece / 4 > static_cast<std::uint64_t>(d))
        continue;
      std::vector<double> wall, rec;
      for (int rep = 0; rep < 3; ++rep) {
        auto [r, w] = runPieces(ctx, *step, perPiece, 3);
        rec.push_back(r);
        wall.push_back(w);
      }
      fmt::print("{{\"dispatches\": {}, \"pieces_of\": {}, \"record_ms\": {:.3f}, \"wall_ms\": "
                 "{:.3f}}}\n",
                 d, perPiece, median(rec), median(wall));
    }
    if (out.toVector<std::int32_t>()[0] != d)
      fmt::print(stderr, "wrong device result after {} dispatches\n", d);
  }
  if (argc > 5) {
    // A dynamic schedule (grid_sync.dispatches null): gridsync_dynamic with one
    // invocation running D - 1 phases, the others 1 (max(D, 2) dispatches needed),
    // through Kernel::launch,
    // against the static kernel launched with as many dispatches as the batches ran.
    Module dynModule(device, argv[4], argv[5]);
    Kernel dyn = dynModule.kernel();
    for (std::int64_t d : {1, 100, 1000, 10000, 100000}) {
      std::vector<std::int32_t> inp(static_cast<std::size_t>(invocations)), res(inp.size()),
          seen(inp.size());
      for (std::size_t i = 0; i < inp.size(); ++i)
        inp[i] = (i == 0 ? std::int32_t(d - 1) : 1) - std::int32_t(i * 7 % 13);
      std::vector<double> ms, staticMs;
      std::uint64_t ran = 0;
      for (int rep = 0; rep < 5; ++rep) {
        Arguments args;
        args.array("inp", HostArray::of(inp)).array("out", HostArray::of(res));
        args.array("seen", HostArray::of(seen));
        const auto t0 = Clock::now();
        ran = dyn.launch(args, LaunchConfig::grid(invocations)).dispatches;
        ms.push_back(msSince(t0));
        if (res[0] != d - 1)
          fmt::print(stderr, "wrong dynamic result: {} for {} phases\n", res[0], d - 1);
        Arguments sargs;
        sargs.array("out", HostArray::of(host)).scalar("n", static_cast<std::int64_t>(ran));
        const auto t1 = Clock::now();
        kernel.launch(sargs, LaunchConfig::grid(invocations));
        staticMs.push_back(msSince(t1));
      }
      fmt::print("{{\"dynamic_needed\": {}, \"dispatches_run\": {}, \"dynamic_launch_ms\": "
                 "{:.3f}, \"static_launch_ms_same_dispatches\": {:.3f}}}\n",
                 std::max<std::int64_t>(d, 2), ran, median(ms), median(staticMs));
    }
  }
  return 0;
}
