//===- InferExpressions.cpp - Inferrer: expressions -------------------------===//
//
// Expressions: literals, names, attributes of modules, operators (Numba's
// result types, constant folding of integers) and the warnings about precision
// they may give.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Inferrer.h"

#include "frontend/sema/BFloat16.h"
#include "frontend/sema/VectorTypes.h"

#include "frontend/sema/Builtins.h"
#include "frontend/sema/ComplexMath.h"
#include "frontend/sema/MathBuiltins.h"
#include "frontend/sema/TypeRules.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <llvm/Support/Casting.h>

#include <array>
#include <functional>
#include <limits>
#include <set>
#include <tuple>

namespace nvc::sema {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

void Inferrer::warnLiteralPromotion(const ast::Expr &literal, const Type &otherType, const Type &result) {
  if (result_.narrowFloats)
    return;
  const ast::Expr *lit = &literal;
  if (auto *u = dyn_cast<ast::UnaryOp>(lit); u && u->op == ast::UnaryOpKind::USub)
    lit = u->operand.get();
  bool isFloatLit = isa<ast::FloatLiteral>(lit), isIntLit = isa<ast::IntLiteral>(lit);
  if (!isFloatLit && !isIntLit)
    return;
  bool single = (otherType.isFloat() && otherType.bits() == 32) ||
                (otherType.isComplex() && otherType.bits() == 64);
  bool promoted = (result.isFloat() && result.bits() == 64) ||
                  (result.isComplex() && result.bits() == 128);
  if (!single || !promoted)
    return;
  if (!context_.warnedLiterals.insert({literal.getLoc().line, literal.getLoc().col}).second)
    return;
  std::string text = isFloatLit ? cast<ast::FloatLiteral>(lit)->text
                                : cast<ast::IntLiteral>(lit)->text;
  if (lit != &literal)
    text = "-" + text;
  diags_.warning(literal.getLoc(),
                 fmt::format("the Python {} literal {} is {} and promotes this {} arithmetic to "
                             "{}, which is slow on GPUs; write np.float32({}) to stay in single "
                             "precision",
                             isFloatLit ? "float" : "int", text,
                             isFloatLit ? "float64" : "int64", otherType.str(), result.str(),
                             text),
                 "float64-promotion", fn_.source);
}


bool Inferrer::isInt64Data(const ast::Expr &e) {
  auto is64 = [](const Type &t) { return t.isInteger() && !t.isBoolean() && t.bits() == 64; };
  if (auto *s = dyn_cast<ast::Subscript>(&e)) {
    auto it = result_.exprTypes.find(s->value.get());
    return it != result_.exprTypes.end() && it->second.isArray() && is64(it->second.element());
  }
  if (auto *n = dyn_cast<ast::Name>(&e))
    for (size_t i = 0; i < fn_.def->params.size(); ++i)
      if (fn_.def->params[i].name == n->id && i < result_.signature.params.size())
        return is64(result_.signature.params[i]);
  return false;
}

void Inferrer::warnIntNarrowing(ast::BinOpKind op, const ast::Expr *lhs, const ast::Expr &rhs,
                                const Type &result, bool accumulation, ast::Location at) {
  using K = ast::BinOpKind;
  if (result_.intWidth != IntWidth::Narrow32 || !result.isInteger() || result.isBoolean() ||
      result.bits() != 64 ||
      (op != K::Add && op != K::Sub && op != K::Mult && op != K::Pow && op != K::LShift))
    return;
  bool data = (lhs && isInt64Data(*lhs)) || isInt64Data(rhs);
  if (!accumulation && !data)
    return;
  if (!context_.warnedNarrowing.insert({fn_.source, at.line}).second)
    return;
  diags_.warning(at,
                 fmt::format("{} is computed with 32-bit integers (narrow=True, --index-bits 32 "
                             "or @nv.jit's default) and wraps at 2**31 where numba-cuda's int64 "
                             "would not; decorate the kernel with narrow=False (or compile "
                             "with --index-bits 64) for exact 64-bit integers",
                             accumulation ? "this int64 accumulation" : "int64 arithmetic on int64 data"),
                 "int-narrowing", fn_.source);
}

void Inferrer::readOperands(std::initializer_list<const ast::Expr *> operands) {
  for (const ast::Expr *e : operands)
    if (e && result_.exprTypes[e].isArray())
      if (auto root = rootOf(*e))
        markAccess(root, true, false);
}

Type Inferrer::binary(ast::BinOpKind op, const Type &lhs, const Type &rhs, ast::Location loc) {
  if (lhs.isArrayLike() || rhs.isArrayLike()) {
    // An array expression: the operator's rule on the elements.
    if (op == ast::BinOpKind::MatMult)
      fail(loc, "the @ operator is not supported in kernels; use np.dot of 1-dimensional "
                "arrays");
    if (lhs.isArrayLike() && rhs.isArrayLike())
      result_.mayRaise = true; // shapes that do not broadcast: ValueError
    // Numba types the elements by the operator's ufunc (np.add for +): two
    // int32 arrays add in int32, as NumPy's loop does.
    const Type el = elementTypeOf(lhs), er = elementTypeOf(rhs);
    if (el.isUnknown() || er.isUnknown())
      return Type();
    return elementwiseType(ufuncResultType(*ufuncOfOperator(op), {el, er}, loc), {lhs, rhs});
  }
  if (op == ast::BinOpKind::MatMult && lhs.isScalar() && rhs.isScalar())
    fail(loc, "the @ operator is not supported on scalars");
  Type t = binaryResultType(op, lhs, rhs);
  if (t.isUnknown())
    fail(loc, fmt::format("unsupported operand types for {}: {} and {}", binOpSymbol(op),
                          lhs.str(), rhs.str()));
  return t;
}


void Inferrer::foldIntegerConstant(const ast::BinOp &b, const Type &t) {
  auto a = result_.constants.find(b.lhs.get()), c = result_.constants.find(b.rhs.get());
  if (a == result_.constants.end() || c == result_.constants.end() || !t.isInteger() ||
      !a->second.type.isInteger() || !c->second.type.isInteger())
    return;
  int64_t x = a->second.i, y = c->second.i, r = 0;
  bool ok = true;
  switch (b.op) {
  case ast::BinOpKind::Add: ok = !__builtin_add_overflow(x, y, &r); break;
  case ast::BinOpKind::Sub: ok = !__builtin_sub_overflow(x, y, &r); break;
  case ast::BinOpKind::Mult: ok = !__builtin_mul_overflow(x, y, &r); break;
  case ast::BinOpKind::FloorDiv:
  case ast::BinOpKind::Mod: {
    if (y == 0 || (x == INT64_MIN && y == -1))
      return;
    int64_t q = x / y, m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) {
      --q;
      m += y;
    }
    r = b.op == ast::BinOpKind::FloorDiv ? q : m;
    break;
  }
  default:
    return;
  }
  // Results beyond int32 stay run-time arithmetic: under the 32-bit
  // integer policy they wrap, and a constant would be refused.
  if (!ok || r < INT32_MIN || r > INT32_MAX)
    return;
  ConstValue v;
  v.type = t;
  v.i = r;
  result_.constants[&b] = v;
}


