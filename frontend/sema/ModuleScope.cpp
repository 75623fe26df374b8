//===- ModuleScope.cpp - Module-level names of a kernel file ---------------===//
//
// Resolves imports, module constants and decorated functions. A kernel file
// is also an ordinary Python module, so it may contain host code (arrays set
// up with NumPy, launches, prints): module-level statements that are not
// imports, constant definitions or function definitions are ignored, and a
// module-level name whose value cannot be computed at compile time is simply
// not a constant (a kernel that uses it gets an error there).
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/TypeInference.h"

#include "frontend/sema/Builtins.h"
#include "frontend/sema/MathBuiltins.h"
#include "frontend/syntax/CloneAST.h"
#include "frontend/sema/ModuleLoader.h"
#include "nvc/Float16.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>

#include <cmath>
#include <cstdlib>
#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace nvc {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

/// The value of `v` converted to scalar type `t` (NumPy's astype).
static ConstValue castConstant(const ConstValue &v, const Type &t) {
  ConstValue c;
  c.type = t;
  if (t.isFloat())
    c.f = roundToFloatWidth(v.asDouble(), t.bits());
  else if (t.isBoolean())
    c.i = v.asDouble() != 0;
  else
    c.i = v.type.isFloat() ? static_cast<int64_t>(v.f) : v.i;
  return c;
}

double roundToFloatWidth(double v, unsigned bits) {
  if (bits == 16)
    return rt::halfToFloat(rt::doubleToHalf(v)); // the runtime's rule (nvc/Float16.h)
  return bits == 32 ? static_cast<double>(static_cast<float>(v)) : v;
}

double ConstValue::asDouble() const {
  if (type.isFloat())
    return f;
  if (type.isInteger() && !type.isSigned())
    return static_cast<double>(static_cast<uint64_t>(i));
  return static_cast<double>(i);
}

std::string floatRepr(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".en") == std::string::npos)
    s += ".0";
  return s;
}

/// `math.pi`, `np.e`, ...: float64 constants of the math and NumPy modules.
static std::optional<ConstValue> mathConstant(const std::string &name) {
  static const std::map<std::string, double> values = {
      {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN}};
  auto it = values.find(name);
  if (it == values.end())
    return std::nullopt;
  ConstValue c;
  c.type = Type::floating(64);
  c.f = it->second;
  return c;
}

/// Canonical names of the modules kernels may import.
static std::optional<std::string> canonicalModule(const std::string &dotted) {
  if (dotted == "numba.cuda")
    return "cuda";
  if (dotted == "numba_vulkan")
    return "nv";
  if (dotted == "numpy")
    return "np";
  if (dotted == "math" || dotted == "numba" || dotted == "numba.types" || dotted == "cmath" ||
      dotted == "operator")
    return dotted;
  if (dotted == "numba.cuda.types") // numba-cuda's own home of the Numba types
    return "numba.types";
  if (dotted == "numba.cuda.libdevice") // from numba.cuda import libdevice
    return "cuda.libdevice";
  if (dotted == "numba.cuda.fp16" || dotted == "numba.cuda.cuda_fp16") // from numba.cuda import fp16
    return "cuda.fp16";
  if (dotted == "numba.cuda.bf16") // from numba.cuda import bf16
    return "cuda.bf16";
  // Where numba and numba-cuda define literal_unroll (numba-cuda's tests
  // import it from there): names of numba's own.
  if (dotted == "numba.misc.special" || dotted == "numba.cuda.misc.special")
    return "numba";
  // numba's extension API (overload, register_jitable, ...), its types and
  // errors, as numba, numba.core and numba.cuda spell them: the typing
  // functions of overloads use them (Overloads.h).
  if (dotted == "numba.extending" || dotted == "numba.core.extending" ||
      dotted == "numba.cuda.extending")
    return "numba.extending";
  if (dotted == "numba.core.types" || dotted == "numba.cuda.core.types")
    return "numba.types";
  if (dotted == "numba.core.errors" || dotted == "numba.errors" ||
      dotted == "numba.cuda.core.errors")
    return "numba.errors";
  if (dotted == "numba.core" || dotted == "numba.cuda.core")
    return "numba.core";
  return std::nullopt;
}

std::optional<std::string> ModuleScope::canonicalModuleName(const std::string &dotted) {
  return canonicalModule(dotted);
}

ModuleScope::ModuleScope(const ast::Module &module, const SourceFile &source,
                         DiagnosticEngine &diags, ModuleLoader *loader,
                         const std::map<std::string, const ast::Expr *> &overrides)
    : diags_(diags), source_(source), loader_(loader) {
  for (const ast::ClassHeader &c : module.classes)
    classes_[c.name] = c.bases;
  // -D NAME=VALUE: bound before the module's statements (a name they never
  // bind is defined all the same) and at each of their bindings of NAME.
  auto bindOverride = [&](const ast::Name &name) {
    auto it = overrides.find(name.id);
    if (it == overrides.end())
      return false;
    if (std::optional<GlobalSymbol> alias = dtypeAlias(*it->second)) { // -D DT=np.float32
      alias->loc = name.getLoc();
      globals_[name.id] = *alias;
      unevaluated_.erase(name.id);
      return true;
    }
    std::optional<ConstValue> value = evaluate(*it->second);
    bindConstant(name, value ? &*value : nullptr, it->second->getLoc());
    assignedExprs_[name.id] = it->second;
    return true;
  };
  for (auto &[name, expr] : overrides)
    bindOverride(ast::Name(expr->getLoc(), name));
  for (auto &stmt : module.body) {
    if (auto *imp = dyn_cast<ast::Import>(stmt.get())) {
      addImport(*imp);
    } else if (auto *from = dyn_cast<ast::ImportFrom>(stmt.get())) {
      addImportFrom(*from);
    } else if (auto *def = dyn_cast<ast::FunctionDef>(stmt.get())) {
      addFunction(*def);
    } else if (auto *e = dyn_cast<ast::ExprStmt>(stmt.get())) {
      addOverloadCall(*e->value); // overload(f)(ol_f); other expressions are host code
    } else if (auto *assign = dyn_cast<ast::Assign>(stmt.get())) {
      if (addReduceAssignment(*assign, module))
        continue;
      if (addOverloadCall(*assign->value)) // typer = type_callable(f)(typer_)
        continue;
      // dt = numba.boolean, f32 = np.float32: a dtype under another name;
      // operator_ldca = cuda.ldca, op = math.sin, g = device_fn: a function.
      std::optional<GlobalSymbol> alias = dtypeAlias(*assign->value);
      if (!alias)
        alias = functionAlias(*assign->value);
      if (alias) {
        for (auto &target : assign->targets)
          if (auto *name = dyn_cast<ast::Name>(target.get()); name && !bindOverride(*name)) {
            GlobalSymbol sym = *alias;
            sym.loc = name->getLoc();
            globals_[name->id] = sym;
            unevaluated_.erase(name->id);
          }
        continue;
      }
      std::optional<ConstValue> value = evaluate(*assign->value);
      // msg = "...": a string for print() and exception messages.
      auto *text = dyn_cast<ast::StringLiteral>(assign->value.get());
      for (auto &target : assign->targets)
        if (auto *name = dyn_cast<ast::Name>(target.get())) {
          if (text)
            strings_[name->id] = text->value;
          else
            strings_.erase(name->id);
        }
      for (auto &target : assign->targets) {
        if (auto *name = dyn_cast<ast::Name>(target.get()); name && bindOverride(*name))
          continue;
        bindConstant(*target, value ? &*value : nullptr, assign->value->getLoc());
        // `sig = "void(int32[::1])"` or `sig = (types.int32[::1],)`, later
        // written as @cuda.jit(sig): the expression, in case it is one.
        if (auto *name = dyn_cast<ast::Name>(target.get()))
          assignedExprs_[name->id] = assign->value.get();
      }
    } else if (auto *ann = dyn_cast<ast::AnnAssign>(stmt.get())) {
      auto *name = dyn_cast<ast::Name>(ann->target.get());
      if (name && bindOverride(*name))
        continue;
      if (name && ann->value)
        if (auto value = evaluate(*ann->value))
          globals_[name->id] = {GlobalSymbol::Kind::Constant, name->id, value->type, *value,
                                name->getLoc()};
    }
  }
  // Functions are complete now: let their symbols (and aliases, `g = f`)
  // point at them.
  for (auto &[name, sym] : globals_)
    if (sym.kind == GlobalSymbol::Kind::UserFunction)
      for (auto &fn : functions_)
        if (fn.def->name == sym.qualifiedName)
          sym.function = &fn;
  // Overloads: of a function of the module, of one imported from a helper
  // (after the helper's own), or of a name imported from a host module.
  for (auto &[name, set] : overloadSets_)
    if (!globals_.count(name) && unresolvedImports_.count(name))
      globals_[name] = {GlobalSymbol::Kind::UserFunction, name, Type::userFunction(name), {},
                        set.decls.front().loc};
  for (auto &[name, sym] : globals_) {
    if (sym.kind != GlobalSymbol::Kind::UserFunction)
      continue;
    auto it = overloadSets_.find(name);
    if (it == overloadSets_.end())
      it = overloadSets_.find(sym.qualifiedName);
    if (it == overloadSets_.end())
      continue;
    if (sym.overloads && sym.overloads != &it->second) {
      std::vector<OverloadDecl> merged = sym.overloads->decls;
      merged.insert(merged.end(), it->second.decls.begin(), it->second.decls.end());
      it->second.decls = std::move(merged);
    }
    sym.overloads = &it->second;
  }
}

