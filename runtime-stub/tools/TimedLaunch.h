// nvc-run --time: runs a kernel on device-resident copies of its arrays, warm-up runs
// first, then N timed runs in one submission with Vulkan timestamps around each
// dispatch; uploads and downloads are timed on the host separately.
#pragma once

#include "nvc/Runtime.h"

#include <string>

namespace nvc::tools {

struct TimingOptions {
  unsigned repeats = 0; ///< timed runs (0: no timing)
  unsigned warmup = 1;  ///< untimed runs before them
  std::string jsonPath; ///< write the results there as JSON when not empty
};

/// Binds `args`, uploads the arrays into device buffers, runs the kernel
/// opt.warmup + opt.repeats times, downloads the arrays the kernel writes into the
/// caller's host arrays (their values after the last run), prints one summary line
/// ("gpu time: median … ms …") and writes opt.jsonPath. Returns the dispatch shape.
rt::DispatchShape timedLaunch(rt::Device &device, rt::Kernel &kernel, const rt::Arguments &args,
                              const rt::LaunchConfig &config, const TimingOptions &opt,
                              const std::string &moduleName);

} // namespace nvc::tools
