//===- LexerTest.cpp - Unit tests of the tokenizer ------------------------===//
//
// Checks the token stream of frontend/syntax/Lexer.cpp against CPython's tokenizer:
// every token kind, the NEWLINE/INDENT/DEDENT structure (blank and comment
// lines, brackets, backslash continuations, tabs, line endings), number and
// string literals, and the message and exact line:column of lexical errors.
// Token streams are compared as compact strings, e.g. `NAME:x OP:= INT:1 NL`.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Lexer.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using nvc::CompileError;
using nvc::SourceFile;
using nvc::Token;
using nvc::TokenKind;

namespace {

std::vector<Token> lex(const std::string &src) {
  return nvc::tokenize(SourceFile("test.py", src));
}

std::string kindName(TokenKind kind) {
  switch (kind) {
  case TokenKind::EndOfFile: return "EOF";
  case TokenKind::Newline: return "NL";
  case TokenKind::Indent: return "INDENT";
  case TokenKind::Dedent: return "DEDENT";
  case TokenKind::Name: return "NAME";
  case TokenKind::Keyword: return "KW";
  case TokenKind::Int: return "INT";
  case TokenKind::Float: return "FLOAT";
  case TokenKind::Imaginary: return "IMAG";
  case TokenKind::String: return "STR";
  case TokenKind::Op: return "OP";
  }
  return "?";
}

/// The token stream as `KIND:text` words (EOF left out).
std::string dump(const std::string &src) {
  std::string out;
  for (const Token &t : lex(src)) {
    if (t.kind == TokenKind::EndOfFile)
      break;
    if (!out.empty())
      out += ' ';
    out += kindName(t.kind);
    if (!t.text.empty())
      out += ":" + t.text;
  }
  return out;
}

/// `line:col: message` of the error tokenizing `src` raises.
std::string lexError(const std::string &src) {
  try {
    lex(src);
  } catch (const CompileError &e) {
    return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": " + e.message;
  }
  return "no error";
}

std::string locs(const std::string &src) {
  std::string out;
  for (const Token &t : lex(src)) {
    if (!out.empty())
      out += ' ';
    out += std::to_string(t.loc.line) + ":" + std::to_string(t.loc.col);
  }
  return out;
}

} // namespace

TEST_CASE("lexer: empty and blank files", "[lexer]") {
  auto tokens = lex("");
  REQUIRE(tokens.size() == 1);
  CHECK(tokens[0].kind == TokenKind::EndOfFile);
  CHECK(tokens[0].loc.line == 1);
  CHECK(tokens[0].loc.col == 1);
  CHECK(dump("\n\n   \n# only a comment\n\t\n") == "");
  CHECK(dump("   ") == "");
  CHECK(dump("# comment without newline") == "");
}

TEST_CASE("lexer: simple statements and NEWLINE", "[lexer]") {
  CHECK(dump("x = 1\n") == "NAME:x OP:= INT:1 NL");
  CHECK(dump("x = 1") == "NAME:x OP:= INT:1 NL"); // NEWLINE added at EOF
  CHECK(dump("x = 1  # comment\ny\n") == "NAME:x OP:= INT:1 NL NAME:y NL");
  CHECK(dump("a; b\n") == "NAME:a OP:; NAME:b NL");
}