ModuleScope::ModuleScope(const ModuleScope &base, OverlayTag)
    : diags_(base.diags_), source_(base.source_), loader_(base.loader_), globals_(base.globals_),
      unresolvedImports_(base.unresolvedImports_),
      hostFunctionImports_(base.hostFunctionImports_), hostFunctions_(base.hostFunctions_),
      unevaluated_(base.unevaluated_), assignedExprs_(base.assignedExprs_),
      classes_(base.classes_), strings_(base.strings_), plainDefs_(base.plainDefs_),
      importedPlainDefs_(base.importedPlainDefs_), lowLevel_(base.lowLevel_),
      captureErrors_(base.captureErrors_) {}

std::unique_ptr<ModuleScope>
ModuleScope::withNames(const std::map<std::string, GlobalSymbol> &names,
                       const std::map<std::string, std::string> &unusable,
                       const std::map<std::string, std::string> &strings) const {
  std::unique_ptr<ModuleScope> scope(new ModuleScope(*this, OverlayTag{}));
  auto unbind = [&](const std::string &name) {
    scope->globals_.erase(name);
    scope->unevaluated_.erase(name);
    scope->strings_.erase(name);
    scope->unresolvedImports_.erase(name);
    scope->hostFunctionImports_.erase(name);
    scope->captureErrors_.erase(name);
  };
  for (auto &[name, sym] : names) {
    unbind(name);
    scope->globals_[name] = sym;
  }
  for (auto &[name, why] : unusable) {
    unbind(name);
    scope->captureErrors_[name] = why;
  }
  for (auto &[name, text] : strings) {
    unbind(name);
    scope->strings_[name] = text;
  }
  return scope;
}

std::optional<CompileError> ModuleScope::unsupportedParameterKind(const ast::FunctionDef &def,
                                                                  const SourceFile *source) {
  for (const ast::Param &p : def.params) {
    const char *what = nullptr;
    switch (p.kind) {
    case ast::Param::Kind::Normal: break;
    case ast::Param::Kind::VarPositional: what = "variadic parameters ('*args')"; break;
    case ast::Param::Kind::KeywordOnly: what = "keyword-only parameters ('*')"; break;
    case ast::Param::Kind::VarKeyword: what = "variadic keyword parameters ('**kwargs')"; break;
    case ast::Param::Kind::PositionalOnly: what = "positional-only parameters ('/')"; break;
    }
    if (what) {
      CompileError e(p.markerLoc,
                     fmt::format("unsupported Python construct: {} are not allowed in kernels",
                                 what));
      e.file = source;
      return e;
    }
  }
  return std::nullopt;
}

std::optional<ModuleScope::PlainFunction>
ModuleScope::plainFunction(const std::string &name) const {
  if (auto it = plainDefs_.find(name); it != plainDefs_.end())
    return PlainFunction{it->second, this};
  if (auto it = importedPlainDefs_.find(name); it != importedPlainDefs_.end())
    return it->second;
  return std::nullopt;
}

void ModuleScope::bindConstant(const ast::Expr &target, const ConstValue *value,
                               ast::Location valueLoc) {
  if (auto *name = dyn_cast<ast::Name>(&target)) {
    if (value) {
      globals_[name->id] = {GlobalSymbol::Kind::Constant, name->id, value->type, *value,
                            name->getLoc()};
      unevaluated_.erase(name->id);
    } else {
      globals_.erase(name->id); // rebound to something unknown: not a constant
      unevaluated_[name->id] = valueLoc;
    }
    return;
  }
  // a, b = 2, 8 and (a, b), c = ...: Python's unpacking of a tuple value.
  const std::vector<ast::ExprPtr> *elts = nullptr;
  if (auto *t = dyn_cast<ast::Tuple>(&target))
    elts = &t->elts;
  else if (auto *l = dyn_cast<ast::List>(&target))
    elts = &l->elts;
  if (!elts)
    return; // attributes, subscripts: host code that binds no name
  bool unpackable = value && value->type.isTuple() && value->elements.size() == elts->size();
  for (size_t i = 0; i < elts->size(); ++i)
    bindConstant(*(*elts)[i], unpackable ? &value->elements[i] : nullptr, valueLoc);
}

/// The dotted name of a callee or attribute chain, e.g. "cuda.jit" for
/// `@cuda.jit(...)` (a call's callee), "cuda.ldca" for `cuda.ldca`.
static std::string decoratorName(const ast::Expr &expr) {
  const ast::Expr *callee = &expr;
  if (auto *call = dyn_cast<ast::Call>(callee))
    callee = call->func.get();
  std::string name;
  while (auto *attr = dyn_cast<ast::Attribute>(callee)) {
    name = "." + attr->attr + name;
    callee = attr->value.get();
  }
  if (auto *n = dyn_cast<ast::Name>(callee))
    return n->id + name;
  return "";
}

std::string ModuleScope::qualifiedName(const ast::Expr &expr) const {
  std::string dotted = decoratorName(expr);
  size_t dot = dotted.find('.');
  const GlobalSymbol *sym = lookup(dotted.substr(0, dot));
  if (!sym || (sym->kind != GlobalSymbol::Kind::Module && sym->kind != GlobalSymbol::Kind::Function))
    return "";
  std::string qualified = sym->qualifiedName + (dot == std::string::npos ? "" : dotted.substr(dot));
  if (qualified.rfind("numba.cuda.", 0) == 0)
    qualified = qualified.substr(6); // numba.cuda.x is cuda.x
  return qualified;
}

std::optional<GlobalSymbol> ModuleScope::functionAlias(const ast::Expr &value) const {
  if (auto *n = dyn_cast<ast::Name>(&value)) {
    const GlobalSymbol *sym = lookup(n->id);
    if (sym && (sym->kind == GlobalSymbol::Kind::Function ||
                sym->kind == GlobalSymbol::Kind::UserFunction))
      return *sym;
    return std::nullopt;
  }
  // module.attr...: a builtin or math function of a module kernels know.
  std::string dotted = decoratorName(value);
  size_t dot = dotted.find('.');
  if (!isa<ast::Attribute>(&value) || dot == std::string::npos)
    return std::nullopt;
  const GlobalSymbol *sym = lookup(dotted.substr(0, dot));
  if (!sym || sym->kind != GlobalSymbol::Kind::Module)
    return std::nullopt;
  std::string rest = dotted.substr(dot);
  std::string qualified = sym->qualifiedName + rest;
  if (qualified.rfind("numba.cuda.", 0) == 0)
    qualified = qualified.substr(6);
  if (!lookupBuiltin(qualified) && !isMathBuiltin(qualified))
    return std::nullopt;
  return GlobalSymbol{GlobalSymbol::Kind::Function, qualified, Type::function(qualified), {},
                      value.getLoc()};
}

/// A NumPy type string of a structured dtype's field: 'f4', '<f8', '?',
/// 'u1', 'float32', ... (byte order '<', '=' or '|' only: kernels run
/// little-endian).
static std::optional<Type> fieldTypeFromString(std::string s) {
  if (!s.empty() && (s[0] == '<' || s[0] == '=' || s[0] == '|'))
    s.erase(s.begin());
  if (s == "?")
    return Type::boolean();
  return scalarTypeFromName(s);
}

std::optional<Type> ModuleScope::recordDtype(const ast::Call &call) const {
  // np.dtype([("x", "f4"), ("v", np.float32), ("d", np.uint8, 5),
  //           ("e", (np.int16, (3, 2)))], align=True)
  if (call.args.size() != 1)
    return std::nullopt;
  const ast::Expr *fieldsExpr = call.args[0].get();
  if (auto *n = dyn_cast<ast::Name>(fieldsExpr); n && assignedExprs_.count(n->id))
    fieldsExpr = assignedExprs_.at(n->id); // FIELDS = [...]; np.dtype(FIELDS)
  auto *list = dyn_cast<ast::List>(fieldsExpr);
  if (!list || list->elts.empty())
    return std::nullopt;
  bool aligned = false;
  for (auto &kw : call.keywords) {
    auto *flag = dyn_cast<ast::BoolLiteral>(kw.value.get());
    if (kw.name != "align" || !flag)
      return std::nullopt;
    aligned = flag->value;
  }
  auto scalarOf = [&](const ast::Expr &e) -> std::optional<Type> {
    if (auto *str = dyn_cast<ast::StringLiteral>(&e))
      return fieldTypeFromString(str->value);
    if (auto alias = dtypeAlias(e); alias && alias->type.isScalar())
      return alias->type;
    if (auto *name = dyn_cast<ast::Name>(&e)) { // bool, int, float, complex
      if (name->id == "bool")
        return Type::boolean();
      if (name->id == "int" || name->id == "float" || name->id == "complex")
        return scalarTypeFromName(name->id);
    }
    return std::nullopt;
  };
  auto shapeOf = [&](const ast::Expr &e, std::vector<int64_t> &shape) {
    std::optional<ConstValue> v = evaluate(e);
    if (!v)
      return false;
    if (v->type.isInteger()) {
      shape.push_back(v->i);
    } else if (v->type.isTuple()) {
      for (auto &d : v->elements) {
        if (!d.type.isInteger())
          return false;
        shape.push_back(d.i);
      }
    } else {
      return false;
    }
    for (int64_t d : shape)
      if (d < 1 || d > (1 << 20))
        return false;
    // NumPy: ("h", np.float32, 1) is a scalar field, not an array of one.
    if (shape.size() == 1 && shape[0] == 1 && !v->type.isTuple())
      shape.clear();
    return true;
  };
  std::vector<RecordField> fields;
  for (auto &item : list->elts) {
    auto *tuple = dyn_cast<ast::Tuple>(item.get());
    if (!tuple || tuple->elts.size() < 2 || tuple->elts.size() > 3)
      return std::nullopt;
    auto *name = dyn_cast<ast::StringLiteral>(tuple->elts[0].get());
    if (!name || name->value.empty())
      return std::nullopt;
    RecordField f{name->value, Type(), 0, {}};
    const ast::Expr *typeExpr = tuple->elts[1].get();
    if (auto *sub = dyn_cast<ast::Tuple>(typeExpr)) { // ("d", (np.uint8, 5))
      if (sub->elts.size() != 2 || tuple->elts.size() != 2 || !shapeOf(*sub->elts[1], f.shape))
        return std::nullopt;
      typeExpr = sub->elts[0].get();
    } else if (tuple->elts.size() == 3 && !shapeOf(*tuple->elts[2], f.shape)) {
      return std::nullopt;
    }
    std::optional<Type> t = scalarOf(*typeExpr);
    if (!t)
      return std::nullopt;
    f.type = *t;
    for (auto &g : fields)
      if (g.name == f.name)
        return std::nullopt; // NumPy: "field 'x' occurs more than once"
    fields.push_back(std::move(f));
  }
  return Type::record(std::make_shared<const RecordLayout>(
      RecordLayout::fromFields(std::move(fields), aligned)));
}

