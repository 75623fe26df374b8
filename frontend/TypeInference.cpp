//===- TypeInference.cpp - Numba typing of kernel bodies -------------------===//
//
// Types a kernel body by abstract interpretation over types:
//  1. Collect the names the function assigns (they are locals, as in Python;
//     everything else resolves in the ModuleScope).
//  2. Seed parameters with the signature's types.
//  3. Walk the body, typing every expression bottom-up with Numba's rules and
//     unifying each variable's type with every value assigned to it; repeat
//     until no variable's type changes (loops feed types back to their
//     heads), at most a few rounds since unification only widens.
//  4. Record array reads and writes per parameter for the manifest.
//
//===----------------------------------------------------------------------===//
#include "frontend/TypeInference.h"

#include "frontend/ComplexMath.h"
#include "frontend/MathBuiltins.h"
#include "frontend/TypeRules.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <llvm/Support/Casting.h>

#include <array>
#include <functional>
#include <limits>
#include <set>
#include <tuple>

namespace nvc {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

const Type &TypedKernel::typeOf(const ast::Expr *e) const {
  static const Type unknown;
  auto it = exprTypes.find(e);
  return it == exprTypes.end() ? unknown : it->second;
}

namespace {

/// Names assigned anywhere in a function body (Python's rule for locals).
void collectAssigned(const ast::Expr &target, std::set<std::string> &out) {
  if (auto *n = dyn_cast<ast::Name>(&target))
    out.insert(n->id);
  else if (auto *t = dyn_cast<ast::Tuple>(&target))
    for (auto &e : t->elts)
      collectAssigned(*e, out);
  else if (auto *l = dyn_cast<ast::List>(&target))
    for (auto &e : l->elts)
      collectAssigned(*e, out);
}

void collectAssigned(const ast::Block &block, std::set<std::string> &out) {
  for (auto &s : block) {
    if (auto *a = dyn_cast<ast::Assign>(s.get())) {
      for (auto &t : a->targets)
        collectAssigned(*t, out);
    } else if (auto *a = dyn_cast<ast::AugAssign>(s.get())) {
      collectAssigned(*a->target, out);
    } else if (auto *a = dyn_cast<ast::AnnAssign>(s.get())) {
      collectAssigned(*a->target, out);
    } else if (auto *f = dyn_cast<ast::For>(s.get())) {
      collectAssigned(*f->target, out);
      collectAssigned(f->body, out);
      collectAssigned(f->orelse, out);
    } else if (auto *w = dyn_cast<ast::While>(s.get())) {
      collectAssigned(w->body, out);
      collectAssigned(w->orelse, out);
    } else if (auto *i = dyn_cast<ast::If>(s.get())) {
      collectAssigned(i->body, out);
      collectAssigned(i->orelse, out);
    }
  }
}

/// For each local name: the value of its only definition when the body
/// defines it exactly once, by a plain `name = value` at the top level of
/// the body or of an `if` (null when defined more than once, or by a loop
/// target, an augmented or a tuple assignment). Numba treats such a name
/// like the constant it is bound to (its single-definition constant
/// inference), so `NTHREADS = 256` can size a shared array (000_…txt).
void collectDefinitions(const ast::Block &block,
                        std::map<std::string, const ast::Expr *> &single) {
  auto define = [&](const ast::Expr &target, const ast::Expr *value) {
    std::set<std::string> names;
    collectAssigned(target, names);
    for (auto &n : names) {
      bool first = !single.count(n);
      single[n] = first && isa<ast::Name>(&target) ? value : nullptr;
    }
  };
  for (auto &s : block) {
    if (auto *a = dyn_cast<ast::Assign>(s.get())) {
      for (auto &t : a->targets)
        define(*t, a->value.get());
    } else if (auto *a = dyn_cast<ast::AugAssign>(s.get())) {
      define(*a->target, nullptr);
    } else if (auto *a = dyn_cast<ast::AnnAssign>(s.get())) {
      define(*a->target, nullptr);
    } else if (auto *f = dyn_cast<ast::For>(s.get())) {
      define(*f->target, nullptr);
      collectDefinitions(f->body, single);
      collectDefinitions(f->orelse, single);
    } else if (auto *w = dyn_cast<ast::While>(s.get())) {
      collectDefinitions(w->body, single);
      collectDefinitions(w->orelse, single);
    } else if (auto *i = dyn_cast<ast::If>(s.get())) {
      collectDefinitions(i->body, single);
      collectDefinitions(i->orelse, single);
    }
  }
}

class Inferrer {
public:
  /// `declaredResult`: the function's result type is `sig.result` (a device
  /// function's declared signature); returned values are converted to it.
  Inferrer(InferenceContext &context, const DecoratedFunction &fn, const Signature &sig,
           bool isDevice, bool declaredResult = false)
      : context_(context), scope_(fn.scope ? *fn.scope : context.scope), fn_(fn),
        diags_(context.diags), declaredResult_(declaredResult) {
    result_.source = fn.source;
    result_.isDevice = isDevice;
    result_.def = fn.def;
    result_.signature = sig;
    PrecisionPolicy precision = fn.precision.value_or(context.defaultPrecision);
    result_.intWidth = precision.intWidth;
    result_.wideIndices = precision.wideIndices;
    result_.narrowFloats = precision.narrowFloats;
    result_.fastmath = fn.fastmath;
    result_.coarsen = fn.coarsen;
    result_.localSize = fn.localSize;
    result_.access.resize(sig.params.size());
    collectAssigned(fn.def->body, locals_);
    collectDefinitions(fn.def->body, singleDefinitions_);
    for (size_t i = 0; i < sig.params.size(); ++i) {
      const ast::Param &p = fn.def->params[i];
      if (p.defaultValue)
        throw CompileError(p.defaultValue->getLoc(),
                           "default parameter values are not supported in kernels");
      result_.varTypes[p.name] = sig.params[i];
      varLocs_[p.name] = p.loc;
      locals_.insert(p.name);
      paramIndex_[p.name] = i;
    }
  }

  /// Types the function; errors inside it are reported in its file.
  TypedKernel run() {
    try {
      return runRounds();
    } catch (CompileError &e) {
      if (!e.file)
        e.file = fn_.source;
      throw;
    } catch (CompileErrors &errors) {
      for (CompileError &e : errors.errors)
        if (!e.file)
          e.file = fn_.source;
      throw;
    }
  }

private:
  TypedKernel runRounds() {
    if (!result_.isDevice && result_.signature.result.kind() != Type::Kind::None)
      throw CompileError(result_.signature.loc, "a kernel must return void");
    for (int round = 0; round < 8; ++round) {
      auto before = result_.varTypes;
      Type returnBefore = result_.returnType;
      returnType_ = Type();
      block(fn_.def->body);
      // Statements that failed were skipped: report what this round found
      // rather than type on with their targets unknown.
      if (!errors_.empty())
        throw CompileErrors(std::move(errors_));
      result_.returnType = returnType_.isUnknown() ? Type::none() : returnType_;
      if (declaredResult_) {
        const Type &want = result_.signature.result;
        bool returnsValue = result_.returnType.kind() != Type::Kind::None;
        bool wantsValue = want.kind() != Type::Kind::None;
        if (returnsValue != wantsValue ||
            (returnsValue && !convertible(result_.returnType, want)))
          throw CompileError(result_.signature.loc,
                             fmt::format("'{}' returns {} but its signature declares {}",
                                         fn_.def->name,
                                         returnsValue ? result_.returnType.str() : "nothing",
                                         wantsValue ? want.str() : "void"));
        result_.returnType = want;
      }
      if (before == result_.varTypes && returnBefore == result_.returnType)
        return std::move(result_);
    }
    throw CompileError(fn_.def->getLoc(), "type inference did not converge");
  }

  Type record(const ast::Expr &e, Type t) {
    result_.exprTypes[&e] = t;
    return t;
  }

  [[noreturn]] void fail(ast::Location loc, const std::string &msg) { throw CompileError(loc, msg); }

  /// Types each statement; a statement that fails is recorded and skipped, so
  /// that the errors of independent statements are all reported. What it
  /// would have assigned stays untyped, and the rules tolerate untyped values
  /// (loops reach uses before assignments in the first round), so the
  /// statements after it add no errors of their own making.
  void block(const ast::Block &stmts) {
    for (auto &s : stmts) {
      try {
        stmt(*s);
      } catch (CompileError &e) {
        recordError(std::move(e));
      } catch (CompileErrors &errors) { // from a device function it calls
        for (CompileError &e : errors.errors)
          recordError(std::move(e));
      }
    }
  }

  /// Keeps `e` unless the same error was recorded (a device function called
  /// twice, a loop body typed again).
  void recordError(CompileError e) {
    for (const CompileError &seen : errors_)
      if (seen.file == e.file && seen.loc.line == e.loc.line && seen.loc.col == e.loc.col &&
          seen.message == e.message)
        return;
    errors_.push_back(std::move(e));
  }