TEST_CASE("lexer: every operator and delimiter", "[lexer]") {
  const char *ops[] = {"+",  "-",  "*",  "/",   "//",  "%",  "**", "@",  "<<", ">>", "&",
                       "|",  "^",  "~",  "<",   ">",   "<=", ">=", "==", "!=", "->", ":=",
                       "=",  "+=", "-=", "*=",  "/=",  "//=", "%=", "**=", "@=", "&=", "|=",
                       "^=", "<<=", ">>=", ",", ":",   ".",  ";",  "..."};
  for (const char *op : ops) {
    INFO(op);
    auto tokens = lex(std::string("a ") + op + " b\n");
    REQUIRE(tokens.size() == 5);
    CHECK(tokens[1].kind == TokenKind::Op);
    CHECK(tokens[1].text == op);
    CHECK(tokens[1].loc.col == 3);
  }
  CHECK(dump("( ) [ ] { }") == "OP:( OP:) OP:[ OP:] OP:{ OP:} NL");
  // Longest match.
  CHECK(dump("a**=b") == "NAME:a OP:**= NAME:b NL");
  CHECK(dump("a<<=b>>=c") == "NAME:a OP:<<= NAME:b OP:>>= NAME:c NL");
  CHECK(dump("a//b") == "NAME:a OP:// NAME:b NL");
  CHECK(dump("x[...]") == "NAME:x OP:[ OP:... OP:] NL");
  CHECK(dump("a....b") == "NAME:a OP:... OP:. NAME:b NL");
  CHECK(dump("f()->int") == "NAME:f OP:( OP:) OP:-> NAME:int NL");
  CHECK(dump("a<>b") == "NAME:a OP:< OP:> NAME:b NL");
}

TEST_CASE("lexer: keywords and soft keywords", "[lexer]") {
  const char *keywords[] = {"False", "None",     "True",  "and",    "as",     "assert",
                            "async", "await",    "break", "class",  "continue", "def",
                            "del",   "elif",     "else",  "except", "finally", "for",
                            "from",  "global",   "if",    "import", "in",     "is",
                            "lambda", "nonlocal", "not",  "or",     "pass",   "raise",
                            "return", "try",     "while", "with",   "yield"};
  for (const char *kw : keywords) {
    INFO(kw);
    auto tokens = lex(kw);
    CHECK(tokens[0].kind == TokenKind::Keyword);
    CHECK(tokens[0].text == kw);
  }
  CHECK(dump("match case type _ print") == "NAME:match NAME:case NAME:type NAME:_ NAME:print NL");
  CHECK(dump("true none If") == "NAME:true NAME:none NAME:If NL");
}

TEST_CASE("lexer: names, including non-ASCII", "[lexer]") {
  CHECK(dump("_private x1 __init__") == "NAME:_private NAME:x1 NAME:__init__ NL");
  CHECK(dump("π = 3.14\n") == "NAME:π OP:= FLOAT:3.14 NL");
  CHECK(dump("größe_ä = 名前") == "NAME:größe_ä OP:= NAME:名前 NL");
  auto tokens = lex("é + x");
  CHECK(tokens[1].loc.col == 4); // byte columns: 'é' is two bytes
  CHECK(tokens[2].loc.col == 6);
}

TEST_CASE("lexer: integer literals", "[lexer]") {
  CHECK(dump("0 7 42 1_000_000") == "INT:0 INT:7 INT:42 INT:1_000_000 NL");
  CHECK(dump("0x1F 0XfF 0o17 0O7 0b1010 0B1 0x_ff 0b_1_0") ==
        "INT:0x1F INT:0XfF INT:0o17 INT:0O7 INT:0b1010 INT:0B1 INT:0x_ff INT:0b_1_0 NL");
  CHECK(dump("00 0_0 000") == "INT:00 INT:0_0 INT:000 NL");
  CHECK(dump("123456789012345678901234567890") == "INT:123456789012345678901234567890 NL");
  // A keyword may directly follow a number, as CPython tolerates.
  CHECK(dump("1if x else 2") == "INT:1 KW:if NAME:x KW:else INT:2 NL");
  CHECK(dump("x[1]") == "NAME:x OP:[ INT:1 OP:] NL");
}

