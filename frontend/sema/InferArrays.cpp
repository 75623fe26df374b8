//===- InferArrays.cpp - Inferrer: arrays -----------------------------------===//
//
// Arrays: subscripts and views of parameters, what each parameter is read and
// written through, iteration over arrays and ranges, private and shared array
// constructors.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Inferrer.h"

#include "frontend/sema/Builtins.h"

#include "frontend/sema/ComplexMath.h"
#include "frontend/sema/MathBuiltins.h"
#include "frontend/sema/TypeRules.h"

#include <fmt/format.h>

#include <algorithm>
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

const ast::Expr *Inferrer::literalUnrollArgument(const ast::Expr &iter) {
  auto *call = dyn_cast<ast::Call>(&iter);
  if (!call || !isOneOf(calleeBuiltin(expr(*call->func)), {Builtin::LiteralUnroll}))
    return nullptr;
  if (call->args.size() != 1 || !call->keywords.empty())
    fail(call->getLoc(), "literal_unroll() takes one tuple");
  return call->args[0].get();
}

Type Inferrer::iterationItem(const ast::Expr &iter) {
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
  Type t;
  if (const ast::Expr *tuple = literalUnrollArgument(iter)) {
    // A literal_unroll loop left for typing (its tuple's length is not in
    // the source): an ordinary loop when the items share one type.
    t = expr(*tuple);
    record(iter, t);
    if (!t.isTuple() && !t.isUnknown())
      fail(tuple->getLoc(), fmt::format("literal_unroll() takes a tuple, not {}", t.str()));
    if (t.isTuple() && !std::all_of(t.elements().begin(), t.elements().end(),
                                    [&](const Type &e) { return e == t.elements().front(); }))
      fail(tuple->getLoc(),
           fmt::format("literal_unroll() over {}, whose items differ in type, needs the tuple "
                       "written in the source: a tuple literal, or a name bound once to one "
                       "(nvc compiles the loop body once per item)",
                       t.str()));
  } else {
    t = expr(iter);
  }
  if (t.kind() == Type::Kind::Range)
    return t.element();
  if (t.isArray()) {
    if (t.ndim() == 0)
      fail(iter.getLoc(), "iteration over a 0-d array (NumPy's TypeError): read its element "
                          "with a[()]");
    if (auto root = rootOf(iter))
      markAccess(root, true, false);
    if (t.ndim() == 1)
      return t.element();
    return viewType(t, 1);
  }
  if (t.isTuple() && !t.elements().empty()) {
    // A tuple of one scalar type (Numba's UniTuple), e.g. the seed's
    // `for offset in (128, 64, 32, 16, 8, 4, 2, 1)`.
    // Items that are tuples or vectors of one type too (numba-cuda's vector
    // tests loop over `(f2_1, f2_2, ...)`); those loops are unrolled.
    const Type &first = t.elements().front();
    for (const Type &e : t.elements())
      if (!(e == first) || !(first.isScalar() || (first.isTuple() && !first.elements().empty() &&
                                                  std::all_of(first.elements().begin(),
                                                              first.elements().end(),
                                                              [](const Type &x) {
                                                                return x.isScalar();
                                                              }))))
        fail(iter.getLoc(), fmt::format("cannot iterate over {}: for loops take tuples whose "
                                        "items are numbers (or tuples of numbers) of one type",
                                        t.str()));
    return first;
  }
  if (t.isUnknown())
    return t;
  fail(iter.getLoc(), fmt::format("cannot iterate over {} (for loops take range(), arrays, "
                                  "enumerate() and zip())",
                                  t.str()));
}


std::optional<size_t> Inferrer::iterationRoot(const ast::Expr &iter, const ast::Expr &target) {
  if (isa<ast::Name>(target))
    return rootOf(iter);
  return std::nullopt;
}


