//===- Overloads.cpp - numba's @overload, evaluated when a call is typed --===//
//
// Three parts (Overloads.h says what they are for):
//  - Value and Frame: the values of the Python that typing functions are
//    written in, with Numba's type objects (an nvc Type, with its literal
//    value for numba's literal types) and type classes among them;
//  - Evaluator: an interpreter of a function body over those values;
//  - OverloadResolver: numba-cuda's choice among a function's overloads,
//    the check of strict=True (numba's _validate_sigs, with its messages),
//    and the device functions made of the implementations (a closure's free
//    names bound in a scope of its own, ModuleScope::withNames).
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Overloads.h"

#include "frontend/sema/Builtins.h"
#include "frontend/sema/MathBuiltins.h"
#include "frontend/sema/TypeRules.h"
#include "frontend/syntax/CloneAST.h"
#include "frontend/syntax/Parser.h"

#include <fmt/format.h>
#include <llvm/Support/Casting.h>

#include <algorithm>
#include <iterator>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>
#include <variant>

namespace nvc {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

struct Frame;
struct Value;

/// A Python function: a `def` or a lambda, with the frame it closes over
/// (null for a module-level function), or a function kernels know as is (a
/// GPU function of a module, a builtin such as math.sin).
struct FunctionValue {
  const ast::FunctionDef *def = nullptr;
  const ast::Lambda *lambda = nullptr;
  std::shared_ptr<Frame> env;
  const ModuleScope *scope = nullptr;
  /// The defaults of a nested def's parameters, evaluated where it is
  /// defined (null where a parameter has none); empty for module-level
  /// functions, whose defaults are evaluated when needed.
  std::vector<std::shared_ptr<const Value>> defaults;
  const DecoratedFunction *decorated = nullptr;
  std::string builtin; ///< a kernel builtin's qualified name ("math.sin")
  std::string name() const {
    if (def)
      return def->name;
    if (lambda)
      return "<lambda>";
    if (decorated)
      return decorated->def->name;
    return builtin;
  }
  const std::vector<ast::Param> *params() const {
    return def ? &def->params : lambda ? &lambda->params : nullptr;
  }
};

/// A value of the typing function's Python.
struct Value {
  enum class Kind {
    None,
    Bool,
    Int,
    Float,
    Str,
    Tuple,
    Dict,
    NType,     ///< a Numba type object: `type`, `literal` for literal types
    TypeClass, ///< a Numba type class (`types.Integer`): `s`
    PyClass,   ///< int, float, bool, str, tuple, dict, type, object: `s`
    Function,  ///< `fn`
    Module,    ///< `s`: the canonical module name
    ExcClass,  ///< an exception class: `s`
    Exception, ///< an exception instance: class `s`, arguments `items`
    Builtin,   ///< a builtin function of Python or numba.types: `s`
    Method,    ///< a method bound to `items[0]`: name `s`
    Opaque,    ///< something nvc knows but cannot compute with: `s` says what
  };
  Kind kind = Kind::None;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;
  std::vector<Value> items, keys;
  Type type; ///< NType's type; for Bool, Int and Float made by a type (`types.float32(0)`,
             ///< NumPy's typed scalars), that type (Unknown otherwise)
  std::optional<ConstValue> literal;
  std::shared_ptr<const FunctionValue> fn;

  static Value none() { return Value(); }
  static Value boolean(bool v) {
    Value x;
    x.kind = Kind::Bool;
    x.b = v;
    return x;
  }
  static Value integer(int64_t v) {
    Value x;
    x.kind = Kind::Int;
    x.i = v;
    return x;
  }
  static Value floating(double v) {
    Value x;
    x.kind = Kind::Float;
    x.f = v;
    return x;
  }
  static Value str(std::string v) {
    Value x;
    x.kind = Kind::Str;
    x.s = std::move(v);
    return x;
  }
  static Value tuple(std::vector<Value> v) {
    Value x;
    x.kind = Kind::Tuple;
    x.items = std::move(v);
    return x;
  }
  static Value ntype(Type t, std::optional<ConstValue> literal = std::nullopt) {
    Value x;
    x.kind = Kind::NType;
    x.type = std::move(t);
    x.literal = std::move(literal);
    return x;
  }
  static Value named(Kind k, std::string name) {
    Value x;
    x.kind = k;
    x.s = std::move(name);
    return x;
  }
  static Value function(FunctionValue f) {
    Value x;
    x.kind = Kind::Function;
    x.fn = std::make_shared<const FunctionValue>(std::move(f));
    return x;
  }
};

/// A function's local variables, and the frame of the function it is
/// nested in (closures read it).
struct Frame {
  std::map<std::string, Value> vars;
  std::shared_ptr<Frame> parent;
  const ModuleScope *scope = nullptr;
  const SourceFile *source = nullptr;
};

/// A Python exception raised by the typing function (or by an operation it
/// performs): a failure of the overload, as numba records it.
struct PyRaise {
  std::string cls;
  std::string message;
  ast::Location loc;
  const SourceFile *file = nullptr;
};

//===----------------------------------------------------------------------===//
// Numba's type classes
//===----------------------------------------------------------------------===//

/// numba.core.types classes nvc's types can be instances of.
const std::set<std::string> &knownTypeClasses() {
  static const std::set<std::string> names = {
      "Type", "Hashable", "Number", "Integer", "Float", "Complex", "Boolean", "Literal",
      "IntegerLiteral", "BooleanLiteral", "Array", "Buffer", "ArrayCompatible", "BaseTuple",
      "BaseAnonymousTuple", "UniTuple", "Tuple", "Sequence", "NoneType", "Record",
      "Dispatcher", "Function", "Callable", "NumberClass", "DTypeSpec", "IterableType"};
  return names;
}

/// numba.core.types classes no value of an nvc kernel has: isinstance() of
/// them is False.
const std::set<std::string> &absentTypeClasses() {
  static const std::set<std::string> names = {
      "Omitted", "Optional", "NPDatetime", "NPTimedelta", "UnicodeType", "StringLiteral",
      "CharSeq", "UnicodeCharSeq", "List", "ListType", "LiteralList", "DictType", "LiteralStrKeyDict",
      "Set", "EnumMember", "IntEnumMember", "EnumClass", "IntEnumClass", "RangeType",
      "RangeIteratorType", "Generator", "CPointer", "RawPointer", "VoidPtr", "MemInfoPointer",
      "SliceType", "SliceLiteral", "EllipsisType", "ExceptionClass", "ExceptionInstance",
      "Module", "NamedTuple", "NamedUniTuple", "BaseNamedTuple", "Bytes", "ByteArray",
      "MemoryView", "PyObject", "Undefined", "Poison", "UnicodeIteratorType", "ArrayIterator",
      "NumpyFlatType", "NumpyNdIterType", "NumpyNdEnumerateType", "NumpyNdIndexType",
      "ClassType", "ClassInstanceType", "Phantom", "ContextManager", "DeferredType", "TypeRef",
      "VarArg", "StarArgTuple", "StarArgUniTuple", "NestedArray", "Opaque", "Dummy",
      "EnumerateType", "ZipType", "Pair", "SimpleIterableType", "SimpleIteratorType",
      "IteratorType", "Container", "MutableSequence", "BaseFunction", "BoundFunction",
      "ObjModeDispatcher", "ExternalFunction", "ExternalFunctionPointer", "NumbaFunction",
      "WrapperAddressProtocol", "FunctionType", "UndefinedFunctionType", "TypeType",
      "PolymorphicStringLiteral", "DictItemsIterableType", "DictKeysIterableType",
      "DictValuesIterableType", "DictIteratorType", "ListTypeIterableType", "SetIter",
      "RecursiveCall", "Object", "InitialValue", "Arguments"};
  return names;
}

/// The names `e` reads.
void namesUsed(const ast::Expr *e, std::set<std::string> &out) {
  if (!e)
    return;
  switch (e->getKind()) {
  case ast::Expr::Kind::Name: out.insert(cast<ast::Name>(*e).id); return;
  case ast::Expr::Kind::Attribute: namesUsed(cast<ast::Attribute>(*e).value.get(), out); return;
  case ast::Expr::Kind::Subscript: {
    auto &x = cast<ast::Subscript>(*e);
    namesUsed(x.value.get(), out);
    namesUsed(x.index.get(), out);
    return;
  }
  case ast::Expr::Kind::Slice: {
    auto &x = cast<ast::Slice>(*e);
    namesUsed(x.lower.get(), out);
    namesUsed(x.upper.get(), out);
    namesUsed(x.step.get(), out);
    return;
  }
  case ast::Expr::Kind::Call: {
    auto &x = cast<ast::Call>(*e);
    namesUsed(x.func.get(), out);
    for (auto &a : x.args)
      namesUsed(a.get(), out);
    for (auto &k : x.keywords)
      namesUsed(k.value.get(), out);
    return;
  }
  case ast::Expr::Kind::BinOp:
    namesUsed(cast<ast::BinOp>(*e).lhs.get(), out);
    namesUsed(cast<ast::BinOp>(*e).rhs.get(), out);
    return;
  case ast::Expr::Kind::UnaryOp: namesUsed(cast<ast::UnaryOp>(*e).operand.get(), out); return;
  case ast::Expr::Kind::BoolOp:
    for (auto &v : cast<ast::BoolOp>(*e).values)
      namesUsed(v.get(), out);
    return;
  case ast::Expr::Kind::Compare: {
    auto &x = cast<ast::Compare>(*e);
    namesUsed(x.left.get(), out);
    for (auto &v : x.comparators)
      namesUsed(v.get(), out);
    return;
  }
  case ast::Expr::Kind::IfExp: {
    auto &x = cast<ast::IfExp>(*e);
    namesUsed(x.test.get(), out);
    namesUsed(x.body.get(), out);
    namesUsed(x.orelse.get(), out);
    return;
  }
  case ast::Expr::Kind::Tuple:
    for (auto &v : cast<ast::Tuple>(*e).elts)
      namesUsed(v.get(), out);
    return;
  case ast::Expr::Kind::List:
    for (auto &v : cast<ast::List>(*e).elts)
      namesUsed(v.get(), out);
    return;
  case ast::Expr::Kind::Dict:
    for (auto &v : cast<ast::Dict>(*e).keys)
      namesUsed(v.get(), out);
    for (auto &v : cast<ast::Dict>(*e).values)
      namesUsed(v.get(), out);
    return;
  case ast::Expr::Kind::Lambda: namesUsed(cast<ast::Lambda>(*e).body.get(), out); return;
  default: return;
  }
}

void namesAssigned(const ast::Expr *target, std::set<std::string> &out) {
  if (auto *n = dyn_cast<ast::Name>(target))
    out.insert(n->id);
  else if (auto *t = dyn_cast<ast::Tuple>(target))
    for (auto &e : t->elts)
      namesAssigned(e.get(), out);
  else if (auto *l = dyn_cast<ast::List>(target))
    for (auto &e : l->elts)
      namesAssigned(e.get(), out);
}

/// The names the statements of `b` read, and those they bind.
void namesOf(const ast::Block &b, std::set<std::string> &used, std::set<std::string> &bound) {
  for (auto &st : b) {
    const ast::Stmt *s = st.get();
    if (auto *x = dyn_cast<ast::ExprStmt>(s)) {
      namesUsed(x->value.get(), used);
    } else if (auto *x = dyn_cast<ast::Assign>(s)) {
      namesUsed(x->value.get(), used);
      for (auto &t : x->targets) {
        namesAssigned(t.get(), bound);
        if (!isa<ast::Name>(*t))
          namesUsed(t.get(), used);
      }
    } else if (auto *x = dyn_cast<ast::AugAssign>(s)) {
      namesUsed(x->target.get(), used);
      namesUsed(x->value.get(), used);
      namesAssigned(x->target.get(), bound);
    } else if (auto *x = dyn_cast<ast::AnnAssign>(s)) {
      namesUsed(x->value.get(), used);
      namesAssigned(x->target.get(), bound);
    } else if (auto *x = dyn_cast<ast::If>(s)) {
      namesUsed(x->test.get(), used);
      namesOf(x->body, used, bound);
      namesOf(x->orelse, used, bound);
    } else if (auto *x = dyn_cast<ast::While>(s)) {
      namesUsed(x->test.get(), used);
      namesOf(x->body, used, bound);
      namesOf(x->orelse, used, bound);
    } else if (auto *x = dyn_cast<ast::For>(s)) {
      namesUsed(x->iter.get(), used);
      namesAssigned(x->target.get(), bound);
      namesOf(x->body, used, bound);
      namesOf(x->orelse, used, bound);
    } else if (auto *x = dyn_cast<ast::UnrolledFor>(s)) {
      for (auto &copy : x->copies)
        namesOf(copy, used, bound);
      namesOf(x->orelse, used, bound);
    } else if (auto *x = dyn_cast<ast::Return>(s)) {
      namesUsed(x->value.get(), used);
    } else if (auto *x = dyn_cast<ast::Raise>(s)) {
      namesUsed(x->exc.get(), used);
    } else if (auto *x = dyn_cast<ast::Assert>(s)) {
      namesUsed(x->test.get(), used);
      namesUsed(x->msg.get(), used);
    } else if (auto *x = dyn_cast<ast::FunctionDef>(s)) {
      bound.insert(x->name);
      std::set<std::string> innerUsed, innerBound;
      namesOf(x->body, innerUsed, innerBound);
      for (auto &p : x->params)
        innerBound.insert(p.name);
      for (auto &n : innerUsed)
        if (!innerBound.count(n))
          used.insert(n);
    }
  }
}

/// The free names of a function (those its body reads but does not bind):
/// what a closure takes from the frames it is nested in.
std::set<std::string> freeNames(const ast::FunctionDef *def, const ast::Lambda *lambda) {
  std::set<std::string> used, bound;
  if (def) {
    namesOf(def->body, used, bound);
    for (auto &p : def->params)
      bound.insert(p.name);
  } else {
    namesUsed(lambda->body.get(), used);
    for (auto &p : lambda->params)
      bound.insert(p.name);
  }
  std::set<std::string> out;
  for (auto &n : used)
    if (!bound.count(n))
      out.insert(n);
  return out;
}

/// The values of `names` in the frames of `env`, innermost binding first.
std::map<std::string, const Value *> closureValues(const Frame *env,
                                                   const std::set<std::string> &names) {
  std::map<std::string, const Value *> out;
  for (const Frame *frame = env; frame; frame = frame->parent.get())
    for (const std::string &n : names)
      if (auto it = frame->vars.find(n); it != frame->vars.end())
        out.emplace(n, &it->second);
  return out;
}

std::string closureKey(const FunctionValue &f, std::set<const void *> &visiting);

/// A text that is the same for equal values (functions by their node and
/// what they close over).
std::string valueKey(const Value &v, std::set<const void *> &visiting) {
  std::string s = std::to_string(static_cast<int>(v.kind)) + ":";
  switch (v.kind) {
  case Value::Kind::Function:
    return s + closureKey(*v.fn, visiting);
  case Value::Kind::Tuple:
  case Value::Kind::Dict:
  case Value::Kind::Exception:
  case Value::Kind::Method:
    s += v.s + "(";
    for (const Value &k : v.keys)
      s += valueKey(k, visiting) + ",";
    s += "|";
    for (const Value &i : v.items)
      s += valueKey(i, visiting) + ",";
    return s + ")";
  case Value::Kind::NType:
    s += v.type.str();
    if (v.literal)
      s += fmt::format("[{}]", v.literal->i);
    return s;
  case Value::Kind::Float:
    return s + v.type.str() + fmt::format("{:a}", v.f);
  case Value::Kind::Int:
    return s + v.type.str() + std::to_string(v.i);
  case Value::Kind::Bool:
    return s + (v.b ? "1" : "0");
  default:
    return s + v.s;
  }
}

std::string closureKey(const FunctionValue &f, std::set<const void *> &visiting) {
  const void *node = f.def ? static_cast<const void *>(f.def) : f.lambda;
  std::string s = fmt::format("{}/{}/{}", node, static_cast<const void *>(f.decorated), f.builtin);
  if (!f.env || !node)
    return s;
  if (!visiting.insert(node).second)
    return s + "<recursive>";
  s += "{";
  for (auto &[name, v] : closureValues(f.env.get(), freeNames(f.def, f.lambda)))
    s += name + "=" + valueKey(*v, visiting) + ";";
  visiting.erase(node);
  return s + "}";
}


bool isUniTuple(const Type &t) {
  return t.isTuple() && !t.elements().empty() &&
         std::all_of(t.elements().begin(), t.elements().end(),
                     [&](const Type &e) { return e == t.elements().front(); });
}

/// Whether Numba type `t` (a literal one when `literal`) is an instance of
/// type class `cls`.
bool classMatches(const Type &t, bool literal, const std::string &cls) {
  if (cls == "Type")
    return true;
  if (cls == "Hashable")
    return t.isScalar() || t.isTuple() || t.kind() == Type::Kind::None;
  if (cls == "Number")
    return t.isInteger() || t.isFloat() || t.isComplex();
  if (cls == "Integer")
    return t.isInteger();
  if (cls == "Float")
    return t.isFloat();
  if (cls == "Complex")
    return t.isComplex();
  if (cls == "Boolean")
    return t.isBoolean();
  if (cls == "Literal")
    return literal;
  if (cls == "IntegerLiteral")
    return literal && t.isInteger();
  if (cls == "BooleanLiteral")
    return literal && t.isBoolean();
  if (cls == "Array" || cls == "Buffer" || cls == "ArrayCompatible")
    return t.isArray();
  if (cls == "IterableType")
    return t.isArray() || t.isTuple();
  if (cls == "BaseTuple" || cls == "BaseAnonymousTuple")
    return t.isTuple();
  if (cls == "UniTuple" || cls == "Sequence")
    return isUniTuple(t);
  if (cls == "Tuple")
    return t.isTuple() && !isUniTuple(t);
  if (cls == "NoneType")
    return t.kind() == Type::Kind::None;
  if (cls == "Record")
    return t.isRecord();
  if (cls == "Dispatcher")
    return t.kind() == Type::Kind::UserFunction;
  if (cls == "Function")
    return t.kind() == Type::Kind::Function;
  if (cls == "Callable")
    return isCompileTimeValue(t);
  if (cls == "NumberClass" || cls == "DTypeSpec")
    return t.kind() == Type::Kind::DType;
  return false;
}


std::string typeStr(const Type &t, const std::optional<ConstValue> &literal) {
  if (literal) {
    if (t.isBoolean())
      return fmt::format("Literal[bool]({})", literal->i ? "True" : "False");
    return fmt::format("Literal[int]({})", literal->i);
  }
  if (t.kind() == Type::Kind::DType)
    return fmt::format("class({})", t.element().str());
  return t.str();
}

std::string repr(const Value &v);

/// Python's str() of a value.
std::string str(const Value &v) {
  switch (v.kind) {
  case Value::Kind::None: return "None";
  case Value::Kind::Bool: return v.b ? "True" : "False";
  case Value::Kind::Int: return std::to_string(v.i);
  case Value::Kind::Float: return floatRepr(v.f);
  case Value::Kind::Str: return v.s;
  case Value::Kind::Tuple: {
    std::string s = "(";
    for (size_t k = 0; k < v.items.size(); ++k)
      s += (k ? ", " : "") + repr(v.items[k]);
    return s + (v.items.size() == 1 ? ",)" : ")");
  }
  case Value::Kind::Dict: {
    std::string s = "{";
    for (size_t k = 0; k < v.keys.size(); ++k)
      s += (k ? ", " : "") + repr(v.keys[k]) + ": " + repr(v.items[k]);
    return s + "}";
  }
  case Value::Kind::NType: return typeStr(v.type, v.literal);
  case Value::Kind::TypeClass: return fmt::format("<class 'numba.core.types.{}'>", v.s);
  case Value::Kind::PyClass: return fmt::format("<class '{}'>", v.s);
  case Value::Kind::Function: return fmt::format("<function {}>", v.fn->name());
  case Value::Kind::Module: return fmt::format("<module '{}'>", v.s);
  case Value::Kind::ExcClass: return fmt::format("<class '{}'>", v.s);
  case Value::Kind::Exception:
    if (v.items.empty())
      return "";
    if (v.items.size() == 1)
      return str(v.items[0]);
    return str(Value::tuple(v.items));
  case Value::Kind::Builtin: return fmt::format("<built-in function {}>", v.s);
  case Value::Kind::Method: return fmt::format("<built-in method {}>", v.s);
  case Value::Kind::Opaque: return v.s;
  }
  return "";
}

/// Python's repr() of a value.
std::string repr(const Value &v) {
  if (v.kind == Value::Kind::Str) {
    std::string s = "'";
    for (char c : v.s) {
      if (c == '\'' || c == '\\')
        s += '\\';
      if (c == '\n') {
        s += "\\n";
        continue;
      }
      s += c;
    }
    return s + "'";
  }
  if (v.kind == Value::Kind::Exception)
    return fmt::format("{}({})", v.s,
                       v.items.size() == 1 ? repr(v.items[0]) : [&] {
                         std::string s;
                         for (size_t k = 0; k < v.items.size(); ++k)
                           s += (k ? ", " : "") + repr(v.items[k]);
                         return s;
                       }());
  return str(v);
}

/// A short description of a value for messages ("a Numba type
/// (array(float32, 1d, C))", "the string 'x'").
std::string describe(const Value &v) {
  switch (v.kind) {
  case Value::Kind::None: return "None";
  case Value::Kind::NType: return fmt::format("the Numba type {}", str(v));
  case Value::Kind::TypeClass: return fmt::format("the Numba type class types.{}", v.s);
  case Value::Kind::Dict: return "a dict";
  case Value::Kind::Module: return fmt::format("the module {}", v.s);
  case Value::Kind::ExcClass: return fmt::format("the exception class {}", v.s);
  case Value::Kind::Exception: return fmt::format("an exception ({})", repr(v));
  case Value::Kind::Str: return fmt::format("the string {}", repr(v));
  default: return repr(v);
  }
}

bool truthy(const Value &v) {
  switch (v.kind) {
  case Value::Kind::None: return false;
  case Value::Kind::Bool: return v.b;
  case Value::Kind::Int: return v.i != 0;
  case Value::Kind::Float: return v.f != 0;
  case Value::Kind::Str: return !v.s.empty();
  case Value::Kind::Tuple:
  case Value::Kind::Dict: return !v.items.empty();
  default: return true;
  }
}

bool isNumeric(const Value &v) {
  return v.kind == Value::Kind::Bool || v.kind == Value::Kind::Int || v.kind == Value::Kind::Float;
}
double asDouble(const Value &v) {
  return v.kind == Value::Kind::Float ? v.f : v.kind == Value::Kind::Bool ? v.b : static_cast<double>(v.i);
}
int64_t asInt(const Value &v) { return v.kind == Value::Kind::Bool ? v.b : v.i; }

/// Python's int() of a float: its integer part; nothing for NaN, the
/// infinities and values beyond int64.
std::optional<int64_t> floatToInt(double f) {
  if (!std::isfinite(f) || f >= 9223372036854775808.0 || f < -9223372036854775808.0)
    return std::nullopt;
  return static_cast<int64_t>(f);
}

bool equal(const Value &a, const Value &b) {
  if (isNumeric(a) && isNumeric(b)) {
    if (a.kind == Value::Kind::Float || b.kind == Value::Kind::Float)
      return asDouble(a) == asDouble(b);
    return asInt(a) == asInt(b);
  }
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Value::Kind::None: return true;
  case Value::Kind::Str:
  case Value::Kind::TypeClass:
  case Value::Kind::PyClass:
  case Value::Kind::Module:
  case Value::Kind::ExcClass:
  case Value::Kind::Builtin: return a.s == b.s;
  case Value::Kind::Tuple:
  case Value::Kind::Dict:
    if (a.items.size() != b.items.size() || a.keys.size() != b.keys.size())
      return false;
    for (size_t k = 0; k < a.items.size(); ++k)
      if (!equal(a.items[k], b.items[k]))
        return false;
    for (size_t k = 0; k < a.keys.size(); ++k)
      if (!equal(a.keys[k], b.keys[k]))
        return false;
    return true;
  case Value::Kind::NType:
    if (!(a.type == b.type) || a.literal.has_value() != b.literal.has_value())
      return false;
    return !a.literal || a.literal->i == b.literal->i;
  case Value::Kind::Function:
    return a.fn->def == b.fn->def && a.fn->lambda == b.fn->lambda && a.fn->env == b.fn->env &&
           a.fn->decorated == b.fn->decorated && a.fn->builtin == b.fn->builtin;
  default: return false;
  }
}

