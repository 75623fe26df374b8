//===- CppHeader.cpp - The C++ header of --emit=header --------------------===//
#include "compiler/CppHeader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

namespace nvc {

namespace {

/// C++17's keywords and alternative tokens ([lex.key], [lex.digraph]), and
/// the names of C++20 that a C++17 header should not take either.
const std::set<std::string> &cppKeywords() {
  static const std::set<std::string> words = {
      "alignas",  "alignof",   "and",          "and_eq",      "asm",       "auto",
      "bitand",   "bitor",     "bool",         "break",       "case",      "catch",
      "char",     "char8_t",   "char16_t",     "char32_t",    "class",     "compl",
      "concept",  "const",     "consteval",    "constexpr",   "constinit", "const_cast",
      "continue", "co_await",  "co_return",    "co_yield",    "decltype",  "default",
      "delete",   "do",        "double",       "dynamic_cast", "else",     "enum",
      "explicit", "export",    "extern",       "false",       "float",     "for",
      "friend",   "goto",      "if",           "inline",      "int",       "long",
      "mutable",  "namespace", "new",          "noexcept",    "not",       "not_eq",
      "nullptr",  "operator",  "or",           "or_eq",       "private",   "protected",
      "public",   "register",  "reinterpret_cast", "requires", "return",   "short",
      "signed",   "sizeof",    "static",       "static_assert", "static_cast", "struct",
      "switch",   "template",  "this",         "thread_local", "throw",    "true",
      "try",      "typedef",   "typeid",       "typename",    "union",     "unsigned",
      "using",    "virtual",   "void",         "volatile",    "wchar_t",   "while",
      "xor",      "xor_eq"};
  return words;
}

/// Names the generated code uses itself inside a kernel's namespace or
/// class: a Python name equal to one gets a '_' after it.
const std::set<std::string> kGeneratedNames = {"config", "arguments", "module_", "kernels_",
                                               "kernel", "nvc_embedded_module", "nvc_embedded"};

/// Object-like macros of the C and POSIX headers a program (or the runtime's
/// headers) may include, and GCC's predefined `unix`/`linux` (gnu++17): a name
/// equal to one would be replaced by the preprocessor.
const std::set<std::string> kMacroNames = {
    "assert", "BUFSIZ", "CHAR_BIT", "CHAR_MAX", "CHAR_MIN", "DBL_EPSILON", "DBL_MAX", "DBL_MIN",
    "EDOM", "EILSEQ", "EOF", "ERANGE", "errno", "EXIT_FAILURE", "EXIT_SUCCESS", "FILENAME_MAX",
    "FLT_EPSILON", "FLT_MAX", "FLT_MIN", "FOPEN_MAX", "HUGE_VAL", "HUGE_VALF", "i386",
    "INFINITY", "INT_MAX", "INT_MIN", "INT8_MAX", "INT16_MAX", "INT32_MAX", "INT64_MAX",
    "LLONG_MAX", "LLONG_MIN", "LONG_MAX", "LONG_MIN", "linux", "M_E", "M_PI", "MB_LEN_MAX",
    "NAN", "NDEBUG", "NULL", "offsetof", "RAND_MAX", "SEEK_CUR", "SEEK_END", "SEEK_SET",
    "SIZE_MAX", "stderr", "stdin", "stdout", "TMP_MAX", "UINT_MAX", "ULLONG_MAX", "ULONG_MAX",
    "unix"};

/// `name` as a C++ identifier distinct from `taken`, which it is added to.
std::string uniqueIdentifier(const std::string &name, std::set<std::string> &taken) {
  std::string id = cppIdentifier(name);
  while (kGeneratedNames.count(id))
    id += "_";
  std::string candidate = id;
  for (int n = 2; taken.count(candidate); ++n)
    candidate = fmt::format("{}_{}", id, n);
  taken.insert(candidate);
  return candidate;
}

/// One byte of a C++ string literal: printable ASCII as itself (", \ and ?
/// escaped), any other byte as a three-digit octal escape (which, unlike
/// \x, ends after three digits).
std::string literalByte(unsigned char ch) {
  // '?' too: "??=" and the like are trigraphs where a compiler still reads them.
  if (ch == '"' || ch == '\\' || ch == '?')
    return std::string("\\") + static_cast<char>(ch);
  if (ch >= 0x20 && ch < 0x7f)
    return std::string(1, static_cast<char>(ch));
  return fmt::format("\\{:03o}", ch);
}

/// `text` as one C++ string literal.
std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char ch : text)
    out += literalByte(static_cast<unsigned char>(ch));
  return out + "\"";
}

