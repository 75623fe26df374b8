// nvc-run --autotune: chooses the kernel's workgroup size by measurement (nvc/Autotune.h)
// on device-resident copies of its arrays, prints the table of candidates, keeps the
// choice per device and driver in autotune.json, and leaves the results of the chosen
// size in the caller's host arrays.
#pragma once

#include "nvc/Runtime.h"

#include <string>

namespace nvc::tools {

/// Uploads the arrays of `args`, tunes the workgroup size of `kernel` for `config` (a
/// --grid launch without --local-size; otherwise, or for a kernel with shared memory,
/// whose results may depend on the size, only the given or manifest size runs and the
/// table says why), runs the choice, copies the arrays the kernel writes back into the
/// host arrays, and prints the table. `moduleName` names the operation in the file.
/// Returns the dispatch of the chosen size. Throws what the launches throw.
rt::DispatchShape autotunedLaunch(rt::Device &device, rt::Kernel &kernel,
                                  const rt::Arguments &args, const rt::LaunchConfig &config,
                                  const std::string &moduleName);

} // namespace nvc::tools
