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

HalfOperation halfOperation(Builtin id) {
  using B = ast::BinOpKind;
  using C = ast::CmpOpKind;
  auto binary = [](B op) { return HalfOperation{{op, {}}, "", 2}; };
  auto compare = [](C op) { return HalfOperation{{{}, op}, "", 2}; };
  auto math = [](const char *name, unsigned arity = 1) { return HalfOperation{{}, name, arity}; };
  switch (id) {
  case Builtin::HAdd: return binary(B::Add);
  case Builtin::HSub: return binary(B::Sub);
  case Builtin::HMul: return binary(B::Mult);
  case Builtin::HDiv: return binary(B::Div);
  case Builtin::HEq: return compare(C::Eq);
  case Builtin::HNe: return compare(C::NotEq);
  case Builtin::HLt: return compare(C::Lt);
  case Builtin::HLe: return compare(C::LtE);
  case Builtin::HGt: return compare(C::Gt);
  case Builtin::HGe: return compare(C::GtE);
  case Builtin::HFma: return math("fma", 3);
  case Builtin::HMax: return math("max", 2);
  case Builtin::HMin: return math("min", 2);
  case Builtin::HNeg: return math("neg");
  case Builtin::HAbs: return math("abs");
  case Builtin::HSin: return math("sin");
  case Builtin::HCos: return math("cos");
  case Builtin::HLog: return math("log");
  case Builtin::HLog2: return math("log2");
  case Builtin::HLog10: return math("log10");
  case Builtin::HExp: return math("exp");
  case Builtin::HExp2: return math("exp2");
  case Builtin::HExp10: return math("exp10");
  case Builtin::HSqrt: return math("sqrt");
  case Builtin::HRsqrt: return math("rsqrt");
  case Builtin::HRcp: return math("rcp");
  case Builtin::HCeil: return math("ceil");
  case Builtin::HFloor: return math("floor");
  case Builtin::HTrunc: return math("trunc");
  case Builtin::HRint: return math("rint");
  default: return {};
  }
}

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