std::optional<size_t> Inferrer::rootOf(const ast::Expr &e) {
  if (auto c = result_.constants.find(&e);
      c != result_.constants.end() && c->second.type.isArray())
    return kConstantArray; // a global array, or an item of a global tuple
  if (auto *n = dyn_cast<ast::Name>(&e)) {
    auto it = arrayRoot_.find(n->id);
    if (it != arrayRoot_.end())
      return it->second;
    if (paramIndex_.count(n->id))
      return paramIndex_[n->id];
    return std::nullopt;
  }
  if (auto *sub = dyn_cast<ast::Subscript>(&e))
    return rootOf(*sub->value);
  if (auto *at = dyn_cast<ast::Attribute>(&e);
      at && (at->attr == "T" || at->attr == "real" || at->attr == "imag"))
    return rootOf(*at->value); // these views share their array's data
  if (auto *at = dyn_cast<ast::Attribute>(&e); at && result_.exprTypes[at->value.get()].isRecord())
    return rootOf(*at->value); // a record's field lives in the record's array
  if (auto *call = dyn_cast<ast::Call>(&e)) {
    if (auto *at = dyn_cast<ast::Attribute>(call->func.get());
        at && (at->attr == "view" || at->attr == "reshape"))
      return rootOf(*at->value); // a.view(dtype), a.reshape(shape): the same data
    if (result_.ufuncCalls.count(call)) {
      // np.add(a, b, out): its value is the output array.
      for (const ast::Keyword &k : call->keywords)
        if (k.name == "out")
          return rootOf(*k.value);
      const Type &f = result_.exprTypes[call->func.get()];
      if (std::optional<Ufunc> u = resolveUfunc(f.name()); u && call->args.size() > u->nin)
        return rootOf(*call->args[u->nin]);
      return std::nullopt;
    }
    const Type &callee = result_.exprTypes[call->func.get()];
    if (isInFamily(calleeBuiltin(callee), BuiltinFamily::PrivateArray))
      return kPrivateArray;
    // f(p) returning a record of p: p's array.
    if (auto it = result_.callees.find(call); it != result_.callees.end()) {
      int k = context_.specializations.at(it->second)->returnedRecordParam;
      std::vector<const ast::Expr *> args = result_.argumentsOf(*call);
      if (k >= 0 && static_cast<size_t>(k) < args.size())
        return rootOf(*args[static_cast<size_t>(k)]);
    }
  }
  return std::nullopt;
}


Type Inferrer::slicedView(const ast::Subscript &s, const Type &base,
                          const std::vector<const ast::Expr *> &given, bool isStore) {
  const std::vector<const ast::Expr *> indices = expandEllipsis(given, base.ndim());
  unsigned consumed = 0, added = 0;
  std::vector<SliceItem> items;
  auto integer = [&](const ast::Expr &e, const char *what) {
    Type t = expr(e);
    if (!t.isUnknown() && !t.isInteger() && !t.isBoolean())
      fail(e.getLoc(), fmt::format("{} must be an integer, not {}", what, t.str()));
  };
  for (const ast::Expr *i : indices) {
    if (auto *sl = dyn_cast<ast::Slice>(i)) {
      for (const ast::ExprPtr *part : {&sl->lower, &sl->upper})
        if (*part && !isa<ast::NoneLiteral>(**part))
          integer(**part, "a slice bound");
      if (sl->step && !isa<ast::NoneLiteral>(*sl->step)) {
        integer(*sl->step, "a slice step");
        auto *lit = dyn_cast<ast::IntLiteral>(sl->step.get());
        if (lit && lit->value == 0)
          fail(sl->step->getLoc(), "slice step cannot be zero");
        if (!lit)
          result_.mayRaise = true; // ValueError("slice step cannot be zero") at run time
      }
      items.push_back(SliceItem::Slice);
      ++consumed;
    } else if (isa<ast::NoneLiteral>(*i)) {
      items.push_back(SliceItem::NewAxis);
      ++added;
    } else {
      integer(*i, "an array index");
      items.push_back(SliceItem::Index);
      ++consumed;
    }
  }
  if (consumed > base.ndim())
    fail(s.index->getLoc(), fmt::format("too many indices for a {}-dimensional array: {}",
                                        base.ndim(), consumed));
  if (isStore)
    checkWritable(*s.value, s.getLoc());
  if (auto root = rootOf(*s.value))
    markAccess(root, false, isStore);
  std::vector<bool> plain; // per Slice item: `:` without bounds or step
  for (const ast::Expr *i : indices)
    if (auto *sl = dyn_cast<ast::Slice>(i))
      plain.push_back(!sl->lower && !sl->upper && !sl->step);
  std::vector<bool> stepless;
  for (const ast::Expr *i : indices)
    if (auto *sl = dyn_cast<ast::Slice>(i)) {
      auto *lit = sl->step ? dyn_cast<ast::IntLiteral>(sl->step.get()) : nullptr;
      stepless.push_back(!sl->step || (lit && lit->value == 1));
    }
  return viewTypeOfSlices(base, items, plain, stepless);
}

