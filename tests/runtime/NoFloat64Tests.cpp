// Tests of kernels compiled with --no-float64 (devices without float64) or narrow=True /
// "floats" (float64 data stored as float32), whose manifests
// say `"dtype": "float64", "device_dtype": "float32"` (and complex128 → complex64):
// the manifest pairs accepted and refused; scalars rounded into 4-byte float32 fields
// (8-byte pairs of float32 for complex128); arrays rounded on upload as NumPy's
// astype(float32) does (to nearest, ±inf beyond float32's range, NaN kept) and widened
// back exactly on download, contiguous and strided, except that elements the device
// left as uploaded keep their host value exactly; and launches on lavapipe of the
// float32 saxpy.comp and complex64 cscale.comp test kernels behind hand-edited
// manifests that declare float64/complex128 arguments, checked against results
// computed here from random inputs.
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cfloat>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;
using c64 = std::complex<float>;
using c128 = std::complex<double>;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

template <class T> T fieldAt(const std::vector<unsigned char> &block, std::size_t offset) {
  REQUIRE(offset + sizeof(T) <= block.size());
  T v;
  std::memcpy(&v, block.data() + offset, sizeof v);
  return v;
}

template <class T> T fieldValue(const BoundScalar &s) {
  T v;
  std::memcpy(&v, s.field.data(), sizeof v);
  return v;
}

ArgumentDesc scalarDesc(DType dtype, DType device) {
  ArgumentDesc d;
  d.name = "v";
  d.kind = ArgumentKind::Scalar;
  d.dtype = dtype;
  d.deviceDType = device;
  return d;
}

/// The test manifest `name`.json with every argument's dtype set to `dtype` (its
/// device_dtype stays what the shader uses), as a --no-float64 build would write it.
json narrowedJson(const std::string &name, const char *dtype) {
  json j = json::parse(readFile(sourcePath(name + ".json")));
  for (json &a : j["entry_points"][0]["arguments"])
    a["dtype"] = dtype;
  return j;
}

Manifest narrowedManifest(const std::string &name, const char *dtype) {
  return Manifest::parse(narrowedJson(name, dtype).dump(), name + "-no-float64.json");
}

