//===- ResponseFiles.cpp - @file arguments, as GCC and Clang read them -----===//
#include "compiler/ResponseFiles.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace nvc {

std::vector<std::string> splitResponseFile(const std::string &text) {
  std::vector<std::string> out;
  std::string arg;
  bool inArg = false, squote = false, dquote = false, escaped = false;
  for (char c : text) {
    if (escaped) {
      arg += c;
      escaped = false;
    } else if (c == '\\') {
      escaped = inArg = true;
    } else if (squote) {
      if (c == '\'')
        squote = false;
      else
        arg += c;
    } else if (dquote) {
      if (c == '"')
        dquote = false;
      else
        arg += c;
    } else if (c == '\'' || c == '"') {
      (c == '\'' ? squote : dquote) = true;
      inArg = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      if (inArg)
        out.push_back(arg);
      arg.clear();
      inArg = false;
    } else {
      arg += c;
      inArg = true;
    }
  }
  if (inArg)
    out.push_back(arg);
  return out;
}

namespace {

void expandInto(const std::vector<std::string> &args, std::vector<std::string> &out,
                std::vector<std::string> &open) {
  constexpr size_t kMaxDepth = 32;
  for (const std::string &a : args) {
    if (a.size() < 2 || a[0] != '@') {
      out.push_back(a);
      continue;
    }
    std::string path = a.substr(1);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      out.push_back(a); // unreadable: the argument as written (GCC's rule)
      continue;
    }
    for (const std::string &o : open)
      if (o == path)
        throw std::runtime_error("response file '" + path + "' includes itself");
    if (open.size() >= kMaxDepth)
      throw std::runtime_error("response files nested deeper than 32 at '" + path + "'");
    std::stringstream text;
    text << in.rdbuf();
    open.push_back(path);
    expandInto(splitResponseFile(text.str()), out, open);
    open.pop_back();
  }
}

} // namespace

std::vector<std::string> expandResponseFiles(const std::vector<std::string> &args) {
  std::vector<std::string> out, open;
  expandInto(args, out, open);
  return out;
}

} // namespace nvc
