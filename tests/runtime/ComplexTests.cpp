// Tests of the complex dtypes complex64 and complex128 (NumPy's layout: real part,
// then imaginary part): dtype properties and .npy round trips; complex scalars in the
// parameter block (real part at the manifest's offset, imaginary part right after it,
// aligned to the size of one part), real values binding with imaginary part 0, range
// checks, complex values refused for real parameters; Python's complex literal forms;
// manifests with complex arguments; end-to-end launches of cscale.comp (complex64,
// vec2) and zaxpy.comp (complex128, dvec2) against results computed here; and nvc-run
// with complex scalars.
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cfloat>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;
using c64 = std::complex<float>;
using c128 = std::complex<double>;

namespace {

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

ArgumentDesc scalarDesc(DType dtype) {
  ArgumentDesc d;
  d.name = "z";
  d.kind = ArgumentKind::Scalar;
  d.dtype = dtype;
  d.deviceDType = dtype;
  return d;
}

std::vector<c64> randomC64(std::size_t n) {
  const std::vector<float> re = randomFloats(n, -2, 2), im = randomFloats(n, -2, 2);
  std::vector<c64> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = {re[i], im[i]};
  return v;
}

std::vector<c128> randomC128(std::size_t n) {
  const std::vector<double> re = randomDoubles(n, -2, 2), im = randomDoubles(n, -2, 2);
  std::vector<c128> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = {re[i], im[i]};
  return v;
}

std::string manifestError(const json &j) {
  try {
    (void)Manifest::parse(j.dump(), "kernel.json");
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

void checkClose(c64 got, c64 expected) {
  CHECK(got.real() == Approx(expected.real()).epsilon(1e-5).margin(1e-5));
  CHECK(got.imag() == Approx(expected.imag()).epsilon(1e-5).margin(1e-5));
}

} // namespace

TEST_CASE("complex dtypes: names, sizes and .npy round trips", "[npy]") {
  CHECK(dtypeName(DType::Complex64) == "complex64");
  CHECK(dtypeName(DType::Complex128) == "complex128");
  CHECK(dtypeFromName("complex64") == DType::Complex64);
  CHECK(dtypeFromName("complex128") == DType::Complex128);
  CHECK_FALSE(dtypeFromName("complex"));
  CHECK(dtypeSize(DType::Complex64) == 8);
  CHECK(dtypeSize(DType::Complex128) == 16);
  CHECK(sizeof(c64) == 8);
  CHECK(sizeof(c128) == 16);
  CHECK(isComplexDType(DType::Complex64));
  CHECK(isComplexDType(DType::Complex128));
  CHECK_FALSE(isComplexDType(DType::Float64));
  for (DType d : {DType::Complex64, DType::Complex128}) {
    CHECK_FALSE(isIntegerDType(d));
    CHECK_FALSE(isSignedDType(d));
    CHECK_FALSE(isFloatDType(d));
  }
  CHECK(dtypeOf<c64>() == DType::Complex64);
  CHECK(dtypeOf<c128>() == DType::Complex128);

  std::vector<c64> a = randomC64(17);
  writeNpy(workPath("complex64.npy"), HostArray::of(a));
  NpyArray back = readNpy(workPath("complex64.npy"));
  CHECK(back.dtype == DType::Complex64);
  CHECK(back.shape == std::vector<std::int64_t>{17});
  REQUIRE(back.bytes.size() == 17 * 8);
  CHECK(std::memcmp(back.bytes.data(), a.data(), back.bytes.size()) == 0);
  const std::vector<unsigned char> file = encodeNpy(HostArray::of(a));
  CHECK(std::string(file.begin() + 10, file.end()).find("'descr': '<c8'") != std::string::npos);

  // A strided complex128 view (every other element, backwards) is gathered.
  std::vector<c128> b = randomC128(10);
  HostArray view;
  view.data = &b[9];
  view.dtype = DType::Complex128;
  view.shape = {5};
  view.strides = {-2};
  const std::vector<unsigned char> bFile = encodeNpy(view);
  CHECK(std::string(bFile.begin() + 10, bFile.end()).find("'descr': '<c16'") != std::string::npos);
  NpyArray bBack = parseNpy(bFile.data(), bFile.size(), "b.npy");
  REQUIRE(bBack.bytes.size() == 5 * 16);
  for (int i = 0; i < 5; ++i) {
    c128 z;
    std::memcpy(&z, bBack.bytes.data() + 16 * i, 16);
    CHECK(z == b[9 - 2 * i]);
  }
}

TEST_CASE("complex literals in Python's forms are parsed", "[binding]") {
  const std::pair<const char *, c128> good[] = {
      {"1.5+2j", {1.5, 2}},
      {"(1.5-2j)", {1.5, -2}},
      {"3j", {0, 3}},
      {"-3J", {0, -3}},
      {"j", {0, 1}},
      {"-j", {0, -1}},
      {"1+j", {1, 1}},
      {"2-J", {2, -1}},
      {"1e-3+2e+1j", {1e-3, 20}},
      {"-1.5e2-0.25j", {-150, -0.25}},
      {"+4-5j", {4, -5}},
      {"2.5", {2.5, 0}},
      {"(2.5)", {2.5, 0}},
      {"-7", {-7, 0}},
      {"(0j)", {0, 0}},
      {"1.5e+2j", {0, 150}},
  };
  for (const auto &[text, z] : good) {
    INFO(text);
    const std::optional<c128> got = parseComplexLiteral(text);
    REQUIRE(got);
    CHECK(*got == z);
  }
  const std::optional<c128> inf = parseComplexLiteral("inf-nanj");
  REQUIRE(inf);
  CHECK(std::isinf(inf->real()));
  CHECK(std::isnan(inf->imag()));
  for (const char *text :
       {"", "()", "(", "1.5+", "1.5+2", "1.5 + 2j", " 3j", "0x1p3j", "2jj", "(1+2j", "1+2j)",
        "((1+2j))", "1_0j", "e5j", "1e5e5j", "abc", "+", "1+2j+3j"}) {
    INFO("'" << text << "'");
    CHECK_FALSE(parseComplexLiteral(text));
  }
  CHECK_THROWS_WITH(parseComplexLiteral("1e999j"),
                    Catch::Contains("the number 1e999 is out of the float64 range"));
  CHECK(toString(ScalarValue(c128(1.5, -2))) == "(1.5-2j)");
  CHECK(toString(ScalarValue(c128(0, 3))) == "(0+3j)");
}

TEST_CASE("complex scalars are packed as two floats at the manifest offset", "[binding]") {
  SECTION("complex64: real part at the offset, imaginary part 4 bytes after it") {
    const BoundScalar s = bindScalar(scalarDesc(DType::Complex64), c128(1.5, -2.25));
    CHECK(s.fieldSize == 8);
    CHECK(fieldValue<float>(s) == 1.5f);
    CHECK(fieldAt<float>(std::vector<unsigned char>(s.field.begin(), s.field.end()), 4) == -2.25f);
    CHECK(fieldValue<c64>(bindScalar(scalarDesc(DType::Complex64), c128(0.1, 0.2))) ==
          c64(0.1f, 0.2f));
  }
  SECTION("complex128: 16 bytes") {
    const BoundScalar s = bindScalar(scalarDesc(DType::Complex128), c128(0.1, -1e300));
    CHECK(s.fieldSize == 16);
    CHECK(fieldValue<c128>(s) == c128(0.1, -1e300));
  }
  SECTION("real values bind with imaginary part 0") {
    CHECK(fieldValue<c64>(bindScalar(scalarDesc(DType::Complex64), 2.5)) == c64(2.5f, 0));
    CHECK(fieldValue<c64>(bindScalar(scalarDesc(DType::Complex64), std::int64_t{-3})) ==
          c64(-3, 0));
    CHECK(fieldValue<c128>(bindScalar(scalarDesc(DType::Complex128), std::uint64_t{7})) ==
          c128(7, 0));
    CHECK(fieldValue<c128>(bindScalar(scalarDesc(DType::Complex128), true)) == c128(1, 0));
  }
  SECTION("range checks and complex values for real parameters") {
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Complex64), c128(1, 1e300)),
                      Catch::Contains("argument 'z': value (1+1e+300j) is out of the complex64 "
                                      "range"));
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Complex64), -1e39),
                      Catch::Contains("out of the complex64 range"));
    CHECK(std::isinf(
        fieldValue<c64>(bindScalar(scalarDesc(DType::Complex64), c128(HUGE_VAL, 0))).real()));
    CHECK(fieldValue<c128>(bindScalar(scalarDesc(DType::Complex128), c128(1e300, -1e300))) ==
          c128(1e300, -1e300));
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Float32), c128(1, 0)),
                      "argument 'z': expected a real value for this float32 parameter, got the "
                      "complex number (1+0j)");
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Int32), c128(1, 2)),
                      Catch::Contains("expected a real value for this int32 parameter"));
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Bool), c128(0, 0)),
                      Catch::Contains("expected a real value for this bool parameter"));
  }
  SECTION("the parameter blocks of cscale and zaxpy") {
    const Manifest cm = Manifest::load(sourcePath("cscale.json"));
    std::vector<c64> x(6), y(6);
    Arguments args;
    args.scalar("a", c64(0.5f, -4.0f)).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    const BoundArguments bound = BoundArguments::bind(cm.entryPoint(), args);
    const std::vector<unsigned char> block = bound.parameterBlock();
    REQUIRE(block.size() == 32);
    CHECK(fieldAt<float>(block, 0) == 0.5f);
    CHECK(fieldAt<float>(block, 4) == -4.0f);
    CHECK(fieldAt<std::int32_t>(block, 8) == 6);
    CHECK(fieldAt<std::int32_t>(block, 12) == 1);
    CHECK(fieldAt<std::int32_t>(block, 20) == 6);
    CHECK(bound.arrays()[0].deviceBytes == 48); // packed pairs of float32
    CHECK(bound.arrays()[0].bufferSize == 48);

    const Manifest zm = Manifest::load(sourcePath("zaxpy.json"));
    std::vector<c128> zx(3), zy(3);
    Arguments zargs;
    zargs.scalar("s", 2.0f).scalar("a", c128(-1.25, 1e-300));
    zargs.array("x", HostArray::of(zx)).array("y", HostArray::of(zy));
    const BoundArguments zbound = BoundArguments::bind(zm.entryPoint(), zargs);
    const std::vector<unsigned char> zblock = zbound.parameterBlock();
    REQUIRE(zblock.size() == 56);
    CHECK(fieldAt<float>(zblock, 0) == 2.0f);
    for (std::size_t pad = 4; pad < 16; ++pad)
      CHECK(zblock[pad] == 0);
    CHECK(fieldAt<double>(zblock, 16) == -1.25);
    CHECK(fieldAt<double>(zblock, 24) == 1e-300);
    CHECK(fieldAt<std::int32_t>(zblock, 32) == 3);
    CHECK(zbound.arrays()[1].deviceBytes == 48);

    // nvc lays a complex scalar out as two adjacent parts aligned to the part's size:
    // (s: float32, a: complex128) puts `a` at byte 8.
    json j = json::parse(readFile(sourcePath("zaxpy.json")));
    j["entry_points"][0]["arguments"][1]["offset"] = 8;
    const Manifest packed = Manifest::parse(j.dump(), "zaxpy-packed.json");
    const std::vector<unsigned char> pblock =
        BoundArguments::bind(packed.entryPoint(), zargs).parameterBlock();
    CHECK(fieldAt<float>(pblock, 0) == 2.0f);
    CHECK(fieldAt<double>(pblock, 8) == -1.25);
    CHECK(fieldAt<double>(pblock, 16) == 1e-300);
    CHECK(fieldAt<std::int64_t>(pblock, 24) == 0);
  }
  SECTION("complex arrays: dtype checks and strided uploads") {
    const Manifest cm = Manifest::load(sourcePath("cscale.json"));
    std::vector<c64> x = randomC64(10), y(5);
    std::vector<c128> wrong(5);
    Arguments bad;
    bad.scalar("a", 1.0).array("x", HostArray::of(wrong)).array("y", HostArray::of(y));
    CHECK_THROWS_WITH(BoundArguments::bind(cm.entryPoint(), bad),
                      "argument 'x': expected a complex64 array, got complex128");
    HostArray odd = HostArray::of(x);
    odd.data = &x[1];
    odd.shape = {5};
    odd.strides = {2};
    Arguments args;
    args.scalar("a", 1.0).array("x", odd).array("y", HostArray::of(y));
    const BoundArguments bound = BoundArguments::bind(cm.entryPoint(), args);
    std::vector<c64> buffer(5);
    bound.arrays()[0].upload(buffer.data());
    for (std::size_t i = 0; i < 5; ++i)
      CHECK(buffer[i] == x[2 * i + 1]);
    const std::vector<c64> image = randomC64(5);
    bound.arrays()[1].download(image.data());
    CHECK(y == image);
  }
}

