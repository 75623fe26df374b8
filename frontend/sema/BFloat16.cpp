//===- BFloat16.cpp - numba.cuda.bf16's functions --------------------------===//
#include "frontend/sema/BFloat16.h"

#include <map>

namespace nvc {

namespace {

std::optional<BfloatRounding> roundingSuffix(const std::string &s) {
  if (s == "rn")
    return BfloatRounding::Nearest;
  if (s == "rz")
    return BfloatRounding::TowardZero;
  if (s == "rd")
    return BfloatRounding::Down;
  if (s == "ru")
    return BfloatRounding::Up;
  return std::nullopt;
}

/// int8 ... uint64 by NumPy's name.
std::optional<Type> integerNamed(const std::string &s) {
  static const std::map<std::string, Type> names = {
      {"int8", Type::integer(8)},          {"uint8", Type::integer(8, false)},
      {"int16", Type::integer(16)},        {"uint16", Type::integer(16, false)},
      {"int32", Type::integer(32)},        {"uint32", Type::integer(32, false)},
      {"int64", Type::integer(64)},        {"uint64", Type::integer(64, false)},
  };
  auto it = names.find(s);
  if (it == names.end())
    return std::nullopt;
  return it->second;
}

} // namespace

std::optional<BfloatFunction> bfloatFunction(const std::string &name) {
  using K = BfloatFunction::Kind;
  const Type bf = Type::bfloat16();
  auto fn = [&](K kind, std::vector<Type> params, Type result, std::string op = "") {
    BfloatFunction f{kind, std::move(params), std::move(result)};
    f.op = std::move(op);
    return f;
  };
  if (name == "bfloat16")
    return fn(K::Construct, {}, bf); // any number, rounded to nearest
  if (name == "habs" || name == "hneg")
    return fn(K::Arithmetic, {bf}, bf, name.substr(1));
  for (std::string op : {"add", "sub", "mul"})
    for (std::string suffix : {"", "_rn", "_sat"})
      if (name == "h" + op + suffix) {
        BfloatFunction f = fn(K::Arithmetic, {bf, bf}, bf, op);
        f.saturate = suffix == "_sat";
        return f;
      }
  if (name == "hdiv")
    return fn(K::Arithmetic, {bf, bf}, bf, "div");
  if (name == "hfma" || name == "hfma_sat" || name == "hfma_relu") {
    BfloatFunction f = fn(K::Arithmetic, {bf, bf, bf}, bf, "fma");
    f.saturate = name == "hfma_sat";
    f.relu = name == "hfma_relu";
    return f;
  }
  for (std::string op : {"eq", "ne", "lt", "le", "gt", "ge"})
    if (name == "h" + op)
      return fn(K::Compare, {bf, bf}, Type::boolean(), op);
  for (std::string op : {"max", "min"})
    for (std::string suffix : {"", "_nan"})
      if (name == "h" + op + suffix) {
        BfloatFunction f = fn(K::Extremum, {bf, bf}, bf, op);
        f.propagateNan = !suffix.empty();
        return f;
      }
  if (name == "hisnan")
    return fn(K::IsNan, {bf}, Type::boolean());
  if (name == "hisinf")
    return fn(K::IsInf, {bf}, Type::integer(32));
  if (name == "bfloat16_to_float32")
    return fn(K::ToFloat32, {bf}, Type::floating(32));
  if (name == "bfloat16_as_int16" || name == "bfloat16_as_uint16")
    return fn(K::AsInteger, {bf}, *integerNamed(name.substr(12)));
  if (name == "int16_as_bfloat16" || name == "uint16_as_bfloat16")
    return fn(K::FromBits, {*integerNamed(name.substr(0, name.find('_')))}, bf);
  if (name == "float32_to_bfloat16" || name == "float64_to_bfloat16")
    return fn(K::Construct, {Type::floating(name[5] == '3' ? 32 : 64)}, bf);
  // float32_to_bfloat16_rz, int32_to_bfloat16_ru, bfloat16_to_uint16_rd, ...
  size_t under = name.rfind('_');
  if (under == std::string::npos)
    return std::nullopt;
  std::optional<BfloatRounding> mode = roundingSuffix(name.substr(under + 1));
  std::string stem = name.substr(0, under);
  if (!mode)
    return std::nullopt;
  const std::string from = "bfloat16_to_", to = "_to_bfloat16";
  if (stem.rfind(from, 0) == 0) {
    std::optional<Type> t = integerNamed(stem.substr(from.size()));
    if (!t)
      return std::nullopt;
    BfloatFunction f = fn(K::ToInteger, {bf}, *t);
    f.rounding = *mode;
    return f;
  }
  if (stem.size() > to.size() && stem.compare(stem.size() - to.size(), to.size(), to) == 0) {
    std::string source = stem.substr(0, stem.size() - to.size());
    std::optional<Type> t =
        source == "float32" ? std::optional<Type>(Type::floating(32)) : integerNamed(source);
    if (!t)
      return std::nullopt;
    BfloatFunction f = fn(K::Construct, {*t}, bf);
    f.rounding = *mode;
    return f;
  }
  return std::nullopt;
}

} // namespace nvc
