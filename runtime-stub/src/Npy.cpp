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
  if (descr->kind == PyValue::Kind::List)
    throw Error(fmt::format("{}: structured dtypes (record arrays) are not supported "
                            "(supported: {})",
                            name, kSupportedDescrs));
  if (descr->kind != PyValue::Kind::String)
    throw Error(fmt::format("{}: malformed .npy header ('descr' is not a string)", name));
  if (fortran->kind != PyValue::Kind::Bool)
    throw Error(
        fmt::format("{}: malformed .npy header ('fortran_order' is not True or False)", name));
  if (shape->kind != PyValue::Kind::Tuple)
    throw Error(fmt::format("{}: malformed .npy header ('shape' is not a tuple)", name));

  NpyArray array;
  array.dtype = dtypeForDescr(descr->text, name);
  array.fortranOrder = fortran->boolean;
  const std::size_t itemSize = dtypeSize(array.dtype);
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
                            name, shapeText(array.shape), dtypeName(array.dtype), dataBytes,
                            available));
  if (dataBytes < available)
    throw Error(fmt::format("{}: {} unexpected bytes after the array data (shape {} of {} "
                            "needs {} bytes)",
                            name, available - dataBytes, shapeText(array.shape),
                            dtypeName(array.dtype), dataBytes));
  array.bytes.assign(data + dataStart, data + dataStart + dataBytes);
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

  std::string header =
      fmt::format("{{'descr': '{}', 'fortran_order': {}, 'shape': {}, }}", descrFor(array.dtype),
                  fortran ? "True" : "False", shapeText(array.shape));
  // Pad so that magic + version + length + header is a multiple of 64, ending in '\n'.
  unsigned major = 1;
  std::size_t preamble = 10;
  auto padded = [&](std::size_t pre) {
    const std::size_t total = pre + header.size() + 1;
    return header.size() + 1 + (64 - total % 64) % 64;
  };
  std::size_t headerLength = padded(preamble);
  if (headerLength > 0xFFFF) {
    major = 2;
    preamble = 12;
    headerLength = padded(preamble);
  }
  header.append(headerLength - header.size() - 1, ' ');
  header += '\n';

  const std::size_t itemSize = dtypeSize(array.dtype);
  std::vector<unsigned char> out;
  out.reserve(preamble + header.size() + static_cast<std::size_t>(count) * itemSize);
  out.insert(out.end(), kMagic, kMagic + sizeof kMagic);
  out.push_back(static_cast<unsigned char>(major));
  out.push_back(0);
  for (std::size_t i = 0; i < preamble - 8; ++i)
    out.push_back(static_cast<unsigned char>((headerLength >> (8 * i)) & 0xFF));
  out.insert(out.end(), header.begin(), header.end());

  const auto *base = static_cast<const unsigned char *>(array.data);
  const std::size_t dataStart = out.size();
  out.resize(dataStart + static_cast<std::size_t>(count) * itemSize);
  unsigned char *dst = out.data() + dataStart;
  // Contiguous views (in either order) are visited in their own order, anything else
  // in C order: the element sequence is then exactly the file's.
  detail::forEachElement(array.shape, strides, fortran,
                         [&](std::int64_t linear, std::int64_t offset) {
                           std::memcpy(dst + linear * itemSize, base + offset * itemSize, itemSize);
                         });
  return out;
}

void writeNpy(const std::string &path, const HostArray &array) {
  const std::vector<unsigned char> bytes = encodeNpy(array);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    throw Error(fmt::format("{}: cannot create the file ({})", path, std::strerror(errno)));
  out.write(reinterpret_cast<const char *>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out)
    throw Error(fmt::format("{}: cannot write the file", path));
}

void writeNpy(const std::string &path, NpyArray &array) { writeNpy(path, array.view()); }

} // namespace nvc::rt
