//===- Builtins.cpp - The registry of builtin functions --------------------===//
//
// The name table of Builtins.def and the lookups on it. See Builtins.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Builtins.h"

#include <iterator>
#include <string>
#include <unordered_map>

namespace nvc {

namespace {

const BuiltinInfo kBuiltins[] = {
#define NVC_BUILTIN(Id, Name, Family, Op, Flags)                                              \
  {Builtin::Id, Name, BuiltinFamily::Family,                                                  \
   static_cast<uint8_t>(Op), static_cast<unsigned>(Flags)},
// The Op column of families without operations.
#define None 0
#include "frontend/sema/Builtins.def"
#undef None
#undef NVC_BUILTIN
};

} // namespace

const BuiltinInfo &builtinInfo(Builtin id) { return kBuiltins[static_cast<size_t>(id)]; }

const BuiltinInfo *lookupBuiltin(std::string_view qualifiedName) {
  static const std::unordered_map<std::string_view, const BuiltinInfo *> byName = [] {
    std::unordered_map<std::string_view, const BuiltinInfo *> m;
    for (const BuiltinInfo &b : kBuiltins)
      m.emplace(b.name, &b);
    return m;
  }();
  auto it = byName.find(qualifiedName);
  return it == byName.end() ? nullptr : it->second;
}

const BuiltinInfo *calleeBuiltin(const Type &callee) {
  return callee.kind() == Type::Kind::Function ? lookupBuiltin(callee.name()) : nullptr;
}

namespace {
bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}
} // namespace

bool isInAtomicModule(std::string_view q) {
  return startsWith(q, "cuda.atomic.") || startsWith(q, "nv.atomic.");
}

bool isInCmathModule(std::string_view q) { return startsWith(q, "cmath."); }

bool isInGPUModule(std::string_view q) { return startsWith(q, "cuda.") || startsWith(q, "nv."); }

OperatorKind operatorKind(Builtin id) {
  using B = ast::BinOpKind;
  using C = ast::CmpOpKind;
  switch (id) {
  case Builtin::OperatorAdd: return {B::Add, {}};
  case Builtin::OperatorSub: return {B::Sub, {}};
  case Builtin::OperatorMul: return {B::Mult, {}};
  case Builtin::OperatorTruediv: return {B::Div, {}};
  case Builtin::OperatorFloordiv: return {B::FloorDiv, {}};
  case Builtin::OperatorMod: return {B::Mod, {}};
  case Builtin::OperatorPow: return {B::Pow, {}};
  case Builtin::OperatorLshift: return {B::LShift, {}};
  case Builtin::OperatorRshift: return {B::RShift, {}};
  case Builtin::OperatorAnd: return {B::BitAnd, {}};
  case Builtin::OperatorOr: return {B::BitOr, {}};
  case Builtin::OperatorXor: return {B::BitXor, {}};
  case Builtin::OperatorEq: return {{}, C::Eq};
  case Builtin::OperatorNe: return {{}, C::NotEq};
  case Builtin::OperatorLt: return {{}, C::Lt};
  case Builtin::OperatorLe: return {{}, C::LtE};
  case Builtin::OperatorGt: return {{}, C::Gt};
  case Builtin::OperatorGe: return {{}, C::GtE};
  default: return {};
  }
}

} // namespace nvc
