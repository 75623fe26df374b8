// Tests of arrays of records (NumPy structured dtypes, docs/manifest.md "Arrays of
// records"): structured .npy files written by NumPy (npy/rec_*.npy, from
// make_npy_fixtures.py with random values) read as the bytes of their records and
// written back; the descr of records with gaps, trailing padding and nested array
// fields; the manifest's `record` object and its checks; the bind-time checks of the
// uint8 array that carries the bytes; launches of particle_step (x += v * dt where
// alive, on unaligned fields) on host arrays, strided views and device views; and
// nvc-run's record arguments and its errors. records_numpy.py checks the files
// against NumPy itself.
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstring>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;

namespace {

std::vector<unsigned char> fixtureBytes(const std::string &name) {
  const std::string s = readFile(sourcePath("npy/" + name));
  return std::vector<unsigned char>(s.begin(), s.end());
}

/// The header dict text of a .npy file image (version 1.0).
std::string headerOf(const std::vector<unsigned char> &file) {
  REQUIRE(file.size() > 10);
  REQUIRE(file[6] == 1);
  const std::size_t n = file[8] + 256u * file[9];
  return std::string(file.begin() + 10, file.begin() + 10 + static_cast<std::ptrdiff_t>(n));
}

NpyArray parse(const std::vector<unsigned char> &bytes) {
  return parseNpy(bytes.data(), bytes.size(), "test.npy");
}

RecordField field(const std::string &name, DType dtype, std::uint64_t offset,
                  std::vector<std::int64_t> shape = {}) {
  RecordField f;
  f.name = name;
  f.dtype = dtype;
  f.offset = offset;
  f.shape = std::move(shape);
  return f;
}

RecordDesc particle(std::uint32_t ndim = 1) {
  RecordDesc r;
  r.ndim = ndim;
  r.itemsize = 9;
  r.fields = {field("x", DType::Float32, 0), field("v", DType::Float32, 4),
              field("alive", DType::Bool, 8)};
  return r;
}

std::vector<unsigned char> randomBytes(std::size_t n) {
  std::vector<unsigned char> b(n);
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto &x : b)
    x = static_cast<unsigned char>(byte(rng()));
  return b;
}

/// `n` particles with random x, v in [-10, 10) and alive about half of the time.
std::vector<unsigned char> randomParticles(std::size_t n) {
  std::vector<unsigned char> bytes(n * 9);
  const std::vector<float> x = randomFloats(n, -10, 10), v = randomFloats(n, -10, 10);
  const std::vector<std::int64_t> alive = randomInts(n, 0, 2);
  for (std::size_t i = 0; i < n; ++i) {
    std::memcpy(&bytes[i * 9], &x[i], 4);
    std::memcpy(&bytes[i * 9 + 4], &v[i], 4);
    bytes[i * 9 + 8] = static_cast<unsigned char>(alive[i]);
  }
  return bytes;
}

float floatAt(const unsigned char *p) {
  float f;
  std::memcpy(&f, p, 4);
  return f;
}

/// What particle_step computes: x += v * dt where alive (float32, rounded twice).
std::vector<unsigned char> steppedParticles(std::vector<unsigned char> bytes, float dt) {
  for (std::size_t i = 0; i + 9 <= bytes.size(); i += 9)
    if (bytes[i + 8]) {
      const float v = floatAt(&bytes[i + 4]) * dt;
      const float x = floatAt(&bytes[i]) + v;
      std::memcpy(&bytes[i], &x, 4);
    }
  return bytes;
}

json particleJson() { return json::parse(readFile(sourcePath("particle_step.json"))); }
json &particleArg(json &j) { return j["entry_points"][0]["arguments"][0]; }

