// Tests of what launchers report from kernels (docs/manifest.md "Errors and printing"):
// the values kernels print formatted as Python's print formats them (the expected
// texts are Python's own: repr(float), repr(numpy.float32), repr(complex)), every
// float printed reading back as the same value, and the manifest's error and print
// tables loaded and checked. Launches that raise and print run in the e2e suite
// (tests/e2e/kernels/errors_print.py), compiled by nvc.
#include "TestSupport.h"

#include "PrintFormat.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nvc::rt::detail::formatComplex;
using nvc::rt::detail::formatFloat;
using nlohmann::json;

TEST_CASE("floats print as Python's repr", "[report]") {
  const double inf = std::numeric_limits<double>::infinity();
  // Python: repr(x) for each.
  const std::pair<double, const char *> doubles[] = {
      {0.1, "0.1"},           {34.75, "34.75"},          {1.0, "1.0"},
      {-0.0, "-0.0"},         {0.0, "0.0"},              {1e16, "1e+16"},
      {1e15, "1000000000000000.0"}, {1e-5, "1e-05"},     {1e-4, "0.0001"},
      {123456789.0, "123456789.0"}, {5e-324, "5e-324"},  {1.7976931348623157e308, "1.7976931348623157e+308"},
      {inf, "inf"},           {-inf, "-inf"},            {std::nan(""), "nan"},
      {-2.5e-7, "-2.5e-07"},  {9007199254740993.0, "9007199254740992.0"}, {0.3, "0.3"},
  };
  for (auto [v, text] : doubles)
    CHECK(formatFloat(v, false) == text);
  // NumPy's repr of numpy.float32 values (the shortest float32 digits), laid out
  // as Python's repr.
  const std::pair<float, const char *> floats[] = {
      {0.1f, "0.1"},        {34.75f, "34.75"},         {3.4028235e38f, "3.4028235e+38"},
      {1e-45f, "1e-45"},    {123456789.0f, "123456790.0"}, {1e16f, "1e+16"},
      {-0.0f, "-0.0"},      {0.9375f, "0.9375"},
  };
  for (auto [v, text] : floats)
    CHECK(formatFloat(v, true) == text);
}

TEST_CASE("complex numbers print as Python's repr", "[report]") {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  CHECK(formatComplex(1, 2, false) == "(1+2j)");
  CHECK(formatComplex(0, 2, false) == "2j");
  CHECK(formatComplex(-0.0, 2, false) == "(-0+2j)");
  CHECK(formatComplex(0, -0.0, false) == "-0j");
  CHECK(formatComplex(nan, inf, false) == "(nan+infj)");
  CHECK(formatComplex(1, -inf, false) == "(1-infj)");
  CHECK(formatComplex(1.5, -0.25, false) == "(1.5-0.25j)");
  CHECK(formatComplex(1e20, 1e-5, false) == "(1e+20+1e-05j)");
  CHECK(formatComplex(0.1f, 0.2f, true) == "(0.1+0.2j)");
}

TEST_CASE("printed floats read back as the same value", "[report]") {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d))
      continue;
    const std::string text = formatFloat(d, false);
    INFO(text);
    REQUIRE(std::strtod(text.c_str(), nullptr) == d);
    std::uint32_t bits32 = static_cast<std::uint32_t>(bits);
    float f;
    std::memcpy(&f, &bits32, sizeof f);
    if (!std::isfinite(f))
      continue;
    const std::string text32 = formatFloat(f, true);
    INFO(text32);
    REQUIRE(std::strtof(text32.c_str(), nullptr) == f);
  }
}

namespace {

json withReportBuffers() {
  json j = json::parse(readFile(sourcePath("saxpy.json")));
  json &e = j["entry_points"][0];
  e["error_buffer"] = {{"binding", 2},
                       {"words", 8},
                       {"errors",
                        {{{"id", 1},
                          {"type", "IndexError"},
                          {"message", "index {0} is out of bounds for axis 0 with size {1}"},
                          {"arguments", 2},
                          {"function", "saxpy"},
                          {"file", "saxpy.py"},
                          {"line", 9},
                          {"column", 5}}}}};
  e["print_buffer"] = {
      {"binding", 3},
      {"header_words", 4},
      {"records",
       {{{"id", 1},
         {"function", "saxpy"},
         {"file", "saxpy.py"},
         {"line", 10},
         {"column", 5},
         {"pieces", {{{"text", "x = "}}, {{"dtype", "float64"}}, {{"dtype", "complex128"}}}}}}}};
  return j;
}

std::string errorOf(const json &j) {
  try {
    (void)Manifest::parse(j.dump(), "kernel.json");
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("the manifest's error and print tables load and are checked", "[report]") {
  const Manifest m = Manifest::parse(withReportBuffers().dump(), "kernel.json");
  const EntryPointDesc &e = m.entryPoints.front();
  REQUIRE(e.errorBuffer);
  CHECK(e.errorBuffer->binding == 2);
  CHECK(e.errorBuffer->errors.at(0).type == "IndexError");
  CHECK(e.errorBuffer->errors.at(0).arguments == 2);
  REQUIRE(e.printBuffer);
  CHECK(e.printBuffer->binding == 3);
  // id, one float64 (2 words), one complex128 (4 words)
  CHECK(e.printBuffer->records.at(0).words() == 7);

  json j = withReportBuffers();
  j["entry_points"][0]["error_buffer"]["binding"] = 1;
  CHECK_THAT(errorOf(j), Catch::Contains("binding 1 is already used"));
  j = withReportBuffers();
  j["entry_points"][0]["print_buffer"]["records"][0]["id"] = 2;
  CHECK_THAT(errorOf(j), Catch::Contains("field 'id' must be 1"));
  j = withReportBuffers();
  j["entry_points"][0]["error_buffer"]["errors"][0]["arguments"] = 3;
  CHECK_THAT(errorOf(j), Catch::Contains("expected 0, 1 or 2"));
  j = withReportBuffers();
  j["entry_points"][0]["print_buffer"]["records"][0]["pieces"][1]["dtype"] = "bfloat16";
  CHECK_THAT(errorOf(j), Catch::Contains("not a supported dtype"));
  j = withReportBuffers();
  j["entry_points"][0]["error_buffer"] = nullptr;
  j["entry_points"][0]["print_buffer"] = nullptr;
  CHECK(errorOf(j).empty());
}

TEST_CASE("KernelError reports as numba-vulkan does", "[report]") {
  KernelError e("ValueError", "log of a non-positive number", "kernel", "checked_log",
                "example.py", 4, 9, {5, 0, 0});
  CHECK(std::string(e.what()) == "ValueError: log of a non-positive number\n"
                                 "raised in Vulkan kernel 'kernel', in checked_log at "
                                 "example.py:4 (global id (5, 0, 0))");
  KernelError bare("MyError", "", "k", "k", "f.py", 2, 1, {0, 1, 2});
  CHECK(std::string(bare.what()).rfind("MyError\n", 0) == 0);
  CHECK(bare.globalId()[2] == 2);
}
