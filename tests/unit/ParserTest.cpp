//===- ParserTest.cpp - Unit tests of the parser --------------------------===//
//
// Parses snippets with frontend/syntax/Parser.cpp and compares the tree, printed as
// s-expressions by the small printer below, against the expected structure:
// operator precedence and associativity, every statement and expression
// kind, node locations, the message and exact line:column of syntax errors
// and of rejected constructs, the nesting limits (which must produce errors,
// never stack overflows), and real kernels from the Numba and numba-vulkan
// documentation.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Parser.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace nvc::ast;
using nvc::CompileError;
using nvc::SourceFile;

namespace {

//===----------------------------------------------------------------------===//
// AST printer
//===----------------------------------------------------------------------===//

std::string str(const Expr *e);
std::string str(const Stmt *s);

std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '"' || c == '\\')
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out + "\"";
}

std::string opt(const ExprPtr &e) { return e ? str(e.get()) : "_"; }

std::string binOp(BinOpKind op) {
  switch (op) {
  case BinOpKind::Add: return "+";
  case BinOpKind::Sub: return "-";
  case BinOpKind::Mult: return "*";
  case BinOpKind::MatMult: return "@";
  case BinOpKind::Div: return "/";
  case BinOpKind::FloorDiv: return "//";
  case BinOpKind::Mod: return "%";
  case BinOpKind::Pow: return "**";
  case BinOpKind::LShift: return "<<";
  case BinOpKind::RShift: return ">>";
  case BinOpKind::BitOr: return "|";
  case BinOpKind::BitXor: return "^";
  case BinOpKind::BitAnd: return "&";
  }
  return "?";
}

std::string cmpOp(CmpOpKind op) {
  switch (op) {
  case CmpOpKind::Eq: return "==";
  case CmpOpKind::NotEq: return "!=";
  case CmpOpKind::Lt: return "<";
  case CmpOpKind::LtE: return "<=";
  case CmpOpKind::Gt: return ">";
  case CmpOpKind::GtE: return ">=";
  case CmpOpKind::Is: return "is";
  case CmpOpKind::IsNot: return "is-not";
  case CmpOpKind::In: return "in";
  case CmpOpKind::NotIn: return "not-in";
  }
  return "?";
}

std::string list(const std::vector<ExprPtr> &v) {
  std::string out;
  for (const ExprPtr &e : v)
    out += " " + str(e.get());
  return out;
}

std::string str(const Expr *e) {
  switch (e->getKind()) {
  case Expr::Kind::IntLiteral: return static_cast<const IntLiteral *>(e)->text;
  case Expr::Kind::FloatLiteral: return static_cast<const FloatLiteral *>(e)->text;
  case Expr::Kind::ImaginaryLiteral: return static_cast<const ImaginaryLiteral *>(e)->text;
  case Expr::Kind::StringLiteral: return quote(static_cast<const StringLiteral *>(e)->value);
  case Expr::Kind::BoolLiteral:
    return static_cast<const BoolLiteral *>(e)->value ? "True" : "False";
  case Expr::Kind::NoneLiteral: return "None";
  case Expr::Kind::Name: return static_cast<const Name *>(e)->id;
  case Expr::Kind::Attribute: {
    auto *a = static_cast<const Attribute *>(e);
    return "(. " + str(a->value.get()) + " " + a->attr + ")";
  }
  case Expr::Kind::Subscript: {
    auto *s = static_cast<const Subscript *>(e);
    return "(sub " + str(s->value.get()) + " " + str(s->index.get()) + ")";
  }
  case Expr::Kind::Slice: {
    auto *s = static_cast<const Slice *>(e);
    return "(slice " + opt(s->lower) + " " + opt(s->upper) + " " + opt(s->step) + ")";
  }
  case Expr::Kind::Call: {
    auto *c = static_cast<const Call *>(e);
    std::string out = "(call " + str(c->func.get()) + list(c->args);
    for (const Keyword &k : c->keywords)
      out += " " + k.name + "=" + str(k.value.get());
    return out + ")";
  }
  case Expr::Kind::BinOp: {
    auto *b = static_cast<const BinOp *>(e);
    return "(" + binOp(b->op) + " " + str(b->lhs.get()) + " " + str(b->rhs.get()) + ")";
  }
  case Expr::Kind::UnaryOp: {
    auto *u = static_cast<const UnaryOp *>(e);
    const char *op = u->op == UnaryOpKind::USub   ? "neg"
                     : u->op == UnaryOpKind::UAdd ? "pos"
                     : u->op == UnaryOpKind::Not  ? "not"
                                                  : "inv";
    return std::string("(") + op + " " + str(u->operand.get()) + ")";
  }
  case Expr::Kind::BoolOp: {
    auto *b = static_cast<const BoolOp *>(e);
    return std::string("(") + (b->op == BoolOpKind::And ? "and" : "or") + list(b->values) + ")";
  }
  case Expr::Kind::Compare: {
    auto *c = static_cast<const Compare *>(e);
    std::string out = "(cmp " + str(c->left.get());
    for (size_t i = 0; i < c->ops.size(); ++i)
      out += " " + cmpOp(c->ops[i]) + " " + str(c->comparators[i].get());
    return out + ")";
  }
  case Expr::Kind::IfExp: {
    auto *i = static_cast<const IfExp *>(e);
    return "(ifexp " + str(i->test.get()) + " " + str(i->body.get()) + " " +
           str(i->orelse.get()) + ")";
  }
  case Expr::Kind::Tuple: return "(tuple" + list(static_cast<const Tuple *>(e)->elts) + ")";
  case Expr::Kind::List: return "(list" + list(static_cast<const List *>(e)->elts) + ")";
  }
  return "?";
}

std::string block(const Block &b) {
  std::string out = "(";
  for (const StmtPtr &s : b)
    out += (out.size() > 1 ? " " : "") + str(s.get());
  return out + ")";
}

std::string elseBlock(const Block &b) { return b.empty() ? "" : " else " + block(b); }

