// Reader and writer of NumPy .npy files (format versions 1.0, 2.0, 3.0). A file is
// the magic "\x93NUMPY", a major and minor version byte, the header length (uint16 LE
// for 1.0, uint32 LE for 2.0/3.0), a header that is a Python dict literal
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), } padded with spaces and
// a newline, and the raw element bytes. The header is parsed with a small parser of
// the Python literal subset NumPy writes (strings, integers, True/False, tuples,
// lists, dicts), so malformed headers give precise messages.
#include "nvc/Npy.h"

#include "StridedIteration.h"
#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the nvc runtime assumes a little-endian host"
#endif

namespace nvc::rt {
namespace {

constexpr unsigned char kMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

// --- a minimal Python-literal parser for the header dict ---------------------------

struct PyValue {
  enum class Kind { String, Integer, Bool, None, Tuple, List, Dict } kind = Kind::None;
  std::string text;                                     // String
  std::int64_t integer = 0;                             // Integer
  bool boolean = false;                                 // Bool
  std::vector<PyValue> items;                           // Tuple, List
  std::vector<std::pair<std::string, PyValue>> entries; // Dict (string keys only)
};

class HeaderParser {
public:
  HeaderParser(std::string_view text, const std::string &file) : text_(text), file_(file) {}

  PyValue parseTop() {
    PyValue v = parseValue();
    skipSpace();
    if (pos_ != text_.size())
      fail(fmt::format("unexpected '{}' after the header dict", text_[pos_]));
    return v;
  }

private:
  [[noreturn]] void fail(const std::string &what) const {
    throw Error(fmt::format("{}: malformed .npy header at character {}: {}", file_, pos_, what));
  }

  void skipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  bool consume(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!consume(c))
      fail(pos_ < text_.size() ? fmt::format("expected '{}', found '{}'", c, text_[pos_])
                               : fmt::format("expected '{}', found the end of the header", c));
  }

  PyValue parseValue() {
    if (++depth_ > 32)
      fail("nesting too deep");
    skipSpace();
    if (pos_ >= text_.size())
      fail("unexpected end of the header");
    PyValue v;
    const char c = text_[pos_];
    if (c == '\'' || c == '"') {
      v.kind = PyValue::Kind::String;
      v.text = parseString();
    } else if (c == '(' || c == '[') {
      v.kind = c == '(' ? PyValue::Kind::Tuple : PyValue::Kind::List;
      const char close = c == '(' ? ')' : ']';
      ++pos_;
      bool sawComma = false;
      while (!consume(close)) {
        if (!v.items.empty() && !sawComma)
          fail(fmt::format("expected ',' or '{}'", close));
        v.items.push_back(parseValue());
        sawComma = consume(',');
      }
      // "(3)" is the integer 3 in Python, not a tuple.
      if (v.kind == PyValue::Kind::Tuple && v.items.size() == 1 && !sawComma) {
        PyValue inner = v.items[0];
        v = inner;
      }
    } else if (c == '{') {
      v.kind = PyValue::Kind::Dict;
      ++pos_;
      bool sawComma = false;
      while (!consume('}')) {
        if (!v.entries.empty() && !sawComma)
          fail("expected ',' or '}'");
        skipSpace();
        if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"'))
          fail("dict keys must be strings");
        std::string key = parseString();
        expect(':');
        for (const auto &e : v.entries)
          if (e.first == key)
            fail(fmt::format("duplicate key '{}'", key));
        v.entries.emplace_back(std::move(key), parseValue());
        sawComma = consume(',');
      }
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = PyValue::Kind::Integer;
      v.integer = parseInteger();
    } else if (text_.substr(pos_, 4) == "True") {
      v.kind = PyValue::Kind::Bool;
      v.boolean = true;
      pos_ += 4;
    } else if (text_.substr(pos_, 5) == "False") {
      v.kind = PyValue::Kind::Bool;
      pos_ += 5;
    } else if (text_.substr(pos_, 4) == "None") {
      pos_ += 4;
    } else {
      fail(fmt::format("unexpected '{}'", c));
    }
    --depth_;
    return v;
  }

