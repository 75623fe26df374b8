// NumPy's casting rules between the runtime's dtypes (np.can_cast) and its element
// conversion (ndarray.astype): what a ufunc call (nvc/Ufunc.h) uses to choose a loop
// for its inputs' dtypes, to convert the inputs to that loop's dtypes, and to write a
// result into an output of another dtype.
#pragma once

#include "nvc/Arguments.h"
#include "nvc/DType.h"
#include "nvc/HostArray.h"

namespace nvc::rt {

/// NumPy's casting rules (the `casting=` argument of np.can_cast and of ufuncs).
enum class Casting {
  /// Only casts that keep every value: bool to anything; an integer to a wider one
  /// of the same signedness, an unsigned to a wider signed one; int8/uint8 to
  /// float16, 16-bit integers to float32, every integer to float64; a float to a
  /// wider float or a complex whose parts are at least as wide; complex64 to
  /// complex128 (np.can_cast(from, to, "safe")).
  Safe,
  /// Safe casts, and casts within a kind or to a later kind in bool, unsigned,
  /// signed, float, complex: float64 to float32, int64 to int8, uint64 to int8 (not
  /// a signed integer to an unsigned one, nor a float to an integer).
  SameKind,
  /// Every cast.
  Unsafe,
};

/// "safe", "same_kind", "unsafe" (NumPy's spelling).
const char *toString(Casting casting);

/// Whether NumPy casts `from` to `to` under `casting` (np.can_cast). A dtype always
/// casts to itself. Never throws.
bool canCast(DType from, DType to, Casting casting);

/// Converts one element at `src` (of `from`) to `to` at `dst`, as NumPy's astype does
/// (casting="unsafe"): integers wrap modulo 2^bits, floats to integers truncate toward
/// zero (NaN, infinities and values out of range give the type's minimum for signed
/// and 0 for unsigned types, where C leaves them undefined), floats round to nearest
/// (ties to even, beyond the range: ±inf), a complex to a real type keeps the real
/// part, anything to bool is "not zero". Never throws.
void castElement(DType from, const void *src, DType to, void *dst);

/// Converts every element of `src` into the element at the same index of `dst` (the
/// same shape; any strides and dtypes) with castElement. The two must not overlap
/// unless they are the same view. Throws Error if the shapes differ or `dst` writes an
/// element twice (a zero stride along an extent above 1).
void castArray(const HostArray &src, const HostArray &dst);

/// A Python scalar's dtype as NumPy gives it (np.asarray(x).dtype): bool for a bool,
/// int64 for an int (uint64 above INT64_MAX), float64 for a float, complex128 for a
/// complex.
DType scalarDType(const ScalarValue &value);

/// Writes `value` as one element of `to` at `dst`, as np.array([value], dtype=to)
/// does with a Python scalar: a bool as 0/1 (true/false to bool), an int exactly
/// (Error "Python integer 300 out of bounds for int8" where it does not fit an integer
/// type; rounded to a float type, ±inf beyond its range), a float rounded (±inf beyond
/// the range) or, to an integer type, truncated toward zero (Error for NaN, an
/// infinity or a value out of range), a complex to a complex type (Error to a real
/// type, which would drop the imaginary part). `what` begins each message.
void castScalar(const ScalarValue &value, DType to, void *dst, const std::string &what);

} // namespace nvc::rt
