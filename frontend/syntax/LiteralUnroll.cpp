//===- LiteralUnroll.cpp - One copy of a literal_unroll loop body per item -===//
#include "frontend/syntax/LiteralUnroll.h"

#include "frontend/syntax/ASTCast.h"
#include "frontend/syntax/CloneAST.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace nvc {
namespace {

using namespace ast;

using astcast::dyn_cast;

/// How the module spells literal_unroll: names imported from numba modules,
/// and the names numba modules are imported as (for `numba.literal_unroll`).
struct Spellings {
  std::set<std::string> functions;
  std::set<std::string> numbaModules;

  bool isLiteralUnroll(const Expr &callee) const {
    if (auto *n = dyn_cast<const Name>(&callee))
      return functions.count(n->id) != 0;
    if (auto *a = dyn_cast<const Attribute>(&callee)) {
      if (a->attr != "literal_unroll")
        return false;
      // numba.literal_unroll, nb.literal_unroll, numba.misc.special.literal_unroll
      const Expr *base = a->value.get();
      while (auto *inner = dyn_cast<const Attribute>(base))
        base = inner->value.get();
      auto *n = dyn_cast<const Name>(base);
      return n && numbaModules.count(n->id) != 0;
    }
    return false;
  }
};

bool isNumbaModule(const std::string &module) {
  return module == "numba" || module.rfind("numba.", 0) == 0;
}

Spellings spellingsOf(const Module &module) {
  Spellings s;
  for (auto &st : module.body) {
    if (auto *from = dyn_cast<const ImportFrom>(st.get())) {
      if (from->level == 0 && isNumbaModule(from->module))
        for (auto &alias : from->names)
          if (alias.name == "literal_unroll")
            s.functions.insert(alias.asname.empty() ? alias.name : alias.asname);
    } else if (auto *imp = dyn_cast<const Import>(st.get())) {
      for (auto &alias : imp->names)
        if (isNumbaModule(alias.name))
          // `import numba.cuda` binds `numba`; `import numba as nb` binds nb.
          s.numbaModules.insert(alias.asname.empty() ? alias.name.substr(0, alias.name.find('.'))
                                                     : alias.asname);
    }
  }
  return s;
}

/// Names bound by `target` (a name, or tuples and lists of them).
void boundNames(const Expr &target, std::vector<std::string> &out) {
  if (auto *n = dyn_cast<const Name>(&target))
    out.push_back(n->id);
  else if (auto *t = dyn_cast<const ast::Tuple>(&target))
    for (auto &e : t->elts)
      boundNames(*e, out);
  else if (auto *l = dyn_cast<const List>(&target))
    for (auto &e : l->elts)
      boundNames(*e, out);
}

/// For every name a block binds (anywhere in it, nested blocks included):
/// the tuple literal of its one binding `name = (...)`, or null when it is
/// bound more than once or otherwise.
void tupleBindings(const Block &block, std::map<std::string, const ast::Tuple *> &out) {
  auto bind = [&](const Expr &target, const Expr *value) {
    std::vector<std::string> names;
    boundNames(target, names);
    for (auto &n : names) {
      bool first = !out.count(n);
      auto *t = value && dyn_cast<const Name>(&target) ? dyn_cast<const ast::Tuple>(value)
                                                         : nullptr;
      out[n] = first ? t : nullptr;
    }
  };
  for (auto &s : block) {
    if (auto *a = dyn_cast<const Assign>(s.get())) {
      for (auto &t : a->targets)
        bind(*t, a->value.get());
    } else if (auto *a = dyn_cast<const AugAssign>(s.get())) {
      bind(*a->target, nullptr);
    } else if (auto *a = dyn_cast<const AnnAssign>(s.get())) {
      bind(*a->target, nullptr);
    } else if (auto *f = dyn_cast<const For>(s.get())) {
      bind(*f->target, nullptr);
      tupleBindings(f->body, out);
      tupleBindings(f->orelse, out);
    } else if (auto *u = dyn_cast<const UnrolledFor>(s.get())) {
      for (auto &c : u->copies)
        tupleBindings(c, out);
      tupleBindings(u->orelse, out);
    } else if (auto *w = dyn_cast<const While>(s.get())) {
      tupleBindings(w->body, out);
      tupleBindings(w->orelse, out);
    } else if (auto *i = dyn_cast<const If>(s.get())) {
      tupleBindings(i->body, out);
      tupleBindings(i->orelse, out);
    } else if (auto *f = dyn_cast<const FunctionDef>(s.get())) {
      bind(Name(f->getLoc(), f->name), nullptr);
    } else if (auto *imp = dyn_cast<const Import>(s.get())) {
      for (auto &alias : imp->names)
        bind(Name(imp->getLoc(), alias.asname.empty() ? alias.name : alias.asname), nullptr);
    } else if (auto *from = dyn_cast<const ImportFrom>(s.get())) {
      for (auto &alias : from->names)
        bind(Name(from->getLoc(), alias.asname.empty() ? alias.name : alias.asname), nullptr);
    }
  }
}

class Unroller {
public:
  Unroller(const Spellings &spellings, const std::map<std::string, const ast::Tuple *> &globals)
      : spellings_(spellings), globals_(globals) {}

