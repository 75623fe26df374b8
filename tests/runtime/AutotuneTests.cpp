// Tests of autotuning (nvc/Autotune.h): the faster of two candidates that leave the same
// results is chosen and run, the choice is kept per device and driver in autotune.json
// and read back by a later tuner without timing again, renamed candidates are tuned
// anew, NVC_AUTOTUNE_CACHE=0 keeps choices in memory; the default key, the workgroup
// sizes tried; and nvc-run --autotune as a child process (table, results, the file).
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

/// Two candidates that leave dst == src: "fast" copies once, "slow" 200 times (a gap that
/// timing on a loaded 2-core machine cannot hide: 40 copies lost to 1 there once).
/// `calls` counts each one's enqueues.
std::vector<AutotuneCandidate> copyCandidates(DeviceArray &src, DeviceArray &dst,
                                              std::map<std::string, int> &calls) {
  auto copies = [&](int times, std::string name) {
    return AutotuneCandidate{name, [&src, &dst, &calls, times, name](Stream &s) {
                               ++calls[name];
                               for (int i = 0; i < times; ++i)
                                 s.copy(src.buffer(), dst.buffer());
                             }};
  };
  return {copies(200, "slow"), copies(1, "fast")};
}

} // namespace

TEST_CASE("the autotuner runs the faster candidate and keeps the choice on disk", "[autotune]") {
  const std::string dir = workPath("autotune-cache");
  std::filesystem::remove_all(dir);
  ScopedEnv env("NVC_CACHE_DIR", dir.c_str());
  Device &device = sharedDevice();
  std::vector<float> values = randomFloats(1 << 20, -1, 1);
  DeviceArray src = DeviceArray::fromHost(device, HostArray::of(values));
  DeviceArray dst(device, DType::Float32, {1 << 20});
  std::map<std::string, int> calls;
  const std::string key = "src:float32[1048576]";

  Autotuner tuner(device, "copy-test");
  CHECK(tuner.path() == dir + "/autotune.json");
  const AutotuneChoice &first = tuner.run(key, copyCandidates(src, dst, calls));
  CHECK(first.choice == "fast");
  CHECK_FALSE(first.fromFile);
  REQUIRE(first.timingsMs.size() == 2);
  CHECK(first.timingsMs[0].first == "slow");
  CHECK(first.timingsMs[0].second > first.timingsMs[1].second);
  CHECK(calls["slow"] == 4); // one untimed, three timed
  CHECK(calls["fast"] == 5); // the same, then the chosen run
  CHECK(dst.toVector<float>() == values);

  // The same tuner again: no timing, the choice runs once.
  calls.clear();
  CHECK(tuner.run(key, copyCandidates(src, dst, calls)).choice == "fast");
  CHECK(calls == std::map<std::string, int>{{"fast", 1}});

  // The file, per device and driver, read by a new tuner (a later process).
  const nlohmann::json file = nlohmann::json::parse(readFile(tuner.path()));
  REQUIRE(file["devices"].size() == 1);
  CHECK(file["devices"].begin().value()["copy-test"][key]["choice"] == "fast");
  Autotuner later(device, "copy-test");
  REQUIRE(later.choices().count(key));
  CHECK(later.choices().at(key).fromFile);
  calls.clear();
  const AutotuneChoice &read = later.run(key, copyCandidates(src, dst, calls));
  CHECK(read.choice == "fast");
  CHECK(read.timingsMs.size() == 2);
  CHECK(calls == std::map<std::string, int>{{"fast", 1}});

  // Another operation's choices are its own; a choice no candidate has any more is
  // measured again.
  Autotuner other(device, "other-op");
  CHECK(other.choices().empty());
  calls.clear();
  std::vector<AutotuneCandidate> renamed = copyCandidates(src, dst, calls);
  renamed[1].name = "quick";
  CHECK(later.run(key, renamed).choice == "quick");
  CHECK(calls["slow"] == 4);

  // A damaged file is no error: no choices.
  writeFile(tuner.path(), "{ not json");
  Autotuner afterDamage(device, "copy-test");
  CHECK(afterDamage.choices().empty());
  // Nor is valid JSON of another shape: read past, and replaced where a choice goes.
  nlohmann::json odd = {{"devices", {{file["devices"].begin().key(),
                                      {{"copy-test", {{key, {{"choice", "fast"},
                                                             {"device_timed", 1},
                                                             {"timings_ms", "x"}}}}},
                                       {"other-op", 7}}}}}};
  writeFile(tuner.path(), odd.dump());
  Autotuner oddShape(device, "copy-test");
  REQUIRE(oddShape.choices().count(key));
  CHECK(oddShape.choices().at(key).choice == "fast");
  CHECK(oddShape.choices().at(key).timingsMs.empty());
  writeFile(tuner.path(), R"({"devices": [1, 2]})");
  Autotuner listDevices(device, "copy-test");
  CHECK(listDevices.choices().empty());
  calls.clear();
  CHECK(listDevices.run(key, copyCandidates(src, dst, calls)).choice == "fast");
  CHECK(nlohmann::json::parse(readFile(tuner.path()))["devices"].is_object());
}

