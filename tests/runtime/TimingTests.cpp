// Device-resident buffers, chains of launches and timestamp timing on lavapipe:
// correctness only (results against the host), never how fast anything ran.
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

Module loadModule(const std::string &name) {
  return Module(sharedDevice(), shaderPath(name + ".spv"), sourcePath(name + ".json"));
}

} // namespace

TEST_CASE("device arrays round-trip host data, strided views included", "[timing]") {
  Device &device = sharedDevice();
  std::vector<float> host = randomFloats(1001, -10, 10);
  DeviceArray a = DeviceArray::fromHost(device, HostArray::of(host));
  CHECK(a.bytes() == 1001 * 4);
  CHECK(a.buffer().size() >= a.bytes());
  CHECK(a.toVector<float>() == host);

  // A strided 2-d host view (every other column) goes up and comes back in C order.
  std::vector<double> wide = randomDoubles(6 * 8, -1, 1);
  HostArray view = HostArray::contiguous(wide.data(), DType::Float64, {6, 4});
  view.strides = {8, 2};
  DeviceArray b = DeviceArray::fromHost(device, view);
  std::vector<double> back = b.toVector<double>();
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 4; ++j)
      CHECK(back[i * 4 + j] == wide[i * 8 + 2 * j]);

  a.buffer().fill(0);
  CHECK(a.toVector<float>() == std::vector<float>(1001, 0.0f));
  CHECK_THROWS_AS(a.copyFromHost(view), Error); // dtype and shape differ
  std::vector<unsigned char> big(a.buffer().size() + 4);
  CHECK_THROWS_AS(a.buffer().upload(big.data(), big.size()), Error);
}

TEST_CASE("a chain runs launches and copies in order on device buffers", "[timing]") {
  Device &device = sharedDevice();
  Module module = loadModule("saxpy");
  Kernel saxpy = module.kernel();
  const std::size_t n = 3000;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(y));
  DeviceArray dz(device, DType::Float32, {static_cast<std::int64_t>(n)});

  // y = 2x + y; z = y; z = -1*x + z, three steps with barriers between them.
  Chain chain(device);
  chain.launch(saxpy, DeviceArguments().scalar("a", 2.0).array("x", dx).array("y", dy),
               LaunchConfig::grid(n), "first")
      .copy(dy.buffer(), dz.buffer())
      .launch(saxpy, DeviceArguments().scalar("a", -1.0).array("x", dx).array("y", dz),
              LaunchConfig::grid(n).withWorkgroupSize(32));
  CHECK(chain.size() == 3);

  const unsigned warmup = 1, repeats = 3;
  const ChainTiming t = chain.run(repeats, warmup);
  REQUIRE(t.labels == std::vector<std::string>{"first", "copy", "saxpy"});
  const TimestampSupport support = timestampSupport(device);
  INFO("timestampValidBits " << support.validBits << ", timestampPeriod " << support.periodNs);
  if (support.supported()) { // lavapipe has timestamps
    REQUIRE(t.stepMs.size() == 3);
    for (const auto &samples : t.stepMs) {
      REQUIRE(samples.size() == repeats);
      for (double ms : samples)
        CHECK(ms >= 0);
    }
    REQUIRE(t.totalMs.size() == repeats);
    CHECK(t.medianTotalMs() >= t.medianMs(0));
  }
  CHECK(t.hostMsPerRepeat > 0);

  // Every run applies y = 2x + y once more; z is then y - x.
  const unsigned runs = warmup + repeats;
  std::vector<float> gy = dy.toVector<float>(), gz = dz.toVector<float>();
  for (std::size_t i = 0; i < n; ++i) {
    float ey = y[i];
    for (unsigned r = 0; r < runs; ++r)
      ey = 2.0f * x[i] + ey;
    CHECK(gy[i] == Approx(ey).margin(1e-5));
    CHECK(gz[i] == Approx(-1.0f * x[i] + ey).margin(1e-5));
  }
}

