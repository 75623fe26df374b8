// Tests of grid-wide synchronisation (docs/manifest.md "Grid synchronisation"): the
// manifest's grid_sync object loaded and checked (every malformed form a clear error
// with its JSON path), the `dispatches` expression evaluated with Python's integer
// semantics (floor division and len(range()) of negative numbers, max/min, extents,
// bool and unsigned arguments, overflow), the state buffer sized and refused beyond
// the device's limits, and launches of gridsync_count.comp (a hand-written state
// machine: every dispatch is one phase, and each invocation checks what another
// workgroup's invocation published in the phase before) through every launch path:
// Kernel::launch on host arrays (also with more dispatches than one command buffer
// holds), device arrays on streams, a Chain run several times, and nvc-run.
#include "LaunchStep.h"
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;

namespace {

json gridsyncManifest() { return json::parse(readFile(sourcePath("gridsync_count.json"))); }

/// A Module of gridsync_count.spv with `manifest` (a changed gridsync_count.json).
Module gridsyncModule(const json &manifest) {
  return Module(sharedDevice(), readSpirv(shaderPath("gridsync_count.spv")),
                Manifest::parse(manifest.dump(), "gridsync_count.json"), "gridsync_count.spv");
}

/// Launches gridsync_count with `n` on an `outLength`-element output and returns it.
std::vector<std::int32_t> runCount(Kernel &kernel, std::int64_t n, std::int64_t outLength,
                                   const LaunchConfig &config, LaunchResult *result = nullptr) {
  std::vector<std::int32_t> out(static_cast<std::size_t>(outLength), 12345);
  Arguments args;
  args.array("out", HostArray::of(out)).scalar("n", n);
  LaunchResult r = kernel.launch(args, config);
  if (result)
    *result = r;
  return out;
}

/// Whether every element of `v` is `value` (INFO names the first that is not).
bool allEqual(const std::vector<std::int32_t> &v, std::int32_t value) {
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] != value) {
      UNSCOPED_INFO("element " << i << " is " << v[i] << ", expected " << value);
      return false;
    }
  return true;
}

/// A manifest for expression tests: scalars of several dtypes and a 2-d array, with
/// `dispatches` as the grid_sync expression.
std::string exprManifest(const json &dispatches) {
  json m = json::parse(R"({
    "format_version": 1, "producer": "nvc 0.1.0", "spirv_version": "1.3",
    "target_env": "vulkan1.1", "source": {"file": "e.py", "sha256": "00"},
    "entry_points": [{
      "name": "k", "function": "k", "workgroup_size": [64, 1, 1],
      "workgroup_size_spec_ids": [0, 1, 2], "shared_memory_bytes": 0,
      "capabilities": ["Shader"], "extensions": [], "index_bits": 64,
      "parameter_block": {"kind": "push_constant", "size": 96, "binding": null},
      "arguments": [
        {"name": "a", "kind": "scalar", "dtype": "int64", "device_dtype": "int64", "offset": 0},
        {"name": "b", "kind": "scalar", "dtype": "int32", "device_dtype": "int32", "offset": 8},
        {"name": "flag", "kind": "scalar", "dtype": "bool", "device_dtype": "bool", "offset": 12},
        {"name": "u", "kind": "scalar", "dtype": "uint64", "device_dtype": "uint64", "offset": 16},
        {"name": "h", "kind": "scalar", "dtype": "int8", "device_dtype": "int8", "offset": 24},
        {"name": "x", "kind": "scalar", "dtype": "float32", "device_dtype": "float32", "offset": 28},
        {"name": "m", "kind": "array", "dtype": "float32", "device_dtype": "float32", "ndim": 2,
         "layout": "C", "access": "read", "binding": 0, "shape_offsets": [32, 40],
         "stride_offsets": [48, 56], "offset_offset": 64}
      ],
      "grid_sync": {"binding": 1, "words_per_invocation": 2, "dispatches": 1, "barriers": []}
    }]})");
  m["entry_points"][0]["grid_sync"]["dispatches"] = dispatches;
  return m.dump();
}

struct ExprArgs {
  std::int64_t a = 0, b = 0, h = 0;
  bool flag = false;
  std::uint64_t u = 0;
  std::vector<std::int64_t> shape{3, 5};
};

/// Evaluates `dispatches` (JSON text) with the arguments `v`.
std::int64_t evaluate(const std::string &dispatches, const ExprArgs &v = {}) {
  const Manifest m = Manifest::parse(exprManifest(json::parse(dispatches)), "expr.json");
  const EntryPointDesc &e = m.entryPoint();
  std::vector<float> data(static_cast<std::size_t>(v.shape[0] * v.shape[1]));
  Arguments args;
  args.scalar("a", v.a).scalar("b", v.b).scalar("flag", v.flag).scalar("u", v.u);
  args.scalar("h", v.h).scalar("x", 1.5);
  args.array("m", HostArray::contiguous(data.data(), DType::Float32, v.shape));
  const BoundArguments bound = BoundArguments::bind(e, args);
  return evaluateGridSyncExpr(*e.gridSync->dispatches, e, bound);
}

std::string op(const std::string &name, const std::vector<std::string> &args) {
  std::string text = R"({"op": ")" + name + R"(", "args": [)";
  for (std::size_t i = 0; i < args.size(); ++i)
    text += (i ? ", " : "") + args[i];
  return text + "]}";
}
std::string num(std::int64_t v) { return std::to_string(v); }

} // namespace

