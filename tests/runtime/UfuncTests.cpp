// Tests of ufunc calls (nvc/Ufunc.h, docs/manifest.md "Ufuncs") on the GLSL loops and
// reductions of ufuncs.spv (manifest ufuncs.json, make_ufuncs_json.py): the manifest's
// `ufunc` objects and their checks; NumPy's casting table; broadcasting of 1-d to 3-d
// operands, strided, transposed and reversed views; type resolution among several
// loops; given and allocated outputs (given ones poisoned first, with elements outside
// the view that must stay so); scalars; a guvectorize's core dimensions; reductions of
// sizes around the workgroup size and beyond one pass, empty ones with and without an
// identity; cuda.reduce's init, res and size; and nvc-run's --ufunc and --reduce modes.
// References are computed on the host from the same random inputs.
#include "TestSupport.h"
#include "nvc/Float16.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

Module &ufuncModule() {
  static Module module(sharedDevice(), shaderPath("ufuncs.spv"), sourcePath("ufuncs.json"));
  return module;
}

/// The elements of a result as T, after checking its dtype and shape.
template <class T>
std::vector<T> valuesOf(const NpyArray &a, const std::vector<std::int64_t> &shape) {
  REQUIRE(a.dtype == dtypeOf<T>());
  REQUIRE(a.shape == shape);
  REQUIRE_FALSE(a.fortranOrder);
  std::vector<T> v(a.bytes.size() / sizeof(T));
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  return v;
}

/// Calls f(index) for every index of `shape` in C order.
void forEachIndex(const std::vector<std::int64_t> &shape,
                  const std::function<void(const std::vector<std::int64_t> &)> &f) {
  std::int64_t count = 1;
  for (std::int64_t e : shape)
    count *= e;
  std::vector<std::int64_t> index(shape.size(), 0);
  for (std::int64_t i = 0; i < count; ++i) {
    f(index);
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

/// Element `index` of the broadcast shape, read from `a` broadcast to it (NumPy's rule).
template <class T> T broadcastAt(const HostArray &a, const std::vector<std::int64_t> &index) {
  const std::vector<std::int64_t> strides = a.effectiveStrides();
  const std::size_t pad = index.size() - a.shape.size();
  std::int64_t offset = 0;
  for (std::size_t d = 0; d < a.shape.size(); ++d)
    if (a.shape[d] != 1)
      offset += index[pad + d] * strides[d];
  return static_cast<const T *>(a.data)[offset];
}

/// The C-order position of `index` in `shape`.
std::size_t linear(const std::vector<std::int64_t> &shape, const std::vector<std::int64_t> &index) {
  std::int64_t p = 0;
  for (std::size_t d = 0; d < shape.size(); ++d)
    p = p * shape[d] + index[d];
  return static_cast<std::size_t>(p);
}

/// mulsub(x, y) = x * y - y, in T, checked at every index of the broadcast `shape`.
template <class T>
void checkMulsub(const NpyArray &result, const HostArray &x, const HostArray &y,
                 const std::vector<std::int64_t> &shape) {
  const std::vector<T> got = valuesOf<T>(result, shape);
  forEachIndex(shape, [&](const std::vector<std::int64_t> &i) {
    const T a = broadcastAt<T>(x, i), b = broadcastAt<T>(y, i);
    const T want = a * b - b;
    INFO("index " << ::Catch::Detail::stringify(i));
    REQUIRE(got[linear(shape, i)] == want);
  });
}

/// Random integer-valued doubles in [lo, hi) (sums of them are exact).
std::vector<double> randomWholeDoubles(std::size_t n, std::int64_t lo, std::int64_t hi) {
  std::vector<double> v;
  for (std::int64_t x : randomInts(n, lo, hi))
    v.push_back(static_cast<double>(x));
  return v;
}

std::vector<std::int32_t> randomInt32s(std::size_t n, std::int64_t lo, std::int64_t hi) {
  std::vector<std::int32_t> v;
  for (std::int64_t x : randomInts(n, lo, hi))
    v.push_back(static_cast<std::int32_t>(x));
  return v;
}

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

/// A 0-d float64 array holding `v`.
NpyArray scalarArray(double v) {
  NpyArray a;
  a.dtype = DType::Float64;
  a.shape = {};
  a.bytes.resize(8);
  std::memcpy(a.bytes.data(), &v, 8);
  return a;
}

json ufuncsJson() { return json::parse(readFile(sourcePath("ufuncs.json"))); }

/// The manifest error of `j`, "" if it loads.
std::string manifestError(const json &j) {
  return errorOf([&] { (void)Manifest::parse(j.dump(), "ufuncs.json"); });
}

json &entryNamed(json &j, const std::string &name) {
  for (json &e : j["entry_points"])
    if (e["name"] == name)
      return e;
  FAIL("no entry point " << name);
  throw;
}

} // namespace

TEST_CASE("the ufunc objects of a manifest are read", "[ufunc]") {
  const Manifest m = Manifest::load(sourcePath("ufuncs.json"));
  CHECK(m.ufuncNames() ==
        std::vector<std::string>{"mulsub", "vadd", "vmax", "sum_reduce", "dot", "matvec",
                                 "minmax"});
  const UfuncDesc &mulsub = *m.entryPoint("mulsub__1").ufunc;
  CHECK(mulsub.name == "mulsub");
  CHECK(mulsub.kind == UfuncKind::Vectorize);
  CHECK(mulsub.loop == 1);
  CHECK(mulsub.signature == "(),()->()");
  CHECK(mulsub.nin == 2);
  CHECK(mulsub.nout == 1);
  CHECK(mulsub.types == std::vector<DType>(3, DType::Float64));
  CHECK(mulsub.identity.kind == UfuncIdentity::Kind::None);
  const UfuncDesc &vadd = *m.entryPoint("vadd_reduce__1").ufunc;
  CHECK(vadd.kind == UfuncKind::Reduce);
  CHECK(vadd.identity.kind == UfuncIdentity::Kind::Number);
  CHECK(std::get<std::int64_t>(vadd.identity.number) == 0);
  CHECK(m.entryPoint("vmax").ufunc->identity.kind == UfuncIdentity::Kind::Reorderable);
  CHECK(m.entryPoint("sum_reduce").ufunc->kind == UfuncKind::CudaReduce);
  const UfuncDesc &matvec = *m.entryPoint("matvec").ufunc;
  CHECK(matvec.kind == UfuncKind::GUVectorize);
  CHECK(matvec.coreDims ==
        std::vector<std::vector<std::string>>{{"m", "n"}, {"n"}, {"m"}});
  CHECK(matvec.scalarCore == std::vector<bool>{false, false, false});
  CHECK(m.entryPoint("minmax").ufunc->nout == 2);
  CHECK_FALSE(Manifest::load(sourcePath("saxpy.json")).entryPoints[0].ufunc);
  CHECK(toString(UfuncKind::CudaReduce) == std::string("cuda_reduce"));
  CHECK(formatUfuncSignature({{"m", "n"}, {"n"}, {"m"}}, 2) == "(m,n),(n)->(m)");
  CHECK(formatUfuncSignature({{"n"}, {}, {}}, 1) == "(n)->(),()");
}

TEST_CASE("malformed ufunc objects are refused with their path", "[ufunc]") {
  using Edit = std::function<void(json &)>;
  const std::vector<std::pair<Edit, std::string>> cases = {
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["kind"] = "map"; },
       "entry point 'mulsub': ufunc: field 'kind' is 'map', expected one of 'vectorize'"},
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["types"] = {"float32", "float32"}; },
       "field 'types' has 2 entries but nin + nout is 3"},
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["types"][1] = "float128"; },
       "types[1] is string \"float128\", not a dtype name"},
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["types"][1] = "float64"; },
       "argument 4 ('y') must be a 1-d C-layout float64 array (input 1), not a 1-d C-layout "
       "float32 array"},
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["nout"] = 2; },
       "a vectorize has one output: nout must be 1, not 2"},
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["signature"] = "(n),()->()"; },
       "signature '(n),()->()' does not match core_dims (which make '(),()->()')"},
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["core_dims"][0] = {"n"}; },
       "core_dims[0] is not empty: only a guvectorize has core dimensions"},
      {[](json &j) { entryNamed(j, "dot")["ufunc"]["core_dims"][0] = {"n", "n"}; },
       "core_dims[0] names 'n' twice"},
      {[](json &j) { entryNamed(j, "dot")["ufunc"]["core_dims"][1] = {"1n"}; },
       "core_dims[1][0] is string \"1n\", not a dimension name"},
      {[](json &j) { entryNamed(j, "dot")["ufunc"].erase("scalar_core"); },
       "missing field 'scalar_core' (a guvectorize's)"},
      {[](json &j) { entryNamed(j, "dot")["ufunc"]["scalar_core"] = {true, false, false}; },
       "scalar_core[0] is true, but operand 0 has core dimensions"},
      {[](json &j) { entryNamed(j, "mulsub")["ufunc"]["scalar_core"] = {false, false, false}; },
       "field 'scalar_core' belongs to a guvectorize only"},
      {[](json &j) { entryNamed(j, "sum_reduce")["ufunc"]["identity"] = 0; },
       "a cuda_reduce has no identity"},
      {[](json &j) { entryNamed(j, "vadd")["ufunc"]["identity"] = "one"; },
       "field 'identity' is string \"one\", expected null, a number or \"reorderable\""},
      {[](json &j) { entryNamed(j, "vadd__2")["ufunc"]["identity"] = 1; },
       "entry point 'vadd__2' has another identity than the ufunc's other entry points"},
      {[](json &j) { entryNamed(j, "vadd__1")["ufunc"]["loop"] = 0; },
       "ufunc 'vadd': its 3 vectorize entry points must be loops 0 to 2, each once"},
      {[](json &j) { entryNamed(j, "dot__1")["ufunc"]["name"] = "minmax"; },
       "ufunc 'minmax': entry points 'minmax' and 'dot__1' have different signatures ('(n)->(),()' "
       "with nin 1, '(n),(n)->()' with nin 2)"},
      {[](json &j) { entryNamed(j, "sum_reduce")["ufunc"]["name"] = "vadd"; },
       "a guvectorize or a cuda_reduce has entry points of its own kind only"},
      {[](json &j) { entryNamed(j, "mulsub__1")["arguments"][5]["name"] = "result"; },
       "entry points 'mulsub' and 'mulsub__1' name their operands differently"},
      {[](json &j) { entryNamed(j, "mulsub")["arguments"][5]["access"] = "read"; },
       "argument 5 ('out') is output 0, which the loop writes, but its access is 'read'"},
      {[](json &j) { entryNamed(j, "mulsub")["arguments"][0]["name"] = "n"; },
       "argument 0 ('n') must be 'nvc_loop_size', an int32 scalar"},
      {[](json &j) { entryNamed(j, "mulsub")["arguments"].erase(5); },
       "a vectorize entry point takes 6 arguments (nvc_loop_size, nvc_loop_shape, "
       "nvc_loop_strides and the 3 operands), not 5"},
      {[](json &j) { entryNamed(j, "vadd_reduce")["ufunc"]["nin"] = 1; },
       "a reduce reduces with a two-input, one-output function"},
      {[](json &j) { entryNamed(j, "vadd_reduce")["arguments"][4]["name"] = "partials"; },
       "argument 4 ('partials') must be 'nvc_partials', a 1-d C-layout int32 array"},
      {[](json &j) { entryNamed(j, "vadd_reduce__2")["arguments"][2]["dtype"] = "float32";
                     entryNamed(j, "vadd_reduce__2")["arguments"][2]["device_dtype"] =
                         "float32"; },
       "argument 2 ('nvc_init') must be 'nvc_init', a float64 scalar (the initial value), not "
       "a float32 scalar"},
  };
  for (const auto &[edit, message] : cases) {
    json j = ufuncsJson();
    edit(j);
    INFO("expected: " << message);
    CHECK_THAT(manifestError(j), Catch::StartsWith("manifest ufuncs.json: ") &&
                                     Catch::Contains(message));
  }
}