bool Inferrer::isSharedArrayExpr(const ast::Expr &e) {
  if (auto *sub = dyn_cast<ast::Subscript>(&e))
    return isSharedArrayExpr(*sub->value);
  if (auto *call = dyn_cast<ast::Call>(&e))
    return result_.sharedArrays.count(call) != 0;
  if (auto *n = dyn_cast<ast::Name>(&e))
    return sharedLocals_.count(n->id) != 0;
  return false;
}


void Inferrer::checkWritable(const ast::Expr &array, ast::Location at) {
  std::optional<size_t> root = rootOf(array);
  const std::vector<Type> &params = result_.signature.params;
  if (root && isMultiRoot(*root))
    for (size_t r : rootMembers(*root))
      if (params[r].isReadonly())
        fail(at, fmt::format("Cannot modify readonly array '{}' (of type {}), as in Numba",
                             fn_.def->params[r].name, params[r].str()));
  if (root && *root < params.size() && params[*root].isReadonly())
    fail(at, fmt::format("Cannot modify readonly array '{}' (of type {}), as in Numba",
                         fn_.def->params[*root].name, params[*root].str()));
  if (!root || *root != kConstantArray)
    return;
  // Name the global (or the variable holding it) the expression starts at.
  const ast::Expr *base = &array;
  while (true) {
    if (auto *s = dyn_cast<ast::Subscript>(base))
      base = s->value.get();
    else if (auto *a = dyn_cast<ast::Attribute>(base))
      base = a->value.get();
    else if (auto *c = dyn_cast<ast::Call>(base); c && isa<ast::Attribute>(*c->func))
      base = cast<ast::Attribute>(*c->func).value.get();
    else
      break;
  }
  auto *n = dyn_cast<ast::Name>(base);
  if (n && locals_.count(n->id))
    fail(at, fmt::format("'{}' holds a global array, frozen at compile time and read-only in "
                         "kernels",
                         n->id));
  fail(at, fmt::format("'{}' is a global array, frozen at compile time and read-only in kernels",
                       n ? n->id : std::string("this")));
}

std::vector<size_t> Inferrer::rootMembers(size_t root) const {
  if (isMultiRoot(root))
    return multiRoots_[root - kMultiRoot];
  return {root};
}

bool Inferrer::rootsOverlap(std::optional<size_t> a, std::optional<size_t> b) const {
  if (!a || !b)
    return false;
  for (size_t x : rootMembers(*a))
    for (size_t y : rootMembers(*b))
      if (x == y)
        return true;
  return false;
}

void Inferrer::finishMultiRoots() {
  for (const std::vector<size_t> &members : multiRoots_) {
    ArrayAccess all;
    for (size_t r : members) {
      all.read |= result_.access[r].read;
      all.written |= result_.access[r].written;
    }
    for (size_t r : members)
      result_.access[r] = all;
  }
  for (const auto &[name, root] : arrayRoot_)
    if (isMultiRoot(root))
      result_.arrayVariableRoots[name] = multiRoots_[root - kMultiRoot];
}

void Inferrer::markAccess(std::optional<size_t> root, bool read, bool written) {
  if (root && isMultiRoot(*root)) {
    for (size_t r : multiRoots_[*root - kMultiRoot])
      markAccess(r, read, written);
    return;
  }
  if (!root || *root == kPrivateArray || *root == kConstantArray)
    return;
  result_.access[*root].read |= read;
  result_.access[*root].written |= written;
}


