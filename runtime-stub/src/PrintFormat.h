// How launchers format what kernels print (docs/manifest.md "The print buffer";
// docs/language.md "Printing"): each value as Python's print formats the same value.
#pragma once

#include "nvc/Manifest.h"

#include <cstdint>
#include <string>

namespace nvc::rt::detail {

/// Python's repr() of a float: the shortest decimal that reads back as `v` (as a
/// float32 when `float32`: NumPy's digits for a float32 scalar), positional with at
/// least one digit after the point when the decimal exponent is in [-4, 16), else
/// d.ddde±XX (at least two exponent digits); "inf", "-inf", "nan", "-0.0".
std::string formatFloat(double v, bool float32);

/// Python's repr() of a complex whose parts are floats (float32 parts when
/// `float32`): "(re+imj)" with the parts formatted as formatFloat without a
/// trailing ".0", or "imj" alone when the real part is +0.0.
std::string formatComplex(double re, double im, bool float32);

/// The line of one print record (without a newline): `record`'s pieces, its values
/// read from `values` (the words after the record's id, as many as its layout has).
std::string formatRecord(const PrintRecordDesc &record, const std::uint32_t *values);

} // namespace nvc::rt::detail