  std::string parseString() {
    const char quote = text_[pos_++];
    std::string s;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      if (text_[pos_] == '\\') {
        if (pos_ + 1 >= text_.size())
          break;
        ++pos_;
        // Python's escapes that repr() writes in a field name: \n \r \t \xNN;
        // any other escaped character stands for itself (\\, \', \").
        const char e = text_[pos_];
        if (e == 'n' || e == 'r' || e == 't') {
          s += e == 'n' ? '\n' : e == 'r' ? '\r' : '\t';
          ++pos_;
          continue;
        }
        if (e == 'x' && pos_ + 2 < text_.size() &&
            std::isxdigit(static_cast<unsigned char>(text_[pos_ + 1])) &&
            std::isxdigit(static_cast<unsigned char>(text_[pos_ + 2]))) {
          s += static_cast<char>(std::stoi(std::string(text_.substr(pos_ + 1, 2)), nullptr, 16));
          pos_ += 3;
          continue;
        }
      }
      s += text_[pos_++];
    }
    if (pos_ >= text_.size())
      fail("unterminated string");
    ++pos_;
    return s;
  }

  std::int64_t parseInteger() {
    bool negative = false;
    if (text_[pos_] == '-') {
      negative = true;
      ++pos_;
    }
    if (pos_ >= text_.size() || text_[pos_] < '0' || text_[pos_] > '9')
      fail("expected a digit");
    std::uint64_t value = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      const unsigned digit = static_cast<unsigned>(text_[pos_] - '0');
      if (value >
          (static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) - digit) / 10)
        fail("integer too large");
      value = value * 10 + digit;
      ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'L' || text_[pos_] == 'l'))
      ++pos_; // Python 2 long suffix, written by very old NumPy versions
    const auto v = static_cast<std::int64_t>(value);
    return negative ? -v : v;
  }

  std::string_view text_;
  const std::string &file_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

// --- dtype descriptors ------------------------------------------------------------

std::string descrFor(DType dtype) {
  switch (dtype) {
  case DType::Bool:
    return "|b1";
  case DType::Int8:
    return "|i1";
  case DType::UInt8:
    return "|u1";
  case DType::Int16:
    return "<i2";
  case DType::UInt16:
    return "<u2";
  case DType::Int32:
    return "<i4";
  case DType::UInt32:
    return "<u4";
  case DType::Int64:
    return "<i8";
  case DType::UInt64:
    return "<u8";
  case DType::Float16:
    return "<f2";
  case DType::Float32:
    return "<f4";
  case DType::Float64:
    return "<f8";
  case DType::Complex64:
    return "<c8";
  case DType::Complex128:
    return "<c16";
  }
  return "?";
}

constexpr const char *kSupportedDescrs =
    "|b1 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 <f2 <f4 <f8 <c8 <c16";

DType dtypeForDescr(const std::string &descr, const std::string &file) {
  if (descr.size() >= 2 && descr[0] != '<' && descr[0] != '>' && descr[0] != '|' && descr[0] != '=')
    return dtypeForDescr("|" + descr, file); // "b1" without byte-order mark
  if (descr.empty())
    throw Error(fmt::format("{}: empty dtype descriptor", file));
  const char order = descr[0];
  const std::string code = descr.substr(1);
  static const std::pair<const char *, DType> kCodes[] = {
      {"b1", DType::Bool},       {"i1", DType::Int8},    {"u1", DType::UInt8},
      {"i2", DType::Int16},      {"u2", DType::UInt16},  {"i4", DType::Int32},
      {"u4", DType::UInt32},     {"i8", DType::Int64},   {"u8", DType::UInt64},
      {"f2", DType::Float16},    {"f4", DType::Float32},    {"f8", DType::Float64},
      {"c8", DType::Complex64},
      {"c16", DType::Complex128}};
  for (const auto &[c, dtype] : kCodes) {
    if (code != c)
      continue;
    if (dtypeSize(dtype) == 1 || order == '<' || order == '=')
      return dtype;
    if (order == '>')
      throw Error(fmt::format("{}: big-endian dtype '{}' is not supported; convert the array "
                              "with arr.astype('<{}') before saving",
                              file, descr, code));
    throw Error(fmt::format("{}: dtype '{}' has no byte order", file, descr));
  }
  if (code == "O" || code.rfind("O", 0) == 0)
    throw Error(fmt::format("{}: object arrays (dtype '{}') are not supported (supported: {})",
                            file, descr, kSupportedDescrs));
  throw Error(
      fmt::format("{}: unsupported dtype '{}' (supported: {})", file, descr, kSupportedDescrs));
}