/// Parses a mutated manifest and returns the error message ("" if it parsed).
std::string manifestError(const json &j) {
  try {
    (void)Manifest::parse(j.dump(), "kernel.json");
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

/// The message BoundArguments::bind throws for `p` given as `view` ("" if none).
std::string bindError(const EntryPointDesc &e, const HostArray &view) {
  Arguments args;
  args.array("p", view).scalar("dt", 0.5);
  try {
    (void)BoundArguments::bind(e, args);
  } catch (const Error &err) {
    return err.what();
  }
  return "";
}

} // namespace

TEST_CASE("structured .npy files written by NumPy are read as the bytes of their records",
          "[records]") {
  SECTION("packed records") {
    const std::vector<unsigned char> file = fixtureBytes("rec_packed.npy");
    NpyArray a = parse(file);
    CHECK(a.dtype == DType::UInt8);
    CHECK(a.shape == std::vector<std::int64_t>{7, 9});
    CHECK_FALSE(a.fortranOrder);
    REQUIRE(a.record);
    CHECK(a.record->ndim == 1);
    CHECK(a.record->itemsize == 9);
    CHECK_FALSE(a.record->aligned);
    CHECK(a.record->fields == particle().fields);
    CHECK(sameRecordLayout(*a.record, particle()));
    REQUIRE(a.bytes.size() == 63);
    // The data section of the file, record after record; bools are 0 or 1.
    CHECK(std::equal(a.bytes.begin(), a.bytes.end(), file.end() - 63));
    bool someAlive = false, someDead = false;
    for (std::size_t i = 0; i < 7; ++i) {
      CHECK(a.bytes[i * 9 + 8] <= 1);
      (a.bytes[i * 9 + 8] ? someAlive : someDead) = true;
      CHECK(floatAt(&a.bytes[i * 9]) != 0.0f);
    }
    CHECK((someAlive && someDead));
    CHECK(recordDescr(*a.record) == "[('x', '<f4'), ('v', '<f4'), ('alive', '|b1')]");
    CHECK_THAT(headerOf(file), Catch::Contains("'descr': " + recordDescr(*a.record)));
    CHECK(describeRecord(*a.record) == "{x: float32 at 0, v: float32 at 4, alive: bool at 8; "
                                       "9 bytes}");
  }
  SECTION("aligned records: NumPy's padding entries, in the middle and at the end") {
    const std::vector<unsigned char> file = fixtureBytes("rec_aligned.npy");
    NpyArray a = parse(file);
    CHECK(a.shape == std::vector<std::int64_t>{4, 72});
    REQUIRE(a.record);
    CHECK(a.record->itemsize == 72);
    CHECK(a.record->fields ==
          std::vector<RecordField>{field("a", DType::UInt8, 0), field("b", DType::Float64, 8),
                                   field("c", DType::Complex64, 16, {3, 2}),
                                   field("d", DType::UInt8, 64, {5}),
                                   field("e", DType::Int16, 70)});
    // The same descr NumPy wrote (for the gap 69..70 NumPy writes '|V1').
    const std::string descr = "[('a', '|u1'), ('', '|V7'), ('b', '<f8'), ('c', '<c8', (3, 2)), "
                              "('d', '|u1', (5,)), ('', '|V1'), ('e', '<i2')]";
    CHECK(recordDescr(*a.record) == descr);
    CHECK_THAT(headerOf(file), Catch::Contains("'descr': " + descr));
  }
  SECTION("nested array fields of every kind, 2-d") {
    NpyArray a = readNpy(sourcePath("npy/rec_nested.npy"));
    CHECK(a.shape == std::vector<std::int64_t>{2, 3, 39});
    REQUIRE(a.record);
    CHECK(a.record->ndim == 2);
    CHECK(a.record->fields == std::vector<RecordField>{field("h", DType::Float16, 0, {2}),
                                                       field("flags", DType::Bool, 4, {3}),
                                                       field("m", DType::Int32, 7, {2, 2}),
                                                       field("z", DType::Complex128, 23)});
    CHECK(a.record->fields[2].byteSize() == 16);
  }
  SECTION("a 0-d structured array is one record: a 1-d uint8 array") {
    NpyArray a = readNpy(sourcePath("npy/rec_0d.npy"));
    CHECK(a.shape == std::vector<std::int64_t>{9});
    REQUIRE(a.record);
    CHECK(a.record->ndim == 0);
    CHECK(sameRecordLayout(*a.record, particle(0)));
    const std::vector<unsigned char> again = encodeNpy(a.view(), *a.record);
    CHECK_THAT(headerOf(again), Catch::Contains("'shape': (), "));
    CHECK(parse(again).bytes == a.bytes);
  }
  SECTION("a Fortran-ordered file is read into C order") {
    NpyArray f = readNpy(sourcePath("npy/rec_f_2d.npy"));
    NpyArray c = readNpy(sourcePath("npy/rec_c_2d.npy"));
    CHECK_FALSE(f.fortranOrder);
    CHECK(f.shape == std::vector<std::int64_t>{3, 4, 16});
    REQUIRE(f.record);
    CHECK(f.record->itemsize == 16); // aligned: 4 bytes of trailing padding
    CHECK(recordDescr(*f.record) == "[('i', '<i8'), ('f', '<f4'), ('', '|V4')]");
    // The fields' bytes agree (np.asfortranarray does not copy the padding).
    REQUIRE(f.bytes.size() == c.bytes.size());
    for (std::size_t i = 0; i < 12; ++i)
      CHECK(std::memcmp(&f.bytes[i * 16], &c.bytes[i * 16], 12) == 0);
    CHECK(f.view().isCContiguous());
  }
  SECTION("field titles are dropped") {
    NpyArray a = readNpy(sourcePath("npy/rec_title.npy"));
    REQUIRE(a.record);
    CHECK(a.record->fields ==
          std::vector<RecordField>{field("x", DType::Float32, 0), field("n", DType::UInt16, 4)});
    CHECK(a.record->itemsize == 6);
  }
  SECTION("every fixture survives writeNpy and readNpy") {
    for (const char *name : {"rec_packed.npy", "rec_aligned.npy", "rec_nested.npy",
                             "rec_0d.npy", "rec_c_2d.npy", "rec_f_2d.npy", "rec_title.npy"}) {
      INFO(name);
      NpyArray a = readNpy(sourcePath(std::string("npy/") + name));
      writeNpy(workPath("records_again.npy"), a);
      NpyArray b = readNpy(workPath("records_again.npy"));
      CHECK(b.shape == a.shape);
      CHECK(b.bytes == a.bytes);
      REQUIRE(b.record);
      CHECK(sameRecordLayout(*b.record, *a.record));
      CHECK(b.record->ndim == a.record->ndim);
    }
  }
}

TEST_CASE("records are written with NumPy's descr, gaps and trailing padding included",
          "[records]") {
  RecordDesc r;
  r.ndim = 2;
  r.itemsize = 40;
  r.fields = {field("a", DType::Int16, 2), field("b", DType::Float64, 8),
              field("it's", DType::Complex64, 16, {2}), field("q\"uo\\te", DType::UInt8, 32)};
  CHECK(recordDescr(r) == "[('', '|V2'), ('a', '<i2'), ('', '|V4'), ('b', '<f8'), "
                          "(\"it's\", '<c8', (2,)), ('q\"uo\\\\te', '|u1'), ('', '|V7')]");
  std::vector<unsigned char> data = randomBytes(3 * 5 * 40);
  const HostArray view = HostArray::contiguous(data.data(), DType::UInt8, {3, 5, 40});
  const std::vector<unsigned char> file = encodeNpy(view, r);
  CHECK((10 + headerOf(file).size()) % 64 == 0);
  CHECK_THAT(headerOf(file), Catch::Contains("'fortran_order': False, 'shape': (3, 5), }"));
  NpyArray back = parse(file);
  CHECK(back.shape == std::vector<std::int64_t>{3, 5, 40});
  CHECK(back.bytes == data); // padding bytes too
  REQUIRE(back.record);
  CHECK(sameRecordLayout(*back.record, r));

  SECTION("records in Fortran order are written with fortran_order True") {
    // The (3, 5) records of `data` seen column-major: byte strides (40, 120, 1).
    HostArray f = HostArray::contiguous(data.data(), DType::UInt8, {3, 5, 40});
    f.strides = {40, 120, 1};
    const std::vector<unsigned char> ffile = encodeNpy(f, r);
    CHECK_THAT(headerOf(ffile), Catch::Contains("'fortran_order': True, 'shape': (3, 5), }"));
    NpyArray fb = parse(ffile);
    CHECK_FALSE(fb.fortranOrder);
    for (std::int64_t i = 0; i < 3; ++i)
      for (std::int64_t j = 0; j < 5; ++j)
        CHECK(std::memcmp(&fb.bytes[static_cast<std::size_t>((i * 5 + j) * 40)],
                          &data[static_cast<std::size_t>((i + 3 * j) * 40)], 40) == 0);
  }
  SECTION("strided record views are gathered into C order") {
    // Every other record of each row, rows reversed: byte strides (-200, 80, 1).
    HostArray s;
    s.data = data.data() + 2 * 200;
    s.dtype = DType::UInt8;
    s.shape = {3, 3, 40};
    s.strides = {-200, 80, 1};
    NpyArray sb = parse(encodeNpy(s, r));
    CHECK(sb.shape == std::vector<std::int64_t>{3, 3, 40});
    for (std::int64_t i = 0; i < 3; ++i)
      for (std::int64_t j = 0; j < 3; ++j)
        CHECK(std::memcmp(&sb.bytes[static_cast<std::size_t>((i * 3 + j) * 40)],
                          &data[static_cast<std::size_t>((2 - i) * 200 + 2 * j * 40)], 40) == 0);
  }
  SECTION("views that are not the bytes of these records are refused") {
    CHECK_THROWS_WITH(encodeNpy(HostArray::contiguous(data.data(), DType::Int8, {3, 5, 40}), r),
                      Catch::Contains("cannot write records of 40 bytes") &&
                          Catch::Contains("from a 3-d int8 array"));
    CHECK_THROWS_WITH(encodeNpy(HostArray::contiguous(data.data(), DType::UInt8, {15, 40}), r),
                      Catch::Contains("from a 2-d uint8 array") &&
                          Catch::Contains("of 3 dimensions, the last of extent 40 and stride 1"));
    CHECK_THROWS_WITH(encodeNpy(HostArray::contiguous(data.data(), DType::UInt8, {3, 10, 20}), r),
                      Catch::Contains("a uint8 array of shape (3, 10, 20)"));
    HostArray twice = HostArray::contiguous(data.data(), DType::UInt8, {3, 2, 40});
    twice.strides = {200, 80, 2};
    CHECK_THROWS_WITH(encodeNpy(twice, r), Catch::Contains("strides (200, 80, 2)"));
  }
  SECTION("fields a descr cannot describe are refused, as NumPy's np.save refuses them") {
    RecordDesc overlap = particle();
    overlap.fields[1].offset = 2;
    CHECK_THROWS_WITH(recordDescr(overlap),
                      Catch::Contains("overlap or are out of offset order (field 'v' at byte 2 "
                                      "comes after field 'x', which ends at byte 4)"));
    RecordDesc order = particle();
    std::swap(order.fields[0], order.fields[1]);
    CHECK_THROWS_WITH(recordDescr(order), Catch::Contains("out of offset order"));
    RecordDesc beyond = particle();
    beyond.itemsize = 8;
    CHECK_THROWS_WITH(recordDescr(beyond), Catch::Contains("field 'alive' of the record") &&
                                               Catch::Contains("ends at byte 9, after the "
                                                               "record's 8 bytes"));
    RecordDesc unnamed = particle();
    unnamed.fields[2].name = "";
    CHECK_THROWS_WITH(recordDescr(unnamed), Catch::Contains("a field without a name"));
    RecordDesc twice = particle();
    twice.fields[1].name = "x";
    CHECK_THROWS_WITH(recordDescr(twice), Catch::Contains("two fields called 'x'"));
  }
}

TEST_CASE("unsupported structured .npy files are refused clearly", "[records]") {
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/rec_big_endian.npy")),
                    Catch::Contains("field 'y' of the structured dtype has the big-endian type "
                                    "'>f8', which is not supported"));
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/rec_nested_struct.npy")),
                    Catch::Contains("field 'p' of the structured dtype is itself a structured "
                                    "dtype; nested records are not supported"));
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/rec_void_field.npy")),
                    Catch::Contains("field 'raw' of the structured dtype has the raw-bytes type "
                                    "'|V4'"));
  CHECK_THROWS_WITH(readNpy(sourcePath("npy/rec_unicode_field.npy")),
                    Catch::Contains("field 's' of the structured dtype: unsupported dtype "
                                    "'<U3'"));
  auto image = [](const std::string &descr, const std::string &shape, std::size_t dataBytes) {
    std::string header =
        "{'descr': " + descr + ", 'fortran_order': False, 'shape': " + shape + ", }\n";
    std::vector<unsigned char> out = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    out.push_back(header.size() & 0xFF);
    out.push_back((header.size() >> 8) & 0xFF);
    out.insert(out.end(), header.begin(), header.end());
    out.resize(out.size() + dataBytes, 0x5A);
    return out;
  };
  CHECK(parse(image("[('x', '<f4'), ('', 'V3')]", "(2,)", 14)).shape ==
        std::vector<std::int64_t>{2, 7});
  CHECK(parse(image("[('d', '|u1', 5)]", "(1,)", 5)).record->fields[0].shape ==
        std::vector<std::int64_t>{5});
  CHECK_THROWS_WITH(parse(image("[('', '|V4')]", "(2,)", 8)),
                    Catch::Contains("the structured dtype has no fields (only padding)"));
  CHECK_THROWS_WITH(parse(image("[('x', '<f4'), ('x', '<i4')]", "(2,)", 16)),
                    Catch::Contains("the structured dtype has two fields called 'x'"));
  CHECK_THROWS_WITH(parse(image("[('', '<f4')]", "(2,)", 8)),
                    Catch::Contains("a field of the structured dtype (type '<f4') has no name"));
  CHECK_THROWS_WITH(parse(image("[('x',)]", "(2,)", 8)),
                    Catch::Contains("entry 0 of the structured dtype is not a (name, type)"));
  CHECK_THROWS_WITH(parse(image("[('x', '<f4', (-1,))]", "(2,)", 8)),
                    Catch::Contains("entry 0 of the structured dtype has a shape that is not a "
                                    "tuple of non-negative integers"));
  CHECK_THROWS_WITH(parse(image("[('x', '<f4'), ('v', '<f4'), ('alive', '|b1')]", "(2,)", 17)),
                    Catch::Contains("truncated .npy file (shape (2,) of a structured dtype of 9 "
                                    "bytes needs 18 data bytes, the file has 17)"));
  CHECK_THROWS_WITH(parse(image("[('x', '<f4'), ('', '|V9999999999', (999999999,))]", "(2,)",
                                8)),
                    Catch::Contains("entry 1 of the structured dtype makes the record too large"));
  CHECK_THROWS_WITH(parse(image("[('x', '<f4')]", "(2,)", 9)),
                    Catch::Contains("1 unexpected bytes after the array data"));
}

