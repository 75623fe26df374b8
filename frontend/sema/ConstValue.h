//===- ConstValue.h - Values known at compile time -------------------------===//
//
// The compile-time value of an expression: a literal, a module-level
// constant frozen when the kernel is compiled (as Numba freezes globals), or
// a read-only NumPy array global.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_CONSTVALUE_H
#define NVC_FRONTEND_SEMA_CONSTVALUE_H

#include "frontend/sema/Types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nvc {

/// A value known at compile time: a number, a bool or a tuple of them.
struct ConstValue {
  Type type;
  int64_t i = 0;  ///< integers and booleans (uint64 stored bitwise)
  double f = 0;   ///< floats
  std::vector<ConstValue> elements; ///< tuples; arrays: elements in C order
  std::vector<int64_t> shape;       ///< arrays (read-only NumPy globals)
  double asDouble() const;
};

/// `v` rounded to the nearest float of `bits` (16, 32 or 64) bits, ties to
/// even: NumPy's astype(float16/float32) of a float64.
double roundToFloatWidth(double v, unsigned bits);

/// Python's repr() of a float: the shortest text that reads back as `v`
/// (positional between 1e-4 and 1e16), with a `.0` when integral; `nan`,
/// `inf`, `-inf`.
std::string floatRepr(double v);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_CONSTVALUE_H