Type Inferrer::privateArray(const ast::Call &c, const BuiltinInfo &constructor) {
  if (constructor.id == Builtin::ArrayCopy)
    return privateCopy(c);
  const std::string f = constructor.name;
  const bool shared = constructor.has(kSharedArray);
  const ast::Expr *shapeExpr = c.args.empty() ? nullptr : c.args[0].get();
  const ast::Expr *dtypeExpr = nullptr;
  const ast::Expr *fillExpr = nullptr;
  size_t positional = c.args.size();
  bool isFull = constructor.id == Builtin::NpFull;
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
    else if (kw.name == "alignment" &&
             (constructor.id == Builtin::CudaLocalArray || constructor.has(kSharedArray)))
      checkAlignment(*kw.value, f);
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
  if (shape.size() > Type::kMaxArrayDims)
    fail(shapeExpr->getLoc(), fmt::format("arrays have at most {} dimensions",
                                          Type::kMaxArrayDims));
  // numba-cuda's dynamic shared memory: a one-dimensional shared array of
  // length 0 (`cuda.shared.array(0, dtype)`, also `(0,)`) is sized by the
  // launch, and all such arrays alias (cudaimpl.py's `_generic_array`:
  // "Only 1d arrays can be dynamic"; any other array of no positive length
  // is its "array length <= 0" error). numba-cuda also takes a negative
  // length for dynamic; nvc refuses it as the mistake it most likely is.
  const bool dynamicShared = shared && shape.size() == 1 && shape[0] == 0;
  for (int64_t extent : shape)
    if (extent < 0)
      fail(shapeExpr->getLoc(),
           fmt::format("{}() of a negative extent ({}){}", f, extent,
                       shared
                           ? "; a dynamic shared array (sized by the launch) has length 0"
                           : ""));
  if (shared && !dynamicShared)
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
    // A dtype may be named by a string, as NumPy's (dtype="int32").
    auto *s = dyn_cast<ast::StringLiteral>(dtypeExpr);
    if (s && !scalarTypeFromName(s->value))
      fail(dtypeExpr->getLoc(), fmt::format("{}(): '{}' is not a NumPy dtype name", f, s->value));
    Type d = s ? Type::dtype(*scalarTypeFromName(s->value)) : expr(*dtypeExpr);
    if (d.kind() != Type::Kind::DType)
      fail(dtypeExpr->getLoc(), "expected a dtype such as np.float32");
    dtype = d.element();
  } else if (constructor.id == Builtin::CudaLocalArray ||
             constructor.id == Builtin::NvLocalArray || shared) {
    fail(c.getLoc(), fmt::format("{}() needs a dtype", f));
  }
  // Private and static shared float16 arrays hold the float32 values nvc
  // computes halves in; the dynamic shared allocation is sized in the
  // launch's bytes per half, which that layout cannot follow.
  // Records: in private and static shared arrays, left uninitialised
  // (cuda.local.array, cuda.shared.array, np.empty) or zeroed (np.zeros).
  if (dtype.isRecord() && (dynamicShared || constructor.id == Builtin::NpOnes ||
                           constructor.id == Builtin::NpFull))
    fail(c.getLoc(), fmt::format("{}() of records is not supported{}", f,
                                 dynamicShared ? " in dynamic shared memory (give a static shape)"
                                               : " (np.zeros and np.empty are)"));
  if (dynamicShared && dtype.isFloat16())
    fail(c.getLoc(), fmt::format("{}(0, float16): dynamic shared memory of float16 is not "
                                 "supported yet; use a float32 array or a static shape",
                                 f));
  if (fillExpr) {
    Type ft = expr(*fillExpr);
    if (!ft.isScalar())
      fail(fillExpr->getLoc(), "the fill value must be a number");
  }
  // Refuse sizes no device allows before any later stage multiplies them out.
  {
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
  if (shared) {
    // Dynamic shared arrays all name the same memory, so a device
    // function's is the kernel's (as in numba-cuda). A static one in a
    // device function is allocated where the function is inlined, once per
    // call site; checkDeviceSharedArrays refuses what that would change.
    result_.sharedArrays.insert(&c);
    if (dynamicShared)
      result_.dynamicSharedArrays.insert(&c);
  }
  return record(c, Type::array(dtype, static_cast<unsigned>(shape.size()), 'C'));
}