TEST_CASE("the manifest's grid_sync object loads", "[grid-sync]") {
  const Manifest m = Manifest::load(sourcePath("gridsync_count.json"));
  const EntryPointDesc &e = m.entryPoint();
  REQUIRE(e.gridSync);
  CHECK(e.gridSync->binding == 1);
  CHECK(e.gridSync->wordsPerInvocation == 4);
  CHECK(e.gridSync->dispatches->kind == GridSyncExpr::Kind::Arg);
  CHECK(e.gridSync->dispatches->name == "n");
  REQUIRE(e.gridSync->barriers.size() == 1);
  CHECK(e.gridSync->barriers[0].line == 11);
  // Absent and null: no grid synchronisation.
  CHECK_FALSE(Manifest::load(sourcePath("saxpy.json")).entryPoint().gridSync);
  json j = gridsyncManifest();
  j["entry_points"][0]["grid_sync"] = nullptr;
  CHECK_FALSE(Manifest::parse(j.dump(), "g.json").entryPoint().gridSync);
}

TEST_CASE("malformed grid_sync objects are manifest errors with their path", "[grid-sync]") {
  struct Case {
    const char *pointer; ///< JSON pointer below grid_sync ("" replaces it whole)
    const char *value;   ///< JSON text; "DELETE" removes the field
    const char *message;
  };
  const Case cases[] = {
      {"", "5", "entry point 'gridsync_count': field 'grid_sync' must be an object"},
      {"/binding", "0", "grid_sync: binding 0 is already used"},
      {"/binding", "DELETE", "grid_sync: missing field 'binding'"},
      {"/words_per_invocation", "0", "field 'words_per_invocation' must be at least 1"},
      {"/words_per_invocation", "-1", "field 'words_per_invocation' must be a non-negative"},
      {"/dispatches", "DELETE", "grid_sync: missing field 'dispatches'"},
      {"/dispatches", "2.5", "grid_sync: dispatches: an expression must be an integer"},
      {"/dispatches", "true", "an expression must be an integer"},
      {"/dispatches", "\"n\"", "an expression must be an integer"},
      {"/dispatches", "18446744073709551615", "does not fit a signed 64-bit integer"},
      {"/dispatches", R"({"arg": "nope"})", "'arg' names 'nope', which is not an argument"},
      {"/dispatches", R"({"arg": "out"})", "'arg' names 'out' (int32 array), which is not an integer or bool scalar"},
      {"/dispatches", R"({"arg": 3})", "field 'arg' must be a string"},
      {"/dispatches", R"({"shape": ["out", 1]})", "axis 1 of 'out', which has 1 dimension"},
      {"/dispatches", R"({"shape": ["n", 0]})", "'shape' names 'n', a scalar"},
      {"/dispatches", R"({"shape": ["out"]})", "'shape' must be [NAME, D]"},
      {"/dispatches", R"({"shape": ["out", -1]})", "the axis of 'shape' must be a non-negative"},
      {"/dispatches", R"({"shape": ["zz", 0]})", "'shape' names 'zz', which is not an argument"},
      {"/dispatches", R"({"op": "%", "args": [1, 2]})",
       "field 'op' is '%', expected one of '+', '-', '*', '//', 'max', 'min', 'range_len'"},
      {"/dispatches", R"({"op": "+", "args": [1]})", "'+' takes 2 arguments, not 1"},
      {"/dispatches", R"({"op": "//", "args": [1, 2, 3]})", "'//' takes 2 arguments, not 3"},
      {"/dispatches", R"({"op": "max", "args": []})", "'max' takes at least 1 argument"},
      {"/dispatches", R"({"op": "range_len", "args": [0, 1]})", "'range_len' takes 3 arguments"},
      {"/dispatches", R"({"op": "+"})", "missing field 'args'"},
      {"/dispatches", R"({"op": "+", "args": [1, {"arg": "nope"}]})",
       "grid_sync: dispatches: '+' argument 1: 'arg' names 'nope'"},
      {"/dispatches", R"({"arg": "n", "op": "+"})", "exactly one of 'arg', 'shape' and 'op'"},
      {"/dispatches", R"({})", "exactly one of 'arg', 'shape' and 'op'"},
      {"/dispatches", R"({"arg": "n", "args": []})", "unknown field 'args'"},
      {"/dispatches", R"({"arg": "n", "extra": 1})", "unknown field 'extra'"},
      {"/barriers", "DELETE", "grid_sync: missing field 'barriers'"},
      {"/barriers", R"([{"line": 1}])", "grid_sync: barrier 0: missing field 'column'"},
      {"/barriers", R"([3])", "grid_sync: barrier 0: the barrier must be an object"},
  };
  for (const Case &c : cases) {
    json j = gridsyncManifest();
    json &gs = j["entry_points"][0]["grid_sync"];
    const std::string pointer = c.pointer;
    if (pointer.empty())
      gs = json::parse(c.value);
    else if (std::string(c.value) == "DELETE")
      gs.erase(pointer.substr(1));
    else
      gs[json::json_pointer(pointer)] = json::parse(c.value);
    INFO(pointer << " = " << c.value);
    CHECK_THROWS_WITH(Manifest::parse(j.dump(), "g.json"),
                      Catch::StartsWith("manifest g.json: entry point 'gridsync_count'") &&
                          Catch::Contains(c.message));
  }
  // A deeply nested expression.
  json deep = 1;
  for (int i = 0; i < 100; ++i)
    deep = json{{"op", "max"}, {"args", json::array({deep})}};
  json j = gridsyncManifest();
  j["entry_points"][0]["grid_sync"]["dispatches"] = deep;
  CHECK_THROWS_WITH(Manifest::parse(j.dump(), "g.json"), Catch::Contains("nested more than 64"));
  // Non-integer scalar arguments.
  CHECK_THROWS_WITH(Manifest::parse(exprManifest(json::parse(R"({"arg": "x"})")), "e.json"),
                    Catch::Contains("'arg' names 'x' (float32 scalar), which is not an integer "
                                    "or bool scalar"));
  // A ufunc cannot synchronise its grid (checked after the ufunc object).
  json u = json::parse(readFile(sourcePath("ufuncs.json")));
  u["entry_points"][0]["grid_sync"] = {
      {"binding", 9}, {"words_per_invocation", 1}, {"dispatches", 1}, {"barriers", json::array()}};
  CHECK_THROWS_WITH(Manifest::parse(u.dump(), "u.json"),
                    Catch::Contains("a ufunc entry point cannot have 'grid_sync'"));
}

TEST_CASE("grid_sync dispatches evaluate with Python's integer semantics", "[grid-sync]") {
  ExprArgs v;
  v.a = -7;
  v.b = 2;
  v.flag = true;
  v.u = 40;
  v.h = -3;
  v.shape = {3, 5};
  // Constants, arguments (bool as 0/1, int8 sign-extended, uint64), extents.
  CHECK(evaluate("7", v) == 7);
  CHECK(evaluate("-9223372036854775808", v) == INT64_MIN);
  CHECK(evaluate(R"({"arg": "a"})", v) == -7);
  CHECK(evaluate(R"({"arg": "flag"})", v) == 1);
  CHECK(evaluate(R"({"arg": "h"})", v) == -3);
  CHECK(evaluate(R"({"arg": "u"})", v) == 40);
  CHECK(evaluate(R"({"shape": ["m", 0]})", v) == 3);
  CHECK(evaluate(R"({"shape": ["m", 1]})", v) == 5);
  ExprArgs off = v;
  off.flag = false;
  CHECK(evaluate(R"({"arg": "flag"})", off) == 0);
  // + - *.
  const std::string a = R"({"arg": "a"})", b = R"({"arg": "b"})", h = R"({"arg": "h"})";
  CHECK(evaluate(op("+", {a, b}), v) == -5);
  CHECK(evaluate(op("-", {b, a}), v) == 9);
  CHECK(evaluate(op("*", {a, h}), v) == 21);
  // Floor division rounds toward negative infinity (Python's -7 // 2 == -4).
  const std::pair<std::int64_t, std::int64_t> divisions[] = {
      {7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {6, 3}, {-6, 3}, {6, -3}, {0, -5}, {1, 7}, {-1, 7},
      {INT64_MIN, 1}, {INT64_MIN, 2}, {INT64_MAX, -1}};
  const std::int64_t quotients[] = {3, -4, -4, 3, 2, -2, -2, 0, 0, -1, INT64_MIN,
                                    INT64_MIN / 2, -INT64_MAX};
  for (std::size_t i = 0; i < std::size(divisions); ++i) {
    INFO(divisions[i].first << " // " << divisions[i].second);
    CHECK(evaluate(op("//", {num(divisions[i].first), num(divisions[i].second)}), v) ==
          quotients[i]);
  }
  // max and min of one or more.
  CHECK(evaluate(op("max", {a}), v) == -7);
  CHECK(evaluate(op("max", {a, b, h}), v) == 2);
  CHECK(evaluate(op("min", {a, b, h}), v) == -7);
  CHECK(evaluate(op("min", {R"({"shape": ["m", 1]})", "4"}), v) == 4);
  // len(range(start, stop, step)), Python's values (len(range(10, -3, -4)) == 4, ...).
  const std::array<std::int64_t, 4> ranges[] = {
      {0, 10, 1, 10},  {0, 10, 3, 4},   {10, 0, 1, 0},   {10, 0, -1, 10}, {10, -3, -4, 4},
      {-3, 10, 4, 4},  {-10, -3, 2, 4}, {-3, -10, -2, 4}, {5, 5, 1, 0},   {5, 5, -1, 0},
      {0, 1, 100, 1},  {1, 0, -100, 1}, {-5, 5, -1, 0},  {INT64_MIN, INT64_MAX, INT64_MAX, 3},
      {INT64_MAX, INT64_MIN, INT64_MIN, 2}};
  for (const auto &r : ranges) {
    INFO("len(range(" << r[0] << ", " << r[1] << ", " << r[2] << "))");
    CHECK(evaluate(op("range_len", {num(r[0]), num(r[1]), num(r[2])}), v) == r[3]);
  }
  // A nested expression: max(1, (b * (m.shape[1] - a)) // 3) = max(1, 24 // 3) = 8.
  CHECK(evaluate(op("max", {"1", op("//", {op("*", {b, op("-", {R"({"shape": ["m", 1]})", a})}),
                                           "3"})}),
                 v) == 8);

  // Errors name the kernel and what failed.
  CHECK_THROWS_WITH(evaluate(op("//", {a, "0"}), v),
                    Catch::StartsWith("kernel 'k': the number of grid-sync dispatches: integer "
                                      "division by zero in (a // 0)"));
  CHECK_THROWS_WITH(evaluate(op("range_len", {"0", "5", op("-", {b, b})}), v),
                    Catch::Contains("range() arg 3 must not be zero in len(range(0, 5, (b - b)))"));
  CHECK_THROWS_WITH(evaluate(op("*", {"4611686018427387904", "2"}), v),
                    Catch::Contains("(4611686018427387904 * 2) overflows a signed 64-bit "
                                    "integer"));
  CHECK_THROWS_WITH(evaluate(op("+", {"9223372036854775807", "1"}), v),
                    Catch::Contains("overflows a signed 64-bit integer"));
  CHECK_THROWS_WITH(evaluate(op("-", {"-9223372036854775808", "1"}), v),
                    Catch::Contains("overflows a signed 64-bit integer"));
  CHECK_THROWS_WITH(evaluate(op("//", {"-9223372036854775808", "-1"}), v),
                    Catch::Contains("overflows a signed 64-bit integer"));
  CHECK_THROWS_WITH(
      evaluate(op("range_len", {"-9223372036854775808", "9223372036854775807", "1"}), v),
      Catch::Contains("overflows a signed 64-bit integer"));
  ExprArgs big = v;
  big.u = 1ull << 63;
  CHECK_THROWS_WITH(evaluate(R"({"arg": "u"})", big),
                    Catch::Contains("argument 'u' is 9223372036854775808, beyond a signed 64-bit "
                                    "integer"));
  CHECK(formatGridSyncExpr(Manifest::parse(exprManifest(json::parse(op(
                                               "max", {"1", op("//", {a, R"({"shape": ["m", 1]})"})}))),
                                           "e.json")
                               .entryPoint()
                               .gridSync->dispatches.value()) == "max(1, (a // m.shape[1]))");
}

TEST_CASE("the grid_sync state buffer is sized per launch and checked", "[grid-sync]") {
  const Manifest m = Manifest::parse(exprManifest(json::parse(R"({"arg": "a"})")), "e.json");
  const EntryPointDesc &e = m.entryPoint();
  std::vector<float> data(15);
  auto plan = [&](std::int64_t a, const DispatchShape &shape, const DeviceLimits &limits) {
    Arguments args;
    args.scalar("a", a).scalar("b", 0).scalar("flag", false).scalar("u", 0u).scalar("h", 0);
    args.scalar("x", 0.0).array("m", HostArray::contiguous(data.data(), DType::Float32, {3, 5}));
    return planGridSync(e, BoundArguments::bind(e, args), shape, limits);
  };
  DeviceLimits limits;
  limits.maxStorageBufferRange = 1u << 20;
  DispatchShape shape;
  shape.workgroupSize = {64, 2, 1};
  shape.workgroupCount = {10, 3, 2};
  GridSyncPlan p = plan(25, shape, limits);
  CHECK(p.invocations == 64 * 2 * 10 * 3 * 2);
  CHECK(p.words == 2 * p.invocations);
  CHECK(p.bytes == 4 * p.words);
  CHECK(p.fillBytes == 4 * p.invocations);
  CHECK(p.dispatches == 25);
  // max(1, value): no dispatch count below 1.
  CHECK(plan(0, shape, limits).dispatches == 1);
  CHECK(plan(-5, shape, limits).dispatches == 1);
  CHECK(plan(std::int64_t(1) << 31, shape, limits).dispatches == std::uint64_t(1) << 31);
  CHECK_THROWS_WITH(plan((std::int64_t(1) << 31) + 1, shape, limits),
                    Catch::Contains("kernel 'k': 2147483649 grid-sync dispatches (a = "
                                    "2147483649) are more than the runtime runs in one launch"));
  // Beyond maxStorageBufferRange: 2 words x 4 bytes x 131072 invocations = 1 MiB + 8.
  shape.workgroupSize = {64, 1, 1};
  shape.workgroupCount = {2048, 1, 1};
  CHECK(plan(1, shape, limits).bytes == 1u << 20);
  shape.workgroupSize = {65, 1, 1};
  CHECK_THROWS_WITH(plan(1, shape, limits),
                    Catch::Contains("kernel 'k' synchronises its grid and keeps 2 words of state "
                                    "per invocation: 133120 invocations (2048x1x1 workgroups of "
                                    "65x1x1) need a state buffer of 1064960 bytes, more than the "
                                    "device's maxStorageBufferRange (1048576 bytes)"));
  // (The 2^31-word bound of index_bits 32 is 8 GiB, beyond any maxStorageBufferRange,
  // a 32-bit limit: planGridSync checks it all the same.)
}

TEST_CASE("grid_sync launches on host arrays dispatch the schedule", "[grid-sync]") {
  Module module(sharedDevice(), shaderPath("gridsync_count.spv"),
                sourcePath("gridsync_count.json"));
  Kernel kernel = module.kernel();
  LaunchResult r;
  // 1000 invocations asked for: 16 workgroups of 64 (the last partly outside `out`).
  for (std::int64_t n : {1, 2, 7, 64}) {
    INFO("n = " << n);
    CHECK(allEqual(runCount(kernel, n, 1000, LaunchConfig::grid(1000), &r), std::int32_t(n)));
    CHECK(r.dispatches == static_cast<std::uint64_t>(n));
    // Again: the state starts at 0 in every launch (the buffer comes back from the pool).
    CHECK(allEqual(runCount(kernel, n, 1000, LaunchConfig::grid(1000)), std::int32_t(n)));
  }
  // 0 and negative counts run one dispatch.
  CHECK(allEqual(runCount(kernel, 0, 100, LaunchConfig::grid(100), &r), 1));
  CHECK(r.dispatches == 1);
  CHECK(allEqual(runCount(kernel, -3, 100, LaunchConfig::grid(100)), 1));
  // Other workgroup sizes and 3-d grids: N counts every invocation dispatched.
  CHECK(allEqual(runCount(kernel, 5, 3 * 4 * 2 * 8, LaunchConfig::groups(3, 4, 2).withWorkgroupSize(2, 2, 2)), 5));
  CHECK(allEqual(runCount(kernel, 9, 32 * 7, LaunchConfig::groups(7).withWorkgroupSize(32)), 9));
  // More dispatches than one command buffer holds (recorded and submitted in pieces).
  const std::int64_t many = 2 * 4096 + 3;
  CHECK(allEqual(runCount(kernel, many, 256, LaunchConfig::grid(256), &r), std::int32_t(many)));
  CHECK(r.dispatches == static_cast<std::uint64_t>(many));
  CHECK(allEqual(runCount(kernel, 4096, 64, LaunchConfig::grid(64)), 4096));
  CHECK(allEqual(runCount(kernel, 4097, 64, LaunchConfig::grid(64)), 4097));
}

TEST_CASE("grid_sync dispatches follow the expression", "[grid-sync]") {
  // dispatches = max(1, len(range(n, 0, -3))) + out.shape[0] // 100: n=10 on 250
  // elements -> len(range(10, 0, -3)) = 4, 4 + 2 = 6.
  json j = gridsyncManifest();
  j["entry_points"][0]["grid_sync"]["dispatches"] = json::parse(op(
      "+", {op("max", {"1", op("range_len", {R"({"arg": "n"})", "0", "-3"})}),
            op("//", {R"({"shape": ["out", 0]})", "100"})}));
  Module module = gridsyncModule(j);
  Kernel kernel = module.kernel();
  LaunchResult r;
  CHECK(allEqual(runCount(kernel, 10, 250, LaunchConfig::grid(250), &r), 6));
  CHECK(r.dispatches == 6);
  CHECK(allEqual(runCount(kernel, -4, 99, LaunchConfig::grid(99), &r), 1));
  // A failing expression is an error before anything runs.
  j["entry_points"][0]["grid_sync"]["dispatches"] =
      json::parse(op("//", {"10", op("-", {R"({"arg": "n"})", "3"})}));
  Module failing = gridsyncModule(j);
  Kernel k2 = failing.kernel();
  std::vector<std::int32_t> out(10, 7);
  Arguments args;
  args.array("out", HostArray::of(out)).scalar("n", 3);
  CHECK_THROWS_WITH(k2.launch(args, LaunchConfig::grid(10)),
                    "kernel 'gridsync_count': the number of grid-sync dispatches: integer "
                    "division by zero in (10 // (n - 3)) (10 // 0)");
  CHECK(allEqual(out, 7));
}

TEST_CASE("grid_sync launches on device arrays, streams and chains", "[grid-sync]") {
  Device &device = sharedDevice();
  Module module(device, shaderPath("gridsync_count.spv"), sourcePath("gridsync_count.json"));
  Kernel kernel = module.kernel();
  DeviceArray out(device, DType::Int32, {500});
  // On the default stream, twice (each launch starts from state 0), then read.
  for (int i = 0; i < 2; ++i) {
    const LaunchResult r =
        kernel.launch(DeviceArguments().array("out", out).scalar("n", 11), LaunchConfig::grid(500));
    CHECK(r.dispatches == 11);
  }
  CHECK(allEqual(out.toVector<std::int32_t>(), 11));
  // On a user stream, with other launches around it in one batch.
  Stream stream(device);
  DeviceArray out2(device, DType::Int32, {128});
  for (std::int64_t n : {3, 4, 5})
    kernel.launch(DeviceArguments().array("out", out2).scalar("n", n), LaunchConfig::grid(128),
                  stream);
  stream.synchronize();
  CHECK(allEqual(out2.toVector<std::int32_t>(), 5));
  // More dispatches than one command buffer holds, asynchronously: 5000 (two pieces),
  // and 4 x 4096 + 1 (five pieces, the first two waited for before the fourth and fifth
  // are recorded), each followed by another launch in the same batch.
  DeviceArray out3(device, DType::Int32, {64});
  for (std::int64_t n : {5000, 4 * 4096 + 1}) {
    kernel.launch(DeviceArguments().array("out", out2).scalar("n", n), LaunchConfig::grid(128),
                  stream);
    kernel.launch(DeviceArguments().array("out", out3).scalar("n", 2), LaunchConfig::grid(64),
                  stream);
    stream.synchronize();
    CHECK(allEqual(out2.toVector<std::int32_t>(), std::int32_t(n)));
    CHECK(allEqual(out3.toVector<std::int32_t>(), 2));
  }
  // A chain repeats the whole schedule (state zeroed each time).
  Chain chain(device);
  chain.launch(kernel, DeviceArguments().array("out", out).scalar("n", 6), LaunchConfig::grid(500));
  const ChainTiming t = chain.run(3, 1);
  CHECK(allEqual(out.toVector<std::int32_t>(), 6));
  if (t.support.supported())
    CHECK(t.stepMs.at(0).size() == 3);
}

TEST_CASE("nvc-run launches grid_sync kernels", "[grid-sync]") {
  const std::string spv = shaderPath("gridsync_count.spv");
  const std::string outPath = workPath("gridsync_out.npy");
  CommandResult r = runCommand(quote(nvcRunPath()) + " " + quote(spv) + " --manifest " +
                               quote(sourcePath("gridsync_count.json")) +
                               " --grid 300 n=13 out=zeros:300 -v --out out=" + quote(outPath));
  INFO(r.output);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::Contains("dispatches: 13 (grid_sync: n; 4 words of state per "
                                       "invocation, 320 invocations)"));
  NpyArray a = readNpy(outPath);
  REQUIRE(a.dtype == DType::Int32);
  std::vector<std::int32_t> v(a.bytes.size() / 4);
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  CHECK(v.size() == 300);
  CHECK(allEqual(v, 13));
  // --time runs the schedule in a chain; --autotune on streams.
  r = runCommand(quote(nvcRunPath()) + " " + quote(spv) + " --manifest " +
                 quote(sourcePath("gridsync_count.json")) +
                 " --grid 300 n=4 out=zeros:300 --time 3 --out out=" + quote(outPath));
  INFO(r.output);
  CHECK(r.exitCode == 0);
  a = readNpy(outPath);
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  CHECK(allEqual(v, 4));
  {
    ScopedEnv noCache("NVC_AUTOTUNE_CACHE", "0");
    r = runCommand(quote(nvcRunPath()) + " " + quote(spv) + " --manifest " +
                   quote(sourcePath("gridsync_count.json")) +
                   " --grid 300 n=6 out=zeros:300 --autotune --out out=" + quote(outPath));
  }
  INFO(r.output);
  CHECK(r.exitCode == 0);
  a = readNpy(outPath);
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  CHECK(allEqual(v, 6));
  // A state buffer beyond the device's limit is a clear error, not a crash.
  r = runCommand(quote(nvcRunPath()) + " " + quote(spv) + " --manifest " +
                 quote(sourcePath("gridsync_count.json")) +
                 " --groups 65535,65535 n=2 out=zeros:10");
  INFO(r.output);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::StartsWith("nvc-run: error: kernel 'gridsync_count' synchronises "
                                         "its grid and keeps 4 words of state per invocation"));
}

