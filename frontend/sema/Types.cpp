//===- Types.cpp - Numba's types for the kernel language -------------------===//
//
// Construction, printing and the scalar promotion rules of Numba.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/Types.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace nvc {

Type Type::integer(unsigned bits, bool isSigned) {
  Type t = make(Kind::Integer);
  t.bits_ = bits;
  t.signed_ = isSigned;
  return t;
}

Type Type::floating(unsigned bits) {
  Type t = make(Kind::Float);
  t.bits_ = bits;
  return t;
}

Type Type::bfloat16() {
  Type t = make(Kind::Float);
  t.bits_ = 16;
  t.brain_ = true;
  return t;
}

Type Type::complex(unsigned bits) {
  Type t = make(Kind::Complex);
  t.bits_ = bits;
  return t;
}

Type Type::array(const Type &dtype, unsigned ndim, char layout) {
  Type t = make(Kind::Array);
  t.element_ = std::make_shared<Type>(dtype);
  t.ndim_ = ndim;
  t.layout_ = layout;
  return t;
}

Type Type::arrayExpr(const Type &dtype, unsigned ndim) {
  Type t = make(Kind::ArrayExpr);
  t.element_ = std::make_shared<Type>(dtype);
  t.ndim_ = ndim;
  return t;
}

Type Type::tuple(std::vector<Type> elements) {
  Type t = make(Kind::Tuple);
  t.elements_ = std::move(elements);
  return t;
}

Type Type::vector(const Type &base, unsigned count, std::string name) {
  Type t = tuple(std::vector<Type>(count, base));
  t.name_ = std::move(name);
  return t;
}

Type Type::range(const Type &counter) {
  Type t = make(Kind::Range);
  t.element_ = std::make_shared<Type>(counter);
  return t;
}

Type Type::module(std::string name) {
  Type t = make(Kind::Module);
  t.name_ = std::move(name);
  return t;
}

Type Type::function(std::string qualifiedName) {
  Type t = make(Kind::Function);
  t.name_ = std::move(qualifiedName);
  return t;
}

Type Type::dtype(const Type &scalar) {
  Type t = make(Kind::DType);
  t.element_ = std::make_shared<Type>(scalar);
  return t;
}

Type Type::dim3(std::string name) {
  Type t = make(Kind::Dim3);
  t.name_ = std::move(name);
  return t;
}

Type Type::userFunction(std::string name) {
  Type t = make(Kind::UserFunction);
  t.name_ = std::move(name);
  return t;
}

Type Type::record(std::shared_ptr<const RecordLayout> layout) {
  Type t = make(Kind::Record);
  t.record_ = std::move(layout);
  return t;
}

unsigned RecordField::byteSize() const {
  unsigned n = type.byteSize();
  for (int64_t e : shape)
    n *= static_cast<unsigned>(e);
  return n;
}

const RecordField *RecordLayout::field(const std::string &name) const {
  for (const RecordField &f : fields)
    if (f.name == name)
      return &f;
  return nullptr;
}

RecordLayout RecordLayout::fromFields(std::vector<RecordField> fields, bool aligned) {
  RecordLayout r;
  r.aligned = aligned;
  unsigned offset = 0, maxAlign = 1;
  for (RecordField &f : fields) {
    if (aligned) {
      unsigned a = f.type.isComplex() ? f.type.byteSize() / 2 : f.type.byteSize();
      maxAlign = std::max(maxAlign, a);
      offset = (offset + a - 1) / a * a;
    }
    f.offset = offset;
    offset += f.byteSize();
  }
  if (aligned)
    offset = (offset + maxAlign - 1) / maxAlign * maxAlign;
  r.fields = std::move(fields);
  r.itemsize = offset;
  return r;
}

bool RecordLayout::operator==(const RecordLayout &o) const {
  if (itemsize != o.itemsize || aligned != o.aligned || fields.size() != o.fields.size())
    return false;
  for (size_t i = 0; i < fields.size(); ++i) {
    const RecordField &a = fields[i], &b = o.fields[i];
    if (a.name != b.name || a.type != b.type || a.offset != b.offset || a.shape != b.shape)
      return false;
  }
  return true;
}

bool Type::operator==(const Type &o) const {
  if (kind_ != o.kind_)
    return false;
  switch (kind_) {
  case Kind::Integer:
    return bits_ == o.bits_ && signed_ == o.signed_;
  case Kind::Float:
    return bits_ == o.bits_ && brain_ == o.brain_;
  case Kind::Complex:
    return bits_ == o.bits_;
  case Kind::Array:
    return ndim_ == o.ndim_ && layout_ == o.layout_ && *element_ == *o.element_;
  case Kind::ArrayExpr:
    return ndim_ == o.ndim_ && *element_ == *o.element_;
  case Kind::Tuple:
    return elements_ == o.elements_;
  case Kind::Record:
    return *record_ == *o.record_;
  case Kind::Range:
  case Kind::DType:
    return *element_ == *o.element_;
  case Kind::Module:
  case Kind::Function:
  case Kind::Dim3:
  case Kind::UserFunction:
    return name_ == o.name_;
  default:
    return true;
  }
}