void Inferrer::checkAlignment(const ast::Expr &alignment, const std::string &f) {
  // numba-cuda's rules (cudadecl.py: a constant integer or None; cudaimpl.py
  // _validate_alignment: positive, a power of two, a multiple of the pointer
  // size). The array's placement is the driver's: Vulkan's logical
  // addressing gives Function and Workgroup variables no visible address, so
  // a valid alignment changes nothing a kernel can observe.
  if (isa<ast::NoneLiteral>(alignment))
    return;
  auto *name = dyn_cast<ast::Name>(&alignment);
  if (isa<ast::StringLiteral>(alignment) ||
      (name && !locals_.count(name->id) && scope_.unevaluated(name->id)))
    fail(alignment.getLoc(), fmt::format("{}(): alignment must be a constant integer", f));
  Type t = expr(alignment);
  auto it = result_.constants.find(&alignment);
  if (!t.isInteger() || it == result_.constants.end())
    fail(alignment.getLoc(), fmt::format("{}(): alignment must be a constant integer", f));
  int64_t a = it->second.i;
  if (a <= 0)
    fail(alignment.getLoc(), fmt::format("{}(): Alignment must be positive", f));
  if ((a & (a - 1)) != 0)
    fail(alignment.getLoc(), fmt::format("{}(): Alignment must be a power of 2", f));
  if (a % 8 != 0)
    fail(alignment.getLoc(), fmt::format("{}(): Alignment must be a multiple of 8 (the "
                                         "pointer size)",
                                         f));
}

std::vector<Type> Inferrer::arrayIndexTypes(const ast::Expr &index, bool floatsConvert) {
  std::vector<const ast::Expr *> items = subscriptIndices(index);
  std::vector<Type> types;
  auto check = [&](const Type &t, const ast::Expr &at) {
    bool ok = t.isInteger() || t.isBoolean() || t.isUnknown() || (floatsConvert && t.isFloat());
    if (!ok)
      fail(at.getLoc(), fmt::format("array indices must be integers, not {}", t.str()));
    types.push_back(t);
  };
  if (items.size() == 1) {
    Type t = expr(*items[0]);
    if (t.isTuple()) {
      for (const Type &e : t.elements())
        check(e, *items[0]);
      return types;
    }
    check(t, *items[0]);
    return types;
  }
  for (auto *i : items)
    check(expr(*i), *i);
  return types;
}