TEST_CASE("NumPy's casting table", "[ufunc]") {
  // np.can_cast(a, b, casting) for NumPy 1.24's and 2's dtypes, rows and columns in
  // this order.
  const DType order[] = {DType::Bool,    DType::Int8,    DType::Int16,     DType::Int32,
                         DType::Int64,   DType::UInt8,   DType::UInt16,    DType::UInt32,
                         DType::UInt64,  DType::Float32, DType::Float64,   DType::Complex64,
                         DType::Complex128, DType::Float16};
  const char *safe[] = {"11111111111111", ".1111....11111", "..111....1111.", "...11.....1.1.",
                        "....1.....1.1.", "..111111111111", "...11.1111111.", "....1..11.1.1.",
                        "........1.1.1.", ".........1111.", "..........1.1.", "...........11.",
                        "............1.", ".........11111"};
  const char *sameKind[] = {"11111111111111", ".1111....11111", ".1111....11111",
                            ".1111....11111", ".1111....11111", ".1111111111111",
                            ".1111111111111", ".1111111111111", ".1111111111111",
                            ".........11111", ".........11111", "...........11.",
                            "...........11.", ".........11111"};
  for (int a = 0; a < 14; ++a)
    for (int b = 0; b < 14; ++b) {
      INFO(dtypeName(order[a]) << " -> " << dtypeName(order[b]));
      CHECK(canCast(order[a], order[b], Casting::Safe) == (safe[a][b] == '1'));
      CHECK(canCast(order[a], order[b], Casting::SameKind) == (sameKind[a][b] == '1'));
      CHECK(canCast(order[a], order[b], Casting::Unsafe));
    }
}

TEST_CASE("elements and scalars convert as NumPy converts them", "[ufunc]") {
  std::int64_t big = 3000000000;
  std::int32_t i32;
  castElement(DType::Int64, &big, DType::Int32, &i32); // astype wraps
  CHECK(i32 == static_cast<std::int32_t>(3000000000 - 4294967296));
  double d = -2.75;
  castElement(DType::Float64, &d, DType::Int32, &i32);
  CHECK(i32 == -2);
  std::uint16_t half;
  castElement(DType::Float64, &d, DType::Float16, &half);
  CHECK(halfToFloat(half) == -2.75f);
  std::complex<float> z;
  castElement(DType::Int32, &i32, DType::Complex64, &z);
  CHECK(z == std::complex<float>(-2, 0));
  unsigned char b;
  castElement(DType::Complex64, &z, DType::Bool, &b);
  CHECK(b == 1);

  float f;
  castScalar(ScalarValue(1e300), DType::Float32, &f, "x");
  CHECK(std::isinf(f));
  castScalar(ScalarValue(2.9), DType::Int32, &i32, "x");
  CHECK(i32 == 2);
  castScalar(ScalarValue(true), DType::Float32, &f, "x");
  CHECK(f == 1.0f);
  std::int8_t i8;
  CHECK_THAT(errorOf([&] { castScalar(ScalarValue(std::int64_t(300)), DType::Int8, &i8, "x"); }),
             Catch::Equals("x: Python integer 300 out of bounds for int8"));
  std::uint32_t u32;
  CHECK_THAT(errorOf([&] { castScalar(ScalarValue(std::int64_t(-1)), DType::UInt32, &u32, "x"); }),
             Catch::Contains("Python integer -1 out of bounds for uint32"));
  CHECK_THAT(errorOf([&] { castScalar(ScalarValue(kNaN), DType::Int32, &i32, "x"); }),
             Catch::Contains("cannot convert float NaN to integer"));
  CHECK_THAT(errorOf([&] {
               castScalar(ScalarValue(std::complex<double>(1, 2)), DType::Float64, &d, "x");
             }),
             Catch::Contains("cannot be converted to float64"));
  CHECK(scalarDType(ScalarValue(std::uint64_t(5))) == DType::Int64);
  CHECK(scalarDType(ScalarValue(std::uint64_t(1) << 63)) == DType::UInt64);
  CHECK(scalarDType(ScalarValue(2.0)) == DType::Float64);
}

