// Tests of the nvc-run executable, run as a child process: a successful saxpy run
// whose --out files are read back and checked (silent unless --verbose), and exit
// status 1 with a single clear "nvc-run: error:" message for each user mistake —
// missing, extra or repeated arguments, bad dtypes, wrong ndim, malformed .npy files
// and manifests, zero grids, bad sizes, unknown options and no Vulkan driver.
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

struct Files {
  std::string spv = shaderPath("saxpy.spv");
  std::string manifest = sourcePath("saxpy.json");
  std::string x = workPath("cli_x.npy");
  std::string y = workPath("cli_y.npy");
  std::string yOut = workPath("cli_y_out.npy");
  std::string xOut = workPath("cli_x_out.npy");
  std::string i64 = workPath("cli_i64.npy");
  std::string grid2d = workPath("cli_2d.npy");
  std::string garbage = workPath("cli_garbage.npy");
};

/// nvc-run on saxpy.spv with its manifest and `rest` appended.
CommandResult nvcRun(const Files &f, const std::string &rest) {
  return runCommand(quote(nvcRunPath()) + " " + quote(f.spv) + " --manifest " + quote(f.manifest) +
                    " " + rest);
}

std::vector<float> floatsOf(NpyArray &a) {
  REQUIRE(a.dtype == DType::Float32);
  std::vector<float> v(a.bytes.size() / 4);
  std::memcpy(v.data(), a.bytes.data(), a.bytes.size());
  return v;
}

/// Checks a failed run: status 1 and an error line containing `text`.
void checkFails(const CommandResult &r, const std::string &text) {
  INFO(r.output);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.output, Catch::StartsWith("nvc-run: error: ") && Catch::Contains(text));
}

} // namespace

TEST_CASE("nvc-run launches saxpy and writes --out arrays", "[cli]") {
  Files f;
  const std::size_t n = 300;
  std::vector<float> x = randomFloats(n, -3, 3), y = randomFloats(n, -3, 3);
  writeNpy(f.x, HostArray::of(x));
  writeNpy(f.y, HostArray::of(y));
  std::remove(f.yOut.c_str());

  const CommandResult r = nvcRun(f, "--grid " + std::to_string(n) + " a=-1.5 " + "x=@" +
                                        quote(f.x) + " --out y=" + quote(f.yOut) + " y=@" +
                                        quote(f.y) + " --out x=" + quote(f.xOut));
  INFO(r.output);
  REQUIRE(r.exitCode == 0);
  CHECK(r.output.empty()); // silent on success
  NpyArray out = readNpy(f.yOut);
  const std::vector<float> got = floatsOf(out);
  REQUIRE(got.size() == n);
  for (std::size_t i = 0; i < n; ++i)
    REQUIRE(got[i] == Approx(-1.5f * x[i] + y[i]).epsilon(1e-6));
  NpyArray xOut = readNpy(f.xOut); // read-only arrays can be written out too
  CHECK(floatsOf(xOut) == x);
  NpyArray yIn = readNpy(f.y); // the input file itself is not modified
  CHECK(floatsOf(yIn) == y);

  const CommandResult verbose = nvcRun(f, "--groups 3 --local-size 100 --device 0 -v a=1 x=@" +
                                              quote(f.x) + " y=@" + quote(f.y));
  INFO(verbose.output);
  CHECK(verbose.exitCode == 0);
  CHECK_THAT(verbose.output, Catch::Contains("device: ") &&
                                 Catch::Contains("workgroups (groups): 3x1x1") &&
                                 Catch::Contains("workgroup size (local size): 100x1x1"));
}

