//===- WorkgroupSize.cpp - Each kernel's default and largest workgroup size -===//
#include "compiler/WorkgroupSize.h"

#include "frontend/sema/LocalIdBounds.h"

#include <fmt/format.h>

#include <set>

namespace nvc {

static std::string formatSize(const std::array<int32_t, 3> &s) {
  return fmt::format("{}x{}x{}", s[0], s[1], s[2]);
}

/// A size's components with the trailing 1s dropped, joined by `separator`.
static std::string sizeComponents(const std::array<int32_t, 3> &s, const char *separator) {
  const int n = s[2] != 1 ? 3 : s[1] != 1 ? 2 : 1;
  std::string text = std::to_string(s[0]);
  for (int d = 1; d < n; ++d)
    text += separator + std::to_string(s[d]);
  return text;
}

/// `local_size=` spelling of a size: `128`, `(16, 16)`.
static std::string optionValue(const std::array<int32_t, 3> &s) {
  std::string text = sizeComponents(s, ", ");
  return s[1] != 1 || s[2] != 1 ? "(" + text + ")" : text;
}

std::optional<std::string> assignWorkgroupSizes(const std::vector<TypedKernel> &kernels,
                                                std::vector<EntryPointABI> &abis,
                                                const CompileOptions &options,
                                                const std::string &file, DiagnosticEngine &diags) {
  static const char axes[] = {'x', 'y', 'z'};
  std::set<std::string> names;
  for (const TypedKernel &k : kernels)
    names.insert(k.def->name);
  for (auto &[name, size] : options.localSizeByKernel)
    if (!names.count(name))
      return fmt::format("--local-size names '{}', which is not a kernel of '{}'", name, file);
  for (EntryPointABI &abi : abis)
    abi.workgroupSize = options.localSize;
  // Warn once per Python function, not once per signature.
  std::set<std::string> warned;
  for (size_t i = 0; i < kernels.size() && i < abis.size(); ++i) {
    const TypedKernel &k = kernels[i];
    EntryPointABI &abi = abis[i];
    const auto bounds = localIdBounds(k);
    for (unsigned d = 0; d < 3; ++d)
      if (bounds[d]) {
        abi.maxWorkgroupSize[d] = bounds[d]->extent;
        abi.maxWorkgroupSizeReasons[d] = fmt::format(
            "shared array '{}' has {} elements along the dimension the kernel indexes by {} "
            "({}:{})",
            bounds[d]->array, bounds[d]->extent, bounds[d]->id, file, bounds[d]->loc.line);
      }
    const bool firstWarning = warned.insert(k.def->name).second;
    std::optional<std::array<int32_t, 3>> given;
    if (auto it = options.localSizeByKernel.find(k.def->name); it != options.localSizeByKernel.end())
      given = it->second;
    else if (k.localSize)
      given = k.localSize;
    else if (options.localSizeGiven)
      given = options.localSize;
    if (given) {
      abi.workgroupSize = *given;
      for (unsigned d = 0; d < 3; ++d)
        if (bounds[d] && (*given)[d] > bounds[d]->extent && firstWarning)
          diags.warning(bounds[d]->loc,
                        fmt::format("kernel '{}' is given the workgroup size {}, but shared "
                                    "array '{}' has {} elements along the dimension indexed by "
                                    "{}: launches with more than {} invocations along {} are "
                                    "refused",
                                    k.def->name, formatSize(*given), bounds[d]->array,
                                    bounds[d]->extent, bounds[d]->id, bounds[d]->extent, axes[d]),
                        "workgroup-size");
      continue;
    }
    // The size the code shows: every bounded axis at its extent.
    std::array<int32_t, 3> inferred = options.localSize;
    const LocalIdBound *first = nullptr;
    for (unsigned d = 0; d < 3; ++d)
      if (bounds[d] && bounds[d]->extent <= 1024) {
        inferred[d] = static_cast<int32_t>(bounds[d]->extent);
        if (!first)
          first = &*bounds[d];
      }
    if (inferred != options.localSize && first && firstWarning)
      diags.warning(first->loc,
                    fmt::format("kernel '{}' indexes shared array '{}' by {} ({} elements "
                                "along that dimension): it is written for workgroups of {}, "
                                "which its launches default to instead of {}; say so with "
                                "local_size={} in the decorator or --local-size {}={}",
                                k.def->name, first->array, first->id, first->extent,
                                formatSize(inferred), formatSize(options.localSize),
                                optionValue(inferred), k.def->name, sizeComponents(inferred, ",")),
                    "workgroup-size");
    abi.workgroupSize = inferred;
  }
  return std::nullopt;
}

} // namespace nvc
