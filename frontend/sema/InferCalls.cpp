//===- InferCalls.cpp - Inferrer: calls -------------------------------------===//
//
// Calls: builtins of Python, math, cmath and NumPy, calls of device functions,
// and constant arguments.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Inferrer.h"

#include "frontend/sema/BFloat16.h"
#include "frontend/sema/Builtins.h"
#include "frontend/sema/ComplexMath.h"
#include "frontend/sema/MathBuiltins.h"
#include "frontend/sema/Overloads.h"
#include "frontend/sema/TypeRules.h"
#include "frontend/sema/Ufuncs.h"
#include "frontend/sema/VectorTypes.h"

#include <cctype>
#include <cstdlib>
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

Type Inferrer::userCall(const ast::Call &c, const std::string &name) {
  const GlobalSymbol *sym = scope_.lookup(name);
  const DecoratedFunction *fn = sym ? sym->function : nullptr;
  const OverloadSet *overloads = sym ? sym->overloads : nullptr;
  if (!fn && !overloads) {
    if (const std::string *api = scope_.lowLevelExtension(name))
      fail(c.func->getLoc(),
           fmt::format("'{}' is given its meaning by numba's low-level extension API ({}), "
                       "which nvc does not evaluate: write it as a device function or with "
                       "@overload",
                       name, *api));
    fail(c.func->getLoc(),
         fmt::format("'{}' is not a GPU function: decorate it with @cuda.jit(device=True), "
                     "@nv.jit or @njit to call it from a kernel",
                     name));
  }
  return deviceCall(c, name, overloads ? nullptr : fn, overloads, nullptr);
}

std::optional<Type> Inferrer::overloadedMethodCall(const ast::Call &c) {
  auto *attr = dyn_cast<ast::Attribute>(c.func.get());
  if (!attr || !c.starredArgs.empty())
    return std::nullopt;
  const OverloadSet *set = scope_.methodOverloads(attr->attr);
  if (!set)
    set = context_.scope.methodOverloads(attr->attr);
  if (!set)
    return std::nullopt;
  Type receiver = expr(*attr->value);
  if (receiver.isUnknown())
    return record(c, Type());
  // nvc's own methods and attributes of arrays come first.
  static const std::set<std::string> arrayAttributes = {"shape", "size", "ndim", "T", "real",
                                                        "imag"};
  if (receiver.isArray() &&
      (lookupBuiltin("array." + attr->attr) || arrayAttributes.count(attr->attr)))
    return std::nullopt;
  const OverloadSet *applicable = applicableMethods(context_, *set, receiver);
  if (!applicable)
    return std::nullopt;
  record(*c.func, Type::userFunction(attr->attr));
  return deviceCall(c, attr->attr, nullptr, applicable, attr->value.get());
}

