// The same kernel as main.cpp, through the C++ header nvc generated at build
// time (nvc_add_kernels(... HEADER)): the module is embedded in the program,
// and the launch is a typed call checked by the C++ compiler
// (float a, ArrayRef<const float> x, ArrayRef<float> out).
#include "scale.h"

#include <nvc/Device.h>
#include <nvc/Error.h>

#include <cstdio>
#include <vector>

int main() {
  try {
    const std::size_t n = 1000;
    std::vector<float> x(n), out(n, -1.0f);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = static_cast<float>(i);

    nvc::rt::Device device;
    nvc_kernels::scale::scale scale(device);
    scale(nvc::rt::LaunchConfig::grid(n), 2.0f, x, out);

    for (std::size_t i = 0; i < n; ++i)
      if (out[i] != 2.0f * x[i] + 1.0f) {
        std::fprintf(stderr, "out[%zu] = %g, expected %g\n", i, out[i], 2.0f * x[i] + 1.0f);
        return 1;
      }
    std::printf("scale (header): %zu elements correct on %s\n", n, device.info().name.c_str());
    return 0;
  } catch (const nvc::rt::Error &e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