std::string manifestError(const json &j) {
  try {
    (void)Manifest::parse(j.dump(), "m.json");
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

/// float64 values with the cases astype(float32) must get right: overflow to ±inf,
/// rounding just below the overflow threshold, ties to even, underflow, NaN, -0.
std::vector<double> specialDoubles() {
  return {0.1,
          -1e39,
          1e300,
          3.4028235170913126e38, // FLT_MAX + a quarter ulp (2^102): rounds to FLT_MAX
          3.4028235677973366e38, // FLT_MAX + half an ulp (2^103): ties to even, +inf
          16777217.0,            // 2^24 + 1: a tie, rounds to 2^24
          1e-50,
          -1e-40, // a float32 subnormal
          std::numeric_limits<double>::quiet_NaN(),
          -0.0,
          kInf};
}

/// Bitwise equality for floats that may be NaN.
bool same(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0 || (a != a && b != b); }

} // namespace

TEST_CASE("manifests narrow float64 to float32 and complex128 to complex64", "[manifest]") {
  const Manifest m = narrowedManifest("saxpy", "float64");
  for (const ArgumentDesc &a : m.entryPoint().arguments) {
    CHECK(a.dtype == DType::Float64);
    CHECK(a.deviceDType == DType::Float32);
  }
  // 'a' keeps its 4-byte field at offset 0, next to x's shape at 4.
  CHECK(m.entryPoint().arguments[0].offset == 0);
  const Manifest c = narrowedManifest("cscale", "complex128");
  CHECK(c.entryPoint().arguments[0].deviceDType == DType::Complex64);

  json j = json::parse(readFile(sourcePath("saxpy.json")));
  j["entry_points"][0]["arguments"][1]["dtype"] = "float32";
  j["entry_points"][0]["arguments"][1]["device_dtype"] = "float64";
  CHECK_THAT(manifestError(j),
             Catch::Contains("device_dtype 'float64' does not go with dtype 'float32' (only int64 "
                             "may narrow to int32, uint64 to uint32, float64 to float32 and "
                             "complex128 to complex64)"));
  j["entry_points"][0]["arguments"][1]["dtype"] = "float64";
  j["entry_points"][0]["arguments"][1]["device_dtype"] = "complex64";
  CHECK_THAT(manifestError(j),
             Catch::Contains("device_dtype 'complex64' does not go with dtype 'float64'"));
  j["entry_points"][0]["arguments"][1]["dtype"] = "complex64";
  j["entry_points"][0]["arguments"][1]["device_dtype"] = "complex128";
  CHECK_THAT(manifestError(j),
             Catch::Contains("device_dtype 'complex128' does not go with dtype 'complex64'"));
  // A float64 scalar seen as float64 needs 8 bytes and overlaps x's shape at 4.
  json wide = narrowedJson("saxpy", "float64");
  wide["entry_points"][0]["arguments"][0]["device_dtype"] = "float64";
  CHECK_THAT(manifestError(wide), Catch::Contains("overlap") || Catch::Contains("outside"));
}

TEST_CASE("narrowed float64 and complex128 scalars are rounded into float32 fields",
          "[binding]") {
  SECTION("float64 → float32") {
    const ArgumentDesc d = scalarDesc(DType::Float64, DType::Float32);
    CHECK(bindScalar(d, 0.1).fieldSize == 4);
    CHECK(fieldValue<float>(bindScalar(d, 0.1)) == 0.1f);
    for (double v : specialDoubles()) {
      INFO("v = " << v);
      CHECK(same(fieldValue<float>(bindScalar(d, v)), static_cast<float>(v)));
    }
    CHECK(fieldValue<float>(bindScalar(d, 1e300)) == std::numeric_limits<float>::infinity());
    CHECK(fieldValue<float>(bindScalar(d, -1e39)) == -std::numeric_limits<float>::infinity());
    CHECK(fieldValue<float>(bindScalar(d, 3.4028235170913126e38)) == FLT_MAX);
    CHECK(fieldValue<float>(bindScalar(d, 3.4028235677973366e38)) ==
          std::numeric_limits<float>::infinity());
    CHECK(fieldValue<float>(bindScalar(d, std::int64_t{16777217})) == 16777216.0f);
    CHECK(fieldValue<float>(bindScalar(d, true)) == 1.0f);
    CHECK_THROWS_WITH(bindScalar(d, c128(1, 2)), Catch::Contains("expected a real value"));
    // float32 parameters still refuse values beyond float32's range.
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Float32, DType::Float32), 1e39),
                      Catch::Contains("out of the float32 range"));
  }
  SECTION("complex128 → complex64") {
    const ArgumentDesc d = scalarDesc(DType::Complex128, DType::Complex64);
    const BoundScalar s = bindScalar(d, c128(0.1, -1e300));
    CHECK(s.fieldSize == 8);
    const c64 z = fieldValue<c64>(s);
    CHECK(z.real() == 0.1f);
    CHECK(z.imag() == -std::numeric_limits<float>::infinity());
    CHECK(fieldValue<c64>(bindScalar(d, 2.5)) == c64(2.5f, 0.0f));
    CHECK(fieldValue<c64>(bindScalar(d, c128(1.0 / 3, 16777217.0))) ==
          c64(1.0f / 3, 16777216.0f));
  }
  SECTION("in saxpy's parameter block") {
    const Manifest m = narrowedManifest("saxpy", "float64");
    std::vector<double> x = randomDoubles(5, -1, 1), y = randomDoubles(5, -1, 1);
    Arguments args;
    args.scalar("a", 1.0 / 3).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
    const std::vector<unsigned char> block = bound.parameterBlock();
    REQUIRE(block.size() == 28);
    CHECK(fieldAt<float>(block, 0) == static_cast<float>(1.0 / 3));
    CHECK(fieldAt<std::int32_t>(block, 4) == 5);
    CHECK(bound.scalars()[0].fieldSize == 4);
  }
}

