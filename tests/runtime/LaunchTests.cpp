// End-to-end tests on the machine's Vulkan device (lavapipe on CI): the GLSL test
// kernels compiled at build time, launched through Module/Kernel on random inputs and
// checked against results computed here — push-constant and uniform-buffer parameter
// blocks, 32- and 64-bit indices, narrowed int64 arrays and scalars, bool arrays read
// as bytes, strided and Fortran-ordered 2-d views, grid and workgroup-count dispatches
// with overridden workgroup sizes — plus the errors a Module or launch must raise.
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;

namespace {

Module loadModule(const std::string &name) {
  return Module(sharedDevice(), shaderPath(name + ".spv"), sourcePath(name + ".json"));
}

/// The test manifest `name`.json with `edit` applied, as a Module on the shared device.
template <class Edit> Module editedModule(const std::string &name, Edit edit) {
  json j = json::parse(readFile(sourcePath(name + ".json")));
  edit(j);
  return Module(sharedDevice(), readSpirv(shaderPath(name + ".spv")),
                Manifest::parse(j.dump(), name + "-edited.json"), name + ".spv");
}

bool anyNonZero(const std::vector<float> &v) {
  return std::any_of(v.begin(), v.end(), [](float x) { return x != 0; });
}

} // namespace

TEST_CASE("saxpy with a push-constant block matches the host result", "[launch]") {
  Module module = loadModule("saxpy");
  Kernel saxpy = module.kernel();
  CHECK(saxpy.entryPoint().name == "saxpy");
  for (std::size_t n : {1u, 63u, 64u, 1000u, 4099u}) {
    std::vector<float> x = randomFloats(n, -4, 4), y = randomFloats(n, -4, 4);
    REQUIRE(anyNonZero(x));
    const float a = std::uniform_real_distribution<float>(0.5f, 3.0f)(rng());
    std::vector<float> expected(n);
    for (std::size_t i = 0; i < n; ++i)
      expected[i] = a * x[i] + y[i];
    const std::vector<float> xBefore = x;
    Arguments args;
    args.scalar("a", a).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    const LaunchResult r = saxpy.launch(args, LaunchConfig::grid(n));
    CHECK(r.dispatch.workgroupSize == std::array<std::uint32_t, 3>{64, 1, 1});
    CHECK(r.dispatch.workgroupCount[0] == (n + 63) / 64);
    INFO("n = " << n);
    for (std::size_t i = 0; i < n; ++i)
      REQUIRE(y[i] == Approx(expected[i]).epsilon(1e-6));
    CHECK(x == xBefore); // read-only arrays are not copied back
  }
}

TEST_CASE("workgroup sizes are set through specialization constants", "[launch]") {
  Module module = loadModule("saxpy");
  Kernel saxpy = module.kernel("saxpy");
  const std::size_t n = 777;
  for (std::uint32_t local : {1u, 7u, 32u, 256u}) {
    std::vector<float> x = randomFloats(n, -1, 1), y(n, 0.5f);
    Arguments args;
    args.scalar("a", -2.0).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    // Exactly enough workgroups: every element is written once.
    const std::uint32_t groups = static_cast<std::uint32_t>((n + local - 1) / local);
    const LaunchResult r =
        saxpy.launch(args, LaunchConfig::groups(groups).withWorkgroupSize(local));
    CHECK(r.dispatch.workgroupCount[0] == groups);
    INFO("local size " << local);
    for (std::size_t i = 0; i < n; ++i)
      REQUIRE(y[i] == Approx(-2.0f * x[i] + 0.5f).epsilon(1e-6));
  }
  SECTION("too few workgroups leave the tail untouched") {
    std::vector<float> x = randomFloats(n, -1, 1), y(n, 0.5f);
    Arguments args;
    args.scalar("a", 3.0).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    saxpy.launch(args, LaunchConfig::groups(2).withWorkgroupSize(100));
    for (std::size_t i = 0; i < n; ++i)
      REQUIRE(y[i] == (i < 200 ? Approx(3.0f * x[i] + 0.5f).epsilon(1e-6) : Approx(0.5f)));
  }
  SECTION("device limits are enforced at launch") {
    std::vector<float> x(4), y(4);
    Arguments args;
    args.scalar("a", 1.0).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    const auto &limits = sharedDevice().limits();
    CHECK_THROWS_WITH(saxpy.launch(args, LaunchConfig::grid(4).withWorkgroupSize(
                                             limits.maxComputeWorkGroupInvocations * 2)),
                      Catch::Contains("exceeds the device's maxComputeWorkGroupInvocations"));
    CHECK_THROWS_WITH(
        saxpy.launch(args,
                     LaunchConfig::groups(std::uint64_t{limits.maxComputeWorkGroupCount[0]} + 1)),
        Catch::Contains("exceed the device's maxComputeWorkGroupCount[0]"));
    CHECK_THROWS_WITH(saxpy.launch(args, LaunchConfig::grid(0)),
                      Catch::Contains("the grid is zero"));
  }
}