/// `text` on one comment line (line breaks would end the comment).
std::string commentText(std::string text) {
  std::replace_if(text.begin(), text.end(), [](char ch) { return ch == '\n' || ch == '\r'; }, '?');
  return text;
}

/// `text` as adjacent C++ string literals, one per source line (a line
/// break after each "\n"), bytes as literalByte() writes them.
std::string cppStringLiteral(const std::string &text) {
  std::string out = "    \"";
  size_t lineBytes = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch == '\n') {
      out += "\\n\"";
      if (i + 1 < text.size())
        out += "\n    \"";
      lineBytes = 0;
      continue;
    }
    out += literalByte(ch);
    // Keep each literal well below MSVC's 16 KiB limit per literal piece.
    if (++lineBytes >= 1000 && i + 1 < text.size()) {
      out += "\"\n    \"";
      lineBytes = 0;
    }
  }
  if (text.empty() || text.back() != '\n')
    out += "\"";
  return out;
}

/// `words` as the initializer list of a uint32_t array, eight to a line.
std::string wordList(const std::vector<uint32_t> &words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i)
    out += fmt::format("{}0x{:08x}u,", i % 8 == 0 ? "\n    " : " ", words[i]);
  return out;
}

/// The C++ type of a NumPy dtype name (the manifest's `dtype`).
std::string cppType(const std::string &dtype) {
  static const std::map<std::string, std::string> types = {
      {"bool", "bool"},
      {"int8", "::std::int8_t"},
      {"int16", "::std::int16_t"},
      {"int32", "::std::int32_t"},
      {"int64", "::std::int64_t"},
      {"uint8", "::std::uint8_t"},
      {"uint16", "::std::uint16_t"},
      {"uint32", "::std::uint32_t"},
      {"uint64", "::std::uint64_t"},
      {"float16", "::nvc::rt::Half"}, // scalars: float (launchOperator)
      {"float32", "float"},
      {"float64", "double"},
      {"complex64", "::std::complex<float>"},
      {"complex128", "::std::complex<double>"},
  };
  auto it = types.find(dtype);
  return it == types.end() ? std::string() : it->second;
}

/// Numba's spelling of an array argument's type: float32[:, ::1].
std::string numbaArrayType(const nlohmann::json &arg) {
  int ndim = arg.at("ndim").get<int>();
  std::string layout = arg.at("layout").get<std::string>();
  std::string dims;
  for (int d = 0; d < ndim; ++d) {
    bool contiguous = (layout == "C" && d == ndim - 1) || (layout == "F" && d == 0);
    dims += std::string(d ? ", " : "") + (contiguous ? "::1" : ":");
  }
  return arg.at("dtype").get<std::string>() + "[" + dims + "]";
}

/// A record layout's identity: its fields and itemsize (the manifest's `record`
/// without the record array's `ndim`; `aligned` does not change the bytes).
std::string recordKey(const nlohmann::json &record) {
  return nlohmann::json{{"fields", record.at("fields")}, {"itemsize", record.at("itemsize")}}
      .dump();
}

/// Numba's spelling of an array of records, with the record's struct for its dtype:
/// particle_record[:] (a single record: particle_record).
std::string numbaRecordType(const nlohmann::json &arg, const std::string &structName) {
  const int ndim = arg.at("record").at("ndim").get<int>();
  const bool c = arg.at("layout") == "C";
  std::string dims;
  for (int d = 0; d < ndim; ++d)
    dims += std::string(d ? ", " : "") + (c && d == ndim - 1 ? "::1" : ":");
  return ndim == 0 ? structName : structName + "[" + dims + "]";
}