std::optional<GlobalSymbol> ModuleScope::dtypeAlias(const ast::Expr &value) const {
  if (auto *call = dyn_cast<ast::Call>(&value)) {
    // np.dtype([...]): a structured dtype; numba.from_dtype(dt): its type.
    std::string callee = decoratorName(*call->func);
    size_t dot = callee.rfind('.');
    std::string fn = dot == std::string::npos ? callee : callee.substr(dot + 1);
    std::string base = dot == std::string::npos ? "" : callee.substr(0, dot);
    const GlobalSymbol *mod = base.empty() ? nullptr : lookup(base);
    bool numpy = mod && mod->kind == GlobalSymbol::Kind::Module && mod->qualifiedName == "np";
    if (fn == "dtype" && numpy) {
      if (std::optional<Type> rec = recordDtype(*call))
        return GlobalSymbol{GlobalSymbol::Kind::DType, "dtype", *rec, {}, call->getLoc()};
      return std::nullopt;
    }
    if (fn == "from_dtype" && call->args.size() == 1)
      return dtypeAlias(*call->args[0]);
    return std::nullopt;
  }
  if (auto *name = dyn_cast<ast::Name>(&value)) {
    const GlobalSymbol *sym = lookup(name->id);
    if (sym && sym->kind == GlobalSymbol::Kind::DType)
      return *sym;
    return std::nullopt;
  }
  auto *attr = dyn_cast<ast::Attribute>(&value);
  auto *base = attr ? dyn_cast<ast::Name>(attr->value.get()) : nullptr;
  const GlobalSymbol *sym = base ? lookup(base->id) : nullptr;
  if (!sym || sym->kind != GlobalSymbol::Kind::Module ||
      (sym->qualifiedName != "numba" && sym->qualifiedName != "numba.types" &&
       sym->qualifiedName != "np" && sym->qualifiedName != "cuda"))
    return std::nullopt;
  std::optional<Type> t = scalarTypeFromName(attr->attr);
  if (!t)
    return std::nullopt;
  return GlobalSymbol{GlobalSymbol::Kind::DType, attr->attr, *t, {}, attr->getLoc()};
}

const ast::Location *ModuleScope::unevaluated(const std::string &name) const {
  auto it = unevaluated_.find(name);
  return it == unevaluated_.end() ? nullptr : &it->second;
}

/// Module-level NumPy arrays are frozen at compile time, as Numba freezes
/// globals: `np.array(nested lists or tuples of numbers, dtype=...)`,
/// `np.arange([start,] stop[, step], dtype=...)` and `np.linspace(start,
/// stop, num, dtype=...)`, with NumPy's default dtypes (bool when every value
/// is one, else int64 for integers, float64 otherwise), and `np.float64([...])`
/// (a dtype called on nested lists: `dtype` given). `np.array(number)` is a
/// 0-d array. Anything else is not a compile-time constant.
std::optional<ConstValue> ModuleScope::evaluateArray(const ast::Call &call, const std::string &fn,
                                                     std::optional<Type> dtype) const {
  for (auto &kw : call.keywords) {
    if (kw.name != "dtype")
      return std::nullopt;
    const ast::Expr *d = kw.value.get();
    if (auto *s = dyn_cast<ast::StringLiteral>(d))
      dtype = scalarTypeFromName(s->value);
    else if (auto *a = dyn_cast<ast::Attribute>(d))
      dtype = scalarTypeFromName(a->attr);
    else if (auto *n = dyn_cast<ast::Name>(d); n && lookup(n->id) &&
                                                lookup(n->id)->kind == GlobalSymbol::Kind::DType)
      dtype = lookup(n->id)->type;
    if (!dtype || !dtype->isNumber())
      return std::nullopt;
  }
  ConstValue out;
  std::vector<ConstValue> values;
  bool anyFloat = false, allBool = true;
  if (fn == "array") {
    if (call.args.size() != 1)
      return std::nullopt;
    // Walk nested lists/tuples, checking the shape is rectangular.
    std::function<bool(const ast::Expr &, size_t)> walk = [&](const ast::Expr &e, size_t depth) {
      const std::vector<ast::ExprPtr> *elts = nullptr;
      if (auto *l = dyn_cast<ast::List>(&e))
        elts = &l->elts;
      else if (auto *t = dyn_cast<ast::Tuple>(&e))
        elts = &t->elts;
      if (!elts) {
        if (depth != out.shape.size())
          return false;
        auto v = evaluate(e);
        if (!v || !v->type.isNumber())
          return false;
        anyFloat |= v->type.isFloat();
        allBool &= v->type.isBoolean();
        values.push_back(*v);
        return true;
      }
      if (depth == out.shape.size())
        out.shape.push_back(static_cast<int64_t>(elts->size()));
      else if (depth > out.shape.size() || out.shape[depth] != static_cast<int64_t>(elts->size()))
        return false;
      for (auto &x : *elts)
        if (!walk(*x, depth + 1))
          return false;
      return true;
    };
    // A number alone is a 0-d array (np.array(0)).
    if (!walk(*call.args[0], 0))
      return std::nullopt;
  } else {
    std::vector<ConstValue> args;
    for (auto &a : call.args) {
      auto v = evaluate(*a);
      if (!v || !v->type.isNumber())
        return std::nullopt;
      anyFloat |= v->type.isFloat();
      args.push_back(*v);
    }
    if (fn == "arange") {
      if (args.empty() || args.size() > 3)
        return std::nullopt;
      double start = args.size() > 1 ? args[0].asDouble() : 0;
      double stop = args.size() > 1 ? args[1].asDouble() : args[0].asDouble();
      double step = args.size() > 2 ? args[2].asDouble() : 1;
      if (step == 0)
        return std::nullopt;
      int64_t n = std::max<int64_t>(0, static_cast<int64_t>(std::ceil((stop - start) / step)));
      if (n > 1 << 20)
        return std::nullopt;
      for (int64_t k = 0; k < n; ++k) {
        ConstValue v;
        v.type = anyFloat ? Type::floating(64) : Type::integer(64);
        v.f = start + k * step;
        v.i = static_cast<int64_t>(start) + k * static_cast<int64_t>(step);
        values.push_back(v);
      }
    } else { // linspace(start, stop, num)
      if (args.size() != 3 || args[2].type.isFloat())
        return std::nullopt;
      int64_t n = args[2].i;
      if (n < 0 || n > 1 << 20)
        return std::nullopt;
      double a = args[0].asDouble(), b = args[1].asDouble();
      for (int64_t k = 0; k < n; ++k) {
        ConstValue v;
        v.type = Type::floating(64);
        // NumPy: start + k * step, with the last value exactly stop.
        v.f = k + 1 == n && n > 1 ? b : a + k * ((b - a) / std::max<int64_t>(1, n - 1));
        values.push_back(v);
      }
      anyFloat = true;
    }
    out.shape = {static_cast<int64_t>(values.size())};
  }
  if (out.shape.size() > Type::kMaxArrayDims)
    return std::nullopt;
  // NumPy's dtype of the values: bool when all are, else int64 or float64.
  bool onlyBool = fn == "array" && allBool && !values.empty();
  Type elem = dtype.value_or(anyFloat   ? Type::floating(64)
                             : onlyBool ? Type::boolean()
                                        : Type::integer(64));
  for (auto &v : values)
    out.elements.push_back(castConstant(v, elem));
  out.type = Type::array(elem, static_cast<unsigned>(out.shape.size()), 'C');
  return out;
}

