//===- AST.h - Abstract syntax tree of the Python kernel subset -----------===//
//
// The parser (Parser.h) turns a kernel source file into this tree. It mirrors
// the node set of CPython's `ast` module for the statements and expressions
// that GPU kernels use, so that names and shapes are familiar; every node
// carries the 1-based line and column (in bytes) where it starts, which every
// later diagnostic points at. Nodes are owned through std::unique_ptr and
// discriminated with LLVM-style RTTI (`llvm::isa`, `llvm::dyn_cast` work on
// them through the static `classof` functions).
//
// The tree is syntax only: no types, no name resolution. Constructs that the
// parser accepts but the kernel language does not (e.g. `global`, `raise`)
// are still represented, so that semantic analysis can reject them with a
// precise message.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_AST_H
#define NVC_FRONTEND_AST_H

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nvc::ast {

/// A position in a source file: 1-based line and 1-based byte column.
/// Line 0 means "no location" (e.g. for synthesized nodes).
struct Location {
  uint32_t line = 0;
  uint32_t col = 0;
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

class Expr {
public:
  enum class Kind {
    IntLiteral,
    FloatLiteral,
    ImaginaryLiteral,
    StringLiteral,
    FormattedString,
    BoolLiteral,
    NoneLiteral,
    Name,
    Attribute,
    Subscript,
    Slice,
    Call,
    BinOp,
    UnaryOp,
    BoolOp,
    Compare,
    IfExp,
    Tuple,
    List,
    Dict,
    Lambda,
  };
  Expr(Kind kind, Location loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;
  Kind getKind() const { return kind; }
  Location getLoc() const { return loc; }

private:
  const Kind kind;
  Location loc;
};
using ExprPtr = std::unique_ptr<Expr>;

/// An integer literal (decimal, 0x, 0o, 0b, with `_` separators). Python
/// integers are unbounded: `value` holds the value when it fits in 64 unsigned
/// bits, otherwise `fitsUInt64` is false and `value` is meaningless. A leading
/// minus sign is a separate UnaryOp.
struct IntLiteral : Expr {
  IntLiteral(Location loc, std::string text, uint64_t value, bool fitsUInt64)
      : Expr(Kind::IntLiteral, loc), text(std::move(text)), value(value),
        fitsUInt64(fitsUInt64) {}
  std::string text; ///< spelling as written
  uint64_t value;
  bool fitsUInt64;
  static bool classof(const Expr *e) { return e->getKind() == Kind::IntLiteral; }
};

/// A float literal (`1.5`, `1e-3`, `.5`, `1.`); `inf` if it overflows, as
/// CPython does.
struct FloatLiteral : Expr {
  FloatLiteral(Location loc, std::string text, double value)
      : Expr(Kind::FloatLiteral, loc), text(std::move(text)), value(value) {}
  std::string text;
  double value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::FloatLiteral; }
};

/// An imaginary literal (`1j`, `2.5J`): `value` is the imaginary part.
struct ImaginaryLiteral : Expr {
  ImaginaryLiteral(Location loc, std::string text, double value)
      : Expr(Kind::ImaginaryLiteral, loc), text(std::move(text)), value(value) {}
  std::string text;
  double value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::ImaginaryLiteral; }
};

/// A string literal (single, double or triple quoted, with escapes decoded;
/// adjacent literals concatenated). Used for signatures, dtype names and
/// docstrings.
struct StringLiteral : Expr {
  StringLiteral(Location loc, std::string value)
      : Expr(Kind::StringLiteral, loc), value(std::move(value)) {}
  std::string value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::StringLiteral; }
};

/// An f-string (adjacent literals concatenated): `text` is the raw source
/// between the quotes, plain literals' braces doubled. Parsed for host code
/// and the typing functions of `@overload` (their error messages), which
/// nvc evaluates (Overloads.h); type inference refuses it in kernels.
struct FormattedString : Expr {
  FormattedString(Location loc, std::string text)
      : Expr(Kind::FormattedString, loc), text(std::move(text)) {}
  std::string text;
  static bool classof(const Expr *e) { return e->getKind() == Kind::FormattedString; }
};

struct BoolLiteral : Expr {
  BoolLiteral(Location loc, bool value) : Expr(Kind::BoolLiteral, loc), value(value) {}
  bool value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolLiteral; }
};

struct NoneLiteral : Expr {
  explicit NoneLiteral(Location loc) : Expr(Kind::NoneLiteral, loc) {}
  static bool classof(const Expr *e) { return e->getKind() == Kind::NoneLiteral; }
};

struct Name : Expr {
  Name(Location loc, std::string id) : Expr(Kind::Name, loc), id(std::move(id)) {}
  std::string id;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Name; }
};