  /// Types the assignment of a value of `type` to `target`. An untyped value
  /// (one that depends on a variable no assignment has reached yet, in a loop
  /// typed again next round, or on a statement that failed) assigns nothing;
  /// a subscript target's indices are typed all the same.
  void assignTo(const ast::Expr &target, const Type &type, ast::Location valueLoc,
                std::optional<size_t> arrayRoot = std::nullopt) {
    if (type.isUnknown()) {
      if (auto *sub = dyn_cast<ast::Subscript>(&target))
        subscript(*sub, /*isStore=*/true);
      return;
    }
    if (auto *name = dyn_cast<ast::Name>(&target)) {
      if (type.isArray()) {
        if (!arrayRoot)
          fail(valueLoc, "a variable can hold a view of an array argument (a[i], a row), "
                         "nothing else");
        auto it = arrayRoot_.find(name->id);
        if (it != arrayRoot_.end() && it->second != *arrayRoot)
          fail(valueLoc, fmt::format("variable '{}' refers to views of two different arrays",
                                     name->id));
        arrayRoot_[name->id] = *arrayRoot;
      }
      if (paramIndex_.count(name->id) && result_.varTypes[name->id].isArray())
        fail(name->getLoc(), fmt::format("cannot assign to array parameter '{}'", name->id));
      Type &slot = result_.varTypes[name->id];
      if (type.kind() == Type::Kind::Module || type.kind() == Type::Kind::Function ||
          type.kind() == Type::Kind::Range || type.kind() == Type::Kind::None)
        fail(valueLoc, fmt::format("cannot store a value of type {} in a variable", type.str()));
      Type unified = unifyTypes(slot, type);
      if (unified.isUnknown() || (slot.isArray() && !(slot == type)))
        fail(valueLoc, fmt::format("cannot unify {} and {} for variable '{}' (first assigned at "
                                   "line {}, column {})",
                                   slot.str(), type.str(), name->id, varLocs_[name->id].line,
                                   varLocs_[name->id].col));
      if (!varLocs_.count(name->id))
        varLocs_[name->id] = name->getLoc();
      slot = unified;
      record(target, unified);
      return;
    }
    if (auto *tuple = dyn_cast<ast::Tuple>(&target)) {
      if (!type.isTuple())
        fail(valueLoc, fmt::format("cannot unpack a value of type {}", type.str()));
      if (type.elements().size() != tuple->elts.size())
        fail(valueLoc, fmt::format("cannot unpack {} values into {} targets",
                                   type.elements().size(), tuple->elts.size()));
      for (size_t i = 0; i < tuple->elts.size(); ++i)
        assignTo(*tuple->elts[i], type.elements()[i], valueLoc);
      record(target, type);
      return;
    }
    if (auto *sub = dyn_cast<ast::Subscript>(&target)) {
      Type elem = subscript(*sub, /*isStore=*/true);
      if (elem.isArray()) {
        // a[i] = x, y, z on a 2-D array: the tuple's items go to a[i, 0],
        // a[i, 1], ... (NumPy assigns a sequence to a row; like Numba,
        // nvc does not check the row's length at run time).
        bool ok = type.isTuple();
        if (ok)
          for (auto &e : type.elements())
            ok = ok && e.isScalar() && (!e.isComplex() || elem.element().isComplex());
        if (!ok && !type.isUnknown())
          fail(valueLoc, fmt::format("assigning to a whole row takes a tuple of numbers, one per "
                                     "element, not {}",
                                     type.str()));
        return;
      }
      if (!type.isScalar() || (type.isComplex() && !elem.isComplex() && !elem.isUnknown()))
        fail(valueLoc, fmt::format("cannot store a value of type {} in an array of {}",
                                   type.str(), elem.str()));
      return;
    }
    fail(target.getLoc(), "cannot assign to this expression in a kernel");
  }

  void stmt(const ast::Stmt &s) {
    switch (s.getKind()) {
    case ast::Stmt::Kind::Expr: {
      auto &e = *cast<ast::ExprStmt>(s).value;
      if (isa<ast::StringLiteral>(e))
        return; // docstring
      expr(e);
      return;
    }
    case ast::Stmt::Kind::Assign: {
      auto &a = cast<ast::Assign>(s);
      Type t = expr(*a.value);
      for (auto &target : a.targets) {
        assignTo(*target, t, a.value->getLoc(), rootOf(*a.value));
        if (t.isArray() && isSharedArrayExpr(*a.value))
          if (auto *n = dyn_cast<ast::Name>(target.get()))
            sharedLocals_.insert(n->id);
      }
      return;
    }
    case ast::Stmt::Kind::AugAssign: {
      auto &a = cast<ast::AugAssign>(s);
      Type lhs = isa<ast::Subscript>(*a.target)
                     ? subscript(cast<ast::Subscript>(*a.target), /*isStore=*/true)
                     : expr(*a.target);
      Type rhs = expr(*a.value);
      Type t = binary(a.op, lhs, rhs, a.opLoc);
      warnLiteralPromotion(*a.value, lhs, t);
      warnIntNarrowing(a.op, isa<ast::Subscript>(*a.target) ? a.target.get() : nullptr, *a.value,
                       t, loopDepth_ > 0 && isa<ast::Name>(*a.target), a.opLoc);
      if (isa<ast::Subscript>(*a.target)) {
        subscript(cast<ast::Subscript>(*a.target), /*isStore=*/false);
        return; // stored with conversion to the array's dtype
      }
      assignTo(*a.target, t, a.value->getLoc());
      return;
    }
    case ast::Stmt::Kind::AnnAssign: {
      auto &a = cast<ast::AnnAssign>(s);
      Type declared = typeFromExpr(*a.annotation);
      if (a.value) {
        Type t = expr(*a.value);
        if (!t.isNumber() || !declared.isNumber())
          fail(a.value->getLoc(), "annotated assignments take scalar values");
      }
      assignTo(*a.target, declared, a.target->getLoc());
      return;
    }
    case ast::Stmt::Kind::If: {
      auto &i = cast<ast::If>(s);
      condition(*i.test);
      block(i.body);
      block(i.orelse);
      return;
    }
    case ast::Stmt::Kind::While: {
      auto &w = cast<ast::While>(s);
      condition(*w.test);
      ++loopDepth_;
      block(w.body);
      --loopDepth_;
      block(w.orelse);
      return;
    }
    case ast::Stmt::Kind::For: {
      auto &f = cast<ast::For>(s);
      Type item = iterationItem(*f.iter);
      assignTo(*f.target, item, f.iter->getLoc(), iterationRoot(*f.iter, *f.target));
      ++loopDepth_;
      block(f.body);
      --loopDepth_;
      block(f.orelse);
      return;
    }
    case ast::Stmt::Kind::Break:
    case ast::Stmt::Kind::Continue:
      if (loopDepth_ == 0)
        fail(s.getLoc(), fmt::format("'{}' outside loop",
                                     s.getKind() == ast::Stmt::Kind::Break ? "break" : "continue"));
      return;
    case ast::Stmt::Kind::Pass:
      return;
    case ast::Stmt::Kind::Return: {
      auto &r = cast<ast::Return>(s);
      if (r.value && !isa<ast::NoneLiteral>(*r.value)) {
        if (!result_.isDevice)
          fail(r.value->getLoc(), "a kernel cannot return a value; write results into an array");
        Type t = expr(*r.value);
        if (t.isArray() || t.kind() == Type::Kind::Range || t.kind() == Type::Kind::Module ||
            t.kind() == Type::Kind::Function)
          fail(r.value->getLoc(), fmt::format("a device function cannot return {}", t.str()));
        Type u = unifyTypes(returnType_, t);
        if (u.isUnknown() && !t.isUnknown())
          fail(r.value->getLoc(), fmt::format("cannot unify return types {} and {}",
                                              returnType_.str(), t.str()));
        returnType_ = u;
      } else if (result_.isDevice && !returnType_.isUnknown() &&
                 returnType_.kind() != Type::Kind::None) {
        fail(s.getLoc(), fmt::format("a bare return in a function that returns {}",
                                     returnType_.str()));
      }
      return;
    }
    case ast::Stmt::Kind::FunctionDef:
      fail(s.getLoc(), "nested functions are not supported in kernels");
    case ast::Stmt::Kind::Import:
    case ast::Stmt::Kind::ImportFrom:
      fail(s.getLoc(), "imports inside kernels are not supported; import at module level");
    case ast::Stmt::Kind::Global:
    case ast::Stmt::Kind::Nonlocal:
      fail(s.getLoc(), "'global' and 'nonlocal' are not supported in kernels: globals are "
                       "compile-time constants");
    case ast::Stmt::Kind::Raise:
      fail(s.getLoc(), "raising exceptions in kernels is not supported yet");
    case ast::Stmt::Kind::Assert:
      fail(s.getLoc(), "assert in kernels is not supported yet");
    case ast::Stmt::Kind::Del:
      fail(s.getLoc(), "'del' is not supported in kernels");
    }
  }

