// Tests of argument binding without a device: parameter-block packing at the
// manifest's byte offsets (32- and 64-bit indices, narrowed and sub-32-bit scalars),
// scalar conversions and range checks, array checks (names, dtype, ndim, layout,
// aliasing), storage-buffer sizes, and the element conversions of upload/download
// (int64→int32 narrowing with OverflowError-style messages, bool bytes, strided views
// gathered and scattered in C and Fortran order).
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

template <class T> T fieldAt(const std::vector<unsigned char> &block, std::size_t offset) {
  REQUIRE(offset + sizeof(T) <= block.size());
  T v;
  std::memcpy(&v, block.data() + offset, sizeof v);
  return v;
}

std::string bindError(const EntryPointDesc &e, const Arguments &args) {
  try {
    (void)BoundArguments::bind(e, args);
  } catch (const Error &err) {
    return err.what();
  }
  return "";
}

/// A scalar parameter 'v' of `dtype`, seen by the device as `device`.
ArgumentDesc scalarDesc(DType dtype, DType device) {
  ArgumentDesc d;
  d.name = "v";
  d.kind = ArgumentKind::Scalar;
  d.dtype = dtype;
  d.deviceDType = device;
  return d;
}

ArgumentDesc scalarDesc(DType dtype) { return scalarDesc(dtype, dtype); }

template <class T> T fieldValue(const BoundScalar &s) {
  T v;
  std::memcpy(&v, s.field.data(), sizeof v);
  return v;
}

} // namespace

TEST_CASE("saxpy's push-constant block is packed at the manifest offsets", "[binding]") {
  const Manifest m = Manifest::load(sourcePath("saxpy.json"));
  std::vector<float> x = randomFloats(37, -1, 1), y = randomFloats(37, -1, 1);
  Arguments args;
  args.scalar("a", 2.5f).array("x", HostArray::of(x)).array("y", HostArray::of(y));
  const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
  const std::vector<unsigned char> block = bound.parameterBlock();
  REQUIRE(block.size() == 28);
  CHECK(fieldAt<float>(block, 0) == 2.5f);
  CHECK(fieldAt<std::int32_t>(block, 4) == 37);  // x extent
  CHECK(fieldAt<std::int32_t>(block, 8) == 1);   // x stride
  CHECK(fieldAt<std::int32_t>(block, 12) == 0);  // x offset
  CHECK(fieldAt<std::int32_t>(block, 16) == 37); // y extent
  CHECK(fieldAt<std::int32_t>(block, 20) == 1);
  CHECK(fieldAt<std::int32_t>(block, 24) == 0);
  REQUIRE(bound.arrays().size() == 2);
  CHECK(bound.arrays()[1].bufferSize == 37 * 4);
}

TEST_CASE("64-bit indices and a float64 scalar are packed as 8-byte fields", "[binding]") {
  const Manifest m = Manifest::load(sourcePath("daxpy_ubo.json"));
  std::vector<double> x(5), y(5);
  Arguments args;
  args.scalar("a", -0.125).array("x", HostArray::of(x)).array("y", HostArray::of(y));
  const std::vector<unsigned char> block =
      BoundArguments::bind(m.entryPoint(), args).parameterBlock();
  REQUIRE(block.size() == 56);
  CHECK(fieldAt<double>(block, 0) == -0.125);
  for (std::size_t off : {8, 32})
    CHECK(fieldAt<std::int64_t>(block, off) == 5);
  for (std::size_t off : {16, 40})
    CHECK(fieldAt<std::int64_t>(block, off) == 1);
  for (std::size_t off : {24, 48})
    CHECK(fieldAt<std::int64_t>(block, off) == 0);
}

TEST_CASE("narrowed, bool and int8 scalars occupy 4-byte fields", "[binding]") {
  const Manifest m = Manifest::load(sourcePath("count_flags.json"));
  std::vector<std::uint8_t> flags(3, 1);
  std::vector<std::int64_t> counts(3, 0);
  std::vector<float> out(3);
  HostArray flagsView = HostArray::of(flags);
  flagsView.dtype = DType::Bool;
  Arguments args;
  args.scalar("k", std::int64_t{-70000}).scalar("enable", true).scalar("h", -3);
  args.array("flags", flagsView)
      .array("counts", HostArray::of(counts))
      .array("out", HostArray::of(out));
  const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
  std::vector<unsigned char> block = bound.parameterBlock();
  REQUIRE(block.size() == 48);
  CHECK(fieldAt<std::int32_t>(block, 0) == -70000);
  CHECK(fieldAt<std::uint32_t>(block, 4) == 1);
  CHECK(fieldAt<std::int32_t>(block, 8) == -3); // sign-extended int8
  CHECK(fieldAt<std::int32_t>(block, 12) == 3);
  CHECK(fieldAt<std::int32_t>(block, 24) == 3);
  CHECK(fieldAt<std::int32_t>(block, 36) == 3);
  CHECK(bound.arrays()[0].bufferSize == 4);   // 3 bool bytes padded to 4
  CHECK(bound.arrays()[1].deviceBytes == 12); // int64 narrowed to int32
  CHECK(bound.scalars()[0].fieldSize == 4);
}