Type Inferrer::subscript(const ast::Subscript &s, bool isStore) {
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
    else if (idx.isUnknown())
      return record(s, Type());
    else if (idx.isInteger() && !base.elements().empty() &&
             !base.elements().front().isArray() &&
             std::all_of(base.elements().begin(), base.elements().end(),
                         [&](const Type &e) { return e == base.elements().front(); })) {
      // Numba's getitem of a UniTuple at a run-time index: an index out of
      // range raises IndexError("tuple index out of range").
      result_.mayRaise = true;
      return record(s, base.elements().front());
    } else
      fail(s.index->getLoc(),
           fmt::format("a tuple index must be a constant integer{}, not {}",
                       base.elements().empty() || base.elements().front().isArray()
                           ? ""
                           : " unless the items have one type",
                       idx.str()));
    int64_t n = static_cast<int64_t>(base.elements().size());
    if (k < 0)
      k += n;
    if (k < 0 || k >= n)
      fail(s.index->getLoc(), "tuple index out of range");
    // An item of a frozen tuple is frozen too: `CASES[0]` of a module-level
    // tuple of arrays is that array.
    if (auto c = result_.constants.find(s.value.get());
        c != result_.constants.end() && c->second.type.isTuple() &&
        static_cast<int64_t>(c->second.elements.size()) == n)
      result_.constants[&s] = c->second.elements[k];
    return record(s, base.elements()[k]);
  }
  if (base.isUnknown())
    return record(s, Type());
  if (base.isRecord()) {
    // r["x"]: a field by its name, a constant string (Numba's static_getitem);
    // r[0]: by its position, a constant integer.
    std::optional<std::string> field = constantText(*s.index);
    if (!field)
      expr(*s.index);
    if (auto c = result_.constants.find(s.index.get());
        !field && c != result_.constants.end() && c->second.type.isInteger()) {
      const auto &fields = base.record().fields;
      int64_t k = c->second.i, n = static_cast<int64_t>(fields.size());
      if (k < -n || k >= n)
        fail(s.index->getLoc(), fmt::format("the record has {} fields: index {} is out of range",
                                            n, k));
      field = fields[static_cast<size_t>(k < 0 ? k + n : k)].name;
    }
    if (!field)
      fail(s.index->getLoc(), "a record is indexed by a field name, a constant string such "
                              "as r[\"x\"]");
    Type t = recordFieldType(base, *field, s.index->getLoc());
    result_.recordFieldNames[&s] = *field;
    if (isStore) {
      checkWritable(*s.value, s.getLoc());
      markAccess(rootOf(*s.value), false, true);
    }
    return record(s, t);
  }
  if (base.isArrayExpr()) {
    // (a * 2)[i]: the expression's element (or a sub-expression of fewer
    // dimensions), computed where it is read.
    if (isStore)
      fail(s.getLoc(), "an array expression cannot be assigned to");
    std::vector<const ast::Expr *> indices = subscriptIndices(*s.index);
    for (const ast::Expr *i : indices) {
      Type t = expr(*i);
      if (isa<ast::Slice>(*i) || isa<ast::NoneLiteral>(*i) || (!t.isInteger() && !t.isUnknown()))
        fail(i->getLoc(), "an array expression is indexed by integers only (slice the arrays "
                          "it is computed from instead)");
    }
    if (indices.size() > base.ndim())
      fail(s.index->getLoc(), fmt::format("too many indices for a {}-dimensional array "
                                          "expression: {}",
                                          base.ndim(), indices.size()));
    if (indices.size() == base.ndim())
      return record(s, base.element());
    return record(s, Type::arrayExpr(base.element(), base.ndim() - indices.size()));
  }
  if (!base.isArray())
    fail(s.value->getLoc(), fmt::format("{} is not subscriptable", base.str()));
  if (result_.boundscheck)
    result_.mayRaise = true; // an index out of range raises IndexError
  std::vector<const ast::Expr *> indices = subscriptIndices(*s.index);
  for (auto *i : indices)
    if (!isa<ast::Slice>(*i) && expr(*i).isArrayLike())
      fail(i->getLoc(), "indexing with a mask or an index array gives an array of run-time "
                        "size, which a kernel cannot allocate: loop over the elements instead");
  for (auto *i : indices)
    if (isa<ast::Slice>(*i) || isa<ast::NoneLiteral>(*i))
      return record(s, slicedView(s, base, indices, isStore));
  // One index per dimension; a tuple value (`a[cuda.grid(2)]`) gives them all.
  const size_t indexCount = arrayIndexTypes(*s.index, /*floatsConvert=*/false).size();
  if (isStore)
    checkWritable(*s.value, s.getLoc());
  if (indexCount > base.ndim())
    fail(s.index->getLoc(), fmt::format("too many indices for a {}-dimensional array: {}",
                                        base.ndim(), indexCount));
  if (indexCount < base.ndim()) {
    if (isStore)
      if (auto root = rootOf(*s.value))
        markAccess(root, false, true);
    // a[i] of a 2-D array: a view of row i.
    return record(s, viewType(base, static_cast<unsigned>(indexCount)));
  }
  if (auto root = rootOf(*s.value)) {
    markAccess(root, !isStore, isStore);
  }
  return record(s, base.element());
}

} // namespace nvc::sema