  /// 004_…txt "Precision": a Python literal (float64 or int64) mixed into
  /// single-precision arithmetic promotes it to double precision, which is
  /// slow on GPUs and often unintended. Warns once per literal, naming the
  /// fix, unless floats are narrowed anyway.
  void warnLiteralPromotion(const ast::Expr &literal, const Type &otherType, const Type &result) {
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

  /// Whether `e` reads 64-bit integer data: an element of an int64/uint64
  /// array, or an int64/uint64 scalar parameter of the function.
  bool isInt64Data(const ast::Expr &e) {
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

  /// -Wint-narrowing: under 32-bit integers (narrow=True, --index-bits 32,
  /// @nv.jit's default), int64 arithmetic that may wrap at 2**31 where
  /// numba-cuda's exact int64 would not: an accumulation in a loop
  /// (`s += ...`) or +, -, *, ** or << of int64 data. Once per line.
  void warnIntNarrowing(ast::BinOpKind op, const ast::Expr *lhs, const ast::Expr &rhs,
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

  /// The type a `for` loop over `iter` binds per iteration: the counter of
  /// range(), an element (or row view) of an array, (index, item) for
  /// enumerate(), a tuple of items for zip().
  Type iterationItem(const ast::Expr &iter) {
    if (auto *call = dyn_cast<ast::Call>(&iter)) {
      if (auto *fn = dyn_cast<ast::Name>(call->func.get());
          fn && !locals_.count(fn->id) && !scope_.lookup(fn->id) &&
          (fn->id == "enumerate" || fn->id == "zip")) {
        record(*call->func, Type::function(fn->id));
        if (!call->keywords.empty())
          fail(call->keywords.front().loc, fmt::format("{}() keywords are not supported",
                                                       fn->id));
        if (fn->id == "enumerate") {
          if (call->args.size() != 1)
            fail(call->getLoc(), "enumerate() takes one array here");
          return record(*call, Type::tuple({Type::integer(64), iterationItem(*call->args[0])}));
        }
        if (call->args.empty())
          fail(call->getLoc(), "zip() needs at least one array");
        std::vector<Type> items;
        for (auto &a : call->args)
          items.push_back(iterationItem(*a));
        return record(*call, Type::tuple(items));
      }
    }
    Type t = expr(iter);
    if (t.kind() == Type::Kind::Range)
      return t.element();
    if (t.isArray()) {
      if (auto root = rootOf(iter))
        markAccess(root, true, false);
      if (t.ndim() == 1)
        return t.element();
      return Type::array(t.element(), t.ndim() - 1, t.layout() == 'C' ? 'C' : 'A');
    }
    if (t.isTuple() && !t.elements().empty()) {
      // A tuple of one scalar type (Numba's UniTuple), e.g. the seed's
      // `for offset in (128, 64, 32, 16, 8, 4, 2, 1)`.
      const Type &first = t.elements().front();
      for (const Type &e : t.elements())
        if (!(e == first) || !first.isScalar())
          fail(iter.getLoc(), fmt::format("cannot iterate over {}: for loops take tuples whose "
                                          "items are numbers of one type",
                                          t.str()));
      return first;
    }
    if (t.isUnknown())
      return t;
    fail(iter.getLoc(), fmt::format("cannot iterate over {} (for loops take range(), arrays, "
                                    "enumerate() and zip())",
                                    t.str()));
  }

  /// For `for row in a` over a 2-D parameter: the parameter a row view
  /// refers to (only a plain target can hold a view).
  std::optional<size_t> iterationRoot(const ast::Expr &iter, const ast::Expr &target) {
    if (isa<ast::Name>(target))
      return rootOf(iter);
    return std::nullopt;
  }

  /// The parameter an array expression refers to (through views).
  std::optional<size_t> rootOf(const ast::Expr &e) {
    if (auto *n = dyn_cast<ast::Name>(&e)) {
      if (paramIndex_.count(n->id))
        return paramIndex_[n->id];
      auto it = arrayRoot_.find(n->id);
      if (it != arrayRoot_.end())
        return it->second;
      return std::nullopt;
    }
    if (auto *sub = dyn_cast<ast::Subscript>(&e))
      return rootOf(*sub->value);
    if (auto *call = dyn_cast<ast::Call>(&e)) {
      const Type &callee = result_.exprTypes[call->func.get()];
      if (callee.kind() == Type::Kind::Function && isPrivateArrayConstructor(callee.name()))
        return kPrivateArray;
    }
    return std::nullopt;
  }

  /// Whether `mask`, the first argument of a numba.cuda *_sync function,
  /// names every active invocation: a constant whose low 32 bits are all set
  /// (0xffffffff, as the seeds write it), a call of cuda.activemask(), or a
  /// local variable every assignment of which is such a call. Vulkan subgroup
  /// operations always take every invocation that reaches them, so these are
  /// the only masks nvc can honour.
  bool isActiveMask(const ast::Expr &mask) {
    auto it = result_.constants.find(&mask);
    if (it != result_.constants.end())
      return it->second.type.isInteger() &&
             (static_cast<uint64_t>(it->second.i) & 0xffffffffu) == 0xffffffffu;
    if (auto *lit = dyn_cast<ast::IntLiteral>(&mask))
      return (static_cast<uint64_t>(lit->value) & 0xffffffffu) == 0xffffffffu;
    if (auto *call = dyn_cast<ast::Call>(&mask))
      return isActiveMaskCall(*call);
    auto *name = dyn_cast<ast::Name>(&mask);
    if (!name || paramIndex_.count(name->id))
      return false;
    bool assigned = false, onlyActiveMask = true;
    std::function<void(const ast::Block &)> scan = [&](const ast::Block &block) {
      for (auto &st : block) {
        if (auto *a = dyn_cast<ast::Assign>(st.get())) {
          for (auto &t : a->targets)
            if (auto *n = dyn_cast<ast::Name>(t.get()); n && n->id == name->id) {
              assigned = true;
              auto *c = dyn_cast<ast::Call>(a->value.get());
              onlyActiveMask &= c && isActiveMaskCall(*c);
            } else if (isa<ast::Tuple>(t.get())) {
              onlyActiveMask = false; // tuple targets: not followed
            }
        } else if (auto *a = dyn_cast<ast::AugAssign>(st.get())) {
          if (auto *n = dyn_cast<ast::Name>(a->target.get()); n && n->id == name->id)
            onlyActiveMask = false;
        } else if (auto *i = dyn_cast<ast::If>(st.get())) {
          scan(i->body);
          scan(i->orelse);
        } else if (auto *w = dyn_cast<ast::While>(st.get())) {
          scan(w->body);
          scan(w->orelse);
        } else if (auto *f = dyn_cast<ast::For>(st.get())) {
          if (auto *n = dyn_cast<ast::Name>(f->target.get()); n && n->id == name->id)
            onlyActiveMask = false;
          scan(f->body);
          scan(f->orelse);
        }
      }
    };
    scan(fn_.def->body);
    return assigned && onlyActiveMask;
  }

  bool isActiveMaskCall(const ast::Call &c) {
    auto it = result_.exprTypes.find(c.func.get());
    if (it != result_.exprTypes.end() && it->second.kind() == Type::Kind::Function)
      return it->second.name() == "cuda.activemask" && c.args.empty();
    auto *a = dyn_cast<ast::Attribute>(c.func.get());
    return a && a->attr == "activemask" && c.args.empty();
  }

  /// nv.subgroup functions and numba.cuda's warp functions (004_…txt
  /// "Subgroups"; numba.cuda's "Warp intrinsics"). The mask of the *_sync
  /// functions must name every active invocation (isActiveMask), since
  /// Vulkan subgroup operations take every invocation that reaches them.
  Type subgroupCall(const ast::Call &c, const std::string &f) {
    std::string name = f.substr(f.rfind('.') + 1);
    std::vector<Type> args;
    for (auto &a : c.args)
      args.push_back(expr(*a));
    if (!c.keywords.empty())
      fail(c.keywords.front().loc, fmt::format("{}() takes no keywords", f));
    auto arity = [&](size_t n) {
      if (args.size() != n)
        fail(c.getLoc(), fmt::format("{}() takes {} argument{} ({} given)", f, n,
                                     n == 1 ? "" : "s", args.size()));
    };
    bool isCuda = f.rfind("cuda.", 0) == 0;
    // Values are 32- or 64-bit integers or floats (004_…txt), and booleans
    // for the arithmetic ones (counted as integers, as NumPy sums them).
    auto number = [&](size_t i) {
      const Type &t = args[i];
      if (!t.isUnknown() && !((t.isInteger() || t.isFloat() || t.isBoolean()) && t.bits() <= 64))
        fail(c.args[i + (isCuda ? 1 : 0)]->getLoc(),
             fmt::format("{}() takes a number, not {}", f, t.str()));
    };
    if (isCuda && name == "activemask") {
      arity(0);
      return record(c, Type::integer(32, false));
    }
    if (isCuda) {
      if (args.empty())
        fail(c.getLoc(), fmt::format("{}() takes a mask first", f));
      if (!isActiveMask(*c.args[0]))
        fail(c.args[0]->getLoc(),
             fmt::format("{}() supports only a mask of all active lanes (0xffffffff or "
                         "cuda.activemask()): Vulkan subgroup operations include every "
                         "active invocation",
                         f));
      args.erase(args.begin());
      name = name.substr(0, name.size() - 5); // shfl_xor_sync -> shfl_xor
    }
    if (name == "size" || name == "lane" || name == "id" || name == "count") {
      arity(0);
      return record(c, Type::integer(64));
    }
    if (name == "elect") {
      arity(0);
      return record(c, Type::boolean());
    }
    static const std::set<std::string> arithmetic = {
        "sum",           "prod",           "min",           "max",
        "inclusive_sum", "inclusive_prod", "inclusive_min", "inclusive_max",
        "exclusive_sum", "exclusive_prod", "exclusive_min", "exclusive_max"};
    if (arithmetic.count(name)) {
      arity(1);
      number(0);
      return record(c, args[0].isBoolean() ? Type::integer(64) : args[0]);
    }
    if (name == "any" || name == "all") {
      arity(1);
      return record(c, Type::boolean());
    }
    if (name == "ballot") {
      // nv.subgroup.ballot: the four uint32 words of SPIR-V's ballot (lane
      // i is bit i % 32 of word i / 32), as a UniTuple(uint32, 4);
      // cuda.ballot_sync: the first word, a uint32 as in numba.cuda (all
      // lanes for subgroups of up to 32 invocations).
      arity(1);
      if (isCuda)
        return record(c, Type::integer(32, false));
      return record(c, Type::tuple(std::vector<Type>(4, Type::integer(32, false))));
    }
    if (name == "ballot_count") {
      arity(1);
      return record(c, Type::integer(64));
    }
    if (name == "broadcast_first") {
      arity(1);
      number(0);
      return record(c, args[0].isBoolean() ? Type::integer(64) : args[0]);
    }
    if (name == "shuffle" || name == "shuffle_xor" || name == "shuffle_up" ||
        name == "shuffle_down" || name == "broadcast" || name == "shfl" ||
        name == "shfl_xor" || name == "shfl_up" || name == "shfl_down") {
      arity(2);
      number(0);
      if (!args[1].isInteger() && !args[1].isUnknown())
        fail(c.args[isCuda ? 2 : 1]->getLoc(), "the lane, delta or mask must be an integer");
      return record(c, args[0]);
    }
    fail(c.getLoc(), fmt::format("{}() is not supported yet", f));
  }

  /// `cuda.atomic.OP(ary, idx, val)` / `nv.atomic.OP(...)` and
  /// `cas(ary, idx, old, val)` (numba.cuda's atomic operations; 004_…txt
  /// "Workgroups, shared memory and atomics"): on one element of an array
  /// argument or a shared array, returning the previous value. Integer
  /// atomics work on 32-bit elements (int64 arrays too, narrowed to 32 bits
  /// by default); float32 has add, sub, max, min, nanmax, nanmin and exch;
  /// inc and dec are numba.cuda's (unsigned wrap-around counters); float64
  /// and 64-bit integer atomics are errors (Vulkan devices rarely have them),
  /// except on the float64 arrays of narrowed kernels, which are float32 on
  /// the device.
  Type atomicCall(const ast::Call &c, const std::string &f) {
    std::string op = f.substr(f.rfind('.') + 1);
    static const std::set<std::string> known = {"add",    "sub",    "max", "min", "nanmax",
                                                "nanmin", "exch",   "and_", "or_", "xor",
                                                "inc",    "dec",    "cas"};
    if (!known.count(op))
      fail(c.func->getLoc(), fmt::format("{}() is not an atomic operation (nvc has add, sub, "
                                         "max, min, nanmax, nanmin, exch, and_, or_, xor, inc, "
                                         "dec and cas)",
                                         f));
    if (!c.keywords.empty())
      fail(c.keywords.front().loc, fmt::format("{}() takes no keywords", f));
    size_t want = op == "cas" ? 4 : 3;
    if (c.args.size() != want)
      fail(c.getLoc(), fmt::format("{}() takes {} arguments ({} given)", f, want, c.args.size()));
    Type ary = expr(*c.args[0]);
    std::vector<Type> values;
    for (size_t i = 2; i < want; ++i)
      values.push_back(expr(*c.args[i]));
    if (ary.isUnknown())
      return record(c, Type());
    if (!ary.isArray())
      fail(c.args[0]->getLoc(), fmt::format("{}() takes an array first, not {}", f, ary.str()));
    // The index: an integer for 1-D arrays, a tuple of ndim integers.
    const ast::Expr &index = *c.args[1];
    std::vector<const ast::Expr *> indices;
    if (auto *t = dyn_cast<ast::Tuple>(&index))
      for (auto &e : t->elts)
        indices.push_back(e.get());
    else
      indices.push_back(&index);
    for (auto *i : indices) {
      Type t = expr(*i);
      if (!t.isInteger() && !t.isBoolean() && !t.isUnknown())
        fail(i->getLoc(), fmt::format("array indices must be integers, not {}", t.str()));
    }
    if (indices.size() != ary.ndim())
      fail(index.getLoc(), fmt::format("{}() needs one index per dimension: the array has {}, "
                                       "the index {}",
                                       f, ary.ndim(), indices.size()));
    const Type &dtype = ary.element();
    // Narrowed kernels keep float64 arrays as float32 on the device, so
    // their atomics are float32 atomics.
    bool narrowedFloat64 = dtype.isFloat() && dtype.bits() == 64 && result_.narrowFloats;
    if (dtype.isFloat() && dtype.bits() == 64 && !narrowedFloat64)
      fail(c.args[0]->getLoc(),
           fmt::format("{}() on a float64 array: float64 atomics are not available on Vulkan "
                       "devices; use a float32 array",
                       f));
    bool isFloat = dtype.isFloat() && (dtype.bits() == 32 || narrowedFloat64);
    bool isInt = dtype.isInteger() && dtype.bits() >= 32;
    if (!isFloat && !isInt)
      fail(c.args[0]->getLoc(), fmt::format("{}() works on arrays of 32-bit (or narrowed "
                                            "64-bit) integers and float32, not {}",
                                            f, dtype.str()));
    static const std::set<std::string> integerOnly = {"and_", "or_", "xor", "inc", "dec", "cas"};
    static const std::set<std::string> floatOnly = {"nanmax", "nanmin"};
    if (isFloat && integerOnly.count(op))
      fail(c.args[0]->getLoc(),
           fmt::format("{}() works on integer arrays, not {}", f, dtype.str()));
    if (isInt && floatOnly.count(op))
      fail(c.args[0]->getLoc(), fmt::format("{}() works on float arrays, not {}", f, dtype.str()));
    if ((op == "inc" || op == "dec") && dtype.isSigned())
      fail(c.args[0]->getLoc(), fmt::format("{}() works on uint32 (and uint64) arrays, as in "
                                            "numba.cuda, not {}",
                                            f, dtype.str()));
    for (size_t i = 0; i < values.size(); ++i)
      if (!values[i].isUnknown() && !values[i].isNumber())
        fail(c.args[2 + i]->getLoc(),
             fmt::format("{}() takes a number to combine, not {}", f, values[i].str()));
    if (auto *n = dyn_cast<ast::Name>(c.args[0].get());
        n && !locals_.count(n->id) && scope_.lookup(n->id))
      fail(c.args[0]->getLoc(), fmt::format("'{}' is a global array, frozen at compile time "
                                            "and read-only in kernels",
                                            n->id));
    auto root = rootOf(*c.args[0]);
    if (root && *root == kPrivateArray && !isSharedArrayExpr(*c.args[0]))
      fail(c.args[0]->getLoc(), fmt::format("{}() on a private array: atomics work on array "
                                            "arguments and shared arrays",
                                            f));
    markAccess(root, true, true);
    return record(c, dtype);
  }

  /// Whether `e` names (or is) a shared array.
  bool isSharedArrayExpr(const ast::Expr &e) {
    if (auto *sub = dyn_cast<ast::Subscript>(&e))
      return isSharedArrayExpr(*sub->value);
    if (auto *call = dyn_cast<ast::Call>(&e))
      return result_.sharedArrays.count(call) != 0;
    if (auto *n = dyn_cast<ast::Name>(&e))
      return sharedLocals_.count(n->id) != 0;
    return false;
  }

  /// numba.cuda's cuda.syncthreads_count/and/or(p): a workgroup barrier that
  /// also returns, to every invocation, the number of invocations for which
  /// p holds, or whether it holds for all / any of them (an int32, as in
  /// numba.cuda, where they map to PTX bar.red).
  Type syncthreadsReduction(const ast::Call &c, const std::string &f) {
    if (c.args.size() != 1 || !c.keywords.empty())
      fail(c.getLoc(), fmt::format("{}() takes 1 argument (the predicate)", f));
    Type p = expr(*c.args[0]);
    if (!p.isUnknown() && !p.isBoolean() && !p.isInteger() && !p.isFloat())
      fail(c.args[0]->getLoc(), fmt::format("{}() takes a predicate, not {}", f, p.str()));
    return record(c, Type::integer(32));
  }

  /// Marks a use of the array rooted at `root` (a parameter index, or a
  /// private array, which the manifest does not describe).
  void markAccess(std::optional<size_t> root, bool read, bool written) {
    if (!root || *root == kPrivateArray)
      return;
    result_.access[*root].read |= read;
    result_.access[*root].written |= written;
  }

  static bool isPrivateArrayConstructor(const std::string &f) {
    return f == "cuda.local.array" || f == "nv.local.array" || f == "np.zeros" ||
           f == "np.ones" || f == "np.empty" || f == "np.full" || isSharedArrayConstructor(f);
  }

  static bool isSharedArrayConstructor(const std::string &f) {
    return f == "cuda.shared.array" || f == "nv.shared.array";
  }

  /// `cuda.local.array(shape, dtype)`, `np.zeros(shape, dtype=...)`, ...:
  /// an array private to the invocation, of constant shape (004_…txt
  /// "Arrays inside kernels"). Records the shape as the call's constant.
  Type privateArray(const ast::Call &c, const std::string &f) {
    const ast::Expr *shapeExpr = c.args.empty() ? nullptr : c.args[0].get();
    const ast::Expr *dtypeExpr = nullptr;
    const ast::Expr *fillExpr = nullptr;
    size_t positional = c.args.size();
    bool isFull = f == "np.full";
    if (isFull && positional >= 2)
      fillExpr = c.args[1].get();
    size_t dtypePos = isFull ? 2 : 1;
    if (positional > dtypePos)
      dtypeExpr = c.args[dtypePos].get();
    if (positional > dtypePos + 1)
      fail(c.getLoc(), fmt::format("{}() takes at most {} positional arguments", f, dtypePos + 1));
    for (auto &kw : c.keywords) {
      if (kw.name == "shape")
        shapeExpr = kw.value.get();
      else if (kw.name == "dtype")
        dtypeExpr = kw.value.get();
      else if (kw.name == "fill_value" && isFull)
        fillExpr = kw.value.get();
      else
        fail(kw.loc, fmt::format("unknown keyword '{}' of {}()", kw.name, f));
    }
    if (!shapeExpr)
      fail(c.getLoc(), fmt::format("{}() needs a shape", f));
    expr(*shapeExpr);
    // An extent that is not a compile-time integer.
    constexpr int64_t kNotConstant = std::numeric_limits<int64_t>::min();
    std::vector<int64_t> shape;
    auto it = result_.constants.find(shapeExpr);
    if (it != result_.constants.end() && it->second.type.isInteger())
      shape.push_back(it->second.i);
    else if (it != result_.constants.end() && it->second.type.isTuple())
      for (auto &e : it->second.elements)
        shape.push_back(e.type.isInteger() ? e.i : kNotConstant);
    else if (auto *t = dyn_cast<ast::Tuple>(shapeExpr))
      for (auto &e : t->elts) {
        auto jt = result_.constants.find(e.get());
        shape.push_back(jt != result_.constants.end() && jt->second.type.isInteger()
                            ? jt->second.i
                            : kNotConstant);
      }
    else
      shape.push_back(kNotConstant);
    for (int64_t extent : shape)
      if (extent == kNotConstant)
        fail(shapeExpr->getLoc(),
             fmt::format("the shape of {}() must be a constant (a number, a module constant or a "
                         "tuple of them): every invocation's private array is allocated when "
                         "the kernel is compiled",
                         f));
    if (shape.empty() || shape.size() > 3)
      fail(shapeExpr->getLoc(), "private arrays have 1 to 3 dimensions");
    // numba-cuda's dynamic shared memory: a one-dimensional shared array of
    // length 0 (`cuda.shared.array(0, dtype)`, also `(0,)`) is sized by the
    // launch, and all such arrays alias (cudaimpl.py's `_generic_array`:
    // "Only 1d arrays can be dynamic"; any other array of no positive length
    // is its "array length <= 0" error). numba-cuda also takes a negative
    // length for dynamic; nvc refuses it as the mistake it most likely is.
    const bool dynamicShared = isSharedArrayConstructor(f) && shape.size() == 1 && shape[0] == 0;
    for (int64_t extent : shape)
      if (extent < 0)
        fail(shapeExpr->getLoc(),
             fmt::format("{}() of a negative extent ({}){}", f, extent,
                         isSharedArrayConstructor(f)
                             ? "; a dynamic shared array (sized by the launch) has length 0"
                             : ""));
    if (isSharedArrayConstructor(f) && !dynamicShared)
      for (int64_t extent : shape)
        if (extent == 0)
          fail(shapeExpr->getLoc(),
               fmt::format("{}() with a zero extent in a {}-dimensional shape: only a "
                           "one-dimensional shared array of length 0 is dynamic (sized by the "
                           "launch's shared-memory bytes), as in numba-cuda",
                           f, shape.size()));
    if (dynamicShared)
      shape[0] = 0;
    Type dtype = Type::floating(64); // NumPy's default
    if (dtypeExpr) {
      Type d = expr(*dtypeExpr);
      if (auto *s = dyn_cast<ast::StringLiteral>(dtypeExpr); s && scalarTypeFromName(s->value))
        d = Type::dtype(*scalarTypeFromName(s->value));
      if (d.kind() != Type::Kind::DType)
        fail(dtypeExpr->getLoc(), "expected a dtype such as np.float32");
      dtype = d.element();
    } else if (f == "cuda.local.array" || f == "nv.local.array" ||
               isSharedArrayConstructor(f)) {
      fail(c.getLoc(), fmt::format("{}() needs a dtype", f));
    }
    if (fillExpr) {
      Type ft = expr(*fillExpr);
      if (!ft.isScalar())
        fail(fillExpr->getLoc(), "the fill value must be a number");
    }
    // Refuse sizes no device allows before any later stage multiplies them out.
    {
      const bool shared = isSharedArrayConstructor(f);
      const uint64_t limit = shared ? (uint64_t{1} << 18) : (uint64_t{1} << 20);
      uint64_t bytes = dtype.byteSize();
      for (int64_t extent : shape)
        bytes = extent != 0 && bytes > limit / static_cast<uint64_t>(extent)
                    ? limit + 1
                    : bytes * static_cast<uint64_t>(extent);
      std::string shapeText;
      for (int64_t extent : shape)
        shapeText += (shapeText.empty() ? "" : ", ") + std::to_string(extent);
      if (bytes > limit)
        fail(shapeExpr->getLoc(),
             fmt::format("{}() of shape {} is larger than {} KiB, more {} memory than any device "
                         "offers {}",
                         f, "(" + shapeText + ")", limit / 1024, shared ? "shared" : "private",
                         shared ? "a workgroup" : "an invocation"));
    }
    result_.privateArrays[&c] = shape;
    if (isSharedArrayConstructor(f)) {
      // Dynamic shared arrays all name the same memory, so a device
      // function's is the kernel's (as in numba-cuda); a static one would
      // need one allocation per call.
      if (result_.isDevice && !dynamicShared)
        fail(c.getLoc(), "shared arrays must be declared in the kernel, not in a device function "
                         "(except dynamic ones, cuda.shared.array(0, dtype))");
      result_.sharedArrays.insert(&c);
      if (dynamicShared)
        result_.dynamicSharedArrays.insert(&c);
    }
    return record(c, Type::array(dtype, static_cast<unsigned>(shape.size()), 'C'));
  }

  void condition(const ast::Expr &e) {
    Type t = expr(e);
    if (!t.isScalar())
      fail(e.getLoc(), fmt::format("a condition must be a number or bool, not {}", t.str()));
  }

  /// Numba's result type of `lhs op rhs` for numbers (TypeRules).
  Type binary(ast::BinOpKind op, const Type &lhs, const Type &rhs, ast::Location loc) {
    if (op == ast::BinOpKind::MatMult && lhs.isScalar() && rhs.isScalar())
      fail(loc, "the @ operator is not supported on scalars");
    Type t = binaryResultType(op, lhs, rhs);
    if (t.isUnknown())
      fail(loc, fmt::format("unsupported operand types for {}: {} and {}", binOpSymbol(op),
                            lhs.str(), rhs.str()));
    return t;
  }

  /// Records `lhs op rhs` of two integer constants as a constant too, so that
  /// shapes such as `(TILE, TILE + 1)` are constant (Python's integer
  /// arithmetic; nothing is recorded where it would leave int64's range or
  /// divide by zero, nor beyond int32's range).
  void foldIntegerConstant(const ast::BinOp &b, const Type &t) {
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

  Type name(const ast::Name &n) {
    if (locals_.count(n.id)) {
      auto it = result_.varTypes.find(n.id);
      // Unknown when no assignment has reached it yet: a later round (loops
      // feed types back) may know; MLIR generation rejects what stays unknown.
      if (it == result_.varTypes.end())
        return record(n, Type());
      // A local bound once to an integer constant is that constant.
      auto def = singleDefinitions_.find(n.id);
      if (def != singleDefinitions_.end() && def->second && !paramIndex_.count(n.id)) {
        auto c = result_.constants.find(def->second);
        if (c != result_.constants.end() && c->second.type.isInteger() &&
            c->second.type == it->second)
          result_.constants[&n] = c->second;
      }
      return record(n, it->second);
    }
    const GlobalSymbol *sym = scope_.lookup(n.id);
    if (!sym) {
      static const std::set<std::string> builtins = {"len", "abs", "min", "max", "divmod",
                                                     "int", "float", "bool", "range",
                                                     "round", "print", "complex", "sum",
                                                     "enumerate", "zip", "pow"};
      if (builtins.count(n.id))
        return record(n, Type::function(n.id));
      if (const ast::Location *at = scope_.unevaluated(n.id))
        fail(n.getLoc(), fmt::format("cannot evaluate module-level '{}' (assigned at line {}) "
                                     "when the kernel is compiled: nvc freezes numbers, "
                                     "typed numbers, tuples of them, dtypes and NumPy arrays "
                                     "from np.array/arange/linspace (and their slices)",
                                     n.id, at->line));
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

  Type attribute(const ast::Attribute &a) {
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
      if (m == "np" || m == "numba" || m == "numba.types")
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
        if (attr == "grid" || attr == "gridsize" || attr == "syncthreads")
          return record(a, Type::function("cuda." + attr));
        if (attr == "shared" || attr == "local" || attr == "atomic" || attr == "const")
          return record(a, Type::module("cuda." + attr));
        if (attr == "fma")
          return record(a, Type::function("cuda.fma"));
        if (attr == "libdevice")
          return record(a, Type::module("cuda.libdevice"));
        if (attr == "warpsize" || attr == "laneid")
          return record(a, Type::integer(32));
        static const std::set<std::string> warpFns = {
            "shfl_sync",   "shfl_up_sync",    "shfl_down_sync",  "shfl_xor_sync",
            "all_sync",    "any_sync",        "ballot_sync",     "activemask",
            "syncthreads_count", "syncthreads_and", "syncthreads_or"};
        if (warpFns.count(attr))
          return record(a, Type::function("cuda." + attr));
        fail(a.attrLoc, fmt::format("unknown attribute '{}' of module 'cuda'", attr));
      }
      if (m == "cuda.cg") {
        if (attr == "this_grid")
          return record(a, Type::function("cuda.cg.this_grid"));
        fail(a.attrLoc, fmt::format("unknown attribute '{}' of module 'cuda.cg'", attr));
      }
      if (m == "nv") {
        static const std::set<std::string> fns = {"global_id", "local_id", "group_id",
                                                  "local_size", "num_groups", "barrier",
                                                  "syncthreads"};
        if (fns.count(attr))
          return record(a, Type::function("nv." + attr));
        if (attr == "shared" || attr == "local" || attr == "atomic" || attr == "subgroup")
          return record(a, Type::module("nv." + attr));
        if (attr == "fma")
          return record(a, Type::function("nv.fma"));
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
    if (base.kind() == Type::Kind::Dim3) {
      if (attr == "x" || attr == "y" || attr == "z")
        return record(a, Type::integer(32));
      fail(a.attrLoc, fmt::format("{} has no attribute '{}' (use .x, .y or .z)",
                                  "cuda." + base.name(), attr));
    }
    if (base.isComplex() || base.isNumber()) {
      // Numba gives numbers .real, .imag and .conjugate() (reals too).
      if (attr == "real" || attr == "imag")
        return record(a, base.isComplex() ? base.complexPart() : base);
      if (attr == "conjugate")
        return record(a, Type::function("method.conjugate"));
      fail(a.attrLoc, fmt::format("{} has no attribute '{}'", base.str(), attr));
    }
    if (base.isArray()) {
      if (attr == "shape")
        return record(a, Type::tuple(std::vector<Type>(base.ndim(), Type::integer(64))));
      if (attr == "size" || attr == "ndim")
        return record(a, Type::integer(64));
      fail(a.attrLoc, fmt::format("unknown attribute '{}' of {}", attr, base.str()));
    }
    if (base.isUnknown())
      return record(a, Type());
    fail(a.attrLoc, fmt::format("{} has no attribute '{}'", base.str(), attr));
  }

  /// Types `a[i, j]`; marks the array parameter read or written.
  Type subscript(const ast::Subscript &s, bool isStore) {
    Type base = expr(*s.value);
    if (base.isTuple()) {
      if (isStore)
        fail(s.getLoc(), "tuples are immutable");
      Type idx = expr(*s.index);
      auto it = result_.constants.find(s.index.get());
      auto *lit = dyn_cast<ast::IntLiteral>(s.index.get());
      int64_t k;
      if (lit && lit->fitsUInt64)
        k = static_cast<int64_t>(lit->value);
      else if (it != result_.constants.end() && it->second.type.isInteger())
        k = it->second.i;
      else
        fail(s.index->getLoc(), fmt::format("a tuple index must be a constant integer, not {}",
                                            idx.str()));
      int64_t n = static_cast<int64_t>(base.elements().size());
      if (k < 0)
        k += n;
      if (k < 0 || k >= n)
        fail(s.index->getLoc(), "tuple index out of range");
      return record(s, base.elements()[k]);
    }
    if (base.isUnknown())
      return record(s, Type());
    if (!base.isArray())
      fail(s.value->getLoc(), fmt::format("{} is not subscriptable", base.str()));
    std::vector<const ast::Expr *> indices;
    if (auto *t = dyn_cast<ast::Tuple>(s.index.get()))
      for (auto &e : t->elts)
        indices.push_back(e.get());
    else
      indices.push_back(s.index.get());
    for (auto *i : indices) {
      if (isa<ast::Slice>(*i))
        fail(i->getLoc(), "slicing arrays is not supported yet");
      Type t = expr(*i);
      if (!t.isInteger() && !t.isBoolean() && !t.isUnknown())
        fail(i->getLoc(), fmt::format("array indices must be integers, not {}", t.str()));
    }
    if (isStore)
      if (auto *n = dyn_cast<ast::Name>(s.value.get());
          n && !locals_.count(n->id) && scope_.lookup(n->id))
        fail(s.getLoc(), fmt::format("'{}' is a global array, frozen at compile time and "
                                     "read-only in kernels",
                                     n->id));
    if (indices.size() > base.ndim())
      fail(s.index->getLoc(), fmt::format("too many indices for a {}-dimensional array: {}",
                                          base.ndim(), indices.size()));
    if (indices.size() < base.ndim()) {
      if (isStore && indices.size() + 1 < base.ndim())
        fail(s.getLoc(), "assigning to a whole plane is not supported yet (assign to rows)");
      if (isStore)
        if (auto root = rootOf(*s.value))
          markAccess(root, false, true);
      // a[i] of a 2-D array: a view of row i.
      return record(s, Type::array(base.element(), base.ndim() - indices.size(),
                                   base.layout() == 'C' ? 'C' : 'A'));
    }
    if (auto root = rootOf(*s.value)) {
      markAccess(root, !isStore, isStore);
    }
    return record(s, base.element());
  }

  /// A call of a function defined in the file: typed by specializing the
  /// callee for the argument types (Numba compiles one version per call
  /// signature); the result is the callee's return type.
  Type userCall(const ast::Call &c, const std::string &name) {
    const DecoratedFunction *fn = nullptr;
    if (const GlobalSymbol *sym = scope_.lookup(name))
      fn = sym->function;
    if (!fn)
      fail(c.func->getLoc(),
           fmt::format("'{}' is not a GPU function: decorate it with @cuda.jit(device=True), "
                       "@nv.jit or @njit to call it from a kernel",
                       name));
    if (!c.keywords.empty())
      fail(c.keywords.front().loc, "keyword arguments to device functions are not supported");
    std::vector<Type> args;
    for (auto &a : c.args) {
      Type t = expr(*a);
      if (t.isUnknown())
        return record(c, Type());
      if (!t.isScalar() && !t.isArray() && !t.isTuple())
        fail(a->getLoc(), fmt::format("cannot pass {} to a device function", t.str()));
      args.push_back(t);
    }
    if (args.size() != fn->def->params.size())
      fail(c.getLoc(), fmt::format("{}() takes {} arguments ({} given)", name,
                                   fn->def->params.size(), args.size()));
    std::string key = inferDeviceFunction(context_, *fn, args, c.getLoc());
    result_.callees[&c] = key;
    const TypedKernel &spec = *context_.specializations.at(key);
    for (size_t i = 0; i < c.args.size(); ++i)
      if (args[i].isArray())
        markAccess(rootOf(*c.args[i]), spec.access[i].read, spec.access[i].written);
    return record(c, spec.returnType);
  }

  int64_t constantAxis(const ast::Call &c, const std::string &fname, int64_t lo, int64_t hi) {
    if (c.args.size() != 1)
      fail(c.getLoc(), fmt::format("{}() takes exactly one argument", fname));
    auto *lit = dyn_cast<ast::IntLiteral>(c.args[0].get());
    expr(*c.args[0]);
    auto it = result_.constants.find(c.args[0].get());
    int64_t v;
    if (lit && lit->fitsUInt64)
      v = static_cast<int64_t>(lit->value);
    else if (it != result_.constants.end() && it->second.type.isInteger())
      v = it->second.i;
    else
      fail(c.args[0]->getLoc(), fmt::format("the argument of {}() must be a constant", fname));
    if (v < lo || v > hi)
      fail(c.args[0]->getLoc(), fmt::format("the argument of {}() must be between {} and {}",
                                            fname, lo, hi));
    return v;
  }

  Type call(const ast::Call &c) {
    Type callee = expr(*c.func);
    std::vector<Type> args;
    auto typeArgs = [&]() {
      for (auto &a : c.args)
        args.push_back(expr(*a));
      if (!c.keywords.empty())
        fail(c.keywords.front().loc, "keyword arguments are not supported here");
    };
    auto needArgs = [&](size_t lo, size_t hi, const std::string &fname) {
      if (args.size() < lo || args.size() > hi)
        fail(c.getLoc(), fmt::format("{}() takes {} arguments ({} given)", fname,
                                     lo == hi ? std::to_string(lo)
                                              : fmt::format("{} to {}", lo, hi),
                                     args.size()));
      for (size_t i = 0; i < args.size(); ++i)
        if (args[i].isUnknown())
          return false;
      return true;
    };
    if (callee.kind() == Type::Kind::DType) {
      typeArgs();
      if (needArgs(1, 1, callee.element().str()) &&
          !(args[0].isNumber() || (args[0].isComplex() && callee.element().isComplex())))
        fail(c.args[0]->getLoc(), fmt::format("cannot convert {} to {}", args[0].str(),
                                              callee.element().str()));
      return record(c, callee.element());
    }
    if (callee.kind() == Type::Kind::UserFunction)
      return userCall(c, callee.name());
    if (callee.kind() != Type::Kind::Function) {
      if (callee.isUnknown())
        return record(c, Type());
      fail(c.func->getLoc(), fmt::format("{} is not callable", callee.str()));
    }
    const std::string &f = callee.name();
    if (f == "cuda.grid" || f == "cuda.gridsize") {
      int64_t n = constantAxis(c, f, 1, 3);
      return record(c, n == 1 ? Type::integer(64)
                              : Type::tuple(std::vector<Type>(n, Type::integer(64))));
    }
    if (f == "nv.global_id" || f == "nv.local_id" || f == "nv.group_id" ||
        f == "nv.local_size" || f == "nv.num_groups") {
      constantAxis(c, f, 0, 2);
      return record(c, Type::integer(64));
    }
    if (f == "cuda.cg.this_grid")
      fail(c.getLoc(), "grid-wide synchronisation (cuda.cg.this_grid()) cannot be expressed in "
                       "one Vulkan dispatch: split the kernel into one launch per phase");
    if (isPrivateArrayConstructor(f))
      return privateArray(c, f);
    if (f == "cuda.syncthreads_count" || f == "cuda.syncthreads_and" ||
        f == "cuda.syncthreads_or")
      return syncthreadsReduction(c, f);
    if (f.rfind("nv.subgroup.", 0) == 0 || f == "cuda.activemask" ||
        (f.rfind("cuda.", 0) == 0 && f.find("_sync") != std::string::npos))
      return subgroupCall(c, f);
    if (f.rfind("cuda.atomic.", 0) == 0 || f.rfind("nv.atomic.", 0) == 0)
      return atomicCall(c, f);
    if (f == "cuda.syncthreads" || f == "nv.barrier" || f == "nv.syncthreads") {
      if (!c.args.empty() || !c.keywords.empty())
        fail(c.getLoc(), fmt::format("{}() takes no arguments", f));
      return record(c, Type::none());
    }
    if ((f.rfind("cuda.", 0) == 0 || f.rfind("nv.", 0) == 0) && !isMathBuiltin(f))
      fail(c.getLoc(), fmt::format("{}() is not supported yet", f));
    typeArgs();
    if (f == "range") {
      if (!needArgs(1, 3, "range"))
        return record(c, Type::range(Type()));
      Type counter = args[0];
      for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].isInteger() && !args[i].isBoolean())
          fail(c.args[i]->getLoc(), fmt::format("range() takes integers, not {}", args[i].str()));
        counter = i ? promoteIntegers(counter, args[i]) : promoteIntegers(args[i], args[i]);
      }
      return record(c, Type::range(counter));
    }
    if (f == "len") {
      if (needArgs(1, 1, "len") && !args[0].isArray() && !args[0].isTuple())
        fail(c.args[0]->getLoc(), fmt::format("object of type {} has no len()", args[0].str()));
      return record(c, Type::integer(64));
    }
    if (isComplexFunction(f, args)) {
      for (auto &a : args)
        if (a.isUnknown())
          return record(c, Type());
      return record(c, typeComplexFunction(f, args, c.getLoc()));
    }
    if (f == "abs" || f == "np.abs" || f == "np.absolute") {
      if (!needArgs(1, 1, f))
        return record(c, Type());
      if (!args[0].isScalar())
        fail(c.args[0]->getLoc(), fmt::format("bad operand type for abs(): {}", args[0].str()));
      return record(c, args[0].isBoolean() ? Type::integer(64) : args[0]);
    }
    if (f == "min" || f == "max" || f == "np.minimum" || f == "np.maximum") {
      if (args.size() < 2)
        fail(c.getLoc(), fmt::format("{}() of one argument (an iterable) is not supported yet; "
                                     "give two or more numbers",
                                     f));
      Type t = args[0];
      for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].isUnknown())
          return record(c, Type());
        if (!args[i].isNumber())
          fail(c.args[i]->getLoc(), fmt::format("{}() takes numbers, not {}", f, args[i].str()));
        t = unifyTypes(t, args[i]);
      }
      return record(c, t);
    }
    if (f == "divmod") {
      if (!needArgs(2, 2, "divmod"))
        return record(c, Type());
      Type q = binary(ast::BinOpKind::FloorDiv, args[0], args[1], c.getLoc());
      return record(c, Type::tuple({q, q}));
    }
    if (f == "pow") {
      // pow(a, b) is a ** b (Numba's PowerBuiltin; the 3-argument form is not
      // supported by Numba either).
      if (!needArgs(2, 2, "pow"))
        return record(c, Type());
      return record(c, binary(ast::BinOpKind::Pow, args[0], args[1], c.getLoc()));
    }
    if (f == "method.conjugate") {
      if (!args.empty())
        fail(c.getLoc(), "conjugate() takes no arguments");
      return record(c, expr(*cast<ast::Attribute>(*c.func).value));
    }
    if (f == "complex") {
      if (!needArgs(1, 2, "complex"))
        return record(c, Type());
      // Numba: complex(float32, float32) is complex64; anything wider or an
      // integer gives complex128.
      Type t = Type::complex(64);
      for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].isNumber())
          fail(c.args[i]->getLoc(), fmt::format("complex() takes real numbers, not {}",
                                                args[i].str()));
        if (!(args[i].isFloat() && args[i].bits() == 32))
          t = Type::complex(128);
      }
      return record(c, t);
    }
    if (f == "int" || f == "float" || f == "bool") {
      if (!needArgs(1, 1, f))
        return record(c, Type());
      if (!args[0].isNumber())
        fail(c.args[0]->getLoc(), fmt::format("{}() of {} is not supported", f, args[0].str()));
      // numba-cuda's Int and Float templates (numba_cuda/numba/cuda/typing/
      // builtins.py): int() of an integer and float() of a float keep the
      // argument's type (float(float32) is float32, int(uint8) is uint8);
      // int() of a float or bool is intp (int64), float() of an integer
      // float64.
      if (f == "int")
        return record(c, args[0].isInteger() ? args[0] : Type::integer(64));
      if (f == "float")
        return record(c, args[0].isFloat() ? args[0] : Type::floating(64));
      return record(c, Type::boolean());
    }
    if (isMathBuiltin(f)) {
      for (auto &a : args)
        if (a.isUnknown())
          return record(c, Type());
      return record(c, typeMathBuiltin(f, args, c.getLoc()));
    }
    fail(c.func->getLoc(), fmt::format("{}() is not supported in kernels yet", f));
  }

  Type expr(const ast::Expr &e) {
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
      for (size_t i = 0; i < c.ops.size(); ++i) {
        Type next = expr(*c.comparators[i]);
        if (c.ops[i] == ast::CmpOpKind::In || c.ops[i] == ast::CmpOpKind::NotIn ||
            c.ops[i] == ast::CmpOpKind::Is || c.ops[i] == ast::CmpOpKind::IsNot)
          fail(c.opLocs[i], "'in' and 'is' comparisons are not supported in kernels");
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
      for (auto &v : cast<ast::Tuple>(e).elts)
        elems.push_back(expr(*v));
      return record(e, Type::tuple(std::move(elems)));
    }
    case ast::Expr::Kind::List:
      fail(e.getLoc(), "lists are not supported in kernels");
    }
    return Type();
  }

  const ModuleScope &scope_;
  const DecoratedFunction &fn_;
  DiagnosticEngine &diags_;
  TypedKernel result_;
  std::set<std::string> locals_;
  std::set<std::string> sharedLocals_; ///< locals holding (views of) shared arrays
  /// Locals defined exactly once, with their value (collectDefinitions).
  std::map<std::string, const ast::Expr *> singleDefinitions_;
  std::map<std::string, ast::Location> varLocs_;
  std::map<std::string, size_t> paramIndex_;
  InferenceContext &context_;
  Type returnType_;
  bool declaredResult_ = false;
  std::map<std::string, size_t> arrayRoot_; ///< locals holding views of parameters
  /// The root of arrays private to the invocation (not parameters).
  static constexpr size_t kPrivateArray = static_cast<size_t>(-1);
  int loopDepth_ = 0;
  std::vector<CompileError> errors_; ///< of statements skipped this round
};

