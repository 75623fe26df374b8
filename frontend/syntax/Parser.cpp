//===- Parser.cpp - Recursive-descent parser for the Python kernel subset -===//
//
// Parses the token stream of Lexer.cpp into the AST of AST.h, one function
// per level of CPython's grammar: statements (simple statements separated by
// `;`, compound statements with indented or same-line suites, decorated
// function definitions) and expressions from the conditional expression down
// to atoms, with CPython's precedence (`-2**2` is `-(2**2)`, comparisons
// chain, `a and b and c` is one BoolOp). Assignment targets are parsed as
// expressions and then checked, giving CPython's "cannot assign to ..."
// messages. Constructs outside the kernel subset are recognized and rejected
// with "unsupported Python construct: ..." at their first token; a bare `...`
// statement (a placeholder body) is accepted as `pass`, `...` anywhere else
// is rejected.
//
// Recursion is bounded, so that no input can overflow the stack, here or in
// the passes that walk the tree: brackets, unary operators, `**` and
// conditional-expression chains share one nesting counter limited to
// kMaxNestingDepth, nested blocks (and `elif` chains, which nest in the AST)
// another, and the depth of every expression tree, which also grows along
// left-associative chains such as `a + b + c + ...`, is tracked as it is
// built and limited to kMaxExpressionDepth.
//
// The whole file is tokenized before parsing; when that fails, the text
// before the lexical error is parsed on its own, so that an earlier syntax
// error is the one reported, as with CPython's incremental tokenizer.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Parser.h"
#include "frontend/syntax/LiteralUnroll.h"
#include "frontend/syntax/Rebindings.h"

#include "frontend/syntax/Lexer.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace nvc {
namespace {

using namespace ast;

/// Largest depth of an expression tree (e.g. a sum of this many terms).
constexpr unsigned kMaxExpressionDepth = 1000;

std::string describe(const Token &t) {
  switch (t.kind) {
  case TokenKind::EndOfFile: return "end of file";
  case TokenKind::Newline: return "end of line";
  case TokenKind::Indent: return "indent";
  case TokenKind::Dedent: return "unindent";
  case TokenKind::Name: return fmt::format("name '{}'", t.text);
  case TokenKind::Keyword: return fmt::format("keyword '{}'", t.text);
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary: return fmt::format("number '{}'", t.text);
  case TokenKind::String: return "string literal";
  case TokenKind::Op: return fmt::format("'{}'", t.text);
  }
  return "token";
}

/// Value of an integer literal's spelling; `fits` is false when it exceeds
/// 64 unsigned bits.
uint64_t integerValue(std::string_view text, bool &fits) {
  unsigned base = 10;
  size_t i = 0;
  if (text.size() > 1 && text[0] == '0') {
    char p = static_cast<char>(text[1] | 0x20);
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
    if (base != 10)
      i = 2;
  }
  uint64_t value = 0;
  fits = true;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '_')
      continue;
    unsigned d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    if (value > (std::numeric_limits<uint64_t>::max() - d) / base)
      fits = false;
    value = value * base + d;
  }
  return fits ? value : 0;
}

/// Value of a float (or imaginary, without its `j`) literal's spelling:
/// correctly rounded, `inf` on overflow and 0 on underflow, as CPython.
double floatValue(std::string_view text) {
  std::string digits;
  for (char c : text)
    if (c != '_')
      digits += c;
  double value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  (void)end;
  if (ec != std::errc::result_out_of_range)
    return value;
  // Out of range: decide between overflow and underflow from the decimal
  // magnitude of the first significant digit.
  size_t ePos = digits.find_first_of("eE");
  long exponent =
      ePos == std::string::npos ? 0 : std::strtol(digits.c_str() + ePos + 1, nullptr, 10);
  std::string mantissa = digits.substr(0, ePos);
  size_t dot = mantissa.find('.');
  size_t intDigits = dot == std::string::npos ? mantissa.size() : dot;
  size_t first = mantissa.find_first_of("123456789");
  long magnitude = first < intDigits ? static_cast<long>(intDigits - first)
                                     : -static_cast<long>(first - intDigits - 1);
  return magnitude + exponent > 0 ? std::numeric_limits<double>::infinity() : 0.0;
}

/// The location where an expression's text starts (a BinOp's own location
/// is its operator's).
Location startOf(const Expr *e) {
  while (e->getKind() == Expr::Kind::BinOp)
    e = static_cast<const BinOp *>(e)->lhs.get();
  return e->getLoc();
}

enum class TargetContext { Assign, Delete, AugAssign };

class Parser {
public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}
  bool startsHostBlock() const;
  /// The header of the module-level class statement at the cursor (after its
  /// decorators), or nothing when the host block is not a class.
  std::optional<ClassHeader> classHeader() const;
  void skipHostBlock();
  /// At a module-level `try`: appends the imports of its body to `out` when
  /// its body holds imports only; the position is unchanged.
  void parseTryImports(Block &out);
  std::unique_ptr<Module> parseModule(std::string path);

private:
  /// Counts one level of a bounded kind of nesting for its lifetime.
  class NestingGuard {
  public:
    NestingGuard(unsigned &counter, Location loc, const char *message,
                 unsigned limit = kMaxNestingDepth)
        : counter_(counter) {
      if (++counter_ > limit) {
        --counter_;
        throw CompileError(loc, message);
      }
    }
    ~NestingGuard() { --counter_; }
    NestingGuard(const NestingGuard &) = delete;
    NestingGuard &operator=(const NestingGuard &) = delete;

  private:
    unsigned &counter_;
  };

  // Token access.
  const Token &peek(size_t n = 0) const {
    return tokens_[std::min(pos_ + n, tokens_.size() - 1)];
  }
  const Token &advance() {
    const Token &t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size())
      ++pos_;
    return t;
  }
  bool isOp(std::string_view op, size_t n = 0) const {
    const Token &t = peek(n);
    return t.kind == TokenKind::Op && t.text == op;
  }
  bool isKeyword(std::string_view kw, size_t n = 0) const {
    const Token &t = peek(n);
    return t.kind == TokenKind::Keyword && t.text == kw;
  }
  bool acceptOp(std::string_view op) {
    if (!isOp(op))
      return false;
    advance();
    return true;
  }
  bool acceptKeyword(std::string_view kw) {
    if (!isKeyword(kw))
      return false;
    advance();
    return true;
  }
  void expectOp(std::string_view op, std::string_view message) {
    if (!acceptOp(op))
      fail(peek().loc, std::string(message));
  }
  std::string expectName(std::string_view message) {
    if (peek().kind != TokenKind::Name)
      fail(peek().loc, std::string(message));
    return advance().text;
  }
  bool atStatementEnd() const {
    return peek().kind == TokenKind::Newline || peek().kind == TokenKind::EndOfFile ||
           isOp(";");
  }
  bool canStartExpression(const Token &t) const;

  [[noreturn]] static void fail(Location loc, std::string message) {
    throw CompileError(loc, std::move(message));
  }
  [[noreturn]] static void unsupported(Location loc, std::string_view what) {
    fail(loc, fmt::format("unsupported Python construct: {}", what));
  }
  [[noreturn]] void closingError(std::string_view close) const;

  // Expression depth bookkeeping.
  unsigned depthOf(const ExprPtr &e) const {
    auto it = depths_.find(e.get());
    return it == depths_.end() ? 1 : it->second;
  }
  ExprPtr finish(ExprPtr node, unsigned childDepth) {
    unsigned depth = childDepth + 1;
    if (depth > kMaxExpressionDepth)
      fail(startOf(node.get()), "expression is too long or too deeply nested");
    depths_[node.get()] = depth;
    return node;
  }

  // Statements.
  void parseStatement(Block &out);
  void parseSimpleStatements(Block &out);
  StmtPtr parseSmallStatement();
  StmtPtr parseExpressionStatement();
  StmtPtr parseIf(const Token &keyword);
  StmtPtr parseWhile();
  StmtPtr parseFor();
  StmtPtr parseFunctionDef(std::vector<ExprPtr> decorators);
  StmtPtr parseDecorated();
  StmtPtr parseImport();
  StmtPtr parseImportFrom();
  std::string parseDottedName();
  Block parseSuite(std::string_view what, Location header);
  bool looksLikeMatchStatement() const;
  void checkTarget(const Expr *target, TargetContext context) const;

  // Expressions.
  ExprPtr parseTestList();
  ExprPtr parseTest();
  ExprPtr parseOr();
  ExprPtr parseAnd();
  ExprPtr parseNot();
  ExprPtr parseComparison();
  ExprPtr parseBinary(size_t level);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parsePrimary();
  ExprPtr parseAtom();
  ExprPtr parseParenthesized();
  ExprPtr parseListDisplay();
  ExprPtr parseBraceDisplay();
  ExprPtr parseSubscriptIndex();
  ExprPtr parseSliceItem();
  void parseCallArguments(std::vector<ExprPtr> &args, std::vector<Keyword> &keywords,
                          unsigned &depth, std::vector<size_t> *starred = nullptr);

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  unsigned exprNesting_ = 0;
  unsigned blockNesting_ = 0;
  unsigned functionDepth_ = 0;
  unsigned loopDepth_ = 0;
  /// Depth of the composite expression nodes of the current statement
  /// (leaves are absent and have depth 1).
  std::unordered_map<const Expr *, unsigned> depths_;
};