Type Inferrer::name(const ast::Name &n) {
  if (locals_.count(n.id)) {
    auto it = result_.varTypes.find(n.id);
    // Unknown when no assignment has reached it yet: a later round (loops
    // feed types back) may know; MLIR generation rejects what stays unknown.
    if (it == result_.varTypes.end())
      return record(n, Type());
    if (auto pc = paramConstants_.find(n.id); pc != paramConstants_.end())
      result_.constants[&n] = pc->second;
    // A local bound once to an integer constant is that constant.
    auto def = singleDefinitions_.find(n.id);
    if (def != singleDefinitions_.end() && def->second && !paramIndex_.count(n.id)) {
      auto c = result_.constants.find(def->second);
      if (c != result_.constants.end() && c->second.type.isInteger() &&
          c->second.type == it->second)
        result_.constants[&n] = c->second;
    }
    if (it->second.isArrayExpr())
      expressionReads_[n.id].insert(&n);
    return record(n, it->second);
  }
  const GlobalSymbol *sym = scope_.lookup(n.id);
  if (!sym) {
    if (isInFamily(lookupBuiltin(n.id), BuiltinFamily::Python))
      return record(n, Type::function(n.id));
    if (const std::string *why = scope_.captureError(n.id))
      fail(n.getLoc(), *why);
    if (const std::string *api = scope_.lowLevelExtension(n.id))
      fail(n.getLoc(), fmt::format("'{}' is given its meaning by numba's low-level extension API "
                                   "({}), which nvc does not evaluate",
                                   n.id, *api));
    if (const ast::Location *at = scope_.unevaluated(n.id))
      fail(n.getLoc(), fmt::format("cannot evaluate module-level '{}' (assigned at line {}) "
                                   "when the kernel is compiled: nvc freezes numbers, "
                                   "typed numbers, tuples of them, dtypes and NumPy arrays "
                                   "from np.array/arange/linspace (and their slices)",
                                   n.id, at->line));
    if (const std::string *module = scope_.hostFunctionImport(n.id))
      fail(n.getLoc(), fmt::format("'{}' is a host function of module '{}' (it has no "
                                   "@cuda.jit or @nv.jit decorator): kernels cannot call it",
                                   n.id, *module));
    if (const std::string *module = scope_.unresolvedImport(n.id))
      fail(n.getLoc(), fmt::format("'{}' is imported from module '{}', which is not a module "
                                   "kernels can use and not a file next to the kernel or on "
                                   "the -I search path",
                                   n.id, *module));
    fail(n.getLoc(), fmt::format("name '{}' is not defined", n.id));
  }
  switch (sym->kind) {
  case GlobalSymbol::Kind::Module:
    return record(n, Type::module(sym->qualifiedName));
  case GlobalSymbol::Kind::Function:
    return record(n, Type::function(sym->qualifiedName));
  case GlobalSymbol::Kind::DType:
    return record(n, Type::dtype(sym->type));
  case GlobalSymbol::Kind::Constant:
    result_.constants[&n] = sym->value;
    return record(n, sym->type);
  case GlobalSymbol::Kind::UserFunction:
    return record(n, Type::userFunction(n.id));
  }
  return Type();
}