/// Pushes a function on InferenceContext::callStack for the scope's lifetime,
/// so the stack is right again when an error leaves the function (the caller
/// records it and goes on).
class CallStackEntry {
public:
  CallStackEntry(InferenceContext &context, const std::string &name) : context_(context) {
    context_.callStack.push_back(name);
  }
  ~CallStackEntry() { context_.callStack.pop_back(); }
  CallStackEntry(const CallStackEntry &) = delete;
  CallStackEntry &operator=(const CallStackEntry &) = delete;

private:
  InferenceContext &context_;
};

} // namespace

TypedKernel inferKernel(InferenceContext &context, const DecoratedFunction &fn,
                        const Signature &sig) {
  CallStackEntry entry(context, fn.def->name);
  return Inferrer(context, fn, sig, /*isDevice=*/false).run();
}

/// A readable, unique name for one specialization: `clamp__float32_float32`.
static std::string mangle(const std::string &name, const std::vector<Type> &args) {
  std::string key = name + "_";
  for (auto &t : args) {
    std::string s = t.str();
    for (char &ch : s)
      if (!isalnum(static_cast<unsigned char>(ch)))
        ch = '_';
    key += "_" + s;
  }
  return key;
}

/// Names of user functions called anywhere in `block`.
static void collectCalledNames(const ast::Block &block, std::set<std::string> &out);