TEST_CASE("ufunc dispatch plans cap the grid and the reduction passes", "[ufunc]") {
  const EntryPointDesc &loop = ufuncModule().manifest().entryPoint("mulsub");
  DeviceLimits limits;
  limits.maxComputeWorkGroupCount = {65535, 65535, 65535};
  CHECK(ufuncLoopLaunch(1, loop, limits).count[0] == 1);
  CHECK(ufuncLoopLaunch(64, loop, limits).count[0] == 1);
  CHECK(ufuncLoopLaunch(65, loop, limits).count[0] == 2);
  CHECK(ufuncLoopLaunch(65535LL * 64 + 1, loop, limits).count[0] == 65535);
  CHECK(ufuncLoopLaunch(std::numeric_limits<std::int32_t>::max(), loop, limits).count[0] ==
        65535);
  CHECK(ufuncLoopLaunch(1000, loop, limits).mode == LaunchConfig::Mode::Groups);
  limits.maxComputeWorkGroupCount[0] = 7;
  CHECK(ufuncLoopLaunch(1000, loop, limits).count[0] == 7);
  // A device that allows more still gets 65535 (the grid strides over the rest).
  limits.maxComputeWorkGroupCount[0] = 0xffffffffu;
  CHECK(ufuncLoopLaunch(std::numeric_limits<std::int32_t>::max(), loop, limits).count[0] ==
        65535);

  limits.maxComputeWorkGroupCount[0] = 65535;
  CHECK(reducePassGroups(1, 256, limits) == 1);
  CHECK(reducePassGroups(256, 256, limits) == 1);
  CHECK(reducePassGroups(257, 256, limits) == 2);
  CHECK(reducePassGroups(100000, 256, limits) == 391);
  CHECK(reducePassGroups(10000000, 256, limits) == 1024);
  limits.maxComputeWorkGroupCount[0] = 100;
  CHECK(reducePassGroups(10000000, 256, limits) == 100);
}

TEST_CASE("Module::ufunc finds a ufunc's loops and names the module's ufuncs", "[ufunc]") {
  Module &module = ufuncModule();
  Ufunc vadd = module.ufunc("vadd");
  CHECK(vadd.name() == "vadd");
  CHECK(vadd.kind() == UfuncKind::Vectorize);
  CHECK(vadd.nin() == 2);
  CHECK(vadd.nout() == 1);
  CHECK(vadd.signature() == "(),()->()");
  CHECK(vadd.canReduce());
  CHECK(vadd.loops(UfuncKind::Vectorize).size() == 3);
  CHECK(vadd.loops(UfuncKind::Reduce).size() == 3);
  CHECK(vadd.loops(UfuncKind::Reduce)[2]->name == "vadd_reduce__2");
  CHECK(vadd.operandNames() == std::vector<std::string>{"a", "b", "out"});
  CHECK_FALSE(module.ufunc("mulsub").canReduce());
  CHECK(module.ufunc("sum_reduce").kind() == UfuncKind::CudaReduce);
  CHECK(module.ufunc("sum_reduce").operandNames().empty());
  CHECK(module.ufunc("minmax").operandNames() == std::vector<std::string>{"a", "lo", "hi"});
  CHECK_THAT(errorOf([&] { (void)module.ufunc("gaussian"); }),
             Catch::EndsWith("no ufunc 'gaussian' (the module has 'mulsub', 'vadd', 'vmax', "
                             "'sum_reduce', 'dot', 'matvec', 'minmax')"));
}

TEST_CASE("vectorize broadcasts 1-d to 3-d operands", "[ufunc]") {
  Ufunc mulsub = ufuncModule().ufunc("mulsub");
  UfuncTrace trace;
  SECTION("x (n,) with sigmas[:, None] (m, 1)") {
    std::vector<double> x = randomDoubles(37, -3, 3), sigmas = randomDoubles(5, 0.5, 2);
    const HostArray xs = HostArray::of(x);
    const HostArray column = HostArray::contiguous(sigmas.data(), DType::Float64, {5, 1});
    const NpyArray r = mulsub.call({xs, column}, {}, &trace).front();
    checkMulsub<double>(r, xs, column, {5, 37});
    CHECK(trace.loop->name == "mulsub__1");
    CHECK(trace.loopShape == std::vector<std::int64_t>{5, 37});
    REQUIRE(trace.dispatches.size() == 1);
    CHECK(trace.dispatches[0].workgroupCount[0] == 3); // ceil(185 / 64)
    // And the other way round: (m, 1) with (n,).
    checkMulsub<double>(mulsub({column, xs}), column, xs, {5, 37});
  }
  SECTION("3-d with 2-d, 1-d and (1, 1, k)") {
    std::vector<float> a = randomFloats(2 * 3 * 4, -2, 2), b = randomFloats(3 * 1, -2, 2),
                       c = randomFloats(4, -2, 2);
    const HostArray a3 = HostArray::contiguous(a.data(), DType::Float32, {2, 3, 4});
    const HostArray b2 = HostArray::contiguous(b.data(), DType::Float32, {3, 1});
    const HostArray c1 = HostArray::of(c);
    const HostArray c3 = HostArray::contiguous(c.data(), DType::Float32, {1, 1, 4});
    checkMulsub<float>(mulsub({a3, b2}), a3, b2, {2, 3, 4});
    checkMulsub<float>(mulsub({c1, a3}), c1, a3, {2, 3, 4});
    checkMulsub<float>(mulsub.call({b2, c3}, {}, &trace).front(), b2, c3, {1, 3, 4});
    CHECK(trace.loop->name == "mulsub");
    // (2, 1, 4) with (3, 1): (2, 3, 4) from two broadcast operands.
    const HostArray a214 = HostArray::contiguous(a.data(), DType::Float32, {2, 1, 4});
    checkMulsub<float>(mulsub({a214, b2}), a214, b2, {2, 3, 4});
  }
  SECTION("shapes that do not broadcast") {
    std::vector<double> x(6), y(4);
    CHECK_THAT(errorOf([&] {
                 mulsub({HostArray::contiguous(x.data(), DType::Float64, {2, 3}),
                         HostArray::of(y)});
               }),
               Catch::Equals("ufunc 'mulsub': operands could not be broadcast together with "
                             "shapes (2, 3) (4,)"));
  }
}

TEST_CASE("vectorize reads strided, transposed and reversed views", "[ufunc]") {
  Ufunc mulsub = ufuncModule().ufunc("mulsub");
  std::vector<double> m = randomDoubles(6 * 8, -3, 3), v = randomDoubles(20, -3, 3);
  // m.T (8, 6), every other element of v reversed (v[:7:-2], 6 elements), and every
  // fifth element of m as an (8, 1) column.
  const HostArray mt{m.data(), DType::Float64, {8, 6}, {1, 8}};
  const HostArray vRev{v.data() + 19, DType::Float64, {6}, {-2}};
  const HostArray mCol{m.data() + 1, DType::Float64, {8, 1}, {5, 5}};
  checkMulsub<double>(mulsub({mt, vRev}), mt, vRev, {8, 6});
  checkMulsub<double>(mulsub({mCol, mt}), mCol, mt, {8, 6});
  // A 0-stride (broadcast) input view.
  const HostArray repeated{v.data() + 4, DType::Float64, {8, 6}, {0, 0}};
  checkMulsub<double>(mulsub({repeated, mt}), repeated, mt, {8, 6});
  // Inputs that overlap (v[0:10] and v[5:15]), which the loops' no-alias rule
  // (assumes_no_alias) would refuse as two arguments: one is copied.
  REQUIRE(mulsub.loops(UfuncKind::Vectorize)[1]->assumesNoAlias);
  const HostArray first{v.data(), DType::Float64, {10}, {}};
  const HostArray second{v.data() + 5, DType::Float64, {10}, {}};
  checkMulsub<double>(mulsub({first, second}), first, second, {10});
}