std::string shapeText(const std::vector<std::int64_t> &shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

std::uint32_t readLittleEndian(const unsigned char *p, std::size_t bytes) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < bytes; ++i)
    v |= static_cast<std::uint32_t>(p[i]) << (8 * i);
  return v;
}

// --- structured dtypes (records) ---------------------------------------------------

/// The byte count of a void type code "V9" (after its byte-order character), or
/// std::nullopt for any other code.
std::optional<std::uint64_t> voidBytes(const std::string &descr) {
  std::string code = descr;
  if (!code.empty() && (code[0] == '|' || code[0] == '<' || code[0] == '>' || code[0] == '='))
    code.erase(0, 1);
  if (code.size() < 2 || code.size() > 11 || code[0] != 'V' ||
      code.find_first_not_of("0123456789", 1) != std::string::npos)
    return std::nullopt;
  return std::stoull(code.substr(1));
}

/// The fields of a structured dtype from its descr list, as NumPy's
/// np.lib.format.descr_to_dtype reads it: each entry (name, type) or (name, type,
/// shape) follows the previous one; entries with an empty name and a void type are
/// padding; the itemsize is the sum of all entries. A name may be a (title, name)
/// pair (the title is dropped).
RecordDesc recordFromDescr(const PyValue &list, const std::string &file) {
  RecordDesc record;
  std::uint64_t offset = 0;
  constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 40;
  for (std::size_t k = 0; k < list.items.size(); ++k) {
    const PyValue &item = list.items[k];
    auto malformed = [&](const std::string &what) {
      return Error(fmt::format("{}: malformed .npy header (entry {} of the structured dtype {})",
                               file, k, what));
    };
    if ((item.kind != PyValue::Kind::Tuple && item.kind != PyValue::Kind::List) ||
        item.items.size() < 2 || item.items.size() > 3)
      throw malformed("is not a (name, type) or (name, type, shape) tuple");
    const PyValue &nameValue = item.items[0];
    std::string name;
    if (nameValue.kind == PyValue::Kind::String)
      name = nameValue.text;
    else if (nameValue.kind == PyValue::Kind::Tuple && nameValue.items.size() == 2 &&
             nameValue.items[1].kind == PyValue::Kind::String)
      name = nameValue.items[1].text; // (title, name)
    else
      throw malformed("has a name that is not a string");
    const PyValue &type = item.items[1];
    if (type.kind == PyValue::Kind::List)
      throw Error(fmt::format("{}: field '{}' of the structured dtype is itself a structured "
                              "dtype; nested records are not supported (a field may be a "
                              "number or an array of numbers)",
                              file, name));
    if (type.kind != PyValue::Kind::String)
      throw malformed("has a type that is not a string");
    std::vector<std::int64_t> shape;
    std::uint64_t count = 1;
    if (item.items.size() == 3) {
      const PyValue &shapeValue = item.items[2];
      std::vector<PyValue> extents;
      if (shapeValue.kind == PyValue::Kind::Integer)
        extents.push_back(shapeValue); // NumPy accepts (name, type, 5) for (5,)
      else if (shapeValue.kind == PyValue::Kind::Tuple)
        extents = shapeValue.items;
      else
        throw malformed("has a shape that is not a tuple of integers");
      for (const PyValue &e : extents) {
        if (e.kind != PyValue::Kind::Integer || e.integer < 0)
          throw malformed("has a shape that is not a tuple of non-negative integers");
        shape.push_back(e.integer);
        count *= static_cast<std::uint64_t>(std::min<std::int64_t>(e.integer, kMaxBytes));
        if (count > kMaxBytes)
          throw malformed("has a shape that is too large");
      }
    }
    if (const auto bytes = voidBytes(type.text)) {
      if (!name.empty())
        throw Error(fmt::format("{}: field '{}' of the structured dtype has the raw-bytes type "
                                "'{}', which is not supported (supported field types: {})",
                                file, name, type.text, kSupportedDescrs));
      if (*bytes > kMaxBytes / std::max<std::uint64_t>(count, 1))
        throw malformed("makes the record too large");
      offset += *bytes * count; // padding
      if (offset > kMaxBytes)
        throw malformed("makes the record too large");
      continue;
    }
    if (name.empty())
      throw Error(fmt::format("{}: a field of the structured dtype (type '{}') has no name", file,
                              type.text));
    if (record.field(name))
      throw Error(fmt::format("{}: the structured dtype has two fields called '{}'", file, name));
    if (type.text.size() > 2 && type.text[0] == '>' && type.text.substr(1) != "b1" &&
        type.text.substr(1) != "i1" && type.text.substr(1) != "u1")
      throw Error(fmt::format("{}: field '{}' of the structured dtype has the big-endian type "
                              "'{}', which is not supported; convert the array with "
                              "arr.astype(arr.dtype.newbyteorder('<')) before saving",
                              file, name, type.text));
    RecordField field;
    field.name = name;
    field.dtype = dtypeForDescr(type.text, fmt::format("{}: field '{}' of the structured dtype",
                                                       file, name));
    field.offset = offset;
    field.shape = std::move(shape);
    offset += dtypeSize(field.dtype) * count;
    if (offset > kMaxBytes)
      throw malformed("makes the record too large");
    record.fields.push_back(std::move(field));
  }
  if (record.fields.empty())
    throw Error(fmt::format("{}: the structured dtype has no fields (only padding)", file));
  record.itemsize = offset;
  return record;
}