// ---------------------------------------------------------------------------------
// Dynamic schedules (grid_sync.dispatches null, docs/manifest.md "Dynamic schedules"):
// gridsync_dynamic.comp, where invocation i runs (i * 7 % 13) + inp[i] phases.

namespace {

struct DynamicRun {
  std::vector<std::int32_t> out, seen;
  LaunchResult result;
};

/// Launches gridsync_dynamic on `inp` (one invocation per element, `config`'s grid).
DynamicRun runDynamic(Kernel &kernel, std::vector<std::int32_t> inp, const LaunchConfig &config) {
  DynamicRun r;
  r.out.assign(inp.size(), -77);
  r.seen.assign(inp.size(), -77);
  Arguments args;
  args.array("inp", HostArray::of(inp)).array("out", HostArray::of(r.out));
  args.array("seen", HostArray::of(r.seen));
  r.result = kernel.launch(args, config);
  return r;
}

/// Phases of invocation i of `inp` (0 for i beyond it, as the kernel counts).
std::int32_t dynamicPhases(const std::vector<std::int32_t> &inp, std::size_t i) {
  return i < inp.size() ? static_cast<std::int32_t>(i * 7 % 13) + inp[i] : 0;
}

/// Whether `r` is what the kernel computes on `inp` with `n` invocations: out[i] the
/// phases, seen[i] the last value its neighbour (i + 1) % n published for it.
bool dynamicCorrect(const DynamicRun &r, const std::vector<std::int32_t> &inp, std::size_t n) {
  for (std::size_t i = 0; i < inp.size(); ++i) {
    const std::int32_t t = dynamicPhases(inp, i);
    const std::int32_t m = std::min(t, dynamicPhases(inp, (i + 1) % n));
    const std::int32_t seen = m >= 1 ? m - 1 : -1;
    if (r.out[i] != t || r.seen[i] != seen) {
      UNSCOPED_INFO("invocation " << i << ": out " << r.out[i] << " seen " << r.seen[i]
                                  << ", expected " << t << " and " << seen);
      return false;
    }
  }
  return true;
}

/// The dispatches a dynamic launch runs when its longest invocation runs `phases`
/// phases (phases + 1 dispatches needed): whole batches of 1, 2, 4, ... 4096.
std::uint64_t dynamicDispatches(std::int64_t phases) {
  std::uint64_t done = 0;
  for (std::uint64_t b = 0; done < static_cast<std::uint64_t>(phases) + 1; ++b)
    done += gridSyncBatchSize(b);
  return done;
}

/// inp that makes invocation i run `phases(i)` phases.
template <class F> std::vector<std::int32_t> dynamicInput(std::size_t n, F phases) {
  std::vector<std::int32_t> inp(n);
  for (std::size_t i = 0; i < n; ++i)
    inp[i] = phases(i) - static_cast<std::int32_t>(i * 7 % 13);
  return inp;
}

} // namespace

