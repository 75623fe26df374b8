// Implementation of the shared test helpers (paths from compile definitions set by
// runtime-stub/CMakeLists.txt, random data, the shared Device, child processes).
#include "TestSupport.h"

#include <cstdlib>
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <sys/wait.h>

namespace nvc::rt::test {

std::string sourcePath(const std::string &name) {
  return std::string(NVC_TEST_SOURCE_DIR) + "/" + name;
}
std::string shaderPath(const std::string &name) {
  return std::string(NVC_TEST_SHADER_DIR) + "/" + name;
}
std::string workPath(const std::string &name) {
  return std::string(NVC_TEST_WORK_DIR) + "/" + name;
}
std::string docsPath(const std::string &name) {
  return std::string(NVC_TEST_SOURCE_DIR) + "/../../docs/" + name;
}
std::string nvcRunPath() { return NVC_RUN_PATH; }

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path);
  REQUIRE(in.good());
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  INFO("writing " << path);
  REQUIRE(out.good());
}

std::mt19937_64 &rng() {
  static std::mt19937_64 generator(20240611);
  return generator;
}

std::vector<float> randomFloats(std::size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(rng());
  return v;
}

std::vector<double> randomDoubles(std::size_t n, double lo, double hi) {
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<double> v(n);
  for (double &x : v)
    x = d(rng());
  return v;
}

std::vector<std::int64_t> randomInts(std::size_t n, std::int64_t lo, std::int64_t hi) {
  std::uniform_int_distribution<std::int64_t> d(lo, hi - 1);
  std::vector<std::int64_t> v(n);
  for (std::int64_t &x : v)
    x = d(rng());
  return v;
}

Device &sharedDevice() {
  static Device device;
  return device;
}

std::string quote(const std::string &arg) {
  std::string q = "'";
  for (char c : arg)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CommandResult runCommand(const std::string &command) {
  CommandResult r;
  FILE *pipe = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

ScopedEnv::ScopedEnv(const char *name, const char *value) : name_(name) {
  if (const char *old = std::getenv(name)) {
    old_ = old;
    hadOld_ = true;
  }
  if (value)
    setenv(name, value, 1);
  else
    unsetenv(name);
}

ScopedEnv::~ScopedEnv() {
  if (hadOld_)
    setenv(name_, old_.c_str(), 1);
  else
    unsetenv(name_);
}

} // namespace nvc::rt::test