/// `value.attr`; the location is that of the whole expression (its start),
/// `attrLoc` that of the attribute name.
struct Attribute : Expr {
  Attribute(Location loc, ExprPtr value, std::string attr, Location attrLoc)
      : Expr(Kind::Attribute, loc), value(std::move(value)), attr(std::move(attr)),
        attrLoc(attrLoc) {}
  ExprPtr value;
  std::string attr;
  Location attrLoc;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Attribute; }
};

/// `value[index]`; `a[i, j]` has a Tuple index, `a[1:n]` a Slice index.
struct Subscript : Expr {
  Subscript(Location loc, ExprPtr value, ExprPtr index)
      : Expr(Kind::Subscript, loc), value(std::move(value)), index(std::move(index)) {}
  ExprPtr value;
  ExprPtr index;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Subscript; }
};

/// `lower:upper:step` inside a subscript; absent parts are null.
struct Slice : Expr {
  Slice(Location loc, ExprPtr lower, ExprPtr upper, ExprPtr step)
      : Expr(Kind::Slice, loc), lower(std::move(lower)), upper(std::move(upper)),
        step(std::move(step)) {}
  ExprPtr lower, upper, step;
  /// `...` in a subscript: as many `:` as the dimensions the other items
  /// leave (expandEllipsis in TypeRules.h), NumPy's Ellipsis.
  bool ellipsis = false;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Slice; }
};

struct Keyword {
  Location loc;
  std::string name;
  ExprPtr value;
};

struct Call : Expr {
  Call(Location loc, ExprPtr func, std::vector<ExprPtr> args, std::vector<Keyword> keywords)
      : Expr(Kind::Call, loc), func(std::move(func)), args(std::move(args)),
        keywords(std::move(keywords)) {}
  ExprPtr func;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  /// Indices of the arguments written `*expr` (argument unpacking of a
  /// tuple; type inference expands them: sema's unpackedCall).
  std::vector<size_t> starredArgs;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Call; }
};

enum class BinOpKind {
  Add, Sub, Mult, MatMult, Div, FloorDiv, Mod, Pow,
  LShift, RShift, BitOr, BitXor, BitAnd,
};

/// Binary arithmetic; the location is the operator's.
struct BinOp : Expr {
  BinOp(Location loc, BinOpKind op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::BinOp, loc), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
  BinOpKind op;
  ExprPtr lhs, rhs;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BinOp; }
};

enum class UnaryOpKind { UAdd, USub, Not, Invert };

struct UnaryOp : Expr {
  UnaryOp(Location loc, UnaryOpKind op, ExprPtr operand)
      : Expr(Kind::UnaryOp, loc), op(op), operand(std::move(operand)) {}
  UnaryOpKind op;
  ExprPtr operand;
  static bool classof(const Expr *e) { return e->getKind() == Kind::UnaryOp; }
};

enum class BoolOpKind { And, Or };

/// `a and b and c` is one BoolOp with three values (as CPython).
struct BoolOp : Expr {
  BoolOp(Location loc, BoolOpKind op, std::vector<ExprPtr> values)
      : Expr(Kind::BoolOp, loc), op(op), values(std::move(values)) {}
  BoolOpKind op;
  std::vector<ExprPtr> values;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolOp; }
};

enum class CmpOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

/// A possibly chained comparison `left op0 c0 op1 c1 ...` (as CPython);
/// `opLocs[k]` is the location of operator k.
struct Compare : Expr {
  Compare(Location loc, ExprPtr left, std::vector<CmpOpKind> ops,
          std::vector<Location> opLocs, std::vector<ExprPtr> comparators)
      : Expr(Kind::Compare, loc), left(std::move(left)), ops(std::move(ops)),
        opLocs(std::move(opLocs)), comparators(std::move(comparators)) {}
  ExprPtr left;
  std::vector<CmpOpKind> ops;
  std::vector<Location> opLocs;
  std::vector<ExprPtr> comparators;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Compare; }
};

/// `body if test else orelse`.
struct IfExp : Expr {
  IfExp(Location loc, ExprPtr test, ExprPtr body, ExprPtr orelse)
      : Expr(Kind::IfExp, loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test, body, orelse;
  static bool classof(const Expr *e) { return e->getKind() == Kind::IfExp; }
};

struct Tuple : Expr {
  Tuple(Location loc, std::vector<ExprPtr> elts) : Expr(Kind::Tuple, loc), elts(std::move(elts)) {}
  std::vector<ExprPtr> elts;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Tuple; }
};

struct List : Expr {
  List(Location loc, std::vector<ExprPtr> elts) : Expr(Kind::List, loc), elts(std::move(elts)) {}
  std::vector<ExprPtr> elts;
  static bool classof(const Expr *e) { return e->getKind() == Kind::List; }
};