/// `a[i]`, `a[start:stop:step]` of a constant tuple or 1-D array (NumPy's and
/// Python's rules for negative and omitted bounds), `a[i]` of an n-D array
/// (a row), `a[start:stop:step]` on an n-D array's first axis.
std::optional<ConstValue> ModuleScope::evaluateSubscript(const ast::Subscript &sub) const {
  std::optional<ConstValue> base = evaluate(*sub.value);
  if (!base || !(base->type.isTuple() || base->type.isArray()))
    return std::nullopt;
  bool isArray = base->type.isArray();
  if (isArray && base->shape.empty())
    return std::nullopt; // a 0-d array has no rows
  int64_t n = isArray ? base->shape.front() : static_cast<int64_t>(base->elements.size());
  int64_t rowSize = 1;
  if (isArray)
    for (size_t d = 1; d < base->shape.size(); ++d)
      rowSize *= base->shape[d];
  auto row = [&](int64_t k, ConstValue &into) {
    for (int64_t j = 0; j < rowSize; ++j)
      into.elements.push_back(base->elements[k * rowSize + j]);
  };
  auto *slice = dyn_cast<ast::Slice>(sub.index.get());
  if (!slice) {
    std::optional<ConstValue> index = evaluate(*sub.index);
    if (!index || !index->type.isInteger())
      return std::nullopt;
    int64_t k = index->i < 0 ? index->i + n : index->i;
    if (k < 0 || k >= n)
      return std::nullopt;
    if (!isArray)
      return base->elements[k];
    if (base->shape.size() == 1)
      return base->elements[k];
    ConstValue out;
    out.shape.assign(base->shape.begin() + 1, base->shape.end());
    row(k, out);
    out.type = Type::array(base->type.element(), static_cast<unsigned>(out.shape.size()), 'C');
    return out;
  }
  auto bound = [&](const ast::ExprPtr &e) -> std::optional<std::optional<int64_t>> {
    if (!e)
      return std::optional<int64_t>();
    std::optional<ConstValue> v = evaluate(*e);
    if (!v || !v->type.isInteger())
      return std::nullopt;
    return std::optional<int64_t>(v->i);
  };
  auto lo = bound(slice->lower), hi = bound(slice->upper), st = bound(slice->step);
  if (!lo || !hi || !st)
    return std::nullopt;
  int64_t step = st->value_or(1);
  if (step == 0)
    return std::nullopt;
  // Python's slice.indices(n).
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v)
      return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    if (step > 0)
      return std::clamp<int64_t>(x, 0, n);
    return std::clamp<int64_t>(x, -1, n - 1);
  };
  int64_t start = clamp(*lo, step > 0 ? 0 : n - 1);
  int64_t stop = clamp(*hi, step > 0 ? n : -1);
  ConstValue out;
  std::vector<Type> types;
  int64_t count = 0;
  for (int64_t k = start; step > 0 ? k < stop : k > stop; ++count) {
    if (isArray)
      row(k, out);
    else {
      out.elements.push_back(base->elements[k]);
      types.push_back(base->elements[k].type);
    }
    if (__builtin_add_overflow(k, step, &k))
      break; // a step beyond int64's range leaves the slice after this element
  }
  if (!isArray) {
    out.type = Type::tuple(types);
    return out;
  }
  if (count == 0)
    return std::nullopt; // an empty frozen array has no use in a kernel
  out.shape = base->shape;
  out.shape.front() = count;
  out.type = base->type;
  return out;
}

const GlobalSymbol *ModuleScope::lookup(const std::string &name) const {
  auto it = globals_.find(name);
  return it == globals_.end() ? nullptr : &it->second;
}

void ModuleScope::addImport(const ast::Import &stmt) {
  for (auto &alias : stmt.names) {
    auto canonical = canonicalModule(alias.name);
    if (alias.asname.empty()) {
      // `import numba.cuda` binds `numba`; `import math` binds `math`.
      std::string first = alias.name.substr(0, alias.name.find('.'));
      if (auto c = canonicalModule(first))
        globals_[first] = {GlobalSymbol::Kind::Module, *c, Type::module(*c), {}, alias.loc};
      continue;
    }
    if (canonical)
      globals_[alias.asname] = {GlobalSymbol::Kind::Module, *canonical,
                                Type::module(*canonical), {}, alias.loc};
  }
}

void ModuleScope::addImportFrom(const ast::ImportFrom &stmt) {
  auto module = canonicalModule(stmt.module);
  for (auto &alias : stmt.names) {
    const std::string &bound = alias.asname.empty() ? alias.name : alias.asname;
    if (alias.name == "*") {
      diags_.warning(alias.loc, "'import *' is ignored by nvc; import names explicitly",
                     "import-star");
      continue;
    }
    if (!module) {
      // A helper module of the project (`from helpers import clamp`), or a
      // host-only one (a plotting library) that kernels cannot use.
      const ModuleScope *helper = loader_ && stmt.level == 0
                                      ? loader_->load(stmt.module, stmt.getLoc())
                                      : nullptr;
      if (!helper) {
        unresolvedImports_[bound] = stmt.module;
        continue;
      }
      const GlobalSymbol *sym = helper->lookup(alias.name);
      // A plain function of the helper: an overload's typing function or
      // implementation may be one (overload(f)(helper_typing_function)).
      if (std::optional<PlainFunction> plain = helper->plainFunction(alias.name))
        importedPlainDefs_[bound] = *plain;
      else
        importedPlainDefs_.erase(bound);
      if (auto *api = helper->lowLevelExtension(alias.name))
        lowLevel_[bound] = *api;
      if (!sym && helper->hostFunctions_.count(alias.name)) {
        hostFunctionImports_[bound] = stmt.module; // host code of the kernel file uses it
        continue;
      }
      if (!sym && (helper->unevaluated(alias.name) || helper->classes_.count(alias.name))) {
        // Host code of the helper (an object, a class): kernels using it
        // are told that nvc cannot evaluate it.
        unevaluated_[bound] = alias.loc;
        continue;
      }
      if (!sym)
        throw CompileError(alias.loc, fmt::format("cannot import name '{}' from '{}' (it "
                                                  "defines no such function or constant)",
                                                  alias.name, stmt.module));
      globals_[bound] = *sym;
      continue;
    }
    std::string dotted = stmt.module + "." + alias.name;
    if (auto sub = canonicalModule(dotted)) {
      globals_[bound] = {GlobalSymbol::Kind::Module, *sub, Type::module(*sub), {}, alias.loc};
      continue;
    }
    // numba-cuda exports the scalar types from numba.cuda too (its tests:
    // `from numba.cuda import int32, float32`).
    if ((*module == "numba" || *module == "numba.types" || *module == "np" ||
         *module == "cuda") &&
        scalarTypeFromName(alias.name)) {
      Type t = *scalarTypeFromName(alias.name);
      globals_[bound] = {GlobalSymbol::Kind::DType, alias.name, t, {}, alias.loc};
      continue;
    }
    if (auto value = mathConstant(alias.name); value && (*module == "math" || *module == "np")) {
      globals_[bound] = {GlobalSymbol::Kind::Constant, alias.name, value->type, *value, alias.loc};
      continue;
    }
    globals_[bound] = {GlobalSymbol::Kind::Function, *module + "." + alias.name,
                       Type::function(*module + "." + alias.name), {}, alias.loc};
  }
}

bool ModuleScope::addReduceAssignment(const ast::Assign &assign, const ast::Module &module) {
  auto *call = dyn_cast<ast::Call>(assign.value.get());
  auto *target = assign.targets.size() == 1 ? dyn_cast<ast::Name>(assign.targets[0].get())
                                            : nullptr;
  if (!call || !target || call->args.size() != 1 || !call->keywords.empty())
    return false;
  std::string qualified = qualifiedName(*call->func);
  if (qualified != "cuda.reduce" && qualified != "cuda.Reduce")
    return false;
  // The function the reduction applies: a lambda, or a module-level def.
  std::vector<ast::Param> params;
  ast::Block body;
  if (auto *lambda = dyn_cast<ast::Lambda>(call->args[0].get())) {
    for (auto &p : lambda->params)
      params.push_back(ast::Param{p.loc, p.name, nullptr, nullptr});
    body.push_back(std::make_unique<ast::Return>(lambda->body->getLoc(),
                                                 ast::clone(lambda->body.get())));
  } else if (auto *name = dyn_cast<ast::Name>(call->args[0].get())) {
    const ast::FunctionDef *fn = nullptr;
    for (auto &stmt : module.body)
      if (auto *def = dyn_cast<ast::FunctionDef>(stmt.get()); def && def->name == name->id)
        fn = def;
    if (!fn)
      throw CompileError(name->getLoc(), fmt::format("cuda.reduce({}): '{}' is not a function "
                                                     "of this file",
                                                     name->id, name->id));
    for (auto &p : fn->params)
      params.push_back(ast::Param{p.loc, p.name, nullptr, nullptr});
    body = ast::clone(fn->body);
  } else {
    throw CompileError(call->args[0]->getLoc(),
                       "cuda.reduce takes a function: a lambda or a function of this file");
  }
  std::vector<ast::ExprPtr> decorators;
  decorators.push_back(ast::clone(call->func.get()));
  ownedDefs_.push_back(std::make_unique<ast::FunctionDef>(
      target->getLoc(), target->id, std::move(params), nullptr, std::move(decorators),
      std::move(body)));
  addFunction(*ownedDefs_.back());
  return true;
}

std::string ModuleScope::extensionApiName(const ast::Expr &callee) const {
  std::string qualified = qualifiedName(callee);
  // import numba; @numba.extending.overload, @numba.core.extending.overload,
  // @numba.cuda.extending.overload (qualifiedName's cuda.extending.overload)
  for (const char *prefix : {"numba.core.extending.", "cuda.extending."})
    if (qualified.rfind(prefix, 0) == 0)
      qualified = "numba.extending." + qualified.substr(std::string(prefix).size());
  if (qualified.rfind("numba.extending.", 0) != 0)
    return "";
  return qualified;
}

JitOptions ModuleScope::readJitOptions(const ast::Expr &options) const {
  // {"fastmath": True, ...} or dict(fastmath=True, ...)
  std::vector<std::pair<std::string, const ast::Expr *>> items;
  if (auto *d = dyn_cast<ast::Dict>(&options)) {
    for (size_t k = 0; k < d->keys.size(); ++k) {
      auto *key = dyn_cast<ast::StringLiteral>(d->keys[k].get());
      if (!key)
        throw CompileError(d->keys[k]->getLoc(), "jit_options= takes a dict of option names "
                                                 "(strings) and constant values");
      items.emplace_back(key->value, d->values[k].get());
    }
  } else if (auto *c = dyn_cast<ast::Call>(&options);
             c && isa<ast::Name>(*c->func) && cast<ast::Name>(*c->func).id == "dict" &&
             c->args.empty()) {
    for (auto &kw : c->keywords)
      items.emplace_back(kw.name, kw.value.get());
  } else {
    throw CompileError(options.getLoc(), "jit_options= takes a dict such as {\"fastmath\": True}");
  }
  JitOptions out;
  for (auto &[name, value] : items) {
    auto *flag = dyn_cast<ast::BoolLiteral>(value);
    auto *text = dyn_cast<ast::StringLiteral>(value);
    if (name == "fastmath" || name == "boundscheck" || name == "debug") {
      if (!flag)
        throw CompileError(value->getLoc(), fmt::format("jit option {} must be True or False", name));
      (name == "fastmath" ? out.fastmath : name == "boundscheck" ? out.boundscheck : out.debug) =
          flag->value;
    } else if (name == "error_model") {
      if (!text || (text->value != "python" && text->value != "numpy"))
        throw CompileError(value->getLoc(), "error_model takes \"python\" or \"numpy\"");
      out.pythonErrorModel = text->value == "python";
    } else if (name == "cache" || name == "inline" || name == "forceinline" || name == "opt" ||
               name == "lineinfo" || name == "nopython" || name == "nogil" || name == "device" ||
               name == "no_cpython_wrapper" || name == "no_cfunc_wrapper") {
      // Options of numba's JIT without meaning for an ahead-of-time compile.
    } else {
      throw CompileError(value->getLoc(), fmt::format("unknown jit option '{}'", name));
    }
  }
  return out;
}