/// The fields of a manifest `record` for a comment: "x: float32 at 0", "d: uint8 (5,)
/// at 8".
std::vector<std::string> recordFieldsText(const nlohmann::json &record) {
  std::vector<std::string> text;
  for (const nlohmann::json &f : record.at("fields")) {
    std::string shape;
    if (f.contains("shape")) {
      for (const nlohmann::json &e : f.at("shape"))
        shape += fmt::format("{}{}", shape.empty() ? " (" : ", ", e.get<int64_t>());
      shape += f.at("shape").size() == 1 ? ",)" : ")";
    }
    text.push_back(fmt::format("{}: {}{} at {}", f.at("name").get<std::string>(),
                               f.at("dtype").get<std::string>(), shape,
                               f.at("offset").get<uint64_t>()));
  }
  return text;
}

/// The C++ struct of a record layout (docs/manifest.md "Arrays of records"): its fields
/// at their offsets, in offset order, with explicit padding, packed (#pragma pack(1)),
/// and static_asserts on its size and every field's offset. Fields that overlap get no
/// struct, only the comment.
std::string recordStruct(const std::string &name, const nlohmann::json &record,
                         const std::string &usedBy) {
  const uint64_t itemsize = record.at("itemsize").get<uint64_t>();
  // The fields, a few to a comment line.
  std::string fields, line;
  for (const std::string &part : recordFieldsText(record)) {
    if (!line.empty() && line.size() + part.size() > 84) {
      fields += "///   " + line + ",\n";
      line.clear();
    }
    line += (line.empty() ? "" : ", ") + commentText(part);
  }
  fields += "///   " + line + ".\n";
  std::string out = fmt::format(
      "/// The record of {} (a NumPy structured dtype of {} bytes{}):\n{}"
      "/// An array of these records is passed as their bytes, an\n"
      "/// ArrayRef<std::uint8_t> of shape (..., {}): nvc::rt::recordBytes(records).\n",
      usedBy, itemsize, record.at("aligned").get<bool>() ? ", align=True" : "", fields, itemsize);
  // The bytes of each field's dtype (its C++ type's size: bool 1, Half 2).
  static const std::map<std::string, uint64_t> sizes = {
      {"bool", 1},      {"int8", 1},    {"int16", 2},   {"int32", 4},
      {"int64", 8},     {"uint8", 1},   {"uint16", 2},  {"uint32", 4},
      {"uint64", 8},    {"float16", 2}, {"float32", 4}, {"float64", 8},
      {"complex64", 8}, {"complex128", 16}};
  struct Member {
    std::string name, id, type, dims;
    uint64_t offset = 0, size = 0;
  };
  std::vector<Member> members;
  std::set<std::string> taken;
  for (const nlohmann::json &f : record.at("fields")) {
    Member m;
    m.name = f.at("name").get<std::string>();
    m.id = uniqueIdentifier(m.name, taken);
    const std::string dtype = f.at("dtype").get<std::string>();
    m.type = cppType(dtype);
    m.offset = f.at("offset").get<uint64_t>();
    m.size = sizes.at(dtype);
    if (f.contains("shape"))
      for (const nlohmann::json &e : f.at("shape")) {
        m.dims += fmt::format("[{}]", e.get<int64_t>());
        m.size *= e.get<uint64_t>();
      }
    members.push_back(std::move(m));
  }
  std::stable_sort(members.begin(), members.end(),
                   [](const Member &a, const Member &b) { return a.offset < b.offset; });
  for (size_t k = 1; k < members.size(); ++k)
    if (members[k].offset < members[k - 1].offset + members[k - 1].size)
      return out + fmt::format("// (Fields {} and {} overlap: no C++ struct describes the "
                               "record.)\n",
                               commentText(members[k - 1].name), commentText(members[k].name));
  std::string body, asserts;
  uint64_t end = 0;
  auto padding = [&](uint64_t at, uint64_t bytes) {
    body += fmt::format("  ::std::uint8_t {}[{}];\n",
                        uniqueIdentifier(fmt::format("padding_{}", at), taken), bytes);
  };
  for (const Member &m : members) {
    if (m.offset > end)
      padding(end, m.offset - end);
    body += fmt::format("  {} {}{};\n", m.type, m.id, m.dims);
    asserts += fmt::format("static_assert(offsetof({0}, {1}) == {2}, \"{0}::{1} at byte {2}\");\n",
                           name, m.id, m.offset);
    end = m.offset + m.size;
  }
  if (itemsize > end)
    padding(end, itemsize - end);
  return out + fmt::format("#pragma pack(push, 1)\nstruct {0} {{\n{1}}};\n#pragma pack(pop)\n"
                           "static_assert(sizeof({0}) == {2}, \"{0}: the record's {2} bytes\");\n"
                           "{3}",
                           name, body, itemsize, asserts);
}