TEST_CASE("strided 1-d views work with layout A", "[launch]") {
  Module module = editedModule("saxpy", [](json &j) {
    for (int i : {1, 2})
      j["entry_points"][0]["arguments"][i]["layout"] = "A";
  });
  Kernel saxpy = module.kernel();
  const std::size_t n = 300;
  std::vector<float> xBase = randomFloats(3 * n, -2, 2), yBase = randomFloats(2 * n, -2, 2);
  const std::vector<float> yBefore = yBase;
  HostArray x = HostArray::contiguous(xBase.data() + 3 * n - 1, DType::Float32, {std::int64_t(n)});
  x.strides = {-3}; // every third element, backwards
  HostArray y = HostArray::contiguous(yBase.data(), DType::Float32, {std::int64_t(n)});
  y.strides = {2};
  Arguments args;
  args.scalar("a", 1.5).array("x", x).array("y", y);
  saxpy.launch(args, LaunchConfig::grid(n));
  for (std::size_t i = 0; i < n; ++i) {
    REQUIRE(yBase[2 * i] == Approx(1.5f * xBase[3 * n - 1 - 3 * i] + yBefore[2 * i]).epsilon(1e-6));
    REQUIRE(yBase[2 * i + 1] == yBefore[2 * i + 1]); // the gaps are untouched
  }
}

TEST_CASE("narrowed int64 arrays and scalars, bool arrays and int8 scalars", "[launch]") {
  Module module = loadModule("count_flags");
  Kernel kernel = module.kernel();
  const std::size_t n = 513;
  std::vector<std::int64_t> counts = randomInts(n, -1000000, 1000000);
  std::vector<std::uint8_t> flags(n);
  for (auto &f : flags)
    f = static_cast<std::uint8_t>(rng()() % 2);
  std::vector<float> out(n, -1.0f);
  const std::int64_t k = 123456;
  const int h = -7;
  std::vector<std::int64_t> expected = counts;
  for (std::size_t i = 0; i < n; ++i)
    if (flags[i])
      expected[i] += k + h;

  HostArray flagsView = HostArray::of(flags);
  flagsView.dtype = DType::Bool;
  Arguments args;
  args.scalar("k", k).scalar("enable", true).scalar("h", h).array("flags", flagsView);
  args.array("counts", HostArray::of(counts)).array("out", HostArray::of(out));
  kernel.launch(args, LaunchConfig::grid(n));
  CHECK(counts == expected);
  for (std::size_t i = 0; i < n; ++i)
    REQUIRE(out[i] == Approx(0.5 * static_cast<double>(expected[i])));

  SECTION("disabled by the bool scalar") {
    std::vector<std::int64_t> again = counts;
    Arguments off;
    off.scalar("k", k).scalar("enable", false).scalar("h", h).array("flags", flagsView);
    off.array("counts", HostArray::of(again)).array("out", HostArray::of(out));
    kernel.launch(off, LaunchConfig::grid(n).withWorkgroupSize(64));
    CHECK(again == counts);
  }
  SECTION("values beyond int32 are refused before anything runs") {
    std::vector<std::int64_t> big = counts;
    big[17] = -(std::int64_t{1} << 33);
    const std::vector<std::int64_t> bigBefore = big;
    const std::vector<float> outBefore = out;
    Arguments bad;
    bad.scalar("k", k).scalar("enable", true).scalar("h", h).array("flags", flagsView);
    bad.array("counts", HostArray::of(big)).array("out", HostArray::of(out));
    CHECK_THROWS_WITH(
        kernel.launch(bad, LaunchConfig::grid(n)),
        Catch::StartsWith("argument 'counts': element [17] value -8589934592 does not "
                          "fit in int32"));
    CHECK(big == bigBefore);
    CHECK(out == outBefore);
    Arguments badScalar;
    badScalar.scalar("k", std::int64_t{1} << 31)
        .scalar("enable", true)
        .scalar("h", h)
        .array("flags", flagsView);
    badScalar.array("counts", HostArray::of(big)).array("out", HostArray::of(out));
    CHECK_THROWS_WITH(kernel.launch(badScalar, LaunchConfig::grid(n)),
                      Catch::Contains("OverflowError"));
  }
}

