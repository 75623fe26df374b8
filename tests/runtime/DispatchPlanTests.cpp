// Tests of launch geometry without a device: grids rounded up to whole workgroups,
// explicit workgroup counts, workgroup-size overrides, and errors naming the exceeded
// limit (maxComputeWorkGroupSize, maxComputeWorkGroupInvocations,
// maxComputeWorkGroupCount) or the zero component.
#include "TestSupport.h"

#include <catch2/catch.hpp>

using namespace nvc::rt;

namespace {
DeviceLimits lavapipeLikeLimits() {
  DeviceLimits l;
  l.maxComputeWorkGroupCount = {65535, 65535, 65535};
  l.maxComputeWorkGroupSize = {1024, 1024, 64};
  l.maxComputeWorkGroupInvocations = 1024;
  return l;
}
using Size = std::array<std::uint32_t, 3>;
} // namespace

TEST_CASE("grids are rounded up to whole workgroups", "[dispatch-plan]") {
  const DeviceLimits l = lavapipeLikeLimits();
  DispatchShape s = planDispatch(LaunchConfig::grid(1000), {64, 1, 1}, l);
  CHECK(s.workgroupSize == Size{64, 1, 1});
  CHECK(s.workgroupCount == Size{16, 1, 1});
  s = planDispatch(LaunchConfig::grid(1024), {64, 1, 1}, l);
  CHECK(s.workgroupCount == Size{16, 1, 1});
  s = planDispatch(LaunchConfig::grid(100, 30, 3), {8, 8, 1}, l);
  CHECK(s.workgroupCount == Size{13, 4, 3});
  s = planDispatch(LaunchConfig::grid(100).withWorkgroupSize(32), {64, 1, 1}, l);
  CHECK(s.workgroupSize == Size{32, 1, 1});
  CHECK(s.workgroupCount == Size{4, 1, 1});
}

TEST_CASE("workgroup counts are used as given", "[dispatch-plan]") {
  const DispatchShape s = planDispatch(LaunchConfig::groups(7, 2).withWorkgroupSize(16, 4),
                                       {64, 1, 1}, lavapipeLikeLimits());
  CHECK(s.workgroupCount == Size{7, 2, 1});
  CHECK(s.workgroupSize == Size{16, 4, 1});
}

TEST_CASE("zero sizes and exceeded limits are errors naming the limit", "[dispatch-plan]") {
  const DeviceLimits l = lavapipeLikeLimits();
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(0), {64, 1, 1}, l),
                    "the grid is zero along x (every component must be at least 1)");
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::groups(4, 1, 0), {64, 1, 1}, l),
                    "the workgroup count is zero along z (every component must be at least 1)");
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(4).withWorkgroupSize(0), {64, 1, 1}, l),
                    "workgroup size 0x1x1 has a zero component (x)");
  CHECK_THROWS_WITH(
      planDispatch(LaunchConfig::grid(4).withWorkgroupSize(2048), {64, 1, 1}, l),
      "workgroup size 2048x1x1 exceeds the device's maxComputeWorkGroupInvocations (1024)");
  CHECK_THROWS_WITH(
      planDispatch(LaunchConfig::grid(4).withWorkgroupSize(64, 8, 4), {64, 1, 1}, l),
      "workgroup size 64x8x4 exceeds the device's maxComputeWorkGroupInvocations (1024)");
  CHECK_THROWS_WITH(
      planDispatch(LaunchConfig::grid(4).withWorkgroupSize(1, 1, 128), {64, 1, 1}, l),
      "workgroup size 1x1x128 exceeds the device's maxComputeWorkGroupSize[2] (64) along z");
  CHECK_THROWS_WITH(
      planDispatch(LaunchConfig::groups(70000), {64, 1, 1}, l),
      "70000 workgroups along x exceed the device's maxComputeWorkGroupCount[0] (65535)");
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(1, 65536 * 4 + 1), {1, 4, 1}, l),
                    "65537 workgroups along y (grid 262145 with workgroup size 4) exceed the "
                    "device's maxComputeWorkGroupCount[1] (65535)");
  CHECK(formatSize({3, 2, 1}) == "3x2x1");
}