/// `{k: v, ...}`: parsed for host code and the options of numba's extension
/// API (`@overload(f, jit_options={"fastmath": True})`); type inference
/// refuses it in kernels.
struct Dict : Expr {
  Dict(Location loc, std::vector<ExprPtr> keys, std::vector<ExprPtr> values)
      : Expr(Kind::Dict, loc), keys(std::move(keys)), values(std::move(values)) {}
  std::vector<ExprPtr> keys, values;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Dict; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind {
    Expr,
    Assign,
    AugAssign,
    AnnAssign,
    If,
    While,
    For,
    UnrolledFor,
    Break,
    Continue,
    Pass,
    Return,
    FunctionDef,
    Import,
    ImportFrom,
    Global,
    Nonlocal,
    Raise,
    Assert,
    Del,
  };
  Stmt(Kind kind, Location loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;
  Kind getKind() const { return kind; }
  Location getLoc() const { return loc; }

private:
  const Kind kind;
  Location loc;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

/// An expression used as a statement (calls, docstrings).
struct ExprStmt : Stmt {
  ExprStmt(Location loc, ExprPtr value) : Stmt(Kind::Expr, loc), value(std::move(value)) {}
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Expr; }
};

/// `t0 = t1 = value`: one or more targets (Name, Subscript, Attribute, Tuple).
struct Assign : Stmt {
  Assign(Location loc, std::vector<ExprPtr> targets, ExprPtr value)
      : Stmt(Kind::Assign, loc), targets(std::move(targets)), value(std::move(value)) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assign; }
};

/// `target op= value`; `opLoc` is the location of the operator.
struct AugAssign : Stmt {
  AugAssign(Location loc, ExprPtr target, BinOpKind op, Location opLoc, ExprPtr value)
      : Stmt(Kind::AugAssign, loc), target(std::move(target)), op(op), opLoc(opLoc),
        value(std::move(value)) {}
  ExprPtr target;
  BinOpKind op;
  Location opLoc;
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::AugAssign; }
};

/// `target: annotation [= value]`.
struct AnnAssign : Stmt {
  AnnAssign(Location loc, ExprPtr target, ExprPtr annotation, ExprPtr value)
      : Stmt(Kind::AnnAssign, loc), target(std::move(target)),
        annotation(std::move(annotation)), value(std::move(value)) {}
  ExprPtr target, annotation, value; ///< value may be null
  static bool classof(const Stmt *s) { return s->getKind() == Kind::AnnAssign; }
};

/// `if`/`elif`/`else`: an `elif` is an If nested as the only statement of
/// `orelse` (as CPython).
struct If : Stmt {
  If(Location loc, ExprPtr test, Block body, Block orelse)
      : Stmt(Kind::If, loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test;
  Block body, orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::If; }
};

struct While : Stmt {
  While(Location loc, ExprPtr test, Block body, Block orelse)
      : Stmt(Kind::While, loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test;
  Block body, orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::While; }
};

struct For : Stmt {
  For(Location loc, ExprPtr target, ExprPtr iter, Block body, Block orelse)
      : Stmt(Kind::For, loc), target(std::move(target)), iter(std::move(iter)),
        body(std::move(body)), orelse(std::move(orelse)) {}
  ExprPtr target, iter;
  Block body, orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::For; }
};

/// `for x in literal_unroll(t): body else: orelse` where t's length is
/// written in the source (a tuple literal, or a name bound once to one):
/// Numba types and compiles the body once per item, each item with its own
/// type, so the parser's output holds one copy of the body per item
/// (LiteralUnroll.h). Copy k starts with the assignment `x = t[k]`;
/// `continue` goes on with the next copy, `break` past the last copy and
/// `orelse`.
struct UnrolledFor : Stmt {
  UnrolledFor(Location loc, std::vector<Block> copies, Block orelse)
      : Stmt(Kind::UnrolledFor, loc), copies(std::move(copies)), orelse(std::move(orelse)) {}
  std::vector<Block> copies;
  Block orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::UnrolledFor; }
};

struct Break : Stmt {
  explicit Break(Location loc) : Stmt(Kind::Break, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Break; }
};

struct Continue : Stmt {
  explicit Continue(Location loc) : Stmt(Kind::Continue, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Continue; }
};

struct Pass : Stmt {
  explicit Pass(Location loc) : Stmt(Kind::Pass, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Pass; }
};

struct Return : Stmt {
  Return(Location loc, ExprPtr value) : Stmt(Kind::Return, loc), value(std::move(value)) {}
  ExprPtr value; ///< may be null
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Return; }
};