TEST_CASE("nvc-run creates zero-filled arrays: zeros:SHAPE and like:OTHER", "[cli]") {
  Files f;
  const std::size_t n = 200;
  std::vector<float> x = randomFloats(n, -3, 3);
  writeNpy(f.x, HostArray::of(x));
  std::remove(f.yOut.c_str());
  // y = a*x + 0: the created y is zero-filled, float32 as the manifest types it.
  for (const std::string &y : {std::string("y=zeros:") + std::to_string(n), std::string("y=like:x")}) {
    const CommandResult r = nvcRun(f, "--grid " + std::to_string(n) + " a=2 x=@" + quote(f.x) +
                                          " " + y + " --out y=" + quote(f.yOut));
    INFO(r.output);
    REQUIRE(r.exitCode == 0);
    NpyArray out = readNpy(f.yOut);
    CHECK(out.shape == std::vector<std::int64_t>{static_cast<std::int64_t>(n)});
    const std::vector<float> got = floatsOf(out);
    for (std::size_t i = 0; i < n; ++i)
      REQUIRE(got[i] == 2 * x[i]);
  }
  checkFails(nvcRun(f, "--grid 10 a=1 x=@" + quote(f.x) + " y=zeros:10,x"),
             "argument 'y': cannot read 'zeros:10,x' as a shape");
  checkFails(nvcRun(f, "--grid 10 a=1 x=@" + quote(f.x) + " y=like:z"),
             "argument 'y': like:z names no array given as @FILE.npy");
  checkFails(nvcRun(f, "--grid 10 a=zeros:3 x=@" + quote(f.x) + " y=like:x"),
             "entry point 'saxpy' has no array argument 'a'");
  checkFails(nvcRun(f, "--grid 10 a=1 x=@" + quote(f.x) + " y=zeros:10,2"), "");
  checkFails(nvcRun(f, "--grid 10 a=1 x=@" + quote(f.x) + " y=zeros:1000000000000"),
             "more than nvc-run creates (64 GiB)");
}

TEST_CASE("nvc-run informational options", "[cli]") {
  const CommandResult help = runCommand(quote(nvcRunPath()) + " --help");
  CHECK(help.exitCode == 0);
  CHECK_THAT(help.output,
             Catch::Contains("--grid") && Catch::Contains("--out") && Catch::Contains("@FILE.npy"));
  const CommandResult version = runCommand(quote(nvcRunPath()) + " --version");
  CHECK(version.exitCode == 0);
  CHECK_THAT(version.output, Catch::StartsWith("nvc-run "));
  const CommandResult list = runCommand(quote(nvcRunPath()) + " --list-devices");
  CHECK(list.exitCode == 0);
  CHECK_THAT(list.output, Catch::StartsWith("0: ") && Catch::Contains("[default]"));
}

