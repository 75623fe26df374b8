// Tests of the persisted pipeline cache (src/PipelineCache.h) and of device selection
// from the environment (NVC_DEVICE, NUMBA_VULKAN_DEVICE): the cache file's name and
// header rules on made-up device properties, and nvc-run run twice as separate
// processes sharing a cache directory. lavapipe (Mesa 22.3) keeps no pipeline data in
// its cache (its data is the 32-byte header alone) and so never reports a hit; on a
// driver that does, the second process must find its pipeline in the cache.
#include "PipelineCache.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

VkPhysicalDeviceProperties fakeProperties() {
  VkPhysicalDeviceProperties p{};
  p.vendorID = 0x10de;
  p.deviceID = 0x2335;
  p.driverVersion = 0x91048000;
  for (int i = 0; i < VK_UUID_SIZE; ++i)
    p.pipelineCacheUUID[i] = static_cast<std::uint8_t>(0xa0 + i);
  return p;
}

std::vector<std::uint8_t> header(const VkPhysicalDeviceProperties &p) {
  std::vector<std::uint8_t> data(32 + 100, 0x5a);
  const std::uint32_t words[4] = {32, VK_PIPELINE_CACHE_HEADER_VERSION_ONE, p.vendorID,
                                  p.deviceID};
  std::memcpy(data.data(), words, sizeof(words));
  std::memcpy(data.data() + 16, p.pipelineCacheUUID, VK_UUID_SIZE);
  return data;
}

/// "pipeline cache: PATH (N bytes loaded); pipelines created: C, found in the cache: H"
struct CacheLine {
  std::string path;
  std::size_t loaded = 0;
  unsigned created = 0;
  long hits = -1; ///< -1: the driver does not report hits
};

CacheLine cacheLine(const std::string &output) {
  std::smatch m;
  static const std::regex re(
      R"(pipeline cache: (\S+) \((\d+) bytes loaded\); pipelines created: (\d+), )"
      R"((found in the cache: (\d+)|the driver does not report cache hits))");
  REQUIRE(std::regex_search(output, m, re));
  CacheLine line{m[1], std::stoul(m[2]), static_cast<unsigned>(std::stoul(m[3]))};
  if (m[5].matched)
    line.hits = std::stol(m[5]);
  return line;
}

std::string runSaxpy(const std::string &environment) {
  const CommandResult r =
      runCommand(environment + " " + quote(nvcRunPath()) + " " + quote(shaderPath("saxpy.spv")) +
                 " --manifest " + quote(sourcePath("saxpy.json")) +
                 " -v --grid 64 a=2.0 x=zeros:64 y=zeros:64");
  INFO(r.output);
  REQUIRE(r.exitCode == 0);
  return r.output;
}

} // namespace

TEST_CASE("the pipeline cache file is named per device and driver", "[cache]") {
  const VkPhysicalDeviceProperties p = fakeProperties();
  const std::string name =
      "pipeline-cache-10de-2335-91048000-a0a1a2a3a4a5a6a7a8a9aaabacadaeaf.bin";
  {
    ScopedEnv dir("NVC_CACHE_DIR", "/somewhere/cache");
    CHECK(detail::pipelineCachePath(p) == "/somewhere/cache/" + name);
    for (const char *value : {"0", "false", "OFF", "no"}) {
      ScopedEnv off("NVC_PIPELINE_CACHE", value);
      CHECK(detail::pipelineCachePath(p).empty());
    }
    ScopedEnv on("NVC_PIPELINE_CACHE", "1");
    CHECK_FALSE(detail::pipelineCachePath(p).empty());
  }
  ScopedEnv dir("NVC_CACHE_DIR", nullptr);
  {
    ScopedEnv xdg("XDG_CACHE_HOME", "/xdg");
    CHECK(detail::pipelineCachePath(p) == "/xdg/nvc/" + name);
  }
  ScopedEnv relative("XDG_CACHE_HOME", "relative/dir"); // not absolute: ignored (XDG rules)
  ScopedEnv home("HOME", "/home/u");
  CHECK(detail::pipelineCachePath(p) == "/home/u/.cache/nvc/" + name);
  ScopedEnv noHome("HOME", nullptr);
  CHECK(detail::pipelineCachePath(p).empty());
}