TEST_CASE("scalars are converted with range checks", "[binding]") {
  SECTION("integers") {
    CHECK(fieldValue<std::int32_t>(bindScalar(scalarDesc(DType::Int8), std::int64_t{-128})) ==
          -128);
    CHECK(fieldValue<std::uint32_t>(bindScalar(scalarDesc(DType::UInt16), std::int64_t{65535})) ==
          65535);
    CHECK(fieldValue<std::int32_t>(bindScalar(scalarDesc(DType::Int16), 12.0)) == 12);
    CHECK(fieldValue<std::int64_t>(
              bindScalar(scalarDesc(DType::Int64), std::int64_t{-5000000000})) == -5000000000);
    CHECK(fieldValue<std::uint64_t>(
              bindScalar(scalarDesc(DType::UInt64), std::uint64_t{18446744073709551615ull})) ==
          18446744073709551615ull);
    CHECK(bindScalar(scalarDesc(DType::Int64), std::int64_t{1}).fieldSize == 8);
    CHECK(fieldValue<std::int32_t>(bindScalar(scalarDesc(DType::Int32), true)) == 1);
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Int8), std::int64_t{300}),
                      "argument 'v': value 300 does not fit in int8 (range -128 to 127)");
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::UInt32), std::int64_t{-1}),
                      Catch::Contains("value -1 does not fit in uint32"));
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Int64), std::uint64_t{1} << 63),
                      Catch::Contains("does not fit in int64"));
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Int32), 2.5),
                      "argument 'v': expected an integer for this int32 parameter, got 2.5");
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Int32), 1e300), Catch::Contains("does not fit"));
  }
  SECTION("narrowed int64 and uint64 raise OverflowError-style errors") {
    const ArgumentDesc n = scalarDesc(DType::Int64, DType::Int32);
    CHECK(fieldValue<std::int32_t>(bindScalar(n, std::int64_t{-2147483648})) == INT32_MIN);
    CHECK(bindScalar(n, std::int64_t{7}).fieldSize == 4);
    CHECK_THROWS_WITH(bindScalar(n, std::int64_t{2147483648}),
                      Catch::Contains("value 2147483648 does not fit in int32") &&
                          Catch::Contains("OverflowError"));
    const ArgumentDesc u = scalarDesc(DType::UInt64, DType::UInt32);
    CHECK(fieldValue<std::uint32_t>(bindScalar(u, std::int64_t{4294967295})) == 4294967295u);
    CHECK_THROWS_WITH(bindScalar(u, std::int64_t{4294967296}), Catch::Contains("OverflowError"));
  }
  SECTION("bools") {
    CHECK(fieldValue<std::uint32_t>(bindScalar(scalarDesc(DType::Bool), false)) == 0);
    CHECK(fieldValue<std::uint32_t>(bindScalar(scalarDesc(DType::Bool), std::int64_t{1})) == 1);
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Bool), std::int64_t{2}),
                      "argument 'v': expected a bool (true/false or 0/1), got 2");
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Bool), 1.0), Catch::Contains("expected a bool"));
  }
  SECTION("floats") {
    CHECK(fieldValue<float>(bindScalar(scalarDesc(DType::Float32), 0.1)) == 0.1f);
    CHECK(fieldValue<float>(bindScalar(scalarDesc(DType::Float32), std::int64_t{-3})) == -3.0f);
    CHECK(fieldValue<double>(bindScalar(scalarDesc(DType::Float64), 1e300)) == 1e300);
    CHECK(bindScalar(scalarDesc(DType::Float64), 1.0).fieldSize == 8);
    CHECK(std::isinf(fieldValue<float>(bindScalar(scalarDesc(DType::Float32), HUGE_VAL))));
    CHECK_THROWS_WITH(bindScalar(scalarDesc(DType::Float32), 1e300),
                      Catch::Contains("value 1e+300 is out of the float32 range"));
  }
}