std::string Type::numpyName() const {
  switch (kind_) {
  case Kind::Boolean:
    return "bool";
  case Kind::Integer:
    return fmt::format("{}int{}", signed_ ? "" : "u", bits_);
  case Kind::Float:
    return brain_ ? std::string("bfloat16") : fmt::format("float{}", bits_);
  case Kind::Complex:
    return fmt::format("complex{}", bits_);
  default:
    return str();
  }
}

unsigned Type::byteSize() const {
  if (kind_ == Kind::Boolean)
    return 1;
  if (kind_ == Kind::Record)
    return record_->itemsize;
  return bits_ / 8;
}

std::string Type::str() const {
  switch (kind_) {
  case Kind::Unknown:
    return "<unknown>";
  case Kind::None:
    return "none";
  case Kind::Boolean:
    return "bool";
  case Kind::Integer:
  case Kind::Float:
  case Kind::Complex:
    return numpyName();
  case Kind::Array:
    return fmt::format("{}array({}, {}d, {})", readonly_ ? "readonly " : "", element_->str(),
                       ndim_, layout_);
  case Kind::ArrayExpr:
    return fmt::format("array expression({}, {}d)", element_->str(), ndim_);
  case Kind::Tuple: {
    if (!name_.empty())
      return name_; // a vector type: float32x4
    bool uniform = !elements_.empty() &&
                   std::all_of(elements_.begin(), elements_.end(),
                               [&](const Type &t) { return t == elements_.front(); });
    if (uniform)
      return fmt::format("UniTuple({} x {})", elements_.front().str(), elements_.size());
    std::string s = "Tuple(";
    for (size_t i = 0; i < elements_.size(); ++i)
      s += (i ? ", " : "") + elements_[i].str();
    return s + ")";
  }
  case Kind::Range:
    return fmt::format("range_state_{}", element_->str());
  case Kind::Module:
    return fmt::format("Module({})", name_);
  case Kind::Function:
    return fmt::format("Function({})", name_);
  case Kind::DType:
    return fmt::format("class({})", element_->str());
  case Kind::Dim3:
    return fmt::format("Dim3({})", name_);
  case Kind::UserFunction:
    return fmt::format("Dispatcher({})", name_);
  case Kind::GridGroup:
    return "GridGroup";
  case Kind::Record: {
    // Numba's str of a Record type: Record(a[type=float64;offset=0],...;16;False)
    std::string s = "Record(";
    for (size_t i = 0; i < record_->fields.size(); ++i) {
      const RecordField &f = record_->fields[i];
      std::string t = f.type.str();
      if (!f.shape.empty()) {
        std::string dims;
        for (int64_t e : f.shape)
          dims += fmt::format("{}, ", e);
        if (f.shape.size() > 1)
          dims.resize(dims.size() - 2);
        else
          dims.pop_back();
        t = fmt::format("nestedarray({}, ({}))", t, dims);
      }
      s += fmt::format("{}{}[type={};offset={}]", i ? "," : "", f.name, t, f.offset);
    }
    return s + fmt::format(";{};{})", record_->itemsize, record_->aligned ? "True" : "False");
  }
  }
  return "<?>";
}

std::optional<Type> scalarTypeFromName(const std::string &name) {
  static const std::map<std::string, Type> names = {
      {"bool", Type::boolean()},          {"bool_", Type::boolean()},
      {"boolean", Type::boolean()},       {"b1", Type::boolean()},
      {"int8", Type::integer(8)},         {"i1", Type::integer(8)},
      {"int16", Type::integer(16)},       {"i2", Type::integer(16)},
      {"int32", Type::integer(32)},       {"i4", Type::integer(32)},
      {"int64", Type::integer(64)},       {"i8", Type::integer(64)},
      {"intp", Type::integer(64)},        {"int_", Type::integer(64)},
      {"intc", Type::integer(32)},        {"int", Type::integer(64)},
      {"uint8", Type::integer(8, false)}, {"u1", Type::integer(8, false)},
      {"uint16", Type::integer(16, false)}, {"u2", Type::integer(16, false)},
      {"uint32", Type::integer(32, false)}, {"u4", Type::integer(32, false)},
      {"uint64", Type::integer(64, false)}, {"u8", Type::integer(64, false)},
      {"uintp", Type::integer(64, false)},  {"uintc", Type::integer(32, false)},
      {"float16", Type::floating(16)},    {"f2", Type::floating(16)},
      {"half", Type::floating(16)},
      {"float32", Type::floating(32)},    {"f4", Type::floating(32)},
      {"single", Type::floating(32)},     {"float64", Type::floating(64)},
      {"f8", Type::floating(64)},         {"double", Type::floating(64)},
      {"float", Type::floating(64)},      {"float_", Type::floating(64)},
      {"complex64", Type::complex(64)},   {"c8", Type::complex(64)},
      {"csingle", Type::complex(64)},     {"complex128", Type::complex(128)},
      {"c16", Type::complex(128)},        {"complex_", Type::complex(128)},
      {"cdouble", Type::complex(128)},    {"complex", Type::complex(128)},
  };
  auto it = names.find(name);
  if (it == names.end())
    return std::nullopt;
  return it->second;
}