static void collectCalledNames(const ast::Expr &e, std::set<std::string> &out) {
  if (auto *c = dyn_cast<ast::Call>(&e)) {
    if (auto *n = dyn_cast<ast::Name>(c->func.get()))
      out.insert(n->id);
    collectCalledNames(*c->func, out);
    for (auto &a : c->args)
      collectCalledNames(*a, out);
  } else if (auto *b = dyn_cast<ast::BinOp>(&e)) {
    collectCalledNames(*b->lhs, out);
    collectCalledNames(*b->rhs, out);
  } else if (auto *u = dyn_cast<ast::UnaryOp>(&e)) {
    collectCalledNames(*u->operand, out);
  } else if (auto *b = dyn_cast<ast::BoolOp>(&e)) {
    for (auto &v : b->values)
      collectCalledNames(*v, out);
  } else if (auto *c = dyn_cast<ast::Compare>(&e)) {
    collectCalledNames(*c->left, out);
    for (auto &v : c->comparators)
      collectCalledNames(*v, out);
  } else if (auto *i = dyn_cast<ast::IfExp>(&e)) {
    collectCalledNames(*i->test, out);
    collectCalledNames(*i->body, out);
    collectCalledNames(*i->orelse, out);
  } else if (auto *t = dyn_cast<ast::Tuple>(&e)) {
    for (auto &v : t->elts)
      collectCalledNames(*v, out);
  } else if (auto *s = dyn_cast<ast::Subscript>(&e)) {
    collectCalledNames(*s->value, out);
    collectCalledNames(*s->index, out);
  } else if (auto *a = dyn_cast<ast::Attribute>(&e)) {
    collectCalledNames(*a->value, out);
  }
}