std::string str(const Stmt *s) {
  switch (s->getKind()) {
  case Stmt::Kind::Expr: return "(expr " + str(static_cast<const ExprStmt *>(s)->value.get()) + ")";
  case Stmt::Kind::Assign: {
    auto *a = static_cast<const Assign *>(s);
    return "(=" + list(a->targets) + " " + str(a->value.get()) + ")";
  }
  case Stmt::Kind::AugAssign: {
    auto *a = static_cast<const AugAssign *>(s);
    return "(" + binOp(a->op) + "= " + str(a->target.get()) + " " + str(a->value.get()) + ")";
  }
  case Stmt::Kind::AnnAssign: {
    auto *a = static_cast<const AnnAssign *>(s);
    return "(ann " + str(a->target.get()) + " " + str(a->annotation.get()) +
           (a->value ? " " + str(a->value.get()) : "") + ")";
  }
  case Stmt::Kind::If: {
    auto *i = static_cast<const If *>(s);
    return "(if " + str(i->test.get()) + " " + block(i->body) + elseBlock(i->orelse) + ")";
  }
  case Stmt::Kind::While: {
    auto *w = static_cast<const While *>(s);
    return "(while " + str(w->test.get()) + " " + block(w->body) + elseBlock(w->orelse) + ")";
  }
  case Stmt::Kind::For: {
    auto *f = static_cast<const For *>(s);
    return "(for " + str(f->target.get()) + " " + str(f->iter.get()) + " " + block(f->body) +
           elseBlock(f->orelse) + ")";
  }
  case Stmt::Kind::UnrolledFor: {
    auto *u = static_cast<const UnrolledFor *>(s);
    std::string out = "(unrolled";
    for (auto &copy : u->copies)
      out += " " + block(copy);
    return out + elseBlock(u->orelse) + ")";
  }
  case Stmt::Kind::Break: return "break";
  case Stmt::Kind::Continue: return "continue";
  case Stmt::Kind::Pass: return "pass";
  case Stmt::Kind::Return: {
    auto *r = static_cast<const Return *>(s);
    return r->value ? "(return " + str(r->value.get()) + ")" : "(return)";
  }
  case Stmt::Kind::FunctionDef: {
    auto *f = static_cast<const FunctionDef *>(s);
    std::string out = "(def " + f->name + " (";
    for (size_t i = 0; i < f->params.size(); ++i) {
      const Param &p = f->params[i];
      out += (i ? " " : "") + p.name;
      if (p.annotation)
        out += ":" + str(p.annotation.get());
      if (p.defaultValue)
        out += "=" + str(p.defaultValue.get());
    }
    out += ")";
    if (f->returns)
      out += " -> " + str(f->returns.get());
    for (const ExprPtr &d : f->decorators)
      out += " @" + str(d.get());
    return out + " " + block(f->body) + ")";
  }
  case Stmt::Kind::Import: {
    std::string out = "(import";
    for (const ImportAlias &a : static_cast<const Import *>(s)->names)
      out += " " + a.name + (a.asname.empty() ? "" : ":" + a.asname);
    return out + ")";
  }
  case Stmt::Kind::ImportFrom: {
    auto *i = static_cast<const ImportFrom *>(s);
    std::string out = "(from " + std::string(i->level, '.') + i->module;
    for (const ImportAlias &a : i->names)
      out += " " + a.name + (a.asname.empty() ? "" : ":" + a.asname);
    return out + ")";
  }
  case Stmt::Kind::Global:
  case Stmt::Kind::Nonlocal: {
    auto &names = s->getKind() == Stmt::Kind::Global ? static_cast<const Global *>(s)->names
                                                     : static_cast<const Nonlocal *>(s)->names;
    std::string out = s->getKind() == Stmt::Kind::Global ? "(global" : "(nonlocal";
    for (const std::string &n : names)
      out += " " + n;
    return out + ")";
  }
  case Stmt::Kind::Raise: {
    auto *r = static_cast<const Raise *>(s);
    return "(raise " + opt(r->exc) + " " + opt(r->cause) + ")";
  }
  case Stmt::Kind::Assert: {
    auto *a = static_cast<const Assert *>(s);
    return "(assert " + str(a->test.get()) + " " + opt(a->msg) + ")";
  }
  case Stmt::Kind::Del: return "(del" + list(static_cast<const Del *>(s)->targets) + ")";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> parse(const std::string &src) {
  return nvc::parseModule(SourceFile("test.py", src));
}

/// The statements of `src`, printed one per line.
std::string stmts(const std::string &src) {
  auto module = parse(src);
  std::string out;
  for (const StmtPtr &s : module->body)
    out += (out.empty() ? "" : "\n") + str(s.get());
  return out;
}

/// The single expression statement `src`, printed.
std::string expr(const std::string &src) {
  auto module = parse(src + "\n");
  REQUIRE(module->body.size() == 1);
  REQUIRE(module->body[0]->getKind() == Stmt::Kind::Expr);
  return str(static_cast<const ExprStmt *>(module->body[0].get())->value.get());
}

/// The expression statement `src` as a node, for inspecting fields.
const Expr *exprNode(const std::unique_ptr<Module> &module, size_t i = 0) {
  REQUIRE(module->body.size() > i);
  REQUIRE(module->body[i]->getKind() == Stmt::Kind::Expr);
  return static_cast<const ExprStmt *>(module->body[i].get())->value.get();
}

/// `line:col: message` of the error parsing `src` raises.
std::string parseError(const std::string &src) {
  try {
    parse(src);
  } catch (const CompileError &e) {
    return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": " + e.message;
  }
  return "no error";
}

TEST_CASE("parser: f-strings parse, bytes refused in code, skipped in module-level host blocks",
          "[parser]") {
  // f-strings parse (host code, the typing functions of @overload); type
  // inference refuses them in kernels (tests/malformed/unsup-fstring.py).
  CHECK(parseError("s = f'{x}'\n") == "no error");
  CHECK(parseError("s = b'x'\n") ==
        "1:5: unsupported Python construct: bytes literals are not allowed in kernels");
  CHECK(parseError("class K:\n    def f(self):\n        return f'{self}' + lambda: {1: 2}\n"
                   "try:\n    import x\nexcept ImportError:\n    x = None\nelse:\n    pass\n"
                   "finally:\n    y = b'1'\nwith open('f') as g:\n    z = g.read()\n"
                   "@dataclass\nclass P: x: int = 1\nw = 1\n") == "no error");
  CHECK(parse("class K:\n    pass\nw = 1\n")->body.size() == 1);
  // A syntax error outside the skipped blocks is still reported.
  CHECK(parseError("class K:\n    pass\nw = (1\n") == "3:5: '(' was never closed");
}

/// The value of the assignment that is statement `i` of `module`.
const Expr *assignedValue(const std::unique_ptr<Module> &module, size_t i) {
  REQUIRE(module->body.size() > i);
  REQUIRE(module->body[i]->getKind() == Stmt::Kind::Assign);
  return static_cast<const Assign *>(module->body[i].get())->value.get();
}

std::string at(Location loc) { return std::to_string(loc.line) + ":" + std::to_string(loc.col); }

std::string repeat(const std::string &s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i)
    out += s;
  return out;
}

} // namespace

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

TEST_CASE("parser: atoms", "[parser]") {
  CHECK(expr("x") == "x");
  CHECK(expr("True") == "True");
  CHECK(expr("False") == "False");
  CHECK(expr("None") == "None");
  CHECK(expr("42") == "42");
  CHECK(expr("1.5") == "1.5");
  CHECK(expr("2j") == "2j");
  CHECK(expr("'a' \"b\" '''c'''") == "\"abc\""); // adjacent literals concatenate
  CHECK(expr("('a'\n 'b')") == "\"ab\"");
  CHECK(expr("()") == "(tuple)");
  CHECK(expr("(a)") == "a");
  CHECK(expr("((a))") == "a");
  CHECK(expr("(a,)") == "(tuple a)");
  CHECK(expr("(a, b)") == "(tuple a b)");
  CHECK(expr("(a, b,)") == "(tuple a b)");
  CHECK(expr("[]") == "(list)");
  CHECK(expr("[a]") == "(list a)");
  CHECK(expr("[a, (b, c), [d],]") == "(list a (tuple b c) (list d))");
  CHECK(expr("a, b") == "(tuple a b)");
  CHECK(expr("a,") == "(tuple a)");
}

TEST_CASE("parser: literal values", "[parser]") {
  auto module = parse("0\n1_000\n0xff\n0o17\n0b101\n18446744073709551615\n"
                      "18446744073709551616\n0x1_0000_0000_0000_0000\n00\n");
  auto intAt = [&](size_t i) { return static_cast<const IntLiteral *>(exprNode(module, i)); };
  CHECK(intAt(0)->value == 0);
  CHECK(intAt(1)->value == 1000);
  CHECK(intAt(1)->text == "1_000");
  CHECK(intAt(2)->value == 255);
  CHECK(intAt(3)->value == 15);
  CHECK(intAt(4)->value == 5);
  CHECK(intAt(5)->fitsUInt64);
  CHECK(intAt(5)->value == 18446744073709551615ull);
  CHECK_FALSE(intAt(6)->fitsUInt64);
  CHECK_FALSE(intAt(7)->fitsUInt64);
  CHECK(intAt(8)->fitsUInt64);
  CHECK(intAt(8)->value == 0);

  module = parse("1.5\n1.\n.25\n1e-3\n1_000.5\n1e400\n1e-400\n0.0\n1.7976931348623157e308\n"
                 "2.5j\n1J\n123456789012345678901234567890.0\n");
  auto floatAt = [&](size_t i) { return static_cast<const FloatLiteral *>(exprNode(module, i)); };
  CHECK(floatAt(0)->value == 1.5);
  CHECK(floatAt(1)->value == 1.0);
  CHECK(floatAt(2)->value == 0.25);
  CHECK(floatAt(3)->value == 1e-3);
  CHECK(floatAt(4)->value == 1000.5);
  CHECK(std::isinf(floatAt(5)->value)); // overflow gives inf, as CPython
  CHECK(floatAt(6)->value == 0.0);      // underflow gives 0
  CHECK(floatAt(7)->value == 0.0);
  CHECK(floatAt(8)->value == 1.7976931348623157e308);
  auto imag = static_cast<const ImaginaryLiteral *>(exprNode(module, 9));
  CHECK(imag->value == 2.5);
  CHECK(imag->text == "2.5j");
  CHECK(static_cast<const ImaginaryLiteral *>(exprNode(module, 10))->value == 1.0);
  CHECK(floatAt(11)->value == 123456789012345678901234567890.0);

  module = parse("'\\t\\x41' r'\\t'\n");
  CHECK(static_cast<const StringLiteral *>(exprNode(module))->value == "\tA\\t");
}

TEST_CASE("parser: arithmetic precedence and associativity", "[parser]") {
  CHECK(expr("a + b * c") == "(+ a (* b c))");
  CHECK(expr("a * b + c") == "(+ (* a b) c)");
  CHECK(expr("a - b - c") == "(- (- a b) c)");
  CHECK(expr("a / b // c % d @ e") == "(@ (% (// (/ a b) c) d) e)");
  CHECK(expr("(a + b) * c") == "(* (+ a b) c)");
  CHECK(expr("a ** b ** c") == "(** a (** b c))");
  CHECK(expr("-2 ** 2") == "(neg (** 2 2))");
  CHECK(expr("2 ** -1") == "(** 2 (neg 1))");
  CHECK(expr("-a ** -b ** c") == "(neg (** a (neg (** b c))))");
  CHECK(expr("-a * b") == "(* (neg a) b)");
  CHECK(expr("- - +~x") == "(neg (neg (pos (inv x))))");
  CHECK(expr("a << b + c") == "(<< a (+ b c))");
  CHECK(expr("a >> b << c") == "(<< (>> a b) c)");
  CHECK(expr("a & b << c") == "(& a (<< b c))");
  CHECK(expr("a ^ b & c") == "(^ a (& b c))");
  CHECK(expr("a | b ^ c") == "(| a (^ b c))");
  CHECK(expr("a | b | c") == "(| (| a b) c)");
  CHECK(expr("a.b ** 2") == "(** (. a b) 2)");
  CHECK(expr("x[i] ** f(y)") == "(** (sub x i) (call f y))");
}