std::string ModuleScope::readOverloadOptions(const ast::Call &call, OverloadDecl &decl,
                                             bool method) const {
  decl.loc = call.getLoc();
  decl.scope = this;
  decl.source = &source_;
  std::string name;
  size_t positional = method ? 2 : 1;
  if (call.args.size() < positional)
    throw CompileError(call.getLoc(), method ? "overload_method() takes a type class and a "
                                               "method name"
                                             : "overload() takes the function to overload");
  if (call.args.size() > positional)
    throw CompileError(call.args[positional]->getLoc(),
                       "nvc reads overload()'s options as keywords (target=, jit_options=, "
                       "strict=, inline=, prefer_literal=)");
  if (method) {
    // overload_method(types.Array, "name"): the class is the last name.
    std::string cls = decoratorName(*call.args[0]);
    decl.methodClass = cls.substr(cls.rfind('.') + 1);
    auto *text = dyn_cast<ast::StringLiteral>(call.args[1].get());
    if (!text)
      throw CompileError(call.args[1]->getLoc(), "overload_method() takes the method name as "
                                                 "a string");
    name = text->value;
  } else {
    name = decoratorName(*call.args[0]); // f, or np.something (not a function of the file)
  }
  for (auto &kw : call.keywords) try {
    auto *flag = dyn_cast<ast::BoolLiteral>(kw.value.get());
    auto *text = dyn_cast<ast::StringLiteral>(kw.value.get());
    if (kw.name == "target") {
      if (!text)
        throw CompileError(kw.value->getLoc(), "target= takes a string such as \"cuda\", "
                                               "\"vulkan\" or \"generic\"");
      decl.target = text->value;
    } else if (kw.name == "strict" || kw.name == "prefer_literal") {
      if (!flag)
        throw CompileError(kw.value->getLoc(), fmt::format("{}= must be True or False", kw.name));
      (kw.name == "strict" ? decl.strict : decl.preferLiteral) = flag->value;
    } else if (kw.name == "jit_options") {
      decl.jitOptions = readJitOptions(*kw.value);
    } else if (kw.name == "inline" || kw.name == "no_unliteral") {
      // nvc inlines every device function; literals are nvc's own choice.
    } else {
      throw CompileError(kw.loc, fmt::format("unknown option '{}' of {}()", kw.name,
                                             method ? "overload_method" : "overload"));
    }
  } catch (CompileError &e) {
    if (!decl.error) {
      e.file = &source_;
      decl.error = e;
    }
  }
  return name;
}

bool ModuleScope::addOverloadDecorator(const ast::Expr &decorator, const ast::FunctionDef &def) {
  std::string api = extensionApiName(decorator);
  if (api.empty())
    return false;
  auto *call = dyn_cast<ast::Call>(&decorator);
  if (api == "numba.extending.overload" || api == "numba.extending.overload_method") {
    bool method = api == "numba.extending.overload_method";
    if (!call)
      throw CompileError(decorator.getLoc(), fmt::format("@{} needs its arguments ({})",
                                                         api.substr(16),
                                                         method ? "the type class and the "
                                                                  "method name"
                                                                : "the function to overload"));
    OverloadDecl decl;
    decl.def = &def;
    std::string name = readOverloadOptions(*call, decl, method);
    OverloadSet &set = (method ? methodOverloads_ : overloadSets_)[name];
    set.name = name;
    set.decls.push_back(std::move(decl));
    return true;
  }
  // numba's low-level API: nvc does not evaluate it, but says so where a
  // kernel uses what it defines.
  if (api == "numba.extending.intrinsic" || api == "numba.extending.generated_jit") {
    lowLevel_[def.name] = api.substr(16);
    return true;
  }
  if (call && !call->args.empty() &&
      (api == "numba.extending.lower_builtin" || api == "numba.extending.type_callable" ||
       api == "numba.extending.typeof_impl.register" || api == "numba.extending.lower_cast" ||
       api == "numba.extending.lower_getattr" || api == "numba.extending.lower_setattr" ||
       api == "numba.extending.register_model" || api == "numba.extending.infer_global")) {
    std::string target = decoratorName(*call->args[0]);
    if (!target.empty())
      lowLevel_[target] = api.substr(16);
    return true;
  }
  return api != "numba.extending.register_jitable"; // that one makes a device function
}

bool ModuleScope::addOverloadCall(const ast::Expr &expr) {
  // overload(f, ...)(ol_f), type_callable(f)(typer), lower_builtin(f, ...)(impl)
  auto *outer = dyn_cast<ast::Call>(&expr);
  auto *inner = outer ? dyn_cast<ast::Call>(outer->func.get()) : nullptr;
  if (!inner || outer->args.size() != 1 || !outer->keywords.empty())
    return false;
  std::string api = extensionApiName(*inner->func);
  if (api.empty())
    return false;
  if (api != "numba.extending.overload" && api != "numba.extending.overload_method") {
    if (!inner->args.empty()) {
      std::string target = decoratorName(*inner->args[0]);
      if (!target.empty())
        lowLevel_[target] = api.substr(16);
    }
    return true;
  }
  auto *fnName = dyn_cast<ast::Name>(outer->args[0].get());
  std::optional<PlainFunction> fn = fnName ? plainFunction(fnName->id) : std::nullopt;
  if (!fn)
    throw CompileError(outer->args[0]->getLoc(),
                       "overload(...)(f) takes a function defined in this file or imported "
                       "from a helper module");
  bool method = api == "numba.extending.overload_method";
  OverloadDecl decl;
  std::string name = readOverloadOptions(*inner, decl, method);
  decl.def = fn->def;
  decl.scope = fn->scope;
  decl.source = &fn->scope->source();
  OverloadSet &set = (method ? methodOverloads_ : overloadSets_)[name];
  set.name = name;
  set.decls.push_back(std::move(decl));
  return true;
}

