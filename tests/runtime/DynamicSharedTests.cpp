// Dynamic shared memory (numba-cuda's `cuda.shared.array(0, dtype)`, the 4th launch
// parameter): the LaunchConfig field, the manifest's `dynamic_shared_memory`, the
// specialization constant a launch sets (one pipeline per byte count), and the refusal
// of launches whose shared memory exceeds the device's maxComputeSharedMemorySize —
// without a device (checkSharedMemory) and on lavapipe with dyn_reverse.comp, whose
// workgroups reverse bytes // 4 floats through the launch-sized array.
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

EntryPointDesc entryWith(std::uint64_t staticBytes, std::optional<std::uint32_t> wordBytes) {
  EntryPointDesc e;
  e.name = "k";
  e.sharedMemoryBytes = staticBytes;
  if (wordBytes) {
    DynamicSharedMemoryDesc d;
    d.dtype = "float32";
    d.wordBytes = *wordBytes;
    e.dynamicSharedMemory = d;
  }
  return e;
}

} // namespace

TEST_CASE("LaunchConfig carries the dynamic shared-memory bytes", "[dynamic-shared]") {
  CHECK(LaunchConfig::grid(10).sharedMemoryBytes == 0); // numba's default
  const LaunchConfig c = LaunchConfig::groups(3).withWorkgroupSize(32).withSharedMemoryBytes(128);
  CHECK(c.sharedMemoryBytes == 128);
  CHECK(c.workgroupSize == std::array<std::uint32_t, 3>{32, 1, 1});
  CHECK(c.withSharedMemoryBytes(0).sharedMemoryBytes == 0);
}

TEST_CASE("the workgroup memory a launch takes", "[dynamic-shared]") {
  DynamicSharedMemoryDesc d;
  d.wordBytes = 4;
  CHECK(d.allocatedBytes(0) == 4); // Vulkan has no zero-length arrays
  CHECK(d.allocatedBytes(1) == 4);
  CHECK(d.allocatedBytes(8) == 8);
  CHECK(d.allocatedBytes(9) == 12);
  d.wordBytes = 8;
  CHECK(d.allocatedBytes(12) == 16);
  d.wordBytes = 0; // the arrays were optimised away
  CHECK(d.allocatedBytes(4096) == 0);
}

TEST_CASE("launches beyond maxComputeSharedMemorySize are refused", "[dynamic-shared]") {
  DeviceLimits l;
  l.maxComputeSharedMemorySize = 32768;
  const EntryPointDesc e = entryWith(1000, 4u);
  CHECK_NOTHROW(checkSharedMemory(LaunchConfig::grid(1).withSharedMemoryBytes(31768), e, l));
  CHECK_NOTHROW(checkSharedMemory(LaunchConfig::grid(1), e, l));
  CHECK_THROWS_WITH(
      checkSharedMemory(LaunchConfig::grid(1).withSharedMemoryBytes(31769), e, l),
      "31769 bytes of dynamic shared memory (taking 31772 bytes) and the entry point's 1000 "
      "bytes of static shared memory exceed the device's maxComputeSharedMemorySize (32768): "
      "at most 31768 bytes of dynamic shared memory fit");
  // A kernel without dynamic shared arrays: the request still counts, as in CUDA.
  const EntryPointDesc plain = entryWith(0, std::nullopt);
  CHECK_NOTHROW(checkSharedMemory(LaunchConfig::grid(1).withSharedMemoryBytes(32768), plain, l));
  CHECK_THROWS_WITH(
      checkSharedMemory(LaunchConfig::grid(1).withSharedMemoryBytes(40000), plain, l),
      Catch::Contains("40000 bytes of dynamic shared memory and the entry point's 0 bytes"));
  // Arrays optimised away (word_bytes 0): the request counts as it is.
  CHECK_THROWS_WITH(
      checkSharedMemory(LaunchConfig::grid(1).withSharedMemoryBytes(32769), entryWith(0, 0u), l),
      Catch::Contains("32769 bytes of dynamic shared memory and the entry point's 0 bytes"));
  // Static memory alone beyond the limit leaves nothing.
  CHECK_THROWS_WITH(checkSharedMemory(LaunchConfig::grid(1), entryWith(40000, 4u), l),
                    Catch::Contains("at most 0 bytes of dynamic shared memory fit"));
}

TEST_CASE("the manifest's dynamic_shared_memory is parsed and checked", "[dynamic-shared]") {
  const std::string text = readFile(sourcePath("dyn_reverse.json"));
  const Manifest m = Manifest::parse(text, "dyn_reverse.json");
  const EntryPointDesc &e = m.entryPoint();
  REQUIRE(e.dynamicSharedMemory);
  CHECK(e.dynamicSharedMemory->specId == 3);
  CHECK(e.dynamicSharedMemory->dtype == std::optional<std::string>("float32"));
  CHECK(e.dynamicSharedMemory->wordBytes == 4);
  auto edited = [&](auto edit) {
    nlohmann::json j = nlohmann::json::parse(text);
    edit(j["entry_points"][0]);
    return j.dump();
  };
  CHECK_FALSE(Manifest::parse(edited([](nlohmann::json &e) { e.erase("dynamic_shared_memory"); }),
                              "m.json")
                  .entryPoint()
                  .dynamicSharedMemory);
  CHECK_FALSE(Manifest::parse(edited([](nlohmann::json &e) { e["dynamic_shared_memory"] = nullptr; }),
                              "m.json")
                  .entryPoint()
                  .dynamicSharedMemory);
  CHECK_THROWS_WITH(
      Manifest::parse(edited([](nlohmann::json &e) { e["dynamic_shared_memory"]["spec_id"] = 1; }),
                      "m.json"),
      Catch::Contains("spec_id 1 is also a workgroup-size spec id"));
  CHECK_THROWS_WITH(
      Manifest::parse(
          edited([](nlohmann::json &e) { e["dynamic_shared_memory"]["word_bytes"] = 3; }),
          "m.json"),
      Catch::Contains("field 'word_bytes' is 3"));
}

