//===- VectorTypes.h - numba.cuda's vector types ---------------------------===//
//
// numba.cuda's CUDA vector types (numba_cuda/numba/cuda/stubs.py and
// vector_types.py): `cuda.<base>x<n>` for base int8 ... uint64, float32,
// float64 and n = 1 to 4, and their C aliases (`cuda.short2`, `cuda.double3`,
// `cuda.uchar4`, ... with Linux's widths: long is 64 bits). A vector is
// built from scalars (converted to its base type) and vectors of the same
// base type whose elements add up to n (`float32x3(f32x2, one)`), and read
// by .x .y .z .w. nvc represents it as a tuple of n base elements
// (Type::vector).
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_VECTORTYPES_H
#define NVC_FRONTEND_SEMA_VECTORTYPES_H

#include "frontend/sema/Types.h"

#include <optional>
#include <string>

namespace nvc {

/// The vector type `name` spells (`float32x4`, `short2`), as a Type::vector
/// named by its canonical name (`int16x2` for `short2`); nullopt for any
/// other name.
std::optional<Type> vectorTypeNamed(const std::string &name);

/// The element index of vector attribute `attr` (x 0, y 1, z 2, w 3) in a
/// vector of `count` elements; nullopt otherwise.
std::optional<unsigned> vectorAttributeIndex(const std::string &attr, unsigned count);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_VECTORTYPES_H