TEST_CASE("a chain refuses arguments that do not fit", "[timing]") {
  Device &device = sharedDevice();
  Module module = loadModule("saxpy");
  Kernel saxpy = module.kernel();
  DeviceArray dx(device, DType::Float32, {16});
  DeviceArray dd(device, DType::Float64, {16});
  Chain chain(device);
  CHECK_THROWS_AS(chain.launch(saxpy, DeviceArguments().scalar("a", 1.0).array("x", dx),
                               LaunchConfig::grid(16)),
                  Error); // y missing
  CHECK_THROWS_AS(chain.launch(saxpy,
                               DeviceArguments().scalar("a", 1.0).array("x", dx).array("y", dd),
                               LaunchConfig::grid(16)),
                  Error); // float64 for float32
  CHECK_THROWS_AS(DeviceArguments().array("x", dx).array("x", dx), Error);
  DeviceArray small(device, DType::Float32, {4});
  CHECK_THROWS_AS(chain.copy(dx.buffer(), small.buffer()), Error);
  CHECK(chain.size() == 0);
  CHECK(chain.run(3).stepMs.empty());
}

TEST_CASE("a chain runs after its Kernel and Module are destroyed", "[timing]") {
  Device &device = sharedDevice();
  const std::size_t n = 300;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(y));
  Chain chain(device);
  {
    Module module = loadModule("saxpy");
    Kernel saxpy = module.kernel();
    chain.launch(saxpy, DeviceArguments().scalar("a", 3.0).array("x", dx).array("y", dy),
                 LaunchConfig::grid(n));
  } // the chain shares the kernel's state: its pipeline and layouts stay alive
  chain.run(1, 0);
  std::vector<float> gy = dy.toVector<float>();
  for (std::size_t i = 0; i < n; ++i)
    CHECK(gy[i] == Approx(3.0f * x[i] + y[i]).margin(1e-5));
}

TEST_CASE("nvc-run --time runs on device buffers and writes its timings", "[timing]") {
  const std::size_t n = 500;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  const std::string xs = workPath("timing_x.npy"), ys = workPath("timing_y.npy"),
                    out = workPath("timing_out.npy"), js = workPath("timing.json");
  writeNpy(xs, HostArray::of(x));
  writeNpy(ys, HostArray::of(y));
  std::remove(js.c_str());
  const CommandResult r = runCommand(
      fmt::format("{} {} --manifest {} --grid {} a=0.5 x=@{} y=@{} --out y={} --time 4 "
                  "--warmup 2 --time-json {}",
                  quote(nvcRunPath()), quote(shaderPath("saxpy.spv")),
                  quote(sourcePath("saxpy.json")), n, quote(xs), quote(ys),
                  quote(out), quote(js)));
  INFO(r.output);
  REQUIRE(r.exitCode == 0);
  CHECK(r.output.find("gpu time: ") != std::string::npos);
  const std::string json = readFile(js);
  for (const char *key : {"\"gpu_ms_median\"", "\"timestamp_valid_bits\"", "\"upload_ms\"",
                          "\"download_ms\"", "\"repeats\": 4", "\"warmup\": 2"})
    CHECK(json.find(key) != std::string::npos);
  NpyArray result = readNpy(out);
  const float *got = static_cast<const float *>(result.view().data);
  for (std::size_t i = 0; i < n; ++i) {
    float e = y[i];
    for (int k = 0; k < 6; ++k)
      e = 0.5f * x[i] + e;
    CHECK(got[i] == Approx(e).margin(1e-5));
  }
  const CommandResult bad = runCommand(fmt::format("{} {} --grid 4 --time 0", quote(nvcRunPath()),
                                                   quote(shaderPath("saxpy.spv"))));
  CHECK(bad.exitCode == 1);
}