TEST_CASE("parser: comparisons and boolean operators", "[parser]") {
  CHECK(expr("a < b") == "(cmp a < b)");
  CHECK(expr("0 < i < n - 1") == "(cmp 0 < i < (- n 1))");
  CHECK(expr("a == b != c >= d <= e > f") == "(cmp a == b != c >= d <= e > f)");
  CHECK(expr("a is None") == "(cmp a is None)");
  CHECK(expr("a is not None") == "(cmp a is-not None)");
  CHECK(expr("a in b") == "(cmp a in b)");
  CHECK(expr("a not in b") == "(cmp a not-in b)");
  CHECK(expr("a | b < c & d") == "(cmp (| a b) < (& c d))");
  CHECK(expr("not a") == "(not a)");
  CHECK(expr("not not a") == "(not (not a))");
  CHECK(expr("not a == b") == "(not (cmp a == b))");
  CHECK(expr("not a in b") == "(not (cmp a in b))");
  CHECK(expr("a and b and c") == "(and a b c)");
  CHECK(expr("a or b or c") == "(or a b c)");
  CHECK(expr("a or b and c") == "(or a (and b c))");
  CHECK(expr("a and b or c and d") == "(or (and a b) (and c d))");
  CHECK(expr("not a and b") == "(and (not a) b)");
  CHECK(expr("(a or b) and c") == "(and (or a b) c)");
  CHECK(expr("0 < i < n and 0 < j < m") == "(and (cmp 0 < i < n) (cmp 0 < j < m))");
}

TEST_CASE("parser: conditional expressions", "[parser]") {
  CHECK(expr("a if c else b") == "(ifexp c a b)");
  CHECK(expr("a if c else b if d else e") == "(ifexp c a (ifexp d b e))");
  CHECK(expr("a or b if c and d else e") == "(ifexp (and c d) (or a b) e)");
  CHECK(expr("(a if c else b) + 1") == "(+ (ifexp c a b) 1)");
  CHECK(expr("x[i] if i < n else 0.0") == "(ifexp (cmp i < n) (sub x i) 0.0)");
}

TEST_CASE("parser: attributes, calls and subscripts", "[parser]") {
  CHECK(expr("a.b.c") == "(. (. a b) c)");
  CHECK(expr("cuda.grid(1)") == "(call (. cuda grid) 1)");
  CHECK(expr("f()") == "(call f)");
  CHECK(expr("f(a, b,)") == "(call f a b)");
  CHECK(expr("f(a)(b)") == "(call (call f a) b)");
  CHECK(expr("cuda.shared.array(shape=(16, 16), dtype=float32)") ==
        "(call (. (. cuda shared) array) shape=(tuple 16 16) dtype=float32)");
  CHECK(expr("f(a, b=1, c=x + y)") == "(call f a b=1 c=(+ x y))");
  CHECK(expr("f(a == b)") == "(call f (cmp a == b))");
  CHECK(expr("a[i]") == "(sub a i)");
  CHECK(expr("a[i][j]") == "(sub (sub a i) j)");
  CHECK(expr("a[i, j]") == "(sub a (tuple i j))");
  CHECK(expr("a[i,]") == "(sub a (tuple i))");
  CHECK(expr("a[(i, j)]") == "(sub a (tuple i j))");
  CHECK(expr("a[1:n:2]") == "(sub a (slice 1 n 2))");
  CHECK(expr("a[:]") == "(sub a (slice _ _ _))");
  CHECK(expr("a[::]") == "(sub a (slice _ _ _))");
  CHECK(expr("a[::-1]") == "(sub a (slice _ _ (neg 1)))");
  CHECK(expr("a[1:]") == "(sub a (slice 1 _ _))");
  CHECK(expr("a[:n]") == "(sub a (slice _ n _))");
  CHECK(expr("a[:, 0]") == "(sub a (tuple (slice _ _ _) 0))");
  CHECK(expr("a[i, :2]") == "(sub a (tuple i (slice _ 2 _)))");
  CHECK(expr("x[i - 1 : i + 2]") == "(sub x (slice (- i 1) (+ i 2) _))");
  CHECK(expr("a[i].b(c)[d]") == "(sub (call (. (sub a i) b) c) d)");
  CHECK(expr("'abc'.upper()") == "(call (. \"abc\" upper))");
  CHECK(expr("(a + b).c") == "(. (+ a b) c)");
  CHECK(expr("[1, 2][0]") == "(sub (list 1 2) 0)");
  CHECK(expr("-a.b[c]") == "(neg (sub (. a b) c))");
}

