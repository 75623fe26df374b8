// Tests of the .npy reader and writer: round trips of every supported dtype and of
// C-, Fortran- and arbitrarily strided views; files written by NumPy itself (format
// versions 1.0, 2.0, 3.0, Fortran order, 0-d and empty arrays; see
// npy/make_npy_fixtures.py); and clear errors for unsupported dtypes, truncated,
// corrupted and garbage files.
#include "TestSupport.h"
#include "nvc/Float16.h"

#include <catch2/catch.hpp>

#include <complex>
#include <cstring>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

const DType kAllDTypes[] = {DType::Bool,      DType::Int8,    DType::Int16,   DType::Int32,
                            DType::Int64,     DType::UInt8,   DType::UInt16,  DType::UInt32,
                            DType::UInt64,    DType::Float16, DType::Float32, DType::Float64,
                            DType::Complex64, DType::Complex128};

/// The fixture formula of make_npy_fixtures.py, as the bytes of one element.
std::vector<unsigned char> fixtureElement(DType dtype, std::int64_t i) {
  std::vector<unsigned char> bytes(dtypeSize(dtype));
  auto put = [&](auto v) { std::memcpy(bytes.data(), &v, sizeof v); };
  switch (dtype) {
  case DType::Bool:
    put(static_cast<std::uint8_t>(i % 3 == 0));
    break;
  case DType::Int8:
    put(static_cast<std::int8_t>(i - 5));
    break;
  case DType::Int16:
    put(static_cast<std::int16_t>(i - 5));
    break;
  case DType::Int32:
    put(static_cast<std::int32_t>(i - 5));
    break;
  case DType::Int64:
    put(static_cast<std::int64_t>(i - 5));
    break;
  case DType::UInt8:
    put(static_cast<std::uint8_t>(i));
    break;
  case DType::UInt16:
    put(static_cast<std::uint16_t>(i));
    break;
  case DType::UInt32:
    put(static_cast<std::uint32_t>(i));
    break;
  case DType::UInt64:
    put(static_cast<std::uint64_t>(i));
    break;
  case DType::Float16:
    put(doubleToHalf((i - 5) * 0.25));
    break;
  case DType::Float32:
    put(static_cast<float>((i - 5) * 0.25));
    break;
  case DType::Float64:
    put(static_cast<double>((i - 5) * 0.25));
    break;
  case DType::Complex64:
    put(std::complex<float>(static_cast<float>((i - 5) * 0.25), static_cast<float>(0.5 * (7 - i))));
    break;
  case DType::Complex128:
    put(std::complex<double>((i - 5) * 0.25, 0.5 * (7 - i)));
    break;
  }
  return bytes;
}

/// Checks that `a` holds the fixture formula in logical C order, whatever its storage order.
void checkFixture(NpyArray &a, DType dtype, const std::vector<std::int64_t> &shape) {
  REQUIRE(a.dtype == dtype);
  REQUIRE(a.shape == shape);
  const HostArray v = a.view();
  const std::vector<std::int64_t> strides = v.effectiveStrides();
  const std::int64_t n = a.elementCount();
  const std::size_t size = dtypeSize(dtype);
  for (std::int64_t i = 0; i < n; ++i) {
    std::int64_t rest = i, offset = 0;
    for (std::size_t d = shape.size(); d-- > 0;) {
      offset += (rest % shape[d]) * strides[d];
      rest /= shape[d];
    }
    const auto expected = fixtureElement(dtype, i);
    INFO("element " << i);
    REQUIRE(std::memcmp(a.bytes.data() + offset * size, expected.data(), size) == 0);
  }
}

std::vector<unsigned char> randomBytes(std::size_t n, DType dtype) {
  std::vector<unsigned char> b(n * dtypeSize(dtype));
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto &x : b)
    x = static_cast<unsigned char>(byte(rng()));
  if (dtype == DType::Bool)
    for (auto &x : b)
      x &= 1;
  return b;
}

NpyArray parse(const std::vector<unsigned char> &bytes) {
  return parseNpy(bytes.data(), bytes.size(), "test.npy");
}

std::vector<unsigned char> fileBytes(const std::string &name) {
  const std::string s = readFile(sourcePath("npy/" + name));
  return std::vector<unsigned char>(s.begin(), s.end());
}