Type Inferrer::attribute(const ast::Attribute &a) {
  Type base = expr(*a.value);
  const std::string &attr = a.attr;
  if (base.kind() == Type::Kind::Module) {
    const std::string &m = base.name();
    if (m == "math" || m == "np" || m == "cmath") {
      static const std::map<std::string, double> consts = {
          {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN}};
      if (consts.count(attr)) {
        ConstValue c;
        c.type = Type::floating(64);
        c.f = consts.at(attr);
        result_.constants[&a] = c;
        return record(a, c.type);
      }
    }
    // numba-cuda exports the Numba types from numba.cuda too: cuda.int32(x).
    if (m == "np" || m == "numba" || m == "numba.types" || m == "cuda")
      if (auto t = scalarTypeFromName(attr))
        return record(a, Type::dtype(*t));
    if (m == "numba" && attr == "cuda")
      return record(a, Type::module("cuda"));
    if (m == "numba" && attr == "types")
      return record(a, Type::module("numba.types"));
    if (m == "cuda") {
      static const std::set<std::string> dim3 = {"threadIdx", "blockIdx", "blockDim",
                                                 "gridDim"};
      if (dim3.count(attr))
        return record(a, Type::dim3(attr));
      if (attr == "cg")
        return record(a, Type::module("cuda.cg"));
      if (attr == "fp16")
        return record(a, Type::module("cuda.fp16"));
      if (attr == "bf16")
        return record(a, Type::module("cuda.bf16"));
      if (attr == "bfloat16") // cuda.bfloat16(x), numba-cuda's export
        return record(a, Type::function("cuda.bf16.bfloat16"));
      if (attr == "types")
        return record(a, Type::module("numba.types"));
      if (lookupBuiltin(m + "." + attr))
        return record(a, Type::function(m + "." + attr));
      if (attr == "shared" || attr == "local" || attr == "atomic" || attr == "const")
        return record(a, Type::module("cuda." + attr));
      if (attr == "libdevice")
        return record(a, Type::module("cuda.libdevice"));
      if (attr == "warpsize" || attr == "laneid")
        return record(a, Type::integer(32));
      if (vectorTypeNamed(attr)) // cuda.float32x4, cuda.short2: constructors
        return record(a, Type::function("cuda." + attr));
      fail(a.attrLoc, fmt::format("unknown attribute '{}' of module 'cuda'", attr));
    }
    if (m == "operator") {
      if (lookupBuiltin(m + "." + attr))
        return record(a, Type::function(m + "." + attr));
      fail(a.attrLoc, fmt::format("operator.{}() is not supported in kernels", attr));
    }
    if (m == "cuda.bf16") {
      if (bfloatFunction(attr))
        return record(a, Type::function(m + "." + attr));
      fail(a.attrLoc, fmt::format("unknown attribute '{}' of module 'numba.cuda.bf16'", attr));
    }
    if (m == "cuda.cg" || m == "cuda.fp16") {
      if (lookupBuiltin(m + "." + attr))
        return record(a, Type::function(m + "." + attr));
      fail(a.attrLoc, fmt::format("unknown attribute '{}' of module '{}'", attr, m));
    }
    if (m == "nv") {
      if (lookupBuiltin(m + "." + attr))
        return record(a, Type::function(m + "." + attr));
      if (attr == "shared" || attr == "local" || attr == "atomic" || attr == "subgroup")
        return record(a, Type::module("nv." + attr));
      if (attr == "libdevice")
        return record(a, Type::module("nv.libdevice"));
      fail(a.attrLoc, fmt::format("unknown attribute '{}' of module 'numba_vulkan'", attr));
    }
    if (m == "cuda.shared" || m == "cuda.local" || m == "cuda.atomic" || m == "nv.shared" ||
        m == "nv.local" || m == "nv.atomic" || m == "nv.subgroup" || m == "cuda.const")
      return record(a, Type::function(m + "." + attr));
    if (m == "math" || m == "np" || m == "cmath")
      return record(a, Type::function(m + "." + attr));
    if (m == "cuda.libdevice" || m == "nv.libdevice") {
      if (isMathBuiltin(m + "." + attr))
        return record(a, Type::function(m + "." + attr));
      fail(a.attrLoc, fmt::format("libdevice function '{}' is not supported yet", attr));
    }
    fail(a.attrLoc, fmt::format("unknown attribute '{}' of module '{}'", attr, m));
  }
  if (base.kind() == Type::Kind::GridGroup) {
    if (attr == "sync")
      return record(a, Type::function("grid_group.sync"));
    fail(a.attrLoc, fmt::format("GridGroup has no attribute '{}' (it has sync())", attr));
  }
  if (base.kind() == Type::Kind::Dim3) {
    if (attr == "x" || attr == "y" || attr == "z")
      return record(a, Type::integer(32));
    fail(a.attrLoc, fmt::format("{} has no attribute '{}' (use .x, .y or .z)",
                                "cuda." + base.name(), attr));
  }
  if (base.isVector()) {
    if (auto k = vectorAttributeIndex(attr, static_cast<unsigned>(base.elements().size())))
      return record(a, base.elements()[*k]);
    fail(a.attrLoc, fmt::format("{} has no attribute '{}'", base.str(), attr));
  }
  if (base.isComplex() || base.isNumber()) {
    // Numba gives numbers .real, .imag and .conjugate() (reals too).
    if (attr == "real" || attr == "imag")
      return record(a, base.isComplex() ? base.complexPart() : base);
    if (attr == "conjugate")
      return record(a, Type::function("method.conjugate"));
    if (attr == "bit_count" && base.isInteger()) // Python 3.10's int.bit_count()
      return record(a, Type::function("method.bit_count"));
    fail(a.attrLoc, fmt::format("{} has no attribute '{}'", base.str(), attr));
  }
  if (base.isRecord())
    return record(a, recordFieldType(base, attr, a.attrLoc));
  if (base.isArrayExpr()) {
    if (attr == "shape")
      return record(a, Type::tuple(std::vector<Type>(base.ndim(), Type::integer(64))));
    if (attr == "size" || attr == "ndim")
      return record(a, Type::integer(64));
    if (lookupBuiltin("array." + attr))
      return record(a, Type::function("array." + attr));
    fail(a.attrLoc, fmt::format("unknown attribute '{}' of {}", attr, base.str()));
  }
  if (base.isArray()) {
    if (attr == "shape")
      return record(a, Type::tuple(std::vector<Type>(base.ndim(), Type::integer(64))));
    if (attr == "size" || attr == "ndim")
      return record(a, Type::integer(64));
    if (lookupBuiltin("array." + attr)) // a.sum(), a.argmax(), ...: methods
      return record(a, Type::function("array." + attr));
    if (attr == "T") // the transposed view: C and F layouts swap
      return record(a, Type::array(base.element(), base.ndim(),
                                   base.layout() == 'C'   ? 'F'
                                   : base.layout() == 'F' ? 'C'
                                                          : 'A'));
    if ((attr == "real" || attr == "imag") && base.element().isComplex())
      // The parts of a complex array: views of its floats (NumPy's), with
      // twice the strides; any layout.
      return record(a, Type::array(base.element().complexPart(), base.ndim(), 'A'));
    if (attr == "real")
      return record(a, base); // a real array's real part is the array itself
    if (attr == "imag")
      fail(a.attrLoc, "the imaginary part of a real array is a new array of zeros, which a "
                      "kernel cannot allocate");
    if (attr == "copy" || attr == "flatten" || attr == "ravel" || attr == "astype" ||
        attr == "nonzero" || attr == "cumsum" || attr == "cumprod")
      fail(a.attrLoc, fmt::format("{}() makes a new array of run-time size, which a kernel "
                                  "cannot allocate: write the result into an array argument "
                                  "or a private array of constant shape",
                                  attr));
    fail(a.attrLoc, fmt::format("unknown attribute '{}' of {}", attr, base.str()));
  }
  if (base.isUnknown())
    return record(a, Type());
  fail(a.attrLoc, fmt::format("{} has no attribute '{}'", base.str(), attr));
}