TEST_CASE("narrowed float64 and complex128 arrays round on upload and widen on download",
          "[binding]") {
  SECTION("float64 → float32, contiguous") {
    const Manifest m = narrowedManifest("saxpy", "float64");
    std::vector<double> x = randomDoubles(40, -1e6, 1e6);
    const std::vector<double> special = specialDoubles();
    x.insert(x.begin() + 7, special.begin(), special.end());
    std::vector<double> y(x.size());
    Arguments args;
    args.scalar("a", 1.0).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
    const BoundArray &bx = bound.arrays()[0];
    CHECK(bx.deviceBytes == 4 * x.size());
    CHECK(bx.bufferSize == 4 * x.size());
    std::vector<float> image(x.size());
    bx.upload(image.data());
    for (std::size_t i = 0; i < x.size(); ++i) {
      INFO("i = " << i << ", x = " << x[i]);
      CHECK(same(image[i], static_cast<float>(x[i])));
    }
    // Download widens each float32 exactly; y's old values are all overwritten.
    const BoundArray &by = bound.arrays()[1];
    by.download(image.data());
    for (std::size_t i = 0; i < x.size(); ++i) {
      INFO("i = " << i);
      if (std::isnan(x[i]))
        CHECK(std::isnan(y[i]));
      else
        CHECK(y[i] == static_cast<double>(static_cast<float>(x[i])));
    }
    CHECK(y[7 + 1] == -kInf);
    CHECK(y[7 + 2] == kInf);
    CHECK(y[7 + 3] == static_cast<double>(FLT_MAX));
    CHECK(y[7 + 4] == kInf);
    CHECK(y[7 + 5] == 16777216.0);
    CHECK(y[7 + 6] == 0.0);
    CHECK(y[7 + 7] != 0.0); // a float32 subnormal, not flushed
    CHECK(std::signbit(y[7 + 9]));
  }
  SECTION("float64 → float32, strided views (layout A)") {
    json j = narrowedJson("saxpy", "float64");
    for (int i : {1, 2})
      j["entry_points"][0]["arguments"][i]["layout"] = "A";
    const Manifest m = Manifest::parse(j.dump(), "saxpy-a.json");
    const std::size_t n = 9;
    std::vector<double> xBase = randomDoubles(3 * n, -10, 10), yBase(2 * n, 99.0);
    HostArray x = HostArray::of(xBase);
    x.data = &xBase[3 * n - 1];
    x.shape = {std::int64_t(n)};
    x.strides = {-3};
    HostArray y = HostArray::of(yBase);
    y.shape = {std::int64_t(n)};
    y.strides = {2};
    Arguments args;
    args.scalar("a", 1.0).array("x", x).array("y", y);
    const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
    std::vector<float> image(n);
    bound.arrays()[0].upload(image.data());
    for (std::size_t i = 0; i < n; ++i)
      CHECK(image[i] == static_cast<float>(xBase[3 * n - 1 - 3 * i]));
    bound.arrays()[1].download(image.data());
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(yBase[2 * i] == static_cast<double>(image[i]));
      CHECK(yBase[2 * i + 1] == 99.0); // the gaps are untouched
    }
  }
  SECTION("complex128 → complex64") {
    const Manifest m = narrowedManifest("cscale", "complex128");
    std::vector<c128> x = {c128(0.1, -0.2), c128(1e300, -1e-50), c128(16777217.0, -1e39)};
    for (double re : randomDoubles(20, -5, 5))
      x.emplace_back(re, re / 3);
    std::vector<c128> y(x.size());
    Arguments args;
    args.scalar("a", 1.0).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
    CHECK(bound.arrays()[0].deviceBytes == 8 * x.size());
    std::vector<c64> image(x.size());
    bound.arrays()[0].upload(image.data());
    for (std::size_t i = 0; i < x.size(); ++i) {
      INFO("i = " << i);
      CHECK(image[i] == c64(static_cast<float>(x[i].real()), static_cast<float>(x[i].imag())));
    }
    CHECK(image[1] == c64(std::numeric_limits<float>::infinity(), -0.0f));
    bound.arrays()[1].download(image.data());
    for (std::size_t i = 0; i < x.size(); ++i)
      CHECK(y[i] == c128(image[i].real(), image[i].imag()));
  }
}