TEST_CASE("type resolution picks the loop as numba-cuda and NumPy do", "[ufunc]") {
  Module &module = ufuncModule();
  Ufunc mulsub = module.ufunc("mulsub");
  Ufunc vadd = module.ufunc("vadd");
  std::vector<float> f32 = randomFloats(10, -2, 2);
  std::vector<double> f64 = randomDoubles(10, -2, 2);
  std::vector<std::int32_t> i32 = randomInt32s(10, -100, 100);
  std::vector<std::int16_t> i16(10, 7);
  std::vector<std::int64_t> i64 = randomInts(10, -100, 100);
  std::vector<std::uint32_t> u32(10, 3000000000u);
  std::vector<std::complex<float>> c64(10);
  const HostArray F32 = HostArray::of(f32), F64 = HostArray::of(f64), I32 = HostArray::of(i32),
                  I16 = HostArray::of(i16), I64 = HostArray::of(i64), U32 = HostArray::of(u32),
                  C64 = HostArray::of(c64);
  double zeroD = 0.5;
  const HostArray F64zero = HostArray::contiguous(&zeroD, DType::Float64, {});
  auto loopOf = [](Ufunc &u, const std::vector<UfuncOperand> &in) { return u.resolve(in).name; };

  CHECK(loopOf(mulsub, {F32, F32}) == "mulsub");              // exact
  CHECK(loopOf(mulsub, {F64, F64}) == "mulsub__1");           // exact
  CHECK(loopOf(mulsub, {I32, I32}) == "mulsub__1");           // int32 -> float64 is safe
  CHECK(loopOf(mulsub, {I16, F32}) == "mulsub");              // int16 -> float32 is safe
  CHECK(loopOf(mulsub, {F32, F64}) == "mulsub__1");
  CHECK(loopOf(mulsub, {F32, ScalarValue(2.0)}) == "mulsub"); // a Python float beside float32
  CHECK(loopOf(mulsub, {F32, ScalarValue(std::int64_t(2))}) == "mulsub");
  CHECK(loopOf(mulsub, {F32, F64zero}) == "mulsub__1");       // a 0-d array is typed
  CHECK(loopOf(mulsub, {ScalarValue(2.0), ScalarValue(3.0)}) == "mulsub__1");
  // Python ints alone are int64, which casts safely to float64 only.
  CHECK(loopOf(mulsub, {ScalarValue(std::int64_t(2)), ScalarValue(std::int64_t(3))}) ==
        "mulsub__1");
  CHECK(loopOf(vadd, {I32, I32}) == "vadd");
  CHECK(loopOf(vadd, {I64, I64}) == "vadd__1");
  CHECK(loopOf(vadd, {I16, I16}) == "vadd");                  // the first that casts safely
  CHECK(loopOf(vadd, {I32, I64}) == "vadd__1");
  CHECK(loopOf(vadd, {U32, I32}) == "vadd__1");               // uint32 -> int64
  CHECK(loopOf(vadd, {I32, ScalarValue(std::int64_t(5))}) == "vadd");
  CHECK(loopOf(vadd, {I32, ScalarValue(0.5)}) == "vadd__2");  // a float needs a float loop
  CHECK(loopOf(vadd, {I32, F32}) == "vadd__2");
  CHECK(loopOf(vadd, {ScalarValue(true), ScalarValue(std::int64_t(1))}) == "vadd__1");
  CHECK_THAT(errorOf([&] { mulsub.resolve({C64, F32}); }),
             Catch::Equals("ufunc 'mulsub' has no loop for the inputs (complex64 array, float32 "
                           "array): its loops take (float32, float32) -> float32; (float64, "
                           "float64) -> float64 (an array input is cast only where NumPy's safe "
                           "casting allows, a Python scalar to a loop type of its kind)"));
  CHECK_THAT(errorOf([&] { mulsub.resolve({F32}); }),
             Catch::Equals("ufunc 'mulsub' takes 2 inputs ((),()->()), not 1"));
  CHECK_THAT(errorOf([&] { module.ufunc("sum_reduce").resolve({F32, F32}); }),
             Catch::Contains("is a cuda_reduce: it is not called on operands but reduces"));

  // The values: int32 inputs computed in float64, a float32 loop in float32.
  UfuncTrace trace;
  const NpyArray r = mulsub.call({I32, I16}, {}, &trace).front();
  CHECK(trace.loop->name == "mulsub__1");
  const std::vector<double> got = valuesOf<double>(r, {10});
  for (std::size_t i = 0; i < 10; ++i)
    CHECK(got[i] == double(i32[i]) * 7.0 - 7.0);
  const NpyArray s = mulsub({F32, ScalarValue(1.5)});
  const std::vector<float> gotF = valuesOf<float>(s, {10});
  for (std::size_t i = 0; i < 10; ++i)
    CHECK(gotF[i] == f32[i] * 1.5f - 1.5f);
  // vadd's int64 loop keeps its elements as int32 on the device (range-checked).
  const std::vector<std::int64_t> sums = valuesOf<std::int64_t>(vadd({I64, I32}), {10});
  for (std::size_t i = 0; i < 10; ++i)
    CHECK(sums[i] == i64[i] + i32[i]);
  CHECK_THAT(errorOf([&] { vadd({U32, I32}); }), Catch::Contains("does not fit"));
  // A Python int beside int32 arrays stays int32 and must fit (NumPy 2).
  CHECK_THAT(errorOf([&] { vadd({I32, ScalarValue(std::int64_t(1) << 40)}); }),
             Catch::Contains("Python integer 1099511627776 out of bounds for int32"));
}

