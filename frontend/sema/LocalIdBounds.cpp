//===- LocalIdBounds.cpp - Shared arrays indexed by the invocation's local id -===//
//
// Two walks over the kernel body: the first finds the variables assigned
// exactly once (local-id aliases and shared arrays), the second the
// subscripts, carrying the set of axes whose local id a surrounding test
// already reads.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/LocalIdBounds.h"

#include "frontend/sema/Builtins.h"
#include "frontend/sema/TypeRules.h"

#include <llvm/Support/Casting.h>

#include <map>

namespace nvc {
namespace {

using llvm::dyn_cast;

class Finder {
public:
  explicit Finder(const TypedKernel &k) : k_(k) {}

  std::array<std::optional<LocalIdBound>, 3> run() {
    countAssignments(k_.def->body);
    for (auto &[name, value] : singleValues_) {
      if (auto axis = directLocalId(*value))
        aliases_[name] = *axis;
      else if (auto *call = dyn_cast<ast::Call>(value); call && k_.sharedArrays.count(call) &&
                                                       !k_.dynamicSharedArrays.count(call)) {
        auto shape = k_.privateArrays.find(call);
        if (shape != k_.privateArrays.end())
          sharedShapes_[name] = shape->second;
      }
    }
    walkBlock(k_.def->body, {false, false, false});
    return bounds_;
  }

private:
  using Guards = std::array<bool, 3>;

  // ----------------------------------------------------------- assignments

  /// Counts an assignment to the names of `target`; a name keeps its value
  /// only while it has exactly one assignment and that one has a value (an
  /// augmented assignment or a loop target has none).
  void assigned(const ast::Expr &target, const ast::Expr *value) {
    if (auto *n = dyn_cast<ast::Name>(&target)) {
      if (++assignments_[n->id] == 1 && value)
        singleValues_[n->id] = value;
      else
        singleValues_.erase(n->id);
    } else if (auto *t = dyn_cast<ast::Tuple>(&target)) {
      for (auto &e : t->elts)
        assigned(*e, nullptr);
    }
  }

  void countAssignments(const ast::Block &block) {
    for (auto &s : block) {
      if (auto *a = dyn_cast<ast::Assign>(s.get())) {
        for (auto &t : a->targets)
          assigned(*t, a->value.get());
      } else if (auto *a = dyn_cast<ast::AugAssign>(s.get())) {
        assigned(*a->target, nullptr);
      } else if (auto *a = dyn_cast<ast::AnnAssign>(s.get())) {
        assigned(*a->target, a->value.get());
      } else if (auto *f = dyn_cast<ast::For>(s.get())) {
        assigned(*f->target, nullptr);
        countAssignments(f->body);
        countAssignments(f->orelse);
      } else if (auto *u = dyn_cast<ast::UnrolledFor>(s.get())) {
        for (auto &copy : u->copies)
          countAssignments(copy);
        countAssignments(u->orelse);
      } else if (auto *i = dyn_cast<ast::If>(s.get())) {
        countAssignments(i->body);
        countAssignments(i->orelse);
      } else if (auto *w = dyn_cast<ast::While>(s.get())) {
        countAssignments(w->body);
        countAssignments(w->orelse);
      }
    }
  }

  // ------------------------------------------------------------- local ids

  /// The axis of `cuda.threadIdx.x/y/z` or `nv.local_id(0/1/2)`.
  std::optional<unsigned> directLocalId(const ast::Expr &e) const {
    if (auto *a = dyn_cast<ast::Attribute>(&e)) {
      const Type &base = k_.typeOf(a->value.get());
      if (base.kind() == Type::Kind::Dim3 && base.name() == "threadIdx") {
        if (a->attr == "x")
          return 0;
        if (a->attr == "y")
          return 1;
        if (a->attr == "z")
          return 2;
      }
    } else if (auto *c = dyn_cast<ast::Call>(&e)) {
      const Type &callee = k_.typeOf(c->func.get());
      if (isOneOf(calleeBuiltin(callee), {Builtin::NvLocalId}) && c->args.size() == 1)
        if (auto *n = dyn_cast<ast::IntLiteral>(c->args[0].get()); n && n->value >= 0 && n->value < 3)
          return static_cast<unsigned>(n->value);
    }
    return std::nullopt;
  }