TEST_CASE("narrowed elements the device did not change come back exactly", "[binding]") {
  SECTION("float64 → float32") {
    const Manifest m = narrowedManifest("saxpy", "float64");
    std::vector<double> y = randomDoubles(60, -1e3, 1e3);
    const std::vector<double> special = specialDoubles();
    y.insert(y.begin() + 5, special.begin(), special.end());
    // A NaN with a payload float32 cannot hold: unchanged, it comes back bit for bit.
    std::uint64_t nanBits = 0x7ff8000000000123ull;
    double payloadNaN;
    std::memcpy(&payloadNaN, &nanBits, 8);
    y.push_back(payloadNaN);
    const std::vector<double> before = y;
    std::vector<double> x(y.size(), 1.0);
    Arguments args;
    args.scalar("a", 1.0).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
    const BoundArray &by = bound.arrays()[1];
    std::vector<float> image(y.size());
    by.upload(image.data());
    // The "kernel" writes every third element (new values) and leaves the rest.
    const std::vector<double> fresh = randomDoubles(y.size(), -5, 5);
    for (std::size_t i = 0; i < y.size(); i += 3)
      image[i] = static_cast<float>(fresh[i]);
    by.download(image.data());
    for (std::size_t i = 0; i < y.size(); ++i) {
      INFO("i = " << i << ", before = " << before[i]);
      if (i % 3 == 0)
        CHECK(y[i] == static_cast<double>(static_cast<float>(fresh[i])));
      else
        CHECK(std::memcmp(&y[i], &before[i], 8) == 0); // exact, not rounded to float32
    }
    // A written value equal to the uploaded one cannot be told apart from no write:
    // the host keeps its (closer) float64 value.
    std::vector<double> z = {0.1, 0.1}, zx = {1.0, 1.0};
    Arguments zargs;
    zargs.scalar("a", 1.0).array("x", HostArray::of(zx)).array("y", HostArray::of(z));
    const BoundArguments zbound = BoundArguments::bind(m.entryPoint(), zargs);
    const std::vector<float> zimage = {0.1f, 0.25f};
    zbound.arrays()[1].download(zimage.data());
    CHECK(z[0] == 0.1);
    CHECK(z[1] == 0.25);
  }
  SECTION("complex128 → complex64, strided") {
    json j = narrowedJson("cscale", "complex128");
    j["entry_points"][0]["arguments"][2]["layout"] = "A";
    const Manifest m = Manifest::parse(j.dump(), "cscale-a.json");
    const std::size_t n = 12;
    std::vector<c128> x(n, c128(1, 1)), yBase(2 * n);
    const std::vector<double> parts = randomDoubles(4 * n, -7, 7);
    for (std::size_t i = 0; i < 2 * n; ++i)
      yBase[i] = c128(parts[2 * i], parts[2 * i + 1]);
    const std::vector<c128> before = yBase;
    HostArray y = HostArray::of(yBase);
    y.shape = {std::int64_t(n)};
    y.strides = {2};
    Arguments args;
    args.scalar("a", 1.0).array("x", HostArray::of(x)).array("y", y);
    const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
    const BoundArray &by = bound.arrays()[1];
    std::vector<c64> image(n);
    by.upload(image.data());
    // Element 4: only the imaginary part changes, so the whole element is widened.
    image[4] = c64(image[4].real(), image[4].imag() + 1.0f);
    image[7] = c64(0.5f, -0.25f);
    by.download(image.data());
    for (std::size_t i = 0; i < n; ++i) {
      INFO("i = " << i);
      if (i == 4 || i == 7)
        CHECK(yBase[2 * i] == c128(image[i].real(), image[i].imag()));
      else
        CHECK(yBase[2 * i] == before[2 * i]);
      CHECK(yBase[2 * i + 1] == before[2 * i + 1]); // the gaps are untouched
    }
    CHECK(yBase[8] != before[8]);
  }
}