TEST_CASE("given outputs are written in their own layout and dtype", "[ufunc]") {
  Ufunc mulsub = ufuncModule().ufunc("mulsub");
  std::vector<double> x = randomDoubles(4 * 5, -3, 3), y = randomDoubles(5, -3, 3);
  const HostArray X = HostArray::contiguous(x.data(), DType::Float64, {4, 5});
  const HostArray Y = HostArray::of(y);
  SECTION("C-contiguous, and the result returned too") {
    std::vector<double> out(20, kNaN);
    const std::vector<NpyArray> r =
        mulsub.call({X, Y}, {HostArray::contiguous(out.data(), DType::Float64, {4, 5})});
    checkMulsub<double>(r.front(), X, Y, {4, 5});
    CHECK(std::memcmp(out.data(), r.front().bytes.data(), 20 * 8) == 0);
  }
  SECTION("a transposed view inside a larger poisoned array") {
    // out is the (4, 5) transpose of every other column of a (5, 8) array.
    std::vector<double> big(5 * 8, kNaN);
    const HostArray out{big.data(), DType::Float64, {4, 5}, {2, 8}};
    (void)mulsub.call({X, Y}, {out});
    for (std::int64_t i = 0; i < 5; ++i)
      for (std::int64_t j = 0; j < 8; ++j) {
        const double v = big[static_cast<std::size_t>(i * 8 + j)];
        if (j % 2 == 1) {
          CHECK(std::isnan(v)); // not in the view
        } else {
          const std::int64_t r = j / 2, c = i; // out[r, c]
          CHECK(v == x[static_cast<std::size_t>(r * 5 + c)] * y[static_cast<std::size_t>(c)] -
                         y[static_cast<std::size_t>(c)]);
        }
      }
  }
  SECTION("another dtype of the same kind") {
    std::vector<float> out(20, std::nanf(""));
    (void)mulsub.call({X, Y}, {HostArray::contiguous(out.data(), DType::Float32, {4, 5})});
    for (std::size_t i = 0; i < 20; ++i)
      CHECK(out[i] == static_cast<float>(x[i] * y[i % 5] - y[i % 5]));
    std::vector<std::int32_t> ints(20);
    CHECK_THAT(errorOf([&] {
                 mulsub.call({X, Y}, {HostArray::contiguous(ints.data(), DType::Int32, {4, 5})});
               }),
               Catch::Equals("ufunc 'mulsub': cannot cast output 0 from float64 to int32 with "
                             "casting rule 'same_kind'"));
  }
  SECTION("the output is an input: f(x, x, out=x)") {
    std::vector<double> copy = x;
    (void)mulsub.call({X, X}, {X});
    for (std::size_t i = 0; i < 20; ++i)
      CHECK(x[i] == copy[i] * copy[i] - copy[i]);
  }
  SECTION("a reversed view of an input as the output") {
    std::vector<double> copy = x;
    const HostArray reversed{x.data() + 19, DType::Float64, {4, 5}, {-5, -1}};
    (void)mulsub.call({X, Y}, {reversed});
    for (std::size_t i = 0; i < 20; ++i)
      CHECK(x[19 - i] == copy[i] * y[i % 5] - y[i % 5]);
  }
  SECTION("outputs of the wrong shape, aliased elements or count") {
    std::vector<double> out(40);
    CHECK_THAT(errorOf([&] {
                 mulsub.call({X, Y}, {HostArray::contiguous(out.data(), DType::Float64, {5})});
               }),
               Catch::Equals("ufunc 'mulsub': output 0 has shape (5,), but the inputs broadcast "
                             "to the loop shape (4, 5)"));
    CHECK_THAT(errorOf([&] {
                 mulsub.call({X, Y}, {HostArray{out.data(), DType::Float64, {4, 5}, {0, 1}}});
               }),
               Catch::Contains("output 0: the array has stride 0 along dimension 0"));
    CHECK_THAT(errorOf([&] { mulsub.call({X, Y}, {std::nullopt, std::nullopt}); }),
               Catch::Contains("out= has 2 entries, but the ufunc has 1 output"));
  }
}

TEST_CASE("scalar and 0-d inputs give 0-d results", "[ufunc]") {
  Module &module = ufuncModule();
  Ufunc mulsub = module.ufunc("mulsub");
  const std::vector<double> r = valuesOf<double>(mulsub({ScalarValue(2.5), ScalarValue(4.0)}), {});
  CHECK(r == std::vector<double>{6.0});
  float a = 3.0f, b = -2.0f;
  const HostArray A = HostArray::contiguous(&a, DType::Float32, {});
  const HostArray B = HostArray::contiguous(&b, DType::Float32, {});
  CHECK(valuesOf<float>(mulsub({A, B}), {}) == std::vector<float>{-4.0f});
  // A 0-d given output.
  double out = kNaN;
  (void)mulsub.call({ScalarValue(1.0), ScalarValue(2.0)},
                    {HostArray::contiguous(&out, DType::Float64, {})});
  CHECK(out == 0.0);
  // A scalar beside an empty array: an empty result, nothing dispatched.
  std::vector<float> none;
  UfuncTrace trace;
  const NpyArray e = mulsub.call({HostArray::of(none), ScalarValue(1.0)}, {}, &trace).front();
  CHECK(e.shape == std::vector<std::int64_t>{0});
  CHECK(trace.dispatches.empty());
  // A bool casts to any loop type: beside a float32 0-d array, vadd's float64 loop.
  CHECK(valuesOf<double>(module.ufunc("vadd")({ScalarValue(true), A}), {}) ==
        std::vector<double>{4.0});
}