  void function(FunctionDef &fn) {
    locals_.clear();
    tupleBindings(fn.body, locals_);
    for (auto &p : fn.params)
      locals_[p.name] = nullptr;
    block(fn.body);
  }

private:
  void block(Block &b) {
    for (size_t at = 0; at < b.size(); ++at) {
      StmtPtr &s = b[at];
      if (auto *i = dyn_cast<If>(s.get())) {
        block(i->body);
        block(i->orelse);
      } else if (auto *w = dyn_cast<While>(s.get())) {
        block(w->body);
        block(w->orelse);
      } else if (auto *f = dyn_cast<For>(s.get())) {
        block(f->body); // inner loops first: their copies are copied whole
        block(f->orelse);
        Block prologue;
        if (StmtPtr u = unrolled(*f, prologue)) {
          s = std::move(u);
          b.insert(b.begin() + static_cast<std::ptrdiff_t>(at),
                   std::make_move_iterator(prologue.begin()),
                   std::make_move_iterator(prologue.end()));
          at += prologue.size();
        }
      } else if (auto *fn = dyn_cast<FunctionDef>(s.get())) {
        Unroller(spellings_, globals_).function(*fn);
      }
    }
  }

  /// The tuple literal whose items `e` (a literal_unroll argument) iterates,
  /// when the source writes one.
  const ast::Tuple *tupleOf(const Expr &e) const {
    if (auto *t = dyn_cast<const ast::Tuple>(&e))
      return t;
    auto *n = dyn_cast<const Name>(&e);
    if (!n)
      return nullptr;
    if (auto it = locals_.find(n->id); it != locals_.end())
      return it->second;
    if (auto it = globals_.find(n->id); it != globals_.end())
      return it->second;
    return nullptr;
  }

  /// Whether evaluating `e` where a copy starts gives what Python's one
  /// evaluation of the tuple before the loop gives: literals, and names
  /// (and their attributes: np.pi) the loop body does not bind.
  static bool stable(const Expr &e, const std::map<std::string, const ast::Tuple *> &bodyBinds) {
    switch (e.getKind()) {
    case Expr::Kind::IntLiteral:
    case Expr::Kind::FloatLiteral:
    case Expr::Kind::ImaginaryLiteral:
    case Expr::Kind::StringLiteral:
    case Expr::Kind::BoolLiteral:
    case Expr::Kind::NoneLiteral:
      return true;
    case Expr::Kind::Name:
      return !bodyBinds.count(static_cast<const Name &>(e).id);
    case Expr::Kind::Attribute:
      return stable(*static_cast<const Attribute &>(e).value, bodyBinds);
    case Expr::Kind::UnaryOp:
      return stable(*static_cast<const UnaryOp &>(e).operand, bodyBinds);
    default:
      return false;
    }
  }

  /// The loop `f` unrolled, or null when it is no literal_unroll loop whose
  /// length the source gives. `prologue` receives the assignments that
  /// evaluate a tuple literal's items before the loop, in order, as Python
  /// evaluates the tuple once (items that could change while the loop runs:
  /// reads of arrays, calls, variables the body assigns).
  StmtPtr unrolled(For &f, Block &prologue) {
    auto *call = dyn_cast<Call>(f.iter.get());
    if (!call || !spellings_.isLiteralUnroll(*call->func) || call->args.size() != 1 ||
        !call->keywords.empty() || !call->starredArgs.empty())
      return nullptr;
    const Expr &arg = *call->args[0];
    const ast::Tuple *items = tupleOf(arg);
    if (!items)
      return nullptr;
    bool literal = dyn_cast<const ast::Tuple>(&arg) != nullptr;
    std::map<std::string, const ast::Tuple *> bodyBinds;
    tupleBindings(f.body, bodyBinds);
    bool anyUnstable = false;
    for (auto &item : items->elts)
      anyUnstable |= literal && !stable(*item, bodyBinds);
    std::vector<Block> copies;
    for (size_t k = 0; k < items->elts.size(); ++k) {
      // x = <item k> for a tuple literal, x = t[k] for a name. When an item
      // of a literal could change while the loop runs, every item is
      // evaluated first into a variable of its own (named so that it
      // cannot clash with Python names: `(item k of literal_unroll)`).
      ExprPtr value;
      if (literal && anyUnstable) {
        Location at = items->elts[k]->getLoc();
        std::string temp = "(item " + std::to_string(k) + " of literal_unroll at line " +
                           std::to_string(f.getLoc().line) + ")";
        std::vector<ExprPtr> tempTarget;
        tempTarget.push_back(std::make_unique<Name>(at, temp));
        prologue.push_back(std::make_unique<Assign>(at, std::move(tempTarget),
                                                    clone(items->elts[k].get())));
        value = std::make_unique<Name>(at, temp);
      } else if (literal) {
        value = clone(items->elts[k].get());
      } else {
        Location at = arg.getLoc();
        value = std::make_unique<Subscript>(
            at, clone(&arg),
            std::make_unique<IntLiteral>(at, std::to_string(k), static_cast<uint64_t>(k), true));
      }
      std::vector<ExprPtr> targets;
      targets.push_back(clone(f.target.get()));
      Block copy;
      copy.push_back(std::make_unique<Assign>(f.target->getLoc(), std::move(targets),
                                              std::move(value)));
      for (StmtPtr &s : clone(f.body))
        copy.push_back(std::move(s));
      copies.push_back(std::move(copy));
    }
    return std::make_unique<UnrolledFor>(f.getLoc(), std::move(copies), std::move(f.orelse));
  }

  const Spellings &spellings_;
  const std::map<std::string, const ast::Tuple *> &globals_;
  std::map<std::string, const ast::Tuple *> locals_;
};

} // namespace

void unrollLiteralLoops(ast::Module &module) {
  Spellings spellings = spellingsOf(module);
  if (spellings.functions.empty() && spellings.numbaModules.empty())
    return;
  // Module-level bindings: tupleBindings binds a function's name but does
  // not walk its body.
  std::map<std::string, const ast::Tuple *> globals;
  tupleBindings(module.body, globals);
  for (auto &s : module.body)
    if (auto *fn = dyn_cast<FunctionDef>(s.get()))
      Unroller(spellings, globals).function(*fn);
}

} // namespace nvc
