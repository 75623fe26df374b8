//===- InferErrors.cpp - Inferrer: raise, assert, print, checked operations ===//
//
// Typing of what a kernel reports from the device (docs/language.md "Errors"
// and "Printing"; 004_…txt *Errors*, *Printing*): `raise` and `assert`
// statements, whose exception (class and message) is fixed at compile time
// as numba-cuda requires; print() calls; and the operations that may raise
// under error_model="python" (division by zero) and boundscheck=True. Each
// marks the function mayRaise / mayPrint, which gives its entry point the
// error or print buffer (docs/manifest.md "Errors and printing"); MLIR
// generation (mlirgen/GenErrors.cpp) emits the code.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Inferrer.h"

#include "frontend/sema/TypeRules.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>

#include <cmath>
#include <functional>

namespace nvc::sema {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// `a.b.c` as text, or "" when `e` is not a dotted name.
std::string dottedName(const ast::Expr &e) {
  if (auto *n = dyn_cast<ast::Name>(&e))
    return n->id;
  if (auto *a = dyn_cast<ast::Attribute>(&e)) {
    std::string base = dottedName(*a->value);
    return base.empty() ? "" : base + "." + a->attr;
  }
  return "";
}


/// Python's repr() of a string: single quotes unless the text has one and
/// no double quote; backslashes and the quote escaped.
std::string stringRepr(const std::string &text) {
  char q = text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"'
                                                                                        : '\'';
  std::string out(1, q);
  for (char c : text) {
    if (c == '\\' || c == q)
      out += '\\';
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out + q;
}

} // namespace

std::optional<std::string> Inferrer::constantText(const ast::Expr &e) {
  if (auto *s = dyn_cast<ast::StringLiteral>(&e))
    return s->value;
  if (auto *n = dyn_cast<ast::Name>(&e); n && !locals_.count(n->id))
    if (const std::string *text = scope_.stringConstant(n->id))
      return *text;
  return std::nullopt;
}

std::optional<std::pair<std::string, std::string>>
Inferrer::constantStrAndRepr(const ast::Expr &e) {
  if (std::optional<std::string> text = constantText(e))
    return std::pair{*text, stringRepr(*text)};
  std::optional<ConstValue> v;
  if (auto *i = dyn_cast<ast::IntLiteral>(&e)) {
    if (i->fitsUInt64)
      return std::pair{std::to_string(i->value), std::to_string(i->value)};
  } else if (auto *f = dyn_cast<ast::FloatLiteral>(&e)) {
    return std::pair{floatRepr(f->value), floatRepr(f->value)};
  } else if (auto *b = dyn_cast<ast::BoolLiteral>(&e)) {
    std::string t = b->value ? "True" : "False";
    return std::pair{t, t};
  } else if (auto *u = dyn_cast<ast::UnaryOp>(&e); u && u->op == ast::UnaryOpKind::USub) {
    if (auto inner = constantStrAndRepr(*u->operand);
        inner && (isa<ast::IntLiteral>(*u->operand) || isa<ast::FloatLiteral>(*u->operand)))
      return std::pair{"-" + inner->first, "-" + inner->second};
  } else if (auto *n = dyn_cast<ast::Name>(&e); n && !locals_.count(n->id)) {
    const GlobalSymbol *sym = scope_.lookup(n->id);
    if (sym && sym->kind == GlobalSymbol::Kind::Constant && sym->value.elements.empty() &&
        sym->value.shape.empty()) {
      const ConstValue &c = sym->value;
      std::string t;
      if (c.type.isBoolean())
        t = c.i ? "True" : "False";
      else if (c.type.isInteger())
        t = c.type.isSigned() ? std::to_string(c.i)
                              : std::to_string(static_cast<uint64_t>(c.i));
      else if (c.type.isFloat())
        t = floatRepr(c.f);
      else
        return std::nullopt;
      return std::pair{t, t};
    }
  }
  return std::nullopt;
}

std::string Inferrer::exceptionClassOf(const ast::Expr &e) {
  std::string name = dottedName(e);
  if (!name.empty())
    if (std::optional<std::string> cls = scope_.exceptionClass(name))
      return *cls;
  fail(e.getLoc(), fmt::format("kernels can raise only exception classes (a builtin such as "
                               "ValueError, or a class of this file derived from one){}",
                               name.empty() ? "" : fmt::format(", not '{}'", name)));
}

void Inferrer::raiseStatement(const ast::Raise &r) {
  if (!r.exc)
    fail(r.getLoc(), "a bare 'raise' re-raises the exception being handled, and kernels "
                     "cannot handle exceptions: raise an exception class");
  TypedKernel::RaiseSite site;
  if (auto *c = dyn_cast<ast::Call>(r.exc.get())) {
    site.type = exceptionClassOf(*c->func);
    if (!c->keywords.empty() || !c->starredArgs.empty())
      fail(c->getLoc(), "the exception's arguments in a kernel must be positional constants");
    // str(exc): the text of a single argument, the repr of the tuple of several.
    std::vector<std::pair<std::string, std::string>> args;
    for (auto &a : c->args) {
      std::optional<std::pair<std::string, std::string>> v = constantStrAndRepr(*a);
      if (!v)
        fail(a->getLoc(), "the exception's arguments in a kernel must be compile-time "
                          "constants (strings, numbers or module-level constants), as in "
                          "numba.cuda");
      args.push_back(*v);
    }
    if (args.size() == 1) {
      site.message = args[0].first;
    } else if (args.size() > 1) {
      site.message = "(";
      for (size_t i = 0; i < args.size(); ++i)
        site.message += (i ? ", " : "") + args[i].second;
      site.message += ")";
    }
  } else {
    site.type = exceptionClassOf(*r.exc);
  }
  result_.raises[&r] = site;
  result_.mayRaise = true;
}

void Inferrer::assertStatement(const ast::Assert &a) {
  condition(*a.test);
  TypedKernel::RaiseSite site{"AssertionError", ""};
  if (a.msg) {
    std::optional<std::pair<std::string, std::string>> v = constantStrAndRepr(*a.msg);
    if (!v)
      fail(a.msg->getLoc(), "the message of an assert in a kernel must be a compile-time "
                            "constant (a string, a number or a module-level constant)");
    site.message = v->first;
  }
  result_.raises[&a] = site;
  result_.mayRaise = true;
}

Type Inferrer::printCall(const ast::Call &c) {
  if (!c.keywords.empty())
    fail(c.keywords.front().loc, "print() in a kernel takes no keyword arguments (sep=, end=, "
                                 "file= and flush= are not supported)");
  if (!c.starredArgs.empty())
    fail(c.getLoc(), "print() in a kernel takes no unpacked arguments");
  // What Python's print formats as numba.cuda does: numbers, booleans,
  // complex numbers, tuples of them and dim3 values (cuda.threadIdx).
  std::function<bool(const Type &)> printable = [&](const Type &t) {
    if (t.isUnknown() || t.isBoolean() || t.isInteger() || t.isFloat() || t.isComplex() ||
        t.kind() == Type::Kind::Dim3)
      return true;
    if (t.isTuple() && !t.isVector()) {
      for (const Type &e : t.elements())
        if (!printable(e))
          return false;
      return true;
    }
    return false;
  };
  for (auto &a : c.args) {
    if (std::optional<std::string> text = constantText(*a)) {
      result_.printTexts[a.get()] = *text; // part of the record's format
      continue;
    }
    Type t = expr(*a);
    if (!printable(t))
      fail(a->getLoc(), fmt::format("print() in a kernel prints constant strings, numbers, "
                                    "booleans, complex numbers and tuples of them, not {}",
                                    t.str()));
  }
  result_.mayPrint = true;
  return record(c, Type::none());
}

void Inferrer::noteDivision(ast::BinOpKind op, const ast::Expr *divisor, const Type &result) {
  if (!result_.pythonErrorModel || result.isUnknown() ||
      (op != ast::BinOpKind::Div && op != ast::BinOpKind::FloorDiv &&
       op != ast::BinOpKind::Mod))
    return;
  // numba-cuda: fastmath float32 `/` is the unchecked fast division.
  if (result_.fastmath && op == ast::BinOpKind::Div && result.isFloat() && result.bits() == 32)
    return;
  // A nonzero literal divisor cannot raise; MLIR generation skips its check
  // too (a constant divisor), so the kernel needs no error buffer for it.
  if (divisor) {
    if (auto *i = dyn_cast<ast::IntLiteral>(divisor); i && i->value != 0)
      return;
    if (auto *f = dyn_cast<ast::FloatLiteral>(divisor); f && f->value != 0)
      return;
  }
  result_.mayRaise = true;
}

} // namespace nvc::sema