/// A v1.0 file image with the given header dict text and data bytes.
std::vector<unsigned char> handMade(const std::string &dict, std::size_t dataBytes,
                                    unsigned major = 1) {
  std::string header = dict + "\n";
  std::vector<unsigned char> out = {
      0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<unsigned char>(major), 0};
  const std::size_t n = header.size();
  out.push_back(n & 0xFF);
  out.push_back((n >> 8) & 0xFF);
  if (major >= 2) {
    out.push_back((n >> 16) & 0xFF);
    out.push_back((n >> 24) & 0xFF);
  }
  out.insert(out.end(), header.begin(), header.end());
  out.resize(out.size() + dataBytes, 0x5A);
  return out;
}

} // namespace

TEST_CASE("every dtype round-trips through encodeNpy/parseNpy", "[npy]") {
  const std::vector<std::vector<std::int64_t>> shapes = {{},     {0},       {7},
                                                         {3, 5}, {2, 3, 4}, {1, 0, 2}};
  for (DType dtype : kAllDTypes)
    for (const auto &shape : shapes) {
      std::int64_t n = 1;
      for (auto e : shape)
        n *= e;
      std::vector<unsigned char> data = randomBytes(static_cast<std::size_t>(n), dtype);
      const HostArray view = HostArray::contiguous(data.data(), dtype, shape);
      const std::vector<unsigned char> file = encodeNpy(view);
      INFO(dtypeName(dtype) << " with " << shape.size() << " dims");
      CHECK((8 + 2 + file[8] + 256 * file[9]) % 64 == 0); // header padded to 64 bytes
      const NpyArray back = parse(file);
      CHECK(back.dtype == dtype);
      CHECK(back.shape == shape);
      CHECK_FALSE(back.fortranOrder);
      CHECK(back.bytes == data);
    }
}

TEST_CASE("Fortran-contiguous views are written with fortran_order True", "[npy]") {
  std::vector<double> data = randomDoubles(12, -5, 5);
  HostArray view = HostArray::contiguous(data.data(), DType::Float64, {3, 4});
  view.strides = fStrides(view.shape);
  const std::vector<unsigned char> file = encodeNpy(view);
  const std::string header(file.begin() + 10, file.begin() + 10 + file[8]);
  CHECK(header.find("'fortran_order': True") != std::string::npos);
  NpyArray back = parse(file);
  CHECK(back.fortranOrder);
  CHECK(back.strides() == std::vector<std::int64_t>{1, 3});
  REQUIRE(back.bytes.size() == data.size() * 8);
  CHECK(std::memcmp(back.bytes.data(), data.data(), back.bytes.size()) == 0);
}

TEST_CASE("strided views are gathered into C order", "[npy]") {
  // A (3, 4) int32 view taking every other column of a (3, 8) array, rows reversed.
  std::vector<std::int32_t> base(24);
  for (int i = 0; i < 24; ++i)
    base[i] = i * 7 - 30;
  HostArray view;
  view.data = base.data() + 16; // row 2, column 0
  view.dtype = DType::Int32;
  view.shape = {3, 4};
  view.strides = {-8, 2};
  NpyArray back = parse(encodeNpy(view));
  REQUIRE(back.shape == std::vector<std::int64_t>{3, 4});
  CHECK_FALSE(back.fortranOrder);
  std::vector<std::int32_t> got(12);
  std::memcpy(got.data(), back.bytes.data(), 48);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      CHECK(got[i * 4 + j] == base[(2 - i) * 8 + 2 * j]);
}

TEST_CASE("writeNpy and readNpy go through the file system", "[npy]") {
  std::vector<std::uint16_t> data = {1, 65535, 300, 0, 42};
  writeNpy(workPath("roundtrip_u16.npy"), HostArray::of(data));
  NpyArray back = readNpy(workPath("roundtrip_u16.npy"));
  CHECK(back.dtype == DType::UInt16);
  CHECK(back.shape == std::vector<std::int64_t>{5});
  CHECK(std::memcmp(back.bytes.data(), data.data(), 10) == 0);
  CHECK_THROWS_WITH(readNpy(workPath("does-not-exist.npy")),
                    Catch::Contains("does-not-exist.npy: cannot open the file"));
  CHECK_THROWS_WITH(writeNpy(workPath("no-such-dir/x.npy"), HostArray::of(data)),
                    Catch::Contains("cannot create the file"));
}

