//===- BarrierDivergence.cpp - Warn about barriers under divergent control -===//
//
// A uniformity analysis on the typed AST, in the spirit of the divergence
// analyses of GPU compilers (LLVM's UniformityAnalysis), at the level of
// Python statements: a set of divergent variables grows to a fixed point
// over the function body, then a last walk warns about barriers reached
// under a divergent condition, a loop with a divergent trip count, or after
// a divergent return/break/continue.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/BarrierDivergence.h"

#include "frontend/sema/Builtins.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>

#include <optional>
#include <set>
#include <utility>
#include <string>

namespace nvc {
namespace {

using llvm::dyn_cast;
using llvm::isa;

bool isBarrierName(const std::string &f) {
  const BuiltinInfo *b = lookupBuiltin(f);
  return b && b->has(kBarrier);
}

/// Whether `f` (a resolved built-in) gives each invocation its own value
/// whatever its arguments: ids, lanes, subgroup and atomic results.
bool isDivergentSource(const std::string &f) {
  const BuiltinInfo *b = lookupBuiltin(f);
  return b && b->has(kDivergentResult);
}

/// Where, and why, invocations of a workgroup can part ways.
struct Cause {
  ast::Location loc;
  const char *why;
};

const char *const kCondition = "the invocations of a workgroup can take different paths here (the "
                               "condition depends on the invocation's id or on loaded data)";
const char *const kTripCount = "the invocations of a workgroup can run this loop a different "
                               "number of times (its range depends on the invocation's id or on "
                               "loaded data)";
const char *const kExit = "some invocations of a workgroup can leave here early";

/// Divergent exits seen in a block: where a `return`, or a `break` /
/// `continue`, is taken by only some invocations.
struct Exits {
  std::optional<Cause> ret, loop;
};

class Checker {
public:
  Checker(const TypedKernel &k, const InferenceContext &inference, DiagnosticEngine &diags)
      : k_(k), inference_(inference), diags_(diags) {}

  void run() {
    // Grow the divergent variables to a fixed point (each round can only
    // add names), then warn in a last round.
    for (;;) {
      size_t before = divergent_.size();
      walk(k_.def->body, std::nullopt);
      if (divergent_.size() == before)
        break;
    }
    warn_ = true;
    walk(k_.def->body, std::nullopt);
  }