TEST_CASE("lexer: float and imaginary literals", "[lexer]") {
  CHECK(dump("1.5 1. .5 1e-3 1E+10 1e5 1_000.5 3.14_15 1.e2 0.0 012.5 09e1") ==
        "FLOAT:1.5 FLOAT:1. FLOAT:.5 FLOAT:1e-3 FLOAT:1E+10 FLOAT:1e5 FLOAT:1_000.5 "
        "FLOAT:3.14_15 FLOAT:1.e2 FLOAT:0.0 FLOAT:012.5 FLOAT:09e1 NL");
  CHECK(dump("1j 2.5J .5j 1e3j 012j") == "IMAG:1j IMAG:2.5J IMAG:.5j IMAG:1e3j IMAG:012j NL");
  CHECK(dump("1e400") == "FLOAT:1e400 NL");
  CHECK(dump("x.y") == "NAME:x OP:. NAME:y NL");
  CHECK(dump("1 .real") == "INT:1 OP:. NAME:real NL");
}

TEST_CASE("lexer: number errors", "[lexer]") {
  CHECK(lexError("x = 012\n") == "1:5: leading zeros in decimal integer literals are not "
                                 "permitted; use an 0o prefix for octal integers");
  CHECK(lexError("x = 0_7") == "1:5: leading zeros in decimal integer literals are not "
                               "permitted; use an 0o prefix for octal integers");
  CHECK(lexError("1__0") == "1:1: invalid decimal literal");
  CHECK(lexError("1_") == "1:1: invalid decimal literal");
  CHECK(lexError("y = 1abc") == "1:5: invalid decimal literal");
  CHECK(lexError("1e") == "1:1: invalid decimal literal");
  CHECK(lexError("1.real") == "1:1: invalid decimal literal");
  CHECK(lexError("0x") == "1:1: invalid hexadecimal literal");
  CHECK(lexError("0xfg") == "1:1: invalid hexadecimal literal");
  CHECK(lexError("0x1__2") == "1:1: invalid hexadecimal literal");
  CHECK(lexError("a = 0o78") == "1:8: invalid digit '8' in octal literal");
  CHECK(lexError("0b102") == "1:5: invalid digit '2' in binary literal");
  CHECK(lexError("0b") == "1:1: invalid binary literal");
  CHECK(lexError("1jx") == "1:1: invalid imaginary literal");
}