TEST_CASE("files written by NumPy are read correctly", "[npy]") {
  for (DType dtype : kAllDTypes) {
    INFO(dtypeName(dtype));
    NpyArray a = readNpy(sourcePath("npy/c_" + std::string(dtypeName(dtype)) + ".npy"));
    CHECK_FALSE(a.fortranOrder);
    checkFixture(a, dtype, {2, 3, 4});
  }
  SECTION("Fortran order keeps the file's layout and reports column-major strides") {
    NpyArray f = readNpy(sourcePath("npy/f_float64.npy"));
    CHECK(f.fortranOrder);
    CHECK(f.strides() == std::vector<std::int64_t>{1, 2});
    checkFixture(f, DType::Float64, {2, 3});
    NpyArray g = readNpy(sourcePath("npy/f_int32_3d.npy"));
    CHECK(g.strides() == std::vector<std::int64_t>{1, 2, 6});
    checkFixture(g, DType::Int32, {2, 3, 4});
    // Written back, it stays Fortran-ordered and byte-identical in its data.
    NpyArray again = parse(encodeNpy(g.view()));
    CHECK(again.fortranOrder);
    CHECK(again.bytes == g.bytes);
  }
  SECTION("format versions 2.0 and 3.0") {
    NpyArray v2 = readNpy(sourcePath("npy/v2_int16.npy"));
    checkFixture(v2, DType::Int16, {5});
    NpyArray v3 = readNpy(sourcePath("npy/v3_float32.npy"));
    checkFixture(v3, DType::Float32, {3, 2});
  }
  SECTION("complex arrays: real then imaginary part, in C and Fortran order") {
    NpyArray c = readNpy(sourcePath("npy/c_complex64.npy"));
    REQUIRE(c.bytes.size() == 24 * 8);
    float first[2];
    std::memcpy(first, c.bytes.data(), 8);
    CHECK(first[0] == -1.25f); // element 0 is -1.25+3.5j
    CHECK(first[1] == 3.5f);
    NpyArray f = readNpy(sourcePath("npy/f_complex64.npy"));
    CHECK(f.fortranOrder);
    CHECK(f.strides() == std::vector<std::int64_t>{1, 2});
    checkFixture(f, DType::Complex64, {2, 3});
    NpyArray s = readNpy(sourcePath("npy/scalar_complex128.npy"));
    checkFixture(s, DType::Complex128, {});
    std::complex<double> z;
    std::memcpy(&z, s.bytes.data(), 16);
    CHECK(z == std::complex<double>(-1.25, 3.5));
  }
  SECTION("0-d and empty arrays") {
    NpyArray s = readNpy(sourcePath("npy/scalar_float64.npy"));
    checkFixture(s, DType::Float64, {});
    CHECK(s.elementCount() == 1);
    NpyArray e = readNpy(sourcePath("npy/empty_int8.npy"));
    CHECK(e.shape == std::vector<std::int64_t>{0, 3});
    CHECK(e.bytes.empty());
  }
  SECTION("our encoding of a NumPy file is byte-identical to NumPy's") {
    for (const char *name :
         {"c_float32.npy", "c_bool.npy", "f_float64.npy", "empty_int8.npy", "scalar_float64.npy",
          "c_complex64.npy", "c_complex128.npy", "f_complex64.npy", "scalar_complex128.npy"}) {
      INFO(name);
      NpyArray a = readNpy(sourcePath(std::string("npy/") + name));
      CHECK(encodeNpy(a.view()) == fileBytes(name));
    }
  }
}

TEST_CASE("unsupported dtypes are refused with clear messages", "[npy]") {
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/big_endian.npy")),
                    Catch::Contains("big-endian dtype '>f4' is not supported"));
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/object.npy")),
                    Catch::Contains("object arrays (dtype '|O') are not supported"));
  // Structured dtypes are read as the bytes of their records (RecordTests.cpp).
  CHECK(readNpy(sourcePath("npy/structured.npy")).shape == std::vector<std::int64_t>{3, 8});
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/clongdouble.npy")),
                    Catch::Contains("unsupported dtype '<c32'"));
  CHECK_THROWS_WITH(
      parse(handMade("{'descr': '>c8', 'fortran_order': False, 'shape': (2,), }", 16)),
      Catch::Contains("big-endian dtype '>c8' is not supported"));
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/unicode.npy")),
                    Catch::Contains("unsupported dtype '<U3'"));
}