TEST_CASE("parser: expression locations", "[parser]") {
  auto module = parse("x = a.b + c * d\n");
  auto *assign = static_cast<const Assign *>(module->body[0].get());
  auto *add = static_cast<const BinOp *>(assign->value.get());
  CHECK(at(add->getLoc()) == "1:9"); // the operator
  CHECK(at(add->rhs->getLoc()) == "1:13");
  auto *attr = static_cast<const Attribute *>(add->lhs.get());
  CHECK(at(attr->getLoc()) == "1:5");
  CHECK(at(attr->attrLoc) == "1:7");

  module = parse("if  a + 1 < b < c:\n    pass\n");
  auto *cmp =
      static_cast<const Compare *>(static_cast<const If *>(module->body[0].get())->test.get());
  CHECK(at(cmp->getLoc()) == "1:5"); // the left operand's start, not its operator
  REQUIRE(cmp->opLocs.size() == 2);
  CHECK(at(cmp->opLocs[0]) == "1:11");
  CHECK(at(cmp->opLocs[1]) == "1:15");

  module = parse("y = cuda.shared.array(n, t)[i]\nz = a is not b\nw = f(k=1)\n");
  auto *sub = static_cast<const Subscript *>(assignedValue(module, 0));
  CHECK(at(sub->getLoc()) == "1:5");
  auto *call = static_cast<const Call *>(sub->value.get());
  CHECK(at(call->getLoc()) == "1:5");
  CHECK(at(static_cast<const Attribute *>(call->func.get())->attrLoc) == "1:17");
  CHECK(at(call->args[1]->getLoc()) == "1:26");
  auto *isNot = static_cast<const Compare *>(assignedValue(module, 1));
  CHECK(at(isNot->opLocs[0]) == "2:7");
  auto *kwCall = static_cast<const Call *>(assignedValue(module, 2));
  CHECK(at(kwCall->keywords[0].loc) == "3:7");

  module = parse("(a)(b)\n-x\na if b else c\na[1:2]\na, b\n(c, d)\n[e]\nx and y\n");
  CHECK(at(exprNode(module, 0)->getLoc()) == "1:1"); // call located at the '(' of its callee
  CHECK(at(exprNode(module, 1)->getLoc()) == "2:1");
  CHECK(at(exprNode(module, 2)->getLoc()) == "3:1");
  auto *slice = static_cast<const Subscript *>(exprNode(module, 3))->index.get();
  CHECK(slice->getKind() == Expr::Kind::Slice);
  CHECK(at(slice->getLoc()) == "4:3");
  CHECK(at(exprNode(module, 4)->getLoc()) == "5:1");
  CHECK(at(exprNode(module, 5)->getLoc()) == "6:1");
  CHECK(at(exprNode(module, 6)->getLoc()) == "7:1");
  CHECK(at(exprNode(module, 7)->getLoc()) == "8:1");
  module = parse("a[:3]\n");
  CHECK(at(static_cast<const Subscript *>(exprNode(module))->index->getLoc()) == "1:3");
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

TEST_CASE("parser: assignments", "[parser]") {
  CHECK(stmts("x = 1") == "(= x 1)");
  CHECK(stmts("a = b = 1") == "(= a b 1)");
  CHECK(stmts("i, j = cuda.grid(2)") == "(= (tuple i j) (call (. cuda grid) 2))");
  CHECK(stmts("(i, j) = 1, 2") == "(= (tuple i j) (tuple 1 2))");
  CHECK(stmts("[i, j] = t") == "(= (list i j) t)");
  CHECK(stmts("a[i], b[i] = f(x)") == "(= (tuple (sub a i) (sub b i)) (call f x))");
  CHECK(stmts("x, = t") == "(= (tuple x) t)");
  CHECK(stmts("a.b = c") == "(= (. a b) c)");
  CHECK(stmts("out[i, :2] = 0") == "(= (sub out (tuple i (slice _ 2 _))) 0)");
  CHECK(stmts("x = a if b else c") == "(= x (ifexp b a c))");
  CHECK(stmts("x = y = a, b") == "(= x y (tuple a b))");
}

TEST_CASE("parser: augmented and annotated assignments", "[parser]") {
  const char *ops[] = {"+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "|", "^", "&"};
  for (const char *op : ops) {
    INFO(op);
    CHECK(stmts(std::string("x ") + op + "= y + 1") == std::string("(") + op + "= x (+ y 1))");
  }
  CHECK(stmts("shr[tid] += shr[tid + s]") == "(+= (sub shr tid) (sub shr (+ tid s)))");
  CHECK(stmts("p[i].x += 1") == "(+= (. (sub p i) x) 1)");
  CHECK(stmts("x: int") == "(ann x int)");
  CHECK(stmts("x: float = 1.0") == "(ann x float 1.0)");
  CHECK(stmts("a.b: int = 1") == "(ann (. a b) int 1)");
  CHECK(stmts("a[0]: int") == "(ann (sub a 0) int)");
  auto module = parse("total  //= 2\n");
  auto *aug = static_cast<const AugAssign *>(module->body[0].get());
  CHECK(at(aug->getLoc()) == "1:1");
  CHECK(at(aug->opLoc) == "1:8");
}

TEST_CASE("parser: if, while and for", "[parser]") {
  CHECK(stmts("if a:\n    b\n") == "(if a ((expr b)))");
  CHECK(stmts("if a:\n    b\nelse:\n    c\n") == "(if a ((expr b)) else ((expr c)))");
  CHECK(stmts("if a:\n    b\nelif c:\n    d\nelif e:\n    f\nelse:\n    g\n") ==
        "(if a ((expr b)) else ((if c ((expr d)) else ((if e ((expr f)) else ((expr g)))))))");
  CHECK(stmts("if x: y = 1\nelse: y = 2\n") == "(if x ((= y 1)) else ((= y 2)))");
  CHECK(stmts("if x: a; b;\n") == "(if x ((expr a) (expr b)))");
  CHECK(stmts("while s < n:\n    s *= 2\n") == "(while (cmp s < n) ((*= s 2)))");
  CHECK(stmts("while a:\n    break\nelse:\n    pass\n") == "(while a (break) else (pass))");
  CHECK(stmts("for i in range(n):\n    continue\n") == "(for i (call range n) (continue))");
  CHECK(stmts("for j, value in enumerate(row):\n    out[i, j] = value\n") ==
        "(for (tuple j value) (call enumerate row) ((= (sub out (tuple i j)) value)))");
  CHECK(stmts("for (a, b) in x: pass\n") == "(for (tuple a b) x (pass))");
  CHECK(stmts("for a, in x: pass\n") == "(for (tuple a) x (pass))");
  CHECK(stmts("for x in a, b: pass\n") == "(for x (tuple a b) (pass))");
  CHECK(stmts("for p[i] in q:\n  pass\nelse:\n  x = 1\n") ==
        "(for (sub p i) q (pass) else ((= x 1)))");
  CHECK(stmts("if a:\n  if b:\n    c\n  d\ne\n") ==
        "(if a ((if b ((expr c))) (expr d)))\n(expr e)");
  CHECK(stmts("if a:\n\n  # comment\n  b\n\n\nc\n") == "(if a ((expr b)))\n(expr c)");
}

TEST_CASE("parser: function definitions", "[parser]") {
  CHECK(stmts("def f():\n    pass\n") == "(def f () (pass))");
  CHECK(stmts("def f(a, b, c): return a\n") == "(def f (a b c) ((return a)))");
  CHECK(stmts("def f(a: int, b: float = 1.0, c=2,) -> float:\n    return\n") ==
        "(def f (a:int b:float=1.0 c=2) -> float ((return)))");
  CHECK(stmts("@cuda.jit\ndef k(x):\n    pass\n") == "(def k (x) @(. cuda jit) (pass))");
  CHECK(stmts("@nv.jit(cache=True)\n@other\ndef k():\n    ...\n") ==
        "(def k () @(call (. nv jit) cache=True) @other (pass))");
  CHECK(stmts("@cuda.jit('void(float32[:], float32[:])')\ndef k(a, b):\n    pass\n") ==
        "(def k (a b) @(call (. cuda jit) \"void(float32[:], float32[:])\") (pass))");
  CHECK(stmts("def f(x):\n    \"\"\"Doc string.\"\"\"\n    return x, x\n") ==
        "(def f (x) ((expr \"Doc string.\") (return (tuple x x))))");
  CHECK(stmts("def outer():\n    def inner(y):\n        return y\n    return inner(1)\n") ==
        "(def outer () ((def inner (y) ((return y))) (return (call inner 1))))");
  auto module = parse("@cuda.jit\ndef  k():\n    pass\n");
  auto *def = static_cast<const FunctionDef *>(module->body[0].get());
  CHECK(at(def->getLoc()) == "2:1"); // at `def`, as CPython
  CHECK(at(def->decorators[0]->getLoc()) == "1:2");
  module = parse("def f(a, bb=1):\n  pass\n");
  def = static_cast<const FunctionDef *>(module->body[0].get());
  CHECK(at(def->params[0].loc) == "1:7");
  CHECK(at(def->params[1].loc) == "1:10");
}

TEST_CASE("parser: simple statements", "[parser]") {
  CHECK(stmts("def f():\n  return\n") == "(def f () ((return)))");
  CHECK(stmts("def f():\n  return a, b\n") == "(def f () ((return (tuple a b))))");
  CHECK(stmts("pass") == "pass");
  CHECK(stmts("raise") == "(raise _ _)");
  CHECK(stmts("raise ValueError('bad')") == "(raise (call ValueError \"bad\") _)");
  CHECK(stmts("raise E from e") == "(raise E e)");
  CHECK(stmts("assert x") == "(assert x _)");
  CHECK(stmts("assert x > 0, 'msg'") == "(assert (cmp x > 0) \"msg\")");
  CHECK(stmts("del a") == "(del a)");
  CHECK(stmts("del a, b[1], c.d") == "(del a (sub b 1) (. c d))");
  CHECK(stmts("del (a, b)") == "(del (tuple a b))");
  CHECK(stmts("global a, b") == "(global a b)");
  CHECK(stmts("def f():\n  nonlocal x\n") == "(def f () ((nonlocal x)))");
  CHECK(stmts("a = 1; b = 2; f()") == "(= a 1)\n(= b 2)\n(expr (call f))");
  CHECK(stmts("x = 1;") == "(= x 1)");
  CHECK(stmts("...") == "pass"); // a placeholder, accepted as `pass`
  CHECK(stmts("'''docstring'''\nx = 1\n") == "(expr \"docstring\")\n(= x 1)");
  CHECK(stmts("") == "");
  CHECK(stmts("# nothing\n\n") == "");
  CHECK(stmts("\xEF\xBB\xBFx = 1\r\ny = 2\r\n") == "(= x 1)\n(= y 2)");
  CHECK(stmts("match = 1\nmatch(x)\ncase = match.y\n") ==
        "(= match 1)\n(expr (call match x))\n(= case (. match y))");
  CHECK(stmts("x = 1 \\\n  + 2\n") == "(= x (+ 1 2))");
}

TEST_CASE("parser: imports", "[parser]") {
  CHECK(stmts("import numpy") == "(import numpy)");
  CHECK(stmts("import numpy as np, numba.cuda as cu, math") ==
        "(import numpy:np numba.cuda:cu math)");
  CHECK(stmts("from numba import cuda") == "(from numba cuda)");
  CHECK(stmts("from numba import cuda, float32") == "(from numba cuda float32)");
  CHECK(stmts("from a.b import c as d, e") == "(from a.b c:d e)");
  CHECK(stmts("from numba.cuda.random import (\n    create_states,\n    uniform as u,\n)\n") ==
        "(from numba.cuda.random create_states uniform:u)");
  CHECK(stmts("from . import x") == "(from . x)");
  CHECK(stmts("from .. import x") == "(from .. x)");
  CHECK(stmts("from ...pkg.mod import y") == "(from ...pkg.mod y)");
  CHECK(stmts("from .... import z") == "(from .... z)");
  CHECK(stmts("from m import *") == "(from m *)");
  auto module = parse("from ..a import b\n");
  auto *from = static_cast<const ImportFrom *>(module->body[0].get());
  CHECK(from->level == 2);
  CHECK(from->module == "a");
  CHECK(at(from->names[0].loc) == "1:17");
  module = parse("import  a.b as c\n");
  auto *imp = static_cast<const Import *>(module->body[0].get());
  CHECK(imp->names[0].name == "a.b");
  CHECK(imp->names[0].asname == "c");
  CHECK(at(imp->names[0].loc) == "1:9");
}

TEST_CASE("parser: statement locations", "[parser]") {
  auto module = parse("x = 1\nif a:\n    y += 2\n    while b: pass\nfor i in r: f(i)\n");
  CHECK(at(module->body[0]->getLoc()) == "1:1");
  auto *ifStmt = static_cast<const If *>(module->body[1].get());
  CHECK(at(ifStmt->getLoc()) == "2:1");
  CHECK(at(ifStmt->body[0]->getLoc()) == "3:5");
  CHECK(at(ifStmt->body[1]->getLoc()) == "4:5");
  CHECK(at(static_cast<const While *>(ifStmt->body[1].get())->body[0]->getLoc()) == "4:14");
  auto *forStmt = static_cast<const For *>(module->body[2].get());
  CHECK(at(forStmt->getLoc()) == "5:1");
  CHECK(at(forStmt->body[0]->getLoc()) == "5:13");
  module = parse("if a:\n  pass\nelif b:\n  pass\n");
  ifStmt = static_cast<const If *>(module->body[0].get());
  CHECK(at(ifStmt->orelse[0]->getLoc()) == "3:1"); // the elif
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST_CASE("parser: syntax errors", "[parser]") {
  CHECK(parseError("if x\n    pass\n") == "1:5: expected ':' after 'if' condition");
  CHECK(parseError("if x:\n  pass\nelif y\n  pass\n") ==
        "3:7: expected ':' after 'elif' condition");
  CHECK(parseError("if x:\n  pass\nelse\n  pass\n") == "3:5: expected ':' after 'else'");
  CHECK(parseError("while x y:\n  pass\n") == "1:9: expected ':' after 'while' condition");
  CHECK(parseError("for i in x\n  pass\n") == "1:11: expected ':' after 'for' iterable");
  CHECK(parseError("for i range(3):\n  pass\n") == "1:7: expected 'in' after 'for' target");
  CHECK(parseError("def f(x)\n  pass\n") == "1:9: expected ':' after function signature");
  CHECK(parseError("def (x):\n  pass\n") == "1:5: expected function name after 'def'");
  CHECK(parseError("def f x:\n  pass\n") == "1:7: expected '(' after function name");
  CHECK(parseError("def f(x y):\n  pass\n") == "1:9: expected ',' or ')' in parameter list");
  CHECK(parseError("def f(1):\n  pass\n") == "1:7: expected parameter name");
  CHECK(parseError("if x:\npass\n") == "2:1: expected an indented block after 'if' statement "
                                       "on line 1");
  CHECK(parseError("x = 1\nif x:\n") == "3:1: expected an indented block after 'if' statement "
                                        "on line 2");
  CHECK(parseError("def f():\n# c\n\nreturn 1\n") ==
        "4:1: expected an indented block after function definition on line 1");
  CHECK(parseError("for i in x:\ny\n") ==
        "2:1: expected an indented block after 'for' statement on line 1");
  CHECK(parseError("while x:\ny\n") ==
        "2:1: expected an indented block after 'while' statement on line 1");
  CHECK(parseError("if x:\n  y\nelse:\nz\n") ==
        "4:1: expected an indented block after 'else' statement on line 3");
  CHECK(parseError("if x:\n  y\nelif z:\nw\n") ==
        "4:1: expected an indented block after 'elif' statement on line 3");
  CHECK(parseError("x = 1\n    y = 2\n") == "2:5: unexpected indent");
  CHECK(parseError("  x = 1\n") == "1:3: unexpected indent");
  CHECK(parseError("if x:\n    y\n        z\n") == "3:9: unexpected indent");
  CHECK(parseError("x = \n") == "1:5: expected expression");
  CHECK(parseError("x = 1 +\n") == "1:8: expected expression");
  CHECK(parseError("x = (1, )) \n") == "1:10: unmatched ')'");
  CHECK(parseError("f(a b)\n") == "1:5: invalid syntax, perhaps you forgot a comma?");
  CHECK(parseError("x = [1 2]\n") == "1:8: invalid syntax, perhaps you forgot a comma?");
  CHECK(parseError("x = (1 2)\n") == "1:8: invalid syntax, perhaps you forgot a comma?");
  CHECK(parseError("x = 1 2\n") == "1:7: invalid syntax: unexpected number '2'");
  CHECK(parseError("print 'hello'\n") == "1:7: invalid syntax: unexpected string literal");
  CHECK(parseError("x = a if b\n") == "1:11: expected 'else' after 'if' expression");
  CHECK(parseError("x = a.1\n") == "1:6: invalid syntax: unexpected number '.1'");
  CHECK(parseError("x = a.if\n") == "1:7: expected attribute name after '.'");
  CHECK(parseError("x = else\n") == "1:5: expected expression");
  CHECK(parseError("else:\n  pass\n") == "1:1: expected expression");
  CHECK(parseError("if x: if y: pass\n") ==
        "1:7: invalid syntax: a 'if' statement must start on its own line");
  CHECK(parseError("@dec\nx = 1\n") == "2:1: expected a function definition after decorator");
  CHECK(parseError("@dec x\ndef f(): pass\n") == "1:6: invalid syntax: unexpected name 'x' "
                                                 "after decorator");
  CHECK(parseError("a[]\n") == "1:3: expected expression");
  CHECK(parseError("import\n") == "1:7: expected module name");
  CHECK(parseError("import a.\n") == "1:10: expected a name after '.'");
  CHECK(parseError("from import x\n") == "1:6: expected module name after 'from'");
  CHECK(parseError("from m x\n") == "1:8: expected 'import' after module name");
  CHECK(parseError("from m import a,\n") ==
        "1:16: trailing comma not allowed without surrounding parentheses");
  CHECK(parseError("from m import a.b\n") == "1:16: invalid syntax: unexpected '.'");
  CHECK(parseError("global\n") == "1:7: expected a name after 'global'");
}

TEST_CASE("parser: semantic syntax errors", "[parser]") {
  CHECK(parseError("break\n") == "1:1: 'break' outside loop");
  CHECK(parseError("while x:\n  pass\nelse:\n  continue\n") == "4:3: 'continue' outside loop");
  CHECK(parseError("for i in x:\n  def f():\n    break\n") == "3:5: 'break' outside loop");
  CHECK(parseError("x = 1\nreturn x\n") == "2:1: 'return' outside function");
  CHECK(parseError("nonlocal x\n") == "1:1: nonlocal declaration not allowed at module level");
  CHECK(parseError("def f(a, a):\n  pass\n") ==
        "1:10: duplicate argument 'a' in function definition");
  CHECK(parseError("def f(a=1, b):\n  pass\n") ==
        "1:12: parameter without a default follows parameter with a default");
  CHECK(parseError("f(a=1, b)\n") == "1:8: positional argument follows keyword argument");
  CHECK(parseError("f(a=1, a=2)\n") == "1:8: keyword argument repeated: a");
  CHECK(parseError("f(a.b=1)\n") ==
        "1:3: expression cannot contain assignment, perhaps you meant \"==\"?");
  CHECK(stmts("for i in x:\n  if i:\n    break\n  continue\n") ==
        "(for i x ((if i (break)) continue))");
}

TEST_CASE("parser: invalid assignment targets", "[parser]") {
  CHECK(parseError("f() = 1\n") == "1:1: cannot assign to function call");
  CHECK(parseError("x = f() = 1\n") == "1:5: cannot assign to function call");
  CHECK(parseError("1 = x\n") == "1:1: cannot assign to literal");
  CHECK(parseError("'s' = x\n") == "1:1: cannot assign to literal");
  CHECK(parseError("None = 1\n") == "1:1: cannot assign to None");
  CHECK(parseError("True = 1\n") == "1:1: cannot assign to True");
  CHECK(parseError("a + b = 1\n") == "1:1: cannot assign to expression");
  CHECK(parseError("-a = 1\n") == "1:1: cannot assign to expression");
  CHECK(parseError("a < b = 1\n") == "1:1: cannot assign to comparison");
  CHECK(parseError("a and b = 1\n") == "1:1: cannot assign to expression");
  CHECK(parseError("a if b else c = 1\n") == "1:1: cannot assign to conditional expression");
  CHECK(parseError("a, f(x) = 1, 2\n") == "1:4: cannot assign to function call");
  CHECK(parseError("(a, [b, 2]) = t\n") == "1:9: cannot assign to literal");
  CHECK(parseError("f() += 1\n") ==
        "1:1: 'function call' is an illegal expression for augmented assignment");
  CHECK(parseError("a, b += 1\n") == "1:1: 'tuple' is an illegal expression for augmented "
                                     "assignment");
  CHECK(parseError("[a] += 1\n") == "1:1: 'list' is an illegal expression for augmented "
                                    "assignment");
  CHECK(parseError("1 += 1\n") == "1:1: 'literal' is an illegal expression for augmented "
                                  "assignment");
  CHECK(parseError("a, b: int\n") == "1:1: only single target (not tuple) can be annotated");
  CHECK(parseError("[a]: int\n") == "1:1: only single target (not list) can be annotated");
  CHECK(parseError("f(): int\n") == "1:1: illegal target for annotation");
  CHECK(parseError("for f() in x:\n  pass\n") == "1:5: cannot assign to function call");
  CHECK(parseError("for 1 in x:\n  pass\n") == "1:5: cannot assign to literal");
  CHECK(parseError("del f()\n") == "1:5: cannot delete function call");
  CHECK(parseError("del a, 1\n") == "1:8: cannot delete literal");
  CHECK(parseError("del a + b\n") == "1:5: cannot delete expression");
}

TEST_CASE("parser: unsupported constructs", "[parser]") {
  const std::string u = "unsupported Python construct: ";
  // Lambdas parse (module-level `cuda.reduce(lambda a, b: a + b)` names a
  // reduction); type inference refuses them in kernels
  // (tests/malformed/unsup-lambda.py).
  CHECK(parseError("f = lambda x: x\n") == "no error");
  CHECK(parseError("f(lambda: 1)\n") == "no error");
  CHECK(parseError("f = lambda x y: x\n") == "1:14: expected ':' in lambda");
  CHECK(parseError("f = lambda 1: 1\n") == "1:12: expected a parameter name or ':' in lambda");
  // Inside a function (module-level ones are host code, skipped).
  CHECK(parseError("def f():\n  class A:\n    pass\n") ==
        "2:3: " + u + "classes are not allowed in kernels");
  CHECK(parseError("def f():\n  @dataclass\n  class A:\n    pass\n") ==
        "3:3: " + u + "classes are not allowed in kernels (decorators are only allowed on "
                      "functions)");
  CHECK(parseError("def f():\n  try:\n    pass\n  except:\n    pass\n") ==
        "2:3: " + u + "'try' statements are not allowed in kernels");
  CHECK(parseError("def f():\n  with a as b:\n    pass\n") ==
        "2:3: " + u + "'with' statements are not allowed in kernels");
  CHECK(parseError("async def f():\n  pass\n") ==
        "1:1: " + u + "'async' functions and statements are not allowed in kernels");
  CHECK(parseError("@dec\nasync def f():\n  pass\n") ==
        "2:1: " + u + "'async' functions and statements are not allowed in kernels");
  CHECK(parseError("def f():\n  yield 1\n") ==
        "2:3: " + u + "'yield' expressions are not allowed in kernels");
  CHECK(parseError("def f():\n  x = yield\n") ==
        "2:7: " + u + "'yield' expressions are not allowed in kernels");
  CHECK(parseError("def f():\n  await g()\n") ==
        "2:3: " + u + "'await' expressions are not allowed in kernels");
  CHECK(parseError("x = [i for i in y]\n") ==
        "1:8: " + u + "list comprehensions are not allowed in kernels");
  CHECK(parseError("x = sum(i for i in y)\n") ==
        "1:11: " + u + "generator expressions are not allowed in kernels");
  CHECK(parseError("x = (i for i in y)\n") ==
        "1:8: " + u + "generator expressions are not allowed in kernels");
  // Dict displays parse (host code, overload(f, jit_options={...})); type
  // inference refuses them in kernels (tests/malformed/unsup-dict-literal.py).
  CHECK(parseError("x = {}\n") == "no error");
  CHECK(parseError("x = {'a': 1, 'b': (2, 3),}\n") == "no error");
  CHECK(parseError("x = {'a' 1}\n") == "1:5: " + u + "set displays are not allowed in kernels");
  CHECK(parseError("x = {'a': 1, 'b'}\n") == "1:17: expected ':' in dict display");
  CHECK(parseError("x = {**a}\n") ==
        "1:6: " + u + "dict unpacking ('**') is not allowed in kernels");
  CHECK(parseError("x = {k: v for k in y}\n") ==
        "1:5: " + u + "dict comprehensions are not allowed in kernels");
  CHECK(parseError("x = {1, 2}\n") == "1:5: " + u + "set displays are not allowed in kernels");
  CHECK(parseError("x = {i for i in y}\n") ==
        "1:5: " + u + "set comprehensions are not allowed in kernels");
  CHECK(parseError("*a, b = t\n") == "1:1: " +
        u + "starred expressions are not allowed in kernels");
  CHECK(parseError("x = [*a]\n") == "1:6: " + u + "starred expressions are not allowed in kernels");
  // f(*t) parses (type inference expands a tuple); ** does not.
  CHECK(parseError("f(*args)\n") == "no error");
  CHECK(parseError("f(x=1, *args)\n") ==
        "1:8: iterable argument unpacking follows keyword argument unpacking");
  CHECK(parseError("f(x, **kw)\n") ==
        "1:6: " + u + "keyword argument unpacking ('**kwargs') is not allowed in kernels");
  // Python's parameter kinds parse (host code, @overload typing functions);
  // sema refuses them where a kernel or device function is compiled
  // (tests/malformed/unsup-varargs.py).
  CHECK(parseError("def f(*args):\n  pass\n") == "no error");
  CHECK(parseError("def f(a, **kw):\n  pass\n") == "no error");
  CHECK(parseError("def f(a, /, b):\n  pass\n") == "no error");
  CHECK(parseError("def f(a, *, b):\n  pass\n") == "no error");
  CHECK(parseError("def f(a=1, *args, b, c=2, **kw):\n  pass\n") == "no error");
  CHECK(parseError("def f(**kw, a):\n  pass\n") ==
        "1:13: arguments cannot follow var-keyword argument");
  CHECK(parseError("def f(*a, *b):\n  pass\n") == "1:11: * argument may appear only once");
  CHECK(parseError("def f(a, *):\n  pass\n") == "1:10: named arguments must follow bare *");
  CHECK(parseError("def f(/, a):\n  pass\n") == "1:7: at least one argument must precede /");
  CHECK(parseError("def f(a=1, b):\n  pass\n") ==
        "1:12: parameter without a default follows parameter with a default");
  CHECK(parseError("if (n := len(a)) > 1:\n  pass\n") ==
        "1:7: " + u + "assignment expressions (':=') are not allowed in kernels");
  CHECK(parseError("x := 1\n") ==
        "1:3: " + u + "assignment expressions (':=') are not allowed in kernels");
  CHECK(parseError("match x:\n  case 1:\n    pass\n") ==
        "1:1: " + u + "'match' statements are not allowed in kernels");
  CHECK(parseError("match (a, b):\n  case _:\n    pass\n") ==
        "1:1: " + u + "'match' statements are not allowed in kernels");
  CHECK(parseError("s = 'a' b'x'\n") == "1:9: " + u + "bytes literals are not allowed in kernels");
  // `...` is NumPy's Ellipsis in a subscript (type inference expands it)
  // and refused everywhere else.
  CHECK(parseError("x = a[...]\n") == "no error");
  CHECK(parseError("x = a[..., 0]\n") == "no error");
  CHECK(parseError("x = ...\n") == "1:5: " + u + "Ellipsis ('...') is not allowed in kernels");
  CHECK(parseError("f(...)\n") == "1:3: " + u + "Ellipsis ('...') is not allowed in kernels");
}

//===----------------------------------------------------------------------===//
// Nesting limits
//===----------------------------------------------------------------------===//

TEST_CASE("parser: nesting within the limits", "[parser]") {
  // 200 levels of every kind of nesting are accepted.
  std::string parens = "x = " + std::string(200, '(') + "1" + std::string(200, ')') + "\n";
  CHECK(stmts(parens) == "(= x 1)");
  CHECK_NOTHROW(parse("x = " + std::string(200, '-') + "1\n"));
  CHECK_NOTHROW(parse("x = " + repeat("not ", 200) + "y\n"));
  CHECK_NOTHROW(parse("x = " + repeat("f(", 200) + "1" + std::string(200, ')') + "\n"));
  CHECK_NOTHROW(parse("x = a" + repeat("[a", 199) + std::string(199, ']') + "\n"));
  std::string ifs;
  for (int i = 0; i < 200; ++i)
    ifs += std::string(i, ' ') + "if x:\n";
  ifs += std::string(200, ' ') + "pass\n";
  CHECK_NOTHROW(parse(ifs));
  // Long flat chains are fine up to the expression depth limit.
  CHECK_NOTHROW(parse("x = a" + repeat(" + a", 900) + "\n"));
  CHECK_NOTHROW(parse("x = a" + repeat(".b", 900) + "\n"));
}

TEST_CASE("parser: nesting beyond the limits is an error, not a crash", "[parser]") {
  std::string parens = "x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n";
  CHECK(parseError(parens) == "1:205: too many nested parentheses");
  CHECK(parseError("x = " + std::string(201, '(') + "1" + std::string(201, ')') + "\n") ==
        "1:205: too many nested parentheses");
  CHECK(parseError("x = " + std::string(10000, '[') + std::string(10000, ']') + "\n") ==
        "1:205: too many nested parentheses");
  CHECK(parseError("x = " + repeat("f(", 10000) + std::string(10000, ')') + "\n") ==
        "1:406: too many nested parentheses");
  CHECK(parseError("x = " + std::string(100000, '-') + "1\n") ==
        "1:205: too many nested unary operators");
  CHECK(parseError("x = " + repeat("not ", 10000) + "y\n") ==
        "1:805: too many nested unary operators");
  // Unary operators and brackets count together; the 201st level is a '-'.
  CHECK(parseError("x = " + repeat("-(", 150) + "1" + std::string(150, ')') + "\n") ==
        "1:205: too many nested unary operators");
  CHECK(parseError("x = 2" + repeat(" ** 2", 10000) + "\n") ==
        "1:1007: expression is too deeply nested");
  CHECK(parseError("x = 1" + repeat(" if c else 1", 10000) + "\n") ==
        "1:2407: expression is too deeply nested");
  CHECK(parseError("x = a" + repeat(" + a", 100000) + "\n") ==
        "1:5: expression is too long or too deeply nested");
  CHECK(parseError("x = a" + repeat("[0]", 100000) + "\n") ==
        "1:5: expression is too long or too deeply nested");
  CHECK(parseError("x = (a" + repeat(" + a", 600) + ") * (b" + repeat(" + b", 600) + ")" +
                   repeat(" * c", 500) + "\n") ==
        "1:6: expression is too long or too deeply nested");

  std::string ifs;
  ifs.reserve(51000000);
  for (int i = 0; i < 10000; ++i)
    ifs += std::string(i, ' ') + "if x:\n";
  ifs += std::string(10000, ' ') + "pass\n";
  CHECK(parseError(ifs) == "202:202: too many nested blocks");

  std::string tabs;
  for (int i = 0; i < 10000; ++i)
    tabs += std::string(i, '\t') + "while x:\n";
  tabs += std::string(10000, '\t') + "pass\n";
  CHECK(parseError(tabs) == "202:202: too many nested blocks");

  std::string elifs = "if x:\n  pass\n" + repeat("elif x:\n  pass\n", 10000);
  CHECK(parseError(elifs) ==
        "401:1: too many nested blocks ('elif' branches nest in the syntax tree)");
}

//===----------------------------------------------------------------------===//
// Real kernels
//===----------------------------------------------------------------------===//

namespace {

// From the Numba CUDA documentation (vector addition).
const char *kVecAdd = R"py(import numpy as np
from numba import cuda

@cuda.jit
def f(a, b, c):
    # like threadIdx.x + (blockIdx.x * blockDim.x)
    tid = cuda.grid(1)
    size = len(c)

    if tid < size:
        c[tid] = a[tid] + b[tid]
)py";

// From the numba-vulkan documentation (2-D stencil).
const char *kStencil = R"py(@nv.jit
def stencil(src, dst):
    j = nv.global_id(0)
    i = nv.global_id(1)
    if 0 < i < src.shape[0] - 1 and 0 < j < src.shape[1] - 1:
        dst[i, j] = (src[i - 1, j] + src[i + 1, j] + src[i, j - 1] + src[i, j + 1]) / 4
)py";

const char *kHeat = R"py(@cuda.jit
def solve_heat_equation(buf_0, buf_1, timesteps, k):
    i = cuda.grid(1)

    # Don't continue if our index is outside the domain
    if i >= len(buf_0):
        return

    # Prepare to do a grid-wide synchronization later
    grid = cuda.cg.this_grid()

    for step in range(timesteps):
        # Select the buffer from the previous timestep
        if (step % 2) == 0:
            data = buf_0
            next_data = buf_1
        else:
            data = buf_1
            next_data = buf_0

        # Get the current temperature associated with this point
        curr_temp = data[i]

        # Apply formula from finite difference equation
        if i == 0:
            # Left wall is held at T = 0
            next_temp = curr_temp + k * (data[i + 1] - (2 * curr_temp))
        elif i == len(data) - 1:
            # Right wall is held at T = 0
            next_temp = curr_temp + k * (data[i - 1] - (2 * curr_temp))
        else:
            # Interior points are a weighted average of their neighbors
            next_temp = curr_temp + k * (
                data[i - 1] - (2 * curr_temp) + data[i + 1]
            )

        # Write new value to the next buffer
        next_data[i] = next_temp

        # Wait for every thread to write before moving on
        grid.sync()
)py";

const char *kReduction = R"py(import numpy as np
from numba import cuda
from numba.types import int32

@cuda.jit
def array_sum(data):
    tid = cuda.threadIdx.x
    size = len(data)
    if tid < size:
        i = cuda.grid(1)

        # Declare an array in shared memory
        shr = cuda.shared.array(nelem, int32)
        shr[tid] = data[i]

        # Ensure writes to shared memory are visible
        # to all threads before reducing
        cuda.syncthreads()

        s = 1
        while s < cuda.blockDim.x:
            if tid % (2 * s) == 0:
                # Stride by `s` and add
                shr[tid] += shr[tid + s]
            s *= 2
            cuda.syncthreads()

        # After the loop, the zeroth  element contains the sum
        if tid == 0:
            data[tid] = shr[tid]
)py";