/// The scalar type a numba.types (or numba, numpy) attribute names.
std::optional<Type> scalarNamed(const std::string &name) {
  if (name == "none" || name == "void")
    return Type::none();
  if (name == "int" || name == "float" || name == "complex" || name == "bool")
    return std::nullopt; // Python's classes, not Numba's type objects
  return scalarTypeFromName(name);
}

//===----------------------------------------------------------------------===//
// The evaluator
//===----------------------------------------------------------------------===//

/// A construct the evaluator cannot evaluate (a compile error, not a failure
/// of the overload).
CompileError cannotEvaluate(ast::Location at, const Frame &frame, const std::string &what) {
  CompileError e(at, fmt::format("nvc cannot evaluate {} in the typing function of an "
                                 "@overload",
                                 what));
  e.file = frame.source;
  return e;
}

class Evaluator {
public:
  /// Calls `callee` (a Python function) with `args` and `kwargs`.
  Value call(const Value &callee, std::vector<Value> args,
             std::vector<std::pair<std::string, Value>> kwargs, ast::Location at,
             const Frame &caller);
  /// Evaluates the default values of a function's parameters (null where a
  /// parameter has none).
  std::vector<std::shared_ptr<const Value>> defaultsOf(const FunctionValue &f);
  /// Where the last `return` that returned a value was (for messages).
  ast::Location lastReturn;
  const SourceFile *lastReturnFile = nullptr;

private:
  enum class Flow { Normal, Return, Break, Continue };
  Flow block(const ast::Block &b, const std::shared_ptr<Frame> &frame, Value &result);
  Flow stmt(const ast::Stmt &s, const std::shared_ptr<Frame> &frame, Value &result);
  Value eval(const ast::Expr &e, const std::shared_ptr<Frame> &frame);
  Value name(const ast::Name &n, const std::shared_ptr<Frame> &frame);
  Value global(const std::string &id, const ModuleScope &scope, ast::Location at,
               const Frame &frame);
  Value attribute(const Value &base, const std::string &attr, ast::Location at,
                  const Frame &frame);
  Value typesAttribute(const std::string &attr, ast::Location at, const Frame &frame);
  Value ntypeAttribute(const Value &v, const std::string &attr, ast::Location at,
                       const Frame &frame);
  Value callValue(const Value &callee, std::vector<Value> args,
                  std::vector<std::pair<std::string, Value>> kwargs, ast::Location at,
                  const Frame &frame);
  Value builtin(const std::string &f, std::vector<Value> &args,
                std::vector<std::pair<std::string, Value>> &kwargs, ast::Location at,
                const Frame &frame);
  Value method(const Value &self, const std::string &m, std::vector<Value> &args,
               ast::Location at, const Frame &frame);
  Value binary(ast::BinOpKind op, const Value &a, const Value &b, ast::Location at,
               const Frame &frame);
  bool compare(ast::CmpOpKind op, const Value &a, const Value &b, ast::Location at,
               const Frame &frame);
  Value subscript(const Value &base, const Value &index, ast::Location at, const Frame &frame);
  bool isInstance(const Value &v, const Value &cls, ast::Location at, const Frame &frame);
  void assign(const ast::Expr &target, const Value &v, const std::shared_ptr<Frame> &frame);
  std::vector<Value> iterate(const Value &v, ast::Location at, const Frame &frame);
  std::string percentFormat(const std::string &fmt, const Value &args, ast::Location at,
                            const Frame &frame);
  std::string strFormat(const std::string &fmt, const std::vector<Value> &args,
                        ast::Location at, const Frame &frame);
  [[noreturn]] void raise(const std::string &cls, const std::string &message, ast::Location at,
                          const Frame &frame) {
    throw PyRaise{cls, message, at, frame.source};
  }
  void step(ast::Location at, const Frame &frame) {
    if (++steps_ > 1000000)
      throw cannotEvaluate(at, frame, "a loop that runs more than a million steps");
  }
  /// An f-string's value: its fields' expressions parsed once (kept in
  /// `fields_`) and evaluated in `frame`.
  std::string formatted(const ast::FormattedString &fs, const std::shared_ptr<Frame> &frame);
  std::string formatSpec(const Value &v, const std::string &spec, ast::Location at,
                         const Frame &frame);
  int depth_ = 0;
  long steps_ = 0;
  std::map<std::pair<const ast::FormattedString *, size_t>, std::unique_ptr<ast::Module>> fields_;
  std::vector<std::unique_ptr<SourceFile>> fieldSources_;
};

std::string Evaluator::formatSpec(const Value &v, const std::string &spec, ast::Location at,
                                  const Frame &frame) {
  try {
    std::string f = "{:" + spec + "}";
    if (v.kind == Value::Kind::Float)
      return fmt::format(fmt::runtime(f), v.f);
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool)
      return fmt::format(fmt::runtime(f), asInt(v));
    return fmt::format(fmt::runtime(f), str(v));
  } catch (const fmt::format_error &) {
    throw cannotEvaluate(at, frame, fmt::format("the format spec '{}' of an f-string", spec));
  }
}