TEST_CASE("grid_sync dispatches null: a dynamic schedule", "[grid-sync]") {
  // Loaded: no expression; the state buffer has the flag word after the slots.
  const Manifest m = Manifest::parse(readFile(sourcePath("gridsync_dynamic.json")),
                                     "gridsync_dynamic.json");
  const EntryPointDesc &e = m.entryPoint();
  REQUIRE(e.gridSync);
  CHECK_FALSE(e.gridSync->dispatches);
  std::vector<std::int32_t> inp(100), out(100), seen(100);
  Arguments args;
  args.array("inp", HostArray::of(inp)).array("out", HostArray::of(out));
  args.array("seen", HostArray::of(seen));
  DispatchShape shape;
  shape.workgroupSize = {64, 1, 1};
  shape.workgroupCount = {2, 1, 1};
  DeviceLimits limits;
  limits.maxStorageBufferRange = 1u << 20;
  const GridSyncPlan p = planGridSync(e, BoundArguments::bind(e, args), shape, limits);
  CHECK(p.dynamic);
  CHECK(p.dispatches == 0);
  CHECK(p.invocations == 128);
  CHECK(p.words == 5 * 128 + 1);
  CHECK(p.bytes == 4 * p.words);
  CHECK(p.flagOffset == 4 * 5 * 128);
  CHECK(p.fillBytes == 4 * 128);
  // The batches: 1, 2, 4, ... 4096, 4096, ...
  CHECK(gridSyncBatchSize(0) == 1);
  CHECK(gridSyncBatchSize(3) == 8);
  CHECK(gridSyncBatchSize(12) == 4096);
  CHECK(gridSyncBatchSize(13) == 4096);
  CHECK(gridSyncBatchSize(1000) == 4096);
  CHECK(dynamicDispatches(0) == 1);
  CHECK(dynamicDispatches(6) == 7);
  CHECK(dynamicDispatches(7) == 15);
  CHECK(dynamicDispatches(5000) == 8191);
  // null is accepted for dispatches only: a missing field stays an error.
  json j = json::parse(readFile(sourcePath("gridsync_dynamic.json")));
  j["entry_points"][0]["grid_sync"].erase("dispatches");
  CHECK_THROWS_WITH(Manifest::parse(j.dump(), "d.json"),
                    Catch::Contains("grid_sync: missing field 'dispatches'"));
}