const char *kSessionize = R"py(@cuda.jit
def sessionize(user_id, timestamp, results):
    gid = cuda.grid(1)
    size = len(user_id)

    if gid >= size:
        return

    # Determine session boundaries
    is_first_datapoint = gid == 0
    if not is_first_datapoint:
        new_user = user_id[gid] != user_id[gid - 1]
        timed_out = (
            timestamp[gid] - timestamp[gid - 1] > session_timeout
        )
        is_sess_boundary = new_user or timed_out
    else:
        is_sess_boundary = True

    # Determine session labels
    if is_sess_boundary:
        # This thread marks the start of a session
        results[gid] = gid

        # Make sure all session boundaries are written
        # before populating the session id
        grid = cuda.cg.this_grid()
        grid.sync()

        look_ahead = 1
        # Check elements 'forward' of this one
        # until a new session boundary is found
        while results[gid + look_ahead] == 0:
            results[gid + look_ahead] = gid
            look_ahead += 1
            # Avoid out-of-bounds accesses by the last thread
            if gid + look_ahead == size - 1:
                results[gid + look_ahead] = gid
                break
)py";

const char *kMonteCarlo = R"py(import numba
import numpy as np
from numba import cuda
from numba.cuda.random import (
    create_xoroshiro128p_states,
    xoroshiro128p_uniform_float32,
)