  /// Whether `k` calls a barrier, directly or through device functions.
  static bool containsBarrier(const TypedKernel &k, const InferenceContext &inference,
                              std::set<const TypedKernel *> &seen) {
    if (!seen.insert(&k).second)
      return false;
    for (auto &[e, t] : k.exprTypes) {
      auto *c = dyn_cast<ast::Call>(e);
      if (!c)
        continue;
      const Type &callee = k.typeOf(c->func.get());
      if (callee.kind() == Type::Kind::Function && isBarrierName(callee.name()))
        return true;
      if (callee.kind() == Type::Kind::UserFunction) {
        auto it = k.callees.find(c);
        if (it == k.callees.end())
          continue;
        auto spec = inference.specializations.find(it->second);
        if (spec != inference.specializations.end() &&
            containsBarrier(*spec->second, inference, seen))
          return true;
      }
    }
    return false;
  }

private:
  bool uniform(const ast::Expr &e) {
    if (isa<ast::IntLiteral, ast::FloatLiteral, ast::ImaginaryLiteral, ast::StringLiteral,
            ast::BoolLiteral, ast::NoneLiteral>(&e))
      return true;
    if (auto *n = dyn_cast<ast::Name>(&e))
      return !divergent_.count(n->id);
    if (auto *a = dyn_cast<ast::Attribute>(&e)) {
      const Type &base = k_.typeOf(a->value.get());
      if (base.kind() == Type::Kind::Dim3)
        return base.name() != "threadIdx";
      if (base.kind() == Type::Kind::Module && base.name() == "cuda" && a->attr == "laneid")
        return false;
      return uniform(*a->value);
    }
    if (auto *s = dyn_cast<ast::Subscript>(&e)) {
      if (k_.typeOf(s->value.get()).isArray())
        return false; // loaded data
      return uniform(*s->value) && uniform(*s->index);
    }
    if (auto *c = dyn_cast<ast::Call>(&e)) {
      const Type &callee = k_.typeOf(c->func.get());
      if (callee.kind() == Type::Kind::Function) {
        const std::string &f = callee.name();
        if (isInFamily(calleeBuiltin(callee), BuiltinFamily::BarrierReduction))
          return true; // the same result in every invocation
        if (isDivergentSource(f))
          return false;
      }
      // A method (z.conjugate()) is as uniform as its object.
      bool all = true;
      if (isInFamily(calleeBuiltin(callee), BuiltinFamily::Method))
        if (auto *m = dyn_cast<ast::Attribute>(c->func.get()))
          all = uniform(*m->value);
      for (auto &a : c->args) {
        // A device function may load from the arrays it is given.
        if (callee.kind() == Type::Kind::UserFunction && k_.typeOf(a.get()).isArray())
          return false;
        all = all && uniform(*a);
      }
      for (auto &kw : c->keywords)
        all = all && uniform(*kw.value);
      return all;
    }
    if (auto *b = dyn_cast<ast::BinOp>(&e))
      return uniform(*b->lhs) && uniform(*b->rhs);
    if (auto *u = dyn_cast<ast::UnaryOp>(&e))
      return uniform(*u->operand);
    if (auto *b = dyn_cast<ast::BoolOp>(&e)) {
      for (auto &v : b->values)
        if (!uniform(*v))
          return false;
      return true;
    }
    if (auto *c = dyn_cast<ast::Compare>(&e)) {
      if (!uniform(*c->left))
        return false;
      for (auto &v : c->comparators)
        if (!uniform(*v))
          return false;
      return true;
    }
    if (auto *i = dyn_cast<ast::IfExp>(&e))
      return uniform(*i->test) && uniform(*i->body) && uniform(*i->orelse);
    if (auto *t = dyn_cast<ast::Tuple>(&e)) {
      for (auto &v : t->elts)
        if (!uniform(*v))
          return false;
      return true;
    }
    if (auto *l = dyn_cast<ast::List>(&e)) {
      for (auto &v : l->elts)
        if (!uniform(*v))
          return false;
      return true;
    }
    return false;
  }

  /// Barriers in `e` (also nested in arguments), reached under `cause`.
  void barriers(const ast::Expr &e, const std::optional<Cause> &cause) {
    if (auto *c = dyn_cast<ast::Call>(&e)) {
      for (auto &a : c->args)
        barriers(*a, cause);
      for (auto &kw : c->keywords)
        barriers(*kw.value, cause);
      if (!cause || !warn_ || !warned_.insert({c->getLoc().line, c->getLoc().col}).second)
        return;
      const Type &callee = k_.typeOf(c->func.get());
      std::string what;
      if (callee.kind() == Type::Kind::Function && isBarrierName(callee.name())) {
        what = callee.name() + "()";
      } else if (callee.kind() == Type::Kind::UserFunction) {
        auto it = k_.callees.find(c);
        if (it == k_.callees.end())
          return;
        auto spec = inference_.specializations.find(it->second);
        std::set<const TypedKernel *> seen;
        if (spec == inference_.specializations.end() ||
            !containsBarrier(*spec->second, inference_, seen))
          return;
        what = fmt::format("this call of '{}', which contains a barrier,",
                           spec->second->def->name);
      } else {
        return;
      }
      unsigned before = diags_.warningCount() + diags_.errorCount();
      diags_.warning(c->getLoc(),
                     fmt::format("{} may be reached by only some invocations of a workgroup: "
                                 "all of them must reach the same barrier, or the behaviour is "
                                 "undefined (a hang on many GPUs)",
                                 what),
                     "divergent-barrier", k_.source);
      if (diags_.warningCount() + diags_.errorCount() != before)
        diags_.note(cause->loc, cause->why, k_.source);
      return;
    }
    if (auto *b = dyn_cast<ast::BinOp>(&e)) {
      barriers(*b->lhs, cause);
      barriers(*b->rhs, cause);
    } else if (auto *u = dyn_cast<ast::UnaryOp>(&e)) {
      barriers(*u->operand, cause);
    } else if (auto *b = dyn_cast<ast::BoolOp>(&e)) {
      // Operands after the first are evaluated conditionally.
      std::optional<Cause> c = cause;
      for (auto &v : b->values) {
        barriers(*v, c);
        if (!c && !uniform(*v))
          c = Cause{v->getLoc(), kCondition};
      }
    } else if (auto *c = dyn_cast<ast::Compare>(&e)) {
      barriers(*c->left, cause);
      for (auto &v : c->comparators)
        barriers(*v, cause);
    } else if (auto *i = dyn_cast<ast::IfExp>(&e)) {
      barriers(*i->test, cause);
      std::optional<Cause> c = cause;
      if (!c && !uniform(*i->test))
        c = Cause{i->test->getLoc(), kCondition};
      barriers(*i->body, c);
      barriers(*i->orelse, c);
    } else if (auto *t = dyn_cast<ast::Tuple>(&e)) {
      for (auto &v : t->elts)
        barriers(*v, cause);
    } else if (auto *s = dyn_cast<ast::Subscript>(&e)) {
      barriers(*s->value, cause);
      barriers(*s->index, cause);
    } else if (auto *a = dyn_cast<ast::Attribute>(&e)) {
      barriers(*a->value, cause);
    }
  }