TEST_CASE("grid_sync dynamic launches on host arrays run until every invocation finished",
          "[grid-sync]") {
  Module module(sharedDevice(), shaderPath("gridsync_dynamic.spv"),
                sourcePath("gridsync_dynamic.json"));
  Kernel kernel = module.kernel();
  const std::size_t n = 192; // 3 workgroups of 64
  auto check = [&](const std::vector<std::int32_t> &inp, std::int64_t longest) {
    for (int again = 0; again < 2; ++again) { // the state restarts in every launch
      const DynamicRun r = runDynamic(kernel, inp, LaunchConfig::grid(n));
      CHECK(dynamicCorrect(r, inp, n));
      CHECK(r.result.dispatches == dynamicDispatches(longest));
    }
  };
  // No invocation reaches a barrier: one dispatch.
  check(dynamicInput(n, [](std::size_t) { return 0; }), 0);
  // The natural (i * 7 % 13) phases: 13 dispatches needed, batches 1+2+4+8.
  check(std::vector<std::int32_t>(n, 0), 12);
  // Finishing in the last dispatch of a batch (7 = 1 + 2 + 4), and one after it.
  check(dynamicInput(n, [](std::size_t i) { return i == 100 ? 6 : std::int32_t(i % 5); }), 6);
  check(dynamicInput(n, [](std::size_t i) { return i == 191 ? 7 : std::int32_t(i % 3); }), 7);
  // 5000 phases for a few invocations (one in each workgroup), few for the others:
  // 5001 dispatches needed, 8191 run (batches up to 4096).
  check(dynamicInput(n, [](std::size_t i) { return i % 64 == 10 ? 5000 : std::int32_t(i % 4); }),
        5000);
  // Other workgroup sizes and a grid larger than the arrays.
  const std::vector<std::int32_t> inp = dynamicInput(90, [](std::size_t i) { return std::int32_t(i % 9); });
  const DynamicRun r = runDynamic(kernel, inp, LaunchConfig::groups(3).withWorkgroupSize(32));
  CHECK(dynamicCorrect(r, inp, 96));
  CHECK(r.result.dispatches == dynamicDispatches(8));
}