/// Python's repr() of a string, as NumPy writes a field name into the header: single
/// quotes (double quotes when the name holds a single quote and no double quote),
/// backslash escapes for the quote, backslashes and control characters. Bytes of
/// UTF-8 stay as they are (the header then needs format version 3.0).
std::string pythonRepr(const std::string &text) {
  const char quote =
      text.find('\'') != std::string::npos && text.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  for (const char c : text) {
    const auto ch = static_cast<unsigned char>(c);
    if (c == '\\' || c == quote)
      out += std::string("\\") + c;
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (ch < 0x20 || ch == 0x7f)
      out += fmt::format("\\x{:02x}", ch);
    else
      out += c;
  }
  return out + quote;
}

/// A .npy file image: the preamble, the header dict of `descr` (its Python text),
/// `fortran` and `shape`, padded so that the data starts at a multiple of 64 bytes,
/// then `dataBytes` bytes that fill(pointer) writes. Version 1.0; 2.0 when the header
/// exceeds 65535 bytes; 3.0 when it holds non-ASCII bytes (UTF-8 field names).
template <class Fill>
std::vector<unsigned char> npyImage(const std::string &descr, bool fortran,
                                    const std::vector<std::int64_t> &shape, std::size_t dataBytes,
                                    Fill &&fill) {
  std::string header = fmt::format("{{'descr': {}, 'fortran_order': {}, 'shape': {}, }}", descr,
                                   fortran ? "True" : "False", shapeText(shape));
  // Pad so that magic + version + length + header is a multiple of 64, ending in '\n'.
  const bool ascii = std::all_of(header.begin(), header.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  unsigned major = ascii ? 1 : 3;
  std::size_t preamble = ascii ? 10 : 12;
  auto padded = [&](std::size_t pre) {
    const std::size_t total = pre + header.size() + 1;
    return header.size() + 1 + (64 - total % 64) % 64;
  };
  std::size_t headerLength = padded(preamble);
  if (headerLength > 0xFFFF && major == 1) {
    major = 2;
    preamble = 12;
    headerLength = padded(preamble);
  }
  header.append(headerLength - header.size() - 1, ' ');
  header += '\n';

  std::vector<unsigned char> out;
  out.reserve(preamble + header.size() + dataBytes);
  out.insert(out.end(), kMagic, kMagic + sizeof kMagic);
  out.push_back(static_cast<unsigned char>(major));
  out.push_back(0);
  for (std::size_t i = 0; i < preamble - 8; ++i)
    out.push_back(static_cast<unsigned char>((headerLength >> (8 * i)) & 0xFF));
  out.insert(out.end(), header.begin(), header.end());
  const std::size_t dataStart = out.size();
  out.resize(dataStart + dataBytes);
  fill(out.data() + dataStart);
  return out;
}

} // namespace