TEST_CASE("a loop beyond the workgroups dispatched strides over the grid", "[ufunc]") {
  Ufunc mulsub = ufuncModule().ufunc("mulsub");
  // The launch caps the workgroups at 65535 (or the device's maximum, if less).
  const std::int64_t cap =
      std::min<std::int64_t>(sharedDevice().limits().maxComputeWorkGroupCount[0], 65535);
  const std::int64_t n = cap * 64 + 1000;
  {
    std::vector<float> x(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
      x[static_cast<std::size_t>(i)] = static_cast<float>(i % 1000);
    UfuncTrace trace;
    const NpyArray r = mulsub.call({HostArray::of(x), ScalarValue(2.0)}, {}, &trace).front();
    CHECK(trace.dispatches[0].workgroupCount[0] == cap);
    const std::vector<float> got = valuesOf<float>(r, {n});
    std::int64_t wrong = 0;
    for (std::int64_t i = 0; i < n; ++i)
      wrong += got[static_cast<std::size_t>(i)] != x[static_cast<std::size_t>(i)] * 2.0f - 2.0f;
    CHECK(wrong == 0);
  }
}

TEST_CASE("guvectorize checks and broadcasts core dimensions", "[ufunc]") {
  Module &module = ufuncModule();
  Ufunc dot = module.ufunc("dot");
  Ufunc matvec = module.ufunc("matvec");
  SECTION("dot (n),(n)->() over a stack of rows") {
    std::vector<double> a = randomWholeDoubles(6 * 7, -9, 9), b = randomWholeDoubles(7, -9, 9);
    const HostArray A = HostArray::contiguous(a.data(), DType::Float64, {6, 7});
    UfuncTrace trace;
    const std::vector<double> got =
        valuesOf<double>(dot.call({A, HostArray::of(b)}, {}, &trace).front(), {6});
    CHECK(trace.loop->name == "dot__1");
    CHECK(trace.loopShape == std::vector<std::int64_t>{6});
    for (std::size_t i = 0; i < 6; ++i) {
      double want = 0;
      for (std::size_t j = 0; j < 7; ++j)
        want += a[i * 7 + j] * b[j];
      CHECK(got[i] == want);
    }
    // Transposed: rows of a.T (7, 6) with a vector of 6; float32 inputs take the
    // float32 loop.
    std::vector<float> af(a.begin(), a.end()), cf = randomFloats(6, -1, 1);
    const HostArray At{af.data(), DType::Float32, {7, 6}, {1, 7}};
    const std::vector<float> gotT =
        valuesOf<float>(dot.call({At, HostArray::of(cf)}, {}, &trace).front(), {7});
    CHECK(trace.loop->name == "dot");
    for (std::size_t i = 0; i < 7; ++i) {
      float want = 0;
      for (std::size_t j = 0; j < 6; ++j)
        want += af[j * 7 + i] * cf[j];
      CHECK(gotT[i] == Approx(want).epsilon(1e-5));
    }
    // 1-d with 1-d: a 0-d result.
    CHECK(valuesOf<double>(dot({HostArray::of(b), HostArray::of(b)}), {}).size() == 1);
    // numba-cuda's gufunc loop choice: float32 casts safely to both float64 and
    // float32, so (float64, float32) inputs run the float32 loop, where NumPy's rule
    // would take the float64 one; int32 inputs, to which no loop type casts, NumPy's.
    std::vector<float> bf(b.begin(), b.end());
    CHECK(dot.resolve({A, HostArray::of(bf)}).name == "dot");
    std::vector<std::int32_t> bi(7, 1);
    CHECK(dot.resolve({HostArray::of(bi), HostArray::of(bi)}).name == "dot__1");
  }
  SECTION("core dimensions that disagree, and inputs without them") {
    std::vector<double> a(12), b(5);
    const HostArray A = HostArray::contiguous(a.data(), DType::Float64, {3, 4});
    CHECK_THAT(errorOf([&] { dot({A, HostArray::of(b)}); }),
               Catch::Equals("ufunc 'dot': core dimension 'n' of the signature (n),(n)->() is 4 "
                             "in input 0 and 5 in input 1"));
    CHECK_THAT(errorOf([&] { dot({ScalarValue(1.0), HostArray::of(b)}); }),
               Catch::Equals("ufunc 'dot': input 0 has 0 dimensions, but its core dimensions "
                             "(n) of the signature (n),(n)->() need at least 1"));
    std::vector<double> c(2 * 4);
    CHECK_THAT(errorOf([&] { dot({A, HostArray::contiguous(c.data(), DType::Float64, {2, 4})}); }),
               Catch::Equals("ufunc 'dot': operands could not be broadcast together with loop "
                             "shapes (3,) (2,) (without the core dimensions of the signature "
                             "(n),(n)->())"));
    // (3, 4) with (2, 1, 4): loop shapes (3,) and (2, 1) broadcast to (2, 3).
    std::vector<double> d(2 * 4, 1.0);
    CHECK(dot({A, HostArray::contiguous(d.data(), DType::Float64, {2, 1, 4})}).shape ==
          std::vector<std::int64_t>{2, 3});
    std::vector<double> out(4);
    CHECK_THAT(errorOf([&] {
                 dot.call({A, A}, {HostArray::contiguous(out.data(), DType::Float64, {4})});
               }),
               Catch::Contains("output 0 has shape (4,), but the inputs broadcast to the loop "
                               "shape (3,)"));
  }
  SECTION("matvec (m,n),(n)->(m) with broadcast stacks") {
    // a (2, 1, 3, 4) with x (5, 4): out (2, 5, 3).
    std::vector<double> a = randomWholeDoubles(2 * 3 * 4, -9, 9),
                        x = randomWholeDoubles(5 * 4, -9, 9);
    const HostArray A = HostArray::contiguous(a.data(), DType::Float64, {2, 1, 3, 4});
    const HostArray X = HostArray::contiguous(x.data(), DType::Float64, {5, 4});
    std::vector<double> big(2 * 5 * 3 * 2, kNaN); // out: every other element
    const HostArray out{big.data(), DType::Float64, {2, 5, 3}, {30, 6, 2}};
    const std::vector<double> got =
        valuesOf<double>(matvec.call({A, X}, {out}).front(), {2, 5, 3});
    for (std::int64_t s = 0; s < 2; ++s)
      for (std::int64_t k = 0; k < 5; ++k)
        for (std::int64_t r = 0; r < 3; ++r) {
          double want = 0;
          for (std::int64_t c = 0; c < 4; ++c)
            want += a[static_cast<std::size_t>(s * 12 + r * 4 + c)] *
                    x[static_cast<std::size_t>(k * 4 + c)];
          const std::size_t i = static_cast<std::size_t>(s * 15 + k * 3 + r);
          CHECK(got[i] == want);
          CHECK(big[2 * i] == want);
          CHECK(std::isnan(big[2 * i + 1]));
        }
  }
  SECTION("minmax (n)->(),() has two outputs") {
    std::vector<double> a = randomDoubles(4 * 9, -5, 5);
    const HostArray A = HostArray::contiguous(a.data(), DType::Float64, {4, 9});
    std::vector<double> hi(4, kNaN);
    const std::vector<NpyArray> r =
        module.ufunc("minmax").call({A}, {std::nullopt, HostArray::of(hi)});
    REQUIRE(r.size() == 2);
    const std::vector<double> lo = valuesOf<double>(r[0], {4});
    for (std::size_t i = 0; i < 4; ++i) {
      CHECK(lo[i] == *std::min_element(a.begin() + 9 * i, a.begin() + 9 * (i + 1)));
      CHECK(hi[i] == *std::max_element(a.begin() + 9 * i, a.begin() + 9 * (i + 1)));
    }
    CHECK_THAT(errorOf([&] { module.ufunc("minmax")({A}); }),
               Catch::Contains("has 2 outputs: use call()"));
  }
}

TEST_CASE("reduce folds arrays of any size in one or two passes", "[ufunc]") {
  Module &module = ufuncModule();
  Ufunc vadd = module.ufunc("vadd");
  for (std::int64_t n : {1, 2, 255, 256, 257, 1000, 65537, 100000}) {
    INFO("n = " << n);
    std::vector<std::int32_t> xs = randomInt32s(static_cast<std::size_t>(n), -1000, 1000);
    std::int64_t want = 0;
    for (std::int32_t v : xs)
      want += v;
    UfuncTrace trace;
    const NpyArray r = vadd.reduce(HostArray::of(xs), {}, &trace);
    CHECK(trace.loop->name == "vadd_reduce");
    CHECK(valuesOf<std::int32_t>(r, {}) == std::vector<std::int32_t>{std::int32_t(want)});
    const std::size_t passes = n <= 256 ? 1 : 2;
    REQUIRE(trace.dispatches.size() == passes);
    CHECK(trace.dispatches[0].workgroupCount[0] ==
          std::min<std::int64_t>((n + 255) / 256, 1024));
    CHECK(trace.dispatches.back().workgroupCount[0] == 1);
    CHECK(trace.dispatches[0].workgroupSize[0] == 256);

    std::vector<double> ds = randomWholeDoubles(static_cast<std::size_t>(n), -1000000, 1000000);
    double dwant = 0;
    for (double v : ds)
      dwant += v;
    CHECK(valuesOf<double>(vadd.reduce(HostArray::of(ds)), {}) == std::vector<double>{dwant});
    double mx = *std::max_element(ds.begin(), ds.end());
    CHECK(valuesOf<double>(module.ufunc("vmax").reduce(HostArray::of(ds)), {}) ==
          std::vector<double>{mx});
  }
}

TEST_CASE("reduce takes every element of any view, its identity and initial value", "[ufunc]") {
  Module &module = ufuncModule();
  Ufunc vadd = module.ufunc("vadd");
  std::vector<std::int64_t> m = randomInts(30 * 40, -50, 50);
  // Every element of a transposed, reversed-column 2-d view (axis=None).
  const HostArray view{m.data() + 39, DType::Int64, {40, 30}, {-1, 40}};
  std::int64_t want = 0;
  for (std::int64_t v : m)
    want += v;
  UfuncTrace trace;
  CHECK(valuesOf<std::int64_t>(vadd.reduce(view, {}, &trace), {}) ==
        std::vector<std::int64_t>{want});
  CHECK(trace.loop->name == "vadd_reduce__1");
  CHECK(trace.loopShape == std::vector<std::int64_t>{1200});
  // int16 elements take the first loop they cast to safely; float32 the float64 one.
  std::vector<std::int16_t> small(300, 2);
  CHECK(valuesOf<std::int32_t>(vadd.reduce(HostArray::of(small)), {}) ==
        std::vector<std::int32_t>{600});
  std::vector<float> fs(1000, 0.5f);
  CHECK(valuesOf<double>(vadd.reduce(HostArray::of(fs)), {}) == std::vector<double>{500.0});
  // A 0-d array is one element.
  double one = 4.5;
  CHECK(valuesOf<double>(vadd.reduce(HostArray::contiguous(&one, DType::Float64, {})), {}) ==
        std::vector<double>{4.5});
  // initial= is folded in once, whatever the passes.
  std::vector<std::int32_t> ones(100000, 1);
  ReduceOptions initial;
  initial.init = ScalarValue(std::int64_t(5));
  CHECK(valuesOf<std::int32_t>(vadd.reduce(HostArray::of(ones), initial), {}) ==
        std::vector<std::int32_t>{100005});
  initial.init = ScalarValue(0.5);
  CHECK_THAT(errorOf([&] { vadd.reduce(HostArray::of(ones), initial); }),
             Catch::Contains("the initial value 0.5 (Python float) cannot be cast to the "
                             "reduction's int32"));
  // Empty: the identity, the initial value, or NumPy's error without identity.
  std::vector<std::int32_t> none;
  trace = {};
  CHECK(valuesOf<std::int32_t>(vadd.reduce(HostArray::of(none), {}, &trace), {}) ==
        std::vector<std::int32_t>{0});
  CHECK(trace.dispatches.empty());
  std::vector<double> noneD;
  initial.init = ScalarValue(std::int64_t(7));
  CHECK(valuesOf<double>(module.ufunc("vmax").reduce(HostArray::of(noneD), initial), {}) ==
        std::vector<double>{7.0});
  CHECK_THAT(errorOf([&] { module.ufunc("vmax").reduce(HostArray::of(noneD)); }),
             Catch::Equals("zero-size array to reduction operation vmax which has no identity"));
  std::vector<double> empty2d;
  CHECK_THAT(errorOf([&] {
               module.ufunc("vmax").reduce(
                   HostArray::contiguous(empty2d.data(), DType::Float64, {3, 0}));
             }),
             Catch::Contains("which has no identity"));
  // What a reduce does not take.
  ReduceOptions sized;
  sized.size = 3;
  CHECK_THAT(errorOf([&] { vadd.reduce(HostArray::of(ones), sized); }),
             Catch::Contains("size= and res= belong to a @cuda.reduce function"));
  CHECK_THAT(errorOf([&] { module.ufunc("mulsub").reduce(HostArray::of(fs)); }),
             Catch::StartsWith("ufunc 'mulsub' cannot reduce"));
  std::vector<std::complex<double>> zs(3);
  CHECK_THAT(errorOf([&] { vadd.reduce(HostArray::of(zs)); }),
             Catch::Contains("has no loop for the inputs (complex128 array, complex128 array)"));
}

TEST_CASE("cuda.reduce's init, res and size", "[ufunc]") {
  Ufunc sum = ufuncModule().ufunc("sum_reduce");
  std::vector<double> xs = randomWholeDoubles(5000, -1000, 1000);
  auto sumOf = [&](std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i)
      s += xs[i];
    return s;
  };
  UfuncTrace trace;
  CHECK(valuesOf<double>(sum.reduce(HostArray::of(xs), {}, &trace), {}) ==
        std::vector<double>{sumOf(5000)});
  CHECK(trace.loop->name == "sum_reduce__1");
  CHECK(trace.dispatches.size() == 2);
  ReduceOptions o;
  o.init = ScalarValue(100.0); // applied once, on the last pass
  CHECK(valuesOf<double>(sum.reduce(HostArray::of(xs), o), {}) ==
        std::vector<double>{sumOf(5000) + 100.0});
  o.size = 1000;
  CHECK(valuesOf<double>(sum.reduce(HostArray::of(xs), o), {}) ==
        std::vector<double>{sumOf(1000) + 100.0});
  o.size = -4000; // xs[:-4000]
  CHECK(valuesOf<double>(sum.reduce(HostArray::of(xs), o), {}) ==
        std::vector<double>{sumOf(1000) + 100.0});
  o.size = 0; // empty: init
  trace = {};
  CHECK(valuesOf<double>(sum.reduce(HostArray::of(xs), o, &trace), {}) ==
        std::vector<double>{100.0});
  CHECK(trace.dispatches.empty());
  o.size = 99999; // beyond the end: all of it
  std::vector<double> res(3, kNaN);
  o.res = HostArray::of(res);
  CHECK(valuesOf<double>(sum.reduce(HostArray::of(xs), o), {}) ==
        std::vector<double>{sumOf(5000) + 100.0});
  CHECK(res[0] == sumOf(5000) + 100.0);
  CHECK(std::isnan(res[1]));
  CHECK(std::isnan(res[2]));
  // int32: init converted as np.int32(init) does (truncated), default 0 when empty.
  std::vector<std::int32_t> is = randomInt32s(257, -100, 100);
  std::int32_t iwant = 0;
  for (std::int32_t v : is)
    iwant += v;
  ReduceOptions io;
  io.init = ScalarValue(2.7);
  CHECK(valuesOf<std::int32_t>(sum.reduce(HostArray::of(is), io, &trace), {}) ==
        std::vector<std::int32_t>{iwant + 2});
  CHECK(trace.loop->name == "sum_reduce");
  std::vector<std::int32_t> none;
  CHECK(valuesOf<std::int32_t>(sum.reduce(HostArray::of(none)), {}) ==
        std::vector<std::int32_t>{0});
  // res of another dtype of the same kind, and of another kind.
  std::vector<std::int64_t> res64(1, -1);
  ReduceOptions r64;
  r64.res = HostArray::of(res64);
  (void)sum.reduce(HostArray::of(is), r64);
  CHECK(res64[0] == iwant);
  std::vector<float> resF(1);
  ReduceOptions rf;
  rf.res = HostArray::of(resF);
  (void)sum.reduce(HostArray::of(is), rf); // int32 -> float32 is same_kind
  CHECK(resF[0] == float(iwant));
  std::vector<std::int32_t> resI(1);
  ReduceOptions ri;
  ri.res = HostArray::of(resI);
  CHECK_THAT(errorOf([&] { sum.reduce(HostArray::of(xs), ri); }),
             Catch::Contains("cannot cast the result from float64 to res's int32"));
  // Only 1-d arrays (numba-cuda), and no call().
  std::vector<double> m(6);
  CHECK_THAT(errorOf([&] { sum.reduce(HostArray::contiguous(m.data(), DType::Float64, {2, 3})); }),
             Catch::Contains("a @cuda.reduce function reduces a 1-d array"));
  CHECK_THAT(errorOf([&] { sum({HostArray::of(m), HostArray::of(m)}); }),
             Catch::Contains("is a cuda_reduce: it is not called on operands"));
}