TEST_CASE("a uniform-buffer parameter block with 64-bit indices and float64 data", "[launch]") {
  Module module = loadModule("daxpy_ubo");
  Kernel daxpy = module.kernel();
  CHECK(daxpy.entryPoint().parameterBlock.kind == ParameterBlockKind::UniformBuffer);
  const std::size_t n = 1234;
  std::vector<double> x = randomDoubles(n, -1e3, 1e3), y = randomDoubles(n, -1e3, 1e3);
  const double a = -0.3125;
  std::vector<double> expected(n);
  for (std::size_t i = 0; i < n; ++i)
    expected[i] = a * x[i] + y[i];
  Arguments args;
  args.scalar("a", a).array("x", HostArray::of(x)).array("y", HostArray::of(y));
  daxpy.launch(args, LaunchConfig::grid(n).withWorkgroupSize(128));
  for (std::size_t i = 0; i < n; ++i)
    REQUIRE(y[i] == Approx(expected[i]).epsilon(1e-14));
}

TEST_CASE("2-d views in C, Fortran and transposed layouts over a 2-d grid", "[launch]") {
  Module module = loadModule("scale2d");
  Kernel scale = module.kernel();
  const std::int64_t rows = 37, cols = 21;
  std::vector<float> base = randomFloats(rows * cols, -5, 5);
  auto check = [&](const HostArray &src, auto element) {
    std::vector<float> dst(rows * cols, 99.0f);
    Arguments args;
    args.scalar("s", 0.75)
        .array("src", src)
        .array("dst", HostArray::contiguous(dst.data(), DType::Float32, {rows, cols}));
    const LaunchResult r = scale.launch(args, LaunchConfig::grid(cols, rows));
    CHECK(r.dispatch.workgroupCount == std::array<std::uint32_t, 3>{3, 5, 1});
    for (std::int64_t i = 0; i < rows; ++i)
      for (std::int64_t j = 0; j < cols; ++j)
        REQUIRE(dst[i * cols + j] == Approx(0.75f * element(i, j) + float(j)).epsilon(1e-6));
  };
  SECTION("C order") {
    check(HostArray::contiguous(base.data(), DType::Float32, {rows, cols}),
          [&](std::int64_t i, std::int64_t j) { return base[i * cols + j]; });
  }
  SECTION("Fortran order") {
    HostArray f = HostArray::contiguous(base.data(), DType::Float32, {rows, cols});
    f.strides = fStrides(f.shape);
    check(f, [&](std::int64_t i, std::int64_t j) { return base[i + j * rows]; });
  }
  SECTION("every other row, columns reversed") {
    std::vector<float> big = randomFloats(2 * rows * cols, -5, 5);
    HostArray v = HostArray::contiguous(big.data() + cols - 1, DType::Float32, {rows, cols});
    v.strides = {2 * cols, -1};
    check(v, [&](std::int64_t i, std::int64_t j) { return big[2 * cols * i + cols - 1 - j]; });
  }
}

