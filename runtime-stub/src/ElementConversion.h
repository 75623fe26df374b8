// Internal: one element between a host dtype and the dtype that stores it on the device
// (a manifest's device_dtype). The pairs are the manifest's (nvc/Manifest.h): int64 kept
// as int32 and uint64 as uint32 by 32-bit integer policies, float64 as float32 and
// complex128 as complex64 by narrow=True/"floats" or --no-float64; bool is one byte
// holding 0 or 1 on both sides. Used by host launches (BoundArray) and by device
// arrays (DeviceArray) alike, so both convert the same way.
#pragma once

#include "nvc/DType.h"

#include <cstdint>
#include <string>

namespace nvc::rt::detail {

/// Writes the host element at `src` (of `dtype`) at `dst` as `storage`: integers are
/// copied when they fit (returns false, writing nothing, when an int64/uint64 does
/// not fit in 32 bits; the caller reports it, as numba-vulkan raises OverflowError),
/// floats rounded to nearest as NumPy's astype(float32) does (beyond float32's range:
/// ±inf; NaN stays NaN), bool normalised to 0/1, any other element copied.
bool elementToStorage(DType dtype, DType storage, const unsigned char *src, unsigned char *dst);

/// Writes the stored element at `src` (of `storage`) at `dst` as `dtype`, exactly
/// (every storage value is a `dtype` value).
void elementFromStorage(DType dtype, DType storage, const unsigned char *src, unsigned char *dst);

/// The host element at `src` as decimal text, for an overflow message (integers only).
std::string integerElementText(DType dtype, const unsigned char *src);

} // namespace nvc::rt::detail
