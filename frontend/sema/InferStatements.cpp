//===- InferStatements.cpp - Inferrer: statements ---------------------------===//
//
// Statements: assignments and their targets, control flow, returns.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Inferrer.h"

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

void Inferrer::assignTo(const ast::Expr &target, const Type &type, ast::Location valueLoc,
                        std::optional<size_t> arrayRoot) {
  if (type.isUnknown()) {
    if (auto *sub = dyn_cast<ast::Subscript>(&target))
      subscript(*sub, /*isStore=*/true);
    return;
  }
  if (auto *name = dyn_cast<ast::Name>(&target)) {
    if (type.isArrayExpr() && !singleDefinitions_.count(name->id))
      fail(valueLoc, fmt::format("variable '{}' holds an array expression and must be assigned "
                                 "once (an expression is computed where it is read)",
                                 name->id));
    if (type.isArray() || type.isRecord()) {
      if (!arrayRoot)
        fail(valueLoc, type.isRecord()
                           ? "a variable can hold a record of an array (r = a[i]), nothing else"
                           : "a variable can hold a view of an array argument (a[i], a row), "
                             "nothing else");
      auto it = arrayRoot_.find(name->id);
      std::optional<size_t> current;
      if (it != arrayRoot_.end())
        current = it->second;
      else if (auto p = paramIndex_.find(name->id); p != paramIndex_.end())
        current = p->second;
      auto paramLike = [&](size_t r) {
        return r < result_.signature.params.size() || isMultiRoot(r);
      };
      if (current && *current != *arrayRoot) {
        // Views of several array parameters (the heat equation's buffer
        // swap): the variable's root becomes the set of them; MLIR
        // generation selects the buffer at run time.
        if (!paramLike(*current) || !paramLike(*arrayRoot))
          fail(valueLoc, fmt::format("variable '{}' refers to views of two different arrays, "
                                     "one of them not an argument",
                                     name->id));
        std::vector<size_t> merged = rootMembers(*current);
        for (size_t r : rootMembers(*arrayRoot))
          if (std::find(merged.begin(), merged.end(), r) == merged.end())
            merged.push_back(r);
        std::sort(merged.begin(), merged.end());
        if (isMultiRoot(*current)) {
          multiRoots_[*current - kMultiRoot] = merged;
        } else {
          multiRoots_.push_back(merged);
          arrayRoot_[name->id] = kMultiRoot + multiRoots_.size() - 1;
        }
      } else {
        arrayRoot_[name->id] = *arrayRoot;
      }
    }
    if (paramIndex_.count(name->id) && result_.varTypes[name->id].isArray()) {
      // `arr = arr.reshape(3, 2)` (numba-cuda's test_ssa), `a, b = b, a`:
      // the parameter becomes a variable holding views of arguments, of its
      // type.
      if (!type.isArray() || !(type == result_.varTypes[name->id]))
        fail(name->getLoc(),
             fmt::format("array parameter '{}' can be re-bound only to a view of its own "
                         "argument of its type ({}), not to {}",
                         name->id, result_.varTypes[name->id].str(), type.str()));
      result_.reassignedArrayParams.insert(name->id);
    }
    Type &slot = result_.varTypes[name->id];
    if (type.kind() == Type::Kind::Module || type.kind() == Type::Kind::Function ||
        type.kind() == Type::Kind::Range || type.kind() == Type::Kind::None)
      fail(valueLoc, fmt::format("cannot store a value of type {} in a variable", type.str()));
    Type unified = unifyTypes(slot, type);
    if (slot.isArray() && type.isArray() && slot.element() == type.element() &&
        slot.ndim() == type.ndim() && slot.layout() != type.layout())
      unified = Type::array(slot.element(), slot.ndim(), 'A'); // Numba unifies layouts to A
    else if (unified.isUnknown() || (slot.isArray() && !(slot == type)))
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
      // x[1:3] = 0, a[i] = 0: a scalar is set everywhere (NumPy's
      // broadcast); a[i] = x, y, z on a 2-D array: the tuple's items go to
      // a[i, 0], a[i, 1], ... (NumPy assigns a sequence to a row; like
      // Numba, nvc does not check the row's length at run time).
      if (type.isScalar() && (!type.isComplex() || elem.element().isComplex()))
        return;
      if (type.isArrayLike()) {
        // out[i, :] = a[i] * w + c: element by element, broadcast as NumPy.
        if (type.ndim() > elem.ndim())
          fail(valueLoc, fmt::format("cannot broadcast {} into a {}-dimensional view",
                                     type.str(), elem.ndim()));
        if (type.element().isComplex() && !elem.element().isComplex())
          fail(valueLoc, fmt::format("cannot store {} in an array of {}", type.str(),
                                     elem.element().str()));
        result_.mayRaise = true; // shapes that do not broadcast: ValueError
        return;
      }
      bool ok = type.isTuple() && elem.ndim() == 1;
      if (ok)
        for (auto &e : type.elements())
          ok = ok && e.isScalar() && (!e.isComplex() || elem.element().isComplex());
      if (!ok && !type.isUnknown())
        fail(valueLoc, fmt::format("assigning to a view (a row or a slice) takes a number, "
                                   "set everywhere, or a tuple of numbers, one per element of a "
                                   "row, not {}",
                                   type.str()));
      return;
    }
    if (elem.isRecord()) {
      // a[i] = b[j], a[i] = r: the record copied field by field (Numba
      // requires the same record type).
      if (type != elem)
        fail(valueLoc, fmt::format("cannot store a value of type {} in an array of {}",
                                   type.str(), elem.str()));
      return;
    }
    if (!type.isScalar() || (type.isComplex() && !elem.isComplex() && !elem.isUnknown()))
      fail(valueLoc, fmt::format("cannot store a value of type {} in {} of {}", type.str(),
                                 result_.exprTypes[sub->value.get()].isRecord()
                                     ? "a record field"
                                     : "an array",
                                 elem.str()));
    return;
  }
  if (auto *at = dyn_cast<ast::Attribute>(&target)) {
    // r.x = v: a record's field (004_…txt "Structured arrays").
    Type base = expr(*at->value);
    if (base.isUnknown())
      return;
    if (!base.isRecord())
      fail(target.getLoc(), fmt::format("cannot assign to an attribute of {}", base.str()));
    Type field = recordFieldType(base, at->attr, at->attrLoc);
    record(target, field);
    checkWritable(*at->value, target.getLoc());
    markAccess(rootOf(*at->value), false, true);
    if (field.isArray()) {
      if (!type.isScalar() && !type.isArrayLike())
        fail(valueLoc, fmt::format("cannot store a value of type {} in an array field",
                                   type.str()));
      if (type.isArrayLike())
        result_.mayRaise = true; // shapes that do not broadcast: ValueError
      return;
    }
    if (!type.isScalar() || (type.isComplex() && !field.isComplex()))
      fail(valueLoc, fmt::format("cannot store a value of type {} in a record field of type {}",
                                 type.str(), field.str()));
    return;
  }
  fail(target.getLoc(), "cannot assign to this expression in a kernel");
}

