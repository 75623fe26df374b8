//===- Rebindings.cpp - One name per web of definitions and uses ----------===//
//
// Numba types the SSA form of a function: each assignment of a variable is a
// version of its own, and versions meet only where control flow merges (a
// phi), where their types unify. `x = 7; r[0] = x // d; x = 0.5` keeps
// `x // d` an integer division. nvc's type inference gives a name one type
// for the whole function, so this pass splits each local into its webs —
// the definitions connected through the uses they reach (reaching
// definitions over the structured statements, loops to a fixed point) — and
// renames every web but the first `name$k`. A web is what Numba's phi nodes
// join, so the types nvc then infers per name are Numba's per version.
// Diagnostics print the names without the suffix (Diagnostics.cpp).
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Rebindings.h"

#include "frontend/syntax/ASTCast.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

namespace nvc {
namespace {

using namespace ast;

using astcast::dyn_cast;

/// Reaching definitions of each variable (indices into Renamer::defs_).
using State = std::map<std::string, std::set<size_t>>;

State merge(const State &a, const State &b) {
  State out = a;
  for (auto &[name, defs] : b)
    out[name].insert(defs.begin(), defs.end());
  return out;
}

class Renamer {
public:
  explicit Renamer(FunctionDef &fn) : fn_(fn) {}

  void run() {
    collectGlobals(fn_.body);
    collectReads(fn_.body);
    State state;
    for (auto &p : fn_.params) {
      size_t d = addDef(nullptr, p.name);
      state[p.name] = {d};
    }
    reachable_ = true;
    block(fn_.body, state);
    rename();
  }

private:
  struct Def {
    Name *node; ///< null for a parameter
    std::string name;
  };
  struct Loop {
    std::vector<State> breaks, continues;
  };

  size_t addDef(Name *node, const std::string &name) {
    // A definition revisited in a later round of a loop keeps its index.
    if (node) {
      auto it = defIndex_.find(node);
      if (it != defIndex_.end())
        return it->second;
    }
    defs_.push_back({node, name});
    parent_.push_back(defs_.size() - 1);
    if (node)
      defIndex_[node] = defs_.size() - 1;
    return defs_.size() - 1;
  }