TEST_CASE("only cache data of the same device and driver reaches the driver", "[cache]") {
  const VkPhysicalDeviceProperties p = fakeProperties();
  std::vector<std::uint8_t> data = header(p);
  CHECK(detail::pipelineCacheDataMatches(data, p));
  VkPhysicalDeviceProperties other = p;
  other.pipelineCacheUUID[15] ^= 1; // another driver build
  CHECK_FALSE(detail::pipelineCacheDataMatches(data, other));
  other = p;
  other.deviceID = 0x2330;
  CHECK_FALSE(detail::pipelineCacheDataMatches(data, other));
  std::vector<std::uint8_t> versionTwo = data;
  versionTwo[4] = 2;
  CHECK_FALSE(detail::pipelineCacheDataMatches(versionTwo, p));
  CHECK_FALSE(detail::pipelineCacheDataMatches(std::vector<std::uint8_t>(data.begin(),
                                                                          data.begin() + 31),
                                               p));
  CHECK_FALSE(detail::pipelineCacheDataMatches({}, p));
}

TEST_CASE("a second process loads the pipeline cache the first wrote", "[cache]") {
  const std::string dir = workPath("pipeline-cache");
  std::filesystem::remove_all(dir);
  const std::string env = "NVC_CACHE_DIR=" + quote(dir);

  const CacheLine first = cacheLine(runSaxpy(env));
  CHECK(first.path.rfind(dir + "/pipeline-cache-", 0) == 0);
  CHECK(first.loaded == 0);
  CHECK(first.created == 1);
  REQUIRE(std::filesystem::exists(first.path));
  const std::size_t bytes = std::filesystem::file_size(first.path);
  CHECK(bytes >= 32); // at least VkPipelineCacheHeaderVersionOne
  CHECK(std::filesystem::directory_iterator(dir) != std::filesystem::directory_iterator());

  const CacheLine second = cacheLine(runSaxpy(env));
  CHECK(second.path == first.path);
  CHECK(second.loaded == bytes);
  if (second.hits >= 0 && bytes > 32)
    CHECK(second.hits == 1); // a driver that keeps pipelines finds this one

  // A damaged file is ignored (and replaced), never an error.
  writeFile(first.path, "not a pipeline cache");
  const CacheLine damaged = cacheLine(runSaxpy(env));
  CHECK(damaged.loaded == 0);
  CHECK(std::filesystem::file_size(first.path) == bytes);

  // A directory where the file should be: no cache, never an error.
  std::filesystem::remove(first.path);
  std::filesystem::create_directory(first.path);
  const CacheLine directory = cacheLine(runSaxpy(env));
  CHECK(directory.loaded == 0);
  CHECK(std::filesystem::is_directory(first.path));

  // NVC_PIPELINE_CACHE=0: neither read nor written.
  std::filesystem::remove_all(dir);
  const std::string off = runSaxpy(env + " NVC_PIPELINE_CACHE=0");
  CHECK_THAT(off, Catch::Contains("pipeline cache: off"));
  CHECK_FALSE(std::filesystem::exists(dir));
}

TEST_CASE("Device::savePipelineCache writes the cache in process", "[cache]") {
  const std::string dir = workPath("pipeline-cache-in-process");
  std::filesystem::remove_all(dir);
  ScopedEnv env("NVC_CACHE_DIR", dir.c_str());
  Device device;
  Module module(device, shaderPath("saxpy.spv"), sourcePath("saxpy.json"));
  Kernel saxpy = module.kernel("saxpy");
  std::vector<float> x(8, 1.0f), y(8, 2.0f);
  Arguments args;
  args.scalar("a", 3.0f).array("x", HostArray::of(x)).array("y", HostArray::of(y));
  saxpy.launch(args, LaunchConfig::grid(8));
  const PipelineCacheStatus status = device.pipelineCache();
  CHECK(status.pipelinesCreated == 1);
  CHECK(status.path.rfind(dir, 0) == 0);
  CHECK(device.savePipelineCache() >= 32);
  CHECK(std::filesystem::exists(status.path));
  CHECK(device.savePipelineCache() == 0); // unchanged since: nothing written
}

TEST_CASE("NVC_DEVICE and NUMBA_VULKAN_DEVICE choose the device", "[cache]") {
  const std::vector<DeviceInfo> devices = listDevices();
  REQUIRE_FALSE(devices.empty());
  const DeviceInfo &last = devices.back();
  {
    ScopedEnv env("NVC_DEVICE", std::to_string(last.index).c_str());
    CHECK(Device().info().index == last.index);
    CHECK(Device(std::to_string(devices.front().index)).info().index == devices.front().index);
  }
  {
    ScopedEnv nvc("NVC_DEVICE", nullptr);
    ScopedEnv numba("NUMBA_VULKAN_DEVICE", last.name.c_str());
    CHECK(Device().info().name == last.name);
  }
  ScopedEnv bad("NVC_DEVICE", "no-such-gpu");
  CHECK_THROWS_WITH(Device(), Catch::StartsWith("NVC_DEVICE=no-such-gpu: no Vulkan device name "
                                                "contains 'no-such-gpu' (devices: "));
}