/// A function parameter: `name[: annotation][= default]`, or Python's other
/// kinds (`*args`, a keyword-only parameter after `*` or `*args`,
/// `**kwargs`; parameters before `/` are positional-only). Kernels and device
/// functions take plain parameters only (sema refuses the others where such
/// a function is compiled); host functions and the typing functions of
/// `@overload` may use every kind.
struct Param {
  enum class Kind { Normal, PositionalOnly, VarPositional, KeywordOnly, VarKeyword };
  Location loc;
  std::string name;
  ExprPtr annotation; ///< may be null
  ExprPtr defaultValue; ///< may be null
  Kind kind = Kind::Normal;
  /// Where `*`/`**` is written (the parameter's start), for VarPositional
  /// and VarKeyword; where the bare `*` or the `/` marker that made this
  /// parameter keyword-only or positional-only is, for those kinds.
  Location markerLoc;
};

struct FunctionDef : Stmt {
  FunctionDef(Location loc, std::string name, std::vector<Param> params, ExprPtr returns,
              std::vector<ExprPtr> decorators, Block body)
      : Stmt(Kind::FunctionDef, loc), name(std::move(name)), params(std::move(params)),
        returns(std::move(returns)), decorators(std::move(decorators)), body(std::move(body)) {}
  std::string name;
  std::vector<Param> params;
  ExprPtr returns; ///< return annotation, may be null
  std::vector<ExprPtr> decorators;
  Block body;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::FunctionDef; }
};

/// `lambda a, b: body`: kernels cannot use one (type inference refuses it);
/// at module level it is the function `cuda.reduce(lambda a, b: a + b)`
/// reduces with (ModuleScope turns it into a FunctionDef).
struct Lambda : Expr {
  Lambda(Location loc, std::vector<Param> params, ExprPtr body)
      : Expr(Kind::Lambda, loc), params(std::move(params)), body(std::move(body)) {}
  std::vector<Param> params; ///< names only
  ExprPtr body;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Lambda; }
};

/// `name as asname` in an import; `name` may be dotted (`numba.cuda`).
struct ImportAlias {
  Location loc;
  std::string name;
  std::string asname; ///< empty when absent
};

/// `import a.b as c, d`.
struct Import : Stmt {
  Import(Location loc, std::vector<ImportAlias> names)
      : Stmt(Kind::Import, loc), names(std::move(names)) {}
  std::vector<ImportAlias> names;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Import; }
};

/// `from module import a as b, c`; `level` counts leading dots (relative
/// imports). `from m import *` has one alias named "*".
struct ImportFrom : Stmt {
  ImportFrom(Location loc, std::string module, std::vector<ImportAlias> names, int level)
      : Stmt(Kind::ImportFrom, loc), module(std::move(module)), names(std::move(names)),
        level(level) {}
  std::string module;
  std::vector<ImportAlias> names;
  int level;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::ImportFrom; }
};

struct Global : Stmt {
  Global(Location loc, std::vector<std::string> names)
      : Stmt(Kind::Global, loc), names(std::move(names)) {}
  std::vector<std::string> names;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Global; }
};

struct Nonlocal : Stmt {
  Nonlocal(Location loc, std::vector<std::string> names)
      : Stmt(Kind::Nonlocal, loc), names(std::move(names)) {}
  std::vector<std::string> names;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Nonlocal; }
};

/// `raise [exc [from cause]]`.
struct Raise : Stmt {
  Raise(Location loc, ExprPtr exc, ExprPtr cause)
      : Stmt(Kind::Raise, loc), exc(std::move(exc)), cause(std::move(cause)) {}
  ExprPtr exc, cause; ///< may be null
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Raise; }
};

/// `assert test[, msg]`.
struct Assert : Stmt {
  Assert(Location loc, ExprPtr test, ExprPtr msg)
      : Stmt(Kind::Assert, loc), test(std::move(test)), msg(std::move(msg)) {}
  ExprPtr test, msg; ///< msg may be null
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assert; }
};

struct Del : Stmt {
  Del(Location loc, std::vector<ExprPtr> targets)
      : Stmt(Kind::Del, loc), targets(std::move(targets)) {}
  std::vector<ExprPtr> targets;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Del; }
};

/// A parsed source file.
/// A module-level `class NAME(BASE, ...):` statement's header. nvc skips
/// class bodies (host code); kernels may raise a class that derives from an
/// exception class (docs/language.md "Errors"), which needs only its name
/// and bases.
struct ClassHeader {
  Location loc;
  std::string name;
  /// The bases as dotted names (`Exception`, `errors.MyError`); a base that
  /// is not a dotted name is recorded as "".
  std::vector<std::string> bases;
};

struct Module {
  std::string path; ///< as given on the command line
  Block body;
  std::vector<ClassHeader> classes; ///< module-level classes, in source order
};

} // namespace nvc::ast

#endif // NVC_FRONTEND_AST_H