TEST_CASE("modules are checked against their manifests and the device", "[launch]") {
  SECTION("entry points missing from the SPIR-V") {
    CHECK_THROWS_WITH(
        editedModule("saxpy", [](json &j) { j["entry_points"][0]["name"] = "daxpy"; }),
        Catch::Contains("lists entry point 'daxpy' but saxpy.spv has no GLCompute "
                        "entry point of that name (it has: 'saxpy')"));
  }
  SECTION("a stale SPIR-V version") {
    CHECK_THROWS_WITH(editedModule("saxpy", [](json &j) { j["spirv_version"] = "1.5"; }),
                      "saxpy.spv is SPIR-V 1.3 but its manifest saxpy-edited.json says 1.5 (is "
                      "the manifest stale?)");
  }
  SECTION("a target environment newer than the device (nvc --target-env)") {
    Module m = editedModule("saxpy", [](json &j) { j["target_env"] = "vulkan1.9"; });
    CHECK_THROWS_WITH(m.kernel(), Catch::Contains("cannot run entry point 'saxpy': the module "
                                                  "was built for Vulkan 1.9 (target_env "
                                                  "vulkan1.9) but the device offers only 1."));
    CHECK_NOTHROW(editedModule("saxpy", [](json &j) { j["target_env"] = "vulkan1.1"; }).kernel());
  }
  SECTION("shared memory beyond maxComputeSharedMemorySize") {
    const std::uint32_t limit = sharedDevice().limits().maxComputeSharedMemorySize;
    Module m = editedModule(
        "saxpy", [&](json &j) { j["entry_points"][0]["shared_memory_bytes"] = limit + 4; });
    CHECK_THROWS_WITH(m.kernel(), fmt::format("entry point 'saxpy' declares {} bytes of workgroup "
                                              "(shared) memory, more than the device's "
                                              "maxComputeSharedMemorySize ({})",
                                              limit + 4, limit));
  }
  SECTION("files that are not SPIR-V or do not exist") {
    CHECK_THROWS_WITH(readSpirv(sourcePath("saxpy.json")), Catch::Contains("not a SPIR-V module"));
    CHECK_THROWS_WITH(Module(sharedDevice(), workPath("none.spv")),
                      Catch::Contains("none.spv: cannot open the SPIR-V file"));
    CHECK_THROWS_WITH(Module(sharedDevice(), shaderPath("saxpy.spv"), workPath("none.json")),
                      Catch::Contains("none.json: cannot open the file"));
  }
  SECTION("a variant the device can run whose file was not shipped") {
    // Every device runs a variant that needs only Shader (SPIR-V 1.3).
    json j = json::parse(readFile(sourcePath("saxpy.json")));
    j["variants"] = json::array({{{"name", "plain"},
                                  {"spirv_version", "1.3"},
                                  {"capabilities", json::array({"Shader"})},
                                  {"extensions", json::array()}}});
    writeFile(workPath("shipped.spv"), readFile(shaderPath("saxpy.spv")));
    writeFile(workPath("shipped.json"), j.dump());
    CHECK_THROWS_WITH(Module(sharedDevice(), workPath("shipped.spv")),
                      Catch::Contains("shipped.plain.spv: cannot open the SPIR-V file") &&
                          Catch::Contains("shipped.json lists this variant, 'plain', as the "
                                          "build for this device") &&
                          Catch::Contains("NVC_NO_VARIANTS=1"));
  }
  SECTION("the default manifest path is next to the .spv") {
    // The compiled kernels live in the build tree without manifests.
    CHECK_THROWS_WITH(Module(sharedDevice(), shaderPath("saxpy.spv")),
                      Catch::Contains("saxpy.json: cannot open the file"));
  }
  SECTION("what the binary declares is inspected") {
    const SpirvInfo info =
        inspectSpirv(readSpirv(shaderPath("count_flags.spv")), "count_flags.spv");
    CHECK(info.version == "1.3");
    CHECK(info.glComputeEntryPoints == std::vector<std::string>{"count_flags"});
    CHECK(info.capabilities == std::vector<std::string>{"Shader", "StorageBuffer8BitAccess"});
    CHECK(info.extensions == std::vector<std::string>{"SPV_KHR_8bit_storage"});
  }
}