TEST_CASE("32-bit indices limit the invocations per axis", "[dispatch-plan]") {
  // A device with a huge workgroup count along x and z: grids beyond 2^31
  // invocations are launchable, but not with 32-bit kernel indices.
  DeviceLimits l = lavapipeLikeLimits();
  l.maxComputeWorkGroupCount = {4294967295u, 65535, 4294967295u};
  const std::uint64_t int32Max = 2147483647u;
  const char *advice = " do not fit the kernel's 32-bit indices (at most 2147483647); recompile "
                       "the kernel with --index-bits=64 or launch a smaller grid";
  // Exactly INT32_MAX invocations fit; one more does not.
  DispatchShape s = planDispatch(LaunchConfig::grid(int32Max), {1, 1, 1}, l, 32);
  CHECK(s.workgroupCount == Size{2147483647u, 1, 1});
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(int32Max + 1), {1, 1, 1}, l, 32),
                    std::string("2147483648 invocations along x (2147483648 workgroups of 1)") +
                        advice);
  // Rounding up to whole workgroups counts: 2^31-1 invocations in groups of 64.
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(int32Max), {64, 1, 1}, l, 32),
                    std::string("2147483648 invocations along x (33554432 workgroups of 64)") +
                        advice);
  CHECK_NOTHROW(planDispatch(LaunchConfig::groups(65535, 65535).withWorkgroupSize(1024),
                             {64, 1, 1}, l, 32));
  // Every axis is checked.
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(1, 1, 3000000000u), {1, 1, 1}, l, 32),
                    std::string("3000000000 invocations along z (3000000000 workgroups of 1)") +
                        advice);
  // 64-bit indices (and the default): the same launches are planned.
  s = planDispatch(LaunchConfig::grid(1, 1, 3000000000u), {1, 1, 1}, l, 64);
  CHECK(s.workgroupCount == Size{1, 1, 3000000000u});
  s = planDispatch(LaunchConfig::grid(int32Max + 1), {1, 1, 1}, l);
  CHECK(s.workgroupCount == Size{2147483648u, 1, 1});
}

TEST_CASE("coarsened kernels get ceil(workgroups / C) workgroups along x", "[dispatch-plan]") {
  const DeviceLimits l = lavapipeLikeLimits();
  // 1000 invocations: 16 workgroups of 64 asked for (1024 invocations); by 4: 4 run.
  DispatchShape s = planDispatch(LaunchConfig::grid(1000), {64, 1, 1}, l, 32, 4);
  CHECK(s.workgroupCount == Size{4, 1, 1});
  CHECK(s.coarsen == 4);
  CHECK(s.requestedInvocationsX == 1024);
  // 17 workgroups by 4: 5 (the last copies of the last invocations do nothing).
  s = planDispatch(LaunchConfig::groups(17, 3).withWorkgroupSize(32), {64, 1, 1}, l, 32, 4);
  CHECK(s.workgroupCount == Size{5, 3, 1});
  CHECK(s.requestedInvocationsX == 17 * 32);
  // Fewer workgroups than C: one.
  s = planDispatch(LaunchConfig::grid(10), {64, 1, 1}, l, 32, 8);
  CHECK(s.workgroupCount == Size{1, 1, 1});
  CHECK(s.requestedInvocationsX == 64);
  // Without coarsening the requested grid is the dispatched one.
  s = planDispatch(LaunchConfig::grid(1000), {64, 1, 1}, l, 32);
  CHECK(s.workgroupCount == Size{16, 1, 1});
  CHECK(s.coarsen == 1);
  CHECK(s.requestedInvocationsX == 1024);
  CHECK(s.coarsenY == 1);
  CHECK(s.requestedInvocationsY == 1);
}

TEST_CASE("kernels coarsened along y get ceil(workgroups / Cy) workgroups along y",
          "[dispatch-plan]") {
  const DeviceLimits l = lavapipeLikeLimits();
  // A 100 x 100 grid of 16 x 16 workgroups (7 x 7 asked for) merged 4 x 4: 2 x 2 run.
  DispatchShape s = planDispatch(LaunchConfig::grid(100, 100), {16, 16, 1}, l, 32, 4, 4);
  CHECK(s.workgroupCount == Size{2, 2, 1});
  CHECK(s.coarsen == 4);
  CHECK(s.coarsenY == 4);
  CHECK(s.requestedInvocationsX == 112);
  CHECK(s.requestedInvocationsY == 112);
  // Along y only; z untouched.
  s = planDispatch(LaunchConfig::groups(5, 9, 3).withWorkgroupSize(8, 8), {16, 16, 1}, l, 32, 1,
                   2);
  CHECK(s.workgroupCount == Size{5, 5, 3});
  CHECK(s.requestedInvocationsX == 40);
  CHECK(s.requestedInvocationsY == 72);
  // The last copy along y must fit 32-bit indices too.
  DeviceLimits wide = l;
  wide.maxComputeWorkGroupCount = {65535, 4294967295u, 65535};
  const std::uint64_t n = 2147483647u - 63;
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(1, n), {1, 64, 1}, wide, 32, 1, 3),
                    Catch::Contains("along y with coarsening by 3 reach index"));
}

