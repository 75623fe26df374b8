// Binding a launch's Arguments to an entry point: the checks of every argument against
// the manifest, the conversion of scalars to parameter-block fields (with the range
// checks of numba-vulkan, whose narrowed int64 parameters raise OverflowError), and
// the element conversions between a host view and its dense storage-buffer image
// (int64/uint64 narrowed to 32 bits with range checks; float64/complex128 of kernels
// narrowed by narrow=True/"floats" or --no-float64 rounded to float32/complex64 as
// NumPy's astype does, and widened back only where the kernel changed them).
#include "nvc/BoundArguments.h"

#include "ElementConversion.h"
#include "StridedIteration.h"
#include "nvc/Error.h"
#include "nvc/Float16.h"

#include <fmt/format.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

namespace nvc::rt {
namespace {

using Int128 = __int128;

std::string shapeText(const std::vector<std::int64_t> &v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i)
    s += fmt::format("{}{}", i ? ", " : "", v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}

/// Smallest and largest value of an integer dtype (Bool: 0 and 1).
std::pair<Int128, Int128> integerRange(DType dtype) {
  switch (dtype) {
  case DType::Bool:
    return {0, 1};
  case DType::Int8:
    return {INT8_MIN, INT8_MAX};
  case DType::Int16:
    return {INT16_MIN, INT16_MAX};
  case DType::Int32:
    return {INT32_MIN, INT32_MAX};
  case DType::Int64:
    return {INT64_MIN, INT64_MAX};
  case DType::UInt8:
    return {0, UINT8_MAX};
  case DType::UInt16:
    return {0, UINT16_MAX};
  case DType::UInt32:
    return {0, UINT32_MAX};
  case DType::UInt64:
    return {0, static_cast<Int128>(UINT64_MAX)};
  default:
    return {0, 0};
  }
}

std::string int128Text(Int128 v) {
  if (v < 0)
    return "-" + int128Text(-v);
  if (v <= static_cast<Int128>(UINT64_MAX))
    return std::to_string(static_cast<std::uint64_t>(v));
  return int128Text(v / 10) + std::to_string(static_cast<int>(v % 10));
}

/// The error for a value that fits `dtype` but not the narrowed `device_dtype` (nvc
/// narrows only with 32-bit integers); numba-vulkan raises OverflowError here.
[[noreturn]] void overflow(const ArgumentDesc &desc, const std::string &value,
                           const std::string &where) {
  throw Error(fmt::format("argument '{}': {}value {} does not fit in {}, the device type of "
                          "this {} parameter (OverflowError: the kernel was compiled with "
                          "32-bit integers; recompile with --index-bits=64 to pass it)",
                          desc.name, where, value, dtypeName(desc.deviceDType),
                          dtypeName(desc.dtype)));
}

void putLittleEndian(unsigned char *dst, std::uint64_t bits, std::size_t bytes) {
  for (std::size_t i = 0; i < bytes; ++i)
    dst[i] = static_cast<unsigned char>((bits >> (8 * i)) & 0xFF);
}

/// Refuses a complex value for a real (bool, integer or float) parameter.
void rejectComplex(const ArgumentDesc &desc, const ScalarValue &value) {
  if (std::holds_alternative<std::complex<double>>(value))
    throw Error(fmt::format("argument '{}': expected a real value for this {} parameter, got the "
                            "complex number {}",
                            desc.name, dtypeName(desc.dtype), toString(value)));
}

/// The scalar as an exact integer of `desc.dtype`, or an Error.
Int128 scalarAsInteger(const ArgumentDesc &desc, const ScalarValue &value) {
  rejectComplex(desc, value);
  Int128 v = 0;
  if (const bool *b = std::get_if<bool>(&value)) {
    v = *b ? 1 : 0;
  } else if (const auto *i = std::get_if<std::int64_t>(&value)) {
    v = *i;
  } else if (const auto *u = std::get_if<std::uint64_t>(&value)) {
    v = *u;
  } else {
    const double d = std::get<double>(value);
    if (desc.dtype == DType::Bool)
      throw Error(fmt::format("argument '{}': expected a bool (true/false or 0/1), got {}",
                              desc.name, toString(value)));
    if (!std::isfinite(d) || std::trunc(d) != d)
      throw Error(fmt::format("argument '{}': expected an integer for this {} parameter, got {}",
                              desc.name, dtypeName(desc.dtype), toString(value)));
    if (d < -9.3e18 || d > 1.85e19)
      throw Error(fmt::format("argument '{}': value {} does not fit in {}", desc.name,
                              toString(value), dtypeName(desc.dtype)));
    v = static_cast<Int128>(d);
  }
  const auto [lo, hi] = integerRange(desc.dtype);
  if (v < lo || v > hi) {
    if (desc.dtype == DType::Bool)
      throw Error(fmt::format("argument '{}': expected a bool (true/false or 0/1), got {}",
                              desc.name, toString(value)));
    throw Error(fmt::format("argument '{}': value {} does not fit in {} (range {} to {})",
                            desc.name, toString(value), dtypeName(desc.dtype), int128Text(lo),
                            int128Text(hi)));
  }
  if (desc.deviceDType != desc.dtype) {
    const auto [dlo, dhi] = integerRange(desc.deviceDType);
    if (v < dlo || v > dhi)
      overflow(desc, toString(value), "");
  }
  return v;
}

double scalarAsFloat(const ArgumentDesc &desc, const ScalarValue &value) {
  rejectComplex(desc, value);
  double d = 0;
  if (const bool *b = std::get_if<bool>(&value))
    d = *b ? 1.0 : 0.0;
  else if (const auto *i = std::get_if<std::int64_t>(&value))
    d = static_cast<double>(*i);
  else if (const auto *u = std::get_if<std::uint64_t>(&value))
    d = static_cast<double>(*u);
  else
    d = std::get<double>(value);
  if (desc.dtype == DType::Float32 && std::isfinite(d) && std::fabs(d) > FLT_MAX)
    throw Error(fmt::format("argument '{}': value {} is out of the float32 range (±{:g})",
                            desc.name, toString(value), FLT_MAX));
  if (desc.dtype == DType::Float16) {
    // np.float16(d): the nearest half; beyond its range an error, as for float32.
    const float h = halfToFloat(doubleToHalf(d));
    if (std::isfinite(d) && std::isinf(h))
      throw Error(fmt::format("argument '{}': value {} is out of the float16 range (±65504)",
                              desc.name, toString(value)));
    return h;
  }
  return d;
}

/// The scalar as a complex number (reals with imaginary part 0), range-checked for
/// complex64.
std::complex<double> scalarAsComplex(const ArgumentDesc &desc, const ScalarValue &value) {
  std::complex<double> z;
  if (const auto *c = std::get_if<std::complex<double>>(&value)) {
    z = *c;
  } else {
    ArgumentDesc real = desc;
    real.dtype = DType::Float64;
    z = scalarAsFloat(real, value);
  }
  if (desc.dtype == DType::Complex64)
    for (double part : {z.real(), z.imag()})
      if (std::isfinite(part) && std::fabs(part) > FLT_MAX)
        throw Error(fmt::format("argument '{}': value {} is out of the complex64 range (each "
                                "part within ±{:g})",
                                desc.name, toString(value), FLT_MAX));
  return z;
}

/// NumPy's astype(float32) for a scalar: rounds to nearest (ties to even); magnitudes
/// beyond float32's range become ±inf, NaN stays NaN.
float toFloat32(double d) { return static_cast<float>(d); }

/// True for float64/complex128 arrays the kernel keeps as float32/complex64.
bool isFloatingStorageNarrowed(const ArgumentDesc &desc) {
  return desc.dtype != desc.deviceDType &&
         (desc.dtype == DType::Float64 || desc.dtype == DType::Complex128);
}

/// Downloads one float64 (complex128) element narrowed to float32 (complex64): the
/// stored float32 values at `src` are widened exactly into the host element at `dst`,
/// unless they are bit-identical to what upload() made of that element (the host value
/// rounded again; the host array does not change during a launch). Then the host keeps
/// its exact value, so elements the kernel did not write (a grid shorter than the
/// array) come back untouched instead of rounded to float32.
void downloadFloats(const ArgumentDesc &desc, const unsigned char *src, unsigned char *dst) {
  unsigned char uploaded[8];
  detail::elementToStorage(desc.dtype, desc.deviceDType, dst, uploaded);
  if (std::memcmp(uploaded, src, dtypeSize(desc.deviceDType)) != 0)
    detail::elementFromStorage(desc.dtype, desc.deviceDType, src, dst);
}

/// True if the host view's elements lie contiguously in the device buffer's order, so
/// that a single memcpy moves the whole array.
bool sameDenseOrder(const BoundArray &a) {
  const HostArray view{a.host.data, a.host.dtype, a.host.shape, a.hostStrides};
  return a.deviceFortranOrder ? view.isFContiguous() : view.isCContiguous();
}

/// What an array parameter takes, for messages: "2-d float32 array", "1-d array of
/// records of 9 bytes", "record of 9 bytes".
std::string arrayText(const ArgumentDesc &desc) {
  if (desc.record)
    return desc.record->ndim == 0
               ? fmt::format("record of {} bytes", desc.record->itemsize)
               : fmt::format("{}-d array of records of {} bytes", desc.record->ndim,
                             desc.record->itemsize);
  return fmt::format("{}-d {} array", desc.ndim, dtypeName(desc.dtype));
}

/// An array of records is passed as the uint8 array of its bytes (docs/manifest.md
/// "Arrays of records"): record.ndim + 1 dimensions, the last of extent itemsize and
/// stride 1. Throws Error naming the argument otherwise.
void checkRecordBytes(const ArgumentDesc &desc, const HostArray &host) {
  const RecordDesc &r = *desc.record;
  const auto itemsize = static_cast<std::int64_t>(r.itemsize);
  std::string got;
  if (host.dtype != DType::UInt8 || host.ndim() != desc.ndim || host.shape.back() != itemsize)
    got = fmt::format("a {}-d {} array of shape {}", host.ndim(), dtypeName(host.dtype),
                      shapeText(host.shape));
  else if (itemsize > 1 && host.strides.size() == host.shape.size() && host.strides.back() != 1)
    got = fmt::format("a uint8 array of shape {} whose last stride is {}", shapeText(host.shape),
                      host.strides.back());
  else if (host.strides.size() == host.shape.size()) {
    // The kernel writes a record's aligned words directly when the itemsize
    // is a multiple of 2 or 4 (frontend/mlirgen/GenRecords.cpp): the records'
    // strides must keep that alignment, as every NumPy view of records does.
    const std::int64_t align = std::min<std::int64_t>(4, itemsize & -itemsize);
    for (std::size_t d = 0; d + 1 < host.strides.size(); ++d)
      if (host.strides[d] % align != 0)
        got = fmt::format("a uint8 array whose stride {} along axis {} is not a multiple of {} "
                          "(the records' alignment)",
                          host.strides[d], d, align);
  }
  if (got.empty())
    return;
  throw Error(fmt::format("argument '{}': a {} is passed as a {}-d uint8 array whose last "
                          "extent is {} (the bytes of {} record {}, stride 1); got {}",
                          desc.name, arrayText(desc), desc.ndim,
                          r.itemsize, r.ndim == 0 ? "the" : "each", describeRecord(r), got));
}

} // namespace

BoundScalar bindScalar(const ArgumentDesc &desc, const ScalarValue &value) {
  BoundScalar s;
  s.desc = &desc;
  s.value = value;
  s.fieldSize = std::max<std::uint32_t>(4, static_cast<std::uint32_t>(dtypeSize(desc.deviceDType)));
  // The field holds device_dtype: a float64 (complex128) scalar of a narrowed kernel
  // (narrow=True/"floats", --no-float64) is rounded to float32 (complex64) like NumPy's
  // astype, ±inf beyond float32's range; float32 and complex64 scalars are range-checked
  // instead.
  if (desc.deviceDType == DType::Complex64) {
    const std::complex<double> z = scalarAsComplex(desc, value);
    const float parts[2] = {toFloat32(z.real()), toFloat32(z.imag())};
    std::memcpy(s.field.data(), parts, 8);
  } else if (desc.deviceDType == DType::Complex128) {
    const std::complex<double> z = scalarAsComplex(desc, value);
    const double parts[2] = {z.real(), z.imag()};
    std::memcpy(s.field.data(), parts, 16);
  } else if (desc.deviceDType == DType::Float32) {
    const float f = toFloat32(scalarAsFloat(desc, value));
    std::memcpy(s.field.data(), &f, 4);
  } else if (desc.deviceDType == DType::Float64) {
    const double d = scalarAsFloat(desc, value);
    std::memcpy(s.field.data(), &d, 8);
  } else {
    // Two's complement truncation to the field width sign- or zero-extends correctly,
    // because the value was range-checked against dtype and device_dtype.
    const Int128 v = scalarAsInteger(desc, value);
    putLittleEndian(s.field.data(), static_cast<std::uint64_t>(v), s.fieldSize);
  }
  return s;
}

BoundArguments BoundArguments::bind(const EntryPointDesc &entry, const Arguments &args) {
  BoundArguments bound;
  bound.entry_ = &entry;

  for (const ArgumentValue &given : args.values())
    if (!entry.findArgument(given.name)) {
      std::string known;
      for (const ArgumentDesc &a : entry.arguments)
        known += fmt::format("{}{}", known.empty() ? "" : ", ", a.name);
      throw Error(fmt::format("unknown argument '{}' for entry point '{}' (its parameters are: "
                              "{})",
                              given.name, entry.name, known.empty() ? "none" : known));
    }
  std::string missing;
  for (const ArgumentDesc &a : entry.arguments)
    if (!args.find(a.name))
      missing += fmt::format("{}'{}' ({})", missing.empty() ? "" : ", ", a.name,
                             a.kind == ArgumentKind::Array ? arrayText(a)
                                                           : std::string(dtypeName(a.dtype)));
  if (!missing.empty())
    throw Error(fmt::format("entry point '{}': missing argument{} {}", entry.name,
                            missing.find(", ") == std::string::npos ? "" : "s", missing));

  for (const ArgumentDesc &desc : entry.arguments) {
    const ArgumentValue &given = *args.find(desc.name);
    if (desc.kind == ArgumentKind::Scalar) {
      if (given.isArray())
        throw Error(fmt::format("argument '{}': expected a {} scalar, got an array", desc.name,
                                dtypeName(desc.dtype)));
      bound.scalars_.push_back(bindScalar(desc, std::get<ScalarValue>(given.value)));
      continue;
    }
    if (!given.isArray())
      throw Error(fmt::format("argument '{}': expected a {}, got the scalar {}", desc.name,
                              arrayText(desc), toString(std::get<ScalarValue>(given.value))));
    const HostArray &host = std::get<HostArray>(given.value);
    if (desc.record)
      checkRecordBytes(desc, host);
    if (host.dtype != desc.dtype)
      throw Error(fmt::format("argument '{}': expected a {} array, got {}", desc.name,
                              dtypeName(desc.dtype), dtypeName(host.dtype)));
    if (host.ndim() != desc.ndim)
      throw Error(fmt::format("argument '{}': expected a {}-d array, got a {}-d array of shape {}",
                              desc.name, desc.ndim, host.ndim(), shapeText(host.shape)));
    if (!host.strides.empty() && host.strides.size() != host.shape.size())
      throw Error(fmt::format("argument '{}': the view has {} extents but {} strides", desc.name,
                              host.shape.size(), host.strides.size()));

    BoundArray a;
    a.desc = &desc;
    a.host = host;
    a.hostStrides = host.effectiveStrides();
    for (std::int64_t e : host.shape)
      if (e < 0)
        throw Error(fmt::format("argument '{}': negative extent in shape {}", desc.name,
                                shapeText(host.shape)));
    a.elementCount = host.elementCount();
    if (!host.data && a.elementCount > 0)
      throw Error(fmt::format("argument '{}': the array's data pointer is null", desc.name));

    const bool c = host.isCContiguous(), f = host.isFContiguous();
    if (desc.layout == ArrayLayout::C && !c)
      throw Error(fmt::format("argument '{}': the kernel requires a C-contiguous array (layout "
                              "C), got shape {} with strides {} (in elements); pass a "
                              "contiguous copy",
                              desc.name, shapeText(host.shape), shapeText(a.hostStrides)));
    if (desc.layout == ArrayLayout::F && !f)
      throw Error(fmt::format("argument '{}': the kernel requires a Fortran-contiguous array "
                              "(layout F), got shape {} with strides {} (in elements)",
                              desc.name, shapeText(host.shape), shapeText(a.hostStrides)));
    if (desc.writes() && a.elementCount > 1)
      for (std::size_t d = 0; d < host.ndim(); ++d)
        if (host.shape[d] > 1 && a.hostStrides[d] == 0)
          throw Error(fmt::format("argument '{}': the kernel writes this array but dimension {} "
                                  "has stride 0 (a broadcast view whose elements alias)",
                                  desc.name, d));
    if (entry.indexBits == 32) {
      const std::int64_t limit = std::numeric_limits<std::int32_t>::max();
      for (std::int64_t e : host.shape)
        if (e > limit)
          throw Error(fmt::format("argument '{}': extent {} does not fit the kernel's 32-bit "
                                  "indices (recompile with --index-bits=64)",
                                  desc.name, e));
      if (a.elementCount > limit)
        throw Error(fmt::format("argument '{}': {} elements do not fit the kernel's 32-bit "
                                "indices (recompile with --index-bits=64)",
                                desc.name, a.elementCount));
    }
    a.deviceFortranOrder =
        desc.layout == ArrayLayout::F || (desc.layout == ArrayLayout::A && !c && f);
    a.deviceStrides = a.deviceFortranOrder ? fStrides(host.shape) : cStrides(host.shape);
    a.deviceBytes = static_cast<std::uint64_t>(a.elementCount) * dtypeSize(desc.deviceDType);
    a.bufferSize = std::max<std::uint64_t>(4, (a.deviceBytes + 3) / 4 * 4);
    bound.arrays_.push_back(std::move(a));
  }
  return bound;
}

void BoundArguments::placeInDeviceBuffer(std::size_t index, std::int64_t offset,
                                         const std::vector<std::int64_t> &strides) {
  BoundArray &a = arrays_.at(index);
  if (strides.size() != a.host.shape.size())
    throw Error(fmt::format("argument '{}': {} strides for a view of {} dimensions",
                            a.desc->name, strides.size(), a.host.shape.size()));
  auto [lo, hi] = detail::elementSpan(a.host.shape, strides, offset);
  if (hi < lo)
    lo = hi = 0; // an empty view touches nothing
  if (lo < 0)
    throw Error(fmt::format("argument '{}': the view reaches element {} before its buffer's "
                            "start",
                            a.desc->name, lo));
  a.deviceOffset = offset;
  a.deviceStrides = strides;
  if (entry_->indexBits == 32 && hi > std::numeric_limits<std::int32_t>::max())
    throw Error(fmt::format("argument '{}': element offset {} does not fit the kernel's 32-bit "
                            "indices (recompile with --index-bits=64)",
                            a.desc->name, hi));
  const std::uint64_t bytes = a.elementCount == 0
                                  ? 0
                                  : static_cast<std::uint64_t>(hi + 1) *
                                        dtypeSize(a.desc->deviceDType);
  a.bufferSize = std::max<std::uint64_t>(4, (bytes + 3) / 4 * 4);
}

void BoundArguments::requireDisjointHostArrays() const {
  if (!entry_->assumesNoAlias)
    return;
  // [first byte, last byte + 1) of each non-empty view.
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> ranges;
  for (const BoundArray &a : arrays_) {
    const auto size = static_cast<std::int64_t>(dtypeSize(a.host.dtype));
    const auto [lo, hi] = detail::elementSpan(a.host.shape, a.hostStrides);
    const bool empty = hi < lo;
    const auto base = reinterpret_cast<std::uintptr_t>(a.host.data);
    ranges.emplace_back(empty ? 0 : base + lo * size, empty ? 0 : base + hi * size + size);
  }
  for (std::size_t i = 0; i < arrays_.size(); ++i)
    for (std::size_t j = i + 1; j < arrays_.size(); ++j)
      if (ranges[i].first < ranges[j].second && ranges[j].first < ranges[i].second)
        throw Error(fmt::format(
            "arguments '{}' and '{}' of '{}' share memory, and the kernel relies on array "
            "arguments not aliasing (manifest: assumes_no_alias; compile it at -O1, or with "
            "-fno-promote-accumulator -fno-loop-fusion -fno-stage-shared "
            "-fno-readonly-buffers, to allow it)",
            arrays_[i].desc->name, arrays_[j].desc->name, entry_->name));
}

void BoundArray::upload(void *dstVoid) const {
  auto *dst = static_cast<unsigned char *>(dstVoid);
  const auto *src = static_cast<const unsigned char *>(host.data);
  const std::size_t hostSize = dtypeSize(desc->dtype), deviceSize = dtypeSize(desc->deviceDType);
  const bool fortran = deviceFortranOrder;
  if (desc->dtype == desc->deviceDType && desc->dtype != DType::Bool && sameDenseOrder(*this)) {
    if (elementCount > 0)
      std::memcpy(dst, src, static_cast<std::size_t>(elementCount) * hostSize);
    return;
  }
  detail::forEachElement(host.shape, hostStrides, fortran, [&](std::int64_t i, std::int64_t off) {
    const unsigned char *s = src + off * static_cast<std::int64_t>(hostSize);
    unsigned char *d = dst + i * static_cast<std::int64_t>(deviceSize);
    if (!detail::elementToStorage(desc->dtype, desc->deviceDType, s, d))
      overflow(*desc, detail::integerElementText(desc->dtype, s),
               fmt::format("element {} ", detail::formatIndex(host.shape, i, fortran)));
  });
}

void BoundArray::download(const void *srcVoid) const {
  const auto *src = static_cast<const unsigned char *>(srcVoid);
  auto *dst = static_cast<unsigned char *>(host.data);
  const std::size_t hostSize = dtypeSize(desc->dtype), deviceSize = dtypeSize(desc->deviceDType);
  if (desc->dtype == desc->deviceDType && desc->dtype != DType::Bool && sameDenseOrder(*this)) {
    if (elementCount > 0)
      std::memcpy(dst, src, static_cast<std::size_t>(elementCount) * hostSize);
    return;
  }
  detail::forEachElement(
      host.shape, hostStrides, deviceFortranOrder, [&](std::int64_t i, std::int64_t off) {
        const unsigned char *s = src + i * static_cast<std::int64_t>(deviceSize);
        unsigned char *d = dst + off * static_cast<std::int64_t>(hostSize);
        if (isFloatingStorageNarrowed(*desc))
          downloadFloats(*desc, s, d);
        else
          detail::elementFromStorage(desc->dtype, desc->deviceDType, s, d);
      });
}

} // namespace nvc::rt