TEST_CASE("manifests with complex arguments are checked", "[manifest]") {
  const Manifest m = Manifest::load(sourcePath("zaxpy.json"));
  const ArgumentDesc &a = *m.entryPoint().findArgument("a");
  CHECK(a.dtype == DType::Complex128);
  CHECK(a.deviceDType == DType::Complex128);
  CHECK(a.offset == 16);

  const json base = json::parse(readFile(sourcePath("zaxpy.json")));
  json j = base;
  // A complex field is aligned to the size of one part: complex128 at byte 8 is fine.
  j["entry_points"][0]["arguments"][1]["offset"] = 8;
  CHECK(manifestError(j).empty());
  j["entry_points"][0]["arguments"][1]["offset"] = 4;
  CHECK_THAT(manifestError(j), Catch::Contains("parameter block field scalar 'a' at byte 4 is not "
                                               "aligned to the size of its real part (8 bytes)"));
  j = base;
  j["entry_points"][0]["arguments"][1]["offset"] = 48; // bytes 48..63 of a 56-byte block
  CHECK_THAT(manifestError(j), Catch::Contains("lies outside the 56-byte parameter block"));
  j = base;
  j["entry_points"][0]["arguments"][1]["device_dtype"] = "float64";
  CHECK_THAT(manifestError(j),
             Catch::Contains("device_dtype 'float64' does not go with dtype 'complex128'"));
  j = base;
  j["entry_points"][0]["arguments"][0]["dtype"] = "complex64"; // 8 bytes at 0 overlap nothing
  j["entry_points"][0]["arguments"][0]["device_dtype"] = "complex64";
  CHECK(manifestError(j).empty());
  j["entry_points"][0]["arguments"][0]["offset"] = 4; // complex64 at byte 4 is fine
  CHECK(manifestError(j).empty());
  j["entry_points"][0]["arguments"][0]["offset"] = 2;
  CHECK_THAT(manifestError(j), Catch::Contains("at byte 2 is not aligned to the size of its real "
                                               "part (4 bytes)"));
  j["entry_points"][0]["arguments"][0]["offset"] = 12; // bytes 12..19 overlap 'a' at 16
  CHECK_THAT(manifestError(j), Catch::Contains("scalar 's' (byte 12) and scalar 'a' (byte 16) "
                                               "overlap"));

  json c = json::parse(readFile(sourcePath("cscale.json")));
  c["entry_points"][0]["arguments"][0]["dtype"] = "complex32";
  CHECK_THAT(manifestError(c), Catch::Contains("'complex32', not a supported dtype") &&
                                   Catch::Contains("complex64, complex128)"));
}