TEST_CASE("device arrays of narrowed dtypes convert on copy and launch in a chain", "[timing]") {
  // count_flags keeps its int64 `counts` as int32 on the device (32-bit integers).
  Device &device = sharedDevice();
  Module module = loadModule("count_flags");
  Kernel kernel = module.kernel();
  const std::size_t n = 777;
  const auto len = static_cast<std::int64_t>(n);
  std::vector<std::int64_t> counts = randomInts(n, -2000000000, 2000000000);
  std::vector<std::uint8_t> flags(n);
  for (auto &f : flags)
    f = static_cast<std::uint8_t>(rng()() % 2);
  HostArray flagsView = HostArray::of(flags);
  flagsView.dtype = DType::Bool;
  const std::int64_t k = 1000;
  std::vector<std::int64_t> expected = counts;
  for (std::size_t i = 0; i < n; ++i)
    if (flags[i])
      expected[i] += 3 * (k - 2); // three launches, h = -2

  DeviceArray dcounts = DeviceArray::forArgument(device, kernel.entryPoint(), "counts", {len});
  CHECK(dcounts.dtype() == DType::Int64);
  CHECK(dcounts.storageDType() == DType::Int32);
  CHECK(dcounts.bytes() == n * 4);
  dcounts.copyFromHost(HostArray::of(counts));
  CHECK(dcounts.toVector<std::int64_t>() == counts); // widened back exactly
  DeviceArray dflags = DeviceArray::fromHost(device, flagsView);
  DeviceArray dout(device, DType::Float32, {len});
  dout.buffer().fill(0x7fc00000); // NaN: every element must be written
  Chain chain(device);
  const DeviceArguments args = DeviceArguments()
                                   .scalar("k", k)
                                   .scalar("enable", true)
                                   .scalar("h", -2)
                                   .array("flags", dflags)
                                   .array("counts", dcounts)
                                   .array("out", dout);
  for (int step = 0; step < 3; ++step)
    chain.launch(kernel, args, LaunchConfig::grid(n));
  chain.run(1, 0);
  const std::vector<std::int64_t> got = dcounts.toVector<std::int64_t>();
  const std::vector<float> out = dout.toVector<float>();
  for (std::size_t i = 0; i < n; ++i) {
    INFO("i = " << i);
    REQUIRE(got[i] == expected[i]);
    REQUIRE(out[i] == Approx(0.5 * static_cast<double>(expected[i])));
  }
  // A strided int64 view goes up narrowed and comes back widened in its own places.
  std::vector<std::int64_t> wide = randomInts(2 * n, -5, 5);
  HostArray every2 = HostArray::contiguous(wide.data(), DType::Int64, {len});
  every2.strides = {2};
  dcounts.copyFromHost(every2);
  std::vector<std::int64_t> back(2 * n, 99);
  HostArray backView = HostArray::contiguous(back.data(), DType::Int64, {len});
  backView.strides = {2};
  dcounts.copyToHost(backView);
  for (std::size_t i = 0; i < n; ++i) {
    REQUIRE(back[2 * i] == wide[2 * i]);
    REQUIRE(back[2 * i + 1] == 99);
  }

  SECTION("a value beyond int32 is refused on copy, naming the element") {
    std::vector<std::int64_t> big = counts;
    big[5] = std::int64_t{1} << 31;
    try {
      dcounts.copyFromHost(HostArray::of(big));
      FAIL("no error");
    } catch (const Error &e) {
      CHECK(std::string(e.what()).find("element [5] value 2147483648 does not fit in int32") !=
            std::string::npos);
    }
  }
  SECTION("an int64 array stored as int64 is refused by the launch, naming the fix") {
    DeviceArray wideCounts = DeviceArray::fromHost(device, HostArray::of(counts));
    CHECK(wideCounts.storageDType() == DType::Int64);
    Chain other(device);
    try {
      other.launch(kernel,
                   DeviceArguments()
                       .scalar("k", k)
                       .scalar("enable", true)
                       .scalar("h", 0)
                       .array("flags", dflags)
                       .array("counts", wideCounts)
                       .array("out", dout),
                   LaunchConfig::grid(n));
      FAIL("no error");
    } catch (const Error &e) {
      CHECK(std::string(e.what()).find("keeps this int64 array as int32 on the device, the "
                                       "device array stores int64") != std::string::npos);
    }
  }
  SECTION("only a manifest's storage pairs are accepted") {
    CHECK_THROWS_AS(DeviceArray(device, DType::Int64, {4}, DType::Int16), Error);
    CHECK_THROWS_AS(DeviceArray(device, DType::Float32, {4}, DType::Float64), Error);
    CHECK_THROWS_AS(DeviceArray::forArgument(device, kernel.entryPoint(), "k", {4}), Error);
    CHECK_THROWS_AS(DeviceArray::forArgument(device, kernel.entryPoint(), "counts", {4, 4}),
                    Error);
  }
}