TEST_CASE("saxpy compiled in float32 runs on float64 arrays and a float64 scalar", "[launch]") {
  Module module(sharedDevice(), readSpirv(shaderPath("saxpy.spv")),
                narrowedManifest("saxpy", "float64"), "saxpy.spv");
  Kernel saxpy = module.kernel();
  for (std::size_t n : {1u, 64u, 1000u, 4099u}) {
    INFO("n = " << n);
    std::vector<double> x = randomDoubles(n, -4, 4), y = randomDoubles(n, -4, 4);
    const double a = randomDoubles(1, 0.5, 3)[0];
    const std::vector<double> xBefore = x;
    // The device computes in float32 on the inputs rounded to float32.
    std::vector<double> expected(n);
    const float af = static_cast<float>(a);
    for (std::size_t i = 0; i < n; ++i)
      expected[i] = af * static_cast<float>(x[i]) + static_cast<float>(y[i]);
    Arguments args;
    args.scalar("a", a).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    saxpy.launch(args, LaunchConfig::grid(n));
    for (std::size_t i = 0; i < n; ++i) {
      INFO("i = " << i);
      REQUIRE(y[i] == Approx(expected[i]).epsilon(1e-6).margin(1e-6));
      // A float32 result, widened exactly.
      REQUIRE(static_cast<double>(static_cast<float>(y[i])) == y[i]);
    }
    CHECK(x == xBefore); // read-only: the rounded copy is not written back
  }
}

TEST_CASE("a grid shorter than a narrowed float64 array leaves the tail exact", "[launch]") {
  Module module(sharedDevice(), readSpirv(shaderPath("saxpy.spv")),
                narrowedManifest("saxpy", "float64"), "saxpy.spv");
  Kernel saxpy = module.kernel();
  // saxpy.comp's workgroups are 64 wide: a grid of 64 writes y[0..63] only.
  const std::size_t n = 300, covered = 64;
  std::vector<double> x = randomDoubles(n, -4, 4), y = randomDoubles(n, -4, 4);
  const std::vector<double> yBefore = y;
  Arguments args;
  args.scalar("a", 2.0).array("x", HostArray::of(x)).array("y", HostArray::of(y));
  saxpy.launch(args, LaunchConfig::grid(covered));
  for (std::size_t i = 0; i < n; ++i) {
    INFO("i = " << i);
    if (i < covered) {
      const float expected = 2.0f * static_cast<float>(x[i]) + static_cast<float>(yBefore[i]);
      REQUIRE(y[i] == Approx(expected).epsilon(1e-6).margin(1e-6));
      REQUIRE(static_cast<double>(static_cast<float>(y[i])) == y[i]);
    } else {
      REQUIRE(std::memcmp(&y[i], &yBefore[i], 8) == 0); // not rounded to float32
    }
  }
}