namespace {

/// nvc-run on ufuncs.spv with its manifest and `rest` appended.
CommandResult nvcRunUfunc(const std::string &rest) {
  return runCommand(quote(nvcRunPath()) + " " + quote(shaderPath("ufuncs.spv")) +
                    " --manifest " + quote(sourcePath("ufuncs.json")) + " " + rest);
}

void checkCliFails(const CommandResult &r, const std::string &text) {
  INFO(r.output);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::StartsWith("nvc-run: error: ") && Catch::Contains(text));
  CHECK(std::count(r.output.begin(), r.output.end(), '\n') == 1);
}

} // namespace

TEST_CASE("nvc-run --ufunc calls a ufunc by its operands' names", "[ufunc]") {
  std::vector<double> x = randomDoubles(9, -3, 3), col = randomDoubles(4, 0.5, 2);
  const std::string xf = workPath("ufunc_cli_x.npy"), cf = workPath("ufunc_cli_col.npy"),
                    of = workPath("ufunc_cli_out.npy"), gf = workPath("ufunc_cli_given.npy");
  writeNpy(xf, HostArray::of(x));
  writeNpy(cf, HostArray::contiguous(col.data(), DType::Float64, {4, 1}));
  std::remove(of.c_str());

  CommandResult r = nvcRunUfunc("--ufunc mulsub x=@" + quote(xf) + " y=@" + quote(cf) +
                                " --out out=" + quote(of));
  INFO(r.output);
  REQUIRE(r.exitCode == 0);
  CHECK(r.output.empty());
  const HostArray X = HostArray::of(x), C = HostArray::contiguous(col.data(), DType::Float64, {4, 1});
  checkMulsub<double>(readNpy(of), X, C, {4, 9});

  // A given output (Fortran-ordered in its file) is written in its layout.
  std::vector<float> given(36, std::nanf(""));
  NpyArray g;
  g.dtype = DType::Float32;
  g.shape = {4, 9};
  g.fortranOrder = true;
  g.bytes.assign(reinterpret_cast<unsigned char *>(given.data()),
                 reinterpret_cast<unsigned char *>(given.data()) + 36 * 4);
  writeNpy(gf, g);
  r = nvcRunUfunc("--ufunc mulsub x=@" + quote(xf) + " y=@" + quote(cf) + " out=@" + quote(gf) +
                  " --out out=" + quote(of) + " -v");
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::Contains("ufunc mulsub (vectorize): loop mulsub__1 (float64, "
                                       "float64 -> float64), loop shape (4, 9)") &&
                           Catch::Contains("dispatch: 1x1x1 workgroups of 64x1x1"));
  NpyArray written = readNpy(of);
  CHECK(written.fortranOrder);
  CHECK(written.dtype == DType::Float32);
  const std::vector<float> values(reinterpret_cast<const float *>(written.bytes.data()),
                                  reinterpret_cast<const float *>(written.bytes.data()) + 36);
  for (std::int64_t i = 0; i < 4; ++i)
    for (std::int64_t j = 0; j < 9; ++j)
      CHECK(values[static_cast<std::size_t>(j * 4 + i)] ==
            static_cast<float>(x[static_cast<std::size_t>(j)] * col[static_cast<std::size_t>(i)] -
                               col[static_cast<std::size_t>(i)]));

  // Scalars: a 0-d result is printed as Python prints it; two outputs by name.
  r = nvcRunUfunc("--ufunc mulsub x=2.5 y=4");
  CHECK(r.exitCode == 0);
  CHECK(r.output == "6.0\n");
  r = nvcRunUfunc("--ufunc vadd a=true b=41");
  CHECK(r.output == "42\n");
  r = nvcRunUfunc("--ufunc minmax a=@" + quote(xf));
  CHECK(r.exitCode == 0);
  CHECK(r.output == fmt::format("lo = {}\nhi = {}\n",
                                 formatResult(scalarArray(*std::min_element(x.begin(), x.end()))),
                                 formatResult(scalarArray(*std::max_element(x.begin(), x.end())))));

  // What the runtime refuses is reported on one line.
  std::vector<double> five(5);
  const std::string ff = workPath("ufunc_cli_five.npy");
  writeNpy(ff, HostArray::of(five));
  checkCliFails(nvcRunUfunc("--ufunc dot a=@" + quote(xf) + " b=@" + quote(ff)),
                "ufunc 'dot': core dimension 'n' of the signature (n),(n)->() is 9 in input 0 "
                "and 5 in input 1");
}