TEST_CASE("argument sets are checked against the entry point", "[binding]") {
  const Manifest m = Manifest::load(sourcePath("saxpy.json"));
  const EntryPointDesc &e = m.entryPoint();
  std::vector<float> x(8), y(8);
  std::vector<double> d(8);
  std::vector<float> grid(16);

  Arguments missing;
  missing.scalar("a", 1.0).array("x", HostArray::of(x));
  CHECK(bindError(e, missing) == "entry point 'saxpy': missing argument 'y' (1-d float32 array)");

  Arguments unknown;
  unknown.scalar("a", 1.0).array("x", HostArray::of(x)).array("y", HostArray::of(y)).scalar("b", 2);
  CHECK(bindError(e, unknown) ==
        "unknown argument 'b' for entry point 'saxpy' (its parameters are: a, x, y)");

  Arguments twice;
  twice.scalar("a", 1.0);
  CHECK_THROWS_WITH(twice.scalar("a", 2.0), "argument 'a' given more than once");

  Arguments wrongDType;
  wrongDType.scalar("a", 1.0).array("x", HostArray::of(d)).array("y", HostArray::of(y));
  CHECK(bindError(e, wrongDType) == "argument 'x': expected a float32 array, got float64");

  Arguments wrongNdim;
  wrongNdim.scalar("a", 1.0)
      .array("x", HostArray::contiguous(grid.data(), DType::Float32, {4, 4}))
      .array("y", HostArray::of(y));
  CHECK(bindError(e, wrongNdim) ==
        "argument 'x': expected a 1-d array, got a 2-d array of shape (4, 4)");

  Arguments arrayForScalar;
  arrayForScalar.array("a", HostArray::of(x))
      .array("x", HostArray::of(x))
      .array("y", HostArray::of(y));
  CHECK(bindError(e, arrayForScalar) == "argument 'a': expected a float32 scalar, got an array");

  Arguments scalarForArray;
  scalarForArray.scalar("a", 1.0).scalar("x", 3).array("y", HostArray::of(y));
  CHECK(bindError(e, scalarForArray) ==
        "argument 'x': expected a 1-d float32 array, got the scalar 3");

  HostArray strided = HostArray::of(grid);
  strided.shape = {8};
  strided.strides = {2};
  Arguments notContiguous;
  notContiguous.scalar("a", 1.0).array("x", strided).array("y", HostArray::of(y));
  CHECK_THAT(bindError(e, notContiguous),
             Catch::StartsWith("argument 'x': the kernel requires a C-contiguous array (layout C), "
                               "got shape (8,) with strides (2,)"));

  HostArray broadcast = HostArray::of(y);
  broadcast.strides = {0};
  Arguments aliasing;
  aliasing.scalar("a", 1.0).array("x", HostArray::of(x)).array("y", broadcast);
  // Layout C refuses it first; with layout A the aliasing check speaks.
  CHECK_THAT(bindError(e, aliasing), Catch::Contains("C-contiguous"));
  nlohmann::json j = nlohmann::json::parse(readFile(sourcePath("saxpy.json")));
  j["entry_points"][0]["arguments"][2]["layout"] = "A";
  const Manifest anyLayout = Manifest::parse(j.dump(), "saxpy-A.json");
  CHECK(bindError(anyLayout.entryPoint(), aliasing) ==
        "argument 'y': the kernel writes this array but dimension 0 has stride 0 (a broadcast "
        "view whose elements alias)");
  Arguments readOnlyBroadcast;
  readOnlyBroadcast.scalar("a", 1.0).array("x", broadcast).array("y", HostArray::of(y));
  j["entry_points"][0]["arguments"][1]["layout"] = "A";
  const Manifest anyLayout2 = Manifest::parse(j.dump(), "saxpy-A.json");
  CHECK(bindError(anyLayout2.entryPoint(), readOnlyBroadcast).empty());
}

TEST_CASE("layout F requires Fortran-contiguous arrays and keeps their order", "[binding]") {
  nlohmann::json j = nlohmann::json::parse(readFile(sourcePath("scale2d.json")));
  j["entry_points"][0]["arguments"][1]["layout"] = "F";
  const Manifest m = Manifest::parse(j.dump(), "scale2d-F.json");
  std::vector<float> src(12), dst(12);
  HostArray f = HostArray::contiguous(src.data(), DType::Float32, {3, 4});
  f.strides = fStrides(f.shape);
  Arguments args;
  args.scalar("s", 1.0).array("src", f).array(
      "dst", HostArray::contiguous(dst.data(), DType::Float32, {3, 4}));
  const BoundArguments bound = BoundArguments::bind(m.entryPoint(), args);
  CHECK(bound.arrays()[0].deviceFortranOrder);
  CHECK(bound.arrays()[0].deviceStrides == std::vector<std::int64_t>{1, 3});
  CHECK_FALSE(bound.arrays()[1].deviceFortranOrder);
  const auto block = bound.parameterBlock();
  CHECK(fieldAt<std::int32_t>(block, 12) == 1);
  CHECK(fieldAt<std::int32_t>(block, 16) == 3);
  CHECK(fieldAt<std::int32_t>(block, 32) == 4);
  CHECK(fieldAt<std::int32_t>(block, 36) == 1);

  Arguments cOrder;
  cOrder.scalar("s", 1.0)
      .array("src", HostArray::contiguous(src.data(), DType::Float32, {3, 4}))
      .array("dst", HostArray::contiguous(dst.data(), DType::Float32, {3, 4}));
  CHECK_THAT(bindError(m.entryPoint(), cOrder),
             Catch::StartsWith("argument 'src': the kernel requires a Fortran-contiguous array"));
}