TEST_CASE("a coarsened kernel's indices must fit 32 bits", "[dispatch-plan]") {
  DeviceLimits l = lavapipeLikeLimits();
  l.maxComputeWorkGroupCount = {4294967295u, 65535, 65535};
  // 2^31 - 64 invocations fit; coarsened by 3 the last copy reaches 3 x ceil(...)
  // workgroups' worth, beyond INT32_MAX.
  const std::uint64_t n = 2147483647u - 63;
  CHECK_NOTHROW(planDispatch(LaunchConfig::grid(n), {64, 1, 1}, l, 32));
  CHECK_THROWS_WITH(planDispatch(LaunchConfig::grid(n), {64, 1, 1}, l, 32, 3),
                    Catch::Contains("along x with coarsening by 3 reach index"));
  CHECK_NOTHROW(planDispatch(LaunchConfig::grid(n), {64, 1, 1}, l, 64, 3));
}

TEST_CASE("the requested grid is written at original_grid_offset", "[dispatch-plan]") {
  DispatchShape s;
  s.requestedInvocationsX = 0x0102030405ull;
  std::vector<unsigned char> block(16, 0xee);
  writeRequestedGrid(s, 4, 32, block);
  CHECK(block == std::vector<unsigned char>{0xee, 0xee, 0xee, 0xee, 0x05, 0x04, 0x03, 0x02, 0xee,
                                            0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee});
  writeRequestedGrid(s, 8, 64, block);
  CHECK(block == std::vector<unsigned char>{0xee, 0xee, 0xee, 0xee, 0x05, 0x04, 0x03, 0x02, 0x05,
                                            0x04, 0x03, 0x02, 0x01, 0x00, 0x00, 0x00});
  CHECK_THROWS_WITH(writeRequestedGrid(s, 12, 64, block),
                    "the manifest's original_grid_offset 12 lies outside the 16-byte parameter "
                    "block");
  // Along y: requestedInvocationsY.
  s.requestedInvocationsY = 0x0a0b;
  writeRequestedGrid(s, 0, 32, block, 1);
  CHECK(block[0] == 0x0b);
  CHECK(block[1] == 0x0a);
  CHECK(block[2] == 0x00);
  CHECK_THROWS_WITH(writeRequestedGrid(s, 14, 32, block, 1),
                    "the manifest's original_grid_offset_y 14 lies outside the 16-byte parameter "
                    "block");
}

TEST_CASE("workgroups larger than a shared array indexed by the local id are refused",
          "[dispatch-plan]") {
  EntryPointDesc e;
  e.function = "block_sums";
  e.maxWorkgroupSize = {128, 0, 0};
  e.maxWorkgroupSizeReasons[0] = "shared array 'sm' has 128 elements along the dimension the "
                                 "kernel indexes by cuda.threadIdx.x (k.py:7)";
  const DeviceLimits l = lavapipeLikeLimits();
  checkWorkgroupSize(planDispatch(LaunchConfig::grid(1000).withWorkgroupSize(128, 8), {128, 1, 1}, l), e);
  checkWorkgroupSize(planDispatch(LaunchConfig::grid(1000).withWorkgroupSize(32), {128, 1, 1}, l), e);
  CHECK_THROWS_WITH(
      checkWorkgroupSize(planDispatch(LaunchConfig::grid(1000).withWorkgroupSize(256), {128, 1, 1}, l), e),
      "workgroup size 256x1x1 is larger than kernel 'block_sums' runs with along x (at most "
      "128): shared array 'sm' has 128 elements along the dimension the kernel indexes by "
      "cuda.threadIdx.x (k.py:7); launch with a workgroup size of at most 128 along x");
  e.maxWorkgroupSize = {0, 4, 0};
  e.maxWorkgroupSizeReasons[1] = "shared array 't' ...";
  CHECK_THROWS_WITH(
      checkWorkgroupSize(planDispatch(LaunchConfig::grid(64, 64).withWorkgroupSize(8, 8), {8, 4, 1}, l), e),
      Catch::Contains("along y (at most 4)"));
}