@cuda.jit
def mc_integrator_kernel(out, rng_states, lower_lim, upper_lim):
    """
    kernel to draw random samples and evaluate the function to
    be integrated at those sample values
    """
    size = len(out)

    gid = cuda.grid(1)
    if gid < size:
        # draw a sample between 0 and 1 on this thread
        samp = xoroshiro128p_uniform_float32(rng_states, gid)

        # normalize this sample to the limit range
        samp = samp * (upper_lim - lower_lim) + lower_lim

        # evaluate the function to be
        # integrated at the normalized
        # value of the sample
        y = func(samp)
        out[gid] = y
)py";

const char *kMatmul = R"py(from numba import cuda, float32

# Controls threads per block and shared memory usage.
TPB = 16

@cuda.jit
def matmul(A, B, C):
    """Perform square matrix multiplication of C = A * B."""
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp

@cuda.jit
def fast_matmul(A, B, C):
    """
    Perform matrix multiplication of C = A * B using CUDA shared memory.
    Reference: https://stackoverflow.com/a/64198479/13697228 by @RobertCrovella
    """
    # Define an array in the shared memory
    # The size and type of the arrays must be known at compile time
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)

    x, y = cuda.grid(2)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x    # blocks per grid

    # Each thread computes one element in the result matrix.
    # The dot product is chunked into dot products of TPB-long vectors.
    tmp = float32(0.)
    for i in range(bpg):
        # Preload data into shared memory
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]

        # Wait until all threads finish preloading
        cuda.syncthreads()

        # Computes partial product on the shared memory
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]

        # Wait until all threads finish computing
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp
)py";