TEST_CASE("nvc-run --reduce reduces with a vectorize or a cuda.reduce", "[ufunc]") {
  std::vector<std::int32_t> xs = randomInt32s(1000, -100, 100);
  std::int64_t sum = 0;
  for (std::int32_t v : xs)
    sum += v;
  const std::string xf = workPath("ufunc_cli_reduce.npy"), of = workPath("ufunc_cli_sum.npy"),
                    rf = workPath("ufunc_cli_res.npy"), rof = workPath("ufunc_cli_res_out.npy");
  writeNpy(xf, HostArray::of(xs));
  CommandResult r = nvcRunUfunc("--reduce vadd array=@" + quote(xf));
  CHECK(r.exitCode == 0);
  CHECK(r.output == fmt::format("{}\n", sum));
  r = nvcRunUfunc("--reduce vadd array=@" + quote(xf) + " init=5 --out out=" + quote(of) + " -v");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::Contains("ufunc vadd (reduce): loop vadd_reduce (int32, int32 -> "
                                       "int32), elements (1000,)") &&
                           Catch::Contains("dispatch: 4x1x1 workgroups of 256x1x1") &&
                           Catch::Contains("dispatch: 1x1x1 workgroups of 256x1x1"));
  NpyArray result = readNpy(of);
  CHECK(valuesOf<std::int32_t>(result, {}) == std::vector<std::int32_t>{std::int32_t(sum + 5)});
  // cuda.reduce: size, init and res.
  std::vector<double> res(2, 7.0);
  writeNpy(rf, HostArray::of(res));
  std::int64_t prefix = 0;
  for (std::size_t i = 0; i < 300; ++i)
    prefix += xs[i];
  r = nvcRunUfunc("--reduce sum_reduce array=@" + quote(xf) + " size=300 init=1.5 res=@" +
                  quote(rf) + " --out res=" + quote(rof));
  INFO(r.output);
  CHECK(r.exitCode == 0);
  CHECK(r.output == fmt::format("{}\n", prefix + 1)); // int32: init 1.5 truncated to 1
  NpyArray resOut = readNpy(rof);
  CHECK(valuesOf<double>(resOut, {2}) == std::vector<double>{double(prefix + 1), 7.0});
  // An empty array without identity.
  std::vector<double> none;
  writeNpy(of, HostArray::of(none));
  checkCliFails(nvcRunUfunc("--reduce vmax array=@" + quote(of)),
                "zero-size array to reduction operation vmax which has no identity");
  r = nvcRunUfunc("--reduce vmax array=@" + quote(of) + " init=-1");
  CHECK(r.output == "-1.0\n");
}

TEST_CASE("nvc-run's ufunc modes name every usage mistake", "[ufunc]") {
  const std::string xf = workPath("ufunc_cli_usage.npy");
  std::vector<float> x(4, 1.0f);
  writeNpy(xf, HostArray::of(x));
  const std::string X = "@" + quote(xf);
  checkCliFails(nvcRunUfunc("--ufunc gaussian x=" + X),
                "--ufunc gaussian: the module has no ufunc 'gaussian' (it has 'mulsub', 'vadd', "
                "'vmax', 'sum_reduce', 'dot', 'matvec', 'minmax')");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " z=2"),
                "argument 'z': --ufunc mulsub takes 'x', 'y', 'out'");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X),
                "--ufunc mulsub: missing argument 'y' (the ufunc's inputs are 'x', 'y'; an "
                "output may be given as @FILE.npy)");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " y=1 x=2"),
                "argument 'x' is given twice");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " y=1 out=3"),
                "argument 'out': an output is an array: give it as out=@FILE.npy");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " y=1 out=zeros:4"),
                "argument 'out': --ufunc takes @FILE.npy or a scalar literal, not 'zeros:4'");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " y=1 --grid 4"),
                "--ufunc calls a ufunc, whose dispatch follows from its operands: --grid does "
                "not apply");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " y=1 --entry mulsub --local-size 32"),
                "--local-size, --entry do not apply");
  checkCliFails(nvcRunUfunc("--ufunc mulsub --reduce vadd x=" + X),
                "give one of --ufunc and --reduce");
  checkCliFails(nvcRunUfunc("--ufunc sum_reduce array=" + X),
                "--ufunc sum_reduce: 'sum_reduce' is a @cuda.reduce function, not called on "
                "operands: run it with --reduce sum_reduce array=@FILE.npy");
  checkCliFails(nvcRunUfunc("--reduce mulsub array=" + X),
                "--reduce mulsub: ufunc 'mulsub' has no reduce loops");
  checkCliFails(nvcRunUfunc("--reduce vadd array=" + X + " size=3"),
                "argument 'size': --reduce vadd takes 'array', 'init' (size= and res= belong to "
                "a @cuda.reduce function)");
  checkCliFails(nvcRunUfunc("--reduce vadd init=1"), "--reduce vadd: missing argument 'array'");
  checkCliFails(nvcRunUfunc("--reduce vadd array=3"),
                "argument 'array': give the array as array=@FILE.npy");
  checkCliFails(nvcRunUfunc("--reduce sum_reduce array=" + X + " size=2.5"),
                "argument 'size': an integer, not 2.5");
  checkCliFails(nvcRunUfunc("--reduce vadd array=" + X + " --out total=t.npy"),
                "--out total=t.npy: --reduce vadd has no operand 'total' (it has 'array', "
                "'init', and 'out', the result)");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " y=2 --out y=y.npy"),
                "--out y=y.npy: input 'y' is not an array given as @FILE.npy");
  checkCliFails(nvcRunUfunc("--ufunc mulsub x=" + X + " y=2 --out out"),
                "--out must look like NAME=VALUE, got 'out'");
  checkCliFails(runCommand(quote(nvcRunPath()) + " --ufunc mulsub x=1 y=2"),
                "missing the SPIR-V module (nvc-run OUT.spv --ufunc NAME");
  // The help names both modes.
  const CommandResult help = runCommand(quote(nvcRunPath()) + " --help");
  CHECK_THAT(help.output, Catch::Contains("--ufunc NAME") && Catch::Contains("--reduce NAME"));
}