TEST_CASE("truncated files give errors at every length", "[npy]") {
  std::vector<float> data = randomFloats(10, -1, 1);
  const std::vector<unsigned char> file = encodeNpy(HostArray::of(data));
  for (std::size_t len = 0; len < file.size(); ++len) {
    INFO("length " << len);
    CHECK_THROWS_AS(parseNpy(file.data(), len, "cut.npy"), Error);
  }
  CHECK_THROWS_WITH(parseNpy(file.data(), file.size() - 1, "cut.npy"),
                    Catch::Contains("cut.npy: truncated .npy file (shape (10,) of float32 needs "
                                    "40 data bytes, the file has 39)"));
  CHECK_THROWS_WITH(parseNpy(file.data(), 9, "cut.npy"),
                    Catch::Contains("truncated .npy file (the header length is missing)"));
  CHECK_THROWS_WITH(parseNpy(file.data(), 40, "cut.npy"),
                    Catch::Contains("truncated .npy file (the header needs"));
  std::vector<unsigned char> longer = file;
  longer.push_back(0);
  CHECK_THROWS_WITH(parse(longer), Catch::Contains("1 unexpected bytes after the array data"));
}

TEST_CASE("malformed headers and garbage give errors", "[npy]") {
  CHECK_THROWS_WITH(parse({'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'}),
                    Catch::Contains("not a .npy file"));
  CHECK_THROWS_WITH(
      parse(handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 8, 4)),
      Catch::Contains("unsupported .npy format version 4.0"));
  CHECK_THROWS_WITH(parse(handMade("{'descr': '<f4', 'shape': (2,), }", 8)),
                    Catch::Contains("the key 'fortran_order' is missing"));
  CHECK_THROWS_WITH(
      parse(handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", 8)),
      Catch::Contains("unexpected key 'x'"));
  CHECK_THROWS_WITH(parse(handMade("{'descr': '<f4', 'fortran_order': False, 'shape': [2], }", 8)),
                    Catch::Contains("'shape' is not a tuple"));
  CHECK_THROWS_WITH(parse(handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (2), }", 8)),
                    Catch::Contains("'shape' is not a tuple"));
  CHECK_THROWS_WITH(
      parse(handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", 8)),
      Catch::Contains("negative extent -2"));
  CHECK_THROWS_WITH(parse(handMade("{'descr': '<f4', 'fortran_order': 0, 'shape': (2,), }", 8)),
                    Catch::Contains("'fortran_order' is not True or False"));
  CHECK_THROWS_WITH(parse(handMade("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), ", 8)),
                    Catch::Contains("malformed .npy header"));
  CHECK_THROWS_WITH(parse(handMade("{'descr': '<f4' 'fortran_order': False}", 8)),
                    Catch::Contains("malformed .npy header"));
  CHECK_THROWS_WITH(parse(handMade("[1, 2]", 8)), Catch::Contains("it is not a dict"));
  CHECK_THROWS_WITH(parse(handMade("{'descr': '<f4', 'fortran_order': False, 'shape': "
                                   "(99999999999, 99999999999, 99999999999), }",
                                   8)),
                    Catch::Contains("too large"));
  // Version 2.0 headers with a 4-byte length, written by hand.
  NpyArray v2 = parse(handMade("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", 8, 2));
  CHECK(v2.dtype == DType::Int32);
  CHECK(v2.bytes.size() == 8);

  // Random corruption of a valid file never crashes: it parses or throws Error.
  std::vector<double> data = randomDoubles(6, -1, 1);
  const std::vector<unsigned char> good = encodeNpy(HostArray::of(data));
  std::uniform_int_distribution<std::size_t> position(0, good.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<unsigned char> bad = good;
    for (int k = 0; k < 3; ++k)
      bad[position(rng())] = static_cast<unsigned char>(byte(rng()));
    try {
      (void)parse(bad);
    } catch (const Error &) {
    }
  }
}