Type promoteIntegers(const Type &a, const Type &b) {
  auto bitsOf = [](const Type &t) { return t.isBoolean() ? 1u : t.bits(); };
  auto signedOf = [](const Type &t) { return t.isBoolean() || t.isSigned(); };
  unsigned bits = std::max({64u, bitsOf(a), bitsOf(b)});
  bool isSigned = signedOf(a) || signedOf(b);
  // Numba: both unsigned gives unsigned; otherwise signed.
  if (!a.isBoolean() && !b.isBoolean() && !a.isSigned() && !b.isSigned())
    isSigned = false;
  return Type::integer(bits, isSigned);
}

Type unifyTypes(const Type &a, const Type &b) {
  if (a == b)
    return a;
  if (a.isUnknown())
    return b;
  if (b.isUnknown())
    return a;
  if (a.isComplex() || b.isComplex()) {
    if (!a.isScalar() || !b.isScalar())
      return Type();
    // The complex type whose parts hold both operands' real parts.
    auto part = [](const Type &t) { return t.isComplex() ? t.complexPart() : t; };
    Type real = unifyTypes(part(a), part(b));
    if (!real.isFloat())
      real = Type::floating(64); // an integer or bool with complex: complex128
    return Type::complex(real.bits() * 2);
  }
  if (a.isNumber() && b.isNumber()) {
    if (a.isBfloat16() || b.isBfloat16()) {
      // bfloat16 holds booleans and 8-bit integers exactly; with float16,
      // 16-bit integers or float32 the common type is float32, with wider
      // ones float64 (float16's rule, bfloat16 having 8 significant bits).
      const Type &o = a.isBfloat16() ? b : a;
      if (o.isBfloat16() || o.isBoolean() || (o.isInteger() && o.bits() <= 8))
        return Type::bfloat16();
      if ((o.isFloat() && o.bits() <= 32) || (o.isInteger() && o.bits() <= 16))
        return Type::floating(32);
      return Type::floating(64);
    }
    if (a.isFloat() || b.isFloat()) {
      // NumPy's promotion (Numba's for float16, numba-cuda's tests use
      // np.result_type): float16 holds booleans and 8-bit integers
      // exactly, float32 16-bit ones, everything wider needs float64.
      auto needs = [](const Type &t) -> unsigned {
        if (t.isFloat())
          return t.bits();
        if (t.isBoolean() || t.bits() <= 8)
          return 16;
        return t.bits() <= 16 ? 32 : 64;
      };
      return Type::floating(std::max(needs(a), needs(b)));
    }
    if (a.isBoolean())
      return b;
    if (b.isBoolean())
      return a;
    // Integers: the wider one; mixed signedness goes signed and wider
    // (Numba unifies int32 and uint32 to int64).
    if (a.isSigned() == b.isSigned())
      return Type::integer(std::max(a.bits(), b.bits()), a.isSigned());
    const Type &u = a.isSigned() ? b : a;
    const Type &s = a.isSigned() ? a : b;
    unsigned bits = s.bits() > u.bits() ? s.bits() : std::min(64u, u.bits() * 2);
    if (u.bits() == 64)
      return Type::floating(64);
    return Type::integer(bits, true);
  }
  if (a.isTuple() && b.isTuple() && a.elements().size() == b.elements().size()) {
    std::vector<Type> elems;
    for (size_t i = 0; i < a.elements().size(); ++i) {
      Type u = unifyTypes(a.elements()[i], b.elements()[i]);
      if (u.isUnknown())
        return Type();
      elems.push_back(u);
    }
    return Type::tuple(std::move(elems));
  }
  if (a.isArray() && b.isArray() && a.element() == b.element() && a.ndim() == b.ndim())
    return Type::array(a.element(), a.ndim(), 'A');
  return Type();
}

} // namespace nvc