static void collectCalledNames(const ast::Block &block, std::set<std::string> &out) {
  for (auto &st : block) {
    if (auto *e = dyn_cast<ast::ExprStmt>(st.get())) {
      collectCalledNames(*e->value, out);
    } else if (auto *a = dyn_cast<ast::Assign>(st.get())) {
      collectCalledNames(*a->value, out);
      for (auto &t : a->targets)
        collectCalledNames(*t, out);
    } else if (auto *a = dyn_cast<ast::AugAssign>(st.get())) {
      collectCalledNames(*a->target, out);
      collectCalledNames(*a->value, out);
    } else if (auto *r = dyn_cast<ast::Return>(st.get())) {
      if (r->value)
        collectCalledNames(*r->value, out);
    } else if (auto *i = dyn_cast<ast::If>(st.get())) {
      collectCalledNames(*i->test, out);
      collectCalledNames(i->body, out);
      collectCalledNames(i->orelse, out);
    } else if (auto *w = dyn_cast<ast::While>(st.get())) {
      collectCalledNames(*w->test, out);
      collectCalledNames(w->body, out);
      collectCalledNames(w->orelse, out);
    } else if (auto *f = dyn_cast<ast::For>(st.get())) {
      collectCalledNames(*f->iter, out);
      collectCalledNames(f->body, out);
      collectCalledNames(f->orelse, out);
    }
  }
}