  /// The axis of a local id or of a variable that holds one.
  std::optional<unsigned> localId(const ast::Expr &e) const {
    if (auto *n = dyn_cast<ast::Name>(&e)) {
      auto it = aliases_.find(n->id);
      return it == aliases_.end() ? std::nullopt : std::optional<unsigned>(it->second);
    }
    return directLocalId(e);
  }

  static const char *spelling(const ast::Expr &e, unsigned axis) {
    static const char *const attrs[] = {"cuda.threadIdx.x", "cuda.threadIdx.y",
                                        "cuda.threadIdx.z"};
    static const char *const calls[] = {"nv.local_id(0)", "nv.local_id(1)", "nv.local_id(2)"};
    return llvm::isa<ast::Call>(&e) ? calls[axis] : attrs[axis];
  }

  /// Marks in `reads` the axes whose local id `e` reads anywhere.
  void readsLocalIds(const ast::Expr &e, Guards &reads) const {
    if (auto axis = localId(e)) {
      reads[*axis] = true;
      return;
    }
    forEachChild(e, [&](const ast::Expr &c) { readsLocalIds(c, reads); });
  }

  template <typename F> static void forEachChild(const ast::Expr &e, F f) {
    if (auto *a = dyn_cast<ast::Attribute>(&e)) {
      f(*a->value);
    } else if (auto *s = dyn_cast<ast::Subscript>(&e)) {
      f(*s->value);
      f(*s->index);
    } else if (auto *s = dyn_cast<ast::Slice>(&e)) {
      for (auto *p : {s->lower.get(), s->upper.get(), s->step.get()})
        if (p)
          f(*p);
    } else if (auto *c = dyn_cast<ast::Call>(&e)) {
      f(*c->func);
      for (auto &a : c->args)
        f(*a);
      for (auto &kw : c->keywords)
        f(*kw.value);
    } else if (auto *b = dyn_cast<ast::BinOp>(&e)) {
      f(*b->lhs);
      f(*b->rhs);
    } else if (auto *u = dyn_cast<ast::UnaryOp>(&e)) {
      f(*u->operand);
    } else if (auto *b = dyn_cast<ast::BoolOp>(&e)) {
      for (auto &v : b->values)
        f(*v);
    } else if (auto *c = dyn_cast<ast::Compare>(&e)) {
      f(*c->left);
      for (auto &v : c->comparators)
        f(*v);
    } else if (auto *i = dyn_cast<ast::IfExp>(&e)) {
      f(*i->test);
      f(*i->body);
      f(*i->orelse);
    } else if (auto *t = dyn_cast<ast::Tuple>(&e)) {
      for (auto &v : t->elts)
        f(*v);
    } else if (auto *l = dyn_cast<ast::List>(&e)) {
      for (auto &v : l->elts)
        f(*v);
    }
  }

  static Guards joined(Guards a, const Guards &b) {
    for (int d = 0; d < 3; ++d)
      a[d] = a[d] || b[d];
    return a;
  }

  // ------------------------------------------------------------ subscripts

  void walkExpr(const ast::Expr &e, const Guards &guards) {
    if (auto *s = dyn_cast<ast::Subscript>(&e))
      subscript(*s, guards);
    if (auto *i = dyn_cast<ast::IfExp>(&e)) {
      Guards reads{false, false, false};
      readsLocalIds(*i->test, reads);
      walkExpr(*i->test, guards);
      walkExpr(*i->body, joined(guards, reads));
      walkExpr(*i->orelse, joined(guards, reads));
      return;
    }
    if (auto *b = dyn_cast<ast::BoolOp>(&e)) {
      // `tx < N and sm[tx] > 0`: each operand is guarded by those before it.
      Guards g = guards;
      for (auto &v : b->values) {
        walkExpr(*v, g);
        Guards reads{false, false, false};
        readsLocalIds(*v, reads);
        g = joined(g, reads);
      }
      return;
    }
    forEachChild(e, [&](const ast::Expr &c) { walkExpr(c, guards); });
  }

