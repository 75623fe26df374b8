//===- GridSchedule.cpp - Where a kernel splits at grid barriers -----------===//
#include "frontend/sema/GridSchedule.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace nvc {

using llvm::dyn_cast;
using llvm::isa;

namespace {

/// An integer expression the launcher evaluates (docs/manifest.md "Grid
/// synchronisation"), as its JSON text, folded when constant.
struct HostExpr {
  std::string json;
  std::optional<int64_t> constant;

  static HostExpr number(int64_t v) { return {std::to_string(v), v}; }
  static HostExpr arg(const std::string &name) {
    return {fmt::format("{{\"arg\": \"{}\"}}", name), std::nullopt};
  }
  static HostExpr shape(const std::string &name, int64_t dim) {
    return {fmt::format("{{\"shape\": [\"{}\", {}]}}", name, dim), std::nullopt};
  }
};

/// Python's floor division of integers (b != 0).
int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// Python's len(range(start, stop, step)) (step != 0).
int64_t rangeLength(int64_t start, int64_t stop, int64_t step) {
  if (step > 0)
    return start < stop ? (stop - start - 1) / step + 1 : 0;
  return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

/// `op` applied to `args`, folded where every argument is a constant (and
/// the fold cannot overflow) or an identity makes it one of them.
HostExpr applyN(const std::string &op, std::vector<HostExpr> args) {
  bool allConstant = std::all_of(args.begin(), args.end(),
                                 [](const HostExpr &e) { return e.constant.has_value(); });
  auto small = [](int64_t v) { return v > -(int64_t(1) << 31) && v < (int64_t(1) << 31); };
  if (allConstant && std::all_of(args.begin(), args.end(),
                                 [&](const HostExpr &e) { return small(*e.constant); })) {
    auto c = [&](size_t i) { return *args[i].constant; };
    if (op == "+")
      return HostExpr::number(c(0) + c(1));
    if (op == "-")
      return HostExpr::number(c(0) - c(1));
    if (op == "*")
      return HostExpr::number(c(0) * c(1));
    if (op == "//" && c(1) != 0)
      return HostExpr::number(floorDiv(c(0), c(1)));
    if (op == "max" || op == "min") {
      int64_t v = c(0);
      for (size_t i = 1; i < args.size(); ++i)
        v = op == "max" ? std::max(v, c(i)) : std::min(v, c(i));
      return HostExpr::number(v);
    }
    if (op == "range_len" && c(2) != 0)
      return HostExpr::number(rangeLength(c(0), c(1), c(2)));
  }
  auto is = [](const HostExpr &e, int64_t v) { return e.constant && *e.constant == v; };
  if (op == "+" && is(args[0], 0))
    return args[1];
  if ((op == "+" || op == "-") && is(args[1], 0))
    return args[0];
  if (op == "*" && is(args[0], 1))
    return args[1];
  if ((op == "*" || op == "//") && is(args[1], 1))
    return args[0];
  if (op == "*" && (is(args[0], 0) || is(args[1], 0)))
    return HostExpr::number(0);
  if ((op == "max" || op == "min") && args.size() == 1)
    return args[0];
  std::string json = fmt::format("{{\"op\": \"{}\", \"args\": [", op);
  for (size_t i = 0; i < args.size(); ++i)
    json += (i ? ", " : "") + args[i].json;
  return {json + "]}", std::nullopt};
}

HostExpr apply(const std::string &op, HostExpr a, HostExpr b) {
  return applyN(op, {std::move(a), std::move(b)});
}
HostExpr apply(const std::string &op, HostExpr a, HostExpr b, HostExpr c) {
  return applyN(op, {std::move(a), std::move(b), std::move(c)});
}

/// Thrown where an expression cannot be evaluated before the launch.
struct NotHostComputable {};

class Scheduler {
public:
  explicit Scheduler(const TypedKernel &k) : k_(k) {
    for (size_t i = 0; i < k.def->params.size(); ++i)
      params_[k.def->params[i].name] = i;
    for (auto &s : k.def->body)
      countAssignments(*s);
  }

  GridSchedule run() {
    GridSchedule out;
    HostExpr crossings = HostExpr::number(0);
    // Top-level statements in order: locals assigned once there, before a
    // loop, may bound it.
    for (auto &s : k_.def->body) {
      crossings = apply("+", crossings, count(*s));
      noteTopLevelDefinition(*s);
    }
    out.barriers = barriers_;
    out.dynamic = dynamic_;
    out.dispatchesJson =
        dynamic_ ? "null" : apply("+", HostExpr::number(1), crossings).json;
    return out;
  }

private:
  /// The barrier call a statement is, if it is one.
  const ast::Call *barrierOf(const ast::Stmt &s) const {
    auto *es = dyn_cast<ast::ExprStmt>(&s);
    if (!es)
      return nullptr;
    auto *call = dyn_cast<ast::Call>(es->value.get());
    return call && k_.gridBarriers.count(call) ? call : nullptr;
  }

  HostExpr countBlock(const ast::Block &b) {
    HostExpr total = HostExpr::number(0);
    for (auto &s : b)
      total = apply("+", total, count(*s));
    return total;
  }

  /// How many barriers one invocation can pass running `s`, at most.
  HostExpr count(const ast::Stmt &s) {
    if (const ast::Call *c = barrierOf(s)) {
      if (std::find(barriers_.begin(), barriers_.end(), c) == barriers_.end())
        barriers_.push_back(c);
      return HostExpr::number(1);
    }
    if (auto *i = dyn_cast<ast::If>(&s))
      return apply("max", countBlock(i->body), countBlock(i->orelse));
    if (auto *u = dyn_cast<ast::UnrolledFor>(&s)) {
      // literal_unroll(): one copy of the body per item, each counted.
      HostExpr total = countBlock(u->orelse);
      for (auto &copy : u->copies)
        total = apply("+", total, countBlock(copy));
      return total;
    }
    if (auto *w = dyn_cast<ast::While>(&s)) {
      // A while loop repeats its barriers as often as the kernel decides:
      // the launcher dispatches until no invocation waits (dynamic).
      HostExpr body = countBlock(w->body);
      HostExpr orelse = countBlock(w->orelse);
      if (!(body.constant && *body.constant == 0))
        dynamic_ = true;
      return orelse;
    }
    if (auto *f = dyn_cast<ast::For>(&s)) {
      HostExpr body = countBlock(f->body);
      HostExpr orelse = countBlock(f->orelse);
      if (body.constant && *body.constant == 0)
        return orelse;
      try {
        return apply("+", apply("*", tripCount(*f), body), orelse);
      } catch (NotHostComputable &) {
        dynamic_ = true; // bounds the kernel computes
        return orelse;
      }
    }
    // A barrier call inside any other statement (`x = g.sync()`) is not
    // counted: computeGridSchedule refuses it.
    return HostExpr::number(0);
  }

  /// The trip count of a `for` loop: range(...) or an array's first axis.
  HostExpr tripCount(const ast::For &f) {
    auto *call = dyn_cast<ast::Call>(f.iter.get());
    if (call) {
      auto *fn = dyn_cast<ast::Name>(call->func.get());
      if (fn && fn->id == "range" && call->keywords.empty() && !call->args.empty() &&
          call->args.size() <= 3) {
        std::vector<HostExpr> a;
        for (auto &e : call->args)
          a.push_back(hostValue(*e));
        if (a.size() == 1)
          return apply("range_len", HostExpr::number(0), a[0], HostExpr::number(1));
        if (a.size() == 2)
          return apply("range_len", a[0], a[1], HostExpr::number(1));
        if (a[2].constant && *a[2].constant == 0)
          throw NotHostComputable{};
        return apply("range_len", a[0], a[1], a[2]);
      }
    }
    if (auto *n = dyn_cast<ast::Name>(f.iter.get()))
      if (auto p = arrayParam(n->id))
        return HostExpr::shape(n->id, 0);
    throw NotHostComputable{};
  }

  /// The array parameter `name` names, if it is one the kernel never
  /// re-binds.
  std::optional<size_t> arrayParam(const std::string &name) const {
    auto it = params_.find(name);
    if (it == params_.end() || !k_.signature.params[it->second].isArray() ||
        k_.reassignedArrayParams.count(name) || assignments_.count(name))
      return std::nullopt;
    return it->second;
  }

  /// `e` as an expression the launcher evaluates; throws NotHostComputable.
  HostExpr hostValue(const ast::Expr &e) {
    if (auto it = k_.constants.find(&e); it != k_.constants.end()) {
      const ConstValue &v = it->second;
      if (v.type.isInteger() || v.type.isBoolean())
        return HostExpr::number(v.i);
    }
    if (auto *lit = dyn_cast<ast::IntLiteral>(&e))
      return HostExpr::number(lit->value);
    if (auto *b = dyn_cast<ast::BoolLiteral>(&e))
      return HostExpr::number(b->value ? 1 : 0);
    if (auto *n = dyn_cast<ast::Name>(&e)) {
      if (auto it = params_.find(n->id); it != params_.end()) {
        const Type &t = k_.signature.params[it->second];
        if (assignments_.count(n->id) || (!t.isInteger() && !t.isBoolean()))
          throw NotHostComputable{};
        return HostExpr::arg(n->id);
      }
      if (auto it = topLevel_.find(n->id); it != topLevel_.end())
        return it->second;
      throw NotHostComputable{};
    }
    if (auto *u = dyn_cast<ast::UnaryOp>(&e)) {
      if (u->op == ast::UnaryOpKind::USub)
        return apply("-", HostExpr::number(0), hostValue(*u->operand));
      if (u->op == ast::UnaryOpKind::UAdd)
        return hostValue(*u->operand);
    }
    if (auto *b = dyn_cast<ast::BinOp>(&e)) {
      const char *op = b->op == ast::BinOpKind::Add        ? "+"
                       : b->op == ast::BinOpKind::Sub      ? "-"
                       : b->op == ast::BinOpKind::Mult     ? "*"
                       : b->op == ast::BinOpKind::FloorDiv ? "//"
                                                           : nullptr;
      if (op && k_.typeOf(&e).isInteger())
        return apply(op, hostValue(*b->lhs), hostValue(*b->rhs));
    }
    if (auto *c = dyn_cast<ast::Call>(&e)) {
      auto *fn = dyn_cast<ast::Name>(c->func.get());
      if (fn && c->keywords.empty()) {
        if (fn->id == "len" && c->args.size() == 1)
          if (auto *a = dyn_cast<ast::Name>(c->args[0].get()); a && arrayParam(a->id))
            return HostExpr::shape(a->id, 0);
        if ((fn->id == "min" || fn->id == "max") && c->args.size() >= 2 &&
            k_.typeOf(&e).isInteger()) {
          std::vector<HostExpr> a;
          for (auto &x : c->args)
            a.push_back(hostValue(*x));
          return applyN(fn->id, a);
        }
        if (fn->id == "int" && c->args.size() == 1 && k_.typeOf(c->args[0].get()).isInteger())
          return hostValue(*c->args[0]);
      }
    }
    if (auto *s = dyn_cast<ast::Subscript>(&e)) {
      // a.shape[d]
      auto *attr = dyn_cast<ast::Attribute>(s->value.get());
      auto *lit = dyn_cast<ast::IntLiteral>(s->index.get());
      if (attr && lit && attr->attr == "shape")
        if (auto *a = dyn_cast<ast::Name>(attr->value.get()); a && arrayParam(a->id)) {
          int64_t ndim = k_.signature.params[*arrayParam(a->id)].ndim();
          int64_t d = lit->value < 0 ? lit->value + ndim : lit->value;
          if (d >= 0 && d < ndim)
            return HostExpr::shape(a->id, d);
        }
    }
    if (auto *attr = dyn_cast<ast::Attribute>(&e)) {
      // a.size
      if (attr->attr == "size")
        if (auto *a = dyn_cast<ast::Name>(attr->value.get()); a && arrayParam(a->id)) {
          HostExpr n = HostExpr::number(1);
          for (unsigned d = 0; d < k_.signature.params[*arrayParam(a->id)].ndim(); ++d)
            n = apply("*", n, HostExpr::shape(a->id, d));
          return n;
        }
    }
    throw NotHostComputable{};
  }

  /// Records `name = value` (or `a, b = arr.shape`) at the top of the
  /// kernel, when the name is assigned nowhere else and the value is one
  /// the launcher can compute.
  void noteTopLevelDefinition(const ast::Stmt &s) {
    auto *assign = dyn_cast<ast::Assign>(&s);
    if (!assign || assign->targets.size() != 1)
      return;
    const ast::Expr &target = *assign->targets[0];
    if (auto *n = dyn_cast<ast::Name>(&target)) {
      if (assignments_[n->id] != 1 || params_.count(n->id))
        return;
      try {
        topLevel_[n->id] = hostValue(*assign->value);
      } catch (NotHostComputable &) {
      }
      return;
    }
    // rows, cols = M.shape
    auto *tuple = dyn_cast<ast::Tuple>(&target);
    auto *attr = dyn_cast<ast::Attribute>(assign->value.get());
    if (!tuple || !attr || attr->attr != "shape")
      return;
    auto *a = dyn_cast<ast::Name>(attr->value.get());
    if (!a || !arrayParam(a->id))
      return;
    for (size_t d = 0; d < tuple->elts.size(); ++d)
      if (auto *n = dyn_cast<ast::Name>(tuple->elts[d].get()))
        if (assignments_[n->id] == 1 && !params_.count(n->id))
          topLevel_[n->id] = HostExpr::shape(a->id, static_cast<int64_t>(d));
  }

  void countTarget(const ast::Expr &t) {
    if (auto *n = dyn_cast<ast::Name>(&t))
      ++assignments_[n->id];
    else if (auto *tuple = dyn_cast<ast::Tuple>(&t))
      for (auto &e : tuple->elts)
        countTarget(*e);
  }

  /// How many statements assign each name (loops count once).
  void countAssignments(const ast::Stmt &s) {
    auto inBlock = [&](const ast::Block &b) {
      for (auto &t : b)
        countAssignments(*t);
    };
    if (auto *a = dyn_cast<ast::Assign>(&s)) {
      for (auto &t : a->targets)
        countTarget(*t);
    } else if (auto *a = dyn_cast<ast::AugAssign>(&s)) {
      countTarget(*a->target);
    } else if (auto *a = dyn_cast<ast::AnnAssign>(&s)) {
      countTarget(*a->target);
    } else if (auto *i = dyn_cast<ast::If>(&s)) {
      inBlock(i->body);
      inBlock(i->orelse);
    } else if (auto *w = dyn_cast<ast::While>(&s)) {
      inBlock(w->body);
      inBlock(w->orelse);
    } else if (auto *f = dyn_cast<ast::For>(&s)) {
      countTarget(*f->target);
      inBlock(f->body);
      inBlock(f->orelse);
    } else if (auto *u = dyn_cast<ast::UnrolledFor>(&s)) {
      for (auto &copy : u->copies)
        inBlock(copy);
      inBlock(u->orelse);
    }
  }

  const TypedKernel &k_;
  std::map<std::string, size_t> params_;
  std::map<std::string, int> assignments_;
  std::map<std::string, HostExpr> topLevel_;
  std::vector<const ast::Call *> barriers_;
  bool dynamic_ = false; ///< a barrier the launcher cannot count before the launch
};

} // namespace

GridSchedule computeGridSchedule(const TypedKernel &k) {
  GridSchedule schedule = Scheduler(k).run();
  // A barrier call that is not a statement of its own (`x = g.sync()`, in
  // an expression) was not counted: refuse it, at the first in the source.
  const ast::Call *stray = nullptr;
  for (const ast::Call *c : k.gridBarriers)
    if (std::find(schedule.barriers.begin(), schedule.barriers.end(), c) ==
            schedule.barriers.end() &&
        (!stray || std::make_pair(c->getLoc().line, c->getLoc().col) <
                       std::make_pair(stray->getLoc().line, stray->getLoc().col)))
      stray = c;
  if (stray) {
    CompileError e(stray->getLoc(), "nvc splits a kernel at a grid barrier that stands as a "
                                    "statement of its own (`g.sync()`), not inside an "
                                    "expression");
    e.file = k.source;
    throw e;
  }
  return schedule;
}

} // namespace nvc