void Inferrer::stmt(const ast::Stmt &s) {
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
    if (t.isArrayLike())
      readOperands({a.value.get()});
    for (auto &target : a.targets) {
      if (t.isArrayLike() && isa<ast::Subscript>(*target))
        checkNoOverlap(*target, *a.value);
      auto *targets = dyn_cast<ast::Tuple>(target.get());
      auto *values = dyn_cast<ast::Tuple>(a.value.get());
      if (targets && values && t.isTuple() && targets->elts.size() == values->elts.size() &&
          a.targets.size() == 1 &&
          std::any_of(t.elements().begin(), t.elements().end(),
                      [](const Type &e) { return e.isArrayLike(); })) {
        // x, y = a[i], b[i]: views (and expressions) bound item by item,
        // each to the array it views (MLIR generation evaluates every item
        // first, as Python does).
        for (size_t k = 0; k < targets->elts.size(); ++k)
          assignTo(*targets->elts[k], t.elements()[k], values->elts[k]->getLoc(),
                   rootOf(*values->elts[k]));
        record(*target, t);
        continue;
      }
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
    if (t.isArrayExpr() && lhs.isArray() && !castsSameKind(t.element(), lhs.element()))
      // NumPy's in-place operators write the ufunc's result into the array
      // itself: same_kind casting, as for an output array.
      fail(a.opLoc, fmt::format("cannot cast the output of ufunc '{}' from {} to {} with "
                                "casting rule 'same_kind' (an in-place operator writes into the "
                                "array itself, as NumPy's)",
                                ufuncOfOperator(a.op)->name, t.element().str(),
                                lhs.element().str()));
    noteDivision(a.op, a.value.get(), t);
    warnLiteralPromotion(*a.value, lhs, t);
    warnIntNarrowing(a.op, isa<ast::Subscript>(*a.target) ? a.target.get() : nullptr, *a.value,
                     t, loopDepth_ > 0 && isa<ast::Name>(*a.target), a.opLoc);
    if (lhs.isArray() && isa<ast::Name>(*a.target)) {
      // x += 1 on an array: in place, element by element (NumPy's).
      if (auto root = rootOf(*a.target))
        markAccess(root, true, true);
      checkWritable(*a.target, a.target->getLoc());
      readOperands({a.value.get()});
      checkNoOverlap(*a.target, *a.value);
      return;
    }
    if (isa<ast::Subscript>(*a.target)) {
      subscript(cast<ast::Subscript>(*a.target), /*isStore=*/false);
      if (t.isArrayExpr()) {
        readOperands({a.value.get()});
        checkNoOverlap(*a.target, *a.value);
        if (rhs.isArrayLike())
          result_.mayRaise = true; // a value that does not broadcast: ValueError
        if (t.ndim() > lhs.ndim())
          fail(a.value->getLoc(), fmt::format("cannot broadcast {} into a {}-dimensional view",
                                              t.str(), lhs.ndim()));
      }
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
  case ast::Stmt::Kind::UnrolledFor: {
    // literal_unroll: each copy is typed on its own (LiteralUnroll.h).
    auto &u = cast<ast::UnrolledFor>(s);
    ++loopDepth_;
    for (auto &copy : u.copies)
      block(copy);
    --loopDepth_;
    block(u.orelse);
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
      if (t.isRecord() || (t.isArray() && !t.isRecordArray())) {
        // A record refers to an element of one of the parameters' arrays, an
        // array is a view of one of them (numba returns both by reference).
        std::optional<size_t> root = rootOf(*r.value);
        if (!root || *root >= result_.signature.params.size() ||
            (result_.returnedRecordParam >= 0 &&
             static_cast<size_t>(result_.returnedRecordParam) != *root))
          fail(r.value->getLoc(),
               t.isRecord() ? "a device function can return a record of one of its array "
                              "(or record) parameters, always the same one"
                            : "a device function can return an array parameter or a view of "
                              "one (not a private, shared or global array), always of the same "
                              "parameter");
        result_.returnedRecordParam = static_cast<int>(*root);
      }
      if ((t.isArrayLike() && !(t.isArray() && !t.isRecordArray())) ||
          t.kind() == Type::Kind::Range || t.kind() == Type::Kind::Module ||
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
    raiseStatement(cast<ast::Raise>(s));
    return;
  case ast::Stmt::Kind::Assert:
    assertStatement(cast<ast::Assert>(s));
    return;
  case ast::Stmt::Kind::Del:
    fail(s.getLoc(), "'del' is not supported in kernels");
  }
}


namespace {

/// Whether `a` and `b` are the same expression (names, attributes,
/// subscripts, slices, literals and operators), so that they denote the same
/// view of an array.
bool sameExpr(const ast::Expr *a, const ast::Expr *b) {
  if (!a || !b)
    return a == b;
  if (a->getKind() != b->getKind())
    return false;
  if (auto *x = dyn_cast<ast::Name>(a))
    return x->id == cast<ast::Name>(b)->id;
  if (auto *x = dyn_cast<ast::IntLiteral>(a))
    return x->value == cast<ast::IntLiteral>(b)->value;
  if (isa<ast::NoneLiteral>(a))
    return true;
  if (auto *x = dyn_cast<ast::Attribute>(a))
    return x->attr == cast<ast::Attribute>(b)->attr &&
           sameExpr(x->value.get(), cast<ast::Attribute>(b)->value.get());
  if (auto *x = dyn_cast<ast::Subscript>(a))
    return sameExpr(x->value.get(), cast<ast::Subscript>(b)->value.get()) &&
           sameExpr(x->index.get(), cast<ast::Subscript>(b)->index.get());
  if (auto *x = dyn_cast<ast::Slice>(a)) {
    auto *y = cast<ast::Slice>(b);
    return sameExpr(x->lower.get(), y->lower.get()) && sameExpr(x->upper.get(), y->upper.get()) &&
           sameExpr(x->step.get(), y->step.get());
  }
  if (auto *x = dyn_cast<ast::Tuple>(a)) {
    auto *y = cast<ast::Tuple>(b);
    if (x->elts.size() != y->elts.size())
      return false;
    for (size_t i = 0; i < x->elts.size(); ++i)
      if (!sameExpr(x->elts[i].get(), y->elts[i].get()))
        return false;
    return true;
  }
  if (auto *x = dyn_cast<ast::BinOp>(a)) {
    auto *y = cast<ast::BinOp>(b);
    return x->op == y->op && sameExpr(x->lhs.get(), y->lhs.get()) &&
           sameExpr(x->rhs.get(), y->rhs.get());
  }
  if (auto *x = dyn_cast<ast::UnaryOp>(a))
    return x->op == cast<ast::UnaryOp>(b)->op &&
           sameExpr(x->operand.get(), cast<ast::UnaryOp>(b)->operand.get());
  return false;
}

/// Every subexpression of `e` that is an array operand: names and
/// subscripts (not their indices).
void collectArrayOperands(const ast::Expr &e, const TypedKernel &k,
                          std::vector<const ast::Expr *> &out) {
  auto typed = k.exprTypes.find(&e);
  if (typed != k.exprTypes.end() && typed->second.isArray()) {
    out.push_back(&e);
    return;
  }
  if (auto *b = dyn_cast<ast::BinOp>(&e)) {
    collectArrayOperands(*b->lhs, k, out);
    collectArrayOperands(*b->rhs, k, out);
  } else if (auto *u = dyn_cast<ast::UnaryOp>(&e)) {
    collectArrayOperands(*u->operand, k, out);
  } else if (auto *c = dyn_cast<ast::Compare>(&e)) {
    collectArrayOperands(*c->left, k, out);
    for (auto &x : c->comparators)
      collectArrayOperands(*x, k, out);
  } else if (auto *c = dyn_cast<ast::Call>(&e)) {
    for (auto &x : c->args)
      collectArrayOperands(*x, k, out);
  } else if (auto *s = dyn_cast<ast::Subscript>(&e)) {
    collectArrayOperands(*s->value, k, out);
  }
}

/// Which part of a complex array a view reaches through (`z[i].real[1:]`:
/// "real"), or "" when none: the real and imaginary parts never overlap.
/// (A real array's `.real` is the array itself and its `.imag` is refused,
/// so no other view of it can be disjoint by part: no types needed, which
/// the target of an assignment does not have yet when this runs.)
std::string complexPartOf(const ast::Expr &e) {
  if (auto *a = dyn_cast<ast::Attribute>(&e)) {
    if (a->attr == "real" || a->attr == "imag")
      return a->attr;
    return complexPartOf(*a->value);
  }
  if (auto *s = dyn_cast<ast::Subscript>(&e))
    return complexPartOf(*s->value);
  return "";
}

} // namespace

void Inferrer::checkNoOverlap(const ast::Expr &target, const ast::Expr &value) {
  // 004_…txt: assigning an expression to an array it reads is refused where
  // the order of the elements would change the result; reading exactly the
  // view written (out[i] = out[i] * 2) is element by element and safe.
  std::optional<size_t> root = rootOf(target);
  if (!root)
    return;
  std::vector<const ast::Expr *> operands;
  collectArrayOperands(value, result_, operands);
  const std::string targetPart = complexPartOf(target);
  for (const ast::Expr *op : operands) {
    const std::string opPart = complexPartOf(*op);
    const bool disjointParts = !targetPart.empty() && !opPart.empty() && opPart != targetPart;
    if (rootsOverlap(rootOf(*op), root) && !sameExpr(op, &target) && !disjointParts &&
        !(isa<ast::Name>(op) && isa<ast::Name>(&target)))
      fail(op->getLoc(), "the array expression reads the array it is assigned to, through "
                         "another view: the result would depend on the order of the elements; "
                         "compute it into another array first");
  }
}

void Inferrer::condition(const ast::Expr &e) {
  Type t = expr(e);
  if (!t.isScalar())
    fail(e.getLoc(), t.isArrayLike()
                         ? fmt::format("the truth value of {} is ambiguous (as in NumPy): use "
                                       ".any() or .all()",
                                       t.str())
                         : fmt::format("a condition must be a number or bool, not {}", t.str()));
}

} // namespace nvc::sema
