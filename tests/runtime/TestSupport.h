// Shared helpers of the runtime-stub tests: locations of the test sources, compiled
// test kernels and a scratch directory; a seeded random generator; the lavapipe Device
// shared by the launch tests; reading text files; and running nvc-run as a child
// process to capture its exit status and output.
#pragma once

#include "nvc/Runtime.h"

#include <random>
#include <string>
#include <vector>

namespace nvc::rt::test {

/// tests/runtime/ in the source tree (GLSL sources, manifests, .npy fixtures).
std::string sourcePath(const std::string &name);
/// The compiled test kernels (build tree), e.g. shaderPath("saxpy.spv").
std::string shaderPath(const std::string &name);
/// A scratch file in the build tree.
std::string workPath(const std::string &name);
/// docs/ in the source tree.
std::string docsPath(const std::string &name);

/// The whole content of a text or binary file. Fails the test if unreadable.
std::string readFile(const std::string &path);
void writeFile(const std::string &path, const std::string &bytes);

/// One generator with a fixed seed for the whole program, so runs reproduce.
std::mt19937_64 &rng();
/// Uniformly distributed values in [lo, hi).
std::vector<float> randomFloats(std::size_t n, float lo, float hi);
std::vector<double> randomDoubles(std::size_t n, double lo, double hi);
std::vector<std::int64_t> randomInts(std::size_t n, std::int64_t lo, std::int64_t hi);

/// The default Vulkan device (lavapipe on the CI machine), opened once.
Device &sharedDevice();

/// Result of running a command through /bin/sh.
struct CommandResult {
  int exitCode = -1;
  std::string output; ///< stdout and stderr together
};
/// Runs `command` with sh -c, stdout and stderr merged.
CommandResult runCommand(const std::string &command);
/// Shell-quotes one argument.
std::string quote(const std::string &arg);
/// The path of the nvc-run executable under test.
std::string nvcRunPath();

/// Sets (or, with nullptr, unsets) an environment variable for one scope, restoring
/// its old value after.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value);
  ~ScopedEnv();
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  const char *name_;
  std::string old_;
  bool hadOld_ = false;
};

} // namespace nvc::rt::test
