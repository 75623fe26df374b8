//===- InferFunction.cpp - Inferrer: function -------------------------------===//
//
// One function's typing: the rounds until no type changes, statements skipped
// on error and their errors collected.
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
    } else if (auto *u = dyn_cast<ast::UnrolledFor>(s.get())) {
      for (auto &copy : u->copies)
        collectAssigned(copy, out);
      collectAssigned(u->orelse, out);
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
    } else if (auto *u = dyn_cast<ast::UnrolledFor>(s.get())) {
      for (auto &copy : u->copies)
        collectDefinitions(copy, single);
      collectDefinitions(u->orelse, single);
    } else if (auto *w = dyn_cast<ast::While>(s.get())) {
      collectDefinitions(w->body, single);
      collectDefinitions(w->orelse, single);
    } else if (auto *i = dyn_cast<ast::If>(s.get())) {
      collectDefinitions(i->body, single);
      collectDefinitions(i->orelse, single);
    }
  }
}

} // namespace

Inferrer::Inferrer(InferenceContext &context, const DecoratedFunction &fn, const Signature &sig,
         bool isDevice, bool declaredResult,
         const std::vector<std::optional<ConstValue>> &constants) : context_(context), scope_(fn.scope ? *fn.scope : context.scope), fn_(fn),
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
  // numba-cuda: debug=True implies error_model="python" unless error_model=
  // says otherwise; NUMBA_BOUNDSCHECK / --boundscheck override boundscheck=.
  result_.pythonErrorModel =
      fn.pythonErrorModel.value_or(fn.debug || context.defaultPythonErrorModel);
  result_.boundscheck = context.forcedBoundscheck.value_or(fn.boundscheck.value_or(false));
  result_.coarsen = fn.coarsen;
  result_.localSize = fn.localSize;
  result_.access.resize(sig.params.size());
  collectAssigned(fn.def->body, locals_);
  collectDefinitions(fn.def->body, singleDefinitions_);
  for (size_t i = 0; i < sig.params.size(); ++i) {
    const ast::Param &p = fn.def->params[i];
    if (p.defaultValue && !isDevice) // a device function's call gives omitted ones
      throw CompileError(p.defaultValue->getLoc(),
                         "default parameter values are not supported in kernels");
    result_.varTypes[p.name] = sig.params[i];
    varLocs_[p.name] = p.loc;
    if (i < constants.size() && constants[i] && !locals_.count(p.name))
      paramConstants_[p.name] = *constants[i]; // locals_ holds the names assigned so far
    locals_.insert(p.name);
    paramIndex_[p.name] = i;
  }
}


TypedKernel Inferrer::run() {
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


TypedKernel Inferrer::runRounds() {
  if (!result_.isDevice && result_.signature.result.kind() != Type::Kind::None)
    throw CompileError(result_.signature.loc, "a kernel must return void");
  // numba-cuda refuses records with a field at an offset that is not a
  // multiple of its size (its test_record_alignment_error: "type float64 is
  // not aligned"); numba-vulkan (@nv.jit) takes packed records (004_…txt
  // "Structured arrays"), their fields written with atomics.
  if (!result_.isDevice && fn_.numbaCudaSpelling)
    for (size_t i = 0; i < result_.signature.params.size(); ++i) {
      const Type &p = result_.signature.params[i];
      const Type *rec = p.isRecord() ? &p : p.isRecordArray() ? &p.element() : nullptr;
      if (!rec)
        continue;
      for (const RecordField &f : rec->record().fields) {
        unsigned align = f.type.isComplex() ? f.type.byteSize() / 2 : f.type.byteSize();
        if (f.offset % align != 0)
          throw CompileError(
              fn_.def->params[i].loc,
              fmt::format("type {} is not aligned: field '{}' of parameter '{}' is at offset {} "
                          "of a packed record, which numba-cuda refuses (use np.dtype(..., "
                          "align=True), or @nv.jit, which writes such fields with atomics)",
                          f.type.str(), f.name, fn_.def->params[i].name, f.offset));
      }
    }
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
    if (before == result_.varTypes && returnBefore == result_.returnType) {
      noteRereadExpressions();
      finishMultiRoots();
      return std::move(result_);
    }
  }
  throw CompileError(fn_.def->getLoc(), "type inference did not converge");
}


void Inferrer::block(const ast::Block &stmts) {
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


void Inferrer::noteRereadExpressions() {
  for (const auto &[name, reads] : expressionReads_) {
    if (reads.size() < 2)
      continue;
    std::vector<const ast::Name *> sites(reads.begin(), reads.end());
    std::sort(sites.begin(), sites.end(), [](const ast::Name *a, const ast::Name *b) {
      return std::make_pair(a->getLoc().line, a->getLoc().col) <
             std::make_pair(b->getLoc().line, b->getLoc().col);
    });
    const ast::Location at = sites[1]->getLoc();
    if (!context_.notedRereads.insert({fn_.source, at.line, at.col}).second)
      continue;
    diags_.note(at,
                fmt::format("'{}' is an array expression, computed again at each of its {} "
                            "reads; to compute its elements once, store them in a local array "
                            "(cuda.local.array) and read that",
                            name, sites.size()),
                fn_.source);
  }
}


void Inferrer::recordError(CompileError e) {
  for (const CompileError &seen : errors_)
    if (seen.file == e.file && seen.loc.line == e.loc.line && seen.loc.col == e.loc.col &&
        seen.message == e.message)
      return;
  errors_.push_back(std::move(e));
}

} // namespace nvc::sema