// numba-vulkan documentation: views, shared memory, subgroups, structured
// arrays, device functions returning tuples.
const char *kNormaliseRows = R"py(@nv.jit
def normalise_rows(a, out):
    i = nv.global_id(0)
    if i < a.shape[0]:
        row = a[i]                    # a view, not a copy
        total = row.sum()
        for j, value in enumerate(row):
            out[i, j] = value / total
        out[i, -1] = row[1:-1].max()  # slices of slices
        out[i, :2] = 0                # fill a slice
)py";

const char *kBlockSums = R"py(@nv.jit
def block_sums(x, out):
    partial = nv.shared.array(256, np.float32)
    t = nv.local_id(0)
    i = nv.global_id(0)
    partial[t] = x[i] if i < x.shape[0] else np.float32(0)
    nv.barrier()
    step = 128
    while step > 0:
        if t < step:
            partial[t] += partial[t + step]
        nv.barrier()
        step //= 2
    if t == 0:
        nv.atomic.add(out, 0, partial[0])
)py";

const char *kPolar = R"py(import math

@nv.jit
def polar(x, y):
    return math.sqrt(x * x + y * y), math.atan2(y, x)

@nv.jit
def to_polar(x, y, radius, angle):
    i = nv.global_id(0)
    if i < x.size:
        radius[i], angle[i] = polar(x[i], y[i])

@nv.jit
def step(p, dt):
    i = nv.global_id(0)
    if i < p.shape[0] and p[i].alive:
        p[i].x += p[i].v * dt
        if p[i].x > 100:
            p[i]["alive"] = False

@nv.jit(cache=True)
def kernel(x, out):
    ...
)py";

} // namespace

TEST_CASE("parser: real kernels", "[parser][kernels]") {
  for (const char *src : {kVecAdd, kStencil, kHeat, kReduction, kSessionize, kMonteCarlo, kMatmul,
                          kNormaliseRows, kBlockSums, kPolar}) {
    INFO(src);
    CHECK_NOTHROW(parse(src));
  }

  CHECK(stmts(kVecAdd) ==
        "(import numpy:np)\n"
        "(from numba cuda)\n"
        "(def f (a b c) @(. cuda jit) ((= tid (call (. cuda grid) 1)) (= size (call len c)) "
        "(if (cmp tid < size) ((= (sub c tid) (+ (sub a tid) (sub b tid)))))))");

  CHECK(stmts(kStencil) ==
        "(def stencil (src dst) @(. nv jit) ("
        "(= j (call (. nv global_id) 0)) "
        "(= i (call (. nv global_id) 1)) "
        "(if (and (cmp 0 < i < (- (sub (. src shape) 0) 1)) "
        "(cmp 0 < j < (- (sub (. src shape) 1) 1))) "
        "((= (sub dst (tuple i j)) "
        "(/ (+ (+ (+ (sub src (tuple (- i 1) j)) (sub src (tuple (+ i 1) j))) "
        "(sub src (tuple i (- j 1)))) (sub src (tuple i (+ j 1)))) 4))))))");

  auto module = parse(kMatmul);
  REQUIRE(module->body.size() == 4);
  auto *fast = static_cast<const FunctionDef *>(module->body[3].get());
  CHECK(fast->name == "fast_matmul");
  CHECK(at(fast->getLoc()) == "17:1");
  REQUIRE(fast->body.size() == 10);
  CHECK(str(fast->body[0].get()) ==
        "(expr \"\\n    Perform matrix multiplication of C = A * B using CUDA shared memory.\\n"
        "    Reference: https://stackoverflow.com/a/64198479/13697228 by "
        "@RobertCrovella\\n    \")");
  CHECK(str(fast->body[1].get()) ==
        "(= sA (call (. (. cuda shared) array) shape=(tuple TPB TPB) dtype=float32))");
  CHECK(str(fast->body[3].get()) == "(= (tuple x y) (call (. cuda grid) 2))");
  CHECK(at(fast->body[9]->getLoc()) == "54:5");

  CHECK(stmts(kPolar).find("(def kernel (x out) @(call (. nv jit) cache=True) (pass))") !=
        std::string::npos);
  CHECK(str(parse(kBlockSums)->body[0].get())
            .find("(= (sub partial t) (ifexp (cmp i < (sub (. x shape) 0)) (sub x i) "
                  "(call (. np float32) 0)))") != std::string::npos);
}