TEST_CASE("the manifest's record object is read and checked", "[records]") {
  const Manifest m = Manifest::load(sourcePath("particle_step.json"));
  const EntryPointDesc &e = m.entryPoint();
  const ArgumentDesc &p = *e.findArgument("p");
  REQUIRE(p.record);
  CHECK(p.dtype == DType::UInt8);
  CHECK(p.ndim == 2);
  CHECK(p.record->ndim == 1);
  CHECK(p.record->itemsize == 9);
  CHECK_FALSE(p.record->aligned);
  CHECK(p.record->fields == particle().fields);
  CHECK_FALSE(e.findArgument("dt")->record);

  json j = particleJson();
  CHECK(manifestError(j).empty());
  auto edited = [&](auto edit) {
    json k = particleJson();
    edit(particleArg(k), particleArg(k)["record"]);
    return manifestError(k);
  };
  CHECK(edited([](json &, json &r) {
          r["fields"][2]["shape"] = {3, 2};
          r["itemsize"] = 14;
          r["aligned"] = true;
        }).empty());
  CHECK_THAT(edited([](json &a, json &) { a["dtype"] = a["device_dtype"] = "float32"; }),
             Catch::Contains("argument 0 ('p'): an array of records travels as its bytes: dtype "
                             "and device_dtype must be 'uint8', not 'float32' and 'float32'"));
  CHECK_THAT(edited([](json &, json &r) { r["ndim"] = 2; }),
             Catch::Contains("an array of records of 2 dimensions is a uint8 array of 3 (the "
                             "bytes of each record last), but ndim is 2"));
  CHECK_THAT(edited([](json &a, json &) { a["layout"] = "F"; }),
             Catch::Contains("an array of records has layout 'C' or 'A'"));
  CHECK_THAT(edited([](json &, json &r) { r["itemsize"] = 0; }),
             Catch::Contains("record: field 'itemsize' must be at least 1"));
  CHECK_THAT(edited([](json &, json &r) { r.erase("aligned"); }),
             Catch::Contains("record: missing field 'aligned'"));
  CHECK_THAT(edited([](json &, json &r) { r["aligned"] = 1; }),
             Catch::Contains("field 'aligned' must be true or false"));
  CHECK_THAT(edited([](json &, json &r) { r["fields"] = json::array(); }),
             Catch::Contains("record: field 'fields' is empty"));
  CHECK_THAT(edited([](json &, json &r) { r["itemsize"] = 8; }),
             Catch::Contains("record: field 2 ('alive'): the field (bool at byte 8) ends after "
                             "the record's 8 bytes"));
  CHECK_THAT(edited([](json &, json &r) { r["fields"][0]["shape"] = {3}; }),
             Catch::Contains("field 0 ('x'): the field (float32 of shape (3,) at byte 0) ends "
                             "after the record's 9 bytes"));
  CHECK_THAT(edited([](json &, json &r) { r["fields"][0]["shape"] = json::array(); }),
             Catch::Contains("field 'shape' must not be empty"));
  CHECK_THAT(edited([](json &, json &r) { r["fields"][0]["shape"] = {0}; }),
             Catch::Contains("field 'shape' has an extent 0"));
  CHECK_THAT(edited([](json &, json &r) { r["fields"][1]["name"] = "x"; }),
             Catch::Contains("field 1 ('x'): the name 'x' is used by an earlier field"));
  CHECK_THAT(edited([](json &, json &r) { r["fields"][1]["dtype"] = "bfloat16"; }),
             Catch::Contains("field 1 ('v'): field 'dtype' is 'bfloat16', not a supported dtype"));
  CHECK_THAT(edited([](json &, json &r) { r["fields"][1].erase("offset"); }),
             Catch::Contains("field 1 ('v'): missing field 'offset'"));
  CHECK_THAT(edited([](json &, json &r) { r = 9; }),
             Catch::Contains("field 'record' must be an object"));
  json scalar = particleJson();
  scalar["entry_points"][0]["arguments"][1]["record"] = particleArg(scalar)["record"];
  CHECK_THAT(manifestError(scalar),
             Catch::Contains("argument 1 ('dt'): a scalar has no 'record'"));
}