TEST_CASE("cscale multiplies a complex64 array by a complex64 scalar", "[launch]") {
  Module module(sharedDevice(), shaderPath("cscale.spv"), sourcePath("cscale.json"));
  Kernel cscale = module.kernel();
  for (std::size_t n : {1u, 64u, 1000u}) {
    INFO("n = " << n);
    // x: every third element of a larger array, backwards (layout A).
    std::vector<c64> base = randomC64(3 * n), y(n, c64(99, 99));
    const c64 a = randomC64(1)[0];
    HostArray x = HostArray::of(base);
    x.data = &base[3 * n - 1];
    x.shape = {static_cast<std::int64_t>(n)};
    x.strides = {-3};
    Arguments args;
    args.scalar("a", a).array("x", x).array("y", HostArray::of(y));
    cscale.launch(args, LaunchConfig::grid(n));
    for (std::size_t i = 0; i < n; ++i) {
      INFO("i = " << i);
      const c64 xi = base[3 * n - 1 - 3 * i];
      checkClose(y[i], c64(a.real() * xi.real() - a.imag() * xi.imag(),
                           a.real() * xi.imag() + a.imag() * xi.real()));
    }
  }
  SECTION("a real scalar multiplies both parts") {
    std::vector<c64> x = randomC64(50), y(50);
    Arguments args;
    args.scalar("a", -2).array("x", HostArray::of(x)).array("y", HostArray::of(y));
    cscale.launch(args, LaunchConfig::grid(50));
    for (std::size_t i = 0; i < 50; ++i)
      CHECK(y[i] == -2.0f * x[i]);
  }
}