TEST_CASE("nvc-run reports user mistakes with exit status 1", "[cli]") {
  Files f;
  std::vector<float> x = randomFloats(10, -1, 1), y = randomFloats(10, -1, 1);
  std::vector<std::int64_t> ints = randomInts(10, -5, 5);
  std::vector<float> grid(12, 1.0f);
  writeNpy(f.x, HostArray::of(x));
  writeNpy(f.y, HostArray::of(y));
  writeNpy(f.i64, HostArray::of(ints));
  writeNpy(f.grid2d, HostArray::contiguous(grid.data(), DType::Float32, {3, 4}));
  const char garbage[] = "\x93NUMPY\x01\x00\x10\x00{'descr': '<f4',";
  writeFile(f.garbage, std::string(garbage, sizeof garbage - 1));
  const std::string xy = " x=@" + quote(f.x) + " y=@" + quote(f.y);

  checkFails(nvcRun(f, "--grid 10 a=2 x=@" + quote(f.x)),
             "missing argument 'y' (1-d float32 array)");
  checkFails(nvcRun(f, "--grid 10 a=2 b=3" + xy), "unknown argument 'b' for entry point 'saxpy'");
  checkFails(nvcRun(f, "--grid 10 a=2 a=3" + xy), "argument 'a' given more than once");
  checkFails(nvcRun(f, "--grid 10 a=2 x=@" + quote(f.i64) + " y=@" + quote(f.y)),
             "argument 'x': expected a float32 array, got int64");
  checkFails(nvcRun(f, "--grid 10 a=2 x=@" + quote(f.grid2d) + " y=@" + quote(f.y)),
             "argument 'x': expected a 1-d array, got a 2-d array of shape (3, 4)");
  checkFails(nvcRun(f, "--grid 10 a=2 x=@" + quote(f.garbage) + " y=@" + quote(f.y)),
             "malformed .npy header");
  checkFails(nvcRun(f, "--grid 10 a=2 x=@" + quote(f.manifest) + " y=@" + quote(f.y)),
             "not a .npy file");
  checkFails(nvcRun(f, "--grid 10 a=2 x=@" + quote(workPath("absent.npy")) + " y=@" + quote(f.y)),
             "absent.npy: cannot open the file");
  checkFails(nvcRun(f, "--grid 10 a=abc" + xy), "argument 'a': cannot read 'abc' as a value");
  checkFails(nvcRun(f, "--grid 10 a=0x" + xy), "cannot read '0x' as a value");
  checkFails(nvcRun(f, "--grid 10 a=1e999999" + xy),
             "the number 1e999999 is out of the float64 range");
  checkFails(nvcRun(f, "--grid 10 a=1e300" + xy), "out of the float32 range");
  checkFails(nvcRun(f, "--grid 10 a=2 x=3 y=@" + quote(f.y)),
             "argument 'x': expected a 1-d float32 array, got the scalar 3");
  checkFails(nvcRun(f, "--grid 10 a=@" + quote(f.x) + xy),
             "argument 'a': expected a float32 scalar, got an array");
  checkFails(nvcRun(f, "--grid 10 =2" + xy), "an argument must look like NAME=VALUE, got '=2'");
  checkFails(nvcRun(f, "--grid 10 a" + xy), "an argument must look like NAME=VALUE, got 'a'");
  checkFails(nvcRun(f, "--grid 0 a=2" + xy), "the grid is zero along x");
  checkFails(nvcRun(f, "--groups 1,0 a=2" + xy), "the workgroup count is zero along y");
  checkFails(nvcRun(f, "--grid 10,1,1,1 a=2" + xy),
             "--grid expects 1 to 3 comma-separated integers");
  checkFails(nvcRun(f, "--grid -5 a=2" + xy), "");
  checkFails(nvcRun(f, "--grid ten a=2" + xy), "--grid expects");
  checkFails(nvcRun(f, "a=2" + xy), "give exactly one of --grid and --groups");
  checkFails(nvcRun(f, "--grid 10 --groups 1 a=2" + xy), "give exactly one of --grid and --groups");
  checkFails(nvcRun(f, "--grid 10 --local-size 4096 a=2" + xy),
             "workgroup size 4096x1x1 exceeds the device's maxComputeWorkGroupInvocations");
  checkFails(nvcRun(f, "--grid 10 --local-size 0 a=2" + xy),
             "workgroup size 0x1x1 has a zero component");
  checkFails(nvcRun(f, "--grid 10 --entry daxpy a=2" + xy),
             "no entry point 'daxpy' (the module has 'saxpy')");
  checkFails(nvcRun(f, "--grid 10 a=2" + xy + " --out a=" + quote(f.yOut)),
             "'a' is a scalar, not an array");
  checkFails(nvcRun(f, "--grid 10 a=2" + xy + " --out z=" + quote(f.yOut)),
             "entry point 'saxpy' has no argument 'z'");
  checkFails(nvcRun(f, "--grid 10 a=2" + xy + " --out y"), "--out must look like NAME=VALUE");
  checkFails(nvcRun(f, "--grid 10 a=2" + xy + " --out y=" + quote(workPath("no/dir/y.npy"))),
             "cannot create the file");
  checkFails(nvcRun(f, "--grid 10 --device no-such-gpu a=2" + xy),
             "no Vulkan device name contains 'no-such-gpu'");
  checkFails(nvcRun(f, "--grid 10 --device 42 a=2" + xy), "device index 42 is out of range");
  checkFails(nvcRun(f, "--grid 10 --bogus a=2" + xy), "--bogus");
  checkFails(runCommand(quote(nvcRunPath())), "missing the SPIR-V module");
  checkFails(runCommand(quote(nvcRunPath()) + " " + quote(f.manifest) + " --grid 1"),
             "not a SPIR-V module");
  checkFails(
      runCommand(quote(nvcRunPath()) + " " + quote(workPath("absent.spv")) + " --grid 1 a=1"),
      "absent.spv: cannot open the SPIR-V file");
  // The manifest defaults to the .spv path with .json, here absent.
  writeFile(workPath("lonely.spv"), readFile(f.spv));
  checkFails(
      runCommand(quote(nvcRunPath()) + " " + quote(workPath("lonely.spv")) + " --grid 1 a=1"),
      "manifest " + workPath("lonely.json") + ": cannot open the file");

  // A manifest that does not parse.
  writeFile(workPath("broken.json"), "{\"format_version\": 1,");
  checkFails(nvcRun(Files{f.spv, workPath("broken.json")}, "--grid 10 a=2" + xy),
             "broken.json: not valid JSON");

  // No Vulkan driver at all: the loader finds no ICD.
  checkFails(
      runCommand("VK_ICD_FILENAMES=/nonexistent/icd.json VK_DRIVER_FILES=/nonexistent/icd.json " +
                 quote(nvcRunPath()) + " " + quote(f.spv) + " --manifest " + quote(f.manifest) +
                 " --grid 10 a=2" + xy),
      "no Vulkan driver found");
  checkFails(
      runCommand("VK_ICD_FILENAMES=/nonexistent/icd.json VK_DRIVER_FILES=/nonexistent/icd.json " +
                 quote(nvcRunPath()) + " --list-devices"),
      "no Vulkan driver found");
}