TEST_CASE("upload and download convert, gather and scatter elements", "[binding]") {
  const Manifest m = Manifest::load(sourcePath("count_flags.json"));
  const EntryPointDesc &e = m.entryPoint();
  const ArgumentDesc &counts = *e.findArgument("counts");
  const ArgumentDesc &flags = *e.findArgument("flags");

  SECTION("int64 narrowed to int32 and widened back") {
    std::vector<std::int64_t> host = randomInts(9, -2000000000, 2000000000);
    BoundArray a;
    a.desc = &counts;
    a.host = HostArray::of(host);
    a.hostStrides = {1};
    a.deviceStrides = {1};
    a.elementCount = 9;
    a.deviceBytes = 36;
    std::vector<std::int32_t> device(9);
    a.upload(device.data());
    for (int i = 0; i < 9; ++i)
      CHECK(device[i] == host[i]);
    for (auto &v : device)
      v = -v - 1;
    a.download(device.data());
    for (int i = 0; i < 9; ++i)
      CHECK(host[i] == device[i]);
    host[4] = std::int64_t{1} << 40;
    CHECK_THROWS_WITH(a.upload(device.data()),
                      Catch::StartsWith("argument 'counts': element [4] value 1099511627776 does "
                                        "not fit in int32") &&
                          Catch::Contains("OverflowError"));
  }
  SECTION("bool bytes are normalized to 0/1") {
    std::vector<std::uint8_t> host = {0, 1, 7, 0, 255};
    BoundArray a;
    a.desc = &flags;
    a.host = HostArray::contiguous(host.data(), DType::Bool, {5});
    a.hostStrides = {1};
    a.deviceStrides = {1};
    a.elementCount = 5;
    a.deviceBytes = 5;
    std::vector<std::uint8_t> device(5);
    a.upload(device.data());
    CHECK(device == std::vector<std::uint8_t>{0, 1, 1, 0, 1});
    device = {9, 0, 0, 2, 1};
    a.download(device.data());
    CHECK(host == std::vector<std::uint8_t>{1, 0, 0, 1, 1});
  }
  SECTION("strided views are packed densely and scattered back") {
    const Manifest s = Manifest::load(sourcePath("scale2d.json"));
    const EntryPointDesc &se = s.entryPoint();
    std::vector<float> base = randomFloats(40, -3, 3);
    // A transposed view (4, 5) of a (5, 8) array, taking columns 0..3: F-ish strides (1, 8).
    HostArray view = HostArray::contiguous(base.data(), DType::Float32, {4, 5});
    view.strides = {1, 8};
    std::vector<float> dst(20);
    Arguments args;
    args.scalar("s", 1.0)
        .array("src", view)
        .array("dst", HostArray::contiguous(dst.data(), DType::Float32, {4, 5}));
    const BoundArguments bound = BoundArguments::bind(se, args);
    const BoundArray &a = bound.arrays()[0];
    CHECK_FALSE(a.deviceFortranOrder); // not F-contiguous either: packed in C order
    CHECK(a.deviceStrides == std::vector<std::int64_t>{5, 1});
    std::vector<float> device(20);
    a.upload(device.data());
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j)
        CHECK(device[i * 5 + j] == base[i + 8 * j]);
    for (float &v : device)
      v *= 2;
    const std::vector<float> before = base;
    a.download(device.data());
    for (int k = 0; k < 40; ++k) {
      const int i = k % 8, j = k / 8;
      if (i < 4)
        CHECK(base[k] == 2 * before[k]);
      else
        CHECK(base[k] == before[k]); // elements outside the view are untouched
      (void)j;
    }
  }
}

TEST_CASE("32-bit indices limit extents", "[binding]") {
  const Manifest m = Manifest::load(sourcePath("saxpy.json"));
  float dummy = 0;
  HostArray huge = HostArray::contiguous(&dummy, DType::Float32, {std::int64_t{1} << 31});
  std::vector<float> y(1);
  Arguments args;
  args.scalar("a", 1.0).array("x", huge).array("y", HostArray::of(y));
  CHECK_THAT(bindError(m.entryPoint(), args),
             Catch::Contains("extent 2147483648 does not fit the kernel's 32-bit indices"));
}