TEST_CASE("an array of records binds as the uint8 array of its bytes", "[records]") {
  const Manifest m = Manifest::load(sourcePath("particle_step.json"));
  const EntryPointDesc &e = m.entryPoint();
  std::vector<unsigned char> bytes = randomParticles(6);
  std::vector<float> floats(6);

  const BoundArguments bound = [&] {
    Arguments args;
    args.array("p", HostArray::contiguous(bytes.data(), DType::UInt8, {6, 9})).scalar("dt", 0.5);
    return BoundArguments::bind(e, args);
  }();
  const std::vector<unsigned char> block = bound.parameterBlock();
  std::int32_t fields[5];
  std::memcpy(fields, block.data() + 4, 20);
  CHECK(fields[0] == 6); // shape (6, 9), strides in bytes (9, 1), offset 0
  CHECK(fields[1] == 9);
  CHECK(fields[2] == 9);
  CHECK(fields[3] == 1);
  CHECK(fields[4] == 0);
  CHECK(bound.arrays()[0].deviceBytes == 54);
  CHECK(bound.arrays()[0].bufferSize == 56);

  const std::string records = "a 1-d array of records of 9 bytes is passed as a 2-d uint8 array "
                              "whose last extent is 9 (the bytes of each record {x: float32 at "
                              "0, v: float32 at 4, alive: bool at 8; 9 bytes}, stride 1); got ";
  CHECK(bindError(e, HostArray::contiguous(floats.data(), DType::Float32, {6})) ==
        "argument 'p': " + records + "a 1-d float32 array of shape (6,)");
  CHECK(bindError(e, HostArray::contiguous(bytes.data(), DType::UInt8, {54})) ==
        "argument 'p': " + records + "a 1-d uint8 array of shape (54,)");
  CHECK(bindError(e, HostArray::contiguous(bytes.data(), DType::UInt8, {9, 6})) ==
        "argument 'p': " + records + "a 2-d uint8 array of shape (9, 6)");
  CHECK(bindError(e, HostArray::contiguous(bytes.data(), DType::UInt8, {2, 3, 9})) ==
        "argument 'p': " + records + "a 3-d uint8 array of shape (2, 3, 9)");
  HostArray spread = HostArray::contiguous(bytes.data(), DType::UInt8, {3, 9});
  spread.strides = {1, 3}; // the record's bytes 3 apart
  CHECK(bindError(e, spread) ==
        "argument 'p': " + records + "a uint8 array of shape (3, 9) whose last stride is 3");
  // Every other record is fine: the launcher packs the records it is given.
  HostArray everyOther = HostArray::contiguous(bytes.data(), DType::UInt8, {3, 9});
  everyOther.strides = {18, 1};
  CHECK(bindError(e, everyOther).empty());

  Arguments scalar;
  scalar.scalar("p", 3).scalar("dt", 0.5);
  CHECK_THROWS_WITH(BoundArguments::bind(e, scalar),
                    "argument 'p': expected a 1-d array of records of 9 bytes, got the scalar 3");
  Arguments missing;
  missing.scalar("dt", 0.5);
  CHECK_THROWS_WITH(BoundArguments::bind(e, missing),
                    "entry point 'particle_step': missing argument 'p' (1-d array of records of "
                    "9 bytes)");

  SECTION("a single record (record ndim 0) is a 1-d uint8 array of its bytes") {
    json j = particleJson();
    json &p = particleArg(j);
    p["ndim"] = 1;
    p["shape_offsets"] = {4};
    p["stride_offsets"] = {8};
    p["offset_offset"] = 12;
    p["record"]["ndim"] = 0;
    j["entry_points"][0]["parameter_block"]["size"] = 16;
    const Manifest one = Manifest::parse(j.dump(), "one.json");
    CHECK(bindError(one.entryPoint(), HostArray::contiguous(bytes.data(), DType::UInt8, {9}))
              .empty());
    CHECK(bindError(one.entryPoint(), HostArray::contiguous(bytes.data(), DType::UInt8, {1, 9})) ==
          "argument 'p': a record of 9 bytes is passed as a 1-d uint8 array whose last extent is "
          "9 (the bytes of the record {x: float32 at 0, v: float32 at 4, alive: bool at 8; 9 "
          "bytes}, stride 1); got a 2-d uint8 array of shape (1, 9)");
  }
}