TEST_CASE("grid_sync dynamic launches stop at the dispatch cap with an error", "[grid-sync]") {
  Module module(sharedDevice(), shaderPath("gridsync_dynamic.spv"),
                sourcePath("gridsync_dynamic.json"));
  Kernel kernel = module.kernel();
  CHECK(detail::gridSyncDispatchCap() == std::uint64_t(1) << 31);
  struct Restore {
    ~Restore() { detail::gridSyncDispatchCap() = std::uint64_t(1) << 31; }
  } restore;
  detail::gridSyncDispatchCap() = 20; // batches 1, 2, 4, 8, then 5
  std::vector<std::int32_t> inp = dynamicInput(64, [](std::size_t i) { return i == 3 ? 20 : 1; });
  CHECK_THROWS_WITH(runDynamic(kernel, inp, LaunchConfig::grid(64)),
                    Catch::StartsWith("kernel 'gridsync_dynamic': an invocation still waits at a "
                                      "grid barrier after 20 dispatches"));
  // 19 phases need exactly 20 dispatches: within the cap.
  std::vector<std::int32_t> fits = dynamicInput(64, [](std::size_t i) { return i == 3 ? 19 : 1; });
  DynamicRun r = runDynamic(kernel, fits, LaunchConfig::grid(64));
  CHECK(dynamicCorrect(r, fits, 64));
  CHECK(r.result.dispatches == 20);
  // On a stream: the launch reports it; the stream goes on.
  Device &device = sharedDevice();
  DeviceArray din(device, DType::Int32, {64}), dout(device, DType::Int32, {64}),
      dseen(device, DType::Int32, {64});
  din.copyFromHost(HostArray::of(inp));
  CHECK_THROWS_WITH(kernel.launch(DeviceArguments().array("inp", din).array("out", dout).array(
                                      "seen", dseen),
                                  LaunchConfig::grid(64)),
                    Catch::Contains("still waits at a grid barrier after 20 dispatches"));
  din.copyFromHost(HostArray::of(fits));
  CHECK(kernel.launch(DeviceArguments().array("inp", din).array("out", dout).array("seen", dseen),
                      LaunchConfig::grid(64))
            .dispatches == 20);
  CHECK(dout.toVector<std::int32_t>().at(3) == 19);
}