std::vector<std::pair<std::string, TypedKernel>> typeKernels(InferenceContext &context) {
  std::set<std::string> called;
  for (auto &fn : context.scope.functions())
    collectCalledNames(fn.def->body, called);
  std::vector<std::pair<std::string, TypedKernel>> kernels;
  std::set<std::tuple<const SourceFile *, uint32_t, uint32_t, std::string>> reported;
  for (auto &fn : context.scope.functions()) {
    if (!fn.isKernel)
      continue;
    if (fn.signatures.empty()) {
      if (called.count(fn.def->name))
        continue; // an @nv.jit helper called from kernels
      // The example has the kernel's own parameters, each given the most
      // common kernel argument type, a contiguous float32 array.
      std::vector<std::string> types, annotated;
      for (const auto &param : fn.def->params) {
        types.push_back("float32[::1]");
        annotated.push_back(param.name + ": float32[::1]");
      }
      std::string signature = fmt::format("void({})", fmt::join(types, ", "));
      throw CompileError(
          fn.def->getLoc(),
          fmt::format("kernel '{}' has no signature: nvc compiles ahead of time and needs the "
                      "argument types, e.g. @cuda.jit(\"{}\"), annotations (def {}({})), or "
                      "--sig '{}={}' (with the types of your arguments)",
                      fn.def->name, signature, fn.def->name, fmt::join(annotated, ", "),
                      fn.def->name, signature));
    }
    for (size_t i = 0; i < fn.signatures.size(); ++i) {
      try {
        kernels.emplace_back(fn.def->name + (i ? fmt::format("__{}", i) : ""),
                             inferKernel(context, fn, fn.signatures[i]));
      } catch (CompileError &e) {
        // Reported, then on with the next kernel (clang reports every
        // function's errors); a device function's error reached from several
        // kernels or signatures is reported once.
        if (reported.insert({e.file, e.loc.line, e.loc.col, e.message}).second)
          context.diags.error(e.loc, e.message, e.file);
      } catch (CompileErrors &errors) {
        for (CompileError &e : errors.errors)
          if (reported.insert({e.file, e.loc.line, e.loc.col, e.message}).second)
            context.diags.error(e.loc, e.message, e.file);
      }
    }
  }
  return kernels;
}

