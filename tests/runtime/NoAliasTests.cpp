// The no-alias rule for array arguments (docs/language.md): an entry point whose
// manifest says `assumes_no_alias` (nvc's accumulator promotion relies on it) refuses
// launches in which two array arguments share memory — overlapping host views for
// Kernel::launch, one device buffer for Chain::launch — and runs disjoint ones; without
// the flag, aliasing arguments still launch. The saxpy test kernel stands in for such a
// kernel (its manifest edited).
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;

namespace {

Module saxpyModule(bool assumesNoAlias) {
  json j = json::parse(readFile(sourcePath("saxpy.json")));
  j["entry_points"][0]["assumes_no_alias"] = assumesNoAlias;
  return Module(sharedDevice(), readSpirv(shaderPath("saxpy.spv")),
                Manifest::parse(j.dump(), "saxpy-no-alias.json"), "saxpy.spv");
}

/// A view of `n` float32 elements of `v` starting at `first`.
HostArray slice(std::vector<float> &v, std::size_t first, std::size_t n) {
  return HostArray::contiguous(v.data() + first, DType::Float32, {static_cast<std::int64_t>(n)});
}

} // namespace

TEST_CASE("assumes_no_alias is read from the manifest, absent meaning false", "[no-alias]") {
  CHECK(saxpyModule(true).kernel().entryPoint().assumesNoAlias);
  CHECK_FALSE(saxpyModule(false).kernel().entryPoint().assumesNoAlias);
  Module plain(sharedDevice(), shaderPath("saxpy.spv"), sourcePath("saxpy.json"));
  CHECK_FALSE(plain.kernel().entryPoint().assumesNoAlias);
  json j = json::parse(readFile(sourcePath("saxpy.json")));
  j["entry_points"][0]["assumes_no_alias"] = 1;
  CHECK_THROWS_WITH(Manifest::parse(j.dump(), "bad.json"),
                    Catch::Contains("'assumes_no_alias' must be true or false"));
}

TEST_CASE("a no-alias kernel refuses overlapping host arrays and runs disjoint ones",
          "[no-alias]") {
  Module module = saxpyModule(true);
  Kernel saxpy = module.kernel();
  std::vector<float> v = randomFloats(300, -2, 2);
  const std::vector<float> before = v;
  auto launch = [&](HostArray x, HostArray y) {
    Arguments args;
    args.scalar("a", 2.0).array("x", x).array("y", y);
    return saxpy.launch(args, LaunchConfig::grid(static_cast<std::uint32_t>(x.shape[0])));
  };
  CHECK_THROWS_WITH(launch(slice(v, 0, 100), slice(v, 0, 100)),
                    Catch::Contains("arguments 'x' and 'y' of 'saxpy' share memory"));
  CHECK_THROWS_WITH(launch(slice(v, 0, 100), slice(v, 99, 100)),
                    Catch::Contains("share memory"));
  CHECK_THROWS_WITH(launch(slice(v, 150, 100), slice(v, 100, 100)),
                    Catch::Contains("share memory"));
  CHECK(v == before); // refused before anything ran
  // Adjacent, not overlapping: y = 2x + y on the second half.
  launch(slice(v, 0, 100), slice(v, 100, 100));
  for (std::size_t i = 0; i < 100; ++i) {
    CHECK(v[i] == before[i]);
    CHECK(v[100 + i] == Approx(2 * before[i] + before[100 + i]).epsilon(1e-6));
  }
}

TEST_CASE("without assumes_no_alias, aliasing host arrays launch", "[no-alias]") {
  Module module = saxpyModule(false);
  Kernel saxpy = module.kernel();
  std::vector<float> v = randomFloats(100, -2, 2);
  const std::vector<float> before = v;
  Arguments args;
  args.scalar("a", 2.0).array("x", slice(v, 0, 100)).array("y", slice(v, 0, 100));
  saxpy.launch(args, LaunchConfig::grid(100));
  for (std::size_t i = 0; i < 100; ++i)
    CHECK(v[i] == Approx(3 * before[i]).epsilon(1e-6));
}

TEST_CASE("a no-alias kernel refuses one device buffer for two arguments", "[no-alias]") {
  Device &device = sharedDevice();
  Module module = saxpyModule(true);
  Kernel saxpy = module.kernel();
  std::vector<float> x = randomFloats(64, -1, 1), y = randomFloats(64, -1, 1);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(y));
  Chain chain(device);
  CHECK_THROWS_WITH(
      chain.launch(saxpy, DeviceArguments().scalar("a", 2.0).array("x", dx).array("y", dx),
                   LaunchConfig::grid(64)),
      Catch::Contains("arguments 'x' and 'y' of 'saxpy' share memory of one device buffer"));
  // Views of one buffer: overlapping ranges are refused, disjoint halves are not.
  CHECK_THROWS_WITH(chain.launch(saxpy,
                                 DeviceArguments()
                                     .scalar("a", 2.0)
                                     .array("x", dx.slice(0, 0, 40))
                                     .array("y", dx.slice(0, 30, 70)),
                                 LaunchConfig::grid(34)),
                    Catch::Contains("share memory of one device buffer"));
  CHECK(chain.size() == 0);
  chain.launch(saxpy,
               DeviceArguments().scalar("a", 2.0).array("x", dx.slice(0, 0, 32)).array(
                   "y", dx.slice(0, 32, 64)),
               LaunchConfig::grid(32));
  CHECK(chain.size() == 1);
  chain.run(1, 0);
  const std::vector<float> halves = dx.toVector<float>();
  for (std::size_t i = 0; i < 32; ++i) {
    CHECK(halves[i] == x[i]);
    CHECK(halves[32 + i] == Approx(2.0f * x[i] + x[32 + i]).epsilon(1e-6));
  }
  chain = Chain(device);
  chain.launch(saxpy, DeviceArguments().scalar("a", 2.0).array("x", dx).array("y", dy),
               LaunchConfig::grid(64));
  CHECK(chain.size() == 1);
}