namespace nvc::sema {

Type Inferrer::reductionCall(const ast::Call &c, const BuiltinInfo &b) {
  const ReductionOp op = b.reductionOp();
  std::string name = b.name;
  // The operands: the receiver of a method, then the arguments.
  std::vector<const ast::Expr *> operands;
  const bool method = name.rfind("array.", 0) == 0;
  if (method) {
    operands.push_back(cast<ast::Attribute>(*c.func).value.get());
    name = name.substr(6) + "()";
  } else {
    name += "()";
  }
  for (auto &a : c.args)
    operands.push_back(a.get());
  // The axis: `axis=k`, or the argument after the array (np.sum(a, 0),
  // a.sum(0)), as NumPy's signatures have it.
  const ast::Expr *axis = nullptr;
  for (auto &kw : c.keywords) {
    if (kw.name != "axis" || op == ReductionOp::Dot || axis)
      fail(kw.loc, fmt::format("{} takes no keyword '{}' here", name, kw.name));
    axis = kw.value.get();
  }
  if (!axis && op != ReductionOp::Dot && operands.size() == 2) {
    axis = operands.back();
    operands.pop_back();
  }
  const size_t want = op == ReductionOp::Dot ? 2 : 1;
  if (operands.size() != want)
    fail(c.getLoc(), fmt::format("{} takes {} {}", name, method ? want - 1 : want,
                                 want == 2 ? "arrays" : "array and an optional axis"));
  std::vector<Type> types;
  for (const ast::Expr *e : operands) {
    Type t = expr(*e);
    if (t.isUnknown())
      return record(c, Type());
    if (!t.isArrayLike())
      fail(e->getLoc(), fmt::format("{} takes an array, not {}", name, t.str()));
    if (auto root = rootOf(*e))
      markAccess(root, true, false);
    types.push_back(t);
  }
  Type result;
  if (op == ReductionOp::Dot) {
    if (types[0].ndim() != 1 || types[1].ndim() != 1)
      fail(c.getLoc(), fmt::format("{} takes two 1-dimensional arrays here, not {}d and {}d",
                                   name, types[0].ndim(), types[1].ndim()));
    result = binaryResultType(ast::BinOpKind::Mult, types[0].element(), types[1].element());
    result_.mayRaise = true; // lengths that differ: ValueError
  } else {
    result = reductionResultType(op, types[0].element());
    if (op == ReductionOp::Min || op == ReductionOp::Max || op == ReductionOp::ArgMin ||
        op == ReductionOp::ArgMax || op == ReductionOp::NanMin || op == ReductionOp::NanMax)
      result_.mayRaise = true; // an empty array: ValueError
  }
  if (result.isUnknown())
    fail(c.getLoc(), fmt::format("{} of {} is not supported", name, types[0].str()));
  if (!axis)
    return record(c, result);
  // Along an axis: an array expression with that dimension removed, each
  // element a reduction along it (a 1-dimensional array reduces to a
  // number). NumPy's AxisError is a ValueError here, as in Numba.
  const Type at = expr(*axis);
  if (!at.isInteger() && !at.isUnknown())
    fail(axis->getLoc(), fmt::format("the axis of {} must be an integer, not {}", name, at.str()));
  const int64_t ndim = types[0].ndim();
  TypedKernel::ReductionAxis &ra = result_.reductionAxes[&c];
  ra.axis = axis;
  std::optional<int64_t> k;
  if (auto *lit = dyn_cast<ast::IntLiteral>(axis); lit && lit->fitsUInt64)
    k = static_cast<int64_t>(lit->value);
  else if (auto *u = dyn_cast<ast::UnaryOp>(axis); u && u->op == ast::UnaryOpKind::USub)
    if (auto *neg = dyn_cast<ast::IntLiteral>(u->operand.get()); neg && neg->fitsUInt64)
      k = -static_cast<int64_t>(neg->value);
  if (auto it = result_.constants.find(axis);
      !k && it != result_.constants.end() && it->second.type.isInteger())
    k = it->second.i;
  if (k) {
    if (*k < -ndim || *k >= ndim)
      fail(axis->getLoc(), fmt::format("axis {} is out of bounds for array of dimension {}", *k,
                                       ndim));
    ra.constant = *k < 0 ? *k + ndim : *k;
  } else {
    result_.mayRaise = true; // an axis out of range: ValueError
  }
  if (ndim == 1)
    return record(c, result);
  return record(c, Type::arrayExpr(result, static_cast<unsigned>(ndim - 1)));
}

Type Inferrer::ufuncCall(const ast::Call &c, const Ufunc &u) {
  const ast::Expr *output = nullptr;
  for (const ast::Keyword &k : c.keywords) {
    if (k.name != "out")
      fail(k.loc, fmt::format("np.{}() takes no keyword '{}' in kernels (only out=)", u.name,
                              k.name));
    output = k.value.get();
  }
  result_.ufuncCalls.insert(&c);
  const size_t given = c.args.size() + (output ? 1 : 0);
  if (c.args.size() < u.nin || given > u.nin + 1)
    fail(c.getLoc(), fmt::format("np.{}() takes {} input{} and an optional output array ({} "
                                 "argument{} given)",
                                 u.name, u.nin, u.nin == 1 ? "" : "s", given,
                                 given == 1 ? "" : "s"));
  if (!output && c.args.size() == u.nin + 1)
    output = c.args.back().get();
  std::vector<Type> inputs, elements;
  size_t arrays = 0;
  for (size_t i = 0; i < u.nin; ++i) {
    Type t = expr(*c.args[i]);
    if (t.isUnknown())
      return record(c, Type());
    if (!t.isArrayLike() && !t.isScalar())
      fail(c.args[i]->getLoc(),
           fmt::format("np.{}() takes numbers and arrays, not {}", u.name, t.str()));
    inputs.push_back(t);
    elements.push_back(elementTypeOf(t));
    arrays += t.isArrayLike();
    readOperands({c.args[i].get()});
  }
  if (arrays > 1)
    result_.mayRaise = true; // shapes that do not broadcast: ValueError
  const Type element = ufuncResultType(u, elements, c.getLoc());
  const Type value = elementwiseType(element, inputs);
  if (!output)
    return record(c, value);
  const Type out = expr(*output);
  if (out.isUnknown())
    return record(c, Type());
  if (!out.isArray())
    fail(output->getLoc(),
         fmt::format("the output of np.{}() must be an array, not {}", u.name, out.str()));
  if (!castsSameKind(element, out.element()))
    fail(output->getLoc(), fmt::format("cannot cast the output of ufunc '{}' from {} to {} "
                                       "with casting rule 'same_kind' (NumPy's rule)",
                                       u.name, element.str(), out.element().str()));
  if (value.isArrayExpr() && value.ndim() > out.ndim())
    fail(output->getLoc(), fmt::format("np.{}() gives {} dimensions, more than its "
                                       "{}-dimensional output array has",
                                       u.name, value.ndim(), out.ndim()));
  if (arrays > 0)
    result_.mayRaise = true; // inputs that do not broadcast to the output: ValueError
  checkWritable(*output, output->getLoc());
  for (size_t i = 0; i < u.nin; ++i)
    checkNoOverlap(*output, *c.args[i]);
  if (auto root = rootOf(*output))
    markAccess(root, false, true);
  return record(c, out);
}

Type Inferrer::privateCopy(const ast::Call &c) {
  const ast::Expr &source = *cast<ast::Attribute>(*c.func).value;
  const Type t = expr(source);
  if (!c.args.empty() || !c.keywords.empty())
    fail(c.getLoc(), "copy() takes no arguments in kernels");
  std::optional<std::vector<int64_t>> shape;
  if (auto *n = dyn_cast<ast::Name>(&source)) {
    if (!locals_.count(n->id)) {
      const GlobalSymbol *sym = scope_.lookup(n->id);
      if (sym && sym->kind == GlobalSymbol::Kind::Constant && sym->value.type.isArray())
        shape = sym->value.shape;
    } else if (auto def = singleDefinitions_.find(n->id);
               def != singleDefinitions_.end() && def->second) {
      if (auto *made = dyn_cast<ast::Call>(def->second);
          made && result_.privateArrays.count(made) && !result_.sharedArrays.count(made))
        shape = result_.privateArrays.at(made);
    }
  }
  if (!t.isArray() || !shape)
    fail(cast<ast::Attribute>(*c.func).attrLoc,
         "copy() makes a new array of run-time size, which a kernel cannot "
                           "allocate: write the result into an array argument or a private "
                           "array of constant shape (copy() of a global array or of a private "
                           "array is supported)");
  readOperands({&source});
  result_.privateArrays[&c] = *shape;
  return record(c, Type::array(t.element(), static_cast<unsigned>(shape->size()), 'C'));
}

} // namespace nvc::sema
