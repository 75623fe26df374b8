// Tests of device-array views (DeviceArray::slice, at, transpose, reshape): their
// shapes, offsets and strides against the same NumPy-style view of the host data,
// copies to and from strided views (the other elements untouched), and launches of
// scale2d (layout A: dst[i, j] = s * src[i, j] + j) on views, whose offsets and strides
// reach the kernel through the parameter block. References are computed on the host
// from the same random data; outputs are poisoned first.
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

/// The elements of `a` in C order, read through copyToHost.
std::vector<double> elements(const DeviceArray &a) { return a.toVector<double>(); }

/// Element [i][j] of the rows x cols C-contiguous host matrix `m`.
double at2(const std::vector<double> &m, std::int64_t cols, std::int64_t i, std::int64_t j) {
  return m[static_cast<std::size_t>(i * cols + j)];
}

} // namespace

TEST_CASE("device views have NumPy's shapes, offsets and strides", "[device-view]") {
  Device &device = sharedDevice();
  const std::int64_t rows = 5, cols = 7;
  const std::vector<double> host = randomDoubles(rows * cols, -4, 4);
  std::vector<double> copy = host;
  DeviceArray a =
      DeviceArray::fromHost(device, HostArray::contiguous(copy.data(), DType::Float64,
                                                          {rows, cols}));
  CHECK(a.isWholeBuffer());
  CHECK(a.strides() == std::vector<std::int64_t>{7, 1});

  // a[1:4, ::2]
  DeviceArray v = a.slice(0, 1, 4).slice(1, 0, kMax, 2);
  CHECK(v.shape() == std::vector<std::int64_t>{3, 4});
  CHECK(v.strides() == std::vector<std::int64_t>{7, 2});
  CHECK(v.offset() == 7);
  CHECK_FALSE(v.isWholeBuffer());
  std::vector<double> got = elements(v);
  for (std::int64_t i = 0; i < 3; ++i)
    for (std::int64_t j = 0; j < 4; ++j)
      CHECK(got[static_cast<std::size_t>(i * 4 + j)] == at2(host, cols, 1 + i, 2 * j));

  // a[::-1, -2] (a column, reversed), a[-1:-4:-1], a.T, and a[2] (a row)
  DeviceArray col = a.slice(0, kMax, kMin, -1).at(1, -2);
  CHECK(col.shape() == std::vector<std::int64_t>{rows});
  CHECK(col.strides() == std::vector<std::int64_t>{-7});
  got = elements(col);
  for (std::int64_t i = 0; i < rows; ++i)
    CHECK(got[static_cast<std::size_t>(i)] == at2(host, cols, rows - 1 - i, cols - 2));
  DeviceArray back = a.slice(0, -1, -4, -1);
  CHECK(back.shape() == std::vector<std::int64_t>{3, cols});
  got = elements(back);
  CHECK(got[0] == at2(host, cols, 4, 0));
  CHECK(got[static_cast<std::size_t>(2 * cols + 6)] == at2(host, cols, 2, 6));
  DeviceArray t = a.transpose();
  CHECK(t.shape() == std::vector<std::int64_t>{cols, rows});
  CHECK(t.strides() == std::vector<std::int64_t>{1, 7});
  got = elements(t);
  for (std::int64_t i = 0; i < cols; ++i)
    for (std::int64_t j = 0; j < rows; ++j)
      CHECK(got[static_cast<std::size_t>(i * rows + j)] == at2(host, cols, j, i));
  got = elements(a.at(0, 2));
  for (std::int64_t j = 0; j < cols; ++j)
    CHECK(got[static_cast<std::size_t>(j)] == at2(host, cols, 2, j));

  // Empty and clamped slices, as Python's.
  CHECK(a.slice(0, 3, 1).shape()[0] == 0);
  CHECK(a.slice(1, -100, 100).shape()[1] == cols);
  CHECK(elements(a.slice(0, 3, 1)).empty());

  // reshape: of contiguous arrays and views only; -1 inferred.
  DeviceArray flat = a.reshape({-1});
  CHECK(flat.shape() == std::vector<std::int64_t>{rows * cols});
  CHECK(elements(flat) == host);
  DeviceArray rowsView = a.slice(0, 1, 3).reshape({2, 7, 1});
  CHECK(rowsView.offset() == 7);
  got = elements(rowsView);
  CHECK(got[0] == at2(host, cols, 1, 0));
  CHECK_THROWS_WITH(t.reshape({35}), Catch::Contains("not C-contiguous"));
  CHECK_THROWS_WITH(a.reshape({4, -1}), Catch::Contains("cannot infer"));
  CHECK_THROWS_WITH(a.slice(1, 0, 7, 0), Catch::Contains("step cannot be 0"));
  CHECK_THROWS_WITH(a.at(0, 5), Catch::Contains("index 5 is out of range"));
  // 0-d views: one element, at its offset.
  DeviceArray one = col.at(0, 3);
  CHECK(one.shape().empty());
  CHECK(elements(one) == std::vector<double>{elements(col)[3]});
  DeviceArray single = a.slice(0, 4, 5).slice(1, 6, 7).reshape({});
  CHECK(single.shape().empty());
  CHECK(elements(single) == std::vector<double>{at2(host, cols, 4, 6)});
  CHECK_THROWS_WITH(one.at(0, 0), Catch::Contains("out of range"));
  CHECK_THROWS_WITH(a.reshape({}), Catch::Contains("cannot take a shape"));
  CHECK_THROWS_WITH(a.slice(2, 0, 1), Catch::Contains("axis 2 is out of range"));
}

