//===- Values.h - How MLIR generation represents Python values -------------===//
//
// The value model of MLIR generation: a scalar is one SSA value of its
// lowered type, a complex number two (real, imaginary), a tuple the
// flattened list of its scalar leaves, and an array a handle on its storage
// buffer and its descriptor (extents, strides and element offset, all
// index-width integers; abi/KernelABI.h has the entry-point layout).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_MLIRGEN_VALUES_H
#define NVC_FRONTEND_MLIRGEN_VALUES_H

#include "frontend/sema/Types.h"

#include <mlir/IR/Value.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace nvc::mlirgen {

/// An array parameter: its buffer and descriptor.
struct ArrayHandle {
  Type type;
  mlir::Value buffer;
  std::vector<mlir::Value> shape, strides;
  mlir::Value offset;
  /// A view with another dtype (`a.view(np.int32)`): the dtype the buffer
  /// holds (unknown otherwise), each element spanning `units` of its
  /// values; offset and strides count the buffer's values.
  Type storage;
  unsigned units = 1;
  bool reinterpreted() const { return !storage.isUnknown(); }
  /// Arrays of records and the array fields of records (GenRecords.cpp):
  /// the buffer holds 32-bit words, offset and strides count bytes, and an
  /// element's address is a byte address, a multiple of `byteAlign` (1, 2
  /// or 4).
  bool byteAddressed = false;
  unsigned byteAlign = 1;
};

struct Val;

/// An array expression (`a[i] * w + c`, `np.sqrt(row)`): its extents, in
/// the index type, and how to compute its element at given indices (one per
/// dimension), emitting the code where `at` is called: nothing is computed
/// or stored before an element is read (GenArrayExpressions.cpp).
struct ArrayExpression {
  Type dtype;
  std::vector<mlir::Value> shape;
  std::function<Val(const std::vector<mlir::Value> &)> at;
};

/// A generated value: a scalar (one part), a tuple (its flattened scalar
/// leaves), an array or an array expression.
struct Val {
  Type type;
  std::vector<mlir::Value> parts;
  const ArrayHandle *array = nullptr;
  std::shared_ptr<const ArrayExpression> expression;
  /// A record (Type::Kind::Record): the byte-addressed array it lives in;
  /// parts holds its byte address (index type).
  const ArrayHandle *recordBase = nullptr;
  bool isArrayLike() const { return array || expression; }
  mlir::Value scalar() const { return parts.front(); }
};

/// Number of scalar leaves of a (possibly nested) tuple type.
/// A complex number is two leaves (real, imaginary).
inline size_t leafCount(const Type &t) {
  if (t.isComplex())
    return 2;
  if (!t.isTuple())
    return 1;
  size_t n = 0;
  for (auto &e : t.elements())
    n += leafCount(e);
  return n;
}

} // namespace nvc::mlirgen

#endif // NVC_FRONTEND_MLIRGEN_VALUES_H