namespace {

/// How Numba converts an argument of type `from` to a parameter of type `to`
/// when it resolves a call among fixed signatures (numba.core.typeconv's
/// categories, coarsely): exact, promote (same kind, wider), safe (an integer
/// to a float or complex, a float to complex), unsafe (narrowing, signedness,
/// float to integer), or impossible.
enum class Conversion { Exact, Promote, Safe, Unsafe, Impossible };

Conversion conversionOf(const Type &from, const Type &to) {
  if (from == to)
    return Conversion::Exact;
  if (from.isArray() || to.isArray()) {
    if (!from.isArray() || !to.isArray() || !(from.element() == to.element()) ||
        from.ndim() != to.ndim())
      return Conversion::Impossible;
    return to.layout() == 'A' || to.layout() == from.layout() ? Conversion::Exact
                                                              : Conversion::Impossible;
  }
  if (from.isTuple() || to.isTuple()) {
    if (!from.isTuple() || !to.isTuple() || from.elements().size() != to.elements().size())
      return Conversion::Impossible;
    Conversion worst = Conversion::Exact;
    for (size_t i = 0; i < from.elements().size(); ++i)
      worst = std::max(worst, conversionOf(from.elements()[i], to.elements()[i]));
    return worst;
  }
  if (!from.isScalar() || !to.isScalar())
    return Conversion::Impossible;
  if (from.isComplex())
    return to.isComplex() ? Conversion::Promote : Conversion::Impossible;
  if (to.isComplex())
    return Conversion::Safe;
  if (from.isBoolean())
    return Conversion::Safe;
  if (from.isFloat())
    return to.isFloat() ? (to.bits() > from.bits() ? Conversion::Promote : Conversion::Unsafe)
                        : Conversion::Unsafe;
  // from is an integer
  if (to.isBoolean())
    return Conversion::Unsafe;
  if (to.isFloat())
    return Conversion::Safe;
  if (to.isSigned() == from.isSigned())
    return to.bits() > from.bits() ? Conversion::Promote : Conversion::Unsafe;
  return Conversion::Unsafe;
}

} // namespace

bool convertible(const Type &from, const Type &to) {
  return conversionOf(from, to) != Conversion::Impossible;
}

const Signature *selectSignature(const std::vector<Signature> &signatures,
                                 const std::vector<Type> &args) {
  const Signature *best = nullptr;
  std::array<int, 3> bestRating{};
  for (const Signature &sig : signatures) {
    if (sig.params.size() != args.size())
      continue;
    std::array<int, 3> rating{}; // unsafe, safe, promote conversions
    bool possible = true;
    for (size_t i = 0; i < args.size() && possible; ++i) {
      switch (conversionOf(args[i], sig.params[i])) {
      case Conversion::Exact: break;
      case Conversion::Promote: ++rating[2]; break;
      case Conversion::Safe: ++rating[1]; break;
      case Conversion::Unsafe: ++rating[0]; break;
      case Conversion::Impossible: possible = false; break;
      }
    }
    if (possible && (!best || rating < bestRating)) {
      best = &sig;
      bestRating = rating;
    }
  }
  return best;
}

std::string inferDeviceFunction(InferenceContext &context, const DecoratedFunction &fn,
                                const std::vector<Type> &args, ast::Location callLoc) {
  if (fn.isKernel && !fn.signatures.empty())
    throw CompileError(callLoc, fmt::format("'{}' is a kernel (it has a signature) and cannot be "
                                            "called from GPU code; make it a device function "
                                            "(@cuda.jit(device=True))",
                                            fn.def->name));
  for (auto &name : context.callStack)
    if (name == fn.def->name)
      throw CompileError(callLoc, fmt::format("recursive call of '{}': recursion is not "
                                              "supported in GPU code",
                                              fn.def->name));
  // A device function with declared signatures is compiled for those only,
  // and a call converts its arguments to the best-matching one, as Numba's
  // dispatcher does once its signatures are fixed.
  const Signature *declared = nullptr;
  if (!fn.signatures.empty()) {
    declared = selectSignature(fn.signatures, args);
    if (!declared) {
      std::string given, offered;
      for (auto &a : args)
        given += (given.empty() ? "" : ", ") + a.str();
      for (auto &d : fn.signatures)
        offered += (offered.empty() ? "" : "; ") + d.str();
      throw CompileError(callLoc, fmt::format("no signature of '{}' accepts ({}): it is "
                                              "declared as {}",
                                              fn.def->name, given, offered));
    }
  }
  const std::vector<Type> &params = declared ? declared->params : args;
  std::string key = mangle(fn.def->name, params);
  if (context.specializations.count(key))
    return key;
  Signature sig;
  sig.params = params;
  sig.loc = fn.def->getLoc();
  if (declared) {
    sig.result = declared->result;
    sig.loc = declared->loc;
  }
  std::unique_ptr<TypedKernel> spec;
  {
    CallStackEntry entry(context, fn.def->name);
    spec = std::make_unique<TypedKernel>(
        Inferrer(context, fn, sig, /*isDevice=*/true, /*declaredResult=*/declared != nullptr)
            .run());
  }
  context.specializations[key] = std::move(spec);
  return key;
}

} // namespace nvc