std::string Evaluator::formatted(const ast::FormattedString &fs,
                                 const std::shared_ptr<Frame> &frame) {
  const std::string &t = fs.text;
  ast::Location at = fs.getLoc();
  std::string out;
  size_t field = 0;
  for (size_t k = 0; k < t.size(); ++k) {
    char c = t[k];
    if (c == '\\' && k + 1 < t.size()) {
      static const std::map<char, char> escapes = {{'n', '\n'}, {'t', '\t'}, {'r', '\r'},
                                                   {'\\', '\\'}, {'\'', '\''}, {'"', '"'},
                                                   {'0', '\0'}};
      auto it = escapes.find(t[k + 1]);
      out += it == escapes.end() ? std::string{c, t[k + 1]} : std::string(1, it->second);
      ++k;
      continue;
    }
    if (c == '}') {
      if (k + 1 < t.size() && t[k + 1] == '}')
        ++k;
      out += '}';
      continue;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (k + 1 < t.size() && t[k + 1] == '{') {
      out += '{';
      ++k;
      continue;
    }
    // {expression[=][!conversion][:spec]}
    size_t j = k + 1;
    int depth = 0;
    char quote = 0;
    for (; j < t.size(); ++j) {
      char d = t[j];
      if (quote) {
        if (d == quote)
          quote = 0;
        continue;
      }
      if (d == '\'' || d == '"')
        quote = d;
      else if (d == '(' || d == '[' || d == '{')
        ++depth;
      else if ((d == ')' || d == ']' || d == '}') && depth > 0)
        --depth;
      else if (depth == 0 && (d == '}' || d == ':' || (d == '!' && j + 1 < t.size() && t[j + 1] != '=')))
        break;
    }
    std::string expr = t.substr(k + 1, j - k - 1);
    bool selfDocumenting = false;
    if (!expr.empty() && expr.back() == '=' && expr.size() > 1 &&
        std::string("=!<>").find(expr[expr.size() - 2]) == std::string::npos) {
      selfDocumenting = true;
      expr.pop_back();
    }
    char conversion = 0;
    std::string spec;
    if (j < t.size() && t[j] == '!' && j + 1 < t.size()) {
      conversion = t[j + 1];
      j += 2;
    }
    if (j < t.size() && t[j] == ':') {
      size_t end = t.find('}', j);
      if (end == std::string::npos)
        throw cannotEvaluate(at, *frame, "an f-string with an unclosed field");
      spec = t.substr(j + 1, end - j - 1);
      if (spec.find('{') != std::string::npos)
        throw cannotEvaluate(at, *frame, "an f-string with a nested field in a format spec");
      j = end;
    }
    if (j >= t.size() || t[j] != '}')
      throw cannotEvaluate(at, *frame, "an f-string with an unclosed field");
    std::unique_ptr<ast::Module> &parsed = fields_[{&fs, field++}];
    if (!parsed) {
      fieldSources_.push_back(std::make_unique<SourceFile>("<f-string>", "(" + expr + ")\n"));
      try {
        parsed = parseModule(*fieldSources_.back());
      } catch (const CompileError &) {
        parsed.reset();
      }
      if (!parsed || parsed->body.size() != 1 || !isa<ast::ExprStmt>(*parsed->body[0]))
        throw cannotEvaluate(at, *frame, fmt::format("the f-string field '{}'", expr));
    }
    Value v = eval(*cast<ast::ExprStmt>(*parsed->body[0]).value, frame);
    if (selfDocumenting) {
      out += expr + "=";
      if (!conversion && spec.empty())
        conversion = 'r';
    }
    if (!spec.empty())
      out += formatSpec(conversion == 'r' ? Value::str(repr(v)) : v, spec, at, *frame);
    else
      out += conversion == 'r' || conversion == 'a' ? repr(v) : str(v);
    k = j;
  }
  return out;
}

std::vector<std::shared_ptr<const Value>> Evaluator::defaultsOf(const FunctionValue &f) {
  if (!f.defaults.empty() || !f.params())
    return f.defaults;
  std::vector<std::shared_ptr<const Value>> out;
  auto frame = std::make_shared<Frame>();
  frame->scope = f.scope;
  frame->source = &f.scope->source();
  frame->parent = f.env;
  for (const ast::Param &p : *f.params())
    out.push_back(p.defaultValue ? std::make_shared<const Value>(eval(*p.defaultValue, frame))
                                 : nullptr);
  return out;
}

Value Evaluator::call(const Value &callee, std::vector<Value> args,
                      std::vector<std::pair<std::string, Value>> kwargs, ast::Location at,
                      const Frame &caller) {
  const FunctionValue &f = *callee.fn;
  if (!f.params())
    throw cannotEvaluate(at, caller, fmt::format("a call of {} (a function kernels call) at "
                                                 "typing time",
                                                 f.name()));
  if (++depth_ > 64)
    throw cannotEvaluate(at, caller, "calls nested this deeply (recursion)");
  struct Depth {
    int &d;
    ~Depth() { --d; }
  } depth{depth_};
  const std::vector<ast::Param> &params = *f.params();
  std::vector<std::shared_ptr<const Value>> defaults = defaultsOf(f);
  auto frame = std::make_shared<Frame>();
  frame->scope = f.scope;
  frame->source = &f.scope->source();
  frame->parent = f.env;
  // inspect.Signature.bind's rules and messages (numba raises them as a
  // TypingError).
  std::vector<bool> bound(params.size(), false);
  size_t next = 0;
  std::vector<Value> extra;
  for (Value &a : args) {
    while (next < params.size() && (params[next].kind == ast::Param::Kind::KeywordOnly ||
                                     params[next].kind == ast::Param::Kind::VarKeyword))
      ++next;
    if (next < params.size() && params[next].kind == ast::Param::Kind::VarPositional) {
      extra.push_back(std::move(a));
      continue;
    }
    if (next >= params.size())
      raise("TypeError", "too many positional arguments", at, caller);
    frame->vars[params[next].name] = std::move(a);
    bound[next++] = true;
  }
  Value extraKeywords;
  extraKeywords.kind = Value::Kind::Dict;
  for (auto &[kw, v] : kwargs) {
    size_t k = 0;
    while (k < params.size() &&
           !(params[k].name == kw && params[k].kind != ast::Param::Kind::VarPositional &&
             params[k].kind != ast::Param::Kind::VarKeyword))
      ++k;
    if (k < params.size() && params[k].kind == ast::Param::Kind::PositionalOnly)
      raise("TypeError",
            fmt::format("'{}' parameter is positional only, but was passed as a keyword", kw), at,
            caller);
    if (k == params.size()) {
      bool varKeyword = std::any_of(params.begin(), params.end(), [](const ast::Param &p) {
        return p.kind == ast::Param::Kind::VarKeyword;
      });
      if (!varKeyword)
        raise("TypeError", fmt::format("got an unexpected keyword argument '{}'", kw), at, caller);
      extraKeywords.keys.push_back(Value::str(kw));
      extraKeywords.items.push_back(v);
      continue;
    }
    if (bound[k])
      raise("TypeError", fmt::format("multiple values for argument '{}'", kw), at, caller);
    frame->vars[kw] = v;
    bound[k] = true;
  }
  for (size_t k = 0; k < params.size(); ++k) {
    if (params[k].kind == ast::Param::Kind::VarPositional) {
      frame->vars[params[k].name] = Value::tuple(extra);
      continue;
    }
    if (params[k].kind == ast::Param::Kind::VarKeyword) {
      frame->vars[params[k].name] = extraKeywords;
      continue;
    }
    if (bound[k])
      continue;
    if (!defaults[k])
      raise("TypeError", fmt::format("missing a required argument: '{}'", params[k].name), at,
            caller);
    frame->vars[params[k].name] = *defaults[k];
  }
  Value result;
  if (f.lambda)
    return eval(*f.lambda->body, frame);
  if (block(f.def->body, frame, result) != Flow::Return)
    return Value::none();
  return result;
}

Evaluator::Flow Evaluator::block(const ast::Block &b, const std::shared_ptr<Frame> &frame,
                                 Value &result) {
  for (auto &s : b) {
    Flow flow = stmt(*s, frame, result);
    if (flow != Flow::Normal)
      return flow;
  }
  return Flow::Normal;
}

Evaluator::Flow Evaluator::stmt(const ast::Stmt &s, const std::shared_ptr<Frame> &frame,
                                Value &result) {
  step(s.getLoc(), *frame);
  switch (s.getKind()) {
  case ast::Stmt::Kind::Expr:
    eval(*cast<ast::ExprStmt>(s).value, frame);
    return Flow::Normal;
  case ast::Stmt::Kind::Pass:
    return Flow::Normal;
  case ast::Stmt::Kind::Assign: {
    auto &a = cast<ast::Assign>(s);
    Value v = eval(*a.value, frame);
    for (auto &t : a.targets)
      assign(*t, v, frame);
    return Flow::Normal;
  }
  case ast::Stmt::Kind::AnnAssign: {
    auto &a = cast<ast::AnnAssign>(s);
    if (a.value)
      assign(*a.target, eval(*a.value, frame), frame);
    return Flow::Normal;
  }
  case ast::Stmt::Kind::AugAssign: {
    auto &a = cast<ast::AugAssign>(s);
    auto *n = dyn_cast<ast::Name>(a.target.get());
    if (!n)
      throw cannotEvaluate(a.target->getLoc(), *frame,
                           "an augmented assignment to an attribute or item");
    Value v = binary(a.op, name(*n, frame), eval(*a.value, frame), a.opLoc, *frame);
    frame->vars[n->id] = v;
    return Flow::Normal;
  }
  case ast::Stmt::Kind::If: {
    auto &i = cast<ast::If>(s);
    return block(truthy(eval(*i.test, frame)) ? i.body : i.orelse, frame, result);
  }
  case ast::Stmt::Kind::While: {
    auto &w = cast<ast::While>(s);
    while (truthy(eval(*w.test, frame))) {
      step(w.getLoc(), *frame);
      Flow flow = block(w.body, frame, result);
      if (flow == Flow::Return)
        return flow;
      if (flow == Flow::Break)
        return Flow::Normal;
    }
    return block(w.orelse, frame, result);
  }
  case ast::Stmt::Kind::For: {
    auto &f = cast<ast::For>(s);
    for (const Value &item : iterate(eval(*f.iter, frame), f.iter->getLoc(), *frame)) {
      step(f.getLoc(), *frame);
      assign(*f.target, item, frame);
      Flow flow = block(f.body, frame, result);
      if (flow == Flow::Return)
        return flow;
      if (flow == Flow::Break)
        return Flow::Normal;
    }
    return block(f.orelse, frame, result);
  }
  case ast::Stmt::Kind::Break:
    return Flow::Break;
  case ast::Stmt::Kind::Continue:
    return Flow::Continue;
  case ast::Stmt::Kind::Return: {
    auto &r = cast<ast::Return>(s);
    result = r.value ? eval(*r.value, frame) : Value::none();
    lastReturn = r.getLoc();
    lastReturnFile = frame->source;
    return Flow::Return;
  }
  case ast::Stmt::Kind::FunctionDef: {
    // A nested function (the implementation, most often): a closure of
    // this frame. Decorators that make a jitted function of it change
    // nothing for nvc, which compiles what is returned.
    auto &d = cast<ast::FunctionDef>(s);
    for (auto &dec : d.decorators) {
      std::string name;
      const ast::Expr *e = dec.get();
      if (auto *c = dyn_cast<ast::Call>(e))
        e = c->func.get();
      if (auto *n = dyn_cast<ast::Name>(e))
        name = n->id;
      else if (auto *a = dyn_cast<ast::Attribute>(e))
        name = a->attr;
      if (name != "register_jitable" && name != "njit" && name != "jit")
        throw cannotEvaluate(dec->getLoc(), *frame, "a decorator of a nested function");
    }
    FunctionValue fv;
    fv.def = &d;
    fv.env = frame;
    fv.scope = frame->scope;
    for (const ast::Param &p : d.params)
      fv.defaults.push_back(p.defaultValue
                                ? std::make_shared<const Value>(eval(*p.defaultValue, frame))
                                : nullptr);
    if (fv.defaults.empty())
      fv.defaults.push_back(nullptr); // marks the defaults as evaluated
    frame->vars[d.name] = Value::function(std::move(fv));
    return Flow::Normal;
  }
  case ast::Stmt::Kind::Raise: {
    auto &r = cast<ast::Raise>(s);
    if (!r.exc)
      throw cannotEvaluate(s.getLoc(), *frame, "a bare 'raise'");
    Value exc = eval(*r.exc, frame);
    if (exc.kind == Value::Kind::ExcClass)
      raise(exc.s, "", s.getLoc(), *frame);
    if (exc.kind == Value::Kind::Exception)
      raise(exc.s, str(exc), s.getLoc(), *frame);
    raise("TypeError", "exceptions must derive from BaseException", s.getLoc(), *frame);
  }
  case ast::Stmt::Kind::Assert: {
    auto &a = cast<ast::Assert>(s);
    if (!truthy(eval(*a.test, frame)))
      raise("AssertionError", a.msg ? str(eval(*a.msg, frame)) : "", s.getLoc(), *frame);
    return Flow::Normal;
  }
  case ast::Stmt::Kind::Import:
  case ast::Stmt::Kind::ImportFrom: {
    // Imports of numba's modules inside the typing function.
    auto bindModule = [&](const std::string &dotted, const std::string &as, ast::Location at) {
      std::optional<std::string> m = ModuleScope::canonicalModuleName(dotted);
      if (!m)
        throw cannotEvaluate(at, *frame, fmt::format("an import of '{}'", dotted));
      frame->vars[as] = Value::named(Value::Kind::Module, *m);
    };
    if (auto *imp = dyn_cast<ast::Import>(&s)) {
      for (auto &alias : imp->names) {
        if (alias.asname.empty()) {
          std::string first = alias.name.substr(0, alias.name.find('.'));
          bindModule(first, first, alias.loc);
        } else {
          bindModule(alias.name, alias.asname, alias.loc);
        }
      }
      return Flow::Normal;
    }
    auto &from = cast<ast::ImportFrom>(s);
    std::optional<std::string> m = ModuleScope::canonicalModuleName(from.module);
    if (!m || from.level != 0)
      throw cannotEvaluate(s.getLoc(), *frame, fmt::format("an import from '{}'", from.module));
    for (auto &alias : from.names) {
      const std::string &as = alias.asname.empty() ? alias.name : alias.asname;
      if (auto sub = ModuleScope::canonicalModuleName(from.module + "." + alias.name)) {
        frame->vars[as] = Value::named(Value::Kind::Module, *sub);
        continue;
      }
      frame->vars[as] =
          attribute(Value::named(Value::Kind::Module, *m), alias.name, alias.loc, *frame);
    }
    return Flow::Normal;
  }
  default:
    break;
  }
  const char *what = "this statement";
  switch (s.getKind()) {
  case ast::Stmt::Kind::Global: what = "a 'global' statement"; break;
  case ast::Stmt::Kind::Nonlocal: what = "a 'nonlocal' statement"; break;
  case ast::Stmt::Kind::Del: what = "a 'del' statement"; break;
  default: break;
  }
  throw cannotEvaluate(s.getLoc(), *frame, what);
}

void Evaluator::assign(const ast::Expr &target, const Value &v,
                       const std::shared_ptr<Frame> &frame) {
  if (auto *n = dyn_cast<ast::Name>(&target)) {
    frame->vars[n->id] = v;
    return;
  }
  const std::vector<ast::ExprPtr> *elts = nullptr;
  if (auto *t = dyn_cast<ast::Tuple>(&target))
    elts = &t->elts;
  else if (auto *l = dyn_cast<ast::List>(&target))
    elts = &l->elts;
  if (!elts)
    throw cannotEvaluate(target.getLoc(), *frame, "an assignment to an attribute or item");
  std::vector<Value> items = iterate(v, target.getLoc(), *frame);
  if (items.size() != elts->size())
    raise("ValueError",
          items.size() > elts->size()
              ? fmt::format("too many values to unpack (expected {})", elts->size())
              : fmt::format("not enough values to unpack (expected {}, got {})", elts->size(),
                            items.size()),
          target.getLoc(), *frame);
  for (size_t k = 0; k < items.size(); ++k)
    assign(*(*elts)[k], items[k], frame);
}

std::vector<Value> Evaluator::iterate(const Value &v, ast::Location at, const Frame &frame) {
  switch (v.kind) {
  case Value::Kind::Tuple: return v.items;
  case Value::Kind::Dict: return v.keys;
  case Value::Kind::Str: {
    std::vector<Value> out;
    for (char c : v.s)
      out.push_back(Value::str(std::string(1, c)));
    return out;
  }
  case Value::Kind::NType:
    if (v.type.isTuple()) { // numba's BaseTuple iterates its types
      std::vector<Value> out;
      for (const Type &t : v.type.elements())
        out.push_back(Value::ntype(t));
      return out;
    }
    break;
  default: break;
  }
  raise("TypeError", fmt::format("'{}' object is not iterable", describe(v)), at, frame);
}

Value Evaluator::name(const ast::Name &n, const std::shared_ptr<Frame> &frame) {
  for (const Frame *f = frame.get(); f; f = f->parent.get())
    if (auto it = f->vars.find(n.id); it != f->vars.end())
      return it->second;
  return global(n.id, *frame->scope, n.getLoc(), *frame);
}

/// Python's builtin exception classes a typing function may raise.
bool isBuiltinException(const std::string &name) {
  static const std::set<std::string> names = {
      "BaseException", "Exception", "ArithmeticError", "AssertionError", "AttributeError",
      "IndexError", "KeyError", "LookupError", "NameError", "NotImplementedError",
      "OverflowError", "RuntimeError", "TypeError", "ValueError", "ZeroDivisionError"};
  return names.count(name) != 0;
}

Value Evaluator::global(const std::string &id, const ModuleScope &scope, ast::Location at,
                        const Frame &frame) {
  if (const GlobalSymbol *sym = scope.lookup(id)) {
    switch (sym->kind) {
    case GlobalSymbol::Kind::Module:
      return Value::named(Value::Kind::Module, sym->qualifiedName);
    case GlobalSymbol::Kind::DType:
      return Value::ntype(sym->type);
    case GlobalSymbol::Kind::Constant: {
      std::function<Value(const ConstValue &)> fromConst = [&](const ConstValue &c) -> Value {
        if (c.type.isArray()) {
          Value o = Value::named(Value::Kind::Opaque, fmt::format("the frozen array '{}'", id));
          return o;
        }
        if (c.type.isTuple()) {
          std::vector<Value> items;
          for (auto &e : c.elements)
            items.push_back(fromConst(e));
          return Value::tuple(items);
        }
        if (c.type.isBoolean())
          return Value::boolean(c.i != 0);
        if (c.type.isInteger())
          return Value::integer(c.i);
        if (c.type.isFloat())
          return Value::floating(c.f);
        return Value::named(Value::Kind::Opaque, fmt::format("the constant '{}'", id));
      };
      return fromConst(sym->value);
    }
    case GlobalSymbol::Kind::Function: {
      const std::string &q = sym->qualifiedName;
      size_t dot = q.rfind('.');
      std::string module = dot == std::string::npos ? "" : q.substr(0, dot);
      std::string attr = q.substr(dot + 1);
      if (module == "numba.errors" || module == "numba.types" || module == "numba" ||
          module == "numba.extending" || module == "numba.core")
        return attribute(Value::named(Value::Kind::Module, module), attr, at, frame);
      FunctionValue f;
      f.builtin = q;
      return Value::function(std::move(f));
    }
    case GlobalSymbol::Kind::UserFunction: {
      if (sym->function && !sym->overloads) {
        FunctionValue f;
        f.decorated = sym->function;
        f.scope = sym->function->scope;
        return Value::function(std::move(f));
      }
      if (auto plain = scope.plainFunction(id)) {
        FunctionValue f;
        f.def = plain->def;
        f.scope = plain->scope;
        return Value::function(std::move(f));
      }
      if (sym->function) {
        FunctionValue f;
        f.decorated = sym->function;
        f.scope = sym->function->scope;
        return Value::function(std::move(f));
      }
      return Value::named(Value::Kind::Opaque, fmt::format("the function '{}'", id));
    }
    }
  }
  if (std::optional<ModuleScope::PlainFunction> plain = scope.plainFunction(id)) {
    FunctionValue f;
    f.def = plain->def;
    f.scope = plain->scope;
    return Value::function(std::move(f));
  }
  static const std::set<std::string> builtins = {
      "isinstance", "issubclass", "len", "hasattr", "getattr", "print", "repr", "range",
      "all", "any", "min", "max", "abs", "callable", "zip", "enumerate", "sorted", "reversed"};
  if (builtins.count(id))
    return Value::named(Value::Kind::Builtin, id);
  static const std::set<std::string> classes = {"int", "float", "bool", "str", "tuple",
                                                "dict", "type", "object", "list"};
  if (classes.count(id))
    return Value::named(Value::Kind::PyClass, id == "list" ? "tuple" : id);
  if (id == "NotImplemented")
    return Value::named(Value::Kind::Opaque, "NotImplemented");
  if (isBuiltinException(id) || scope.exceptionClass(id))
    return Value::named(Value::Kind::ExcClass, id);
  if (const std::string *module = scope.unresolvedImport(id))
    throw cannotEvaluate(at, frame, fmt::format("'{}', imported from module '{}' (nvc does not "
                                                "read that module)",
                                                id, *module));
  if (const ast::Location *where = scope.unevaluated(id))
    throw cannotEvaluate(at, frame, fmt::format("module-level '{}' (assigned at line {})", id,
                                                where->line));
  if (const std::string *text = scope.stringConstant(id))
    return Value::str(*text);
  raise("NameError", fmt::format("name '{}' is not defined", id), at, frame);
}

Value Evaluator::typesAttribute(const std::string &attr, ast::Location at, const Frame &frame) {
  if (knownTypeClasses().count(attr) || absentTypeClasses().count(attr))
    return Value::named(Value::Kind::TypeClass, attr);
  if (attr == "literal" || attr == "unliteral" || attr == "maybe_literal")
    return Value::named(Value::Kind::Builtin, "types." + attr);
  if (std::optional<Type> t = scalarNamed(attr))
    return Value::ntype(*t);
  auto domain = [](std::vector<Type> ts) {
    std::vector<Value> items;
    for (auto &t : ts)
      items.push_back(Value::ntype(t));
    return Value::tuple(items);
  };
  std::vector<Type> sints = {Type::integer(8), Type::integer(16), Type::integer(32),
                             Type::integer(64)};
  std::vector<Type> uints = {Type::integer(8, false), Type::integer(16, false),
                             Type::integer(32, false), Type::integer(64, false)};
  std::vector<Type> reals = {Type::floating(32), Type::floating(64)};
  std::vector<Type> complexes = {Type::complex(64), Type::complex(128)};
  auto cat = [](std::vector<Type> a, const std::vector<Type> &b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  if (attr == "signed_domain")
    return domain(sints);
  if (attr == "unsigned_domain")
    return domain(uints);
  if (attr == "integer_domain")
    return domain(cat(uints, sints));
  if (attr == "real_domain")
    return domain(reals);
  if (attr == "complex_domain")
    return domain(complexes);
  if (attr == "number_domain")
    return domain(cat(cat(cat(uints, sints), reals), complexes));
  throw cannotEvaluate(at, frame, fmt::format("numba.types.{} (not a type or type class nvc "
                                              "knows)",
                                              attr));
}

Value Evaluator::attribute(const Value &base, const std::string &attr, ast::Location at,
                           const Frame &frame) {
  switch (base.kind) {
  case Value::Kind::Module: {
    const std::string &m = base.s;
    if (m == "numba.types")
      return typesAttribute(attr, at, frame);
    if (m == "numba.errors")
      return Value::named(Value::Kind::ExcClass, attr);
    if (m == "numba" || m == "numba.core") {
      if (attr == "types")
        return Value::named(Value::Kind::Module, "numba.types");
      if (attr == "errors")
        return Value::named(Value::Kind::Module, "numba.errors");
      if (attr == "extending")
        return Value::named(Value::Kind::Module, "numba.extending");
      if (attr == "cuda" && m == "numba")
        return Value::named(Value::Kind::Module, "cuda");
      if (std::optional<Type> t = scalarNamed(attr))
        return Value::ntype(*t);
    }
    if (m == "numba.extending")
      return Value::named(Value::Kind::Opaque, "numba.extending." + attr);
    if (m == "math" || m == "np" || m == "cmath") {
      static const std::map<std::string, double> consts = {
          {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN}};
      if (auto it = consts.find(attr); it != consts.end())
        return Value::floating(it->second);
    }
    if ((m == "np" || m == "cuda") && scalarNamed(attr) && attr != "none" && attr != "void")
      return Value::ntype(*scalarNamed(attr));
    FunctionValue f;
    f.builtin = m + "." + attr;
    if (lookupBuiltin(f.builtin) || isMathBuiltin(f.builtin))
      return Value::function(std::move(f));
    throw cannotEvaluate(at, frame, fmt::format("{}.{}", m, attr));
  }
  case Value::Kind::NType:
    return ntypeAttribute(base, attr, at, frame);
  case Value::Kind::Str:
  case Value::Kind::Dict:
  case Value::Kind::Tuple: {
    static const std::set<std::string> methods = {"format", "join", "startswith", "endswith",
                                                  "lower", "upper", "strip", "get", "items",
                                                  "keys", "values", "index", "count"};
    if (methods.count(attr)) {
      Value m = Value::named(Value::Kind::Method, attr);
      m.items.push_back(base);
      return m;
    }
    break;
  }
  case Value::Kind::Function:
    if (attr == "__name__")
      return Value::str(base.fn->name());
    break;
  case Value::Kind::TypeClass:
  case Value::Kind::PyClass:
  case Value::Kind::ExcClass:
    if (attr == "__name__")
      return Value::str(base.s);
    break;
  case Value::Kind::Exception:
    if (attr == "args")
      return Value::tuple(base.items);
    break;
  default:
    break;
  }
  if (base.kind == Value::Kind::Opaque)
    throw cannotEvaluate(at, frame, fmt::format("the attribute '{}' of {}", attr, base.s));
  raise("AttributeError", fmt::format("{} has no attribute '{}'", describe(base), attr), at,
        frame);
}

Value Evaluator::ntypeAttribute(const Value &v, const std::string &attr, ast::Location at,
                                const Frame &frame) {
  const Type &t = v.type;
  if (attr == "name" || attr == "key")
    return attr == "name" ? Value::str(str(v)) : v;
  if (v.literal) {
    if (attr == "literal_value")
      return t.isBoolean() ? Value::boolean(v.literal->i != 0) : Value::integer(v.literal->i);
    if (attr == "literal_type")
      return Value::ntype(t);
  }
  if (t.isInteger() || t.isFloat() || t.isComplex()) {
    if (attr == "bitwidth")
      return Value::integer(t.bits());
    if (attr == "signed" && t.isInteger())
      return Value::boolean(t.isSigned());
    if (attr == "underlying_float" && t.isComplex())
      return Value::ntype(t.complexPart());
  }
  if (t.isArray()) {
    if (attr == "ndim")
      return Value::integer(t.ndim());
    if (attr == "dtype")
      return Value::ntype(t.element());
    if (attr == "layout")
      return Value::str(std::string(1, t.layout()));
    if (attr == "mutable")
      return Value::boolean(!t.isReadonly());
    if (attr == "readonly")
      return Value::boolean(t.isReadonly());
    if (attr == "aligned")
      return Value::boolean(true);
    if (attr == "is_c_contig")
      return Value::boolean(t.layout() == 'C' || t.ndim() <= 1 && t.layout() == 'F');
    if (attr == "is_f_contig")
      return Value::boolean(t.layout() == 'F' || t.ndim() <= 1 && t.layout() == 'C');
    if (attr == "is_contig")
      return Value::boolean(t.layout() != 'A');
  }
  if (t.isTuple()) {
    if (attr == "count")
      return Value::integer(static_cast<int64_t>(t.elements().size()));
    if (attr == "types") {
      std::vector<Value> items;
      for (const Type &e : t.elements())
        items.push_back(Value::ntype(e));
      return Value::tuple(items);
    }
    if (attr == "dtype" && isUniTuple(t))
      return Value::ntype(t.elements().front());
  }
  if (t.kind() == Type::Kind::DType && (attr == "dtype" || attr == "instance_type"))
    return Value::ntype(t.element());
  if (t.isRecord() && attr == "size")
    return Value::integer(t.record().itemsize);
  raise("AttributeError", fmt::format("'{}' object has no attribute '{}'", str(v), attr), at,
        frame);
}

bool Evaluator::isInstance(const Value &v, const Value &cls, ast::Location at,
                           const Frame &frame) {
  switch (cls.kind) {
  case Value::Kind::Tuple:
    for (const Value &c : cls.items)
      if (isInstance(v, c, at, frame))
        return true;
    return false;
  case Value::Kind::TypeClass:
    return v.kind == Value::Kind::NType && classMatches(v.type, v.literal.has_value(), cls.s);
  case Value::Kind::PyClass:
    if (cls.s == "object")
      return true;
    if (cls.s == "int")
      return v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool;
    if (cls.s == "float")
      return v.kind == Value::Kind::Float;
    if (cls.s == "bool")
      return v.kind == Value::Kind::Bool;
    if (cls.s == "str")
      return v.kind == Value::Kind::Str;
    if (cls.s == "tuple")
      return v.kind == Value::Kind::Tuple;
    if (cls.s == "dict")
      return v.kind == Value::Kind::Dict;
    if (cls.s == "type")
      return v.kind == Value::Kind::TypeClass || v.kind == Value::Kind::PyClass ||
             v.kind == Value::Kind::ExcClass;
    return false;
  case Value::Kind::ExcClass:
    return v.kind == Value::Kind::Exception &&
           (v.s == cls.s || cls.s == "Exception" || cls.s == "BaseException");
  default:
    raise("TypeError", "isinstance() arg 2 must be a type or tuple of types", at, frame);
  }
}

Value Evaluator::subscript(const Value &base, const Value &index, ast::Location at,
                           const Frame &frame) {
  auto position = [&](int64_t n) -> size_t {
    if (index.kind != Value::Kind::Int && index.kind != Value::Kind::Bool)
      raise("TypeError", fmt::format("indices must be integers, not {}", describe(index)), at,
            frame);
    int64_t k = asInt(index);
    if (k < 0)
      k += n;
    if (k < 0 || k >= n)
      raise("IndexError", "index out of range", at, frame);
    return static_cast<size_t>(k);
  };
  auto slice = [&](size_t n, std::vector<size_t> &picked) -> bool {
    if (index.kind != Value::Kind::Opaque || index.s != "slice")
      return false;
    auto bound = [&](const Value &b, int64_t dflt) {
      if (b.kind == Value::Kind::None)
        return dflt;
      if (b.kind != Value::Kind::Int && b.kind != Value::Kind::Bool)
        raise("TypeError", "slice indices must be integers or None", at, frame);
      return asInt(b);
    };
    int64_t len = static_cast<int64_t>(n);
    int64_t step = bound(index.items[2], 1);
    if (step == 0)
      raise("ValueError", "slice step cannot be zero", at, frame);
    auto clamp = [&](int64_t x, int64_t dflt) {
      if (x == INT64_MIN)
        return dflt;
      if (x < 0)
        x += len;
      return step > 0 ? std::clamp<int64_t>(x, 0, len) : std::clamp<int64_t>(x, -1, len - 1);
    };
    int64_t start = clamp(bound(index.items[0], INT64_MIN), step > 0 ? 0 : len - 1);
    int64_t stop = clamp(bound(index.items[1], INT64_MIN), step > 0 ? len : -1);
    for (int64_t k = start; step > 0 ? k < stop : k > stop; k += step)
      picked.push_back(static_cast<size_t>(k));
    return true;
  };
  switch (base.kind) {
  case Value::Kind::Tuple: {
    std::vector<size_t> picked;
    if (slice(base.items.size(), picked)) {
      std::vector<Value> out;
      for (size_t k : picked)
        out.push_back(base.items[k]);
      return Value::tuple(out);
    }
    return base.items[position(static_cast<int64_t>(base.items.size()))];
  }
  case Value::Kind::Str: {
    std::vector<size_t> picked;
    if (slice(base.s.size(), picked)) {
      std::string out;
      for (size_t k : picked)
        out += base.s[k];
      return Value::str(out);
    }
    return Value::str(std::string(1, base.s[position(static_cast<int64_t>(base.s.size()))]));
  }
  case Value::Kind::Dict:
    for (size_t k = 0; k < base.keys.size(); ++k)
      if (equal(base.keys[k], index))
        return base.items[k];
    raise("KeyError", repr(index), at, frame);
  case Value::Kind::NType: {
    const Type &t = base.type;
    if (t.isTuple())
      return Value::ntype(t.elements()[position(static_cast<int64_t>(t.elements().size()))]);
    // types.float32[:, ::1]: an array type (numba's Type.__getitem__).
    if (t.isScalar() || t.isRecord()) {
      std::vector<Value> dims =
          index.kind == Value::Kind::Tuple ? index.items : std::vector<Value>{index};
      char layout = 'A';
      for (size_t d = 0; d < dims.size(); ++d) {
        const Value &s = dims[d];
        if (s.kind != Value::Kind::Opaque || s.s != "slice" ||
            s.items[0].kind != Value::Kind::None || s.items[1].kind != Value::Kind::None)
          raise("TypeError", "an array type is indexed with ':' or '::1' per dimension", at,
                frame);
        if (s.items[2].kind == Value::Kind::Int && s.items[2].i == 1)
          layout = d + 1 == dims.size() ? 'C' : d == 0 ? 'F' : 'X';
      }
      if (layout == 'X')
        raise("TypeError", "'::1' must be the first or the last dimension", at, frame);
      return Value::ntype(Type::array(t, static_cast<unsigned>(dims.size()), layout));
    }
    break;
  }
  default:
    break;
  }
  if (base.kind == Value::Kind::Opaque)
    throw cannotEvaluate(at, frame, fmt::format("an item of {}", base.s));
  raise("TypeError", fmt::format("{} is not subscriptable", describe(base)), at, frame);
}

Value Evaluator::binary(ast::BinOpKind op, const Value &a, const Value &b, ast::Location at,
                        const Frame &frame) {
  using K = ast::BinOpKind;
  if (a.kind == Value::Kind::Str && op == K::Add && b.kind == Value::Kind::Str)
    return Value::str(a.s + b.s);
  if (a.kind == Value::Kind::Str && op == K::Mod)
    return Value::str(percentFormat(a.s, b, at, frame));
  if (a.kind == Value::Kind::Tuple && op == K::Add && b.kind == Value::Kind::Tuple) {
    std::vector<Value> items = a.items;
    items.insert(items.end(), b.items.begin(), b.items.end());
    return Value::tuple(items);
  }
  if ((a.kind == Value::Kind::Tuple || a.kind == Value::Kind::Str) && op == K::Mult &&
      (b.kind == Value::Kind::Int || b.kind == Value::Kind::Bool)) {
    int64_t n = std::max<int64_t>(asInt(b), 0);
    size_t size = a.kind == Value::Kind::Str ? a.s.size() : a.items.size();
    if (size && static_cast<uint64_t>(n) > 1000000 / size)
      throw cannotEvaluate(at, frame, "a sequence of more than a million items");
    Value out = a;
    out.items.clear();
    out.s.clear();
    for (int64_t k = 0; k < n; ++k) {
      out.items.insert(out.items.end(), a.items.begin(), a.items.end());
      out.s += a.s;
    }
    return out;
  }
  if (!isNumeric(a) || !isNumeric(b))
    raise("TypeError", fmt::format("unsupported operand types: {} and {}", describe(a), describe(b)),
          at, frame);
  bool floats = a.kind == Value::Kind::Float || b.kind == Value::Kind::Float || op == K::Div;
  if (floats) {
    double x = asDouble(a), y = asDouble(b);
    switch (op) {
    case K::Add: return Value::floating(x + y);
    case K::Sub: return Value::floating(x - y);
    case K::Mult: return Value::floating(x * y);
    case K::Div:
      if (y == 0)
        raise("ZeroDivisionError", "division by zero", at, frame);
      return Value::floating(x / y);
    case K::FloorDiv:
      if (y == 0)
        raise("ZeroDivisionError", "float floor division by zero", at, frame);
      return Value::floating(std::floor(x / y));
    case K::Mod: {
      if (y == 0)
        raise("ZeroDivisionError", "float modulo", at, frame);
      double r = std::fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
      return Value::floating(r);
    }
    case K::Pow: return Value::floating(std::pow(x, y));
    default:
      raise("TypeError", "unsupported operand types for a bitwise operation on floats", at,
            frame);
    }
  }
  int64_t x = asInt(a), y = asInt(b), r = 0;
  auto overflow = [&]() {
    throw cannotEvaluate(at, frame, "integer arithmetic beyond 64 bits");
  };
  switch (op) {
  case K::Add: if (__builtin_add_overflow(x, y, &r)) overflow(); return Value::integer(r);
  case K::Sub: if (__builtin_sub_overflow(x, y, &r)) overflow(); return Value::integer(r);
  case K::Mult: if (__builtin_mul_overflow(x, y, &r)) overflow(); return Value::integer(r);
  case K::FloorDiv:
  case K::Mod: {
    if (y == 0)
      raise("ZeroDivisionError", "integer division or modulo by zero", at, frame);
    if (x == INT64_MIN && y == -1)
      overflow();
    int64_t q = x / y, m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) {
      --q;
      m += y;
    }
    return Value::integer(op == K::FloorDiv ? q : m);
  }
  case K::Pow: {
    if (y < 0)
      return Value::floating(std::pow(static_cast<double>(x), static_cast<double>(y)));
    if (x == 0 || x == 1)
      return Value::integer(y == 0 ? 1 : x);
    if (x == -1)
      return Value::integer(y % 2 ? -1 : 1);
    r = 1; // |x| >= 2: overflows within 63 factors
    for (int64_t k = 0; k < y; ++k)
      if (__builtin_mul_overflow(r, x, &r))
        overflow();
    return Value::integer(r);
  }
  case K::LShift:
    if (y < 0 || y > 62 || (x != 0 && (x >= (int64_t(1) << (62 - y)) || x < -(int64_t(1) << (62 - y)))))
      overflow();
    return Value::integer(x * (int64_t(1) << y));
  case K::RShift: return Value::integer(y > 63 ? (x < 0 ? -1 : 0) : x >> y);
  case K::BitAnd: return Value::integer(x & y);
  case K::BitOr: return Value::integer(x | y);
  case K::BitXor: return Value::integer(x ^ y);
  default:
    raise("TypeError", "unsupported operand types", at, frame);
  }
}

bool Evaluator::compare(ast::CmpOpKind op, const Value &a, const Value &b, ast::Location at,
                        const Frame &frame) {
  using K = ast::CmpOpKind;
  switch (op) {
  case K::Eq: return equal(a, b);
  case K::NotEq: return !equal(a, b);
  case K::Is:
  case K::IsNot: {
    // Numba's type objects are interned; None, True and False are singletons.
    bool same = a.kind == b.kind && equal(a, b);
    return op == K::Is ? same : !same;
  }
  case K::In:
  case K::NotIn: {
    bool found = false;
    if (b.kind == Value::Kind::Str && a.kind == Value::Kind::Str)
      found = b.s.find(a.s) != std::string::npos;
    else
      for (const Value &item : iterate(b, at, frame))
        found = found || equal(a, item);
    return op == K::In ? found : !found;
  }
  default: break;
  }
  int c = 0;
  if (isNumeric(a) && isNumeric(b)) {
    double x = asDouble(a), y = asDouble(b);
    if (a.kind != Value::Kind::Float && b.kind != Value::Kind::Float)
      c = asInt(a) < asInt(b) ? -1 : asInt(a) > asInt(b);
    else
      c = x < y ? -1 : x > y ? 1 : 0;
  } else if (a.kind == Value::Kind::Str && b.kind == Value::Kind::Str) {
    c = a.s.compare(b.s);
  } else if (a.kind == Value::Kind::NType && b.kind == Value::Kind::NType &&
             a.type.kind() == b.type.kind() &&
             (a.type.isFloat() || a.type.isComplex() ||
              (a.type.isInteger() && a.type.isSigned() == b.type.isSigned()))) {
    // numba orders numbers of one class by bitwidth (types.float32 < types.float64).
    c = a.type.bits() < b.type.bits() ? -1 : a.type.bits() > b.type.bits();
  } else if (a.kind == Value::Kind::Tuple && b.kind == Value::Kind::Tuple) {
    size_t n = std::min(a.items.size(), b.items.size());
    for (size_t k = 0; k < n && c == 0; ++k) {
      if (equal(a.items[k], b.items[k]))
        continue;
      c = compare(K::Lt, a.items[k], b.items[k], at, frame) ? -1 : 1;
    }
    if (c == 0)
      c = a.items.size() < b.items.size() ? -1 : a.items.size() > b.items.size();
  } else {
    raise("TypeError", fmt::format("'<' not supported between {} and {}", describe(a), describe(b)),
          at, frame);
  }
  switch (op) {
  case K::Lt: return c < 0;
  case K::LtE: return c <= 0;
  case K::Gt: return c > 0;
  case K::GtE: return c >= 0;
  default: return false;
  }
}

std::string Evaluator::percentFormat(const std::string &fmt, const Value &args, ast::Location at,
                                     const Frame &frame) {
  std::vector<Value> values = args.kind == Value::Kind::Tuple ? args.items : std::vector<Value>{args};
  size_t next = 0;
  std::string out;
  for (size_t k = 0; k < fmt.size(); ++k) {
    if (fmt[k] != '%') {
      out += fmt[k];
      continue;
    }
    if (++k >= fmt.size())
      raise("ValueError", "incomplete format", at, frame);
    char c = fmt[k];
    if (c == '%') {
      out += '%';
      continue;
    }
    if (next >= values.size())
      raise("TypeError", "not enough arguments for format string", at, frame);
    const Value &v = values[next++];
    switch (c) {
    case 's': out += str(v); break;
    case 'r': out += repr(v); break;
    case 'd':
    case 'i':
      if (!isNumeric(v))
        raise("TypeError", "%d format: a number is required", at, frame);
      if (v.kind == Value::Kind::Float && !floatToInt(v.f))
        raise("ValueError", "cannot convert float to integer", at, frame);
      out += std::to_string(v.kind == Value::Kind::Float ? *floatToInt(v.f) : asInt(v));
      break;
    case 'f': out += fmt::format("{:.6f}", asDouble(v)); break;
    default:
      throw cannotEvaluate(at, frame, fmt::format("the format '%{}'", c));
    }
  }
  if (next < values.size() && args.kind == Value::Kind::Tuple)
    raise("TypeError", "not all arguments converted during string formatting", at, frame);
  return out;
}

std::string Evaluator::strFormat(const std::string &fmt, const std::vector<Value> &args,
                                 ast::Location at, const Frame &frame) {
  std::string out;
  size_t next = 0;
  for (size_t k = 0; k < fmt.size(); ++k) {
    char c = fmt[k];
    if (c == '{' && k + 1 < fmt.size() && fmt[k + 1] == '{') {
      out += '{';
      ++k;
      continue;
    }
    if (c == '}' && k + 1 < fmt.size() && fmt[k + 1] == '}') {
      out += '}';
      ++k;
      continue;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    size_t end = fmt.find('}', k);
    if (end == std::string::npos)
      raise("ValueError", "Single '{' encountered in format string", at, frame);
    std::string field = fmt.substr(k + 1, end - k - 1);
    k = end;
    bool useRepr = false;
    if (size_t bang = field.find('!'); bang != std::string::npos) {
      useRepr = field.substr(bang + 1, 1) == "r";
      field = field.substr(0, bang);
    }
    if (size_t colon = field.find(':'); colon != std::string::npos)
      field = field.substr(0, colon); // format specs are not applied
    size_t index = next++;
    if (!field.empty()) {
      if (!std::all_of(field.begin(), field.end(), ::isdigit) || field.size() > 6)
        throw cannotEvaluate(at, frame, "str.format() with named fields");
      index = std::stoul(field);
    }
    if (index >= args.size())
      raise("IndexError", "Replacement index out of range for positional args tuple", at, frame);
    out += useRepr ? repr(args[index]) : str(args[index]);
  }
  return out;
}

Value Evaluator::method(const Value &self, const std::string &m, std::vector<Value> &args,
                        ast::Location at, const Frame &frame) {
  if (self.kind == Value::Kind::Str) {
    if (m == "format")
      return Value::str(strFormat(self.s, args, at, frame));
    if (m == "join" && args.size() == 1) {
      std::string out;
      bool first = true;
      for (const Value &v : iterate(args[0], at, frame)) {
        if (v.kind != Value::Kind::Str)
          raise("TypeError", "sequence item: expected str instance", at, frame);
        out += (first ? "" : self.s) + v.s;
        first = false;
      }
      return Value::str(out);
    }
    if ((m == "startswith" || m == "endswith") && args.size() == 1 &&
        args[0].kind == Value::Kind::Str) {
      const std::string &x = args[0].s;
      if (x.size() > self.s.size())
        return Value::boolean(false);
      return Value::boolean(m == "startswith" ? self.s.compare(0, x.size(), x) == 0
                                              : self.s.compare(self.s.size() - x.size(),
                                                               x.size(), x) == 0);
    }
    if ((m == "lower" || m == "upper" || m == "strip") && args.empty()) {
      std::string out = self.s;
      if (m == "strip") {
        out.erase(0, out.find_first_not_of(" \t\n"));
        out.erase(out.find_last_not_of(" \t\n") + 1);
      } else {
        for (char &c : out)
          c = static_cast<char>(m == "lower" ? std::tolower(c) : std::toupper(c));
      }
      return Value::str(out);
    }
  }
  if (self.kind == Value::Kind::Dict) {
    if (m == "get" && (args.size() == 1 || args.size() == 2)) {
      for (size_t k = 0; k < self.keys.size(); ++k)
        if (equal(self.keys[k], args[0]))
          return self.items[k];
      return args.size() == 2 ? args[1] : Value::none();
    }
    if (m == "keys" && args.empty())
      return Value::tuple(self.keys);
    if (m == "values" && args.empty())
      return Value::tuple(self.items);
    if (m == "items" && args.empty()) {
      std::vector<Value> out;
      for (size_t k = 0; k < self.keys.size(); ++k)
        out.push_back(Value::tuple({self.keys[k], self.items[k]}));
      return Value::tuple(out);
    }
  }
  if (self.kind == Value::Kind::Tuple && args.size() == 1) {
    if (m == "count")
      return Value::integer(std::count_if(self.items.begin(), self.items.end(),
                                          [&](const Value &v) { return equal(v, args[0]); }));
    if (m == "index") {
      for (size_t k = 0; k < self.items.size(); ++k)
        if (equal(self.items[k], args[0]))
          return Value::integer(static_cast<int64_t>(k));
      raise("ValueError", "tuple.index(x): x not in tuple", at, frame);
    }
  }
  throw cannotEvaluate(at, frame, fmt::format("the method '{}' of {} with these arguments", m,
                                              describe(self)));
}

Value Evaluator::builtin(const std::string &f, std::vector<Value> &args,
                         std::vector<std::pair<std::string, Value>> &kwargs, ast::Location at,
                         const Frame &frame) {
  auto arity = [&](size_t lo, size_t hi) {
    if (args.size() < lo || args.size() > hi || !kwargs.empty())
      raise("TypeError", fmt::format("{}() takes {} arguments ({} given)", f,
                                     lo == hi ? std::to_string(lo) : fmt::format("{} to {}", lo, hi),
                                     args.size()),
            at, frame);
  };
  if (f == "isinstance") {
    arity(2, 2);
    return Value::boolean(isInstance(args[0], args[1], at, frame));
  }
  if (f == "issubclass") {
    arity(2, 2);
    // types.IntegerLiteral is a subclass of types.Integer and types.Literal.
    std::vector<Value> classes =
        args[1].kind == Value::Kind::Tuple ? args[1].items : std::vector<Value>{args[1]};
    for (const Value &c : classes) {
      if (equal(args[0], c))
        return Value::boolean(true);
      if (args[0].kind == Value::Kind::TypeClass && c.kind == Value::Kind::TypeClass) {
        static const std::multimap<std::string, std::string> bases = {
            {"Integer", "Number"},          {"Float", "Number"},
            {"Complex", "Number"},          {"IntegerLiteral", "Integer"},
            {"IntegerLiteral", "Literal"},  {"BooleanLiteral", "Boolean"},
            {"BooleanLiteral", "Literal"},  {"Array", "Buffer"},
            {"Array", "ArrayCompatible"},   {"UniTuple", "BaseTuple"},
            {"Tuple", "BaseTuple"},         {"UniTuple", "BaseAnonymousTuple"},
            {"Tuple", "BaseAnonymousTuple"}};
        if (c.s == "Type")
          return Value::boolean(true);
        auto range = bases.equal_range(args[0].s);
        for (auto it = range.first; it != range.second; ++it)
          if (it->second == c.s || (it->second == "Integer" && c.s == "Number"))
            return Value::boolean(true);
      }
    }
    return Value::boolean(false);
  }
  if (f == "len") {
    arity(1, 1);
    const Value &v = args[0];
    if (v.kind == Value::Kind::Str)
      return Value::integer(static_cast<int64_t>(v.s.size()));
    if (v.kind == Value::Kind::NType && v.type.isTuple())
      return Value::integer(static_cast<int64_t>(v.type.elements().size()));
    if (v.kind == Value::Kind::Tuple || v.kind == Value::Kind::Dict)
      return Value::integer(static_cast<int64_t>(v.items.size()));
    raise("TypeError", fmt::format("object of type {} has no len()", describe(v)), at, frame);
  }
  if (f == "hasattr" || f == "getattr") {
    arity(2, f == "getattr" ? 3 : 2);
    if (args[1].kind != Value::Kind::Str)
      raise("TypeError", "attribute name must be string", at, frame);
    try {
      Value v = attribute(args[0], args[1].s, at, frame);
      return f == "hasattr" ? Value::boolean(true) : v;
    } catch (PyRaise &e) {
      if (e.cls != "AttributeError")
        throw;
      if (f == "hasattr")
        return Value::boolean(false);
      if (args.size() == 3)
        return args[2];
      throw;
    }
  }
  if (f == "print")
    return Value::none();
  if (f == "repr") {
    arity(1, 1);
    return Value::str(repr(args[0]));
  }
  if (f == "callable") {
    arity(1, 1);
    Value::Kind k = args[0].kind;
    return Value::boolean(k == Value::Kind::Function || k == Value::Kind::Builtin ||
                          k == Value::Kind::PyClass || k == Value::Kind::TypeClass ||
                          k == Value::Kind::ExcClass || k == Value::Kind::Method);
  }
  if (f == "range") {
    arity(1, 3);
    for (const Value &a : args)
      if (a.kind != Value::Kind::Int && a.kind != Value::Kind::Bool)
        raise("TypeError", "range() takes integers", at, frame);
    int64_t start = args.size() > 1 ? asInt(args[0]) : 0;
    int64_t stop = args.size() > 1 ? asInt(args[1]) : asInt(args[0]);
    int64_t step = args.size() > 2 ? asInt(args[2]) : 1;
    if (step == 0)
      raise("ValueError", "range() arg 3 must not be zero", at, frame);
    std::vector<Value> out;
    for (int64_t k = start; step > 0 ? k < stop : k > stop; k += step) {
      if (out.size() >= 100000)
        throw cannotEvaluate(at, frame, "a range of more than 100000 numbers");
      out.push_back(Value::integer(k));
    }
    return Value::tuple(out);
  }
  if (f == "all" || f == "any") {
    arity(1, 1);
    for (const Value &v : iterate(args[0], at, frame))
      if (truthy(v) != (f == "all"))
        return Value::boolean(f != "all");
    return Value::boolean(f == "all");
  }
  if (f == "min" || f == "max") {
    std::vector<Value> items = args.size() == 1 ? iterate(args[0], at, frame) : args;
    if (items.empty() || !kwargs.empty())
      raise("ValueError", fmt::format("{}() arg is an empty sequence", f), at, frame);
    Value best = items[0];
    for (size_t k = 1; k < items.size(); ++k)
      if (compare(f == "min" ? ast::CmpOpKind::Lt : ast::CmpOpKind::Gt, items[k], best, at,
                  frame))
        best = items[k];
    return best;
  }
  if (f == "abs") {
    arity(1, 1);
    if (args[0].kind == Value::Kind::Float)
      return Value::floating(std::fabs(args[0].f));
    if (!isNumeric(args[0]))
      raise("TypeError", "bad operand type for abs()", at, frame);
    return binary(ast::BinOpKind::Mult, args[0], Value::integer(asInt(args[0]) < 0 ? -1 : 1), at,
                  frame);
  }
  if (f == "zip") {
    std::vector<std::vector<Value>> seqs;
    size_t n = SIZE_MAX;
    for (const Value &a : args) {
      seqs.push_back(iterate(a, at, frame));
      n = std::min(n, seqs.back().size());
    }
    std::vector<Value> out;
    for (size_t k = 0; k < (seqs.empty() ? 0 : n); ++k) {
      std::vector<Value> row;
      for (auto &s : seqs)
        row.push_back(s[k]);
      out.push_back(Value::tuple(row));
    }
    return Value::tuple(out);
  }
  if (f == "enumerate") {
    arity(1, 1);
    std::vector<Value> out;
    int64_t k = 0;
    for (const Value &v : iterate(args[0], at, frame))
      out.push_back(Value::tuple({Value::integer(k++), v}));
    return Value::tuple(out);
  }
  if (f == "reversed") {
    arity(1, 1);
    std::vector<Value> out = iterate(args[0], at, frame);
    std::reverse(out.begin(), out.end());
    return Value::tuple(out);
  }
  if (f == "sorted") {
    arity(1, 1);
    std::vector<Value> out = iterate(args[0], at, frame);
    std::stable_sort(out.begin(), out.end(), [&](const Value &a, const Value &b) {
      return compare(ast::CmpOpKind::Lt, a, b, at, frame);
    });
    return Value::tuple(out);
  }
  if (f == "types.literal") {
    arity(1, 1);
    const Value &v = args[0];
    ConstValue c;
    if (v.kind == Value::Kind::Bool) {
      c.type = Type::boolean();
      c.i = v.b;
      return Value::ntype(c.type, c);
    }
    if (v.kind == Value::Kind::Int) {
      c.type = Type::integer(64);
      c.i = v.i;
      return Value::ntype(c.type, c);
    }
    throw cannotEvaluate(at, frame, fmt::format("types.literal() of {} (nvc has literal types of "
                                                "integers and booleans)",
                                                describe(v)));
  }
  if (f == "types.unliteral") {
    arity(1, 1);
    Value v = args[0];
    v.literal.reset();
    return v;
  }
  if (f == "types.maybe_literal") {
    arity(1, 1);
    if (args[0].kind == Value::Kind::Int || args[0].kind == Value::Kind::Bool)
      return builtin("types.literal", args, kwargs, at, frame);
    return Value::none();
  }
  throw cannotEvaluate(at, frame, fmt::format("a call of {}()", f));
}

Value Evaluator::callValue(const Value &callee, std::vector<Value> args,
                           std::vector<std::pair<std::string, Value>> kwargs, ast::Location at,
                           const Frame &frame) {
  switch (callee.kind) {
  case Value::Kind::Builtin:
    return builtin(callee.s, args, kwargs, at, frame);
  case Value::Kind::Method:
    if (!kwargs.empty())
      throw cannotEvaluate(at, frame, fmt::format("keyword arguments of {}()", callee.s));
    return method(callee.items[0], callee.s, args, at, frame);
  case Value::Kind::Function:
    return call(callee, std::move(args), std::move(kwargs), at, frame);
  case Value::Kind::ExcClass: {
    if (!kwargs.empty())
      throw cannotEvaluate(at, frame, "keyword arguments of an exception");
    Value e = Value::named(Value::Kind::Exception, callee.s);
    e.items = std::move(args);
    return e;
  }
  case Value::Kind::PyClass: {
    const std::string &c = callee.s;
    if (!kwargs.empty() || args.size() > 1)
      raise("TypeError", fmt::format("{}() takes at most 1 argument", c), at, frame);
    if (args.empty())
      return c == "int" ? Value::integer(0)
             : c == "float" ? Value::floating(0)
             : c == "bool" ? Value::boolean(false)
             : c == "str" ? Value::str("")
             : c == "tuple" ? Value::tuple({})
             : [&]() -> Value { throw cannotEvaluate(at, frame, fmt::format("{}()", c)); }();
    const Value &v = args[0];
    if (c == "str")
      return Value::str(str(v));
    if (c == "bool")
      return Value::boolean(truthy(v));
    if (c == "tuple")
      return Value::tuple(iterate(v, at, frame));
    if (c == "int" && isNumeric(v)) {
      if (v.kind != Value::Kind::Float)
        return Value::integer(asInt(v));
      if (std::optional<int64_t> i = floatToInt(v.f))
        return Value::integer(*i);
      raise(std::isnan(v.f) ? "ValueError" : "OverflowError",
            "cannot convert float to integer", at, frame);
    }
    if (c == "float" && isNumeric(v))
      return Value::floating(asDouble(v));
    if ((c == "float" || c == "int") && v.kind == Value::Kind::Str) {
      std::string text = v.s;
      text.erase(0, text.find_first_not_of(" \t\n"));
      text.erase(text.find_last_not_of(" \t\n") + 1);
      char *end = nullptr;
      errno = 0;
      if (c == "float") {
        double d = std::strtod(text.c_str(), &end);
        if (!text.empty() && end == text.c_str() + text.size() &&
            text.find_first_of("xXpP") == std::string::npos)
          return Value::floating(d);
      } else {
        long long i = std::strtoll(text.c_str(), &end, 10);
        if (!text.empty() && end == text.c_str() + text.size() && errno == 0)
          return Value::integer(i);
      }
      raise("ValueError", fmt::format("invalid literal for {}(): {}", c, repr(v)), at, frame);
    }
    if (c == "type") {
      if (v.kind == Value::Kind::NType) {
        // the class of a Numba type object
        const Type &t = v.type;
        std::string cls = v.literal ? (t.isBoolean() ? "BooleanLiteral" : "IntegerLiteral")
                          : t.isInteger() ? "Integer"
                          : t.isFloat()   ? "Float"
                          : t.isComplex() ? "Complex"
                          : t.isBoolean() ? "Boolean"
                          : t.isArray()   ? "Array"
                          : t.isTuple()   ? (isUniTuple(t) ? "UniTuple" : "Tuple")
                          : t.isRecord()  ? "Record"
                          : t.kind() == Type::Kind::None ? "NoneType"
                                                         : "Type";
        return Value::named(Value::Kind::TypeClass, cls);
      }
      static const std::map<Value::Kind, std::string> names = {
          {Value::Kind::Int, "int"},   {Value::Kind::Bool, "bool"},  {Value::Kind::Float, "float"},
          {Value::Kind::Str, "str"},   {Value::Kind::Tuple, "tuple"}, {Value::Kind::Dict, "dict"}};
      if (auto it = names.find(v.kind); it != names.end())
        return Value::named(Value::Kind::PyClass, it->second);
    }
    raise("TypeError", fmt::format("{}() of {}", c, describe(v)), at, frame);
  }
  case Value::Kind::TypeClass: {
    // types.Array(dtype, ndim, layout), types.UniTuple(dtype, n), types.Tuple([...])
    const std::string &c = callee.s;
    auto typeArg = [&](const Value &v) {
      if (v.kind != Value::Kind::NType)
        raise("TypeError", fmt::format("types.{}() takes Numba types, not {}", c, describe(v)), at,
              frame);
      return v.type;
    };
    if (c == "Array" && (args.size() == 3 || args.size() == 2)) {
      Type dtype = typeArg(args[0]);
      if (args[1].kind != Value::Kind::Int || args[1].i < 0 ||
          args[1].i > static_cast<int64_t>(Type::kMaxArrayDims))
        raise("TypeError", "types.Array()'s ndim must be an integer", at, frame);
      char layout = 'A';
      if (args.size() == 3) {
        if (args[2].kind != Value::Kind::Str || args[2].s.size() != 1 ||
            std::string("CFA").find(args[2].s) == std::string::npos)
          raise("ValueError", "types.Array()'s layout is 'C', 'F' or 'A'", at, frame);
        layout = args[2].s[0];
      }
      bool readonly = false;
      for (auto &[k, v] : kwargs) {
        if (k != "readonly")
          throw cannotEvaluate(at, frame, fmt::format("types.Array()'s keyword '{}'", k));
        readonly = truthy(v);
      }
      Type t = Type::array(dtype, static_cast<unsigned>(args[1].i), layout);
      return Value::ntype(readonly ? t.readonlyArray() : t);
    }
    if (c == "UniTuple" && args.size() == 2 && kwargs.empty() && args[1].kind == Value::Kind::Int &&
        args[1].i >= 0 && args[1].i <= 1024)
      return Value::ntype(Type::tuple(std::vector<Type>(static_cast<size_t>(args[1].i),
                                                        typeArg(args[0]))));
    if (c == "Tuple" && args.size() == 1 && kwargs.empty()) {
      std::vector<Type> ts;
      for (const Value &v : iterate(args[0], at, frame))
        ts.push_back(typeArg(v));
      return Value::ntype(Type::tuple(ts));
    }
    throw cannotEvaluate(at, frame, fmt::format("types.{}(...) with these arguments", c));
  }
  case Value::Kind::NType:
    // types.float32(0): numba's cast of a Python number, a typed scalar.
    if (args.size() == 1 && kwargs.empty() && isNumeric(args[0]) && callee.type.isNumber()) {
      const Type &t = callee.type;
      Value v;
      if (t.isFloat()) {
        v = Value::floating(roundToFloatWidth(asDouble(args[0]), t.bits()));
      } else if (t.isBoolean()) {
        v = Value::boolean(asDouble(args[0]) != 0);
      } else {
        std::optional<int64_t> converted = args[0].kind == Value::Kind::Float
                                               ? floatToInt(args[0].f)
                                               : std::optional<int64_t>(asInt(args[0]));
        if (!converted)
          raise("OverflowError", "cannot convert float to integer", at, frame);
        int64_t x = *converted;
        unsigned shift = 64 - t.bits();
        if (shift)
          x = t.isSigned() ? static_cast<int64_t>(static_cast<uint64_t>(x) << shift) >> shift
                           : static_cast<int64_t>(static_cast<uint64_t>(x) << shift >> shift);
        v = Value::integer(x);
      }
      v.type = t;
      return v;
    }
    throw cannotEvaluate(at, frame, fmt::format("a call of the type {} (a signature: nvc takes "
                                                "an implementation, not a (signature, "
                                                "implementation) pair)",
                                                str(callee)));
  case Value::Kind::Opaque:
    throw cannotEvaluate(at, frame, fmt::format("a call of {}", callee.s));
  default:
    raise("TypeError", fmt::format("{} is not callable", describe(callee)), at, frame);
  }
}

Value Evaluator::eval(const ast::Expr &e, const std::shared_ptr<Frame> &frame) {
  switch (e.getKind()) {
  case ast::Expr::Kind::IntLiteral: {
    auto &lit = cast<ast::IntLiteral>(e);
    if (!lit.fitsUInt64 || lit.value > static_cast<uint64_t>(INT64_MAX))
      throw cannotEvaluate(e.getLoc(), *frame, "an integer beyond 64 bits");
    return Value::integer(static_cast<int64_t>(lit.value));
  }
  case ast::Expr::Kind::FloatLiteral:
    return Value::floating(cast<ast::FloatLiteral>(e).value);
  case ast::Expr::Kind::StringLiteral:
    return Value::str(cast<ast::StringLiteral>(e).value);
  case ast::Expr::Kind::FormattedString:
    return Value::str(formatted(cast<ast::FormattedString>(e), frame));
  case ast::Expr::Kind::BoolLiteral:
    return Value::boolean(cast<ast::BoolLiteral>(e).value);
  case ast::Expr::Kind::NoneLiteral:
    return Value::none();
  case ast::Expr::Kind::Name:
    return name(cast<ast::Name>(e), frame);
  case ast::Expr::Kind::Attribute: {
    auto &a = cast<ast::Attribute>(e);
    return attribute(eval(*a.value, frame), a.attr, a.attrLoc, *frame);
  }
  case ast::Expr::Kind::Subscript: {
    auto &s = cast<ast::Subscript>(e);
    Value base = eval(*s.value, frame);
    return subscript(base, eval(*s.index, frame), s.getLoc(), *frame);
  }
  case ast::Expr::Kind::Slice: {
    auto &s = cast<ast::Slice>(e);
    if (s.ellipsis)
      throw cannotEvaluate(e.getLoc(), *frame, "'...'");
    Value v = Value::named(Value::Kind::Opaque, "slice");
    for (const ast::ExprPtr *part : {&s.lower, &s.upper, &s.step})
      v.items.push_back(*part ? eval(**part, frame) : Value::none());
    return v;
  }
  case ast::Expr::Kind::Call: {
    auto &c = cast<ast::Call>(e);
    Value callee = eval(*c.func, frame);
    std::vector<Value> args;
    for (size_t k = 0; k < c.args.size(); ++k) {
      Value v = eval(*c.args[k], frame);
      if (std::find(c.starredArgs.begin(), c.starredArgs.end(), k) != c.starredArgs.end()) {
        for (Value &item : iterate(v, c.args[k]->getLoc(), *frame))
          args.push_back(std::move(item));
      } else {
        args.push_back(std::move(v));
      }
    }
    std::vector<std::pair<std::string, Value>> kwargs;
    for (auto &kw : c.keywords)
      kwargs.emplace_back(kw.name, eval(*kw.value, frame));
    return callValue(callee, std::move(args), std::move(kwargs), c.getLoc(), *frame);
  }
  case ast::Expr::Kind::BinOp: {
    auto &b = cast<ast::BinOp>(e);
    Value l = eval(*b.lhs, frame);
    return binary(b.op, l, eval(*b.rhs, frame), b.getLoc(), *frame);
  }
  case ast::Expr::Kind::UnaryOp: {
    auto &u = cast<ast::UnaryOp>(e);
    Value v = eval(*u.operand, frame);
    switch (u.op) {
    case ast::UnaryOpKind::Not: return Value::boolean(!truthy(v));
    case ast::UnaryOpKind::UAdd:
      if (!isNumeric(v))
        raise("TypeError", fmt::format("bad operand type for unary +: {}", describe(v)), u.getLoc(),
              *frame);
      return v.kind == Value::Kind::Bool ? Value::integer(v.b) : v;
    case ast::UnaryOpKind::USub:
      if (v.kind == Value::Kind::Float)
        return Value::floating(-v.f);
      return binary(ast::BinOpKind::Sub, Value::integer(0), v, u.getLoc(), *frame);
    case ast::UnaryOpKind::Invert:
      if (v.kind != Value::Kind::Int && v.kind != Value::Kind::Bool)
        raise("TypeError", fmt::format("bad operand type for unary ~: {}", describe(v)), u.getLoc(),
              *frame);
      return Value::integer(~asInt(v));
    }
    break;
  }
  case ast::Expr::Kind::BoolOp: {
    auto &b = cast<ast::BoolOp>(e);
    Value v;
    for (auto &operand : b.values) {
      v = eval(*operand, frame);
      if (truthy(v) == (b.op == ast::BoolOpKind::Or))
        return v;
    }
    return v;
  }
  case ast::Expr::Kind::Compare: {
    auto &c = cast<ast::Compare>(e);
    Value left = eval(*c.left, frame);
    for (size_t k = 0; k < c.ops.size(); ++k) {
      Value right = eval(*c.comparators[k], frame);
      if (!compare(c.ops[k], left, right, c.opLocs[k], *frame))
        return Value::boolean(false);
      left = std::move(right);
    }
    return Value::boolean(true);
  }
  case ast::Expr::Kind::IfExp: {
    auto &i = cast<ast::IfExp>(e);
    return truthy(eval(*i.test, frame)) ? eval(*i.body, frame) : eval(*i.orelse, frame);
  }
  case ast::Expr::Kind::Tuple:
  case ast::Expr::Kind::List: {
    const auto &elts = isa<ast::Tuple>(e) ? cast<ast::Tuple>(e).elts : cast<ast::List>(e).elts;
    std::vector<Value> items;
    for (auto &x : elts)
      items.push_back(eval(*x, frame));
    return Value::tuple(items);
  }
  case ast::Expr::Kind::Dict: {
    auto &d = cast<ast::Dict>(e);
    Value v;
    v.kind = Value::Kind::Dict;
    for (size_t k = 0; k < d.keys.size(); ++k) {
      v.keys.push_back(eval(*d.keys[k], frame));
      v.items.push_back(eval(*d.values[k], frame));
    }
    return v;
  }
  case ast::Expr::Kind::Lambda: {
    FunctionValue fv;
    fv.lambda = &cast<ast::Lambda>(e);
    fv.env = frame;
    fv.scope = frame->scope;
    for (const ast::Param &p : fv.lambda->params)
      fv.defaults.push_back(p.defaultValue
                                ? std::make_shared<const Value>(eval(*p.defaultValue, frame))
                                : nullptr);
    if (fv.defaults.empty())
      fv.defaults.push_back(nullptr); // marks the defaults as evaluated
    return Value::function(std::move(fv));
  }
  case ast::Expr::Kind::ImaginaryLiteral:
    throw cannotEvaluate(e.getLoc(), *frame, "a complex number");
  }
  throw cannotEvaluate(e.getLoc(), *frame, "this expression");
}

//===----------------------------------------------------------------------===//
// numba's check of strict=True overloads (_validate_sigs)
//===----------------------------------------------------------------------===//

/// A parameter as inspect.Parameter has it.
struct PyParam {
  std::string name;
  ast::Param::Kind kind;
  std::shared_ptr<const Value> dflt; ///< null: no default
  bool operator==(const PyParam &o) const { return name == o.name && kind == o.kind; }
  std::string str() const {
    std::string prefix = kind == ast::Param::Kind::VarPositional ? "*"
                         : kind == ast::Param::Kind::VarKeyword ? "**"
                                                                  : "";
    return prefix + name + (dflt ? "=" + repr(*dflt) : "");
  }
};

std::string signatureStr(const std::vector<PyParam> &ps) {
  std::string s = "(";
  bool star = false;
  for (size_t k = 0; k < ps.size(); ++k) {
    if (k)
      s += ", ";
    if (ps[k].kind == ast::Param::Kind::KeywordOnly && !star) {
      s += "*, ";
      star = true;
    }
    if (ps[k].kind == ast::Param::Kind::VarPositional)
      star = true;
    s += ps[k].str();
    if (ps[k].kind == ast::Param::Kind::PositionalOnly &&
        (k + 1 == ps.size() || ps[k + 1].kind != ast::Param::Kind::PositionalOnly))
      s += ", /";
  }
  return s + ")";
}

/// numba.core.typing.templates._OverloadFunctionTemplate._validate_sigs:
/// the implementation must take the typing function's parameters. Its
/// message, or nothing when they agree.
std::optional<std::string> validateSignatures(const std::vector<PyParam> &typing,
                                              const std::vector<PyParam> &impl) {
  struct Split {
    std::vector<PyParam> args, kws;
    const PyParam *pos = nullptr;
  };
  auto split = [](const std::vector<PyParam> &ps) -> std::variant<Split, std::string> {
    Split out;
    for (const PyParam &p : ps) {
      if (!p.dflt) {
        out.args.push_back(p);
        if (p.kind == ast::Param::Kind::VarPositional)
          out.pos = &p;
        else if (p.kind == ast::Param::Kind::VarKeyword)
          return fmt::format("The use of VAR_KEYWORD (e.g. **kwargs) is unsupported. (offending "
                             "argument name is '{}')",
                             p.str());
      } else {
        out.kws.push_back(p);
      }
    }
    return out;
  };
  auto ty = split(typing);
  if (auto *msg = std::get_if<std::string>(&ty))
    return *msg;
  auto im = split(impl);
  if (auto *msg = std::get_if<std::string>(&im))
    return *msg;
  Split &t = std::get<Split>(ty), &m = std::get<Split>(im);
  std::string sigStr = fmt::format("typing signature {}, implementation signature {}",
                                   signatureStr(typing), signatureStr(impl));
  const std::string prefix = "Typing and implementation arguments differ in ";
  auto diff = [](const std::vector<PyParam> &a, const std::vector<PyParam> &b) {
    // Python's set(a) ^ set(b) of the parameters (name, kind and default).
    std::set<std::string> x, y, names;
    for (const PyParam &p : a)
      x.insert(p.str());
    for (const PyParam &p : b)
      y.insert(p.str());
    std::set_symmetric_difference(x.begin(), x.end(), y.begin(), y.end(),
                                  std::inserter(names, names.end()));
    std::string s = "difference: {";
    bool first = true;
    for (const std::string &n : names) {
      s += (first ? "<Parameter \"" : ", <Parameter \"") + n + "\">";
      first = false;
    }
    return s + "}";
  };
  std::vector<PyParam> a = t.args, b = m.args;
  if (t.pos) {
    if (!m.pos)
      return fmt::format("VAR_POSITIONAL (e.g. *args) argument kind (offending argument name is "
                         "'{}') found in the typing function signature, but is not in the "
                         "implementing function signature ({})",
                         t.pos->str(), sigStr);
  } else if (m.pos) {
    // *args in the implementation consumes the typing function's arguments
    // after those it names.
    auto at = std::find(m.args.begin(), m.args.end(), *m.pos);
    b.assign(m.args.begin(), at);
    auto last = b.empty() ? t.args.end() : std::find(t.args.begin(), t.args.end(), b.back());
    if (last == t.args.end())
      return prefix + fmt::format("argument names ({}; first difference: '{}')", sigStr,
                                  b.empty() ? m.pos->str() : b.back().str());
    a.assign(t.args.begin(), last + 1);
  }
  if (!(a == b))
    return prefix + fmt::format("argument names ({}; {})", sigStr, diff(a, b));
  std::vector<std::string> tyNames, imNames;
  for (auto &p : t.kws)
    tyNames.push_back(p.name);
  for (auto &p : m.kws)
    imNames.push_back(p.name);
  if (tyNames != imNames)
    return prefix + fmt::format("keyword argument names ({}; {})", sigStr, diff(t.kws, m.kws));
  for (size_t k = 0; k < t.kws.size(); ++k)
    if (!equal(*t.kws[k].dflt, *m.kws[k].dflt))
      return prefix + fmt::format("keyword argument default values ({}; {})", sigStr,
                                  diff(t.kws, m.kws));
  return std::nullopt;
}

} // namespace

//===----------------------------------------------------------------------===//
// The resolver
//===----------------------------------------------------------------------===//

class OverloadResolver {
public:
  /// The chosen implementation by call (overload set, arguments, spelling).
  std::map<std::string, const DecoratedFunction *> choices;
  /// The device functions made of implementations, by (function node,
  /// closure frame, overload).
  std::map<std::tuple<const void *, std::string, const OverloadDecl *>,
           std::unique_ptr<DecoratedFunction>>
      instances;
  std::vector<std::unique_ptr<ModuleScope>> scopes;
  std::map<const ast::Lambda *, std::unique_ptr<ast::FunctionDef>> lambdaDefs;
  std::vector<std::shared_ptr<Frame>> frames; ///< keeps closure frames (and keys) alive
  std::set<std::string> keyNames;
  /// The @overload_methods that apply to a receiver type, by set and type.
  std::map<std::pair<const OverloadSet *, std::string>, std::unique_ptr<OverloadSet>> methodSets;

  const DecoratedFunction &instantiate(const FunctionValue &f, const OverloadDecl &decl);

private:
  std::string uniqueName(const std::string &base) {
    std::string name = base;
    for (int k = 2; !keyNames.insert(name).second; ++k)
      name = fmt::format("{}_{}", base, k);
    return name;
  }
};

const DecoratedFunction &OverloadResolver::instantiate(const FunctionValue &f,
                                                       const OverloadDecl &decl) {
  if (f.decorated)
    return *f.decorated;
  const void *node = f.def ? static_cast<const void *>(f.def) : f.lambda;
  // One device function per closure and the values it closes over: the
  // typing function evaluated again for other arguments (a keyword more)
  // gives the same implementation.
  std::set<const void *> visiting;
  auto key = std::make_tuple(node, closureKey(f, visiting), &decl);
  if (auto it = instances.find(key); it != instances.end())
    return *it->second;
  auto owned = std::make_unique<DecoratedFunction>();
  DecoratedFunction &fn = *owned;
  instances[key] = std::move(owned);
  if (f.env)
    frames.push_back(f.env);
  const ast::FunctionDef *def = f.def;
  if (f.lambda) {
    std::unique_ptr<ast::FunctionDef> &synth = lambdaDefs[f.lambda];
    if (!synth) {
      std::vector<ast::Param> params;
      for (auto &p : f.lambda->params)
        params.push_back(ast::Param{p.loc, p.name, nullptr, ast::clone(p.defaultValue.get()),
                                    p.kind, p.markerLoc});
      ast::Block body;
      body.push_back(std::make_unique<ast::Return>(f.lambda->body->getLoc(),
                                                   ast::clone(f.lambda->body.get())));
      synth = std::make_unique<ast::FunctionDef>(f.lambda->getLoc(), "<lambda>", std::move(params),
                                                 nullptr, std::vector<ast::ExprPtr>{},
                                                 std::move(body));
    }
    def = synth.get();
  }
  fn.def = def;
  fn.isKernel = false;
  fn.keyName = uniqueName(fmt::format("{}__{}", decl.def->name,
                                      f.lambda ? std::string("lambda") : def->name));
  fn.source = &f.scope->source();
  fn.paramError = ModuleScope::unsupportedParameterKind(*def, fn.source);
  if (decl.jitOptions.fastmath)
    fn.fastmath = *decl.jitOptions.fastmath;
  if (decl.jitOptions.boundscheck)
    fn.boundscheck = decl.jitOptions.boundscheck;
  if (decl.jitOptions.debug)
    fn.debug = *decl.jitOptions.debug;
  if (decl.jitOptions.pythonErrorModel)
    fn.pythonErrorModel = decl.jitOptions.pythonErrorModel;
  if (!f.env) {
    fn.scope = f.scope;
    return fn;
  }
  // A closure: the names of the frames it closes over (the innermost
  // binding of each) as constants, dtypes and functions of a scope of its own.
  std::map<std::string, const Value *> captured =
      closureValues(f.env.get(), freeNames(f.def, f.lambda));
  std::map<std::string, GlobalSymbol> names;
  std::map<std::string, std::string> unusable, strings;
  ast::Location at = def->getLoc();
  std::function<std::optional<ConstValue>(const Value &)> constant =
      [&](const Value &v) -> std::optional<ConstValue> {
    ConstValue c;
    switch (v.kind) {
    case Value::Kind::Bool: c.type = Type::boolean(); c.i = v.b; return c;
    case Value::Kind::Int:
      c.type = v.type.isInteger() ? v.type : Type::integer(64);
      c.i = v.i;
      return c;
    case Value::Kind::Float:
      c.type = v.type.isFloat() ? v.type : Type::floating(64);
      c.f = v.f;
      return c;
    case Value::Kind::Tuple: {
      std::vector<Type> types;
      for (const Value &item : v.items) {
        std::optional<ConstValue> e = constant(item);
        if (!e)
          return std::nullopt;
        types.push_back(e->type);
        c.elements.push_back(*e);
      }
      c.type = Type::tuple(types);
      return c;
    }
    default: return std::nullopt;
    }
  };
  for (auto &[name, vp] : captured) {
    const Value &v = *vp;
    if (std::optional<ConstValue> c = constant(v)) {
      names[name] = {GlobalSymbol::Kind::Constant, name, c->type, *c, at};
      continue;
    }
    switch (v.kind) {
    case Value::Kind::NType:
      if (v.type.isScalar()) {
        names[name] = {GlobalSymbol::Kind::DType, name, v.type, {}, at};
        continue;
      }
      break;
    case Value::Kind::Function:
      if (!v.fn->builtin.empty()) {
        names[name] = {GlobalSymbol::Kind::Function, v.fn->builtin, Type::function(v.fn->builtin),
                       {}, at};
        continue;
      }
      if (v.fn->params() || v.fn->decorated) {
        const DecoratedFunction &g = instantiate(*v.fn, decl);
        GlobalSymbol sym{GlobalSymbol::Kind::UserFunction, name, Type::userFunction(name), {}, at};
        sym.function = &g;
        names[name] = sym;
        continue;
      }
      break;
    case Value::Kind::Module:
      if (v.s != "numba.errors" && v.s != "numba.extending" && v.s != "numba.core") {
        names[name] = {GlobalSymbol::Kind::Module, v.s, Type::module(v.s), {}, at};
        continue;
      }
      break;
    case Value::Kind::Str:
      strings[name] = v.s;
      continue;
    default:
      break;
    }
    unusable[name] = fmt::format("'{}' is {} in the typing function '{}' of this overload, "
                                 "which kernels cannot use (an implementation may use the "
                                 "typing function's numbers, booleans, tuples of them, scalar "
                                 "types, strings, modules and functions)",
                                 name, describe(v), decl.def->name);
  }
  scopes.push_back(f.scope->withNames(names, unusable, strings));
  fn.scope = scopes.back().get();
  return fn;
}

const OverloadSet *applicableMethods(InferenceContext &context, const OverloadSet &set,
                                     const Type &receiver) {
  if (!context.overloads)
    context.overloads = std::make_shared<OverloadResolver>();
  std::unique_ptr<OverloadSet> &out = context.overloads->methodSets[{&set, receiver.str()}];
  if (!out) {
    out = std::make_unique<OverloadSet>();
    out->name = set.name;
    for (const OverloadDecl &d : set.decls)
      if (classMatches(receiver, false, d.methodClass))
        out->decls.push_back(d);
  }
  return out->decls.empty() ? nullptr : out.get();
}

namespace {

/// How specific an overload's target is for the kernel being typed (lower
/// first); nothing for targets that do not apply to the GPU.
std::optional<int> targetRank(const std::string &target, bool cudaSpelling) {
  if (target == "cuda")
    return cudaSpelling ? 0 : 1;
  if (target == "vulkan")
    return cudaSpelling ? 1 : 0;
  if (target == "gpu")
    return 2;
  if (target == "generic")
    return 3;
  return std::nullopt;
}

std::string argumentsStr(const std::vector<OverloadArg> &args) {
  std::string s = "(";
  for (size_t k = 0; k < args.size(); ++k) {
    s += k ? ", " : "";
    if (!args[k].keyword.empty())
      s += args[k].keyword + "=";
    s += args[k].type.str();
  }
  return s + ")";
}

std::string where(const SourceFile *file, ast::Location loc) {
  return file ? fmt::format("{}:{}", file->path(), loc.line) : fmt::format("line {}", loc.line);
}

} // namespace

OverloadChoice resolveOverload(InferenceContext &context, const OverloadSet &set,
                               const std::vector<OverloadArg> &args, ast::Location callLoc,
                               const CompileImplementation &compile) {
  if (!context.overloads)
    context.overloads = std::make_shared<OverloadResolver>();
  OverloadResolver &resolver = *context.overloads;
  bool cudaSpelling = !context.kernel || context.kernel->numbaCudaSpelling;
  std::vector<std::pair<int, const OverloadDecl *>> candidates;
  std::set<std::string> otherTargets;
  for (const OverloadDecl &d : set.decls) {
    if (std::optional<int> rank = targetRank(d.target, cudaSpelling))
      candidates.emplace_back(*rank, &d);
    else
      otherTargets.insert(d.target);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](auto &a, auto &b) { return a.first < b.first; });
  std::string callName = set.decls.empty() || set.decls.front().methodClass.empty()
                             ? "'" + set.name + "'"
                             : "method '" + set.name + "'";
  if (candidates.empty()) {
    std::string targets;
    for (auto &t : otherTargets)
      targets += (targets.empty() ? "'" : ", '") + t + "'";
    throw CompileError(callLoc, fmt::format("{} has no implementation for the GPU: its "
                                            "@overloads are for target {} (nvc compiles "
                                            "target=\"cuda\", \"vulkan\" and \"generic\" ones)",
                                            callName, targets));
  }
  // The choice is remembered per arguments (numba caches its
  // implementations the same way).
  std::string cacheKey = fmt::format("{}|{}|", static_cast<const void *>(&set), cudaSpelling);
  for (auto &a : args) {
    cacheKey += a.keyword + "=" + a.type.str();
    if (a.literal)
      cacheKey += fmt::format("[{}]", a.literal->i);
    cacheKey += ";";
  }
  if (auto it = resolver.choices.find(cacheKey); it != resolver.choices.end())
    return {it->second, compile(*it->second)};

  struct Failure {
    std::string text;
    std::optional<CompileError> error;
    std::optional<CompileErrors> errors;
  };
  std::vector<Failure> failures;
  bool anyLiteral = std::any_of(args.begin(), args.end(), [](const OverloadArg &a) {
    return a.literal && (a.type.isInteger() || a.type.isBoolean());
  });
  for (auto &[rank, declp] : candidates) {
    const OverloadDecl &decl = *declp;
    if (decl.error)
      throw *decl.error;
    std::string who = fmt::format("overload '{}' ({})", decl.def->name, where(decl.source, decl.def->getLoc()));
    std::vector<bool> passes = decl.preferLiteral ? std::vector<bool>{true, false}
                                                  : std::vector<bool>{false, true};
    if (!anyLiteral)
      passes = {false};
    for (bool literal : passes) {
      std::vector<Value> positional;
      std::vector<std::pair<std::string, Value>> keywords;
      for (const OverloadArg &a : args) {
        std::optional<ConstValue> lit;
        if (literal && a.literal && (a.type.isInteger() || a.type.isBoolean()))
          lit = a.literal;
        Value v = Value::ntype(a.type, lit);
        if (a.keyword.empty())
          positional.push_back(v);
        else
          keywords.emplace_back(a.keyword, v);
      }
      Evaluator evaluator;
      FunctionValue typing;
      typing.def = decl.def;
      typing.scope = decl.scope;
      Frame callerFrame;
      callerFrame.scope = decl.scope;
      callerFrame.source = decl.source;
      Value result;
      try {
        result = evaluator.call(Value::function(typing), positional, keywords, decl.def->getLoc(),
                                callerFrame);
      } catch (PyRaise &r) {
        std::string at = r.file ? where(r.file, r.loc) : "";
        failures.push_back({fmt::format("{} raised {}{}{}", who, r.cls,
                                        r.message.empty() ? "" : ": " + r.message,
                                        at.empty() ? "" : " (at " + at + ")"),
                            {}, {}});
        continue;
      } catch (CompileError &e) {
        if (!e.file)
          e.file = decl.source;
        throw;
      }
      if (result.kind == Value::Kind::None) {
        failures.push_back({fmt::format("{} returned None (no implementation for these "
                                        "argument types)",
                                        who),
                            {}, {}});
        continue;
      }
      if (result.kind == Value::Kind::Tuple) {
        CompileError e(evaluator.lastReturn,
                       "nvc cannot compile an @overload that returns a (signature, "
                       "implementation) pair: return the implementation only");
        e.file = evaluator.lastReturnFile;
        throw e;
      }
      if (result.kind != Value::Kind::Function || !result.fn->builtin.empty()) {
        failures.push_back({fmt::format("{}: Implementation function returned by `@overload` "
                                        "has an unexpected type.  Got {}",
                                        who, str(result)),
                            {}, {}});
        continue;
      }
      const FunctionValue &implFn = *result.fn;
      if (decl.strict) {
        auto pyParams = [&](const FunctionValue &f) {
          std::vector<PyParam> out;
          const std::vector<ast::Param> &ps =
              f.decorated ? f.decorated->def->params : *f.params();
          FunctionValue plain = f;
          if (f.decorated) {
            plain = FunctionValue();
            plain.def = f.decorated->def;
            plain.scope = f.decorated->scope;
          }
          std::vector<std::shared_ptr<const Value>> defaults = evaluator.defaultsOf(plain);
          for (size_t k = 0; k < ps.size(); ++k)
            out.push_back({ps[k].name, ps[k].kind, k < defaults.size() ? defaults[k] : nullptr});
          return out;
        };
        std::optional<std::string> mismatch;
        try {
          mismatch = validateSignatures(pyParams(typing), pyParams(implFn));
        } catch (PyRaise &r) {
          mismatch = r.cls + ": " + r.message;
        } catch (CompileError &e) {
          if (!e.file)
            e.file = decl.source;
          throw;
        }
        if (mismatch) {
          failures.push_back({fmt::format("{}: {}", who, *mismatch), {}, {}});
          continue;
        }
      }
      const DecoratedFunction &impl = resolver.instantiate(implFn, decl);
      try {
        std::string key = compile(impl);
        resolver.choices[cacheKey] = &impl;
        return {&impl, key};
      } catch (CompileError &e) {
        failures.push_back({fmt::format("{}: its implementation '{}' does not compile for "
                                        "these arguments: {}",
                                        who, impl.def->name, e.message),
                            e, {}});
      } catch (CompileErrors &e) {
        failures.push_back({fmt::format("{}: its implementation '{}' does not compile for "
                                        "these arguments: {}",
                                        who, impl.def->name, e.errors.front().message),
                            {}, e});
      }
    }
  }
  // One implementation that does not compile: its own errors say most.
  if (failures.size() == 1 && failures.front().error)
    throw *failures.front().error;
  if (failures.size() == 1 && failures.front().errors)
    throw *failures.front().errors;
  std::string message = fmt::format("no @overload of {} accepts the arguments {}", callName,
                                    argumentsStr(args));
  for (size_t k = 0; k < failures.size(); ++k)
    message += (k ? "; " : ": ") + failures[k].text;
  throw CompileError(callLoc, message);
}

} // namespace nvc
