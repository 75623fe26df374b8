// The nvc runtime stub's public interface in one include: open a Vulkan Device, load
// a Module (kernel.spv + kernel.json), take a Kernel for an entry point, pass
// Arguments by name and launch it on host arrays.
//
//   nvc::rt::Device device;                          // first discrete GPU … CPU
//   nvc::rt::Module module(device, "saxpy.spv");     // reads saxpy.json too
//   nvc::rt::Kernel saxpy = module.kernel("saxpy");
//   nvc::rt::Arguments args;
//   args.scalar("a", 2.0f).array("x", nvc::rt::HostArray::of(x))
//       .array("y", nvc::rt::HostArray::of(y));
//   saxpy.launch(args, nvc::rt::LaunchConfig::grid(x.size()));
//
// Every error is reported as an nvc::rt::Error exception.
#pragma once

#include "nvc/Arguments.h"
#include "nvc/ArrayRef.h"
#include "nvc/Autotune.h"
#include "nvc/BoundArguments.h"
#include "nvc/Capabilities.h"
#include "nvc/Casting.h"
#include "nvc/Chain.h"
#include "nvc/DType.h"
#include "nvc/Device.h"
#include "nvc/DeviceBuffer.h"
#include "nvc/EmbeddedModule.h"
#include "nvc/Dispatch.h"
#include "nvc/GridSync.h"
#include "nvc/Error.h"
#include "nvc/HostArray.h"
#include "nvc/Kernel.h"
#include "nvc/Manifest.h"
#include "nvc/Module.h"
#include "nvc/Npy.h"
#include "nvc/PinnedArray.h"
#include "nvc/Random.h"
#include "nvc/Record.h"
#include "nvc/Stream.h"
#include "nvc/Ufunc.h"

namespace nvc::rt {

/// Version of the runtime library ("0.1.0").
const char *runtimeVersion();

} // namespace nvc::rt
