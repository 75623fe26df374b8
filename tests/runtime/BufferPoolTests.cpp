// Tests of the device's buffer pool (src/BufferPool.h, Device::bufferPool, trim): a
// released device array's buffer serves the next request of a similar size, not one
// that would waste more than half of it; launches on host arrays reuse their
// temporary buffers; the cap (NVC_POOL_MB, NUMBA_VULKAN_POOL_MB) bounds what is kept,
// 0 turns the pool off, and trim() empties it. Each test opens its own Device so
// that the counts are its own; results after reuse are checked against the host.
#include "TestSupport.h"

#include <catch2/catch.hpp>

using namespace nvc::rt;
using namespace nvc::rt::test;

TEST_CASE("a released device buffer serves the next request of a similar size", "[pool]") {
  ScopedEnv nvc("NVC_POOL_MB", nullptr), numba("NUMBA_VULKAN_POOL_MB", nullptr);
  Device device;
  CHECK(device.bufferPool().capBytes == 1024ull << 20);
  { DeviceArray a(device, DType::Float32, {1000}); }
  BufferPoolStatus s = device.bufferPool();
  CHECK(s.heldBuffers == 1);
  CHECK(s.heldBytes == 4000);
  const std::uint64_t hits = s.hits;
  std::vector<float> values = randomFloats(900, -1, 1);
  DeviceArray b = DeviceArray::fromHost(device, HostArray::of(values)); // 3600 of 4000 bytes
  s = device.bufferPool();
  CHECK(s.hits == hits + 1);
  CHECK(s.heldBuffers == 1); // the reused buffer left; fromHost's staging buffer came back
  CHECK(s.heldBytes == 3600);
  CHECK(b.toVector<float>() == values);
  CHECK(b.buffer().size() == 3600);
  { DeviceArray big(device, DType::Float32, {5000}); }
  const std::uint64_t misses = device.bufferPool().misses;
  { DeviceArray small(device, DType::Float32, {100}); } // 400 bytes: 20000 would waste it
  CHECK(device.bufferPool().misses == misses + 1);
  CHECK(device.bufferPool().heldBytes > 0);
  device.trim();
  CHECK(device.bufferPool().heldBytes == 0);
  CHECK(device.bufferPool().heldBuffers == 0);
}

TEST_CASE("launches on host arrays reuse their temporary buffers", "[pool]") {
  ScopedEnv nvc("NVC_POOL_MB", nullptr);
  Device device;
  Module module(device, shaderPath("saxpy.spv"), sourcePath("saxpy.json"));
  Kernel saxpy = module.kernel("saxpy");
  for (int round = 0; round < 3; ++round) {
    const std::uint64_t hits = device.bufferPool().hits;
    std::vector<float> x = randomFloats(256, -2, 2), y = randomFloats(256, -2, 2);
    const std::vector<float> y0 = y;
    Arguments args;
    args.scalar("a", 0.5).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    saxpy.launch(args, LaunchConfig::grid(256));
    for (std::size_t i = 0; i < 256; ++i)
      CHECK(y[i] == Approx(0.5f * x[i] + y0[i]).epsilon(1e-6));
    if (round > 0)
      CHECK(device.bufferPool().hits >= hits + 2); // x's and y's buffers
  }
}

TEST_CASE("the pool's cap bounds what it keeps; 0 turns it off", "[pool]") {
  {
    ScopedEnv cap("NVC_POOL_MB", "0");
    Device device;
    { DeviceArray a(device, DType::Float64, {64}); }
    CHECK(device.bufferPool().heldBuffers == 0);
    { DeviceArray a(device, DType::Float64, {64}); }
    CHECK(device.bufferPool().hits == 0);
  }
  {
    ScopedEnv nvc("NVC_POOL_MB", nullptr);
    ScopedEnv numba("NUMBA_VULKAN_POOL_MB", "1"); // numba-vulkan's name, 1 MiB
    Device device;
    CHECK(device.bufferPool().capBytes == 1u << 20);
    { DeviceArray a(device, DType::Float32, {200000}); } // 800 000 bytes: kept
    CHECK(device.bufferPool().heldBuffers == 1);
    { DeviceArray b(device, DType::Float32, {90000}); } // not similar: 360 000 more
    // The older buffer made room: 800 000 + 360 000 exceeds 1 MiB.
    CHECK(device.bufferPool().heldBuffers == 1);
    CHECK(device.bufferPool().heldBytes == 360000);
    { DeviceArray c(device, DType::Float32, {300000}); } // alone beyond the cap: freed
    CHECK(device.bufferPool().heldBytes == 360000);
  }
  ScopedEnv bad("NVC_POOL_MB", "lots");
  CHECK_THROWS_WITH(Device(), Catch::Contains("NVC_POOL_MB is 'lots': expected a number"));
}