std::int64_t NpyArray::elementCount() const {
  std::int64_t n = 1;
  for (std::int64_t e : shape)
    n *= e;
  return n;
}

std::vector<std::int64_t> NpyArray::strides() const {
  return fortranOrder ? fStrides(shape) : cStrides(shape);
}

HostArray NpyArray::view() {
  HostArray a;
  a.data = bytes.data();
  a.dtype = dtype;
  a.shape = shape;
  a.strides = strides();
  return a;
}

NpyArray parseNpy(const unsigned char *data, std::size_t size, const std::string &name) {
  if (size < 8 || std::memcmp(data, kMagic, sizeof kMagic) != 0)
    throw Error(fmt::format("{}: not a .npy file (it does not start with the \\x93NUMPY magic "
                            "string)",
                            name));
  const unsigned major = data[6], minor = data[7];
  if (major < 1 || major > 3 || minor != 0)
    throw Error(fmt::format("{}: unsupported .npy format version {}.{} (supported: 1.0, 2.0, "
                            "3.0)",
                            name, major, minor));
  const std::size_t lengthBytes = major == 1 ? 2 : 4;
  if (size < 8 + lengthBytes)
    throw Error(fmt::format("{}: truncated .npy file (the header length is missing)", name));
  const std::size_t headerLength = readLittleEndian(data + 8, lengthBytes);
  const std::size_t headerStart = 8 + lengthBytes;
  if (size - headerStart < headerLength)
    throw Error(fmt::format("{}: truncated .npy file (the header needs {} bytes, the file has "
                            "{} after the preamble)",
                            name, headerLength, size - headerStart));
  const std::string_view headerText(reinterpret_cast<const char *>(data + headerStart),
                                    headerLength);
  for (unsigned char ch : headerText)
    if (ch == 0 || (ch >= 0x80 && major < 3))
      throw Error(fmt::format("{}: malformed .npy header (it contains binary data)", name));

  const PyValue header = HeaderParser(headerText, name).parseTop();
  if (header.kind != PyValue::Kind::Dict)
    throw Error(fmt::format("{}: malformed .npy header (it is not a dict)", name));
  const PyValue *descr = nullptr, *fortran = nullptr, *shape = nullptr;
  for (const auto &[key, value] : header.entries) {
    if (key == "descr")
      descr = &value;
    else if (key == "fortran_order")
      fortran = &value;
    else if (key == "shape")
      shape = &value;
    else
      throw Error(fmt::format("{}: malformed .npy header (unexpected key '{}')", name, key));
  }
  for (auto [value, key] :
       {std::pair{descr, "descr"}, std::pair{fortran, "fortran_order"}, std::pair{shape, "shape"}})
    if (!value)
      throw Error(fmt::format("{}: malformed .npy header (the key '{}' is missing)", name, key));
  if (descr->kind != PyValue::Kind::String && descr->kind != PyValue::Kind::List)
    throw Error(fmt::format("{}: malformed .npy header ('descr' is not a string or a list)", name));
  if (fortran->kind != PyValue::Kind::Bool)
    throw Error(
        fmt::format("{}: malformed .npy header ('fortran_order' is not True or False)", name));
  if (shape->kind != PyValue::Kind::Tuple)
    throw Error(fmt::format("{}: malformed .npy header ('shape' is not a tuple)", name));

  NpyArray array;
  // A structured dtype (a list of fields) is read as the bytes of its records.
  std::optional<RecordDesc> record;
  if (descr->kind == PyValue::Kind::List)
    record = recordFromDescr(*descr, name);
  array.dtype = record ? DType::UInt8 : dtypeForDescr(descr->text, name);
  array.fortranOrder = fortran->boolean;
  const std::uint64_t itemSize = record ? record->itemsize : dtypeSize(array.dtype);
  const std::string typeText =
      record ? fmt::format("a structured dtype of {} bytes", itemSize)
             : std::string(dtypeName(array.dtype));
  std::uint64_t dataBytes = itemSize;
  for (const PyValue &extent : shape->items) {
    if (extent.kind != PyValue::Kind::Integer)
      throw Error(fmt::format("{}: malformed .npy header (an extent in 'shape' is not an "
                              "integer)",
                              name));
    if (extent.integer < 0)
      throw Error(fmt::format("{}: malformed .npy header (negative extent {} in 'shape')", name,
                              extent.integer));
    array.shape.push_back(extent.integer);
    const auto e = static_cast<std::uint64_t>(extent.integer);
    if (e != 0 && dataBytes > std::numeric_limits<std::uint64_t>::max() / e)
      throw Error(fmt::format("{}: the shape {} is too large", name, shapeText(array.shape)));
    dataBytes *= e;
  }
  const std::size_t dataStart = headerStart + headerLength;
  const std::size_t available = size - dataStart;
  if (dataBytes > available)
    throw Error(fmt::format("{}: truncated .npy file (shape {} of {} needs {} data bytes, the "
                            "file has {})",
                            name, shapeText(array.shape), typeText, dataBytes, available));
  if (dataBytes < available)
    throw Error(fmt::format("{}: {} unexpected bytes after the array data (shape {} of {} "
                            "needs {} bytes)",
                            name, available - dataBytes, shapeText(array.shape), typeText,
                            dataBytes));
  array.bytes.assign(data + dataStart, data + dataStart + dataBytes);
  if (record) {
    // The records in C order, each record's bytes as one trailing dimension.
    record->ndim = static_cast<std::uint32_t>(array.shape.size());
    if (array.fortranOrder && array.shape.size() > 1) {
      std::vector<unsigned char> c(array.bytes.size());
      const std::size_t n = static_cast<std::size_t>(itemSize);
      detail::forEachElement(array.shape, fStrides(array.shape), /*fortranOrder=*/false,
                             [&](std::int64_t linear, std::int64_t offset) {
                               std::memcpy(c.data() + linear * n, array.bytes.data() + offset * n,
                                           n);
                             });
      array.bytes = std::move(c);
    }
    array.fortranOrder = false;
    array.shape.push_back(static_cast<std::int64_t>(itemSize));
    array.record = std::move(record);
  }
  return array;
}