TEST_CASE("copies into a strided device view leave the other elements", "[device-view]") {
  Device &device = sharedDevice();
  std::vector<float> base(40);
  for (std::size_t i = 0; i < base.size(); ++i)
    base[i] = static_cast<float>(i);
  DeviceArray a = DeviceArray::fromHost(device, HostArray::contiguous(base.data(),
                                                                      DType::Float32, {4, 10}));
  DeviceArray v = a.slice(1, 9, kMin, -3).slice(0, 1, 4, 2); // a[1:4:2, 9::-3]: 2 x 4
  REQUIRE(v.shape() == std::vector<std::int64_t>{2, 4});
  std::vector<float> values = {-1, -2, -3, -4, -5, -6, -7, -8};
  v.copyFromHost(HostArray::contiguous(values.data(), DType::Float32, {2, 4}));
  std::vector<float> want = base;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      want[static_cast<std::size_t>((1 + 2 * i) * 10 + 9 - 3 * j)] = values[i * 4 + j];
  CHECK(a.toVector<float>() == want);
  CHECK(v.toVector<float>() == values);
}

TEST_CASE("kernels take device views through offsets and strides", "[device-view]") {
  Device &device = sharedDevice();
  Module module(device, shaderPath("scale2d.spv"), sourcePath("scale2d.json"));
  Kernel scale2d = module.kernel("scale2d");
  const std::int64_t n = 6, m = 9;
  const std::vector<double> src64 = randomDoubles(n * m, -3, 3);
  std::vector<float> src(src64.begin(), src64.end());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> dst(static_cast<std::size_t>(m * n * 2), nan);
  DeviceArray dsrc =
      DeviceArray::fromHost(device, HostArray::contiguous(src.data(), DType::Float32, {n, m}));
  DeviceArray ddst =
      DeviceArray::fromHost(device, HostArray::contiguous(dst.data(), DType::Float32, {m, 2 * n}));
  // dst[:, ::-2] (m x n, reversed every other column) = 1.5 * src.T + j
  DeviceArray srcT = dsrc.transpose();             // m x n, strides (1, m)
  DeviceArray out = ddst.slice(1, kMax, kMin, -2); // m x n, strides (2n, -2), offset 2n - 1
  Chain chain(device);
  chain.launch(scale2d, DeviceArguments().scalar("s", 1.5).array("src", srcT).array("dst", out),
               LaunchConfig::grid(static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(m)));
  chain.run(1, 0);
  const std::vector<float> result = ddst.toVector<float>();
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < 2 * n; ++j) {
      const float got = result[static_cast<std::size_t>(i * 2 * n + j)];
      if ((2 * n - 1 - j) % 2 == 0) {
        const std::int64_t k = (2 * n - 1 - j) / 2; // the view's column
        CHECK(got == 1.5f * src[static_cast<std::size_t>(k * m + i)] + static_cast<float>(k));
      } else {
        CHECK(std::isnan(got)); // not in the view: untouched
      }
    }
  // A layout C parameter refuses a non-contiguous view, as it refuses such a host
  // array; a contiguous slice (offset only) is taken.
  Module saxpyModule(device, shaderPath("saxpy.spv"), sourcePath("saxpy.json"));
  Kernel saxpy = saxpyModule.kernel("saxpy");
  std::vector<float> xs = {1, 2, 3, 4, 5, 6, 7, 8}, ys(8, 10.0f);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(xs));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(ys));
  CHECK_THROWS_WITH(chain.launch(saxpy,
                                 DeviceArguments().scalar("a", 2.0).array("x", dx.slice(0, 0, 8, 2))
                                     .array("y", dy.slice(0, 0, 4)),
                                 LaunchConfig::grid(4)),
                    Catch::Contains("requires a C-contiguous array"));
  Chain tail(device);
  tail.launch(saxpy,
              DeviceArguments().scalar("a", 2.0).array("x", dx.slice(0, 4, 8)).array(
                  "y", dy.slice(0, 2, 6)),
              LaunchConfig::grid(4));
  tail.run(1, 0);
  CHECK(dy.toVector<float>() ==
        std::vector<float>{10, 10, 20, 22, 24, 26, 10, 10}); // y[2:6] = 2 * x[4:8] + 10
}