void ModuleScope::addFunction(const ast::FunctionDef &def) {
  globals_[def.name] = {GlobalSymbol::Kind::UserFunction, def.name, Type::userFunction(def.name),
                        {}, def.getLoc()};
  // @overload(f), @overload_method(...), numba's low-level API: a typing
  // function or host code, a plain function to kernels.
  for (auto &d : def.decorators)
    if (addOverloadDecorator(*d, def)) {
      hostFunctions_.insert(def.name);
      plainDefs_[def.name] = &def;
      return;
    }
  const ast::Expr *decorator = nullptr;
  bool isKernel = false;
  bool numbaCudaSpelling = false;
  std::optional<UfuncDecl> ufunc;
  for (auto &d : def.decorators) {
    std::string name = decoratorName(*d);
    std::string head = name.substr(0, name.find('.'));
    const GlobalSymbol *sym = lookup(head);
    std::string module = sym && sym->kind == GlobalSymbol::Kind::Module ? sym->qualifiedName : "";
    std::string rest = name.find('.') == std::string::npos ? "" : name.substr(name.find('.') + 1);
    bool kernelDecorator = (module == "cuda" && rest == "jit") || (module == "nv" && rest == "jit") ||
                           (module == "numba" && rest == "cuda.jit");
    bool deviceDecorator = (module == "numba" && (rest == "njit" || rest == "jit")) ||
                           (sym && sym->kind == GlobalSymbol::Kind::Function &&
                            (sym->qualifiedName == "numba.njit" || sym->qualifiedName == "numba.jit"));
    if (sym && sym->kind == GlobalSymbol::Kind::Function && sym->qualifiedName == "cuda.jit")
      kernelDecorator = true;
    // numba's register_jitable: a plain function made callable from jitted
    // code, a device function to nvc.
    if (extensionApiName(*d) == "numba.extending.register_jitable")
      deviceDecorator = true;
    if (kernelDecorator || deviceDecorator) {
      decorator = d.get();
      isKernel = kernelDecorator;
      numbaCudaSpelling = kernelDecorator && module != "nv";
    }
    // Ufuncs: @vectorize, @guvectorize (numba's, numba.cuda's, numba_vulkan's)
    // and @cuda.reduce, as a module attribute or an imported name.
    std::string qualified = qualifiedName(*d);
    std::optional<UfuncDecl::Kind> ufuncKind;
    if (qualified == "numba.vectorize" || qualified == "cuda.vectorize" ||
        qualified == "nv.vectorize")
      ufuncKind = UfuncDecl::Kind::Vectorize;
    else if (qualified == "numba.guvectorize" || qualified == "cuda.guvectorize" ||
             qualified == "nv.guvectorize")
      ufuncKind = UfuncDecl::Kind::Guvectorize;
    else if (qualified == "cuda.reduce" || qualified == "cuda.Reduce")
      ufuncKind = UfuncDecl::Kind::CudaReduce;
    if (ufuncKind) {
      if (def.decorators.size() != 1)
        throw CompileError(d->getLoc(), "a ufunc decorator cannot be combined with other "
                                        "decorators");
      decorator = d.get();
      isKernel = false;
      // numba.cuda's spellings compile as numba-cuda does (exact 64-bit
      // integers); numba's and numba_vulkan's by their target= below.
      numbaCudaSpelling = qualified.rfind("cuda.", 0) == 0;
      ufunc = UfuncDecl{*ufuncKind, "", {}, "", d->getLoc()};
    }
    if (module == "nv" && rest == "chain") {
      if (def.decorators.size() != 1)
        throw CompileError(d->getLoc(), "@nv.chain cannot be combined with other decorators");
      if (isa<ast::Call>(d.get()))
        throw CompileError(d->getLoc(), "@nv.chain takes no options");
      return addChain(def);
    }
  }
  if (!decorator) {
    hostFunctions_.insert(def.name); // importable, not callable from kernels
    plainDefs_[def.name] = &def;
    return;
  }
  plainDefs_.erase(def.name);
  DecoratedFunction fn;
  fn.def = &def;
  fn.isKernel = isKernel;
  fn.numbaCudaSpelling = numbaCudaSpelling;
  fn.scope = this;
  fn.source = &source_;
  // Signatures may name the module's structured dtypes (`particle[:]`).
  TypeNameResolver recordNames = [this](const std::string &name) -> std::optional<Type> {
    const GlobalSymbol *sym = lookup(name);
    if (sym && sym->kind == GlobalSymbol::Kind::DType && sym->type.isRecord())
      return sym->type;
    return std::nullopt;
  };
  if (auto *call = dyn_cast<ast::Call>(decorator)) {
    std::function<void(const ast::Expr &)> addSignature = [&](const ast::Expr &e) {
      if (auto *n = dyn_cast<ast::Name>(&e); n && assignedExprs_.count(n->id)) {
        const ast::Expr &value = *assignedExprs_.at(n->id); // @cuda.jit(sig)
        if (auto *list = dyn_cast<ast::List>(&value))
          for (auto &item : list->elts)
            addSignature(*item);
        else
          addSignature(value);
        return;
      }
      if (auto *s = dyn_cast<ast::StringLiteral>(&e))
        fn.signatures.push_back(parseSignatureString(s->value, s->getLoc(), recordNames));
      else if (isa<ast::Call>(&e) || isa<ast::Tuple>(&e))
        fn.signatures.push_back(signatureFromExpr(e, recordNames)); // void(float32[:]), numba's spelling
      else
        throw CompileError(e.getLoc(), "a signature must be a string such as "
                                       "\"void(float32, float32[:])\", a type expression "
                                       "such as void(float32[:]), or a list of them");
    };
    std::vector<const ast::Expr *> signatureArgs;
    for (auto &arg : call->args)
      signatureArgs.push_back(arg.get());
    if (ufunc && ufunc->kind == UfuncDecl::Kind::Guvectorize) {
      // guvectorize(signatures, layout): the layout is the last positional.
      const ast::Expr *layout = signatureArgs.empty() ? nullptr : signatureArgs.back();
      auto *str = layout ? dyn_cast<ast::StringLiteral>(layout) : nullptr;
      if (!str)
        throw CompileError(call->getLoc(), "@guvectorize needs its layout, a string such as "
                                           "\"(n),(n)->()\", after the signatures");
      ufunc->layout = str->value;
      ufunc->layoutLoc = str->getLoc();
      signatureArgs.pop_back();
    }
    if (ufunc && ufunc->kind == UfuncDecl::Kind::CudaReduce)
      throw CompileError(call->getLoc(), "@cuda.reduce takes no arguments (its types come "
                                         "from --sig NAME=SIGNATURE, or are every integer "
                                         "and float type)");
    try {
      for (const ast::Expr *arg : signatureArgs) {
        if (auto *list = dyn_cast<ast::List>(arg))
          for (auto &e : list->elts)
            addSignature(*e);
        else
          addSignature(*arg);
      }
    } catch (CompileError &e) {
      fn.signatures.clear();
      fn.signatureError = e;
    }
    for (auto &kw : call->keywords) {
      if (ufunc && kw.name == "target") {
        auto *str = dyn_cast<ast::StringLiteral>(kw.value.get());
        if (!str || (str->value != "cuda" && str->value != "vulkan"))
          throw CompileError(kw.value->getLoc(),
                             "nvc compiles ufuncs for the GPU: target= takes \"cuda\" or "
                             "\"vulkan\"");
        // target="cuda" compiles as numba-cuda would (exact 64-bit
        // integers), target="vulkan" as numba-vulkan (32-bit).
        fn.numbaCudaSpelling = str->value == "cuda";
        continue;
      }
      if (ufunc && kw.name == "identity") {
        const ast::Expr &v = *kw.value;
        std::optional<ConstValue> c = evaluate(v);
        if (auto *str = dyn_cast<ast::StringLiteral>(&v); str && str->value == "reorderable")
          ufunc->identity = "\"reorderable\"";
        else if (isa<ast::NoneLiteral>(&v))
          ufunc->identity.clear();
        else if (c && (c->type.isInteger() || c->type.isBoolean()))
          ufunc->identity = std::to_string(c->i);
        else if (c && c->type.isFloat() && std::isfinite(c->f))
          ufunc->identity = fmt::format("{}", c->f);
        else
          throw CompileError(v.getLoc(), "identity= takes a number, \"reorderable\" or None");
        continue;
      }
      if (ufunc && (kw.name == "nopython" || kw.name == "writable_args"))
        continue; // numba's CPU options, no meaning on the GPU
      if (kw.name == "device") {
        auto *b = dyn_cast<ast::BoolLiteral>(kw.value.get());
        if (!b)
          throw CompileError(kw.value->getLoc(), "device= must be True or False");
        if (b->value)
          fn.isKernel = false;
      } else if (kw.name == "narrow") {
        PrecisionPolicy p;
        if (auto *b = dyn_cast<ast::BoolLiteral>(kw.value.get())) {
          p.intWidth = b->value ? IntWidth::Narrow32 : IntWidth::Exact64;
          p.wideIndices = !b->value;
          p.narrowFloats = b->value;
        } else if (auto *str = dyn_cast<ast::StringLiteral>(kw.value.get());
                   str && str->value == "floats") {
          p.intWidth = IntWidth::Exact64;
          p.wideIndices = true;
          p.narrowFloats = true;
        } else {
          throw CompileError(kw.value->getLoc(),
                             "narrow= takes True, \"floats\" or False");
        }
        fn.precision = p;
      } else if (kw.name == "fastmath") {
        // Numba's fastmath=True: nvc reads it as permission to contract
        // float multiply-adds into FMAs (docs/optimisation.md).
        auto *b = dyn_cast<ast::BoolLiteral>(kw.value.get());
        if (!b)
          throw CompileError(kw.value->getLoc(), "fastmath= must be True or False");
        fn.fastmath = b->value;
      } else if (kw.name == "coarsen") {
        // nvc's thread coarsening factor (docs/optimisation.md): outputs of
        // a 1-D grid per invocation; 1 disables it.
        auto *n = dyn_cast<ast::IntLiteral>(kw.value.get());
        if (!n || n->value < 1 || n->value > kMaxCoarsenFactor)
          throw CompileError(kw.value->getLoc(),
                             fmt::format("coarsen= takes an integer from 1 to {}",
                                         kMaxCoarsenFactor));
        fn.coarsen = static_cast<unsigned>(n->value);
      } else if (kw.name == "local_size") {
        // nvc's option: the workgroup size the kernel is written for (the
        // manifest's default; the launch may still choose another).
        fn.localSize = workgroupSizeOption(kw);
      } else if (kw.name == "debug" || kw.name == "boundscheck") {
        auto *b = dyn_cast<ast::BoolLiteral>(kw.value.get());
        if (!b)
          throw CompileError(kw.value->getLoc(), fmt::format("{}= must be True or False", kw.name));
        if (kw.name == "debug")
          fn.debug = b->value;
        else
          fn.boundscheck = b->value;
      } else if (kw.name == "cache" || kw.name == "lineinfo" ||
                 kw.name == "opt" || kw.name == "inline" || kw.name == "max_registers" ||
                 kw.name == "shared_memory_carveout" || kw.name == "forceinline" ||
                 kw.name == "launch_bounds") {
        // Options of numba's JIT that have no meaning for an ahead-of-time compile.
      } else if (kw.name == "error_model") {
        // Numba's error_model: "python" raises ZeroDivisionError where
        // "numpy" (numba-cuda's default) gives 0 or inf/nan.
        auto *str = dyn_cast<ast::StringLiteral>(kw.value.get());
        if (!str || (str->value != "python" && str->value != "numpy"))
          throw CompileError(kw.value->getLoc(), "error_model= takes \"python\" or \"numpy\"");
        fn.pythonErrorModel = str->value == "python";
      } else {
        throw CompileError(kw.loc, fmt::format("unknown option '{}' of @jit", kw.name));
      }
    }
  }
  fn.ufunc = ufunc; // with the layout and identity= read above
  // Kernels and device functions take plain parameters: report the others
  // where the function is compiled (`--kernel` may leave it out).
  fn.paramError = unsupportedParameterKind(def, &source_);
  // Annotations give a signature when every parameter has one.
  bool annotated = !def.params.empty();
  for (auto &p : def.params)
    annotated = annotated && p.annotation;
  if (annotated && fn.signatures.empty()) {
    Signature sig;
    sig.loc = def.getLoc();
    for (auto &p : def.params)
      sig.params.push_back(typeFromExpr(*p.annotation, recordNames));
    if (def.returns)
      sig.result = typeFromExpr(*def.returns, recordNames);
    fn.signatures.push_back(sig);
  }
  for (auto &sig : fn.signatures)
    if (sig.params.size() != def.params.size())
      throw CompileError(sig.loc, fmt::format("signature has {} parameter types but '{}' has {} "
                                              "parameters",
                                              sig.params.size(), def.name, def.params.size()));
  // Python would let the second definition replace the first; for GPU code
  // that is almost always a mistake, and two entry points cannot share a name.
  for (auto &other : functions_)
    if (other.def->name == def.name)
      throw CompileError(def.getLoc(),
                         fmt::format("redefinition of '{}' (first defined at line {}); GPU "
                                     "functions of a file must have distinct names",
                                     def.name, other.def->getLoc().line));
  functions_.push_back(std::move(fn));
}