TEST_CASE("grid_sync dynamic launches on device arrays and streams; chains refuse them",
          "[grid-sync]") {
  Device &device = sharedDevice();
  Module module(device, shaderPath("gridsync_dynamic.spv"), sourcePath("gridsync_dynamic.json"));
  Kernel kernel = module.kernel();
  Module countModule(device, shaderPath("gridsync_count.spv"), sourcePath("gridsync_count.json"));
  Kernel count = countModule.kernel();
  const std::size_t n = 256;
  DeviceArray din(device, DType::Int32, {n}), dout(device, DType::Int32, {n}),
      dseen(device, DType::Int32, {n}), other(device, DType::Int32, {128});
  auto args = [&] { return DeviceArguments().array("inp", din).array("out", dout).array("seen", dseen); };
  Stream stream(device);
  for (std::int64_t longest : {0, 7, 300, 5000}) {
    INFO("longest " << longest);
    std::vector<std::int32_t> inp = dynamicInput(n, [&](std::size_t i) {
      const auto k = static_cast<std::int64_t>(i % 6);
      return std::int32_t(i == 77 ? longest : k < longest ? k : 0);
    });
    stream.copyToDevice(HostArray::of(inp), din);
    // A static grid-sync launch before and after it in the same stream.
    count.launch(DeviceArguments().array("out", other).scalar("n", 3), LaunchConfig::grid(128),
                 stream);
    const LaunchResult r = kernel.launch(args(), LaunchConfig::grid(n), stream);
    CHECK(r.dispatches == dynamicDispatches(longest));
    count.launch(DeviceArguments().array("out", other).scalar("n", 4), LaunchConfig::grid(128),
                 stream);
    stream.synchronize();
    DynamicRun got{dout.toVector<std::int32_t>(), dseen.toVector<std::int32_t>(), r};
    CHECK(dynamicCorrect(got, inp, n));
    CHECK(allEqual(other.toVector<std::int32_t>(), 4));
  }
  // A Chain records its launches ahead: refused, naming the kernel.
  Chain chain(device);
  CHECK_THROWS_WITH(chain.launch(kernel, args(), LaunchConfig::grid(n)),
                    Catch::StartsWith("kernel 'gridsync_dynamic' synchronises its grid a number "
                                      "of times known only as it runs"));
  CHECK(chain.size() == 0);
}