  void subscript(const ast::Subscript &s, const Guards &guards) {
    auto *name = dyn_cast<ast::Name>(s.value.get());
    if (!name)
      return;
    auto shape = sharedShapes_.find(name->id);
    if (shape == sharedShapes_.end())
      return;
    std::vector<const ast::Expr *> items = subscriptIndices(*s.index);
    for (size_t d = 0; d < items.size() && d < shape->second.size(); ++d) {
      auto axis = localId(*items[d]);
      if (!axis || guards[*axis])
        continue;
      std::optional<LocalIdBound> &bound = bounds_[*axis];
      if (bound && bound->extent <= shape->second[d])
        continue;
      const ast::Expr *idExpr = items[d];
      if (auto *n = dyn_cast<ast::Name>(idExpr))
        idExpr = singleValues_.at(n->id);
      bound = LocalIdBound{*axis, shape->second[d], name->id, spelling(*idExpr, *axis), s.getLoc()};
    }
  }

  static bool returns(const ast::Block &block) {
    for (auto &s : block)
      if (llvm::isa<ast::Return>(s.get()))
        return true;
    return false;
  }

  void walkBlock(const ast::Block &block, Guards guards) {
    for (auto &s : block) {
      if (auto *e = dyn_cast<ast::ExprStmt>(s.get())) {
        walkExpr(*e->value, guards);
      } else if (auto *a = dyn_cast<ast::Assign>(s.get())) {
        walkExpr(*a->value, guards);
        for (auto &t : a->targets)
          walkExpr(*t, guards);
      } else if (auto *a = dyn_cast<ast::AugAssign>(s.get())) {
        walkExpr(*a->value, guards);
        walkExpr(*a->target, guards);
      } else if (auto *a = dyn_cast<ast::AnnAssign>(s.get())) {
        if (a->value)
          walkExpr(*a->value, guards);
        walkExpr(*a->target, guards);
      } else if (auto *r = dyn_cast<ast::Return>(s.get())) {
        if (r->value)
          walkExpr(*r->value, guards);
      } else if (auto *i = dyn_cast<ast::If>(s.get())) {
        Guards reads{false, false, false};
        readsLocalIds(*i->test, reads);
        walkExpr(*i->test, guards);
        walkBlock(i->body, joined(guards, reads));
        walkBlock(i->orelse, joined(guards, reads));
        // `if tx >= N: return` guards the rest of the block.
        if (returns(i->body) || returns(i->orelse))
          guards = joined(guards, reads);
      } else if (auto *w = dyn_cast<ast::While>(s.get())) {
        Guards reads{false, false, false};
        readsLocalIds(*w->test, reads);
        walkExpr(*w->test, guards);
        walkBlock(w->body, joined(guards, reads));
        walkBlock(w->orelse, guards);
      } else if (auto *f = dyn_cast<ast::For>(s.get())) {
        // A range over the local id (`for k in range(tx, N, TPB)`) bounds
        // its counter, not the id.
        walkExpr(*f->iter, guards);
        walkBlock(f->body, guards);
        walkBlock(f->orelse, guards);
      } else if (auto *u = dyn_cast<ast::UnrolledFor>(s.get())) {
        for (auto &copy : u->copies)
          walkBlock(copy, guards);
        walkBlock(u->orelse, guards);
      }
    }
  }

  const TypedKernel &k_;
  std::map<std::string, int> assignments_;
  std::map<std::string, const ast::Expr *> singleValues_;
  std::map<std::string, unsigned> aliases_;
  std::map<std::string, std::vector<int64_t>> sharedShapes_;
  std::array<std::optional<LocalIdBound>, 3> bounds_;
};

} // namespace

std::array<std::optional<LocalIdBound>, 3> localIdBounds(const TypedKernel &k) {
  return Finder(k).run();
}

} // namespace nvc