std::array<int32_t, 3> ModuleScope::workgroupSizeOption(const ast::Keyword &kw) const {
  const char *const usage = "local_size= takes an integer or a tuple of one to three integers "
                            "from 1 to 1024 (the workgroup size along x, y, z)";
  std::optional<ConstValue> v = evaluate(*kw.value);
  if (!v)
    throw CompileError(kw.value->getLoc(), usage);
  std::vector<ConstValue> parts = v->type.isTuple() ? v->elements : std::vector<ConstValue>{*v};
  if (parts.empty() || parts.size() > 3)
    throw CompileError(kw.value->getLoc(), usage);
  std::array<int32_t, 3> size = {1, 1, 1};
  for (size_t d = 0; d < parts.size(); ++d) {
    if (!parts[d].type.isInteger() || parts[d].i < 1 || parts[d].i > 1024)
      throw CompileError(kw.value->getLoc(), usage);
    size[d] = static_cast<int32_t>(parts[d].i);
  }
  return size;
}

/// Whether `a` and `b` are the same expression, as written (names, literals,
/// attributes, arithmetic, tuples and calls of them): a chain's launches
/// must use one launch configuration.
static bool sameExpression(const ast::Expr *a, const ast::Expr *b) {
  if (!a || !b || a->getKind() != b->getKind())
    return false;
  if (auto *n = dyn_cast<ast::Name>(a))
    return n->id == llvm::cast<ast::Name>(b)->id;
  if (auto *i = dyn_cast<ast::IntLiteral>(a))
    return i->text == llvm::cast<ast::IntLiteral>(b)->text;
  if (auto *at = dyn_cast<ast::Attribute>(a)) {
    auto *bt = llvm::cast<ast::Attribute>(b);
    return at->attr == bt->attr && sameExpression(at->value.get(), bt->value.get());
  }
  if (auto *s = dyn_cast<ast::Subscript>(a)) {
    auto *t = llvm::cast<ast::Subscript>(b);
    return sameExpression(s->value.get(), t->value.get()) &&
           sameExpression(s->index.get(), t->index.get());
  }
  if (auto *o = dyn_cast<ast::BinOp>(a)) {
    auto *p = llvm::cast<ast::BinOp>(b);
    return o->op == p->op && sameExpression(o->lhs.get(), p->lhs.get()) &&
           sameExpression(o->rhs.get(), p->rhs.get());
  }
  if (auto *u = dyn_cast<ast::UnaryOp>(a)) {
    auto *v = llvm::cast<ast::UnaryOp>(b);
    return u->op == v->op && sameExpression(u->operand.get(), v->operand.get());
  }
  auto sameList = [](const std::vector<ast::ExprPtr> &x, const std::vector<ast::ExprPtr> &y) {
    if (x.size() != y.size())
      return false;
    for (size_t k = 0; k < x.size(); ++k)
      if (!sameExpression(x[k].get(), y[k].get()))
        return false;
    return true;
  };
  if (auto *t = dyn_cast<ast::Tuple>(a))
    return sameList(t->elts, llvm::cast<ast::Tuple>(b)->elts);
  if (auto *c = dyn_cast<ast::Call>(a)) {
    auto *d = llvm::cast<ast::Call>(b);
    return c->keywords.empty() && d->keywords.empty() &&
           sameExpression(c->func.get(), d->func.get()) && sameList(c->args, d->args);
  }
  return false;
}

/// `@nv.chain def f(params): ...`: the body may hold only a docstring,
/// `name = cuda.device_array_like(param)` (an intermediate) and
/// `kernel[grid, block](args)` launches with one launch configuration whose
/// arguments are parameters or intermediates. Kernel names and types are
/// checked when the chain is generated (frontend/mlirgen/GenFunction.cpp, generateChain).
void ModuleScope::addChain(const ast::FunctionDef &def) {
  LaunchChain chain;
  chain.def = &def;
  std::set<std::string> params, intermediates;
  for (auto &p : def.params)
    params.insert(p.name);
  const ast::Expr *grid = nullptr;
  const char *shapeRule = "a launch chain may contain only 'name = cuda.device_array_like(param)' "
                          "and launches 'kernel[blocks, threads](args)'";
  for (size_t s = 0; s < def.body.size(); ++s) {
    const ast::Stmt *stmt = def.body[s].get();
    if (auto *e = dyn_cast<ast::ExprStmt>(stmt)) {
      if (s == 0 && isa<ast::StringLiteral>(e->value.get()))
        continue; // docstring
      auto *call = dyn_cast<ast::Call>(e->value.get());
      auto *sub = call ? dyn_cast<ast::Subscript>(call->func.get()) : nullptr;
      auto *kernel = sub ? dyn_cast<ast::Name>(sub->value.get()) : nullptr;
      auto *config = sub ? dyn_cast<ast::Tuple>(sub->index.get()) : nullptr;
      if (!kernel || !config || config->elts.size() != 2)
        throw CompileError(stmt->getLoc(), shapeRule);
      if (!call->keywords.empty())
        throw CompileError(call->keywords.front().loc,
                           "a launch of a chain takes positional arguments only");
      if (!grid)
        grid = sub->index.get();
      else if (!sameExpression(grid, sub->index.get()))
        throw CompileError(sub->index->getLoc(),
                           "every launch of a chain must use the same launch configuration "
                           "(the same [blocks, threads] expressions as its first launch)");
      LaunchChain::Launch launch;
      launch.kernel = kernel->id;
      launch.loc = call->getLoc();
      for (auto &arg : call->args) {
        auto *name = dyn_cast<ast::Name>(arg.get());
        if (!name || (!params.count(name->id) && !intermediates.count(name->id)))
          throw CompileError(arg->getLoc(), "an argument of a launch in a chain must be a "
                                            "parameter of the chain or an intermediate");
        launch.args.push_back(name->id);
        launch.argLocs.push_back(arg->getLoc());
      }
      chain.launches.push_back(std::move(launch));
      continue;
    }
    if (auto *assign = dyn_cast<ast::Assign>(stmt)) {
      auto *target = assign->targets.size() == 1 ? dyn_cast<ast::Name>(assign->targets[0].get())
                                                 : nullptr;
      auto *call = dyn_cast<ast::Call>(assign->value.get());
      auto *fn = call ? dyn_cast<ast::Attribute>(call->func.get()) : nullptr;
      auto *mod = fn ? dyn_cast<ast::Name>(fn->value.get()) : nullptr;
      const GlobalSymbol *sym = mod ? lookup(mod->id) : nullptr;
      bool arrayLike = sym && sym->kind == GlobalSymbol::Kind::Module &&
                       sym->qualifiedName == "cuda" && fn->attr == "device_array_like";
      if (!target || !arrayLike)
        throw CompileError(stmt->getLoc(), shapeRule);
      auto *like = call->args.size() == 1 && call->keywords.empty()
                       ? dyn_cast<ast::Name>(call->args[0].get())
                       : nullptr;
      if (!like || !params.count(like->id))
        throw CompileError(call->getLoc(),
                           "cuda.device_array_like in a chain takes one parameter of the chain");
      if (params.count(target->id) || !intermediates.insert(target->id).second)
        throw CompileError(target->getLoc(),
                           fmt::format("'{}' is already defined in this chain", target->id));
      chain.intermediates.push_back({target->id, like->id, target->getLoc()});
      continue;
    }
    throw CompileError(stmt->getLoc(), shapeRule);
  }
  if (chain.launches.empty())
    throw CompileError(def.getLoc(), "a launch chain must launch at least one kernel");
  for (auto &other : chains_)
    if (other.def->name == def.name)
      throw CompileError(def.getLoc(), fmt::format("redefinition of chain '{}'", def.name));
  chains_.push_back(std::move(chain));
}

