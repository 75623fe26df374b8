//===- Types.h - Numba's types for the kernel language ---------------------===//
//
// The types that type inference assigns to expressions and variables, named
// and promoted as Numba names and promotes them (numba.core.types): scalars
// (boolean, intN/uintN, float32/float64), arrays (dtype, ndim, layout C/F/A),
// homogeneous and heterogeneous tuples, `none`, and the compile-time-only
// values a kernel may name: modules (`cuda`, `math`, `np`, ...), functions
// and attributes of those modules, dtype objects (`np.float32`) and
// `range(...)` objects. Types are small values compared with ==.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_TYPES_H
#define NVC_FRONTEND_TYPES_H

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nvc {

struct RecordLayout;

class Type {
public:
  enum class Kind {
    Unknown,  ///< not yet inferred
    None,     ///< Python None / a kernel's `void` result
    Boolean,
    Integer,
    Float,
    Complex,  ///< complex64 or complex128 (bits() is the total width)
    Array,
    Tuple,
    Range,    ///< the result of range(...): iterable only
    Module,   ///< a module object (`cuda`, `math`, `np`, `nv`, ...); name()
    Function, ///< a module-level function or built-in (`cuda.grid`, `len`); name()
    DType,    ///< a dtype object usable as constructor (`np.float32`); element()
    Dim3,     ///< `cuda.threadIdx` and friends: has .x .y .z; name()
    UserFunction, ///< a function defined in the kernel file; name()
    /// An array expression (`a * 2 + b`, `np.sqrt(row)`, `x > 0`): lazy,
    /// computed element by element where it is read (004_…txt "Arrays
    /// inside kernels and array expressions"); element() and ndim().
    ArrayExpr,
    /// A record of a structured dtype (numba.core.types.Record): named
    /// fields at byte offsets (004_…txt "Structured arrays"); record().
    /// A value of this type refers to its element in memory, as in Numba:
    /// assigning a field writes the array.
    Record,
    /// numba.cuda's GridGroup, the result of cuda.cg.this_grid(): has
    /// .sync(), a grid-wide barrier (docs/language.md "Grid
    /// synchronisation"); no value at run time.
    GridGroup,
  };

  Type() = default;
  static Type unknown() { return Type(); }
  static Type none() { return make(Kind::None); }
  static Type boolean() { return make(Kind::Boolean); }
  /// intN (`isSigned`) or uintN; bits ∈ {8, 16, 32, 64}.
  static Type integer(unsigned bits, bool isSigned = true);
  /// float16, float32 or float64. float16 is stored as IEEE halves and
  /// computed in float32, every result rounded to a half (004_…txt "float16
  /// arrays").
  static Type floating(unsigned bits);
  /// bfloat16 (numba.cuda.bf16): float32's exponent with 8 significant
  /// bits, computed in float32 and every result rounded to a bfloat16. A
  /// scalar type only (NumPy has no bfloat16 arrays).
  static Type bfloat16();
  /// complex64 (two float32) or complex128 (two float64); `bits` is 64 or 128.
  static Type complex(unsigned bits);
  /// The most dimensions an array may have: NumPy 1.x's NPY_MAXDIMS (Numba
  /// itself sets none). A 0-d array (`np.array(3.0)`) holds one element.
  static constexpr unsigned kMaxArrayDims = 32;
  /// An array of scalar `dtype` with `ndim` ∈ [0, kMaxArrayDims] dimensions
  /// and layout 'C', 'F' or 'A' (Numba's layouts; a 0-d array is 'C').
  static Type array(const Type &dtype, unsigned ndim, char layout);
  /// An array expression of `dtype` elements and `ndim` ∈ [1, kMaxArrayDims]
  /// dimensions (an expression of 0-d arrays only is a scalar, as in Numba
  /// and NumPy).
  static Type arrayExpr(const Type &dtype, unsigned ndim);
  static Type tuple(std::vector<Type> elements);
  /// numba.cuda's vector type `name` (float32x4, short2, ...): `count`
  /// elements of `base`, read as .x .y .z .w; a tuple to the rest of nvc
  /// (VectorTypes.h).
  static Type vector(const Type &base, unsigned count, std::string name);
  static Type range(const Type &counter);
  static Type module(std::string name);
  static Type function(std::string qualifiedName);
  static Type dtype(const Type &scalar);
  static Type dim3(std::string name);
  static Type userFunction(std::string name);
  static Type gridGroup() { return make(Kind::GridGroup); }
  /// The record type of a structured dtype laid out as `layout` says.
  static Type record(std::shared_ptr<const RecordLayout> layout);

  Kind kind() const { return kind_; }
  bool isUnknown() const { return kind_ == Kind::Unknown; }
  bool isBoolean() const { return kind_ == Kind::Boolean; }
  bool isInteger() const { return kind_ == Kind::Integer; }
  bool isFloat() const { return kind_ == Kind::Float; }
  /// float16: stored as halves, computed in float32 (GenFloat16.cpp).
  bool isFloat16() const { return kind_ == Kind::Float && bits_ == 16 && !brain_; }
  bool isBfloat16() const { return kind_ == Kind::Float && brain_; }
  bool isComplex() const { return kind_ == Kind::Complex; }
  /// Boolean, integer or float: the real numbers.
  bool isNumber() const { return isBoolean() || isInteger() || isFloat(); }
  /// A real number or a complex number: what arithmetic and arrays accept.
  bool isScalar() const { return isNumber() || isComplex(); }
  /// The float type of a complex type's parts.
  Type complexPart() const { return floating(bits_ / 2); }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isArrayExpr() const { return kind_ == Kind::ArrayExpr; }
  /// An array or an array expression: what reductions, element indexing
  /// and array expressions take.
  bool isArrayLike() const { return isArray() || isArrayExpr(); }
  bool isTuple() const { return kind_ == Kind::Tuple; }
  bool isRecord() const { return kind_ == Kind::Record; }
  /// An array whose elements are records.
  bool isRecordArray() const { return isArray() && element_->isRecord(); }
  /// A record type's fields, offsets and size.
  const RecordLayout &record() const { return *record_; }
  /// A numba.cuda vector type (a tuple with a vector type's name).
  bool isVector() const { return kind_ == Kind::Tuple && !name_.empty(); }

  unsigned bits() const { return bits_; }
  bool isSigned() const { return signed_; }
  unsigned ndim() const { return ndim_; }
  /// Numba's read-only arrays (`Array(float64, 1, 'C', readonly=True)` in a
  /// signature): writing them is a typing error. Not part of ==: a read-only
  /// array is used as any other array of its dtype, ndim and layout.
  bool isReadonly() const { return readonly_; }
  Type readonlyArray() const {
    Type t = *this;
    t.readonly_ = true;
    return t;
  }
  char layout() const { return layout_; }
  /// Array dtype, DType's scalar, Range's counter type.
  const Type &element() const { return *element_; }
  const std::vector<Type> &elements() const { return elements_; }
  const std::string &name() const { return name_; }

  /// Numba's spelling: `float32`, `uint8`, `array(float32, 2d, C)`,
  /// `UniTuple(int64 x 2)`, `Tuple(int64, float32)`, `Module(math)`, ...
  std::string str() const;
  /// NumPy's dtype name of a scalar type (`bool`, `int32`, `float64`).
  std::string numpyName() const;
  /// Bytes of one element of a scalar type in memory (bool: 1).
  unsigned byteSize() const;

  bool operator==(const Type &other) const;
  bool operator!=(const Type &other) const { return !(*this == other); }

private:
  static Type make(Kind kind) {
    Type t;
    t.kind_ = kind;
    return t;
  }
  Kind kind_ = Kind::Unknown;
  unsigned bits_ = 0;
  bool signed_ = true;
  unsigned ndim_ = 0;
  char layout_ = 'A';
  bool readonly_ = false;
  bool brain_ = false; ///< bfloat16 (a Float of 16 bits)
  std::shared_ptr<const Type> element_;
  std::vector<Type> elements_;
  std::string name_;
  std::shared_ptr<const RecordLayout> record_;
};

/// One field of a structured dtype.
struct RecordField {
  std::string name;
  Type type;       ///< a scalar type (of the elements, for an array field)
  unsigned offset; ///< bytes from the start of the record
  /// An array field's shape (`("h", np.float32, 2)`: {2}); empty for a
  /// scalar field.
  std::vector<int64_t> shape;
  /// Bytes the field takes: its type's size times its elements.
  unsigned byteSize() const;
};

/// The layout of a structured dtype, as NumPy computes it
/// (`np.dtype([...], align=...)`): fields in declaration order.
struct RecordLayout {
  std::vector<RecordField> fields;
  unsigned itemsize = 0; ///< bytes of one record, padding included
  bool aligned = false;  ///< made with align=True (Numba's Record.aligned)
  /// The field called `name`, or null.
  const RecordField *field(const std::string &name) const;
  /// NumPy's layout of `fields` (their name, type and shape; offsets are
  /// computed): packed, or with align=True each field at a multiple of its
  /// type's size and the itemsize a multiple of the largest (NumPy's C-struct
  /// rule; a complex type aligns as its part).
  static RecordLayout fromFields(std::vector<RecordField> fields, bool aligned);
  bool operator==(const RecordLayout &o) const;
};

/// Parses a NumPy/Numba scalar type name (`float32`, `f4`, `int64`, `i8`,
/// `bool_`, `boolean`, `b1`, `uint16`, `intp`, `float64`, `double`, ...).
std::optional<Type> scalarTypeFromName(const std::string &name);

/// The type both `a` and `b` convert to safely, as Numba's unification of
/// scalars (numba.core.typeconv): bool < int < float; int widths and
/// signedness as `promoteIntegers`; an integer of ≥ 32 bits with float32
/// gives float64. Returns Unknown when they do not unify.
Type unifyTypes(const Type &a, const Type &b);

/// The result type of integer arithmetic on `a` and `b` (Numba's
/// choose_result_int in numba/core/typing/builtins.py): at least 64 bits
/// (intp), signed unless both operands are unsigned. Booleans count as
/// integers.
Type promoteIntegers(const Type &a, const Type &b);

} // namespace nvc

#endif // NVC_FRONTEND_TYPES_H
