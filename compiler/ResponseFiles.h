//===- ResponseFiles.h - @file arguments, as GCC and Clang read them -------===//
//
// A command-line argument `@FILE` stands for the arguments written in FILE
// (build systems use them for command lines longer than the OS allows).
// GCC's rules (libiberty's buildargv), which Clang's GNU tokenizer follows:
// arguments are separated by whitespace; single and double quotes group
// characters, whitespace included, into one argument; a backslash takes the
// next character literally, inside quotes too; `""` is an empty argument.
// Response files may name further response files. An `@FILE` whose file
// cannot be read stays an argument as written, as in GCC.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_RESPONSEFILES_H
#define NVC_COMPILER_RESPONSEFILES_H

#include <string>
#include <vector>

namespace nvc {

/// The arguments of one response file's text, split by GCC's rules.
std::vector<std::string> splitResponseFile(const std::string &text);

/// `args` with every readable `@FILE` replaced by its arguments, recursively
/// (a file that names itself, directly or not, and nesting deeper than 32
/// files are errors). Throws std::runtime_error naming the file on those
/// errors.
std::vector<std::string> expandResponseFiles(const std::vector<std::string> &args);

} // namespace nvc

#endif // NVC_COMPILER_RESPONSEFILES_H
