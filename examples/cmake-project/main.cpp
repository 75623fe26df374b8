// Runs the kernel that nvc compiled at build time (kernels/scale.py) on the
// first Vulkan device and checks the result on the host.
#include <nvc/Runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  try {
    const std::size_t n = 1000;
    std::vector<float> x(n), out(n, 0.0f);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = static_cast<float>(i);

    nvc::rt::Device device;
    nvc::rt::Module module(device, KERNEL_DIR "/scale.spv");
    nvc::rt::Kernel scale = module.kernel("scale");
    nvc::rt::Arguments args;
    args.scalar("a", 2.0f)
        .array("x", nvc::rt::HostArray::of(x))
        .array("out", nvc::rt::HostArray::of(out));
    scale.launch(args, nvc::rt::LaunchConfig::grid(n));

    for (std::size_t i = 0; i < n; ++i)
      if (out[i] != 2.0f * x[i] + 1.0f) {
        std::fprintf(stderr, "out[%zu] = %g, expected %g\n", i, out[i], 2.0f * x[i] + 1.0f);
        return 1;
      }
    std::printf("scale: %zu elements correct on %s\n", n, device.info().name.c_str());
    return 0;
  } catch (const nvc::rt::Error &e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