TEST_CASE("cscale compiled in complex64 runs on complex128 arrays and scalar", "[launch]") {
  Module module(sharedDevice(), readSpirv(shaderPath("cscale.spv")),
                narrowedManifest("cscale", "complex128"), "cscale.spv");
  Kernel cscale = module.kernel();
  const std::size_t n = 777;
  std::vector<c128> x(n), y(n, c128(99, 99));
  const std::vector<double> parts = randomDoubles(2 * n + 2, -3, 3);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = c128(parts[2 * i], parts[2 * i + 1]);
  const c128 a(parts[2 * n], parts[2 * n + 1]);
  Arguments args;
  args.scalar("a", a).array("x", HostArray::of(x)).array("y", HostArray::of(y));
  cscale.launch(args, LaunchConfig::grid(n));
  const c64 af(static_cast<float>(a.real()), static_cast<float>(a.imag()));
  for (std::size_t i = 0; i < n; ++i) {
    INFO("i = " << i);
    const c64 xf(static_cast<float>(x[i].real()), static_cast<float>(x[i].imag()));
    const double re = af.real() * xf.real() - af.imag() * xf.imag();
    const double im = af.real() * xf.imag() + af.imag() * xf.real();
    REQUIRE(y[i].real() == Approx(re).epsilon(1e-5).margin(1e-5));
    REQUIRE(y[i].imag() == Approx(im).epsilon(1e-5).margin(1e-5));
    REQUIRE(static_cast<double>(static_cast<float>(y[i].real())) == y[i].real());
  }
}

TEST_CASE("float64 device arrays stored as float32 round on copy and run in a chain",
          "[launch]") {
  Device &device = sharedDevice();
  Module module(device, readSpirv(shaderPath("saxpy.spv")), narrowedManifest("saxpy", "float64"),
                "saxpy.spv");
  Kernel saxpy = module.kernel();
  const std::size_t n = 1000;
  const auto len = static_cast<std::int64_t>(n);
  std::vector<double> x = randomDoubles(n, -1e3, 1e3), y = randomDoubles(n, -1e3, 1e3);
  x[0] = 1e300;   // beyond float32: +inf
  x[1] = -1e-300; // below float32's subnormals: -0
  x[2] = std::nan("");
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x), DType::Float32);
  CHECK(dx.bytes() == n * 4);
  const std::vector<double> back = dx.toVector<double>();
  for (std::size_t i = 0; i < n; ++i) {
    INFO("i = " << i);
    const double rounded = static_cast<float>(x[i]); // NumPy's astype(float32)
    if (std::isnan(rounded))
      REQUIRE(std::isnan(back[i]));
    else
      REQUIRE(std::memcmp(&back[i], &rounded, 8) == 0);
  }
  DeviceArray dy = DeviceArray::forArgument(device, saxpy.entryPoint(), "y", {len});
  CHECK(dy.storageDType() == DType::Float32);
  dy.copyFromHost(HostArray::of(y));
  // y = 0.5x + y twice, in float32 on the rounded inputs.
  Chain chain(device);
  const DeviceArguments args = DeviceArguments().scalar("a", 0.5).array("x", dx).array("y", dy);
  chain.launch(saxpy, args, LaunchConfig::grid(n)).launch(saxpy, args, LaunchConfig::grid(n));
  chain.run(1, 0);
  const std::vector<double> got = dy.toVector<double>();
  for (std::size_t i = 3; i < n; ++i) {
    INFO("i = " << i);
    float e = static_cast<float>(y[i]);
    for (int step = 0; step < 2; ++step)
      e = 0.5f * static_cast<float>(x[i]) + e;
    REQUIRE(got[i] == Approx(e).epsilon(1e-6).margin(1e-6));
    REQUIRE(static_cast<double>(static_cast<float>(got[i])) == got[i]);
  }
  CHECK(std::isinf(got[0]));
  // A float64 array stored as float64 does not fit this kernel.
  DeviceArray wide = DeviceArray::fromHost(device, HostArray::of(y));
  CHECK_THROWS_AS(Chain(device).launch(saxpy,
                                       DeviceArguments().scalar("a", 0.5).array("x", dx).array(
                                           "y", wide),
                                       LaunchConfig::grid(n)),
                  Error);
  std::vector<c128> z(8, {1.0 / 3, -2.0 / 3});
  DeviceArray dz = DeviceArray::fromHost(device, HostArray::of(z), DType::Complex64);
  CHECK(dz.toVector<c128>()[7] == c128(static_cast<float>(1.0 / 3), static_cast<float>(-2.0 / 3)));
}