TEST_CASE("parser: lexical errors propagate with their location", "[parser]") {
  CHECK(parseError("@cuda.jit\ndef f(a):\n    x = a[0] $ 1\n") ==
        "3:14: invalid character '$' (U+0024)");
  CHECK(parseError("def f(a):\n    x = 1\n  y = 2\n") ==
        "3:3: unindent does not match any outer indentation level");
  CHECK(parseError("def f(a):\n    x = 'abc\n") == "2:9: unterminated string literal");
  CHECK(parseError("x = 1\n\xfe\n") == "2:1: source is not valid UTF-8");
}

TEST_CASE("parser: the first error of the file is reported, as CPython does", "[parser]") {
  // A syntax error before a lexical error wins, although the whole file is
  // tokenized first.
  CHECK(parseError("x = = 1\ny = $\n") == "1:5: expected expression");
  CHECK(parseError("x = = $\n") == "1:5: expected expression");
  CHECK(parseError("def f():\n    x = 1\n      y = 2\n    z = 3\n  w = 4\n") ==
        "3:7: unexpected indent");
  CHECK(parseError("if x:\npass\n\tif y:\n        z\n") ==
        "2:1: expected an indented block after 'if' statement on line 1");
  CHECK(parseError("x = (1 2\n") == "1:5: '(' was never closed"); // as CPython
  CHECK(parseError("f() = 1\ns = 'abc\n") == "1:1: cannot assign to function call");
  // Errors caused only by cutting the text there are not reported.
  CHECK(parseError("x = 0o78\n") == "1:8: invalid digit '8' in octal literal");
  CHECK(parseError("if x:\n    y = $\n") == "2:9: invalid character '$' (U+0024)");
  CHECK(parseError("if x:\n  y = 1\n z = 2\n") ==
        "3:2: unindent does not match any outer indentation level");
  CHECK(parseError("x = [1,\n 2 $]\n") == "2:4: invalid character '$' (U+0024)");
  CHECK(parseError("s = '''abc\n\\x4'''\n") == "2:1: truncated \\xXX escape");
  CHECK(parseError("\xEF\xBB\xBFx = = 1\ny = $\n") == "1:5: expected expression");
  CHECK(parseError("x = 1\r\ny = = 2\r\nz = $\r\n") == "2:5: expected expression");
}

TEST_CASE("parser: literal_unroll loops become one copy of the body per item", "[parser]") {
  // A tuple literal: copy k binds its k-th item; each copy's variables are
  // renamed apart (Rebindings), the accumulator stays one variable.
  CHECK(stmts("from numba import literal_unroll\n"
              "def f(out):\n"
              "    s = 0\n"
              "    for v in literal_unroll((1, 2.5)):\n"
              "        w = v * 2\n"
              "        if w > 3:\n"
              "            break\n"
              "        s += w\n"
              "    else:\n"
              "        s += 10\n"
              "    out[0] = s\n") ==
        "(from numba literal_unroll)\n"
        "(def f (out) ((= s 0) (unrolled ((= v 1) (= w (* v 2)) (if (cmp w > 3) (break)) "
        "(+= s w)) ((= v$1 2.5) (= w$1 (* v$1 2)) (if (cmp w$1 > 3) (break)) (+= s w$1)) "
        "else ((+= s 10))) (= (sub out 0) s)))");
  // A name bound once to a tuple (here at module level): copy k binds t[k].
  CHECK(stmts("import numba\n"
              "T = (1, 2.5)\n"
              "def f(out):\n"
              "    for v in numba.literal_unroll(T):\n"
              "        out[0] = v\n") ==
        "(import numba)\n(= T (tuple 1 2.5))\n"
        "(def f (out) ((unrolled ((= v (sub T 0)) (= (sub out 0) v)) "
        "((= v$1 (sub T 1)) (= (sub out 0) v$1)))))");
  // Lengths not in the source, and literal_unroll not imported from numba:
  // ordinary loops.
  CHECK(stmts("from numba import literal_unroll\n"
              "def f(t):\n"
              "    for v in literal_unroll(t):\n"
              "        pass\n") ==
        "(from numba literal_unroll)\n(def f (t) ((for v (call literal_unroll t) (pass))))");
  CHECK(stmts("def literal_unroll(t):\n    return t\n"
              "def f():\n"
              "    for v in literal_unroll((1, 2)):\n"
              "        pass\n")
            .find("unrolled") == std::string::npos);
}

TEST_CASE("parser: a literal_unroll tuple literal is evaluated once, before the loop", "[parser]") {
  // `s` is assigned in the body and a[0] may be: all items go to variables
  // first (their names cannot clash with Python's).
  CHECK(stmts("from numba import literal_unroll\n"
              "def f(a, s):\n"
              "    for v in literal_unroll((s, 1.5, a[0])):\n"
              "        s = v\n") ==
        "(from numba literal_unroll)\n"
        "(def f (a s) ((= (item 0 of literal_unroll at line 3) s) "
        "(= (item 1 of literal_unroll at line 3) 1.5) "
        "(= (item 2 of literal_unroll at line 3) (sub a 0)) "
        "(unrolled ((= v (item 0 of literal_unroll at line 3)) (= s$1 v)) "
        "((= v$1 (item 1 of literal_unroll at line 3)) (= s$2 v$1)) "
        "((= v$2 (item 2 of literal_unroll at line 3)) (= s$3 v$2)))))");
}

TEST_CASE("parser: parameter kinds, dict displays and f-strings in the tree", "[parser]") {
  auto module = parse("def f(a, /, b=1, *rest, c, d=2, **kw):\n  pass\n");
  REQUIRE(module->body.size() == 1);
  auto *def = static_cast<const FunctionDef *>(module->body[0].get());
  REQUIRE(def->params.size() == 6);
  using K = Param::Kind;
  CHECK(def->params[0].kind == K::PositionalOnly);
  CHECK(def->params[0].markerLoc.col == 10);
  CHECK(def->params[1].kind == K::Normal);
  CHECK(def->params[1].defaultValue != nullptr);
  CHECK(def->params[2].kind == K::VarPositional);
  CHECK(def->params[2].markerLoc.col == 18);
  CHECK(def->params[3].kind == K::KeywordOnly);
  CHECK(def->params[3].markerLoc.col == 18);
  CHECK(def->params[4].kind == K::KeywordOnly);
  CHECK(def->params[5].kind == K::VarKeyword);
  CHECK(def->params[5].markerLoc.col == 33);

  auto dm = parse("x = {'a': 1, 2: b}\n");
  const Expr *d = assignedValue(dm, 0);
  REQUIRE(d->getKind() == Expr::Kind::Dict);
  CHECK(static_cast<const Dict *>(d)->keys.size() == 2);

  // An f-string keeps its raw text; the plain literals beside it have their
  // braces and backslashes doubled.
  auto sm = parse("x = 'a{b}\\\\' f'{c!r:>4} \\n'\n");
  const Expr *s = assignedValue(sm, 0);
  REQUIRE(s->getKind() == Expr::Kind::FormattedString);
  CHECK(static_cast<const FormattedString *>(s)->text == "a{{b}}\\\\{c!r:>4} \\n");

  // lambda parameters take defaults.
  auto lm = parse("f = lambda x, y=2: x\n");
  const Expr *l = assignedValue(lm, 0);
  REQUIRE(l->getKind() == Expr::Kind::Lambda);
  CHECK(static_cast<const Lambda *>(l)->params[1].defaultValue != nullptr);
}

TEST_CASE("parser: module-level try-imports and host blocks inside compound statements",
          "[parser]") {
  // A try whose body holds imports only contributes them.
  auto module = parse("try:\n    from numba.cuda.extending import overload\n"
                      "except ImportError:\n    from numba.extending import overload\n"
                      "w = 1\n");
  REQUIRE(module->body.size() == 2);
  CHECK(module->body[0]->getKind() == Stmt::Kind::ImportFrom);
  // Any other try is host code, skipped whole.
  CHECK(parse("try:\n    import x\n    y = 1\nexcept ImportError:\n    pass\nw = 1\n")
            ->body.size() == 1);
  // Classes, try and with inside a module-level if are host code.
  CHECK(parseError("if not SIM:\n    @register(T)\n    class M(Base):\n        pass\n"
                   "    with a:\n        pass\n    x = 1\n") == "no error");
  // Inside a function they are refused.
  CHECK(parseError("def f():\n  if a:\n    class A:\n      pass\n") ==
        "3:5: unsupported Python construct: classes are not allowed in kernels");
}