TEST_CASE("NVC_AUTOTUNE_CACHE=0 keeps choices in memory; bad candidate lists are refused",
          "[autotune]") {
  const std::string dir = workPath("autotune-off");
  std::filesystem::remove_all(dir);
  ScopedEnv env("NVC_CACHE_DIR", dir.c_str());
  ScopedEnv off("NVC_AUTOTUNE_CACHE", "0");
  Device &device = sharedDevice();
  std::vector<float> values = randomFloats(4096, -1, 1);
  DeviceArray src = DeviceArray::fromHost(device, HostArray::of(values));
  DeviceArray dst(device, DType::Float32, {4096});
  std::map<std::string, int> calls;
  Autotuner tuner(device, "copy-test");
  CHECK(tuner.path().empty());
  tuner.run("k", copyCandidates(src, dst, calls));
  CHECK(tuner.choices().size() == 1);
  CHECK_FALSE(std::filesystem::exists(dir));
  CHECK_THROWS_WITH(tuner.run("k", {}), Catch::Contains("no candidates"));
  std::vector<AutotuneCandidate> twice = copyCandidates(src, dst, calls);
  twice[1].name = "slow";
  CHECK_THROWS_WITH(tuner.run("k2", twice), Catch::Contains("two candidates are called 'slow'"));
}

TEST_CASE("the default key and the workgroup sizes tried", "[autotune]") {
  Device &device = sharedDevice();
  DeviceArray a(device, DType::Float32, {64, 32});
  DeviceArray b(device, DType::Int64, {7}, DType::Int32);
  CHECK(autotuneKey(DeviceArguments().array("b", b).scalar("s", 2.0).array("a", a)) ==
        "a:float32[64,32];b:int64[7]");

  EntryPointDesc entry;
  entry.workgroupSize = {64, 1, 1};
  DeviceLimits limits;
  limits.maxComputeWorkGroupInvocations = 256;
  limits.maxComputeWorkGroupSize = {256, 256, 64};
  using Size = std::array<std::uint32_t, 3>;
  CHECK(workgroupSizeCandidates(entry, limits, 1) ==
        std::vector<Size>{{64, 1, 1}, {32, 1, 1}, {128, 1, 1}, {256, 1, 1}});
  entry.workgroupSize = {16, 16, 1};
  CHECK(workgroupSizeCandidates(entry, limits, 2) ==
        std::vector<Size>{{16, 16, 1}, {8, 8, 1}, {32, 8, 1}, {8, 32, 1}});
  entry.maxWorkgroupSize = {16, 0, 0}; // a shared array indexed by the local id along x
  CHECK(workgroupSizeCandidates(entry, limits, 2) == std::vector<Size>{{16, 16, 1}, {8, 8, 1},
                                                                       {8, 32, 1}});
  entry.workgroupSize = {4, 4, 4};
  entry.maxWorkgroupSize = {0, 0, 0};
  CHECK(workgroupSizeCandidates(entry, limits, 3) ==
        std::vector<Size>{{4, 4, 4}, {8, 8, 4}}); // 8x8x8 and 16x8x4: over 256 invocations
}

TEST_CASE("nvc-run --autotune prints the table, writes the chosen size's results and keeps "
          "the choice",
          "[autotune]") {
  const std::string dir = workPath("autotune-cli");
  std::filesystem::remove_all(dir);
  const std::string x = workPath("autotune_x.npy"), out = workPath("autotune_out.npy");
  std::vector<float> values = randomFloats(5000, 0.5f, 3);
  writeNpy(x, HostArray::of(values));
  std::remove(out.c_str());
  const std::string command = "NVC_CACHE_DIR=" + quote(dir) + " " + quote(nvcRunPath()) + " " +
                              quote(shaderPath("check_positive.spv")) + " --manifest " +
                              quote(sourcePath("check_positive.json")) + " x=@" + quote(x) +
                              " out=zeros:5000 --grid 5000 --autotune --out out=" + quote(out);
  const CommandResult first = runCommand(command);
  INFO(first.output);
  REQUIRE(first.exitCode == 0);
  CHECK_THAT(first.output, Catch::Contains("autotune check_positive.spv:check_positive, key "
                                           "out:float32[5000];x:float32[5000];grid=5000,1,1 "
                                           "(kept in " +
                                           dir + "/autotune.json)"));
  CHECK_THAT(first.output, Catch::Contains("64x1x1") && Catch::Contains("1024x1x1") &&
                               Catch::Contains("<- chosen"));
  NpyArray result = readNpy(out);
  REQUIRE(result.bytes.size() == values.size() * 4);
  const auto *got = reinterpret_cast<const float *>(result.bytes.data());
  for (std::size_t i = 0; i < values.size(); ++i)
    REQUIRE(got[i] == 2 * values[i]);
  const CommandResult second = runCommand(command);
  INFO(second.output);
  REQUIRE(second.exitCode == 0);
  CHECK_THAT(second.output, Catch::Contains("(choice read from " + dir + "/autotune.json)"));

  // --local-size fixes the size: one candidate, and the table says why.
  const CommandResult fixed = runCommand(command + " --local-size 128");
  INFO(fixed.output);
  CHECK(fixed.exitCode == 0);
  CHECK_THAT(fixed.output, Catch::Contains("one candidate only: --local-size gives the size"));
}