TEST_CASE("zaxpy computes a * x + s * y in complex128", "[launch]") {
  Module module(sharedDevice(), shaderPath("zaxpy.spv"), sourcePath("zaxpy.json"));
  Kernel zaxpy = module.kernel();
  const std::size_t n = 777;
  std::vector<c128> x = randomC128(n), y = randomC128(n);
  const c128 a = randomC128(1)[0];
  const float s = 0.75f;
  std::vector<c128> expected(n);
  for (std::size_t i = 0; i < n; ++i)
    expected[i] = c128(a.real() * x[i].real() - a.imag() * x[i].imag(),
                       a.real() * x[i].imag() + a.imag() * x[i].real()) +
                  static_cast<double>(s) * y[i];
  Arguments args;
  args.scalar("s", s).scalar("a", a).array("x", HostArray::of(x)).array("y", HostArray::of(y));
  zaxpy.launch(args, LaunchConfig::grid(n));
  for (std::size_t i = 0; i < n; ++i) {
    INFO("i = " << i);
    REQUIRE(y[i].real() == Approx(expected[i].real()).epsilon(1e-12).margin(1e-12));
    REQUIRE(y[i].imag() == Approx(expected[i].imag()).epsilon(1e-12).margin(1e-12));
  }
}

TEST_CASE("nvc-run reads complex scalars and complex .npy files", "[cli]") {
  const std::string xPath = workPath("cli_c64_x.npy"), yPath = workPath("cli_c64_y.npy"),
                    outPath = workPath("cli_c64_out.npy");
  const std::size_t n = 100;
  std::vector<c64> x = randomC64(n), y(n);
  writeNpy(xPath, HostArray::of(x));
  writeNpy(yPath, HostArray::of(y));
  auto run = [&](const std::string &a) {
    std::remove(outPath.c_str());
    return runCommand(quote(nvcRunPath()) + " " + quote(shaderPath("cscale.spv")) + " --manifest " +
                      quote(sourcePath("cscale.json")) + " --grid 100 a=" + quote(a) + " x=@" +
                      quote(xPath) + " y=@" + quote(yPath) + " --out y=" + quote(outPath));
  };
  for (const auto &[text, a] : {std::pair<const char *, c64>{"(1.5-2j)", {1.5f, -2}},
                                {"1.5+2j", {1.5f, 2}},
                                {"3j", {0, 3}},
                                {"-0.5", {-0.5f, 0}},
                                {"2", {2, 0}}}) {
    INFO("a=" << text);
    const CommandResult r = run(text);
    INFO(r.output);
    REQUIRE(r.exitCode == 0);
    NpyArray out = readNpy(outPath);
    REQUIRE(out.dtype == DType::Complex64);
    REQUIRE(out.bytes.size() == n * 8);
    std::vector<c64> got(n);
    std::memcpy(got.data(), out.bytes.data(), out.bytes.size());
    for (std::size_t i = 0; i < n; ++i)
      checkClose(got[i], c64(a.real() * x[i].real() - a.imag() * x[i].imag(),
                             a.real() * x[i].imag() + a.imag() * x[i].real()));
  }
  for (const auto &[text, message] :
       {std::pair<const char *, const char *>{
            "1.5+2jj", "argument 'a': cannot read '1.5+2jj' as a complex number"},
        {"(1.5-2j", "cannot read '(1.5-2j' as a complex number"},
        {"1e999j", "argument 'a': the number 1e999 is out of the float64 range"},
        {"1e300+1j", "out of the complex64 range"}}) {
    const CommandResult r = run(text);
    INFO(r.output);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.output, Catch::StartsWith("nvc-run: error: ") && Catch::Contains(message));
  }
  // A complex value for saxpy's float32 scalar.
  std::vector<float> fx(4), fy(4);
  writeNpy(workPath("cli_c_fx.npy"), HostArray::of(fx));
  writeNpy(workPath("cli_c_fy.npy"), HostArray::of(fy));
  const CommandResult r =
      runCommand(quote(nvcRunPath()) + " " + quote(shaderPath("saxpy.spv")) + " --manifest " +
                 quote(sourcePath("saxpy.json")) + " --grid 4 a=1+2j x=@" +
                 quote(workPath("cli_c_fx.npy")) + " y=@" + quote(workPath("cli_c_fy.npy")));
  INFO(r.output);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::Contains("argument 'a': expected a real value for this float32 "
                                       "parameter, got the complex number (1+2j)"));
}