Type Inferrer::deviceCall(const ast::Call &c, const std::string &name, const DecoratedFunction *fn,
                          const OverloadSet *overloads, const ast::Expr *receiver) {
  // The arguments, typed in the order the call writes them.
  struct Given {
    const ast::Expr *e;
    std::string keyword;
    Type type;
    std::optional<ConstValue> constant;
  };
  std::vector<Given> given;
  bool unknown = false;
  auto add = [&](const ast::Expr &e, const std::string &keyword) {
    Type t = expr(e);
    unknown |= t.isUnknown();
    // Integers, booleans and tuples of integers known here specialise the
    // callee (Numba's literal arguments).
    std::optional<ConstValue> constant;
    auto it = result_.constants.find(&e);
    if (it != result_.constants.end() &&
        (t.isInteger() || t.isBoolean() ||
         (t.isTuple() && std::all_of(it->second.elements.begin(), it->second.elements.end(),
                                     [](const ConstValue &x) { return x.type.isInteger(); }))))
      constant = it->second;
    given.push_back({&e, keyword, t, constant});
  };
  if (receiver)
    add(*receiver, "");
  for (auto &a : c.args)
    add(*a, "");
  for (auto &kw : c.keywords)
    add(*kw.value, kw.name);
  if (unknown)
    return record(c, Type());

  // Python's binding of the arguments to the callee's parameters.
  struct Bound {
    std::vector<int> source; ///< index into `given`; -1: the default
    std::vector<ConstValue> defaults;
    std::vector<Type> types;
    std::vector<std::optional<ConstValue>> constants;
  };
  auto bind = [&](const DecoratedFunction &f) {
    if (f.paramError)
      throw *f.paramError;
    const std::vector<ast::Param> &params = f.def->params;
    Bound b;
    b.source.assign(params.size(), -2);
    b.defaults.resize(params.size());
    size_t positional = 0;
    for (const Given &g : given)
      positional += g.keyword.empty();
    bool hasDefaults = std::any_of(params.begin(), params.end(),
                                   [](const ast::Param &p) { return p.defaultValue != nullptr; });
    if (positional > params.size() || (c.keywords.empty() && !hasDefaults &&
                                       positional != params.size())) {
      if (c.keywords.empty() && !hasDefaults)
        fail(c.getLoc(), fmt::format("{}() takes {} arguments ({} given)", name, params.size(),
                                     positional));
      fail(c.getLoc(), fmt::format("{}() takes {} positional arguments but {} were given", name,
                                   params.size(), positional));
    }
    size_t next = 0;
    for (size_t k = 0; k < given.size(); ++k) {
      const Given &g = given[k];
      if (g.keyword.empty()) {
        b.source[next++] = static_cast<int>(k);
        continue;
      }
      size_t p = 0;
      while (p < params.size() && params[p].name != g.keyword)
        ++p;
      ast::Location at = c.keywords[k - positional].loc;
      if (p == params.size())
        fail(at, fmt::format("{}() got an unexpected keyword argument '{}'", name, g.keyword));
      if (b.source[p] != -2)
        fail(at, fmt::format("{}() got multiple values for argument '{}'", name, g.keyword));
      b.source[p] = static_cast<int>(k);
    }
    for (size_t p = 0; p < params.size(); ++p) {
      if (b.source[p] != -2)
        continue;
      if (!params[p].defaultValue)
        fail(c.getLoc(), fmt::format("{}() missing required argument '{}'", name, params[p].name));
      // An omitted parameter takes its default, a constant (numba's Omitted).
      std::optional<ConstValue> d = f.scope->constantValue(*params[p].defaultValue);
      if (isa<ast::NoneLiteral>(*params[p].defaultValue)) {
        d = ConstValue();
        d->type = Type::none(); // `y=None`: nothing is passed; uses of y are refused
      }
      if (!d || d->type.isArray())
        fail(c.getLoc(),
             fmt::format("{}() leaves out parameter '{}', whose default value nvc cannot pass "
                         "to a device function (it passes numbers, booleans, tuples of them and "
                         "None)",
                         name, params[p].name));
      b.source[p] = -1;
      b.defaults[p] = *d;
    }
    for (size_t p = 0; p < params.size(); ++p) {
      if (b.source[p] == -1) {
        b.types.push_back(b.defaults[p].type);
        bool constant = b.defaults[p].type.isInteger() || b.defaults[p].type.isBoolean();
        b.constants.push_back(constant ? std::optional(b.defaults[p]) : std::nullopt);
        continue;
      }
      const Given &g = given[static_cast<size_t>(b.source[p])];
      const Type &t = g.type;
      if (!t.isScalar() && !t.isArray() && !t.isTuple() && !t.isRecord() &&
          !isCompileTimeValue(t) && t.kind() != Type::Kind::None)
        fail(g.e->getLoc(), fmt::format("cannot pass {} to a device function", t.str()));
      b.types.push_back(t);
      b.constants.push_back(g.constant);
    }
    return b;
  };

  if (overloads) {
    std::vector<OverloadArg> args;
    for (const Given &g : given)
      args.push_back({g.keyword, g.type,
                      g.type.isInteger() || g.type.isBoolean() ? g.constant : std::nullopt});
    OverloadChoice choice =
        resolveOverload(context_, *overloads, args, c.getLoc(), [&](const DecoratedFunction &f) {
          Bound b = bind(f);
          return inferDeviceFunction(context_, f, b.types, c.getLoc(), b.constants);
        });
    fn = choice.impl;
  }
  Bound b = bind(*fn);
  std::string key = inferDeviceFunction(context_, *fn, b.types, c.getLoc(), b.constants);
  result_.callees[&c] = key;
  // The expression of each parameter, where they are not the arguments in order.
  bool inOrder = !receiver && c.keywords.empty() &&
                 std::none_of(b.source.begin(), b.source.end(), [](int s) { return s < 0; });
  std::vector<const ast::Expr *> bound;
  for (size_t p = 0; p < b.source.size(); ++p) {
    if (b.source[p] >= 0) {
      bound.push_back(given[static_cast<size_t>(b.source[p])].e);
      continue;
    }
    std::shared_ptr<ast::Expr> &node = result_.defaultArgs[{&c, p}];
    bool none = b.defaults[p].type.kind() == Type::Kind::None;
    if (!node || isa<ast::NoneLiteral>(*node) != none)
      node = none ? std::shared_ptr<ast::Expr>(std::make_shared<ast::NoneLiteral>(c.getLoc()))
                  : std::make_shared<ast::Name>(c.getLoc(), "$default");
    if (!none)
      result_.constants[node.get()] = b.defaults[p];
    record(*node, b.defaults[p].type);
    bound.push_back(node.get());
  }
  if (inOrder)
    result_.boundArgs.erase(&c);
  else
    result_.boundArgs[&c] = bound;
  const TypedKernel &spec = *context_.specializations.at(key);
  result_.mayRaise |= spec.mayRaise;
  result_.mayPrint |= spec.mayPrint;
  for (size_t i = 0; i < bound.size(); ++i)
    if (b.types[i].isArray() || b.types[i].isRecord()) {
      if (spec.access[i].written) // a frozen global passed to a function that writes it
        checkWritable(*bound[i], bound[i]->getLoc());
      markAccess(rootOf(*bound[i]), spec.access[i].read, spec.access[i].written);
    }
  return record(c, spec.returnType);
}

