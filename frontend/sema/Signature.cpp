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

#include <cctype>
#include <map>

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

/// The element type of an array type: a scalar or a record type.
static Type elementTypeFromExpr(const ast::Expr &expr, const TypeNameResolver &resolve) {
  Type dtype = typeFromExpr(expr, resolve);
  if (!dtype.isScalar() && !dtype.isRecord())
    throw CompileError(expr.getLoc(),
                       fmt::format("array element type must be a scalar or record type, not {}",
                                   dtype.str()));
  return dtype;
}

/// numba.types.Array(dtype, ndim, layout): the constructor form of an array
/// type, the only way Numba spells a 0-d array (`float64[()]` is not one).
/// `readonly=True` makes Numba's read-only array (writes refused);
/// `aligned=` only takes its default, True.
static Type arrayTypeFromCall(const ast::Call &call, const TypeNameResolver &resolve) {
  const char *usage = "an array type is written Array(dtype, ndim, layout), e.g. "
                      "Array(float32, 2, 'C')";
  if (call.args.size() != 3)
    throw CompileError(call.getLoc(), usage);
  Type dtype = elementTypeFromExpr(*call.args[0], resolve);
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

Type typeFromExpr(const ast::Expr &expr, const TypeNameResolver &resolve) {
  if (auto *sub = dyn_cast<ast::Subscript>(&expr)) {
    Type dtype = elementTypeFromExpr(*sub->value, resolve);
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
      return arrayTypeFromCall(*call, resolve);
    // numba.from_dtype(particle): the record type of a module-level
    // structured dtype (or the scalar type of a NumPy one).
    if (name && *name == "from_dtype" && call->args.size() == 1 && call->keywords.empty())
      return typeFromExpr(*call->args[0], resolve);
  }
  if (const std::string *name = typeName(expr)) {
    if (*name == "void" || *name == "none" || *name == "None")
      return Type::none();
    if (auto t = scalarTypeFromName(*name))
      return *t;
    if (resolve && llvm::isa<ast::Name>(&expr))
      if (auto t = resolve(*name))
        return *t;
    throw CompileError(expr.getLoc(), fmt::format("unknown type '{}'", *name));
  }
  if (llvm::isa<ast::NoneLiteral>(&expr))
    return Type::none();
  throw CompileError(expr.getLoc(),
                     "expected a type such as float32, int64 or float32[::1]");
}

Signature signatureFromExpr(const ast::Expr &expr, const TypeNameResolver &resolve) {
  Signature sig;
  sig.loc = expr.getLoc();
  const std::vector<ast::ExprPtr> *params = nullptr;
  if (auto *call = dyn_cast<ast::Call>(&expr)) {
    sig.result = typeFromExpr(*call->func, resolve);
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
    sig.params.push_back(typeFromExpr(*p, resolve));
  return sig;
}

/// Parses the inside of Numba's spelling of a record type,
/// `a[type=float64;offset=0],b[type=nestedarray(uint8, (5,));offset=8];16;True`
/// (str(numba.typeof(record))). Throws CompileError (at column 1 of the
/// signature; the caller relocates) for anything else.
static Type recordTypeFromNumbaSpelling(const std::string &inner) {
  auto bad = [&](const std::string &why) -> CompileError {
    return CompileError({1, 1}, fmt::format("cannot read the record type Record({}): {}", inner, why));
  };
  size_t semi = inner.rfind(';');
  size_t semi2 = semi == std::string::npos || semi == 0 ? std::string::npos
                                                         : inner.rfind(';', semi - 1);
  if (semi2 == std::string::npos)
    throw bad("expected 'fields;itemsize;aligned'");
  std::string fieldsText = inner.substr(0, semi2);
  std::string sizeText = inner.substr(semi2 + 1, semi - semi2 - 1);
  std::string alignedText = inner.substr(semi + 1);
  auto trim = [](std::string t) {
    while (!t.empty() && t.front() == ' ')
      t.erase(t.begin());
    while (!t.empty() && t.back() == ' ')
      t.pop_back();
    return t;
  };
  sizeText = trim(sizeText);
  alignedText = trim(alignedText);
  if (sizeText.empty() || sizeText.size() > 9 ||
      sizeText.find_first_not_of("0123456789") != std::string::npos)
    throw bad("the itemsize is not a number");
  if (alignedText != "True" && alignedText != "False")
    throw bad("the last part is True or False (aligned)");
  RecordLayout layout;
  layout.itemsize = static_cast<unsigned>(std::stoul(sizeText));
  layout.aligned = alignedText == "True";
  size_t pos = 0;
  while (pos < fieldsText.size()) {
    size_t open = fieldsText.find("[type=", pos);
    if (open == std::string::npos)
      throw bad("expected name[type=...;offset=...]");
    RecordField f;
    f.name = trim(fieldsText.substr(pos, open - pos));
    size_t offsetAt = fieldsText.find(";offset=", open);
    size_t close = offsetAt == std::string::npos ? offsetAt : fieldsText.find(']', offsetAt);
    if (close == std::string::npos || f.name.empty())
      throw bad("expected name[type=...;offset=...]");
    std::string typeText = trim(fieldsText.substr(open + 6, offsetAt - open - 6));
    std::string offsetText = trim(fieldsText.substr(offsetAt + 8, close - offsetAt - 8));
    if (offsetText.empty() || offsetText.size() > 9 ||
        offsetText.find_first_not_of("0123456789") != std::string::npos)
      throw bad(fmt::format("the offset of field '{}' is not a number", f.name));
    f.offset = static_cast<unsigned>(std::stoul(offsetText));
    if (typeText.rfind("nestedarray(", 0) == 0 && typeText.back() == ')') {
      // nestedarray(uint8, (5,)) / nestedarray(float32, (3, 2))
      std::string body = typeText.substr(12, typeText.size() - 13);
      size_t comma = body.find(',');
      if (comma == std::string::npos)
        throw bad(fmt::format("cannot read the type of field '{}'", f.name));
      typeText = trim(body.substr(0, comma));
      std::string dims = body.substr(comma + 1);
      std::string number;
      for (char ch : dims + ",") {
        if (ch >= '0' && ch <= '9') {
          number += ch;
        } else if (ch == ',' || ch == ')') {
          if (!number.empty()) {
            if (number.size() > 9)
              throw bad(fmt::format("the shape of field '{}' is too large", f.name));
            f.shape.push_back(std::stoll(number));
          }
          number.clear();
        } else if (ch != ' ' && ch != '(') {
          throw bad(fmt::format("cannot read the shape of field '{}'", f.name));
        }
      }
      if (f.shape.empty())
        throw bad(fmt::format("cannot read the shape of field '{}'", f.name));
    }
    auto scalar = scalarTypeFromName(typeText);
    if (!scalar)
      throw bad(fmt::format("field '{}' has type '{}', which is not a scalar type (nested "
                            "records are not supported)",
                            f.name, typeText));
    f.type = *scalar;
    if (f.offset + f.byteSize() > layout.itemsize)
      throw bad(fmt::format("field '{}' ends after the record's {} bytes", f.name,
                            layout.itemsize));
    layout.fields.push_back(std::move(f));
    pos = close + 1;
    if (pos < fieldsText.size() && fieldsText[pos] == ',')
      ++pos;
  }
  if (layout.fields.empty())
    throw bad("a record has at least one field");
  return Type::record(std::make_shared<const RecordLayout>(std::move(layout)));
}

Signature parseSignatureString(const std::string &rawText, ast::Location loc,
                               const TypeNameResolver &resolveName) {
  // Numba's spelling of record types, Record(a[type=...;offset=0],...;16;False),
  // is not a Python expression: each is read here and replaced by a name
  // that `resolve` gives back.
  std::string text;
  std::map<std::string, Type> records;
  for (size_t pos = 0;;) {
    size_t at = rawText.find("Record(", pos);
    bool wordStart = at != std::string::npos &&
                     (at == 0 || !(std::isalnum(static_cast<unsigned char>(rawText[at - 1])) ||
                                   rawText[at - 1] == '_' || rawText[at - 1] == '.'));
    if (at != std::string::npos && !wordStart) {
      text += rawText.substr(pos, at + 7 - pos);
      pos = at + 7;
      continue;
    }
    if (at == std::string::npos) {
      text += rawText.substr(pos);
      break;
    }
    int depth = 0;
    size_t end = at + 6;
    for (; end < rawText.size(); ++end) {
      if (rawText[end] == '(')
        ++depth;
      else if (rawText[end] == ')' && --depth == 0)
        break;
    }
    if (end >= rawText.size())
      throw CompileError(loc, "in signature: Record( is not closed");
    Type rec;
    try {
      rec = recordTypeFromNumbaSpelling(rawText.substr(at + 7, end - at - 7));
    } catch (CompileError &e) {
      throw CompileError(loc, "in signature: " + e.message);
    }
    std::string placeholder = fmt::format("__nvc_record_{}", records.size());
    records.emplace(placeholder, rec);
    text += rawText.substr(pos, at - pos) + placeholder;
    pos = end + 1;
  }
  TypeNameResolver resolve = [&](const std::string &name) -> std::optional<Type> {
    auto it = records.find(name);
    if (it != records.end())
      return it->second;
    return resolveName ? resolveName(name) : std::nullopt;
  };
  // Parse the string as a one-line module; errors inside it are moved to the
  // string's position in the kernel file (column of the opening quote + 1).
  // (A string with records has moved columns: errors point at the string.)
  SourceFile file("<signature>", text + "\n");
  auto relocate = [&](ast::Location inner) {
    if (text.find('\n') != std::string::npos || inner.line != 1 || !records.empty())
      return loc;
    return ast::Location{loc.line, loc.col + inner.col};
  };
  try {
    auto module = parseModule(file);
    auto *stmt = module->body.size() == 1 ? dyn_cast<ast::ExprStmt>(module->body[0].get())
                                          : nullptr;
    if (!stmt)
      throw CompileError({1, 1}, "a signature is written as 'void(float32, float32[:])'");
    Signature sig = signatureFromExpr(*stmt->value, resolve);
    sig.loc = loc;
    return sig;
  } catch (CompileError &e) {
    throw CompileError(relocate(e.loc), "in signature: " + e.message);
  }
}

} // namespace nvc
