// The C++ header of `nvc --emit=header` (compiler/CppHeader.h), compiled into
// this program by nvc_add_kernels(... HEADER) and run on the first Vulkan
// device: every typed launch operator against values computed here, the
// overloads of a two-signature kernel, renamed parameters and classes, a view
// with strides, the accessor, an exception raised by a kernel, and arrays of
// records passed as the bytes of the header's structs. Outputs are poisoned
// (NaN, or a sentinel) before each launch.
#include <cerrno> // EOF and errno are macros: the header's parameters must not be
#include <cstdio> // spelled so
#include "typed_kernels.h"

#include <nvc/Error.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const std::string &what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    ++failures;
  }
}

namespace k = nvc_kernels::typed_kernels;
using nvc::rt::LaunchConfig;

void scalars(const nvc::rt::Device &device) {
  k::scalars kernel(device);
  std::vector<double> out(9, std::numeric_limits<double>::quiet_NaN());
  const std::int64_t big = (std::int64_t(1) << 40) + 3; // exact in @cuda.jit's int64
  kernel(LaunchConfig::grid(1), std::int8_t(-5), std::uint16_t(65000), big, true, 0.1,
         std::complex<float>(1.5f, -2.25f), std::complex<double>(1e-300, -7.0), out);
  const double want[] = {-5, 65000, double(big), 1, 0.1, 1.5, -2.25, 1e-300, -7.0};
  for (int i = 0; i < 9; ++i)
    check(out[i] == want[i], "scalars: out[" + std::to_string(i) + "] = " + std::to_string(out[i]));
}

void overloads(const nvc::rt::Device &device) {
  k::twice twice(device);
  const std::vector<float> x = {1.5f, -2.0f, 3.25f, 1e30f, -0.0f};
  std::vector<float> out(x.size(), std::numeric_limits<float>::quiet_NaN());
  twice(LaunchConfig::grid(x.size()), x, out); // const data for the read-only array
  for (std::size_t i = 0; i < x.size(); ++i)
    check(out[i] == x[i] * 2.0f, "twice(float32): element " + std::to_string(i));
  std::vector<std::int32_t> xi = {7, -8, 2147483647, 0}, outi(xi.size(), 12345);
  twice(LaunchConfig::grid(xi.size()), xi, outi); // the int32 signature
  const std::int32_t wanti[] = {14, -16, -2, 0};  // int32 wraps, as in the kernel
  for (std::size_t i = 0; i < xi.size(); ++i)
    check(outi[i] == wanti[i], "twice(int32): element " + std::to_string(i));
  check(&twice.kernel("twice__1") != &twice.kernel("twice"), "kernel(name) tells them apart");
  bool threw = false;
  try {
    twice.kernel("nope");
  } catch (const nvc::rt::Error &e) {
    threw = std::string(e.what()).find("no entry point 'nope'") != std::string::npos;
  }
  check(threw, "kernel(\"nope\") throws naming it");
}

void stridedView(const nvc::rt::Device &device) {
  k::transpose_add kernel(device);
  const std::int64_t rows = 3, cols = 5;
  std::vector<double> src(rows * cols); // C-contiguous rows x cols
  for (std::size_t i = 0; i < src.size(); ++i)
    src[i] = 0.5 * double(i) - 3.0;
  // The output: cols x rows in Fortran order (strides 1, cols), inside a larger buffer.
  std::vector<double> dst(rows * cols + 4, std::numeric_limits<double>::quiet_NaN());
  nvc::rt::ArrayRef<double> view(dst.data() + 2, {cols, rows}, {1, cols});
  kernel(LaunchConfig::grid(cols, rows).withWorkgroupSize(4, 4),
         nvc::rt::ArrayRef<const double>(src.data(), {rows, cols}), view, 10);
  for (std::int64_t i = 0; i < cols; ++i)
    for (std::int64_t j = 0; j < rows; ++j)
      check(dst[2 + i + j * cols] == src[j * cols + i] + 10,
            "transpose_add: [" + std::to_string(i) + ", " + std::to_string(j) + "]");
  check(std::isnan(dst[0]) && std::isnan(dst[1]) && std::isnan(dst[dst.size() - 1]),
        "transpose_add: elements outside the view untouched");
}

void renamedClassAndComplex(const nvc::rt::Device &device) {
  k::kernel_ rotate(device); // the Python kernel `kernel`
  std::vector<std::complex<double>> z = {{1, 2}, {-3.5, 0.25}, {0, -1}};
  const std::vector<std::complex<double>> before = z;
  rotate(LaunchConfig::grid(z.size()), z);
  for (std::size_t i = 0; i < z.size(); ++i)
    check(z[i] == before[i] * std::complex<double>(0, 1), "kernel: element " + std::to_string(i));
}