int64_t Inferrer::constantAxis(const ast::Call &c, const std::string &fname, int64_t lo, int64_t hi) {
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


Type Inferrer::cacheHint(const ast::Call &c, const BuiltinInfo &b) {
  // numba-cuda's ld*/st* (cudadecl.py): an array of integers or floats, an
  // index of one integer per dimension; loads return the element.
  const bool store = b.has(kStore);
  const size_t want = store ? 3 : 2;
  if (c.args.size() != want || !c.keywords.empty())
    fail(c.getLoc(), fmt::format("{}() takes {} arguments", b.name, want));
  Type ary = expr(*c.args[0]);
  if (ary.isUnknown())
    return record(c, Type());
  std::string op = std::string(b.name).substr(5);
  if (!ary.isArray() || !(ary.element().isInteger() || ary.element().isFloat()))
    fail(c.args[0]->getLoc(), fmt::format("{} requires array of integer or float type, not {}",
                                          op, ary.str()));
  std::vector<Type> index = arrayIndexTypes(*c.args[1], /*floatsConvert=*/true);
  for (const Type &t : index)
    if (t.isFloat())
      fail(c.args[1]->getLoc(), fmt::format("{} is not a valid index", t.str()));
  if (index.size() != ary.ndim())
    fail(c.args[1]->getLoc(),
         index.size() == 1 && !expr(*c.args[1]).isTuple()
             ? fmt::format("Expected {} indices, got a scalar", ary.ndim())
             : fmt::format("Expected {} indices, got {}", ary.ndim(), index.size()));
  if (store) {
    Type v = expr(*c.args[2]);
    if (!v.isNumber() && !v.isUnknown())
      fail(c.args[2]->getLoc(), fmt::format("{}() stores a number, not {}", b.name, v.str()));
  }
  markAccess(rootOf(*c.args[0]), !store, store);
  return record(c, store ? Type::none() : ary.element());
}

Type Inferrer::bitIntrinsic(const ast::Call &c, const BuiltinInfo &builtin,
                            const std::vector<Type> &args) {
  const bool selp = builtin.id == Builtin::CudaSelp;
  if (args.size() != (selp ? 3u : 1u))
    fail(c.getLoc(), fmt::format("{}() takes {} argument{} ({} given)", builtin.name,
                                 selp ? 3 : 1, selp ? "s" : "", args.size()));
  for (auto &a : args)
    if (a.isUnknown())
      return record(c, Type());
  if (selp) {
    // Cuda_selp: selp(test, a, b) of two values of one type among float64,
    // float32 and the 16-, 32- and 64-bit integers; the result is that type.
    const Type &a = args[1], &b = args[2];
    bool supported = a.isFloat() || (a.isInteger() && a.bits() >= 16);
    if (!(a == b) || !supported)
      fail(c.getLoc(), fmt::format("cuda.selp() takes a test and two values of one type "
                                   "(float32, float64 or a 16- to 64-bit integer), not {} and {}",
                                   a.str(), b.str()));
    if (!args[0].isNumber())
      fail(c.args[0]->getLoc(), fmt::format("the test of cuda.selp() must be a boolean or a "
                                            "number, not {}",
                                            args[0].str()));
    return record(c, a);
  }
  const Type &x = args[0];
  if (!x.isInteger())
    fail(c.args[0]->getLoc(), fmt::format("{}() takes an integer, not {}", builtin.name, x.str()));
  switch (builtin.id) {
  case Builtin::CudaFfs: // Cuda_ffs: uint32 for every integer
    return record(c, Type::integer(32, false));
  case Builtin::CudaBrev: // Cuda_brev: uint32 and uint64 only
    return record(c, Type::integer(x.bits() <= 32 ? 32 : 64, false));
  default: // Cuda_popc, Cuda_clz: the argument's own type
    return record(c, x);
  }
}

/// A copy of a callee expression (a name or a chain of attributes).
static ast::ExprPtr cloneCallee(const ast::Expr &e) {
  if (auto *n = dyn_cast<ast::Name>(&e))
    return std::make_unique<ast::Name>(n->getLoc(), n->id);
  if (auto *a = dyn_cast<ast::Attribute>(&e))
    if (ast::ExprPtr base = cloneCallee(*a->value))
      return std::make_unique<ast::Attribute>(a->getLoc(), std::move(base), a->attr, a->attrLoc);
  return nullptr;
}

Type Inferrer::unpackedCall(const ast::Call &c) {
  if (c.args.size() != 1 || !c.keywords.empty())
    fail(c.getLoc(), "argument unpacking is supported for one argument, f(*t), only");
  Type t = expr(*c.args[0]);
  if (t.isUnknown())
    return record(c, Type());
  if (!t.isTuple())
    fail(c.args[0]->getLoc(), fmt::format("cannot unpack {} into arguments", t.str()));
  auto it = result_.unpackedCalls.find(&c);
  if (it == result_.unpackedCalls.end()) {
    ast::ExprPtr func = cloneCallee(*c.func);
    if (!func)
      fail(c.func->getLoc(), "argument unpacking needs a function named directly");
    TypedKernel::UnpackedCall u;
    u.tuple = fmt::format("$unpacked{}", result_.unpackedCalls.size());
    std::vector<ast::ExprPtr> items;
    for (size_t k = 0; k < t.elements().size(); ++k)
      items.push_back(std::make_unique<ast::Subscript>(
          c.args[0]->getLoc(), std::make_unique<ast::Name>(c.args[0]->getLoc(), u.tuple),
          std::make_unique<ast::IntLiteral>(c.args[0]->getLoc(), std::to_string(k), k, true)));
    u.call = std::make_shared<ast::Call>(c.getLoc(), std::move(func), std::move(items),
                                         std::vector<ast::Keyword>{});
    it = result_.unpackedCalls.emplace(&c, std::move(u)).first;
  }
  locals_.insert(it->second.tuple);
  result_.varTypes[it->second.tuple] = t;
  return record(c, expr(*it->second.call));
}

Type Inferrer::call(const ast::Call &c) {
  if (!c.starredArgs.empty())
    return unpackedCall(c);
  if (std::optional<Type> method = overloadedMethodCall(c))
    return *method;
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
  if (f == "float" && c.args.size() == 1 && c.keywords.empty())
    if (auto *text = dyn_cast<ast::StringLiteral>(c.args[0].get())) {
      // float("nan"), float("-inf"), float("1.5"): Python's parse of a
      // constant string, a float64 constant.
      std::string s = text->value;
      while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.erase(s.begin());
      while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.pop_back();
      char *end = nullptr;
      double v = s.empty() || s.find_first_of("xX_") != std::string::npos
                     ? 0.0
                     : std::strtod(s.c_str(), &end);
      if (s.empty() || !end || *end != 0 || s.find_first_of("xX_") != std::string::npos)
        fail(c.args[0]->getLoc(), fmt::format("could not convert string to float: '{}'",
                                              text->value));
      ConstValue k;
      k.type = Type::floating(64);
      k.f = v;
      result_.constants[&c] = k;
      return record(c, k.type);
    }
  if (f.rfind("cuda.bf16.", 0) == 0) {
    // numba.cuda.bf16 (BFloat16.h): numbers converted to the parameters'
    // types, as Numba converts call arguments.
    std::optional<BfloatFunction> bf = bfloatFunction(f.substr(10));
    if (!bf)
      fail(c.func->getLoc(), fmt::format("{}() is not a numba.cuda.bf16 function nvc knows", f));
    typeArgs();
    size_t arity = bf->kind == BfloatFunction::Kind::Construct && bf->params.empty()
                       ? 1
                       : bf->params.size();
    if (!needArgs(arity, arity, f.substr(10)))
      return record(c, Type());
    for (size_t i = 0; i < args.size(); ++i)
      if (!args[i].isNumber())
        fail(c.args[i]->getLoc(), fmt::format("{}() takes numbers, not {}", f.substr(10),
                                              args[i].str()));
    return record(c, bf->result);
  }
  if (f.rfind("cuda.", 0) == 0)
    if (std::optional<Type> vector = vectorTypeNamed(f.substr(5))) {
      // cuda.float32x3(a, b, c), float32x3(f32x2, c): scalars converted to
      // the base type and vectors of the same base, n elements in all.
      if (!c.keywords.empty())
        fail(c.keywords.front().loc, fmt::format("{}() takes no keywords", f));
      size_t count = 0;
      for (auto &a : c.args) {
        Type t = expr(*a);
        if (t.isUnknown())
          return record(c, Type());
        if (t.isVector() && t.elements().front() == vector->elements().front())
          count += t.elements().size();
        else if (t.isNumber())
          ++count;
        else
          fail(a->getLoc(), fmt::format("{}() takes numbers and {} vectors, not {}", f,
                                        vector->elements().front().str(), t.str()));
      }
      if (count != vector->elements().size())
        fail(c.getLoc(), fmt::format("{}() needs {} elements, the arguments give {}", f,
                                     vector->elements().size(), count));
      return record(c, *vector);
    }
  const BuiltinInfo *builtin = lookupBuiltin(f);
  if (isOneOf(builtin, {Builtin::LiteralUnroll}))
    fail(c.getLoc(), "literal_unroll() is supported as the iterable of a for loop only "
                     "(`for x in literal_unroll(t):`)");
  if (isInFamily(builtin, BuiltinFamily::GridIndex)) {
    // cuda.grid(ndim) and cuda.gridsize(ndim) take 1..3 dimensions; the nv
    // ids take an axis 0..2.
    bool cudaSpelling = builtin->id == Builtin::CudaGrid || builtin->id == Builtin::CudaGridsize;
    int64_t n = constantAxis(c, f, cudaSpelling ? 1 : 0, cudaSpelling ? 3 : 2);
    if (!cudaSpelling || n == 1)
      return record(c, Type::integer(64));
    return record(c, Type::tuple(std::vector<Type>(n, Type::integer(64))));
  }
  if (isInFamily(builtin, BuiltinFamily::GridSync)) {
    // The grid group; its sync() is a grid barrier nvc splits the kernel at
    // (frontend/sema/GridSchedule.h).
    typeArgs();
    needArgs(0, 0, f);
    return record(c, Type::gridGroup());
  }
  if (f == "grid_group.sync") {
    typeArgs();
    needArgs(0, 0, "sync");
    if (result_.isDevice)
      fail(c.getLoc(), "grid.sync() in a device function: nvc splits a kernel at the grid "
                       "barriers of its own body (docs/language.md \"Grid synchronisation\"); "
                       "call the device function before or after the barrier instead");
    result_.gridBarriers.insert(&c);
    return record(c, Type::none());
  }
  if (isInFamily(builtin, BuiltinFamily::PrivateArray))
    return privateArray(c, *builtin);
  if (isInFamily(builtin, BuiltinFamily::BarrierReduction))
    return syncthreadsReduction(c, f);
  if (isInFamily(builtin, BuiltinFamily::Subgroup))
    return subgroupCall(c, *builtin);
  if (isInFamily(builtin, BuiltinFamily::Atomic) || isInFamily(builtin, BuiltinFamily::CacheHint))
    result_.mayRaise |= result_.boundscheck; // their index is checked as a subscript's
  if (isInFamily(builtin, BuiltinFamily::Atomic))
    return atomicCall(c, *builtin);
  if (!builtin && isInAtomicModule(f))
    fail(c.func->getLoc(), fmt::format("{}() is not an atomic operation (nvc has add, sub, "
                                       "max, min, nanmax, nanmin, exch, and_, or_, xor, inc, "
                                       "dec and cas)",
                                       f));
  if (isInFamily(builtin, BuiltinFamily::CacheHint))
    return cacheHint(c, *builtin);
  if (isInFamily(builtin, BuiltinFamily::Fence)) {
    // cuda.syncwarp(mask=0xffffffff): a subgroup barrier of every active
    // lane (Vulkan subgroup barriers take all of them); the fences take
    // no arguments.
    if (!c.keywords.empty())
      fail(c.keywords.front().loc, fmt::format("{}() takes no keywords", f));
    size_t most = builtin->has(kMaskFirst) ? 1 : 0;
    if (c.args.size() > most)
      fail(c.getLoc(), fmt::format("{}() takes {} argument{} ({} given)", f, most,
                                   most == 1 ? "" : "s", c.args.size()));
    if (!c.args.empty()) {
      Type m = expr(*c.args[0]);
      if (!m.isInteger() && !m.isUnknown())
        fail(c.args[0]->getLoc(), fmt::format("the mask of {}() must be an integer", f));
      if (!isActiveMask(*c.args[0]))
        fail(c.args[0]->getLoc(),
             fmt::format("{}() supports only a mask of all active lanes (0xffffffff or "
                         "cuda.activemask()): Vulkan subgroup barriers include every active "
                         "invocation",
                         f));
    }
    return record(c, Type::none());
  }
  if (isInFamily(builtin, BuiltinFamily::Barrier)) {
    if (!c.args.empty() || !c.keywords.empty())
      fail(c.getLoc(), fmt::format("{}() takes no arguments", f));
    return record(c, Type::none());
  }
  if (!builtin && isInGPUModule(f) && !isMathBuiltin(f))
    fail(c.getLoc(), fmt::format("{}() is not supported yet", f));
  if (isOneOf(builtin, {Builtin::Print}))
    return printCall(c);
  if (isInFamily(builtin, BuiltinFamily::ArrayReduction))
    return reductionCall(c, *builtin);
  if (isOneOf(builtin, {Builtin::Sum}) && c.args.size() == 1 && expr(*c.args[0]).isArrayLike())
    return reductionCall(c, builtinInfo(Builtin::NpSum)); // Python's sum of an array
  if (std::optional<Ufunc> u = resolveUfunc(f)) {
    // NumPy's ufuncs: the math functions and abs of real numbers keep
    // their own rules below (the same as the ufunc's); the other ufuncs
    // (np.maximum, np.power, ...: int32 loops, two inputs), any call with
    // an output array and complex inputs of the math functions are typed
    // as ufuncs.
    const bool ownRule = (builtin || isMathBuiltin(f)) &&
                         (u->kind == UfuncKind::Math || u->name == "absolute");
    const bool withOutput = c.args.size() > u->nin || !c.keywords.empty();
    bool complexInput = false;
    if (ownRule && !withOutput && !(builtin && builtin->has(kComplexWhenComplexArgument)) &&
        u->kind == UfuncKind::Math)
      for (auto &a : c.args)
        complexInput |= elementTypeOf(expr(*a)).isComplex();
    if (!ownRule || withOutput || complexInput)
      return ufuncCall(c, *u);
  }
  typeArgs();
  if (isOneOf(builtin, {Builtin::Range})) {
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
  if (isOneOf(builtin, {Builtin::Len})) {
    if (needArgs(1, 1, "len") && !args[0].isArrayLike() && !args[0].isTuple())
      fail(c.args[0]->getLoc(), fmt::format("object of type {} has no len()", args[0].str()));
    if (args[0].isArrayLike() && args[0].ndim() == 0)
      fail(c.args[0]->getLoc(), "len() of unsized object: a 0-d array has no length (NumPy's "
                                "TypeError); its .size is 1");
    return record(c, Type::integer(64));
  }
  if (builtin && isComplexFunction(*builtin, args)) {
    for (auto &a : args)
      if (a.isUnknown())
        return record(c, Type());
    return record(c, typeComplexFunction(*builtin, args, c.getLoc()));
  }
  if (!builtin && isInCmathModule(f))
    fail(c.getLoc(), fmt::format("{}() is not supported in kernels yet", f));
  // Math functions, abs, np.minimum/np.maximum of arrays: array
  // expressions of the function applied to the elements.
  if (std::any_of(args.begin(), args.end(), [](const Type &t) { return t.isArrayLike(); }) &&
      ((isMathBuiltin(f) && f.rfind("np.", 0) == 0) ||
       isOneOf(builtin, {Builtin::Abs, Builtin::NpAbs, Builtin::NpAbsolute, Builtin::NpMinimum,
                         Builtin::NpMaximum}))) {
    std::vector<Type> elements;
    size_t arrays = 0;
    for (const Type &t : args) {
      elements.push_back(elementTypeOf(t));
      arrays += t.isArrayLike();
    }
    if (arrays > 1)
      result_.mayRaise = true; // shapes that do not broadcast
    for (auto &a : c.args)
      readOperands({a.get()});
    Type et;
    if (isMathBuiltin(f))
      et = typeMathBuiltin(f, elements, c.getLoc());
    else if (elements.size() == 1)
      et = elements[0].isBoolean()   ? Type::integer(64)
           : elements[0].isComplex() ? elements[0].complexPart()
                                     : elements[0];
    else if (elements.size() == 2)
      et = unifyTypes(elements[0], elements[1]);
    if (et.isUnknown())
      fail(c.getLoc(), fmt::format("{}() of {} is not supported", f, args[0].str()));
    return record(c, elementwiseType(et, args));
  }
  if (isOneOf(builtin, {Builtin::Abs, Builtin::NpAbs, Builtin::NpAbsolute})) {
    if (!needArgs(1, 1, f))
      return record(c, Type());
    if (!args[0].isScalar())
      fail(c.args[0]->getLoc(), fmt::format("bad operand type for abs(): {}", args[0].str()));
    return record(c, args[0].isBoolean() ? Type::integer(64) : args[0]);
  }
  if (isOneOf(builtin, {Builtin::Min, Builtin::Max, Builtin::NpMinimum, Builtin::NpMaximum})) {
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
  if (isOneOf(builtin, {Builtin::Divmod})) {
    if (!needArgs(2, 2, "divmod"))
      return record(c, Type());
    Type q = binary(ast::BinOpKind::FloorDiv, args[0], args[1], c.getLoc());
    noteDivision(ast::BinOpKind::FloorDiv, c.args[1].get(), q);
    return record(c, Type::tuple({q, q}));
  }
  if (isOneOf(builtin, {Builtin::Pow})) {
    // pow(a, b) is a ** b (Numba's PowerBuiltin; the 3-argument form is not
    // supported by Numba either).
    if (!needArgs(2, 2, "pow"))
      return record(c, Type());
    return record(c, binary(ast::BinOpKind::Pow, args[0], args[1], c.getLoc()));
  }
  if (isOneOf(builtin, {Builtin::MethodConjugate})) {
    if (!args.empty())
      fail(c.getLoc(), "conjugate() takes no arguments");
    return record(c, expr(*cast<ast::Attribute>(*c.func).value));
  }
  if (isOneOf(builtin, {Builtin::TupleOf})) {
    // tuple(t) of a tuple is t (numba-cuda's vector tests loop over
    // tuple((v1, v2, ...))).
    if (!needArgs(1, 1, "tuple"))
      return record(c, Type());
    if (!args[0].isTuple())
      fail(c.args[0]->getLoc(), fmt::format("tuple() of {} is not supported", args[0].str()));
    return record(c, args[0]);
  }
  if (isOneOf(builtin, {Builtin::Round})) {
    // Numba's Round template: round(float32) is intp, round(float64) int64,
    // an integer converts to float64 first; halves round to even (rint).
    if (!needArgs(1, 2, "round"))
      return record(c, Type());
    if (!args[0].isNumber() || args[0].isComplex())
      fail(c.args[0]->getLoc(), fmt::format("round() takes a real number, not {}",
                                            args[0].str()));
    if (args.size() == 2) {
      // round(x, ndigits) of a float is that float type (numba-cuda's
      // round_to_impl for float32 and float64).
      if (!args[0].isFloat())
        fail(c.args[0]->getLoc(), fmt::format("round(x, ndigits) takes a float x, not {}",
                                              args[0].str()));
      if (!args[1].isInteger())
        fail(c.args[1]->getLoc(), fmt::format("round()'s ndigits must be an integer, not {}",
                                              args[1].str()));
      return record(c, args[0]);
    }
    return record(c, Type::integer(64));
  }
  if (isOneOf(builtin, {Builtin::ArrayView})) {
    // a.view(np.int32): NumPy's ndarray.view of an array or a view, to an
    // integer or float dtype as wide or wider (a narrower one would split
    // the buffer's values, which nvc does not do yet).
    const Type base = expr(*cast<ast::Attribute>(*c.func).value);
    if (!base.isArray())
      fail(c.func->getLoc(), fmt::format("view() of {} is not supported (arrays and their views "
                                         "only)",
                                         base.str()));
    if (args.size() != 1 || args[0].kind() != Type::Kind::DType)
      fail(c.getLoc(), "view() takes one dtype here (np.int32, np.float64, ...)");
    const Type from = base.element(), to = args[0].element();
    auto plain = [](const Type &t) { return t.isInteger() || t.isFloat(); };
    if (!plain(from) || !plain(to))
      fail(c.getLoc(), fmt::format("view() from {} to {} is not supported in kernels (integer "
                                   "and float dtypes only)",
                                   from.str(), to.str()));
    if (to.bits() < from.bits())
      fail(c.getLoc(), fmt::format("view() from {} to the smaller {} is not supported in "
                                   "kernels yet",
                                   from.str(), to.str()));
    if (to.bits() > from.bits())
      result_.mayRaise = true; // a last axis that is not contiguous or not divisible: ValueError
    return record(c, Type::array(to, base.ndim(), base.layout() == 'C' ? 'C' : 'A'));
  }
  if (isOneOf(builtin, {Builtin::ArrayReshape})) {
    // a.reshape(n), a.reshape(m, n), a.reshape((m, n)), one extent -1
    // (inferred): a view of a C-contiguous array (Numba's reshape takes
    // contiguous arrays only), C-contiguous itself. A size that differs
    // raises ValueError where the call runs.
    const Type base = expr(*cast<ast::Attribute>(*c.func).value);
    if (!base.isArray())
      fail(c.func->getLoc(), fmt::format("reshape() of {} is not supported", base.str()));
    if (base.layout() != 'C')
      fail(c.func->getLoc(), fmt::format("reshape() of {}: only C-contiguous arrays "
                                         "can be reshaped into a view (as in Numba)",
                                         base.str()));
    std::vector<Type> extents;
    if (args.size() == 1 && args[0].isTuple())
      extents = args[0].elements();
    else
      extents = args;
    if (args.empty())
      fail(c.getLoc(), "reshape() needs a shape"); // reshape(()) is 0-d (one element)
    for (const Type &e : extents)
      if (!e.isInteger())
        fail(c.getLoc(), fmt::format("reshape() takes integer extents, not {}", e.str()));
    result_.mayRaise = true; // a size that differs: ValueError
    return record(c, Type::array(base.element(), static_cast<unsigned>(extents.size()), 'C'));
  }
  if (isOneOf(builtin, {Builtin::MethodBitCount})) {
    if (!args.empty())
      fail(c.getLoc(), "bit_count() takes no arguments");
    return record(c, expr(*cast<ast::Attribute>(*c.func).value));
  }
  if (isInFamily(builtin, BuiltinFamily::BitIntrinsic))
    return bitIntrinsic(c, *builtin, args);
  if (isInFamily(builtin, BuiltinFamily::Half)) {
    // numba.cuda.fp16: float16 (bool for comparisons) of float16 arguments,
    // numbers converted to float16 as Numba converts call arguments.
    const HalfOperation h = halfOperation(builtin->id);
    if (!needArgs(h.arity, h.arity, f))
      return record(c, Type());
    for (size_t i = 0; i < args.size(); ++i)
      if (!args[i].isNumber())
        fail(c.args[i]->getLoc(), fmt::format("{}() takes float16 numbers, not {}", f,
                                              args[i].str()));
    return record(c, h.op.comparison ? Type::boolean() : Type::floating(16));
  }
  if (isInFamily(builtin, BuiltinFamily::Operator)) {
    // operator.add(a, b) is a + b; operator.lt(a, b) is a < b.
    if (!needArgs(2, 2, f))
      return record(c, Type());
    OperatorKind kind = operatorKind(builtin->id);
    if (kind.binary) {
      Type t = binary(*kind.binary, args[0], args[1], c.getLoc());
      noteDivision(*kind.binary, c.args[1].get(), t);
      return record(c, t);
    }
    bool equality = *kind.comparison == ast::CmpOpKind::Eq ||
                    *kind.comparison == ast::CmpOpKind::NotEq;
    for (size_t i = 0; i < 2; ++i)
      if (!args[i].isNumber() && !(equality && args[i].isComplex()))
        fail(c.args[i]->getLoc(), fmt::format("cannot compare {} and {} with {}()",
                                              args[0].str(), args[1].str(), f));
    return record(c, Type::boolean());
  }
  if (isOneOf(builtin, {Builtin::Complex})) {
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
  if (isOneOf(builtin, {Builtin::Int, Builtin::Float, Builtin::Bool})) {
    if (!needArgs(1, 1, f))
      return record(c, Type());
    if (!args[0].isNumber())
      fail(c.args[0]->getLoc(), fmt::format("{}() of {} is not supported", f, args[0].str()));
    // numba-cuda's Int and Float templates (numba_cuda/numba/cuda/typing/
    // builtins.py): int() of an integer and float() of a float keep the
    // argument's type (float(float32) is float32, int(uint8) is uint8);
    // int() of a float or bool is intp (int64), float() of an integer
    // float64.
    if (builtin->id == Builtin::Int)
      return record(c, args[0].isInteger() ? args[0] : Type::integer(64));
    if (builtin->id == Builtin::Float)
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

} // namespace nvc::sema
