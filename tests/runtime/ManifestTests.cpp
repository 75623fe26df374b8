// Tests of the manifest loader: the hand-written test manifests and the example of
// docs/manifest.md load with the documented meaning; every kind of missing, mistyped
// or inconsistent field is refused with a message naming the file, entry point,
// argument and field.
#include "TestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <vulkan/vulkan.h>

using namespace nvc::rt;
using namespace nvc::rt::test;
using nlohmann::json;

namespace {

json saxpyJson() { return json::parse(readFile(sourcePath("saxpy.json"))); }

/// Parses a mutated manifest and returns the error message ("" if it parsed).
std::string errorOf(const json &j) {
  try {
    (void)Manifest::parse(j.dump(), "kernel.json");
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

json &saxpyEntry(json &j) { return j["entry_points"][0]; }
json &saxpyArg(json &j, int i) { return j["entry_points"][0]["arguments"][i]; }

} // namespace

TEST_CASE("the test manifests load with their documented meaning", "[manifest]") {
  const Manifest m = Manifest::load(sourcePath("saxpy.json"));
  CHECK(m.formatVersion == 1);
  CHECK(m.producer == "nvc 0.1.0");
  CHECK(m.spirvVersion == "1.3");
  CHECK(m.targetEnv == "vulkan1.1");
  CHECK(m.source.file == "saxpy.comp");
  REQUIRE(m.entryPoints.size() == 1);
  const EntryPointDesc &e = m.entryPoint();
  CHECK(&e == &m.entryPoint("saxpy"));
  CHECK(e.workgroupSize == std::array<std::uint32_t, 3>{64, 1, 1});
  CHECK(e.workgroupSizeSpecIds == std::array<std::uint32_t, 3>{0, 1, 2});
  CHECK(e.indexBits == 32);
  CHECK(e.parameterBlock.kind == ParameterBlockKind::PushConstant);
  CHECK(e.parameterBlock.size == 28);
  CHECK_FALSE(e.parameterBlock.binding.has_value());
  REQUIRE(e.arguments.size() == 3);
  const ArgumentDesc &y = *e.findArgument("y");
  CHECK(y.kind == ArgumentKind::Array);
  CHECK(y.access == ArrayAccess::ReadWrite);
  CHECK(y.writes());
  CHECK(y.binding == 1);
  CHECK(y.shapeOffsets == std::vector<std::uint32_t>{16});
  CHECK(y.strideOffsets == std::vector<std::uint32_t>{20});
  CHECK(y.offsetOffset == 24);
  CHECK_FALSE(e.findArgument("x")->writes());
  CHECK(e.findArgument("nope") == nullptr);

  const Manifest u = Manifest::load(sourcePath("daxpy_ubo.json"));
  CHECK(u.entryPoint().parameterBlock.kind == ParameterBlockKind::UniformBuffer);
  CHECK(u.entryPoint().parameterBlock.binding == 2u);
  CHECK(u.entryPoint().indexBits == 64);
  const Manifest c = Manifest::load(sourcePath("count_flags.json"));
  CHECK(c.entryPoint().findArgument("counts")->deviceDType == DType::Int32);
  CHECK(c.entryPoint().findArgument("counts")->dtype == DType::Int64);
  const Manifest s = Manifest::load(sourcePath("scale2d.json"));
  CHECK(s.entryPoint().findArgument("src")->layout == ArrayLayout::A);
}

TEST_CASE("the example manifest of docs/manifest.md is accepted", "[manifest]") {
  const std::string md = readFile(docsPath("manifest.md"));
  const std::size_t start = md.find("```json\n");
  REQUIRE(start != std::string::npos);
  const std::size_t end = md.find("```", start + 8);
  const Manifest m = Manifest::parse(md.substr(start + 8, end - start - 8), "manifest.md");
  CHECK(m.entryPoint("saxpy").arguments.size() == 3);
}

TEST_CASE("missing and mistyped fields are reported with their path", "[manifest]") {
  json j = saxpyJson();
  saxpyArg(j, 2).erase("binding");
  CHECK(errorOf(j) ==
        "manifest kernel.json: entry point 'saxpy': argument 2 ('y'): missing field 'binding'");

  j = saxpyJson();
  j.erase("producer");
  CHECK(errorOf(j) == "manifest kernel.json: missing field 'producer'");

  j = saxpyJson();
  saxpyEntry(j).erase("index_bits");
  CHECK(errorOf(j) == "manifest kernel.json: entry point 'saxpy': missing field 'index_bits'");

  j = saxpyJson();
  saxpyEntry(j)["parameter_block"].erase("binding");
  CHECK(errorOf(j) ==
        "manifest kernel.json: entry point 'saxpy': parameter_block: missing field 'binding'");

  j = saxpyJson();
  saxpyArg(j, 1)["ndim"] = "1";
  CHECK(errorOf(j) == "manifest kernel.json: entry point 'saxpy': argument 1 ('x'): field 'ndim' "
                      "must be a non-negative integer, not string \"1\"");

  j = saxpyJson();
  saxpyArg(j, 1)["binding"] = -1;
  CHECK_THAT(errorOf(j), Catch::Contains("field 'binding' must be a non-negative integer"));

  j = saxpyJson();
  saxpyArg(j, 1)["ndim"] = 1.5;
  CHECK_THAT(errorOf(j), Catch::Contains("field 'ndim' must be a non-negative integer"));

  j = saxpyJson();
  saxpyEntry(j)["capabilities"] = {"Shader", 3};
  CHECK_THAT(errorOf(j), Catch::Contains("capabilities[1] must be a string"));

  j = saxpyJson();
  saxpyEntry(j)["arguments"][0] = "a";
  CHECK_THAT(errorOf(j), Catch::Contains("argument 0: the argument must be an object"));

  j = saxpyJson();
  saxpyArg(j, 0).erase("name");
  CHECK(errorOf(j) ==
        "manifest kernel.json: entry point 'saxpy': argument 0: missing field 'name'");

  j = saxpyJson();
  saxpyEntry(j).erase("name");
  CHECK(errorOf(j) == "manifest kernel.json: entry point 0: missing field 'name'");

  j = saxpyJson();
  j["source"] = "saxpy.py";
  CHECK_THAT(errorOf(j), Catch::Contains("field 'source' must be an object"));

  CHECK_THAT(errorOf(json::array()), Catch::Contains("the top level must be an object"));
  CHECK_THROWS_WITH(Manifest::parse("{ not json", "kernel.json"),
                    Catch::StartsWith("manifest kernel.json: not valid JSON"));
  CHECK_THROWS_WITH(Manifest::load(workPath("missing.json")),
                    Catch::Contains("missing.json: cannot open the file"));
}

TEST_CASE("enumerations and versions are checked", "[manifest]") {
  json j = saxpyJson();
  j["format_version"] = 2;
  CHECK_THAT(errorOf(j), Catch::Contains("format_version 2 is not supported"));

  j = saxpyJson();
  saxpyArg(j, 1)["layout"] = "K";
  CHECK(errorOf(j) == "manifest kernel.json: entry point 'saxpy': argument 1 ('x'): field "
                      "'layout' is 'K', expected one of 'C', 'F', 'A'");

  j = saxpyJson();
  saxpyArg(j, 1)["access"] = "rw";
  CHECK_THAT(errorOf(j), Catch::Contains("field 'access' is 'rw'"));

  j = saxpyJson();
  saxpyArg(j, 0)["kind"] = "tuple";
  CHECK_THAT(errorOf(j),
             Catch::Contains("field 'kind' is 'tuple', expected one of 'scalar', 'array'"));

  j = saxpyJson();
  saxpyArg(j, 0)["dtype"] = "bfloat16";
  CHECK_THAT(errorOf(j), Catch::Contains("field 'dtype' is 'bfloat16', not a supported dtype"));

  j = saxpyJson();
  saxpyArg(j, 0)["device_dtype"] = "float64";
  CHECK_THAT(errorOf(j),
             Catch::Contains("device_dtype 'float64' does not go with dtype 'float32'"));

  j = saxpyJson();
  saxpyEntry(j)["index_bits"] = 16;
  CHECK_THAT(errorOf(j), Catch::Contains("field 'index_bits' is 16, expected 32 or 64"));

  j = saxpyJson();
  saxpyEntry(j)["parameter_block"]["kind"] = "storage_buffer";
  CHECK_THAT(errorOf(j), Catch::Contains("field 'kind' is 'storage_buffer'"));

  j = saxpyJson();
  saxpyEntry(j)["workgroup_size"] = {64, 1};
  CHECK_THAT(errorOf(j), Catch::Contains("workgroup_size must have 3 entries, not 2"));

  j = saxpyJson();
  saxpyEntry(j)["workgroup_size"] = {64, 0, 1};
  CHECK_THAT(errorOf(j), Catch::Contains("workgroup_size[1] is 0"));

  j = saxpyJson();
  saxpyEntry(j)["workgroup_size_spec_ids"] = {0, 1, 1};
  CHECK_THAT(errorOf(j), Catch::Contains("three distinct ids"));

  j = saxpyJson();
  j["entry_points"] = json::array();
  CHECK_THAT(errorOf(j), Catch::Contains("field 'entry_points' is empty"));
}

TEST_CASE("parameter-block layouts are checked", "[manifest]") {
  json j = saxpyJson();
  saxpyArg(j, 1)["stride_offsets"] = {6};
  CHECK_THAT(errorOf(j), Catch::Contains("field strides[0] of 'x' at byte 6 is not aligned to its "
                                         "size (4 bytes)"));

  j = saxpyJson();
  saxpyArg(j, 2)["offset_offset"] = 28;
  CHECK_THAT(errorOf(j), Catch::Contains("offset of 'y' (bytes 28..31) lies outside the 28-byte "
                                         "parameter block"));

  j = saxpyJson();
  saxpyArg(j, 2)["shape_offsets"] = {4};
  CHECK_THAT(errorOf(j), Catch::Contains("shape[0] of 'x' (byte 4) and shape[0] of 'y' (byte 4) "
                                         "overlap"));

  j = saxpyJson();
  saxpyArg(j, 1)["shape_offsets"] = {4, 16};
  CHECK_THAT(errorOf(j), Catch::Contains("shape_offsets has 2 entries but ndim is 1"));

  j = saxpyJson();
  saxpyArg(j, 2)["binding"] = 0;
  CHECK_THAT(errorOf(j), Catch::Contains("binding 0 is already used"));

  j = saxpyJson();
  saxpyArg(j, 2)["name"] = "x";
  CHECK_THAT(errorOf(j), Catch::Contains("the name 'x' is used by an earlier argument"));

  j = saxpyJson();
  saxpyEntry(j)["parameter_block"]["size"] = 132;
  CHECK_THAT(errorOf(j), Catch::Contains("a push_constant block must not exceed 128 bytes"));

  j = saxpyJson();
  saxpyEntry(j)["parameter_block"]["binding"] = 3;
  CHECK_THAT(errorOf(j), Catch::Contains("field 'binding' must be null for a push_constant block"));

  j = saxpyJson();
  saxpyEntry(j)["parameter_block"]["kind"] = "uniform_buffer";
  CHECK_THAT(errorOf(j),
             Catch::Contains("field 'binding' must be an integer for a uniform_buffer"));

  j = saxpyJson();
  saxpyEntry(j)["parameter_block"] = {{"kind", "uniform_buffer"}, {"size", 28}, {"binding", 1}};
  CHECK_THAT(errorOf(j), Catch::Contains("binding 1 is already used by another array or the "
                                         "parameter block"));

  j = saxpyJson();
  saxpyEntry(j)["parameter_block"] = {{"kind", "none"}, {"size", 0}, {"binding", nullptr}};
  CHECK_THAT(errorOf(j), Catch::Contains("lies outside the 0-byte parameter block"));

  j = saxpyJson();
  saxpyArg(j, 0)["dtype"] = "float64";
  saxpyArg(j, 0)["device_dtype"] = "float64";
  CHECK_THAT(errorOf(j),
             Catch::Contains("scalar 'a' (bytes 0..7) lies outside") ||
                 Catch::Contains("scalar 'a' (byte 0) and shape[0] of 'x' (byte 4) overlap"));
}

TEST_CASE("entry points are chosen by name", "[manifest]") {
  json j = saxpyJson();
  json second = saxpyEntry(j);
  second["name"] = "saxpy__1";
  j["entry_points"].push_back(second);
  const Manifest m = Manifest::parse(j.dump(), "two.json");
  CHECK(m.entryPoint("saxpy__1").name == "saxpy__1");
  CHECK_THROWS_WITH(m.entryPoint(), "manifest two.json: the module has 2 entry points ('saxpy', "
                                    "'saxpy__1'); choose one by name");
  CHECK_THROWS_WITH(
      m.entryPoint("daxpy"),
      "manifest two.json: no entry point 'daxpy' (the module has 'saxpy', 'saxpy__1')");
  j["entry_points"][1]["name"] = "saxpy";
  CHECK_THAT(errorOf(j), Catch::Contains("entry point 'saxpy' is listed twice"));
}

TEST_CASE("the default manifest path replaces the extension", "[manifest]") {
  CHECK(defaultManifestPath("out/kernel.spv") == "out/kernel.json");
  CHECK(defaultManifestPath("kernel.spv") == "kernel.json");
  CHECK(defaultManifestPath("kernel") == "kernel.json");
  CHECK(defaultManifestPath("dir.d/kernel") == "dir.d/kernel.json");
  CHECK(defaultManifestPath("a/.hidden") == "a/.hidden.json");
}

TEST_CASE("the first variant the device can run is chosen", "[manifest]") {
  // nvc's order for float32 atomic adds in float32 kernels: both, then each.
  json j = saxpyJson();
  auto variant = [](const char *name, std::vector<std::string> caps,
                    std::vector<std::string> exts) {
    return json{{"name", name}, {"spirv_version", "1.3"}, {"capabilities", caps},
                {"extensions", exts}};
  };
  j["variants"] = json::array(
      {variant("atomic-float-add-denorm-preserve",
               {"Shader", "AtomicFloat32AddEXT", "DenormPreserve"},
               {"SPV_EXT_shader_atomic_float_add", "SPV_KHR_float_controls"}),
       variant("atomic-float-add", {"Shader", "AtomicFloat32AddEXT"},
               {"SPV_EXT_shader_atomic_float_add"}),
       variant("denorm-preserve", {"Shader", "DenormPreserve"}, {"SPV_KHR_float_controls"})});
  const Manifest m = Manifest::parse(j.dump(), "kernel.json");
  REQUIRE(m.variants.size() == 3);

  DeviceFeatures plain;
  plain.apiVersion = VK_API_VERSION_1_2;
  CHECK(chooseVariant(m, plain) == nullptr);
  DeviceFeatures atomics = plain; // lavapipe
  atomics.shaderBufferFloat32AtomicAdd = true;
  atomics.extensions = {"VK_EXT_shader_atomic_float"};
  CHECK(chooseVariant(m, atomics) == &m.variants[1]);
  DeviceFeatures denorm = plain;
  denorm.shaderDenormPreserveFloat32 = true;
  CHECK(chooseVariant(m, denorm) == &m.variants[2]);
  DeviceFeatures both = atomics; // NVIDIA
  both.shaderDenormPreserveFloat32 = true;
  CHECK(chooseVariant(m, both) == &m.variants[0]);
}

TEST_CASE("variants are parsed and chosen by the device's features", "[manifest]") {
  json j = saxpyJson();
  j["variants"] = json::array({{{"name", "atomic-float-add"},
                                {"spirv_version", "1.3"},
                                {"capabilities", {"Shader", "AtomicFloat32AddEXT"}},
                                {"extensions", {"SPV_EXT_shader_atomic_float_add"}}}});
  const Manifest m = Manifest::parse(j.dump(), "kernel.json");
  REQUIRE(m.variants.size() == 1);
  CHECK(m.variants[0].name == "atomic-float-add");
  CHECK(m.variants[0].capabilities == std::vector<std::string>{"Shader", "AtomicFloat32AddEXT"});

  DeviceFeatures without;
  without.apiVersion = VK_API_VERSION_1_1;
  CHECK(chooseVariant(m, without) == nullptr);
  DeviceFeatures with = without;
  with.shaderBufferFloat32AtomicAdd = true;
  with.extensions = {"VK_EXT_shader_atomic_float"};
  CHECK(chooseVariant(m, with) == &m.variants[0]);
  CHECK(variantPath("out/k.spv", "atomic-float-add") == "out/k.atomic-float-add.spv");

  j["variants"][0]["name"] = "../x";
  CHECK(errorOf(j) == "manifest kernel.json: variant 0: variant name '../x' must be a non-empty "
                      "file-name part without '/', '\\' or '.'");
  j["variants"][0].erase("capabilities");
  j["variants"][0]["name"] = "v";
  CHECK(errorOf(j) == "manifest kernel.json: variant 0: missing field 'capabilities'");
}

TEST_CASE("thread coarsening fields are parsed and checked", "[manifest]") {
  json j = saxpyJson();
  Manifest m = Manifest::parse(j.dump(), "kernel.json");
  CHECK(m.entryPoints[0].coarsen == 1); // absent: 1
  CHECK_FALSE(m.entryPoints[0].originalGridOffset);

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 4;
  saxpyEntry(j)["original_grid_offset"] = 28;
  saxpyEntry(j)["parameter_block"]["size"] = 32;
  m = Manifest::parse(j.dump(), "kernel.json");
  CHECK(m.entryPoints[0].coarsen == 4);
  CHECK(m.entryPoints[0].originalGridOffset == 28u);

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 1;
  saxpyEntry(j)["original_grid_offset"] = nullptr;
  CHECK(errorOf(j).empty());

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 0;
  CHECK_THAT(errorOf(j), Catch::Contains("field 'coarsen' must be at least 1"));

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 4;
  CHECK_THAT(errorOf(j), Catch::Contains("'original_grid_offset' must be given exactly when "
                                         "'coarsen' is above 1"));

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 2;
  saxpyEntry(j)["original_grid_offset"] = 28; // the block has 28 bytes
  CHECK_THAT(errorOf(j), Catch::Contains("original_grid_offset (bytes 28..31) lies outside the "
                                         "28-byte parameter block"));

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 2;
  saxpyEntry(j)["original_grid_offset"] = 24;
  CHECK_THAT(errorOf(j), Catch::Contains("overlap"));

  // Along y (the coarsening of barrier kernels): its own hidden field.
  j = saxpyJson();
  m = Manifest::parse(j.dump(), "kernel.json");
  CHECK(m.entryPoints[0].coarsenY == 1); // absent: 1
  CHECK_FALSE(m.entryPoints[0].originalGridOffsetY);

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 4;
  saxpyEntry(j)["original_grid_offset"] = 28;
  saxpyEntry(j)["coarsen_y"] = 2;
  saxpyEntry(j)["original_grid_offset_y"] = 32;
  saxpyEntry(j)["parameter_block"]["size"] = 36;
  m = Manifest::parse(j.dump(), "kernel.json");
  CHECK(m.entryPoints[0].coarsenY == 2);
  CHECK(m.entryPoints[0].originalGridOffsetY == 32u);

  j = saxpyJson();
  saxpyEntry(j)["coarsen_y"] = 0;
  CHECK_THAT(errorOf(j), Catch::Contains("field 'coarsen_y' must be at least 1"));

  j = saxpyJson();
  saxpyEntry(j)["coarsen_y"] = 4;
  CHECK_THAT(errorOf(j), Catch::Contains("'original_grid_offset_y' must be given exactly when "
                                         "'coarsen_y' is above 1"));

  j = saxpyJson();
  saxpyEntry(j)["coarsen_y"] = 2;
  saxpyEntry(j)["original_grid_offset_y"] = 28;
  CHECK_THAT(errorOf(j), Catch::Contains("original_grid_offset_y (bytes 28..31) lies outside "
                                         "the 28-byte parameter block"));

  j = saxpyJson();
  saxpyEntry(j)["coarsen"] = 2;
  saxpyEntry(j)["original_grid_offset"] = 28;
  saxpyEntry(j)["coarsen_y"] = 2;
  saxpyEntry(j)["original_grid_offset_y"] = 28;
  saxpyEntry(j)["parameter_block"]["size"] = 32;
  CHECK_THAT(errorOf(j), Catch::Contains("overlap"));
}

TEST_CASE("the largest workgroup size is parsed and checked", "[manifest]") {
  json j = saxpyJson();
  Manifest m = Manifest::parse(j.dump(), "kernel.json");
  CHECK(m.entryPoints[0].maxWorkgroupSize == std::array<std::uint32_t, 3>{0, 0, 0}); // absent

  j = saxpyJson();
  saxpyEntry(j)["max_workgroup_size"] = nullptr;
  CHECK(errorOf(j).empty());

  j = saxpyJson();
  saxpyEntry(j)["max_workgroup_size"] = {{"size", {128, nullptr, 4}},
                                         {"reasons", {"shared array 'sm'", nullptr, "tile"}}};
  m = Manifest::parse(j.dump(), "kernel.json");
  CHECK(m.entryPoints[0].maxWorkgroupSize == std::array<std::uint32_t, 3>{128, 0, 4});
  CHECK(m.entryPoints[0].maxWorkgroupSizeReasons[0] == "shared array 'sm'");
  CHECK(m.entryPoints[0].maxWorkgroupSizeReasons[2] == "tile");

  j = saxpyJson();
  saxpyEntry(j)["max_workgroup_size"] = {{"size", {0, nullptr, nullptr}},
                                         {"reasons", {"x", nullptr, nullptr}}};
  CHECK_THAT(errorOf(j), Catch::Contains("size[0] is 0"));

  j = saxpyJson();
  saxpyEntry(j)["max_workgroup_size"] = {{"size", {128, nullptr, nullptr}},
                                         {"reasons", {nullptr, nullptr, nullptr}}};
  CHECK_THAT(errorOf(j), Catch::Contains("reasons[0] must be a string"));

  j = saxpyJson();
  saxpyEntry(j)["max_workgroup_size"] = {{"size", {128}}, {"reasons", {"x"}}};
  CHECK_THAT(errorOf(j), Catch::Contains("arrays of 3 entries"));
}