std::optional<ConstValue> ModuleScope::evaluate(const ast::Expr &expr) const {
  auto intValue = [](int64_t v) {
    ConstValue c;
    c.type = Type::integer(64);
    c.i = v;
    return c;
  };
  auto floatValue = [](double v, unsigned bits = 64) {
    ConstValue c;
    c.type = Type::floating(bits);
    c.f = roundToFloatWidth(v, bits);
    return c;
  };
  if (auto *lit = dyn_cast<ast::IntLiteral>(&expr)) {
    if (!lit->fitsUInt64 || lit->value > static_cast<uint64_t>(INT64_MAX))
      return std::nullopt;
    return intValue(static_cast<int64_t>(lit->value));
  }
  if (auto *lit = dyn_cast<ast::FloatLiteral>(&expr))
    return floatValue(lit->value);
  if (auto *lit = dyn_cast<ast::BoolLiteral>(&expr)) {
    ConstValue c;
    c.type = Type::boolean();
    c.i = lit->value;
    return c;
  }
  if (auto *name = dyn_cast<ast::Name>(&expr)) {
    const GlobalSymbol *sym = lookup(name->id);
    if (sym && sym->kind == GlobalSymbol::Kind::Constant)
      return sym->value;
    return std::nullopt;
  }
  if (auto *attr = dyn_cast<ast::Attribute>(&expr)) {
    auto *base = dyn_cast<ast::Name>(attr->value.get());
    const GlobalSymbol *sym = base ? lookup(base->id) : nullptr;
    if (!sym || sym->kind != GlobalSymbol::Kind::Module)
      return std::nullopt;
    if (sym->qualifiedName == "math" || sym->qualifiedName == "np" ||
        sym->qualifiedName == "cmath")
      return mathConstant(attr->attr);
    return std::nullopt;
  }
  if (auto *un = dyn_cast<ast::UnaryOp>(&expr)) {
    auto v = evaluate(*un->operand);
    if (!v || !v->type.isNumber())
      return std::nullopt;
    if (un->op == ast::UnaryOpKind::USub) {
      if (v->type.isFloat())
        return floatValue(-v->f, v->type.bits());
      return intValue(-v->i);
    }
    if (un->op == ast::UnaryOpKind::UAdd)
      return v;
    return std::nullopt;
  }
  if (auto *bin = dyn_cast<ast::BinOp>(&expr)) {
    auto a = evaluate(*bin->lhs), b = evaluate(*bin->rhs);
    if (!a || !b || !a->type.isNumber() || !b->type.isNumber())
      return std::nullopt;
    bool isFloat = a->type.isFloat() || b->type.isFloat() || bin->op == ast::BinOpKind::Div;
    if (isFloat) {
      // int / int is float64; otherwise the floats' unified width.
      Type t = !a->type.isFloat() && !b->type.isFloat() ? Type::floating(64)
                                                         : unifyTypes(a->type, b->type);
      double x = a->asDouble(), y = b->asDouble(), r;
      switch (bin->op) {
      case ast::BinOpKind::Add: r = x + y; break;
      case ast::BinOpKind::Sub: r = x - y; break;
      case ast::BinOpKind::Mult: r = x * y; break;
      case ast::BinOpKind::Div: if (y == 0) return std::nullopt; r = x / y; break;
      case ast::BinOpKind::Pow: r = std::pow(x, y); break;
      default: return std::nullopt;
      }
      return floatValue(r, t.bits());
    }
    int64_t x = a->i, y = b->i, r;
    switch (bin->op) {
    case ast::BinOpKind::Add: r = x + y; break;
    case ast::BinOpKind::Sub: r = x - y; break;
    case ast::BinOpKind::Mult: r = x * y; break;
    case ast::BinOpKind::FloorDiv:
      if (y == 0) return std::nullopt;
      r = x / y - ((x % y != 0) && ((x < 0) != (y < 0)));
      break;
    case ast::BinOpKind::Mod:
      if (y == 0) return std::nullopt;
      r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      break;
    case ast::BinOpKind::Pow: {
      if (y < 0) return std::nullopt;
      r = 1;
      for (int64_t k = 0; k < y && k < 64; ++k) r *= x;
      break;
    }
    case ast::BinOpKind::LShift: if (y < 0 || y > 63) return std::nullopt; r = x << y; break;
    case ast::BinOpKind::RShift: if (y < 0 || y > 63) return std::nullopt; r = x >> y; break;
    case ast::BinOpKind::BitAnd: r = x & y; break;
    case ast::BinOpKind::BitOr: r = x | y; break;
    case ast::BinOpKind::BitXor: r = x ^ y; break;
    default: return std::nullopt;
    }
    return intValue(r);
  }
  if (auto *sub = dyn_cast<ast::Subscript>(&expr))
    return evaluateSubscript(*sub);
  if (auto *tuple = dyn_cast<ast::Tuple>(&expr)) {
    ConstValue c;
    std::vector<Type> types;
    for (auto &e : tuple->elts) {
      auto v = evaluate(*e);
      if (!v)
        return std::nullopt;
      types.push_back(v->type);
      c.elements.push_back(*v);
    }
    c.type = Type::tuple(types);
    return c;
  }
  if (auto *call = dyn_cast<ast::Call>(&expr)) {
    if (auto *attr = dyn_cast<ast::Attribute>(call->func.get())) {
      auto *base = dyn_cast<ast::Name>(attr->value.get());
      const GlobalSymbol *sym = base ? lookup(base->id) : nullptr;
      if (sym && sym->kind == GlobalSymbol::Kind::Module && sym->qualifiedName == "np" &&
          (attr->attr == "array" || attr->attr == "arange" || attr->attr == "linspace"))
        return evaluateArray(*call, attr->attr);
      // cuda.to_device(<a frozen array>): a device array kernels capture
      // (numba-cuda passes its pointer); frozen with its values like any
      // global array, read-only in kernels.
      if (sym && sym->kind == GlobalSymbol::Kind::Module && sym->qualifiedName == "cuda" &&
          attr->attr == "to_device" && call->args.size() == 1 && call->keywords.empty()) {
        auto v = evaluate(*call->args[0]);
        if (v && v->type.isArray())
          return v;
        return std::nullopt;
      }
    }
    // np.float32(0.5), float32(2), int(3), float(1): typed constants.
    if (call->args.size() != 1 || !call->keywords.empty())
      return std::nullopt;
    std::optional<Type> target;
    if (auto *attr = dyn_cast<ast::Attribute>(call->func.get())) {
      auto *base = dyn_cast<ast::Name>(attr->value.get());
      const GlobalSymbol *sym = base ? lookup(base->id) : nullptr;
      if (sym && sym->kind == GlobalSymbol::Kind::Module &&
          (sym->qualifiedName == "np" || sym->qualifiedName == "numba" ||
           sym->qualifiedName == "numba.types" || sym->qualifiedName == "cuda"))
        target = scalarTypeFromName(attr->attr);
    } else if (auto *name = dyn_cast<ast::Name>(call->func.get())) {
      const GlobalSymbol *sym = lookup(name->id);
      if (sym && sym->kind == GlobalSymbol::Kind::DType)
        target = sym->type;
      else if (!sym && name->id == "int")
        target = Type::integer(64);
      else if (!sym && name->id == "float")
        target = Type::floating(64);
    }
    if (!target)
      return std::nullopt;
    // np.float64([1.0, 0.0, ...]): an array of that dtype, as np.array(...,
    // dtype=np.float64) (numba-cuda's tests write their inputs so).
    if ((isa<ast::List>(*call->args[0]) || isa<ast::Tuple>(*call->args[0])) &&
        target->isNumber())
      return evaluateArray(*call, "array", *target);
    // float("inf"), np.float64("nan"), float("1e-3"): Python's float() of a
    // string (strtod reads the same spellings, case-insensitively).
    if (auto *str = dyn_cast<ast::StringLiteral>(call->args[0].get()); str && target->isFloat()) {
      std::string text = str->value;
      text.erase(0, text.find_first_not_of(" \t\n"));
      text.erase(text.find_last_not_of(" \t\n") + 1);
      char *end = nullptr;
      double d = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size() ||
          text.find_first_of("xXpP") != std::string::npos) // strtod's hexadecimal floats
        return std::nullopt;
      return floatValue(d, target->bits());
    }
    // np.int64(np.timedelta64("3600", "s")) (003_…txt's sessionize): the
    // count of the timedelta's unit, as NumPy converts it.
    if (auto *td = dyn_cast<ast::Call>(call->args[0].get()); td && target->isInteger()) {
      auto *f = dyn_cast<ast::Attribute>(td->func.get());
      auto *fbase = f ? dyn_cast<ast::Name>(f->value.get()) : nullptr;
      const GlobalSymbol *fsym = fbase ? lookup(fbase->id) : nullptr;
      if (fsym && fsym->kind == GlobalSymbol::Kind::Module && fsym->qualifiedName == "np" &&
          (f->attr == "timedelta64" || f->attr == "datetime64") && td->keywords.empty() &&
          (td->args.size() == 1 || td->args.size() == 2)) {
        std::optional<int64_t> count;
        if (auto *text = dyn_cast<ast::StringLiteral>(td->args[0].get())) {
          char *end = nullptr;
          long long n = std::strtoll(text->value.c_str(), &end, 10);
          if (!text->value.empty() && end == text->value.c_str() + text->value.size())
            count = n;
        } else if (auto n = evaluate(*td->args[0]); n && n->type.isInteger()) {
          count = n->i;
        }
        if (!count || (td->args.size() == 2 && !isa<ast::StringLiteral>(*td->args[1])))
          return std::nullopt;
        ConstValue c;
        c.type = *target;
        c.i = *count;
        return c;
      }
    }
    auto v = evaluate(*call->args[0]);
    if (!v || !v->type.isNumber())
      return std::nullopt;
    ConstValue c;
    c.type = *target;
    if (target->isFloat())
      return floatValue(v->asDouble(), target->bits());
    if (target->isBoolean()) {
      c.i = v->asDouble() != 0;
      return c;
    }
    c.i = v->type.isFloat() ? static_cast<int64_t>(v->f) : v->i;
    return c;
  }
  return std::nullopt;
}

} // namespace nvc

namespace nvc {

std::optional<std::string> ModuleScope::exceptionClass(const std::string &name) const {
  // Python's builtin exception classes a kernel may raise or derive from.
  static const std::set<std::string> kBuiltinExceptions = {
      "BaseException",  "Exception",         "ArithmeticError",   "AssertionError",
      "AttributeError", "BufferError",       "EOFError",          "FloatingPointError",
      "IndexError",     "KeyError",          "LookupError",       "MemoryError",
      "NameError",      "NotImplementedError", "OSError",         "OverflowError",
      "RecursionError", "ReferenceError",    "RuntimeError",      "StopIteration",
      "SystemError",    "TypeError",         "UnboundLocalError", "UnicodeError",
      "ValueError",     "ZeroDivisionError"};
  std::set<std::string> seen; // a class cycle (`class A(B)`, `class B(A)`) is no exception class
  std::string current = name;
  while (seen.insert(current).second) {
    auto it = classes_.find(current);
    if (it == classes_.end()) {
      if (kBuiltinExceptions.count(current) && !globals_.count(current))
        return name;
      return std::nullopt;
    }
    // A class counts when one of its bases does; only the first base that
    // leads somewhere is followed (multiple inheritance of exceptions is
    // rare, and any exception base suffices).
    std::optional<std::string> next;
    for (const std::string &base : it->second)
      if (!base.empty() && (classes_.count(base) || kBuiltinExceptions.count(base))) {
        next = base;
        break;
      }
    if (!next)
      return std::nullopt;
    current = *next;
  }
  return std::nullopt;
}

} // namespace nvc
