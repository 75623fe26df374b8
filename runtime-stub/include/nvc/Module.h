// Module: a SPIR-V binary (`kernel.spv`) together with its binding manifest
// (`kernel.json`), checked against each other (magic number, SPIR-V version, every
// manifest entry point present as a GLCompute OpEntryPoint) and turned into a
// VkShaderModule on a Device. Kernels (one per entry point) are made from it.
#pragma once

#include "nvc/Device.h"
#include "nvc/EmbeddedModule.h"
#include "nvc/Kernel.h"
#include "nvc/Manifest.h"
#include "nvc/Ufunc.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace nvc::rt {

/// Reads a SPIR-V binary as 32-bit words. Throws Error if the file cannot be read,
/// its size is not a positive multiple of 4, or it does not start with the SPIR-V
/// magic number 0x07230203.
std::vector<std::uint32_t> readSpirv(const std::string &path);

/// What the runtime reads from a SPIR-V binary's header and preamble.
struct SpirvInfo {
  std::string version; ///< "major.minor"
  std::vector<std::string> glComputeEntryPoints;
  std::vector<std::string> capabilities; ///< OpCapability names (numbers for unknown ones)
  std::vector<std::string> extensions;   ///< OpExtension names
};

/// Parses the header and the OpCapability/OpExtension/OpEntryPoint instructions.
/// `name` is used in messages. Throws Error for a bad magic number or a truncated
/// instruction.
SpirvInfo inspectSpirv(const std::vector<std::uint32_t> &words, const std::string &name);

/// The first of `manifest.variants` whose requirements `features` meet, or nullptr
/// (also when the environment variable NVC_NO_VARIANTS is set to anything but "0",
/// which makes every launch use the main module: tests use it to run both builds).
const VariantDesc *chooseVariant(const Manifest &manifest, const DeviceFeatures &features);

/// Where variant `name` of the module at `spirvPath` lives: "out/k.spv" →
/// "out/k.<name>.spv".
std::string variantPath(const std::string &spirvPath, const std::string &name);

/// A shader module and its manifest on one device.
class Module {
public:
  /// Loads `spirvPath` and its manifest (`manifestPath`, default
  /// defaultManifestPath(spirvPath)); when the manifest lists variants, loads
  /// instead the first the device can run (chooseVariant, variantPath). Throws
  /// Error if a file is unreadable or malformed, if they disagree (SPIR-V
  /// version, entry-point names), or if vkCreateShaderModule fails.
  Module(const Device &device, const std::string &spirvPath, const std::string &manifestPath = "");

  /// Same, from a module compiled into the program (`nvc --emit=header`): parses
  /// the manifest text and loads the first variant the device can run, or the main
  /// words. Throws Error as the file-based constructor does, and when the manifest
  /// lists a variant the embedded module lacks.
  Module(const Device &device, const EmbeddedModule &embedded);
  /// Same, from words already in memory. `spirvName` is used in messages.
  Module(const Device &device, std::vector<std::uint32_t> spirvWords, Manifest manifest,
         const std::string &spirvName = "kernel.spv");

  /// Releases this handle; the shader module lives on while kernels made from it exist.
  ~Module();
  /// Movable (a moved-from Module must not be used), not copyable.
  Module(Module &&) noexcept;
  Module &operator=(Module &&) noexcept;

  /// The parsed manifest (all entry points).
  const Manifest &manifest() const;
  /// What was read from the SPIR-V binary (version, capabilities, entry points).
  const SpirvInfo &spirv() const;
  /// The file the module was loaded from (a variant's, when one was chosen), or
  /// the name given with the words.
  const std::string &spirvPath() const;

  /// The kernel for entry point `entryPoint` (default: the only one; see
  /// Manifest::entryPoint). Checks the device has the features the capabilities and
  /// extensions need, that the push-constant block fits maxPushConstantsSize, that
  /// shared_memory_bytes fits maxComputeSharedMemorySize and that the bindings fit the
  /// per-stage descriptor limits, and creates the descriptor-set and pipeline layouts.
  /// Throws Error naming the missing feature or exceeded limit.
  Kernel kernel(const std::string &entryPoint = "") const;

  /// The ufunc called `name` (docs/manifest.md "Ufuncs"): the entry points whose
  /// manifest `ufunc` object has that name. Kernels are made (and checked, as by
  /// kernel()) when a call first needs them. Throws Error if the module has no such
  /// ufunc (the message lists those it has).
  Ufunc ufunc(const std::string &name) const;

  /// Implementation state shared with the kernels (runtime sources only).
  struct State;

private:
  friend struct Ufunc::State; // makes kernels of the module on demand
  explicit Module(std::shared_ptr<State> state);
  std::shared_ptr<State> state_;
};

} // namespace nvc::rt