NpyArray readNpy(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(fmt::format("{}: cannot open the file ({})", path, std::strerror(errno)));
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
  if (in.bad())
    throw Error(fmt::format("{}: cannot read the file", path));
  return parseNpy(bytes.data(), bytes.size(), path);
}

std::vector<unsigned char> encodeNpy(const HostArray &array) {
  const std::int64_t count = array.elementCount();
  if (!array.data && count > 0)
    throw Error("cannot write an array view with a null data pointer");
  const std::vector<std::int64_t> strides = array.effectiveStrides();
  const bool cContiguous = array.isCContiguous();
  const bool fortran = !cContiguous && array.isFContiguous();
  const std::size_t itemSize = dtypeSize(array.dtype);
  const auto *base = static_cast<const unsigned char *>(array.data);
  return npyImage("'" + descrFor(array.dtype) + "'", fortran, array.shape,
                  static_cast<std::size_t>(count) * itemSize, [&](unsigned char *dst) {
                    // Contiguous views (in either order) are visited in their own order,
                    // anything else in C order: the element sequence is then exactly the
                    // file's.
                    detail::forEachElement(array.shape, strides, fortran,
                                           [&](std::int64_t linear, std::int64_t offset) {
                                             std::memcpy(dst + linear * itemSize,
                                                         base + offset * itemSize, itemSize);
                                           });
                  });
}

