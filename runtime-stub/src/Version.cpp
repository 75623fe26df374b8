// The runtime library's version string, set by the build (NVC_RUNTIME_VERSION).
#include "nvc/Runtime.h"

#ifndef NVC_RUNTIME_VERSION
#define NVC_RUNTIME_VERSION "0.0.0"
#endif

namespace nvc::rt {

const char *runtimeVersion() { return NVC_RUNTIME_VERSION; }

} // namespace nvc::rt
