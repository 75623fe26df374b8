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
#include <vector>

namespace nvc::mlirgen {

/// An array parameter: its buffer and descriptor.
struct ArrayHandle {
  Type type;
  mlir::Value buffer;
  std::vector<mlir::Value> shape, strides;
  mlir::Value offset;
};

/// A generated value: a scalar (one part), a tuple (its flattened scalar
/// leaves) or an array.
struct Val {
  Type type;
  std::vector<mlir::Value> parts;
  const ArrayHandle *array = nullptr;
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