TEST_CASE("particle_step updates records on host arrays, strided views and device views",
          "[records]") {
  Module module(sharedDevice(), shaderPath("particle_step.spv"), sourcePath("particle_step.json"));
  Kernel step = module.kernel();
  const float dt = 0.375f;

  SECTION("host array") {
    const std::size_t n = 1000;
    std::vector<unsigned char> bytes = randomParticles(n);
    const std::vector<unsigned char> want = steppedParticles(bytes, dt);
    Arguments args;
    args.array("p", HostArray::contiguous(bytes.data(), DType::UInt8, {std::int64_t(n), 9}))
        .scalar("dt", dt);
    step.launch(args, LaunchConfig::grid(n));
    CHECK(bytes == want);
  }
  SECTION("every third record of a host array: the others untouched") {
    const std::size_t n = 300;
    std::vector<unsigned char> bytes = randomParticles(n);
    std::vector<unsigned char> want = bytes;
    for (std::size_t i = 0; i < n; i += 3) {
      std::vector<unsigned char> one(bytes.begin() + i * 9, bytes.begin() + i * 9 + 9);
      one = steppedParticles(one, dt);
      std::copy(one.begin(), one.end(), want.begin() + i * 9);
    }
    HostArray view = HostArray::contiguous(bytes.data(), DType::UInt8, {100, 9});
    view.strides = {27, 1};
    Arguments args;
    args.array("p", view).scalar("dt", dt);
    step.launch(args, LaunchConfig::grid(100));
    CHECK(bytes == want);
  }
  SECTION("a device view: the kernel addresses the records through its byte strides") {
    const std::size_t n = 200;
    std::vector<unsigned char> bytes = randomParticles(n);
    DeviceArray all = DeviceArray::fromHost(
        sharedDevice(), HostArray::contiguous(bytes.data(), DType::UInt8, {std::int64_t(n), 9}));
    DeviceArray odd = all.slice(0, 1, std::int64_t(n), 2); // p[1::2]: offset 9, strides (18, 1)
    CHECK(odd.offset() == 9);
    CHECK(odd.strides() == std::vector<std::int64_t>{18, 1});
    step.launch(DeviceArguments().array("p", odd).scalar("dt", dt), LaunchConfig::grid(n / 2));
    std::vector<unsigned char> got(bytes.size());
    all.copyToHost(HostArray::contiguous(got.data(), DType::UInt8, {std::int64_t(n), 9}));
    std::vector<unsigned char> want = bytes;
    for (std::size_t i = 1; i < n; i += 2) {
      std::vector<unsigned char> one(bytes.begin() + i * 9, bytes.begin() + i * 9 + 9);
      one = steppedParticles(one, dt);
      std::copy(one.begin(), one.end(), want.begin() + i * 9);
    }
    CHECK(got == want);
  }
}