void collidingNames(const nvc::rt::Device &device) {
  k::kManifest kernel(device); // the Python kernel `kManifest`, not the embedded data
  std::vector<double> out(1, std::numeric_limits<double>::quiet_NaN());
  kernel(LaunchConfig::grid(1), 4, 2, out); // parameters EOF and errno
  check(out[0] == 42, "kManifest: out[0] = " + std::to_string(out[0]));
  std::string message;
  try {
    kernel(LaunchConfig::grid(1), -1, 0, out);
  } catch (const nvc::rt::KernelError &e) {
    message = e.what();
  }
  check(message.find("ValueError: negative??= EOF??!") != std::string::npos,
        "kManifest raises its message with trigraphs intact (got '" + message + "')");
}

void raises(const nvc::rt::Device &device) {
  k::checked_sqrt root(device);
  std::vector<float> x = {4.0f, 2.25f, 0.0f};
  root(LaunchConfig::grid(x.size()), x);
  check(x[0] == 2.0f && x[1] == 1.5f && x[2] == 0.0f, "checked_sqrt: square roots");
  std::vector<float> bad = {9.0f, -1.0f};
  std::string message;
  try {
    root(LaunchConfig::grid(bad.size()), bad);
  } catch (const nvc::rt::KernelError &e) {
    message = e.what();
  }
  check(message.find("ValueError: negative input") != std::string::npos,
        "checked_sqrt raises ValueError (got '" + message + "')");
}

void halves(const nvc::rt::Device &device) {
  // 1/3 rounds to the half 0x3555; times 3 (exact in float32) rounds to 1.0.
  k::halves h(device);
  std::vector<nvc::rt::Half> x = {nvc::rt::Half(1.0f / 3.0f), nvc::rt::Half(-2.5f)};
  std::vector<nvc::rt::Half> out(2);
  h(LaunchConfig::grid(x.size()), x, out, 3.0f);
  check(x[0].bits == 0x3555, "Half(1/3) is the nearest half");
  check(static_cast<float>(out[0]) == 1.0f && static_cast<float>(out[1]) == -7.5f,
        "halves: out = " + std::to_string(static_cast<float>(out[0])) + ", " +
            std::to_string(static_cast<float>(out[1])));
}

void records(const nvc::rt::Device &device) {
  // Values whose products and sums are exact in float32 and float64.
  k::step step(device);
  std::vector<k::p_record> ps(300);
  for (std::size_t i = 0; i < ps.size(); ++i)
    ps[i] = {0.25f * float(i) - 20.0f, 1.5f - 0.125f * float(i % 17), i % 3 != 1};
  const std::vector<k::p_record> before = ps;
  step(LaunchConfig::grid(ps.size()), nvc::rt::recordBytes(ps), 0.5f);
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const float want = before[i].alive ? before[i].x + before[i].v * 0.5f : before[i].x;
    check(ps[i].x == want && ps[i].v == before[i].v && ps[i].alive == before[i].alive,
          "step: record " + std::to_string(i));
  }
  static_assert(sizeof(k::cells_record) == 32, "an aligned record: 2 + 6 + 16 + 8 bytes");
  k::weigh weigh(device);
  std::vector<k::cells_record> cells(50);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    cells[i].id = static_cast<std::int16_t>(int(i) - 25);
    cells[i].w[0] = 0.5 * double(i) + 1.0;
    cells[i].w[1] = -3.25;
    cells[i].z = {1.0f, 0.5f * float(i)};
  }
  const std::vector<k::cells_record> &readOnly = cells;
  std::vector<double> out(cells.size(), std::numeric_limits<double>::quiet_NaN());
  weigh(LaunchConfig::grid(cells.size()), nvc::rt::recordBytes(readOnly), out);
  for (std::size_t i = 0; i < cells.size(); ++i)
    check(out[i] == cells[i].w[0] * cells[i].id + cells[i].w[1] + cells[i].z.imag(),
          "weigh: out[" + std::to_string(i) + "] = " + std::to_string(out[i]));
  k::one_particle one(device);
  k::p_record r{2.5f, -3.0f, true};
  std::vector<float> product(1, std::numeric_limits<float>::quiet_NaN());
  one(LaunchConfig::grid(1), nvc::rt::recordBytes(&r, {}), product);
  check(product[0] == -7.5f, "one_particle: " + std::to_string(product[0]));
  // Records of another size are refused when the launch binds them.
  std::vector<k::cells_record> wrong(3);
  bool threw = false;
  try {
    step(LaunchConfig::grid(3), nvc::rt::recordBytes(wrong), 0.5f);
  } catch (const nvc::rt::Error &e) {
    threw = std::string(e.what()).find("last extent is 9") != std::string::npos;
  }
  check(threw, "step refuses records of 32 bytes");
}

} // namespace

int main() {
  try {
    nvc::rt::Device device;
    scalars(device);
    overloads(device);
    stridedView(device);
    renamedClassAndComplex(device);
    raises(device);
    collidingNames(device);
    halves(device);
    records(device);
  } catch (const nvc::rt::Error &e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  if (failures)
    return 1;
  std::printf("header test passed\n");
  return 0;
}