TEST_CASE("launches of one kernel with different dynamic shared-memory bytes",
          "[dynamic-shared][launch]") {
  Module module(sharedDevice(), shaderPath("dyn_reverse.spv"), sourcePath("dyn_reverse.json"));
  Kernel kernel = module.kernel();
  const std::uint32_t local = 64, groups = 5, total = local * groups;
  // Elements per workgroup: all, fewer (a byte count that is no multiple of 4),
  // one, none (numba's default of 0 bytes), and all again (a cached pipeline).
  for (std::uint32_t bytes : {local * 4, 37u * 4 + 3, 4u, 0u, 3u, local * 4}) {
    const std::uint32_t n = bytes / 4;
    std::vector<float> x = randomFloats(total, -10, 10);
    std::vector<float> out(total, -1e30f);
    std::vector<std::int32_t> lens{-7};
    Arguments args;
    args.array("x", HostArray::of(x)).array("out", HostArray::of(out)).array("lens",
                                                                             HostArray::of(lens));
    kernel.launch(args, LaunchConfig::groups(groups).withWorkgroupSize(local)
                            .withSharedMemoryBytes(bytes));
    INFO("bytes = " << bytes);
    CHECK(lens[0] == static_cast<std::int32_t>(n));
    for (std::uint32_t g = 0; g < groups; ++g)
      for (std::uint32_t t = 0; t < local; ++t) {
        const float want = t < n ? x[g * local + n - 1 - t] : -1e30f;
        REQUIRE(out[g * local + t] == want);
      }
  }
}

TEST_CASE("a launch beyond the device's shared memory is refused before it runs",
          "[dynamic-shared][launch]") {
  Module module(sharedDevice(), shaderPath("dyn_reverse.spv"), sourcePath("dyn_reverse.json"));
  Kernel kernel = module.kernel();
  const std::uint32_t limit = sharedDevice().limits().maxComputeSharedMemorySize;
  std::vector<float> x = randomFloats(64, -1, 1), out(64, 0.0f);
  std::vector<std::int32_t> lens{0};
  Arguments args;
  args.array("x", HostArray::of(x)).array("out", HostArray::of(out)).array("lens",
                                                                           HostArray::of(lens));
  // The whole of the device's shared memory is allowed...
  CHECK_NOTHROW(kernel.launch(args, LaunchConfig::groups(1).withSharedMemoryBytes(limit)));
  CHECK(lens[0] == static_cast<std::int32_t>(limit / 4));
  // ... one byte more is not.
  CHECK_THROWS_WITH(
      kernel.launch(args, LaunchConfig::groups(1).withSharedMemoryBytes(limit + 1)),
      fmt::format("{} bytes of dynamic shared memory (taking {} bytes) and the entry point's 0 "
                  "bytes of static shared memory exceed the device's "
                  "maxComputeSharedMemorySize ({}): at most {} bytes of dynamic shared memory fit",
                  limit + 1, limit + 4, limit, limit));
}

TEST_CASE("nvc-run --shared-bytes sets the launch's dynamic shared memory",
          "[dynamic-shared][cli]") {
  const std::uint32_t local = 64;
  std::vector<float> x = randomFloats(local, -5, 5), out(local, 0.0f);
  std::vector<std::int32_t> lens{-1};
  const std::string xPath = workPath("dyn_x.npy"), outPath = workPath("dyn_out.npy"),
                    lensPath = workPath("dyn_lens.npy"), outResult = workPath("dyn_out_result.npy"),
                    lensResult = workPath("dyn_lens_result.npy");
  writeNpy(xPath, HostArray::of(x));
  writeNpy(outPath, HostArray::of(out));
  writeNpy(lensPath, HostArray::of(lens));
  const std::string base = quote(nvcRunPath()) + " " + quote(shaderPath("dyn_reverse.spv")) +
                           " --manifest " + quote(sourcePath("dyn_reverse.json")) +
                           " --groups 1 x=@" + quote(xPath) + " out=@" + quote(outPath) +
                           " lens=@" + quote(lensPath);
  // 10 floats: the first 10 elements reversed, the rest untouched.
  CommandResult r = runCommand(base + " --shared-bytes 40 --out out=" + quote(outResult) +
                               " --out lens=" + quote(lensResult));
  REQUIRE(r.exitCode == 0);
  NpyArray got = readNpy(outResult), gotLens = readNpy(lensResult);
  const auto *o = reinterpret_cast<const float *>(got.bytes.data());
  for (std::uint32_t t = 0; t < local; ++t)
    REQUIRE(o[t] == (t < 10 ? x[9 - t] : 0.0f));
  CHECK(*reinterpret_cast<const std::int32_t *>(gotLens.bytes.data()) == 10);

  const std::uint32_t limit = sharedDevice().limits().maxComputeSharedMemorySize;
  r = runCommand(base + " --shared-bytes " + std::to_string(limit + 1));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::Contains("exceed the device's maxComputeSharedMemorySize"));
  r = runCommand(base + " --shared-bytes -4");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::Contains("--shared-bytes"));
}
