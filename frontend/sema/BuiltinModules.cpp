//===- BuiltinModules.cpp - Modules nvc provides in the kernel language ----===//
#include "frontend/sema/BuiltinModules.h"

#include <map>

namespace nvc {

namespace {
/// Embedded sources by file stem (frontend/CMakeLists.txt writes the table).
const std::map<std::string_view, std::string_view> &sources() {
  static const std::map<std::string_view, std::string_view> table = {
#include "BuiltinModules.inc"
  };
  return table;
}
} // namespace

std::optional<BuiltinModule> builtinModule(const std::string &dotted) {
  // The module names a kernel imports, and the file each is.
  static const std::map<std::string, std::string_view> stems = {
      {"numba.cuda.random", "numba_cuda_random"},
  };
  auto stem = stems.find(dotted);
  if (stem == stems.end())
    return std::nullopt;
  std::string path = "<nvc>/" + dotted;
  for (char &c : path)
    if (c == '.')
      c = '/';
  return BuiltinModule{sources().at(stem->second), path + ".py"};
}

} // namespace nvc