/// One entry point's launch operator, inside its kernel's class.
std::string launchOperator(const nlohmann::json &entry, size_t index,
                           const std::string &className,
                           const std::map<std::string, std::string> &recordStructs) {
  std::set<std::string> taken = {className}; // a parameter must not hide its class
  std::string params = "const ::nvc::rt::LaunchConfig &config", body, signature;
  const std::string separator = ",\n                                     ";
  for (const nlohmann::json &arg : entry.at("arguments")) {
    const std::string name = arg.at("name").get<std::string>();
    const std::string id = uniqueIdentifier(name, taken);
    const std::string type = cppType(arg.at("dtype").get<std::string>());
    const bool array = arg.at("kind") == "array";
    if (array) {
      const bool readOnly = arg.at("access") == "read";
      params += fmt::format("{}::nvc::rt::ArrayRef<{}{}> {}", separator, readOnly ? "const " : "",
                            type, id);
      body += fmt::format("    arguments.array({}, {}.view());\n", quoted(name), id);
      const std::string numbaType =
          arg.contains("record")
              ? numbaRecordType(arg, recordStructs.at(recordKey(arg.at("record")))) + " as bytes"
              : numbaArrayType(arg);
      signature += fmt::format("{}{}: {} ({})", signature.empty() ? "" : ", ", name, numbaType,
                               arg.at("access").get<std::string>());
    } else {
      // A float16 scalar is given as a float; the launcher rounds it to a half.
      const std::string scalarType = arg.at("dtype") == "float16" ? "float" : type;
      params += fmt::format("{}{} {}", separator, scalarType, id);
      body += fmt::format("    arguments.scalar({}, {});\n", quoted(name), id);
      signature += fmt::format("{}{}: {}", signature.empty() ? "" : ", ", name,
                               arg.at("dtype").get<std::string>());
    }
  }
  return fmt::format("  /// Entry point `{}`:\n"
                     "  ///   ({})\n"
                     "  /// Runs the kernel once on host arrays and waits for it (nvc::rt::Kernel::\n"
                     "  /// launch: arrays it writes are copied back; errors, a kernel's exception\n"
                     "  /// too, are thrown as nvc::rt::Error).\n"
                     "  ::nvc::rt::LaunchResult operator()({}) {{\n"
                     "    ::nvc::rt::Arguments arguments;\n"
                     "{}"
                     "    return kernels_[{}].launch(arguments, config);\n"
                     "  }}\n",
                     entry.at("name").get<std::string>(), signature, params, body, index);
}

/// The C++ parameter types of an entry point's launch operator, to find
/// signatures that C++ cannot tell apart.
std::string cppParameterTypes(const nlohmann::json &entry) {
  std::string types;
  for (const nlohmann::json &arg : entry.at("arguments")) {
    types += cppType(arg.at("dtype").get<std::string>());
    if (arg.at("kind") == "array")
      types += arg.at("access") == "read" ? "[const]" : "[]";
    types += ",";
  }
  return types;
}

} // namespace