bool Parser::canStartExpression(const Token &t) const {
  switch (t.kind) {
  case TokenKind::Name:
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary:
  case TokenKind::String:
    return true;
  case TokenKind::Keyword:
    return t.text == "True" || t.text == "False" || t.text == "None" || t.text == "not" ||
           t.text == "lambda" || t.text == "await" || t.text == "yield";
  case TokenKind::Op:
    return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" ||
           t.text == "~" || t.text == "..." || t.text == "*";
  default:
    return false;
  }
}

void Parser::closingError(std::string_view close) const {
  const Token &t = peek();
  if (canStartExpression(t))
    fail(t.loc, "invalid syntax, perhaps you forgot a comma?");
  fail(t.loc, fmt::format("expected '{}'", close));
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule(std::string path) {
  auto module = std::make_unique<Module>();
  module->path = std::move(path);
  while (peek().kind != TokenKind::EndOfFile) {
    if (startsHostBlock()) {
      if (auto header = classHeader())
        module->classes.push_back(std::move(*header));
      // `try: <imports> except ImportError: <other imports>`, the idiom of
      // imports that differ between versions: the `try` branch's imports
      // are the module's (the kernel's environment has what it imports).
      if (isKeyword("try"))
        parseTryImports(module->body);
      skipHostBlock();
      continue;
    }
    parseStatement(module->body);
  }
  return module;
}

/// Module-level `class`, `try` and `with` statements (with their decorators)
/// are host code, which nvc ignores as docs/language.md says: no kernel can
/// use a class, and names bound inside them are not module constants.
bool Parser::startsHostBlock() const {
  size_t k = 0;
  // Skip decorator lines: '@' ... Newline.
  while (peek(k).kind == TokenKind::Op && peek(k).text == "@") {
    while (peek(k).kind != TokenKind::Newline && peek(k).kind != TokenKind::EndOfFile)
      ++k;
    ++k;
  }
  const Token &t = peek(k);
  return t.kind == TokenKind::Keyword && (t.text == "class" || t.text == "try" || t.text == "with");
}

std::optional<ClassHeader> Parser::classHeader() const {
  size_t k = 0;
  while (peek(k).kind == TokenKind::Op && peek(k).text == "@") {
    while (peek(k).kind != TokenKind::Newline && peek(k).kind != TokenKind::EndOfFile)
      ++k;
    ++k;
  }
  if (!(peek(k).kind == TokenKind::Keyword && peek(k).text == "class") ||
      peek(k + 1).kind != TokenKind::Name)
    return std::nullopt;
  ClassHeader header{peek(k).loc, peek(k + 1).text, {}};
  k += 2;
  if (peek(k).kind != TokenKind::Op || peek(k).text != "(")
    return header;
  ++k;
  std::string base;
  bool dotted = true;
  for (; peek(k).kind != TokenKind::EndOfFile; ++k) {
    const Token &t = peek(k);
    if (t.kind == TokenKind::Op && (t.text == "," || t.text == ")")) {
      if (!base.empty() || !dotted)
        header.bases.push_back(dotted ? base : "");
      base.clear();
      dotted = true;
      if (t.text == ")")
        break;
    } else if (t.kind == TokenKind::Name || (t.kind == TokenKind::Op && t.text == ".")) {
      base += t.text;
    } else {
      dotted = false; // metaclass=..., a call, a subscript: not a plain base
    }
  }
  return header;
}

void Parser::parseTryImports(Block &out) {
  size_t start = pos_;
  advance();
  Block body;
  try {
    if (!acceptOp(":") || peek().kind != TokenKind::Newline)
      throw CompileError({}, "");
    advance();
    if (peek().kind != TokenKind::Indent)
      throw CompileError({}, "");
    advance();
    while (peek().kind != TokenKind::Dedent && peek().kind != TokenKind::EndOfFile) {
      if (!isKeyword("import") && !isKeyword("from"))
        throw CompileError({}, "");
      parseStatement(body);
    }
    if (body.empty())
      throw CompileError({}, "");
  } catch (const CompileError &) {
    body.clear(); // anything else in the try: host code, skipped whole
  }
  pos_ = start;
  for (auto &s : body)
    out.push_back(std::move(s));
}

void Parser::skipHostBlock() {
  bool isTry = false;
  do {
    // The header (and a body on the same line) up to its Newline; the lexer
    // emits no Newline inside brackets.
    while (isOp("@")) {
      while (peek().kind != TokenKind::Newline && peek().kind != TokenKind::EndOfFile)
        advance();
      advance();
    }
    isTry = isTry || isKeyword("try");
    while (peek().kind != TokenKind::Newline && peek().kind != TokenKind::EndOfFile)
      advance();
    if (peek().kind == TokenKind::Newline)
      advance();
    if (peek().kind == TokenKind::Indent) {
      int depth = 0;
      do {
        if (peek().kind == TokenKind::Indent)
          ++depth;
        else if (peek().kind == TokenKind::Dedent)
          --depth;
        advance();
      } while (depth > 0 && peek().kind != TokenKind::EndOfFile);
    }
    // try: ... except ...: ... else: ... finally: ...
  } while (isTry && (isKeyword("except") || isKeyword("else") || isKeyword("finally")));
  depths_.clear();
}

void Parser::parseStatement(Block &out) {
  depths_.clear();
  const Token &t = peek();
  if (t.kind == TokenKind::Indent)
    fail(t.loc, "unexpected indent");
  // Classes, `try` and `with` inside a module-level `if`, `for` or `while`
  // are host code as they are at the top (parseModule).
  if (functionDepth_ == 0 && blockNesting_ > 0 && startsHostBlock()) {
    skipHostBlock();
    return;
  }
  if (t.kind == TokenKind::Keyword) {
    if (t.text == "if") {
      out.push_back(parseIf(advance()));
      return;
    }
    if (t.text == "while") {
      out.push_back(parseWhile());
      return;
    }
    if (t.text == "for") {
      out.push_back(parseFor());
      return;
    }
    if (t.text == "def") {
      out.push_back(parseFunctionDef({}));
      return;
    }
    if (t.text == "class")
      unsupported(t.loc, "classes are not allowed in kernels");
    if (t.text == "try")
      unsupported(t.loc, "'try' statements are not allowed in kernels");
    if (t.text == "with")
      unsupported(t.loc, "'with' statements are not allowed in kernels");
    if (t.text == "async")
      unsupported(t.loc, "'async' functions and statements are not allowed in kernels");
  }
  if (isOp("@")) {
    out.push_back(parseDecorated());
    return;
  }
  if (t.kind == TokenKind::Name && t.text == "match" && looksLikeMatchStatement())
    unsupported(t.loc, "'match' statements are not allowed in kernels");
  parseSimpleStatements(out);
}

/// `match` is a soft keyword: a line `match <subject>:` is a match statement,
/// while `match = 1` or `match(x)` use it as a name.
bool Parser::looksLikeMatchStatement() const {
  const Token &next = peek(1);
  if (next.kind == TokenKind::Newline || next.kind == TokenKind::EndOfFile)
    return false;
  if (next.kind == TokenKind::Op && next.text != "(" && next.text != "[" && next.text != "{" &&
      next.text != "-" && next.text != "+" && next.text != "~" && next.text != "*")
    return false;
  size_t n = 1;
  while (peek(n).kind != TokenKind::Newline && peek(n).kind != TokenKind::EndOfFile)
    ++n;
  return n >= 2 && isOp(":", n - 1);
}

/// Simple statements separated by `;` up to the end of the line.
void Parser::parseSimpleStatements(Block &out) {
  while (true) {
    out.push_back(parseSmallStatement());
    if (!acceptOp(";"))
      break;
    if (peek().kind == TokenKind::Newline)
      break;
  }
  const Token &t = peek();
  if (t.kind == TokenKind::Newline) {
    advance();
    return;
  }
  if (t.kind == TokenKind::EndOfFile)
    return;
  if (t.kind == TokenKind::Op && t.text == ":=")
    unsupported(t.loc, "assignment expressions (':=') are not allowed in kernels");
  fail(t.loc, fmt::format("invalid syntax: unexpected {}", describe(t)));
}

StmtPtr Parser::parseSmallStatement() {
  const Token &t = peek();
  Location loc = t.loc;
  if (t.kind != TokenKind::Keyword)
    return parseExpressionStatement();
  const std::string &kw = t.text;
  if (kw == "pass") {
    advance();
    return std::make_unique<Pass>(loc);
  }
  if (kw == "break" || kw == "continue") {
    advance();
    if (loopDepth_ == 0)
      fail(loc, fmt::format("'{}' outside loop", kw == "break" ? "break" : "continue"));
    if (kw == "break")
      return std::make_unique<Break>(loc);
    return std::make_unique<Continue>(loc);
  }
  if (kw == "return") {
    advance();
    if (functionDepth_ == 0)
      fail(loc, "'return' outside function");
    ExprPtr value;
    if (!atStatementEnd())
      value = parseTestList();
    return std::make_unique<Return>(loc, std::move(value));
  }
  if (kw == "raise") {
    advance();
    ExprPtr exc, cause;
    if (!atStatementEnd()) {
      exc = parseTest();
      if (acceptKeyword("from"))
        cause = parseTest();
    }
    return std::make_unique<Raise>(loc, std::move(exc), std::move(cause));
  }
  if (kw == "assert") {
    advance();
    ExprPtr test = parseTest();
    ExprPtr msg;
    if (acceptOp(","))
      msg = parseTest();
    return std::make_unique<Assert>(loc, std::move(test), std::move(msg));
  }
  if (kw == "del") {
    advance();
    std::vector<ExprPtr> targets;
    do {
      if (atStatementEnd() && !targets.empty())
        break;
      targets.push_back(parseTest());
      checkTarget(targets.back().get(), TargetContext::Delete);
    } while (acceptOp(","));
    return std::make_unique<Del>(loc, std::move(targets));
  }
  if (kw == "global" || kw == "nonlocal") {
    advance();
    if (kw == "nonlocal" && functionDepth_ == 0)
      fail(loc, "nonlocal declaration not allowed at module level");
    std::vector<std::string> names;
    do
      names.push_back(expectName(fmt::format("expected a name after '{}'", kw)));
    while (acceptOp(","));
    if (kw == "global")
      return std::make_unique<Global>(loc, std::move(names));
    return std::make_unique<Nonlocal>(loc, std::move(names));
  }
  if (kw == "import")
    return parseImport();
  if (kw == "from")
    return parseImportFrom();
  if (kw == "yield")
    unsupported(loc, "'yield' expressions are not allowed in kernels");
  return parseExpressionStatement();
}

StmtPtr Parser::parseExpressionStatement() {
  Location loc = peek().loc;
  // `...` alone is a placeholder statement with no effect: treat it as `pass`.
  if (isOp("...") && (peek(1).kind == TokenKind::Newline || isOp(";", 1) ||
                      peek(1).kind == TokenKind::EndOfFile)) {
    advance();
    return std::make_unique<Pass>(loc);
  }
  ExprPtr first = parseTestList();

  if (isOp("=")) {
    std::vector<ExprPtr> exprs;
    exprs.push_back(std::move(first));
    while (acceptOp("=")) {
      if (isKeyword("yield"))
        unsupported(peek().loc, "'yield' expressions are not allowed in kernels");
      exprs.push_back(parseTestList());
    }
    ExprPtr value = std::move(exprs.back());
    exprs.pop_back();
    for (const ExprPtr &target : exprs)
      checkTarget(target.get(), TargetContext::Assign);
    return std::make_unique<Assign>(loc, std::move(exprs), std::move(value));
  }

  static const std::pair<std::string_view, BinOpKind> kAugOps[] = {
      {"+=", BinOpKind::Add},       {"-=", BinOpKind::Sub},     {"*=", BinOpKind::Mult},
      {"@=", BinOpKind::MatMult},   {"/=", BinOpKind::Div},     {"//=", BinOpKind::FloorDiv},
      {"%=", BinOpKind::Mod},       {"**=", BinOpKind::Pow},    {"<<=", BinOpKind::LShift},
      {">>=", BinOpKind::RShift},   {"|=", BinOpKind::BitOr},   {"^=", BinOpKind::BitXor},
      {"&=", BinOpKind::BitAnd},
  };
  if (peek().kind == TokenKind::Op) {
    for (const auto &[spelling, op] : kAugOps) {
      if (peek().text != spelling)
        continue;
      Location opLoc = advance().loc;
      checkTarget(first.get(), TargetContext::AugAssign);
      if (isKeyword("yield"))
        unsupported(peek().loc, "'yield' expressions are not allowed in kernels");
      ExprPtr value = parseTestList();
      return std::make_unique<AugAssign>(loc, std::move(first), op, opLoc, std::move(value));
    }
  }

  if (isOp(":")) {
    switch (first->getKind()) {
    case Expr::Kind::Name:
    case Expr::Kind::Attribute:
    case Expr::Kind::Subscript:
      break;
    case Expr::Kind::Tuple:
      fail(loc, "only single target (not tuple) can be annotated");
    case Expr::Kind::List:
      fail(loc, "only single target (not list) can be annotated");
    default:
      fail(loc, "illegal target for annotation");
    }
    advance();
    ExprPtr annotation = parseTest();
    ExprPtr value;
    if (acceptOp("="))
      value = parseTestList();
    return std::make_unique<AnnAssign>(loc, std::move(first), std::move(annotation),
                                       std::move(value));
  }
  return std::make_unique<ExprStmt>(loc, std::move(first));
}

/// Checks that `target` can be assigned (or deleted): names, attributes,
/// subscripts, and tuples and lists of those.
void Parser::checkTarget(const Expr *target, TargetContext context) const {
  const char *what = nullptr;
  switch (target->getKind()) {
  case Expr::Kind::Name:
  case Expr::Kind::Attribute:
  case Expr::Kind::Subscript:
    return;
  case Expr::Kind::Tuple:
  case Expr::Kind::List:
    if (context == TargetContext::AugAssign) {
      what = target->getKind() == Expr::Kind::Tuple ? "tuple" : "list";
      break;
    }
    for (const ExprPtr &elt : target->getKind() == Expr::Kind::Tuple
                                  ? static_cast<const Tuple *>(target)->elts
                                  : static_cast<const List *>(target)->elts)
      checkTarget(elt.get(), context);
    return;
  case Expr::Kind::Call: what = "function call"; break;
  case Expr::Kind::IntLiteral:
  case Expr::Kind::FloatLiteral:
  case Expr::Kind::ImaginaryLiteral:
  case Expr::Kind::StringLiteral: what = "literal"; break;
  case Expr::Kind::BoolLiteral:
    what = static_cast<const BoolLiteral *>(target)->value ? "True" : "False";
    break;
  case Expr::Kind::NoneLiteral: what = "None"; break;
  case Expr::Kind::Compare: what = "comparison"; break;
  case Expr::Kind::IfExp: what = "conditional expression"; break;
  case Expr::Kind::Lambda: what = "lambda"; break;
  default: what = "expression"; break;
  }
  Location loc = startOf(target);
  switch (context) {
  case TargetContext::Assign: fail(loc, fmt::format("cannot assign to {}", what));
  case TargetContext::Delete: fail(loc, fmt::format("cannot delete {}", what));
  case TargetContext::AugAssign:
    fail(loc, fmt::format("'{}' is an illegal expression for augmented assignment", what));
  }
}

/// The body of a compound statement: an indented block, or simple statements
/// on the line of the header.
Block Parser::parseSuite(std::string_view what, Location header) {
  Block body;
  if (peek().kind != TokenKind::Newline) {
    const Token &t = peek();
    if (t.kind == TokenKind::Keyword &&
        (t.text == "if" || t.text == "while" || t.text == "for" || t.text == "def" ||
         t.text == "class" || t.text == "try" || t.text == "with" || t.text == "async"))
      fail(t.loc, fmt::format("invalid syntax: a '{}' statement must start on its own line",
                              t.text));
    if (isOp("@"))
      fail(t.loc, "invalid syntax: a decorated definition must start on its own line");
    parseSimpleStatements(body);
    return body;
  }
  advance();
  const Token &indent = peek();
  if (indent.kind != TokenKind::Indent)
    fail(indent.loc,
         fmt::format("expected an indented block after {} on line {}", what, header.line));
  NestingGuard guard(blockNesting_, indent.loc, "too many nested blocks");
  advance();
  while (peek().kind != TokenKind::Dedent && peek().kind != TokenKind::EndOfFile)
    parseStatement(body);
  advance();
  return body;
}

/// `if` or `elif` (the keyword was consumed) with its branches; an `elif` is
/// an If alone in the orelse of the previous one.
StmtPtr Parser::parseIf(const Token &keyword) {
  Location loc = keyword.loc;
  std::string kw = keyword.text;
  ExprPtr test = parseTest();
  expectOp(":", fmt::format("expected ':' after '{}' condition", kw));
  Block body = parseSuite(fmt::format("'{}' statement", kw), loc);
  Block orelse;
  if (isKeyword("elif")) {
    const Token &elif = advance();
    // One below the limit, so that a long chain is reported at its `elif`
    // rather than at the block under it.
    NestingGuard guard(blockNesting_, elif.loc,
                       "too many nested blocks ('elif' branches nest in the syntax tree)",
                       kMaxNestingDepth - 1);
    orelse.push_back(parseIf(elif));
  } else if (isKeyword("else")) {
    Location elseLoc = advance().loc;
    expectOp(":", "expected ':' after 'else'");
    orelse = parseSuite("'else' statement", elseLoc);
  }
  return std::make_unique<If>(loc, std::move(test), std::move(body), std::move(orelse));
}

StmtPtr Parser::parseWhile() {
  Location loc = advance().loc;
  ExprPtr test = parseTest();
  expectOp(":", "expected ':' after 'while' condition");
  ++loopDepth_;
  Block body = parseSuite("'while' statement", loc);
  --loopDepth_;
  Block orelse;
  if (isKeyword("else")) {
    Location elseLoc = advance().loc;
    expectOp(":", "expected ':' after 'else'");
    orelse = parseSuite("'else' statement", elseLoc);
  }
  return std::make_unique<While>(loc, std::move(test), std::move(body), std::move(orelse));
}

StmtPtr Parser::parseFor() {
  Location loc = advance().loc;
  // Targets stop below comparisons, so that `in` is left for the header.
  Location targetLoc = peek().loc;
  ExprPtr target = parseBinary(0);
  if (isOp(",")) {
    std::vector<ExprPtr> elts;
    elts.push_back(std::move(target));
    unsigned depth = depthOf(elts.back());
    while (acceptOp(",")) {
      if (isKeyword("in"))
        break;
      elts.push_back(parseBinary(0));
      depth = std::max(depth, depthOf(elts.back()));
    }
    target = finish(std::make_unique<Tuple>(targetLoc, std::move(elts)), depth);
  }
  checkTarget(target.get(), TargetContext::Assign);
  if (!acceptKeyword("in"))
    fail(peek().loc, "expected 'in' after 'for' target");
  ExprPtr iter = parseTestList();
  expectOp(":", "expected ':' after 'for' iterable");
  ++loopDepth_;
  Block body = parseSuite("'for' statement", loc);
  --loopDepth_;
  Block orelse;
  if (isKeyword("else")) {
    Location elseLoc = advance().loc;
    expectOp(":", "expected ':' after 'else'");
    orelse = parseSuite("'else' statement", elseLoc);
  }
  return std::make_unique<For>(loc, std::move(target), std::move(iter), std::move(body),
                               std::move(orelse));
}

StmtPtr Parser::parseDecorated() {
  std::vector<ExprPtr> decorators;
  while (isOp("@")) {
    advance();
    decorators.push_back(parseTest());
    if (peek().kind != TokenKind::Newline)
      fail(peek().loc, fmt::format("invalid syntax: unexpected {} after decorator",
                                   describe(peek())));
    advance();
    depths_.clear();
  }
  const Token &t = peek();
  if (isKeyword("def"))
    return parseFunctionDef(std::move(decorators));
  if (isKeyword("class"))
    unsupported(t.loc, "classes are not allowed in kernels (decorators are only allowed on "
                       "functions)");
  if (isKeyword("async"))
    unsupported(t.loc, "'async' functions and statements are not allowed in kernels");
  fail(t.loc, "expected a function definition after decorator");
}

/// `def name(params) [-> annotation]: suite`; the FunctionDef is located at
/// `def`, as in CPython (its decorators keep their own locations).
StmtPtr Parser::parseFunctionDef(std::vector<ExprPtr> decorators) {
  Location loc = advance().loc;
  std::string name = expectName("expected function name after 'def'");
  expectOp("(", "expected '(' after function name");
  std::vector<Param> params;
  bool sawDefault = false;
  // Python's parameter kinds: `/` ends the positional-only ones, `*` or
  // `*args` starts the keyword-only ones, `**kwargs` comes last. Kernels and
  // device functions take plain parameters only (sema says so where one is
  // compiled); host code and the typing functions of @overload use them all.
  bool sawStar = false, sawSlash = false, sawDoubleStar = false;
  Location starLoc;
  while (!isOp(")")) {
    const Token &t = peek();
    if (sawDoubleStar)
      fail(t.loc, "arguments cannot follow var-keyword argument");
    Param param;
    param.loc = t.loc;
    if (isOp("/")) {
      if (sawSlash)
        fail(t.loc, "/ may appear only once");
      if (sawStar)
        fail(t.loc, "/ must be ahead of *");
      if (params.empty())
        fail(t.loc, "at least one argument must precede /");
      advance();
      sawSlash = true;
      for (Param &p : params) {
        p.kind = Param::Kind::PositionalOnly;
        p.markerLoc = t.loc;
      }
      if (!acceptOp(","))
        break;
      continue;
    }
    if (isOp("*")) {
      if (sawStar)
        fail(t.loc, "* argument may appear only once");
      advance();
      sawStar = true;
      starLoc = t.loc;
      if (peek().kind != TokenKind::Name) {
        if (isOp(")") || (isOp(",") && peek(1).kind == TokenKind::Op && peek(1).text == ")"))
          fail(t.loc, "named arguments must follow bare *");
        if (!acceptOp(","))
          fail(peek().loc, "expected ',' or a parameter name after '*'");
        continue;
      }
      param.kind = Param::Kind::VarPositional;
      param.markerLoc = t.loc;
    } else if (isOp("**")) {
      advance();
      sawDoubleStar = true;
      param.kind = Param::Kind::VarKeyword;
      param.markerLoc = t.loc;
    } else if (sawStar) {
      param.kind = Param::Kind::KeywordOnly;
      param.markerLoc = starLoc;
    }
    param.name = expectName("expected parameter name");
    for (const Param &other : params)
      if (other.name == param.name)
        fail(param.loc,
             fmt::format("duplicate argument '{}' in function definition", param.name));
    if (acceptOp(":"))
      param.annotation = parseTest();
    bool variadic =
        param.kind == Param::Kind::VarPositional || param.kind == Param::Kind::VarKeyword;
    if (!variadic && acceptOp("=")) {
      param.defaultValue = parseTest();
      if (!sawStar)
        sawDefault = true;
    } else if (sawDefault && !sawStar && !variadic) {
      fail(param.loc, "parameter without a default follows parameter with a default");
    }
    params.push_back(std::move(param));
    if (!acceptOp(","))
      break;
  }
  if (!acceptOp(")"))
    fail(peek().loc, "expected ',' or ')' in parameter list");
  ExprPtr returns;
  if (acceptOp("->"))
    returns = parseTest();
  expectOp(":", "expected ':' after function signature");

  unsigned savedLoops = loopDepth_;
  loopDepth_ = 0;
  ++functionDepth_;
  Block body = parseSuite("function definition", loc);
  --functionDepth_;
  loopDepth_ = savedLoops;
  return std::make_unique<FunctionDef>(loc, std::move(name), std::move(params),
                                       std::move(returns), std::move(decorators),
                                       std::move(body));
}

std::string Parser::parseDottedName() {
  std::string name = expectName("expected module name");
  while (acceptOp("."))
    name += "." + expectName("expected a name after '.'");
  return name;
}

StmtPtr Parser::parseImport() {
  Location loc = advance().loc;
  std::vector<ImportAlias> names;
  do {
    ImportAlias alias;
    alias.loc = peek().loc;
    alias.name = parseDottedName();
    if (acceptKeyword("as"))
      alias.asname = expectName("expected a name after 'as'");
    names.push_back(std::move(alias));
  } while (acceptOp(","));
  return std::make_unique<Import>(loc, std::move(names));
}

StmtPtr Parser::parseImportFrom() {
  Location loc = advance().loc;
  int level = 0;
  while (isOp(".") || isOp("..."))
    level += advance().text.size();
  std::string module;
  if (peek().kind == TokenKind::Name)
    module = parseDottedName();
  else if (level == 0)
    fail(peek().loc, "expected module name after 'from'");
  if (!acceptKeyword("import"))
    fail(peek().loc, "expected 'import' after module name");
  std::vector<ImportAlias> names;
  if (isOp("*")) {
    names.push_back(ImportAlias{advance().loc, "*", ""});
    return std::make_unique<ImportFrom>(loc, std::move(module), std::move(names), level);
  }
  bool parenthesized = acceptOp("(");
  while (true) {
    ImportAlias alias;
    alias.loc = peek().loc;
    alias.name = expectName("expected a name to import");
    if (acceptKeyword("as"))
      alias.asname = expectName("expected a name after 'as'");
    names.push_back(std::move(alias));
    if (!isOp(","))
      break;
    Location comma = advance().loc;
    if (parenthesized && isOp(")"))
      break;
    if (!parenthesized && atStatementEnd())
      fail(comma, "trailing comma not allowed without surrounding parentheses");
  }
  if (parenthesized && !acceptOp(")"))
    closingError(")");
  return std::make_unique<ImportFrom>(loc, std::move(module), std::move(names), level);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// `test (',' test)* [',']`: a tuple when there is a comma.
ExprPtr Parser::parseTestList() {
  Location loc = peek().loc;
  ExprPtr first = parseTest();
  if (!isOp(","))
    return first;
  std::vector<ExprPtr> elts;
  unsigned depth = depthOf(first);
  elts.push_back(std::move(first));
  while (acceptOp(",")) {
    if (!canStartExpression(peek()))
      break;
    elts.push_back(parseTest());
    depth = std::max(depth, depthOf(elts.back()));
  }
  return finish(std::make_unique<Tuple>(loc, std::move(elts)), depth);
}

/// `or_test ['if' or_test 'else' test]`.
ExprPtr Parser::parseTest() {
  const Token &t = peek();
  Location loc = t.loc;
  if (isKeyword("lambda")) {
    // Parsed for module-level code (cuda.reduce(lambda a, b: a + b));
    // type inference refuses it in kernels.
    advance();
    std::vector<Param> params;
    while (!isOp(":")) {
      Param param;
      param.loc = peek().loc;
      param.name = expectName("expected a parameter name or ':' in lambda");
      if (acceptOp("="))
        param.defaultValue = parseTest();
      params.push_back(std::move(param));
      if (!acceptOp(","))
        break;
    }
    expectOp(":", "expected ':' in lambda");
    NestingGuard guard(exprNesting_, loc, "expression is too deeply nested");
    ExprPtr body = parseTest();
    unsigned depth = depthOf(body) + 1;
    return finish(std::make_unique<Lambda>(loc, std::move(params), std::move(body)), depth);
  }
  if (isKeyword("yield"))
    unsupported(loc, "'yield' expressions are not allowed in kernels");
  ExprPtr e = parseOr();
  if (isKeyword("if")) {
    Location ifLoc = advance().loc;
    ExprPtr test = parseOr();
    if (!acceptKeyword("else"))
      fail(peek().loc, "expected 'else' after 'if' expression");
    NestingGuard guard(exprNesting_, ifLoc, "expression is too deeply nested");
    ExprPtr orelse = parseTest();
    unsigned depth = std::max({depthOf(e), depthOf(test), depthOf(orelse)});
    e = finish(std::make_unique<IfExp>(loc, std::move(test), std::move(e), std::move(orelse)),
               depth);
  }
  if (isOp(":="))
    unsupported(peek().loc, "assignment expressions (':=') are not allowed in kernels");
  return e;
}

ExprPtr Parser::parseOr() {
  Location loc = peek().loc;
  ExprPtr first = parseAnd();
  if (!isKeyword("or"))
    return first;
  std::vector<ExprPtr> values;
  unsigned depth = depthOf(first);
  values.push_back(std::move(first));
  while (acceptKeyword("or")) {
    values.push_back(parseAnd());
    depth = std::max(depth, depthOf(values.back()));
  }
  return finish(std::make_unique<BoolOp>(loc, BoolOpKind::Or, std::move(values)), depth);
}

ExprPtr Parser::parseAnd() {
  Location loc = peek().loc;
  ExprPtr first = parseNot();
  if (!isKeyword("and"))
    return first;
  std::vector<ExprPtr> values;
  unsigned depth = depthOf(first);
  values.push_back(std::move(first));
  while (acceptKeyword("and")) {
    values.push_back(parseNot());
    depth = std::max(depth, depthOf(values.back()));
  }
  return finish(std::make_unique<BoolOp>(loc, BoolOpKind::And, std::move(values)), depth);
}

ExprPtr Parser::parseNot() {
  if (!isKeyword("not"))
    return parseComparison();
  Location loc = advance().loc;
  NestingGuard guard(exprNesting_, loc, "too many nested unary operators");
  ExprPtr operand = parseNot();
  unsigned depth = depthOf(operand);
  return finish(std::make_unique<UnaryOp>(loc, UnaryOpKind::Not, std::move(operand)), depth);
}

ExprPtr Parser::parseComparison() {
  Location loc = peek().loc;
  ExprPtr left = parseBinary(0);
  std::vector<CmpOpKind> ops;
  std::vector<Location> opLocs;
  std::vector<ExprPtr> comparators;
  unsigned depth = depthOf(left);
  while (true) {
    const Token &t = peek();
    CmpOpKind op;
    if (t.kind == TokenKind::Op) {
      if (t.text == "<") op = CmpOpKind::Lt;
      else if (t.text == ">") op = CmpOpKind::Gt;
      else if (t.text == "==") op = CmpOpKind::Eq;
      else if (t.text == ">=") op = CmpOpKind::GtE;
      else if (t.text == "<=") op = CmpOpKind::LtE;
      else if (t.text == "!=") op = CmpOpKind::NotEq;
      else break;
      advance();
    } else if (isKeyword("in")) {
      op = CmpOpKind::In;
      advance();
    } else if (isKeyword("not") && isKeyword("in", 1)) {
      op = CmpOpKind::NotIn;
      advance(), advance();
    } else if (isKeyword("is")) {
      advance();
      op = acceptKeyword("not") ? CmpOpKind::IsNot : CmpOpKind::Is;
    } else {
      break;
    }
    ops.push_back(op);
    opLocs.push_back(t.loc);
    comparators.push_back(parseBinary(0));
    depth = std::max(depth, depthOf(comparators.back()));
  }
  if (ops.empty())
    return left;
  return finish(std::make_unique<Compare>(loc, std::move(left), std::move(ops),
                                          std::move(opLocs), std::move(comparators)),
                depth);
}

/// The left-associative binary levels, loosest first; below the last comes
/// parseFactor (unary operators).
struct BinaryLevel {
  std::initializer_list<std::pair<std::string_view, BinOpKind>> ops;
};
const BinaryLevel kBinaryLevels[] = {
    {{{"|", BinOpKind::BitOr}}},
    {{{"^", BinOpKind::BitXor}}},
    {{{"&", BinOpKind::BitAnd}}},
    {{{"<<", BinOpKind::LShift}, {">>", BinOpKind::RShift}}},
    {{{"+", BinOpKind::Add}, {"-", BinOpKind::Sub}}},
    {{{"*", BinOpKind::Mult},
      {"/", BinOpKind::Div},
      {"//", BinOpKind::FloorDiv},
      {"%", BinOpKind::Mod},
      {"@", BinOpKind::MatMult}}},
};
constexpr size_t kNumBinaryLevels = sizeof(kBinaryLevels) / sizeof(kBinaryLevels[0]);

ExprPtr Parser::parseBinary(size_t level) {
  auto operand = [&] {
    return level + 1 < kNumBinaryLevels ? parseBinary(level + 1) : parseFactor();
  };
  ExprPtr lhs = operand();
  while (peek().kind == TokenKind::Op) {
    const auto &ops = kBinaryLevels[level].ops;
    auto it = std::find_if(ops.begin(), ops.end(),
                           [&](const auto &entry) { return entry.first == peek().text; });
    if (it == ops.end())
      break;
    Location loc = advance().loc;
    ExprPtr rhs = operand();
    unsigned depth = std::max(depthOf(lhs), depthOf(rhs));
    lhs = finish(std::make_unique<BinOp>(loc, it->second, std::move(lhs), std::move(rhs)), depth);
  }
  return lhs;
}

ExprPtr Parser::parseFactor() {
  const Token &t = peek();
  UnaryOpKind op;
  if (isOp("-"))
    op = UnaryOpKind::USub;
  else if (isOp("+"))
    op = UnaryOpKind::UAdd;
  else if (isOp("~"))
    op = UnaryOpKind::Invert;
  else
    return parsePower();
  Location loc = t.loc;
  advance();
  NestingGuard guard(exprNesting_, loc, "too many nested unary operators");
  ExprPtr operand = parseFactor();
  unsigned depth = depthOf(operand);
  return finish(std::make_unique<UnaryOp>(loc, op, std::move(operand)), depth);
}

/// `primary ['**' factor]`: right-associative, and binds tighter than a
/// unary operator on its left but not on its right (`-2**-1`).
ExprPtr Parser::parsePower() {
  if (isKeyword("await"))
    unsupported(peek().loc, "'await' expressions are not allowed in kernels");
  ExprPtr base = parsePrimary();
  if (!isOp("**"))
    return base;
  Location loc = advance().loc;
  NestingGuard guard(exprNesting_, loc, "expression is too deeply nested");
  ExprPtr exponent = parseFactor();
  unsigned depth = std::max(depthOf(base), depthOf(exponent));
  return finish(std::make_unique<BinOp>(loc, BinOpKind::Pow, std::move(base), std::move(exponent)),
                depth);
}

/// An atom followed by attribute references, calls and subscripts.
ExprPtr Parser::parsePrimary() {
  Location loc = peek().loc;
  ExprPtr e = parseAtom();
  while (true) {
    if (isOp(".")) {
      advance();
      const Token &name = peek();
      if (name.kind != TokenKind::Name)
        fail(name.loc, "expected attribute name after '.'");
      advance();
      unsigned depth = depthOf(e);
      e = finish(std::make_unique<Attribute>(loc, std::move(e), name.text, name.loc), depth);
    } else if (isOp("(")) {
      Location open = advance().loc;
      NestingGuard guard(exprNesting_, open, "too many nested parentheses");
      std::vector<ExprPtr> args;
      std::vector<Keyword> keywords;
      unsigned depth = depthOf(e);
      std::vector<size_t> starred;
      parseCallArguments(args, keywords, depth, &starred);
      auto call = std::make_unique<Call>(loc, std::move(e), std::move(args), std::move(keywords));
      call->starredArgs = std::move(starred);
      e = finish(std::move(call), depth);
    } else if (isOp("[")) {
      Location open = advance().loc;
      NestingGuard guard(exprNesting_, open, "too many nested parentheses");
      ExprPtr index = parseSubscriptIndex();
      if (!acceptOp("]"))
        closingError("]");
      unsigned depth = std::max(depthOf(e), depthOf(index));
      e = finish(std::make_unique<Subscript>(loc, std::move(e), std::move(index)), depth);
    } else {
      return e;
    }
  }
}

/// Call arguments after `(`, through `)`; `depth` is raised to the deepest
/// argument's.
void Parser::parseCallArguments(std::vector<ExprPtr> &args, std::vector<Keyword> &keywords,
                                unsigned &depth, std::vector<size_t> *starred) {
  while (!isOp(")")) {
    const Token &t = peek();
    if (isOp("*")) {
      // f(*t): unpacking a tuple, typed and expanded by type inference.
      if (!starred)
        unsupported(t.loc, "argument unpacking ('*args') is not allowed here");
      if (!keywords.empty())
        fail(t.loc, "iterable argument unpacking follows keyword argument unpacking");
      advance();
      ExprPtr arg = parseTest();
      depth = std::max(depth, depthOf(arg));
      starred->push_back(args.size());
      args.push_back(std::move(arg));
      if (!acceptOp(","))
        break;
      continue;
    }
    if (isOp("**"))
      unsupported(t.loc, "keyword argument unpacking ('**kwargs') is not allowed in kernels");
    if (t.kind == TokenKind::Name && isOp("=", 1)) {
      Keyword keyword;
      keyword.loc = t.loc;
      keyword.name = t.text;
      advance(), advance();
      for (const Keyword &other : keywords)
        if (other.name == keyword.name)
          fail(keyword.loc, fmt::format("keyword argument repeated: {}", keyword.name));
      keyword.value = parseTest();
      depth = std::max(depth, depthOf(keyword.value));
      keywords.push_back(std::move(keyword));
    } else {
      Location argLoc = t.loc;
      ExprPtr arg = parseTest();
      if (isOp("="))
        fail(argLoc, "expression cannot contain assignment, perhaps you meant \"==\"?");
      if (isKeyword("for") || isKeyword("async"))
        unsupported(peek().loc, "generator expressions are not allowed in kernels");
      if (!keywords.empty())
        fail(argLoc, "positional argument follows keyword argument");
      depth = std::max(depth, depthOf(arg));
      args.push_back(std::move(arg));
    }
    if (!acceptOp(","))
      break;
  }
  if (!acceptOp(")"))
    closingError(")");
}

/// The inside of `[...]` after a primary: one item, or a tuple of items
/// when there is a comma (`a[i, j]`, `a[:, 0]`).
ExprPtr Parser::parseSubscriptIndex() {
  Location loc = peek().loc;
  ExprPtr first = parseSliceItem();
  if (!isOp(","))
    return first;
  std::vector<ExprPtr> elts;
  unsigned depth = depthOf(first);
  elts.push_back(std::move(first));
  while (acceptOp(",")) {
    if (isOp("]"))
      break;
    elts.push_back(parseSliceItem());
    depth = std::max(depth, depthOf(elts.back()));
  }
  return finish(std::make_unique<Tuple>(loc, std::move(elts)), depth);
}

/// `test` or `[test] ':' [test] [':' [test]]`.
ExprPtr Parser::parseSliceItem() {
  Location loc = peek().loc;
  if (acceptOp("...")) {
    auto all = std::make_unique<Slice>(loc, nullptr, nullptr, nullptr);
    all->ellipsis = true;
    return finish(std::move(all), 0);
  }
  ExprPtr lower, upper, step;
  if (!isOp(":")) {
    lower = parseTest();
    if (!isOp(":"))
      return lower;
  }
  advance();
  auto endOfPart = [&] { return isOp(":") || isOp(",") || isOp("]"); };
  if (!endOfPart())
    upper = parseTest();
  if (acceptOp(":") && !endOfPart())
    step = parseTest();
  unsigned depth = 0;
  for (const ExprPtr *part : {&lower, &upper, &step})
    if (*part)
      depth = std::max(depth, depthOf(*part));
  return finish(std::make_unique<Slice>(loc, std::move(lower), std::move(upper), std::move(step)),
                depth);
}

ExprPtr Parser::parseAtom() {
  const Token &t = peek();
  Location loc = t.loc;
  switch (t.kind) {
  case TokenKind::Name:
    advance();
    return std::make_unique<Name>(loc, t.text);
  case TokenKind::Int: {
    advance();
    bool fits;
    uint64_t value = integerValue(t.text, fits);
    return std::make_unique<IntLiteral>(loc, t.text, value, fits);
  }
  case TokenKind::Float:
    advance();
    return std::make_unique<FloatLiteral>(loc, t.text, floatValue(t.text));
  case TokenKind::Imaginary: {
    advance();
    std::string_view digits(t.text);
    digits.remove_suffix(1);
    return std::make_unique<ImaginaryLiteral>(loc, t.text, floatValue(digits));
  }
  case TokenKind::String: {
    std::string value, formatted;
    bool isFormatted = false;
    while (peek().kind == TokenKind::String) {
      if (!peek().unsupported.empty() && !peek().fstring)
        unsupported(peek().loc, peek().unsupported);
      const Token &s = advance();
      value += s.text;
      if (s.fstring) {
        isFormatted = true;
        formatted += s.text;
        continue;
      }
      for (char c : s.text) { // a plain part of an f-string: its braces and backslashes are text
        formatted += c;
        if (c == '{' || c == '}' || c == '\\')
          formatted += c;
      }
    }
    if (isFormatted)
      return std::make_unique<FormattedString>(loc, std::move(formatted));
    return std::make_unique<StringLiteral>(loc, std::move(value));
  }
  case TokenKind::Keyword:
    if (t.text == "True" || t.text == "False") {
      advance();
      return std::make_unique<BoolLiteral>(loc, t.text == "True");
    }
    if (t.text == "None") {
      advance();
      return std::make_unique<NoneLiteral>(loc);
    }
    if (t.text == "lambda")
      unsupported(loc, "lambda expressions are not allowed in kernels");
    if (t.text == "yield")
      unsupported(loc, "'yield' expressions are not allowed in kernels");
    if (t.text == "await")
      unsupported(loc, "'await' expressions are not allowed in kernels");
    break;
  case TokenKind::Indent:
    fail(loc, "unexpected indent");
  case TokenKind::Op:
    if (t.text == "(")
      return parseParenthesized();
    if (t.text == "[")
      return parseListDisplay();
    if (t.text == "{")
      return parseBraceDisplay();
    if (t.text == "...")
      unsupported(loc, "Ellipsis ('...') is not allowed in kernels");
    if (t.text == "*" || t.text == "**")
      unsupported(loc, "starred expressions are not allowed in kernels");
    if (t.text == ":=")
      unsupported(loc, "assignment expressions (':=') are not allowed in kernels");
    break;
  default:
    break;
  }
  fail(loc, "expected expression");
}

/// `()`, `(expr)` or a tuple `(a,)`, `(a, b)`.
ExprPtr Parser::parseParenthesized() {
  Location loc = advance().loc;
  NestingGuard guard(exprNesting_, loc, "too many nested parentheses");
  if (acceptOp(")"))
    return finish(std::make_unique<Tuple>(loc, std::vector<ExprPtr>{}), 0);
  if (isKeyword("yield"))
    unsupported(peek().loc, "'yield' expressions are not allowed in kernels");
  ExprPtr first = parseTest();
  if (isKeyword("for") || isKeyword("async"))
    unsupported(peek().loc, "generator expressions are not allowed in kernels");
  if (acceptOp(")"))
    return first;
  if (!isOp(","))
    closingError(")");
  std::vector<ExprPtr> elts;
  unsigned depth = depthOf(first);
  elts.push_back(std::move(first));
  while (acceptOp(",")) {
    if (isOp(")"))
      break;
    elts.push_back(parseTest());
    depth = std::max(depth, depthOf(elts.back()));
  }
  if (!acceptOp(")"))
    closingError(")");
  return finish(std::make_unique<Tuple>(loc, std::move(elts)), depth);
}

/// `[a, b, ...]`.
ExprPtr Parser::parseListDisplay() {
  Location loc = advance().loc;
  NestingGuard guard(exprNesting_, loc, "too many nested parentheses");
  std::vector<ExprPtr> elts;
  unsigned depth = 0;
  while (!isOp("]")) {
    elts.push_back(parseTest());
    depth = std::max(depth, depthOf(elts.back()));
    if (elts.size() == 1 && (isKeyword("for") || isKeyword("async")))
      unsupported(peek().loc, "list comprehensions are not allowed in kernels");
    if (!acceptOp(","))
      break;
  }
  if (!acceptOp("]"))
    closingError("]");
  return finish(std::make_unique<List>(loc, std::move(elts)), depth);
}

/// `{...}`: a dict display `{k: v, ...}` is parsed (host code, and the
/// options of numba's extension API; type inference refuses it in kernels);
/// set displays and comprehensions are outside the subset: enough is parsed
/// to name the construct.
ExprPtr Parser::parseBraceDisplay() {
  Location loc = advance().loc;
  NestingGuard guard(exprNesting_, loc, "too many nested parentheses");
  std::vector<ExprPtr> keys, values;
  unsigned depth = 0;
  if (acceptOp("}"))
    return finish(std::make_unique<Dict>(loc, std::move(keys), std::move(values)), 0);
  if (isOp("**"))
    unsupported(peek().loc, "dict unpacking ('**') is not allowed in kernels");
  ExprPtr first = parseTest();
  if (acceptOp(":")) {
    ExprPtr value = parseTest();
    if (isKeyword("for") || isKeyword("async"))
      unsupported(loc, "dict comprehensions are not allowed in kernels");
    depth = std::max(depthOf(first), depthOf(value));
    keys.push_back(std::move(first));
    values.push_back(std::move(value));
    while (acceptOp(",")) {
      if (isOp("}"))
        break;
      if (isOp("**"))
        unsupported(peek().loc, "dict unpacking ('**') is not allowed in kernels");
      ExprPtr k = parseTest();
      expectOp(":", "expected ':' in dict display");
      ExprPtr v = parseTest();
      depth = std::max({depth, depthOf(k), depthOf(v)});
      keys.push_back(std::move(k));
      values.push_back(std::move(v));
    }
    if (!acceptOp("}"))
      closingError("}");
    return finish(std::make_unique<Dict>(loc, std::move(keys), std::move(values)), depth);
  }
  if (isKeyword("for") || isKeyword("async"))
    unsupported(loc, "set comprehensions are not allowed in kernels");
  unsupported(loc, "set displays are not allowed in kernels");
}

bool isIdentifierByte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

/// The whole file is tokenized before parsing starts, whereas CPython's
/// parser pulls tokens as it goes and so reports a syntax error that comes
/// before a lexical error. To report the first error of the file as CPython
/// does, the text before the lexical error is parsed on its own, and a syntax
/// error strictly before that point is thrown instead. (The prefix ends with
/// synthetic NEWLINE/DEDENT/EOF tokens at the cut, so errors at or after the
/// cut are artifacts; the cut never splits a name or number, and a prefix
/// that does not tokenize, e.g. one ending inside a string, is ignored.)
void throwEarlierSyntaxError(const SourceFile &file, const CompileError &lexError) {
  std::string_view text = file.text();
  size_t offset = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  for (uint32_t line = 1; line < lexError.loc.line;) {
    if (offset >= text.size())
      return;
    char c = text[offset++];
    if (c == '\r' && offset < text.size() && text[offset] == '\n')
      ++offset;
    if (c == '\n' || c == '\r')
      ++line;
  }
  size_t lineStart = offset;
  size_t cut =
      std::min<size_t>(text.size(), lineStart + std::max<uint32_t>(lexError.loc.col, 1) - 1);
  while (cut > lineStart && isIdentifierByte(text[cut - 1]))
    --cut;
  Location cutLoc{lexError.loc.line, static_cast<uint32_t>(cut - lineStart + 1)};
  std::vector<Token> tokens;
  try {
    tokens = tokenize(SourceFile(file.path(), std::string(text.substr(0, cut))));
  } catch (const CompileError &) {
    return;
  }
  try {
    Parser(std::move(tokens)).parseModule(file.path());
  } catch (const CompileError &syntaxError) {
    if (syntaxError.loc.line < cutLoc.line ||
        (syntaxError.loc.line == cutLoc.line && syntaxError.loc.col < cutLoc.col))
      throw;
  }
}

} // namespace

std::unique_ptr<ast::Module> parseModule(const SourceFile &file) {
  std::vector<Token> tokens;
  try {
    tokens = tokenize(file);
  } catch (const CompileError &lexError) {
    throwEarlierSyntaxError(file, lexError);
    throw;
  }
  std::unique_ptr<ast::Module> module = Parser(std::move(tokens)).parseModule(file.path());
  // One copy of a literal_unroll loop's body per item (LiteralUnroll.h),
  // then Numba types each version of a re-bound variable apart
  // (Rebindings.h), the copies' variables too.
  unrollLiteralLoops(*module);
  renameRebindings(*module);
  return module;
}

} // namespace nvc