Type Inferrer::recordFieldType(const Type &record, const std::string &field, ast::Location at) {
  const RecordField *f = record.record().field(field);
  if (!f) {
    std::string names;
    for (const RecordField &g : record.record().fields)
      names += (names.empty() ? "'" : ", '") + g.name + "'";
    fail(at, fmt::format("the record has no field '{}' (its fields: {})", field, names));
  }
  if (f->shape.empty())
    return f->type;
  // An array field: a C-contiguous view of the elements inside the record.
  return Type::array(f->type, static_cast<unsigned>(f->shape.size()), 'C');
}

Type Inferrer::expr(const ast::Expr &e) {
  switch (e.getKind()) {
  case ast::Expr::Kind::IntLiteral: {
    auto &lit = cast<ast::IntLiteral>(e);
    if (!lit.fitsUInt64)
      fail(e.getLoc(), fmt::format("integer literal {} does not fit in 64 bits", lit.text));
    ConstValue c;
    c.type = lit.value > static_cast<uint64_t>(INT64_MAX) ? Type::integer(64, false)
                                                           : Type::integer(64);
    c.i = static_cast<int64_t>(lit.value);
    result_.constants[&e] = c;
    return record(e, c.type);
  }
  case ast::Expr::Kind::FloatLiteral:
    return record(e, Type::floating(64));
  case ast::Expr::Kind::BoolLiteral:
    return record(e, Type::boolean());
  case ast::Expr::Kind::ImaginaryLiteral:
    return record(e, Type::complex(128));
  case ast::Expr::Kind::StringLiteral:
    fail(e.getLoc(), "strings are not supported in kernels");
  case ast::Expr::Kind::FormattedString:
    fail(e.getLoc(), "unsupported Python construct: f-strings are not allowed in kernels");
  case ast::Expr::Kind::Lambda:
    fail(e.getLoc(), "unsupported Python construct: lambda expressions are not allowed in "
                     "kernels");
  case ast::Expr::Kind::NoneLiteral:
    return record(e, Type::none());
  case ast::Expr::Kind::Name:
    return name(cast<ast::Name>(e));
  case ast::Expr::Kind::Attribute:
    return attribute(cast<ast::Attribute>(e));
  case ast::Expr::Kind::Subscript:
    return subscript(cast<ast::Subscript>(e), /*isStore=*/false);
  case ast::Expr::Kind::Slice:
    fail(e.getLoc(), "slices are not supported yet");
  case ast::Expr::Kind::Call:
    return call(cast<ast::Call>(e));
  case ast::Expr::Kind::BinOp: {
    auto &b = cast<ast::BinOp>(e);
    Type l = expr(*b.lhs), r = expr(*b.rhs);
    if (l.isUnknown() || r.isUnknown())
      return record(e, Type());
    Type t = binary(b.op, l, r, b.getLoc());
    readOperands({b.lhs.get(), b.rhs.get()});
    if (t.isArrayExpr()) {
      noteDivision(b.op, b.rhs.get(), t.element()); // each element's division
      return record(e, t);
    }
    noteDivision(b.op, b.rhs.get(), t);
    warnLiteralPromotion(*b.lhs, r, t);
    warnLiteralPromotion(*b.rhs, l, t);
    warnIntNarrowing(b.op, b.lhs.get(), *b.rhs, t, false, b.getLoc());
    foldIntegerConstant(b, t);
    return record(e, t);
  }
  case ast::Expr::Kind::UnaryOp: {
    auto &u = cast<ast::UnaryOp>(e);
    Type t = expr(*u.operand);
    if (t.isUnknown())
      return record(e, t);
    if (t.isArrayLike() && u.op != ast::UnaryOpKind::Not) {
      Type et = t.element();
      if (et.isComplex() && u.op == ast::UnaryOpKind::Invert)
        fail(u.getLoc(), fmt::format("bad operand type for unary ~: {}", t.str()));
      readOperands({u.operand.get()});
      // Numba types the elements by the operator's ufunc: -u of uint8
      // stays uint8, as NumPy's.
      return record(e, elementwiseType(ufuncResultType(*ufuncOfUnaryOperator(u.op), {et},
                                                       u.getLoc()),
                                       {t}));
    }
    if (!t.isScalar() || (t.isComplex() && u.op == ast::UnaryOpKind::Invert))
      fail(u.getLoc(), fmt::format("bad operand type for unary operator: {}", t.str()));
    if (u.op == ast::UnaryOpKind::Invert && t.isFloat())
      fail(u.getLoc(), fmt::format("bad operand type for unary ~: {}", t.str()));
    // -3 is a constant too (tuple indices, range steps, shapes).
    auto it = result_.constants.find(u.operand.get());
    if (u.op == ast::UnaryOpKind::USub && it != result_.constants.end() &&
        it->second.type.isInteger() && it->second.type.isSigned()) {
      ConstValue c = it->second;
      c.i = -c.i;
      result_.constants[&e] = c;
    }
    return record(e, unaryResultType(u.op, t));
  }
  case ast::Expr::Kind::BoolOp: {
    auto &b = cast<ast::BoolOp>(e);
    Type t;
    for (auto &v : b.values) {
      Type vt = expr(*v);
      if (!vt.isNumber() && !vt.isUnknown())
        fail(v->getLoc(), fmt::format("'and'/'or' take numbers or bools, not {}", vt.str()));
      t = unifyTypes(t, vt);
    }
    return record(e, t);
  }
  case ast::Expr::Kind::Compare: {
    auto &c = cast<ast::Compare>(e);
    Type prev = expr(*c.left);
    const bool membership = c.ops[0] == ast::CmpOpKind::In || c.ops[0] == ast::CmpOpKind::NotIn ||
                            c.ops[0] == ast::CmpOpKind::Is || c.ops[0] == ast::CmpOpKind::IsNot;
    if (c.ops.size() == 1 && !membership) {
      Type rhs = expr(*c.comparators[0]);
      if (prev.isArrayLike() || rhs.isArrayLike()) {
        // `x > 0`: an array expression of booleans.
        Type a = elementTypeOf(prev), b = elementTypeOf(rhs);
        bool equality = c.ops[0] == ast::CmpOpKind::Eq || c.ops[0] == ast::CmpOpKind::NotEq;
        if (!(a.isNumber() || (equality && a.isComplex())) ||
            !(b.isNumber() || (equality && b.isComplex())))
          fail(c.opLocs[0], fmt::format("cannot compare {} and {} with this operator",
                                        prev.str(), rhs.str()));
        if (prev.isArrayLike() && rhs.isArrayLike())
          result_.mayRaise = true; // shapes that do not broadcast
        readOperands({c.left.get(), c.comparators[0].get()});
        return record(e, elementwiseType(Type::boolean(), {prev, rhs}));
      }
    }
    for (size_t i = 0; i < c.ops.size(); ++i) {
      Type next = expr(*c.comparators[i]);
      if (c.ops[i] == ast::CmpOpKind::In || c.ops[i] == ast::CmpOpKind::NotIn ||
          c.ops[i] == ast::CmpOpKind::Is || c.ops[i] == ast::CmpOpKind::IsNot)
        fail(c.opLocs[i], "'in' and 'is' comparisons are not supported in kernels");
      if (prev.isArrayLike() || next.isArrayLike())
        fail(c.opLocs[i], "chained comparisons of arrays are ambiguous (NumPy refuses them too)");
      bool equality = c.ops[i] == ast::CmpOpKind::Eq || c.ops[i] == ast::CmpOpKind::NotEq;
      auto comparable = [&](const Type &t) {
        return t.isUnknown() || t.isNumber() || (equality && t.isComplex());
      };
      if (!comparable(prev) || !comparable(next))
        fail(c.opLocs[i], fmt::format("cannot compare {} and {} with this operator", prev.str(),
                                      next.str()));
      prev = next;
    }
    return record(e, Type::boolean());
  }
  case ast::Expr::Kind::IfExp: {
    auto &i = cast<ast::IfExp>(e);
    condition(*i.test);
    Type a = expr(*i.body), b = expr(*i.orelse);
    Type u = unifyTypes(a, b);
    if (u.isUnknown() && !a.isUnknown() && !b.isUnknown())
      fail(i.getLoc(), fmt::format("the branches of a conditional expression have "
                                   "incompatible types {} and {}",
                                   a.str(), b.str()));
    return record(e, u);
  }
  case ast::Expr::Kind::Tuple: {
    std::vector<Type> elems;
    ConstValue value; // a tuple of integer constants is a constant: (4, 8)
    bool constant = true;
    for (auto &v : cast<ast::Tuple>(e).elts) {
      elems.push_back(expr(*v));
      auto it = result_.constants.find(v.get());
      if (it != result_.constants.end() && it->second.type.isInteger() &&
          it->second.type == elems.back())
        value.elements.push_back(it->second);
      else
        constant = false;
    }
    Type t = Type::tuple(std::move(elems));
    if (constant && !value.elements.empty()) {
      value.type = t;
      result_.constants[&e] = value;
    }
    return record(e, t);
  }
  case ast::Expr::Kind::List:
    fail(e.getLoc(), "lists are not supported in kernels");
  case ast::Expr::Kind::Dict:
    fail(e.getLoc(), "unsupported Python construct: dict displays are not allowed in kernels");
  }
  return Type();
}

} // namespace nvc::sema