std::string recordDescr(const RecordDesc &record) {
  std::string out;
  auto entry = [&](const std::string &text) { out += (out.empty() ? "" : ", ") + text; };
  std::uint64_t end = 0; // where the previous field ends
  const RecordField *previous = nullptr;
  for (const RecordField &f : record.fields) {
    if (f.name.empty())
      throw Error(fmt::format("the record {} has a field without a name", describeRecord(record)));
    for (const RecordField *g = record.fields.data(); g != &f; ++g)
      if (g->name == f.name)
        throw Error(fmt::format("the record {} has two fields called '{}'",
                                describeRecord(record), f.name));
    if (f.offset < end)
      throw Error(fmt::format("the fields of the record {} overlap or are out of offset order "
                              "(field '{}' at byte {} comes after field '{}', which ends at byte "
                              "{}): the descr of a .npy file cannot describe them, as NumPy's "
                              "np.save cannot",
                              describeRecord(record), f.name, f.offset, previous->name, end));
    if (f.offset > end)
      entry(fmt::format("('', '|V{}')", f.offset - end));
    entry(fmt::format("({}, '{}'{})", pythonRepr(f.name), descrFor(f.dtype),
                      f.shape.empty() ? "" : ", " + shapeText(f.shape)));
    end = f.offset + f.byteSize();
    previous = &f;
  }
  if (end > record.itemsize)
    throw Error(fmt::format("field '{}' of the record {} ends at byte {}, after the record's {} "
                            "bytes",
                            previous->name, describeRecord(record), end, record.itemsize));
  if (record.itemsize > end)
    entry(fmt::format("('', '|V{}')", record.itemsize - end));
  return "[" + out + "]";
}

std::vector<unsigned char> encodeNpy(const HostArray &bytes, const RecordDesc &record) {
  const std::string descr = recordDescr(record);
  const auto itemSize = static_cast<std::int64_t>(record.itemsize);
  auto fail = [&](const std::string &what) {
    return Error(fmt::format("cannot write records of {} bytes {} from {}: expected the uint8 "
                             "array of their bytes, of {} dimensions, the last of extent {} "
                             "and stride 1",
                             record.itemsize, describeRecord(record), what, record.ndim + 1,
                             record.itemsize));
  };
  if (bytes.dtype != DType::UInt8 || bytes.ndim() != record.ndim + 1)
    throw fail(fmt::format("a {}-d {} array", bytes.ndim(), dtypeName(bytes.dtype)));
  const std::vector<std::int64_t> strides = bytes.effectiveStrides();
  if (bytes.shape.back() != itemSize || (itemSize > 1 && strides.back() != 1))
    throw fail(fmt::format("a uint8 array of shape {} and strides {}", shapeText(bytes.shape),
                           shapeText(strides)));
  const std::int64_t count = bytes.elementCount();
  if (!bytes.data && count > 0)
    throw Error("cannot write an array view with a null data pointer");
  const std::vector<std::int64_t> shape(bytes.shape.begin(), bytes.shape.end() - 1);
  const std::vector<std::int64_t> recordStrides(strides.begin(), strides.end() - 1);
  // Records contiguous in Fortran order (in units of the itemsize) are written so.
  bool fortran = false;
  if (itemSize > 0 && std::all_of(recordStrides.begin(), recordStrides.end(),
                                  [&](std::int64_t s) { return s % itemSize == 0; })) {
    HostArray units{nullptr, DType::UInt8, shape, recordStrides};
    for (std::int64_t &s : units.strides)
      s /= itemSize;
    fortran = !units.isCContiguous() && units.isFContiguous();
  }
  const auto *base = static_cast<const unsigned char *>(bytes.data);
  return npyImage(descr, fortran, shape, static_cast<std::size_t>(count),
                  [&](unsigned char *dst) {
                    detail::forEachElement(shape, recordStrides, fortran,
                                           [&](std::int64_t linear, std::int64_t offset) {
                                             std::memcpy(dst + linear * itemSize, base + offset,
                                                         static_cast<std::size_t>(itemSize));
                                           });
                  });
}

namespace {

void writeFile(const std::string &path, const std::vector<unsigned char> &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    throw Error(fmt::format("{}: cannot create the file ({})", path, std::strerror(errno)));
  out.write(reinterpret_cast<const char *>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out)
    throw Error(fmt::format("{}: cannot write the file", path));
}

} // namespace

void writeNpy(const std::string &path, const HostArray &array) {
  writeFile(path, encodeNpy(array));
}

void writeNpy(const std::string &path, const HostArray &bytes, const RecordDesc &record) {
  writeFile(path, encodeNpy(bytes, record));
}

void writeNpy(const std::string &path, NpyArray &array) {
  if (array.record)
    writeNpy(path, array.view(), *array.record);
  else
    writeNpy(path, array.view());
}

} // namespace nvc::rt
