//===- Signature.cpp - Numba type signatures of kernels --------------------===//
//
// A signature string is tokenized and parsed as a Python expression; the
// resulting Call or Tuple is then read as `result(params...)`.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Signature.h"

#include "frontend/syntax/Diagnostics.h"
#include "frontend/syntax/Parser.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>

namespace nvc {

using llvm::dyn_cast;

std::string Signature::str() const {
  std::string s = (result.kind() == Type::Kind::None ? std::string("void") : result.str()) + "(";
  for (size_t i = 0; i < params.size(); ++i)
    s += (i ? ", " : "") + params[i].str();
  return s + ")";
}

/// The last component of a dotted type name: `numba.types.float32` → float32.
static const std::string *typeName(const ast::Expr &expr) {
  if (auto *name = dyn_cast<ast::Name>(&expr))
    return &name->id;
  if (auto *attr = dyn_cast<ast::Attribute>(&expr))
    return &attr->attr;
  return nullptr;
}

/// numba.types.Array(dtype, ndim, layout): the constructor form of an array
/// type, the only way Numba spells a 0-d array (`float64[()]` is not one).
/// `readonly=True` makes Numba's read-only array (writes refused);
/// `aligned=` only takes its default, True.
static Type arrayTypeFromCall(const ast::Call &call) {
  const char *usage = "an array type is written Array(dtype, ndim, layout), e.g. "
                      "Array(float32, 2, 'C')";
  if (call.args.size() != 3)
    throw CompileError(call.getLoc(), usage);
  Type dtype = typeFromExpr(*call.args[0]);
  if (!dtype.isScalar())
    throw CompileError(call.args[0]->getLoc(),
                       fmt::format("array element type must be a scalar type, not {}", dtype.str()));
  auto *ndim = dyn_cast<ast::IntLiteral>(call.args[1].get());
  if (!ndim || !ndim->fitsUInt64 || ndim->value > Type::kMaxArrayDims) // (a literal: never negative)
    throw CompileError(call.args[1]->getLoc(),
                       fmt::format("the number of dimensions must be an integer from 0 to {}",
                                   Type::kMaxArrayDims));
  auto *layout = dyn_cast<ast::StringLiteral>(call.args[2].get());
  if (!layout || (layout->value != "C" && layout->value != "F" && layout->value != "A"))
    throw CompileError(call.args[2]->getLoc(), "the layout is 'C', 'F' or 'A'");
  bool readonly = false;
  for (auto &kw : call.keywords) {
    auto *flag = dyn_cast<ast::BoolLiteral>(kw.value.get());
    if (kw.name == "readonly" && flag)
      readonly = flag->value;
    else if (!(kw.name == "aligned" && flag && flag->value))
      throw CompileError(kw.loc, fmt::format("Array(..., {}=...) is not supported: Array takes "
                                             "readonly=True/False and aligned=True",
                                             kw.name));
  }
  // A 0-d array is C-contiguous (and F-contiguous) whatever the spelling.
  char l = layout->value[0];
  if (ndim->value == 0)
    l = 'C';
  Type t = Type::array(dtype, static_cast<unsigned>(ndim->value), l);
  return readonly ? t.readonlyArray() : t;
}

Type typeFromExpr(const ast::Expr &expr) {
  if (auto *sub = dyn_cast<ast::Subscript>(&expr)) {
    Type dtype = typeFromExpr(*sub->value);
    if (!dtype.isScalar())
      throw CompileError(sub->value->getLoc(),
                         fmt::format("array element type must be a scalar type, not {}",
                                     dtype.str()));
    std::vector<const ast::Slice *> slices;
    if (auto *tuple = dyn_cast<ast::Tuple>(sub->index.get())) {
      for (auto &e : tuple->elts)
        slices.push_back(dyn_cast<ast::Slice>(e.get()));
    } else {
      slices.push_back(dyn_cast<ast::Slice>(sub->index.get()));
    }
    for (auto *s : slices)
      if (!s || s->lower || s->upper)
        throw CompileError(sub->index->getLoc(),
                           "array types are written with ':' per dimension, e.g. "
                           "float32[:, ::1]");
    if (slices.size() > Type::kMaxArrayDims)
      throw CompileError(sub->index->getLoc(),
                         fmt::format("arrays of {} dimensions are not supported (at most {})",
                                     slices.size(), Type::kMaxArrayDims));
    auto unitStep = [](const ast::Slice *s) {
      auto *lit = llvm::dyn_cast_or_null<ast::IntLiteral>(s->step.get());
      if (s->step && (!lit || lit->value != 1))
        throw CompileError(s->step->getLoc(), "only a step of 1 marks a contiguous dimension");
      return lit != nullptr;
    };
    std::vector<bool> steps;
    for (auto *s : slices)
      steps.push_back(unitStep(s));
    char layout = 'A';
    if (steps.back())
      layout = 'C';
    else if (steps.front() && slices.size() > 1)
      layout = 'F';
    for (size_t i = 1; i + 1 < steps.size(); ++i)
      if (steps[i])
        throw CompileError(sub->index->getLoc(),
                           "only the first or last dimension can be marked contiguous");
    return Type::array(dtype, static_cast<unsigned>(slices.size()), layout);
  }
  if (auto *call = dyn_cast<ast::Call>(&expr)) {
    const std::string *name = typeName(*call->func);
    if (name && *name == "Array")
      return arrayTypeFromCall(*call);
  }
  if (const std::string *name = typeName(expr)) {
    if (*name == "void" || *name == "none" || *name == "None")
      return Type::none();
    if (auto t = scalarTypeFromName(*name))
      return *t;
    throw CompileError(expr.getLoc(), fmt::format("unknown type '{}'", *name));
  }
  if (llvm::isa<ast::NoneLiteral>(&expr))
    return Type::none();
  throw CompileError(expr.getLoc(),
                     "expected a type such as float32, int64 or float32[::1]");
}

Signature signatureFromExpr(const ast::Expr &expr) {
  Signature sig;
  sig.loc = expr.getLoc();
  const std::vector<ast::ExprPtr> *params = nullptr;
  if (auto *call = dyn_cast<ast::Call>(&expr)) {
    sig.result = typeFromExpr(*call->func);
    if (!call->keywords.empty())
      throw CompileError(call->keywords.front().loc, "keywords are not allowed in signatures");
    params = &call->args;
  } else if (auto *tuple = dyn_cast<ast::Tuple>(&expr)) {
    params = &tuple->elts;
    sig.resultInferred = true;
  } else {
    throw CompileError(expr.getLoc(), "a signature is written as 'void(float32, float32[:])'");
  }
  for (auto &p : *params)
    sig.params.push_back(typeFromExpr(*p));
  return sig;
}

Signature parseSignatureString(const std::string &text, ast::Location loc) {
  // Parse the string as a one-line module; errors inside it are moved to the
  // string's position in the kernel file (column of the opening quote + 1).
  SourceFile file("<signature>", text + "\n");
  auto relocate = [&](ast::Location inner) {
    if (text.find('\n') != std::string::npos || inner.line != 1)
      return loc;
    return ast::Location{loc.line, loc.col + inner.col};
  };
  try {
    auto module = parseModule(file);
    auto *stmt = module->body.size() == 1 ? dyn_cast<ast::ExprStmt>(module->body[0].get())
                                          : nullptr;
    if (!stmt)
      throw CompileError({1, 1}, "a signature is written as 'void(float32, float32[:])'");
    Signature sig = signatureFromExpr(*stmt->value);
    sig.loc = loc;
    return sig;
  } catch (CompileError &e) {
    throw CompileError(relocate(e.loc), "in signature: " + e.message);
  }
}

} // namespace nvc
