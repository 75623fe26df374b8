//===- VectorTypes.cpp - numba.cuda's vector types -------------------------===//
#include "frontend/sema/VectorTypes.h"

#include <map>

namespace nvc {

std::optional<Type> vectorTypeNamed(const std::string &name) {
  // stubs.py's map_vector_type_stubs_to_alias, with NumPy's C type sizes on
  // Linux (np.int_ and np.uint are 64-bit).
  static const std::map<std::string, std::string> aliases = {
      {"char", "int8"},      {"short", "int16"},   {"int", "int32"},       {"long", "int64"},
      {"longlong", "int64"}, {"uchar", "uint8"},   {"ushort", "uint16"},   {"uint", "uint32"},
      {"ulong", "uint64"},   {"ulonglong", "uint64"}, {"float", "float32"}, {"double", "float64"},
  };
  static const char *bases[] = {"int8",   "int16",  "int32",  "int64",   "uint8",
                                "uint16", "uint32", "uint64", "float32", "float64"};
  if (name.size() < 2)
    return std::nullopt;
  char last = name.back();
  if (last < '1' || last > '4')
    return std::nullopt;
  unsigned count = static_cast<unsigned>(last - '0');
  std::string stem = name.substr(0, name.size() - 1);
  std::string base;
  if (stem.size() > 1 && stem.back() == 'x') {
    for (const char *b : bases)
      if (stem.substr(0, stem.size() - 1) == b)
        base = b;
  } else if (auto it = aliases.find(stem); it != aliases.end()) {
    base = it->second;
  }
  if (base.empty())
    return std::nullopt;
  std::optional<Type> scalar = scalarTypeFromName(base);
  if (!scalar)
    return std::nullopt;
  return Type::vector(*scalar, count, base + "x" + std::string(1, last));
}

std::optional<unsigned> vectorAttributeIndex(const std::string &attr, unsigned count) {
  static const std::string names = "xyzw";
  if (attr.size() != 1)
    return std::nullopt;
  size_t k = names.find(attr[0]);
  if (k == std::string::npos || k >= count)
    return std::nullopt;
  return static_cast<unsigned>(k);
}

} // namespace nvc