  /// Binds the names of `target` (a name, or a tuple of them; element
  /// stores bind none), divergent unless `isUniform`.
  void assign(const ast::Expr &target, const ast::Expr *value, bool isUniform) {
    if (auto *n = dyn_cast<ast::Name>(&target)) {
      if (!isUniform)
        divergent_.insert(n->id);
    } else if (auto *t = dyn_cast<ast::Tuple>(&target)) {
      auto *vt = value ? dyn_cast<ast::Tuple>(value) : nullptr;
      for (size_t i = 0; i < t->elts.size(); ++i) {
        const ast::Expr *v = vt && vt->elts.size() == t->elts.size() ? vt->elts[i].get() : nullptr;
        assign(*t->elts[i], v, v ? isUniform && uniform(*v) : isUniform);
      }
    }
  }

  /// A loop body, run again from the first divergent exit of an earlier
  /// iteration: later iterations run in fewer invocations.
  Exits loopBody(const ast::Block &body, std::optional<Cause> cause) {
    Exits e = walk(body, cause);
    if (!cause && (e.loop || e.ret)) {
      Exits again = walk(body, e.loop ? e.loop : e.ret);
      if (!e.ret)
        e.ret = again.ret;
    }
    return Exits{e.ret, std::nullopt};
  }

  Exits walk(const ast::Block &block, std::optional<Cause> cause) {
    Exits ex;
    for (auto &st : block) {
      std::optional<Cause> cur = cause ? cause : ex.ret ? ex.ret : ex.loop;
      if (auto *e = dyn_cast<ast::ExprStmt>(st.get())) {
        barriers(*e->value, cur);
      } else if (auto *a = dyn_cast<ast::Assign>(st.get())) {
        barriers(*a->value, cur);
        bool u = !cur && uniform(*a->value);
        for (auto &t : a->targets) {
          barriers(*t, cur);
          assign(*t, a->value.get(), u);
        }
      } else if (auto *a = dyn_cast<ast::AugAssign>(st.get())) {
        barriers(*a->value, cur);
        barriers(*a->target, cur);
        assign(*a->target, nullptr, !cur && uniform(*a->value) && uniform(*a->target));
      } else if (auto *a = dyn_cast<ast::AnnAssign>(st.get())) {
        if (a->value) {
          barriers(*a->value, cur);
          assign(*a->target, a->value.get(), !cur && uniform(*a->value));
        }
      } else if (auto *i = dyn_cast<ast::If>(st.get())) {
        barriers(*i->test, cur);
        std::optional<Cause> c = cur;
        if (!c && !uniform(*i->test))
          c = Cause{i->test->getLoc(), kCondition};
        Exits a = walk(i->body, c), b = walk(i->orelse, c);
        ex.ret = ex.ret ? ex.ret : a.ret ? a.ret : b.ret;
        ex.loop = ex.loop ? ex.loop : a.loop ? a.loop : b.loop;
      } else if (auto *w = dyn_cast<ast::While>(st.get())) {
        barriers(*w->test, cur);
        std::optional<Cause> c = cur;
        if (!c && !uniform(*w->test))
          c = Cause{w->test->getLoc(), kTripCount};
        Exits body = loopBody(w->body, c);
        // The test runs again after each iteration: divergence inside
        // reaches it through the variables it reads (the fixed point).
        Exits orelse = walk(w->orelse, c);
        ex.ret = ex.ret ? ex.ret : body.ret ? body.ret : orelse.ret;
        ex.loop = ex.loop ? ex.loop : orelse.loop;
      } else if (auto *f = dyn_cast<ast::For>(st.get())) {
        barriers(*f->iter, cur);
        bool countUniform = true, targetUniform = false;
        if (auto *call = dyn_cast<ast::Call>(f->iter.get())) {
          const Type &callee = k_.typeOf(call->func.get());
          if (isOneOf(calleeBuiltin(callee), {Builtin::Range})) {
            countUniform = uniform(*call);
            targetUniform = countUniform;
          } else {
            // enumerate/zip over arrays: as many iterations as elements
            // (uniform shapes); the items are loaded data.
            countUniform = uniform(*call);
          }
        } else {
          // A tuple of uniform values (`for offset in (128, 64, 32)`), or
          // the rows of an array.
          countUniform = uniform(*f->iter);
          targetUniform = countUniform && k_.typeOf(f->iter.get()).isTuple();
        }
        std::optional<Cause> c = cur;
        if (!c && !countUniform)
          c = Cause{f->iter->getLoc(), kTripCount};
        assign(*f->target, nullptr, !c && targetUniform);
        Exits body = loopBody(f->body, c);
        Exits orelse = walk(f->orelse, c);
        ex.ret = ex.ret ? ex.ret : body.ret ? body.ret : orelse.ret;
        ex.loop = ex.loop ? ex.loop : orelse.loop;
      } else if (auto *u = dyn_cast<ast::UnrolledFor>(st.get())) {
        // literal_unroll's copies run once each, in order: a break or
        // continue that diverges in one makes the copies after it diverge.
        std::optional<Cause> c = cur;
        for (auto &copy : u->copies) {
          Exits e = walk(copy, c);
          ex.ret = ex.ret ? ex.ret : e.ret;
          if (!c)
            c = e.loop ? e.loop : e.ret;
        }
        Exits orelse = walk(u->orelse, c);
        ex.ret = ex.ret ? ex.ret : orelse.ret;
        ex.loop = ex.loop ? ex.loop : orelse.loop;
      } else if (isa<ast::Break>(st.get()) || isa<ast::Continue>(st.get())) {
        if (cur && !ex.loop)
          ex.loop = Cause{st->getLoc(), kExit};
      } else if (auto *r = dyn_cast<ast::Return>(st.get())) {
        if (r->value)
          barriers(*r->value, cur);
        if (cur && !ex.ret)
          ex.ret = Cause{st->getLoc(), kExit};
      }
    }
    return ex;
  }

  const TypedKernel &k_;
  const InferenceContext &inference_;
  DiagnosticEngine &diags_;
  std::set<std::string> divergent_;
  /// Barriers warned about (a loop body is walked twice).
  std::set<std::pair<uint32_t, uint32_t>> warned_;
  bool warn_ = false;
};

} // namespace

void warnDivergentBarriers(const TypedKernel &k, const InferenceContext &inference,
                           DiagnosticEngine &diags) {
  Checker(k, inference, diags).run();
}

} // namespace nvc