TEST_CASE("nvc-run launches dynamic grid_sync kernels", "[grid-sync]") {
  const std::string spv = shaderPath("gridsync_dynamic.spv");
  const std::string outPath = workPath("gridsync_dynamic_out.npy");
  const std::string manifest = quote(sourcePath("gridsync_dynamic.json"));
  // inp zeros: invocation i runs i * 7 % 13 phases, at most 12: 13 dispatches needed, 15 run.
  CommandResult r = runCommand(quote(nvcRunPath()) + " " + quote(spv) + " --manifest " +
                               manifest + " --grid 128 inp=zeros:128 out=zeros:128 "
                               "seen=zeros:128 -v --out out=" + quote(outPath));
  INFO(r.output);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::Contains("dispatches: 15 (grid_sync: null, dispatched in batches "
                                       "until no invocation waits; 5 words of state per "
                                       "invocation, 128 invocations)"));
  NpyArray a = readNpy(outPath);
  std::vector<std::int32_t> v(a.bytes.size() / 4);
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  REQUIRE(v.size() == 128);
  for (std::size_t i = 0; i < v.size(); ++i)
    CHECK(v[i] == std::int32_t(i * 7 % 13));
  // --time records ahead (a Chain): refused; --autotune runs it on streams.
  r = runCommand(quote(nvcRunPath()) + " " + quote(spv) + " --manifest " + manifest +
                 " --grid 128 inp=zeros:128 out=zeros:128 seen=zeros:128 --time 3");
  INFO(r.output);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::Contains("--time: kernel 'gridsync_dynamic' synchronises its grid "
                                       "a number of times known only as it runs"));
  {
    ScopedEnv noCache("NVC_AUTOTUNE_CACHE", "0");
    r = runCommand(quote(nvcRunPath()) + " " + quote(spv) + " --manifest " + manifest +
                   " --grid 128 inp=zeros:128 out=zeros:128 seen=zeros:128 --autotune --out out=" +
                   quote(outPath));
  }
  INFO(r.output);
  CHECK(r.exitCode == 0);
  a = readNpy(outPath);
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    CHECK(v[i] == std::int32_t(i * 7 % 13));
}