  size_t find(size_t x) {
    while (parent_[x] != x)
      x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(size_t a, size_t b) { parent_[find(a)] = find(b); }

  void collectGlobals(const Block &b) {
    for (auto &s : b) {
      if (auto *g = dyn_cast<Global>(s.get()))
        globals_.insert(g->names.begin(), g->names.end());
      else if (auto *n = dyn_cast<Nonlocal>(s.get()))
        globals_.insert(n->names.begin(), n->names.end());
      else if (auto *i = dyn_cast<If>(s.get()))
        collectGlobals(i->body), collectGlobals(i->orelse);
      else if (auto *w = dyn_cast<While>(s.get()))
        collectGlobals(w->body), collectGlobals(w->orelse);
      else if (auto *f = dyn_cast<For>(s.get()))
        collectGlobals(f->body), collectGlobals(f->orelse);
      else if (auto *u = dyn_cast<UnrolledFor>(s.get())) {
        for (auto &c : u->copies)
          collectGlobals(c);
        collectGlobals(u->orelse);
      }
    }
  }

  /// Each set as the webs it reaches: one definition per web (the root),
  /// so that a loop's fixed point compares webs, not which of a web's
  /// definitions stands for it.
  void normalize(State &state) {
    for (auto &[name, defs] : state) {
      std::set<size_t> roots;
      for (size_t d : defs)
        roots.insert(find(d));
      defs = std::move(roots);
    }
  }

  /// The names the function reads anywhere (reads_): the statements and
  /// expressions stmt() passes to use(), and augmented-assignment targets.
  /// Mirrors stmt(): a read it misses would join the first web.
  void collectReads(const Block &b) {
    for (auto &s : b) {
      Stmt *st = s.get();
      if (auto *e = dyn_cast<ExprStmt>(st)) {
        readsIn(*e->value);
      } else if (auto *a = dyn_cast<Assign>(st)) {
        readsIn(*a->value);
        for (auto &t : a->targets)
          readsInTarget(*t);
      } else if (auto *a = dyn_cast<AugAssign>(st)) {
        readsIn(*a->value);
        readsIn(*a->target);
      } else if (auto *a = dyn_cast<AnnAssign>(st)) {
        if (a->value) {
          readsIn(*a->value);
          readsInTarget(*a->target);
        }
      } else if (auto *i = dyn_cast<If>(st)) {
        readsIn(*i->test);
        collectReads(i->body), collectReads(i->orelse);
      } else if (auto *w = dyn_cast<While>(st)) {
        readsIn(*w->test);
        collectReads(w->body), collectReads(w->orelse);
      } else if (auto *f = dyn_cast<For>(st)) {
        readsIn(*f->iter);
        readsInTarget(*f->target);
        collectReads(f->body), collectReads(f->orelse);
      } else if (auto *u = dyn_cast<UnrolledFor>(st)) {
        for (auto &c : u->copies)
          collectReads(c);
        collectReads(u->orelse);
      } else if (auto *r = dyn_cast<Return>(st)) {
        if (r->value)
          readsIn(*r->value);
      } else if (auto *r = dyn_cast<Raise>(st)) {
        if (r->exc)
          readsIn(*r->exc);
      } else if (auto *a = dyn_cast<Assert>(st)) {
        readsIn(*a->test);
        if (a->msg)
          readsIn(*a->msg);
      }
    }
  }
  void readsIn(Expr &e) {
    if (auto *n = dyn_cast<Name>(&e))
      reads_.insert(n->id);
    forEachChild(e, [&](Expr &c) { readsIn(c); });
  }
  /// As define(): names bound are not read; subscripts and attributes read.
  void readsInTarget(Expr &target) {
    if (dyn_cast<Name>(&target))
      return;
    if (auto *t = dyn_cast<ast::Tuple>(&target)) {
      for (auto &e : t->elts)
        readsInTarget(*e);
      return;
    }
    if (auto *l = dyn_cast<List>(&target)) {
      for (auto &e : l->elts)
        readsInTarget(*e);
      return;
    }
    readsIn(target);
  }

  /// A read of every name in `e` (loads).
  void use(Expr &e, State &state) {
    if (auto *n = dyn_cast<Name>(&e)) {
      if (globals_.count(n->id))
        return;
      auto it = state.find(n->id);
      if (it == state.end() || it->second.empty()) {
        // Read before any assignment reaches it (Numba warns and reads an
        // undefined value): it stays with the variable's first web.
        undefinedUses_.push_back(n);
        return;
      }
      size_t first = *it->second.begin();
      for (size_t d : it->second)
        unite(d, first);
      uses_[n] = first;
      // Now one web: one of its definitions stands for all in later merges
      // and uses (which unite with the same web), so the set stays small.
      if (it->second.size() > 1)
        it->second = {first};
      return;
    }
    forEachChild(e, [&](Expr &c) { use(c, state); });
  }

  /// An assignment to `target` (names, tuples of them; subscripts and
  /// attributes read their base).
  void define(Expr &target, State &state) {
    if (auto *n = dyn_cast<Name>(&target)) {
      if (globals_.count(n->id))
        return;
      const size_t d = addDef(n, n->id);
      // A name the function never reads needs no reaching definitions: no
      // use joins its definitions, each is a web of its own. Not tracking it
      // keeps the state small (a loop variable of 2000 loops in a row
      // reached every later loop: quadratic, issue 25).
      if (reads_.count(n->id))
        state[n->id] = {d};
      return;
    }
    if (auto *t = dyn_cast<ast::Tuple>(&target)) {
      for (auto &e : t->elts)
        define(*e, state);
      return;
    }
    if (auto *l = dyn_cast<List>(&target)) {
      for (auto &e : l->elts)
        define(*e, state);
      return;
    }
    use(target, state); // a[i] = v reads a and i
  }

  template <typename F> static void forEachChild(Expr &e, F f) {
    if (auto *a = dyn_cast<Attribute>(&e)) {
      f(*a->value);
    } else if (auto *s = dyn_cast<Subscript>(&e)) {
      f(*s->value);
      f(*s->index);
    } else if (auto *s = dyn_cast<Slice>(&e)) {
      for (auto *p : {s->lower.get(), s->upper.get(), s->step.get()})
        if (p)
          f(*p);
    } else if (auto *c = dyn_cast<Call>(&e)) {
      f(*c->func);
      for (auto &a : c->args)
        f(*a);
      for (auto &kw : c->keywords)
        f(*kw.value);
    } else if (auto *b = dyn_cast<BinOp>(&e)) {
      f(*b->lhs);
      f(*b->rhs);
    } else if (auto *u = dyn_cast<UnaryOp>(&e)) {
      f(*u->operand);
    } else if (auto *b = dyn_cast<BoolOp>(&e)) {
      for (auto &v : b->values)
        f(*v);
    } else if (auto *c = dyn_cast<Compare>(&e)) {
      f(*c->left);
      for (auto &v : c->comparators)
        f(*v);
    } else if (auto *i = dyn_cast<IfExp>(&e)) {
      f(*i->test);
      f(*i->body);
      f(*i->orelse);
    } else if (auto *t = dyn_cast<ast::Tuple>(&e)) {
      for (auto &v : t->elts)
        f(*v);
    } else if (auto *l = dyn_cast<List>(&e)) {
      for (auto &v : l->elts)
        f(*v);
    }
  }

  /// Walks `b` from `state`; returns false when control never leaves it
  /// normally (every path breaks, continues or returns).
  void block(Block &b, State &state) {
    for (auto &s : b) {
      if (!reachable_)
        return;
      stmt(*s, state);
    }
  }

  void stmt(Stmt &s, State &state) {
    if (auto *e = dyn_cast<ExprStmt>(&s)) {
      use(*e->value, state);
    } else if (auto *a = dyn_cast<Assign>(&s)) {
      use(*a->value, state);
      for (auto &t : a->targets)
        define(*t, state);
    } else if (auto *a = dyn_cast<AugAssign>(&s)) {
      use(*a->value, state);
      use(*a->target, state);
      // x += 1 reads and writes the same variable: one web (Numba's
      // in-place operators rebind to the unified type, as a plain `x = x + 1`
      // would join the web through its read).
      if (auto *n = dyn_cast<Name>(a->target.get()); n && !globals_.count(n->id)) {
        size_t d = addDef(n, n->id);
        if (auto it = uses_.find(n); it != uses_.end())
          unite(d, it->second);
        else
          undefinedDefs_.push_back(d); // joins the first web (rename)
        state[n->id] = {d};
      }
    } else if (auto *a = dyn_cast<AnnAssign>(&s)) {
      if (a->value) {
        use(*a->value, state);
        define(*a->target, state);
      }
    } else if (auto *i = dyn_cast<If>(&s)) {
      use(*i->test, state);
      State thenState = state, elseState = state;
      bool wasReachable = reachable_;
      block(i->body, thenState);
      bool thenReaches = reachable_;
      reachable_ = wasReachable;
      block(i->orelse, elseState);
      bool elseReaches = reachable_;
      reachable_ = thenReaches || elseReaches;
      state = thenReaches && elseReaches ? merge(thenState, elseState)
              : thenReaches              ? thenState
                                         : elseState;
    } else if (auto *w = dyn_cast<While>(&s)) {
      loop(state, w->test.get(), nullptr, w->body, w->orelse);
    } else if (auto *f = dyn_cast<For>(&s)) {
      use(*f->iter, state);
      loop(state, nullptr, f->target.get(), f->body, f->orelse);
    } else if (auto *u = dyn_cast<UnrolledFor>(&s)) {
      unrolledLoop(state, *u);
    } else if (isa<Break>(s) || isa<Continue>(s)) {
      if (!loops_.empty())
        (isa<Break>(s) ? loops_.back().breaks : loops_.back().continues).push_back(state);
      reachable_ = false;
    } else if (auto *r = dyn_cast<Return>(&s)) {
      if (r->value)
        use(*r->value, state);
      reachable_ = false;
    } else if (auto *r = dyn_cast<Raise>(&s)) {
      if (r->exc)
        use(*r->exc, state);
      reachable_ = false;
    } else if (auto *a = dyn_cast<Assert>(&s)) {
      use(*a->test, state);
      if (a->msg)
        use(*a->msg, state);
    }
  }

  template <typename T> static bool isa(const Stmt &s) { return T::classof(&s); }

  /// A while (`test`) or for (`target`) loop: the head's state is the
  /// entry's merged with every back edge's, to a fixed point.
  void loop(State &state, Expr *test, Expr *target, Block &body, Block &orelse) {
    State head = state;
    for (int round = 0; round < 64; ++round) {
      if (test)
        use(*test, head);
      State inBody = head;
      if (target)
        define(*target, inBody);
      loops_.emplace_back();
      bool wasReachable = reachable_;
      reachable_ = true;
      block(body, inBody);
      State next = head;
      if (reachable_)
        next = merge(next, inBody);
      for (auto &c : loops_.back().continues)
        next = merge(next, c);
      breaks_ = std::move(loops_.back().breaks);
      loops_.pop_back();
      reachable_ = wasReachable;
      normalize(next);
      normalize(head);
      if (next == head)
        break;
      head = std::move(next);
    }
    // The loop ends at its head (test false, items exhausted), runs `else`,
    // or leaves by a break.
    State after = head;
    std::vector<State> breaks = std::move(breaks_);
    block(orelse, after);
    bool elseReaches = reachable_;
    reachable_ = true;
    State out = elseReaches ? after : State{};
    bool any = elseReaches;
    for (auto &b : breaks) {
      out = any ? merge(out, b) : b;
      any = true;
    }
    reachable_ = any;
    state = std::move(out);
  }

  /// The copies of a literal_unroll loop run one after another: a copy
  /// that ends or continues goes on with the next, one that breaks leaves
  /// the loop (past `else`). No back edge: each copy's definitions reach
  /// only the copies after it.
  void unrolledLoop(State &state, UnrolledFor &u) {
    std::vector<State> breaks;
    for (auto &copy : u.copies) {
      loops_.emplace_back();
      block(copy, state);
      bool reaches = reachable_;
      for (auto &c : loops_.back().continues) {
        state = reaches ? merge(state, c) : c;
        reaches = true;
      }
      breaks.insert(breaks.end(), loops_.back().breaks.begin(), loops_.back().breaks.end());
      loops_.pop_back();
      reachable_ = reaches;
    }
    block(u.orelse, state);
    bool any = reachable_;
    for (auto &b : breaks) {
      state = any ? merge(state, b) : b;
      any = true;
    }
    reachable_ = any;
  }

  void rename() {
    // Reads that no definition reaches, and updates of them (`c += 1` of an
    // undefined c), belong to the variable's first web.
    std::map<std::string, size_t> firstDef;
    for (size_t d = 0; d < defs_.size(); ++d)
      firstDef.emplace(defs_[d].name, d);
    for (size_t d : undefinedDefs_)
      unite(d, firstDef.at(defs_[d].name));
    for (Name *n : undefinedUses_)
      if (auto it = firstDef.find(n->id); it != firstDef.end() && !uses_.count(n))
        uses_[n] = it->second;
    // Webs by variable, in order of their first definition.
    std::map<std::string, std::vector<size_t>> webs; // name -> web roots
    for (size_t d = 0; d < defs_.size(); ++d) {
      std::vector<size_t> &roots = webs[defs_[d].name];
      size_t root = find(d);
      if (std::find(roots.begin(), roots.end(), root) == roots.end())
        roots.push_back(root);
    }
    std::map<size_t, std::string> newName; // web root -> name
    for (auto &[name, roots] : webs) {
      // The parameter's web (defined first) keeps the name; so does the
      // first web of a local.
      for (size_t k = 0; k < roots.size(); ++k)
        newName[roots[k]] = k == 0 ? name : name + "$" + std::to_string(k);
    }
    for (auto &d : defs_)
      if (d.node)
        d.node->id = newName.at(find(defIndex_.at(d.node)));
    for (auto &[node, def] : uses_)
      node->id = newName.at(find(def));
  }

  FunctionDef &fn_;
  std::vector<Def> defs_;
  std::vector<size_t> parent_;
  std::map<Name *, size_t> defIndex_;
  std::map<Name *, size_t> uses_;
  std::vector<Name *> undefinedUses_;
  std::vector<size_t> undefinedDefs_;
  std::set<std::string> globals_;
  std::set<std::string> reads_; ///< names read anywhere (collectReads)
  std::vector<Loop> loops_;
  std::vector<State> breaks_;
  bool reachable_ = true;
};

void renameIn(Block &body) {
  for (auto &s : body)
    if (auto *fn = dyn_cast<FunctionDef>(s.get())) {
      Renamer(*fn).run();
      renameIn(fn->body);
    }
}

} // namespace

void renameRebindings(ast::Module &module) { renameIn(module.body); }

std::string displayName(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9') {
      while (i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9')
        ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

} // namespace nvc