std::string cppIdentifier(const std::string &name) {
  std::string id;
  for (char ch : name)
    id += std::isalnum(static_cast<unsigned char>(ch)) && static_cast<unsigned char>(ch) < 0x80
              ? ch
              : '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0])))
    id.insert(id.begin(), '_');
  if (cppKeywords().count(id) || kMacroNames.count(id))
    id += "_";
  return id;
}

std::string cppHeader(const nlohmann::json &manifest, const std::vector<uint32_t> &words,
                      const std::vector<SPIRVVariant> &variants, const std::string &sourceName) {
  const std::string stem = std::filesystem::path(sourceName).stem().string();
  const std::string ns = cppIdentifier(stem);
  std::string out = fmt::format(
      "// Generated by nvc --emit=header from {} (SHA-256 {}): do not edit.\n"
      "// The SPIR-V module, its variants and its binding manifest are embedded below; the\n"
      "// classes launch its kernels through the nvc runtime (nvc/Runtime.h), so the program\n"
      "// needs no .spv or .json file. One class per Python kernel, one launch operator per\n"
      "// signature, with the arguments in the kernel's order and the C++ types of their\n"
      "// dtypes (arrays: nvc::rt::ArrayRef<T>, `const T` where the kernel only reads; an\n"
      "// array of records: their bytes, ArrayRef<std::uint8_t>, with a struct per record).\n"
      "#pragma once\n\n"
      "#include <nvc/ArrayRef.h>\n"
      "#include <nvc/Arguments.h>\n"
      "#include <nvc/Device.h>\n"
      "#include <nvc/Dispatch.h>\n"
      "#include <nvc/EmbeddedModule.h>\n"
      "#include <nvc/Error.h>\n"
      "#include <nvc/Float16.h>\n"
      "#include <nvc/Kernel.h>\n"
      "#include <nvc/Module.h>\n\n"
      "#include <complex>\n"
      "#include <cstddef>\n"
      "#include <cstdint>\n"
      "#include <string>\n"
      "#include <vector>\n\n"
      "namespace nvc_kernels {{\n"
      "namespace {} {{\n\n",
      commentText(sourceName), manifest.at("source").at("sha256").get<std::string>(), ns);

  const std::string spvName = stem + ".spv";
  // The data in a namespace of its own, which no kernel's class can be named.
  out += "namespace nvc_embedded {\n\n";
  out += fmt::format("/// {}, SPIR-V {}.\ninline constexpr ::std::uint32_t kSpirv[] = {{{}\n}};\n\n",
                     commentText(spvName), manifest.at("spirv_version").get<std::string>(), wordList(words));
  for (size_t i = 0; i < variants.size(); ++i)
    out += fmt::format("/// The variant {} ({}.{}.spv).\n"
                       "inline constexpr ::std::uint32_t kVariant{}[] = {{{}\n}};\n\n",
                       variants[i].name, commentText(stem), variants[i].name, i, wordList(variants[i].words));
  if (!variants.empty()) {
    out += "inline constexpr ::nvc::rt::EmbeddedSpirv kVariants[] = {\n";
    for (size_t i = 0; i < variants.size(); ++i)
      out += fmt::format("    {{\"{0}\", kVariant{1}, sizeof(kVariant{1}) / sizeof(kVariant{1}[0])}},\n",
                       variants[i].name, i);
    out += "};\n\n";
  }
  out += fmt::format("/// The binding manifest ({}.json).\ninline constexpr char kManifest[] =\n{};\n\n",
                     commentText(stem), cppStringLiteral(manifest.dump(2) + "\n"));
  out += "} // namespace nvc_embedded\n\n";
  out += fmt::format(
      "/// The module as nvc::rt::Module(device, nvc_embedded_module()) loads it.\n"
      "inline ::nvc::rt::EmbeddedModule nvc_embedded_module() {{\n"
      "  using namespace nvc_embedded;\n"
      "  return {{{}, {{kManifest, sizeof(kManifest) - 1}},\n"
      "          {{{}, kSpirv, sizeof(kSpirv) / sizeof(kSpirv[0])}}, {}, {}}};\n"
      "}}\n",
      quoted(stem + ".json"), quoted(spvName), variants.empty() ? "nullptr" : "kVariants", variants.size());

  // The kernels, in the order of their first entry point.
  std::vector<std::string> functions;
  std::map<std::string, std::vector<const nlohmann::json *>> entries;
  for (const nlohmann::json &e : manifest.at("entry_points")) {
    const std::string f = e.at("function").get<std::string>();
    if (!entries.count(f))
      functions.push_back(f);
    entries[f].push_back(&e);
  }
  std::set<std::string> classNames;
  std::map<std::string, std::string> classIds;
  for (const std::string &f : functions)
    classIds[f] = uniqueIdentifier(f, classNames);
  // A struct per distinct record layout, named after the first argument that has it.
  std::map<std::string, std::string> recordStructs;
  for (const nlohmann::json &e : manifest.at("entry_points"))
    for (const nlohmann::json &arg : e.at("arguments")) {
      if (!arg.contains("record") || recordStructs.count(recordKey(arg.at("record"))))
        continue;
      // `p_record`; `step_p_record` when another layout has it.
      const std::string argName = arg.at("name").get<std::string>();
      const std::string function = e.at("function").get<std::string>();
      const std::string name = uniqueIdentifier(
          classNames.count(cppIdentifier(argName + "_record")) ? function + "_" + argName + "_record"
                                                              : argName + "_record",
          classNames);
      recordStructs[recordKey(arg.at("record"))] = name;
      out += "\n" + recordStruct(name, arg.at("record"),
                                 fmt::format("argument `{}` of {}", commentText(argName),
                                             commentText(e.at("name").get<std::string>())));
    }
  for (const std::string &f : functions) {
    const std::string cls = classIds[f];
    std::string names, kernels, operators;
    std::set<std::string> parameterLists;
    for (size_t i = 0; i < entries[f].size(); ++i) {
      const nlohmann::json &e = *entries[f][i];
      const std::string name = e.at("name").get<std::string>();
      names += fmt::format("{}{}", i ? ", " : "", quoted(name));
      kernels += fmt::format("    kernels_.push_back(module_.kernel({}));\n", quoted(name));
      if (parameterLists.insert(cppParameterTypes(e)).second)
        operators += "\n" + launchOperator(e, i, cls, recordStructs);
      else
        operators += fmt::format("\n  // Entry point `{}` takes the same C++ types as an earlier "
                                 "signature: launch it\n  // through kernel(\"{}\").\n",
                                 commentText(name), commentText(name));
    }
    out += fmt::format(
        "\n/// The Python kernel `{0}` of {1}.\n"
        "class {2} {{\n"
        "public:\n"
        "  /// Loads the module on `device` (the first variant the device can run) and\n"
        "  /// prepares every entry point (nvc::rt::Module::kernel). Throws nvc::rt::Error\n"
        "  /// when the device lacks a feature or limit the kernel needs.\n"
        "  explicit {2}(const ::nvc::rt::Device &device) : module_(device, nvc_embedded_module()) "
        "{{\n"
        "{3}"
        "  }}\n"
        "{4}\n"
        "  /// The runtime's kernel for entry point `name` (one of {5}; empty: the first).\n"
        "  /// Throws nvc::rt::Error for another name.\n"
        "  ::nvc::rt::Kernel &kernel(const ::std::string &name = \"\") {{\n"
        "    static const char *const names[] = {{{5}}};\n"
        "    for (::std::size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)\n"
        "      if (name.empty() || name == names[i])\n"
        "        return kernels_[i];\n"
        "    throw ::nvc::rt::Error({6} + name + \"'\");\n"
        "  }}\n\n"
        "private:\n"
        "  ::nvc::rt::Module module_;\n"
        "  ::std::vector<::nvc::rt::Kernel> kernels_;\n"
        "}};\n",
        commentText(f), commentText(sourceName), cls, kernels, operators, names,
        quoted(sourceName + ": kernel " + f + " has no entry point '"));
  }
  out += fmt::format("\n}} // namespace {}\n}} // namespace nvc_kernels\n", ns);
  return out;
}

} // namespace nvc