namespace {

CommandResult nvcRunParticles(const std::string &rest) {
  return runCommand(quote(nvcRunPath()) + " " + quote(shaderPath("particle_step.spv")) +
                    " --manifest " + quote(sourcePath("particle_step.json")) + " " + rest);
}

void checkFails(const CommandResult &r, const std::string &text) {
  INFO(r.output);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::StartsWith("nvc-run: error: ") && Catch::Contains(text));
}

} // namespace

TEST_CASE("nvc-run passes records as structured .npy files and writes them back", "[records]") {
  const std::string in = workPath("records_in.npy"), out = workPath("records_out.npy");
  const std::size_t n = 500;
  std::vector<unsigned char> bytes = randomParticles(n);
  writeNpy(in, HostArray::contiguous(bytes.data(), DType::UInt8, {std::int64_t(n), 9}),
           particle());
  std::remove(out.c_str());

  CommandResult r = nvcRunParticles("--grid 500 p=@" + quote(in) + " dt=-1.25 --out p=" +
                                    quote(out));
  INFO(r.output);
  REQUIRE(r.exitCode == 0);
  NpyArray got = readNpy(out);
  CHECK(got.shape == std::vector<std::int64_t>{std::int64_t(n), 9});
  REQUIRE(got.record);
  CHECK(sameRecordLayout(*got.record, particle()));
  CHECK(got.bytes == steppedParticles(bytes, -1.25f));

  SECTION("zeros:SHAPE and like:OTHER are zeroed records") {
    const std::string zeros = workPath("records_zeros.npy");
    r = nvcRunParticles("--grid 4 p=zeros:4 dt=1 --out p=" + quote(zeros));
    REQUIRE(r.exitCode == 0);
    NpyArray z = readNpy(zeros);
    CHECK(z.shape == std::vector<std::int64_t>{4, 9});
    REQUIRE(z.record);
    CHECK(sameRecordLayout(*z.record, particle()));
    CHECK(z.bytes == std::vector<unsigned char>(36, 0));
  }
  SECTION("records given in other forms, or of other fields, are refused") {
    checkFails(nvcRunParticles("--grid 1 p=3 dt=1"),
               "argument 'p': the kernel takes a 1-d array of records {x: float32 at 0, v: "
               "float32 at 4, alive: bool at 8; 9 bytes}: pass it as @FILE.npy (a NumPy "
               "structured array of that dtype), zeros:SHAPE or like:OTHER");
    const std::string plain = workPath("records_plain.npy");
    writeNpy(plain, HostArray::contiguous(bytes.data(), DType::UInt8, {std::int64_t(n), 9}));
    checkFails(nvcRunParticles("--grid 1 p=@" + quote(plain) + " dt=1"),
               "but " + plain + " holds a uint8 array of shape (500, 9) (save the NumPy "
               "structured array itself)");
    RecordDesc other = particle();
    other.fields[2].name = "dead";
    const std::string renamed = workPath("records_renamed.npy");
    writeNpy(renamed, HostArray::contiguous(bytes.data(), DType::UInt8, {std::int64_t(n), 9}),
             other);
    checkFails(nvcRunParticles("--grid 1 p=@" + quote(renamed) + " dt=1"),
               "argument 'p': the records of " + renamed + " are {x: float32 at 0, v: float32 "
               "at 4, dead: bool at 8; 9 bytes}, the kernel's are {x: float32 at 0, v: float32 "
               "at 4, alive: bool at 8; 9 bytes}");
    const std::string grid = workPath("records_2d.npy");
    writeNpy(grid, HostArray::contiguous(bytes.data(), DType::UInt8, {2, 250, 9}), particle(2));
    checkFails(nvcRunParticles("--grid 1 p=@" + quote(grid) + " dt=1"),
               "holds an array of records of shape (2, 250), the kernel takes a 1-d array of "
               "records");
    checkFails(nvcRunParticles("--grid 1 p=zeros:2,3 dt=1"),
               "argument 'p': the kernel takes a 1-d array of records, the shape (2, 3) has 2 "
               "dimensions");
    // A structured file for an argument that is no array of records.
    checkFails(runCommand(quote(nvcRunPath()) + " " + quote(shaderPath("saxpy.spv")) +
                          " --manifest " + quote(sourcePath("saxpy.json")) +
                          " --grid 1 a=1 x=@" + quote(in) + " y=zeros:500"),
               "argument 'x': " + in + " holds an array of records {x: float32 at 0, v: float32 "
               "at 4, alive: bool at 8; 9 bytes}, but the kernel takes a 1-d float32 array");
  }
}