TEST_CASE("lexer: string literals", "[lexer]") {
  CHECK(dump("'abc' \"def\"") == "STR:abc STR:def NL");
  CHECK(dump("'it''s'") == "STR:it STR:s NL"); // concatenation is the parser's job
  CHECK(lex("''")[0].kind == TokenKind::String);
  CHECK(lex("''")[0].text.empty());
  CHECK(lex(R"('a\'b' "a\"b")")[0].text == "a'b");
  CHECK(lex(R"('a\'b' "a\"b")")[1].text == "a\"b");
  CHECK(lex(R"('\n\t\r\\\a\b\f\v\0')")[0].text == std::string("\n\t\r\\\a\b\f\v\0", 9));
  CHECK(lex(R"('\x41\101\u00e9\U0001F600')")[0].text == "AA\u00e9\U0001F600");
  CHECK(lex(R"('\xff')")[0].text == "\u00ff"); // str, not bytes: U+00FF as UTF-8
  CHECK(lex(R"('\d\q')")[0].text == "\\d\\q"); // unknown escapes are kept
  CHECK(lex("'a\\\nb'")[0].text == "ab");     // backslash-newline joins
  CHECK(lex("'héllo'")[0].text == "héllo");
  // Prefixes, in any case.
  CHECK(lex(R"(r'\n' R"\d" u'x' U'\n')")[0].text == "\\n");
  CHECK(lex(R"(r'\n' R"\d" u'x' U'\n')")[1].text == "\\d");
  CHECK(lex(R"(r'\n' R"\d" u'x' U'\n')")[2].text == "x");
  CHECK(lex(R"(r'\n' R"\d" u'x' U'\n')")[3].text == "\n");
  CHECK(lex(R"(r'\'')")[0].text == "\\'"); // a raw string still cannot end at \'
  // The location is that of the prefix.
  CHECK(locs("x = r'a'") == "1:1 1:3 1:5 1:9 1:9");
}

TEST_CASE("lexer: triple-quoted strings", "[lexer]") {
  auto tokens = lex("s = \"\"\"line 1\n  'line' \"2\"\n\"\"\"\nt = '''x'''\n");
  REQUIRE(tokens.size() == 9);
  CHECK(tokens[2].kind == TokenKind::String);
  CHECK(tokens[2].text == "line 1\n  'line' \"2\"\n");
  CHECK(tokens[2].loc.line == 1);
  CHECK(tokens[2].loc.col == 5);
  CHECK(tokens[3].kind == TokenKind::Newline);
  CHECK(tokens[3].loc.line == 3);
  CHECK(tokens[4].loc.line == 4); // lines inside the string are counted
  CHECK(tokens[6].text == "x");
  // \r\n inside a triple-quoted string becomes \n.
  CHECK(lex("'''a\r\nb'''")[0].text == "a\nb");
  // A docstring inside an indented block does not disturb indentation.
  CHECK(dump("def f():\n    \"\"\"doc\n  string\"\"\"\n    pass\n") ==
        "KW:def NAME:f OP:( OP:) OP:: NL INDENT STR:doc\n  string NL KW:pass NL DEDENT");
}

TEST_CASE("lexer: string errors", "[lexer]") {
  CHECK(lexError("x = 'abc\n") == "1:5: unterminated string literal");
  CHECK(lexError("x = 'abc") == "1:5: unterminated string literal");
  CHECK(lexError("x = \"abc\\\"") == "1:5: unterminated string literal");
  CHECK(lexError("\n  y = '''abc\n\n") == "2:7: unterminated triple-quoted string literal");
  CHECK(lexError("s = '\\x4'") == "1:6: truncated \\xXX escape");
  CHECK(lexError("s = 'ab\\u12'") == "1:8: truncated \\uXXXX escape");
  CHECK(lexError("s = '\\U00110000'") == "1:6: illegal Unicode character in escape sequence");
  CHECK(lexError("s = '\\N{DASH}'") == "1:6: unsupported Python construct: named Unicode "
                                       "escapes ('\\N{...}') are not allowed in kernels");
}

// f-strings and bytes lex (module-level host code may hold them), marked for
// the parser to refuse where kernel code uses them (ParserTest).
TEST_CASE("lexer: f-strings and bytes are marked", "[lexer]") {
  auto marked = [](const std::string &src) {
    for (const Token &t : lex(src))
      if (t.kind == TokenKind::String)
        return t.unsupported;
    return std::string("no string");
  };
  CHECK(marked("s = f'{x}'") == "f-strings are not allowed in kernels");
  CHECK(marked("s = RF'x'") == "f-strings are not allowed in kernels");
  CHECK(marked("s = f'{d[\"k\"]}'") == "f-strings are not allowed in kernels");
  CHECK(marked("s = b'x'") == "bytes literals are not allowed in kernels");
  CHECK(marked("s = Br'x'") == "bytes literals are not allowed in kernels");
  CHECK(marked("s = r'x'") == "");
  CHECK(lexError("s = f'abc") == "1:5: unterminated string literal");
}

TEST_CASE("lexer: indentation", "[lexer]") {
  CHECK(dump("if x:\n    y\n    z\nw\n") ==
        "KW:if NAME:x OP:: NL INDENT NAME:y NL NAME:z NL DEDENT NAME:w NL");
  // Several DEDENTs at once, and DEDENTs at the end of the file.
  CHECK(dump("a:\n  b:\n    c\nd\n") ==
        "NAME:a OP:: NL INDENT NAME:b OP:: NL INDENT NAME:c NL DEDENT DEDENT NAME:d NL");
  CHECK(dump("a:\n  b:\n    c") ==
        "NAME:a OP:: NL INDENT NAME:b OP:: NL INDENT NAME:c NL DEDENT DEDENT");
  // Blank lines and comment lines at any indentation are ignored.
  CHECK(dump("a:\n\n      # comment\n  \n  b\n# c\n  c\n") ==
        "NAME:a OP:: NL INDENT NAME:b NL NAME:c NL DEDENT");
  // INDENT/DEDENT are located at the first token of the line.
  CHECK(locs("if x:\n    y\nz\n") == "1:1 1:4 1:5 1:6 2:5 2:5 2:6 3:1 3:1 3:2 4:1");
}

TEST_CASE("lexer: tabs and form feeds in indentation", "[lexer]") {
  CHECK(dump("if x:\n\ty\n\tz\n") == "KW:if NAME:x OP:: NL INDENT NAME:y NL NAME:z NL DEDENT");
  // A tab followed by spaces is consistently deeper than a tab.
  CHECK(dump("a:\n\tb:\n\t  c\n") ==
        "NAME:a OP:: NL INDENT NAME:b OP:: NL INDENT NAME:c NL DEDENT DEDENT");
  // A form feed resets the column.
  CHECK(dump("a:\n  b\n\f  c\n") == "NAME:a OP:: NL INDENT NAME:b NL NAME:c NL DEDENT");
  // Form feeds are whitespace within lines too.
  CHECK(dump("a \f= 1") == "NAME:a OP:= INT:1 NL");
}

TEST_CASE("lexer: indentation errors", "[lexer]") {
  // 8 spaces and 1 tab are the same with tab size 8 but not with tab size 1.
  CHECK(lexError("if x:\n        y\n\tz\n") ==
        "3:2: inconsistent use of tabs and spaces in indentation");
  // A tab after 4 spaces: deeper with tab size 8 (8 > 4), shallower with tab size 1.
  CHECK(lexError("if x:\n    y = 1\n\tz = 2\n") ==
        "3:2: inconsistent use of tabs and spaces in indentation");
  CHECK(lexError("if x:\n\t\ty\n        \tz\n") ==
        "3:10: inconsistent use of tabs and spaces in indentation");
  CHECK(lexError("if x:\n    y\n  z\n") ==
        "3:3: unindent does not match any outer indentation level");
  CHECK(lexError("if x:\n    if y:\n        z\n      w\n") ==
        "4:7: unindent does not match any outer indentation level");
}

TEST_CASE("lexer: implicit and explicit line joining", "[lexer]") {
  CHECK(dump("f(a,\n  b,\n\n# c\n      c)\nx\n") ==
        "NAME:f OP:( NAME:a OP:, NAME:b OP:, NAME:c OP:) NL NAME:x NL");
  CHECK(dump("x = [1,  # one\n     2]\n") == "NAME:x OP:= OP:[ INT:1 OP:, INT:2 OP:] NL");
  CHECK(dump("x = 1 + \\\n    2\ny\n") == "NAME:x OP:= INT:1 OP:+ INT:2 NL NAME:y NL");
  // The continuation line does not start an indented block.
  CHECK(dump("if a and \\\n        b:\n    c\n") ==
        "KW:if NAME:a KW:and NAME:b OP:: NL INDENT NAME:c NL DEDENT");
  auto tokens = lex("x = (1,\n     2)");
  CHECK(tokens[5].loc.line == 2);
  CHECK(tokens[5].loc.col == 6);
}

TEST_CASE("lexer: bracket errors", "[lexer]") {
  CHECK(lexError("x = (1, 2\ny = 3\n") == "1:5: '(' was never closed");
  CHECK(lexError("f(a[1)") == "1:6: closing parenthesis ')' does not match opening "
                              "parenthesis '['");
  CHECK(lexError("f(a[1,\n2)") == "2:2: closing parenthesis ')' does not match opening "
                                  "parenthesis '[' on line 1");
  CHECK(lexError("x = 1)\n") == "1:6: unmatched ')'");
  CHECK(lexError("x = }") == "1:5: unmatched '}'");
}

TEST_CASE("lexer: line endings", "[lexer]") {
  CHECK(dump("if x:\r\n    y\r\nz\r\n") ==
        "KW:if NAME:x OP:: NL INDENT NAME:y NL DEDENT NAME:z NL");
  CHECK(dump("if x:\r    y\rz\r") == "KW:if NAME:x OP:: NL INDENT NAME:y NL DEDENT NAME:z NL");
  CHECK(locs("a\r\nbc\rd") == "1:1 1:2 2:1 2:3 3:1 3:2 3:2");
  CHECK(dump("x = 1 + \\\r\n 2") == "NAME:x OP:= INT:1 OP:+ INT:2 NL");
}

TEST_CASE("lexer: byte order mark", "[lexer]") {
  auto tokens = lex("\xEF\xBB\xBFx = 1\n");
  REQUIRE(tokens.size() == 5);
  CHECK(tokens[0].text == "x");
  CHECK(tokens[0].loc.col == 1); // the BOM does not count
  CHECK(lexError("x = 1\n\xEF\xBB\xBFy = 2\n") == "2:1: invalid non-printable character U+FEFF");
}

TEST_CASE("lexer: encoding and invalid characters", "[lexer]") {
  CHECK(lexError("x = 1\ny = \xff\n") == "2:5: source is not valid UTF-8");
  CHECK(lexError("# comment \xc3\x28\n") == "1:11: source is not valid UTF-8");
  CHECK(lexError("s = 'ab\xe2\x82'") == "1:8: source is not valid UTF-8");  // truncated
  CHECK(lexError("x = '\xc0\xaf'") == "1:6: source is not valid UTF-8");    // overlong
  CHECK(lexError("x = '\xed\xa0\x80'") == "1:6: source is not valid UTF-8"); // surrogate
  CHECK(lexError(std::string("x = 1\n  y\0", 10)) == "2:4: source code cannot contain null bytes");
  CHECK(lexError("x = $y") == "1:5: invalid character '$' (U+0024)");
  CHECK(lexError("x = a ? b") == "1:7: invalid character '?' (U+003F)");
  CHECK(lexError("a = `b`") == "1:5: invalid character '`' (U+0060)");
  CHECK(lexError("a = !b") == "1:5: invalid character '!' (U+0021)");
  CHECK(lexError("a = \x01") == "1:5: invalid non-printable character U+0001");
  CHECK(lexError("a = b\vc") == "1:6: invalid non-printable character U+000B");
  CHECK(lexError("s = \xe2\x80\x9chi\xe2\x80\x9d") ==
        "1:5: invalid character '\xe2\x80\x9c' (U+201C)"); // a typographic quote
  CHECK(lexError("x =\xc2\xa0 1") == "1:4: invalid non-printable character U+00A0");
}

TEST_CASE("lexer: line continuation errors", "[lexer]") {
  CHECK(lexError("x = 1 \\ 2\n") == "1:7: unexpected character after line continuation "
                                   "character");
  CHECK(lexError("x = 1 + \\") == "1:9: unexpected end of file after line continuation "
                                  "character");
  CHECK(lexError("x = 1 + \\\n") == "1:9: unexpected end of file after line continuation "
                                    "character");
}

TEST_CASE("lexer: token locations", "[lexer]") {
  CHECK(locs("ab  = cd.ef(1, 'x')\n") == "1:1 1:5 1:7 1:9 1:10 1:12 1:13 1:14 1:16 1:19 1:20 2:1");
  auto tokens = lex("\n\n  \n    x\n");
  REQUIRE(tokens.size() == 5);
  CHECK(tokens[0].kind == TokenKind::Indent); // a first line that is indented
  CHECK(tokens[1].loc.line == 4);
  CHECK(tokens[1].loc.col == 5);
}

TEST_CASE("lexer: deep brackets and long lines", "[lexer]") {
  std::string src = "x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n";
  auto tokens = lex(src);
  CHECK(tokens.size() == 20000 + 5);
  CHECK(lex(std::string(100000, '-') + "1").size() == 100003);
}
