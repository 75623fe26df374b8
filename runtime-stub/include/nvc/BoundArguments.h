// BoundArguments: the host-side half of a launch, independent of any device. Binding
// checks a set of Arguments against an entry point of the manifest (every parameter
// exactly once, no unknown names, dtype, ndim, layout, scalar ranges), decides how
// each array is laid out in its storage buffer, converts elements on upload and
// download (narrowing int64/uint64 to int32/uint32 and float64/complex128 to
// float32/complex64 where device_dtype says so), and
// packs the parameter block byte for byte as the manifest's offsets prescribe.
#pragma once

#include "nvc/Arguments.h"
#include "nvc/Manifest.h"

#include <array>
#include <cstdint>
#include <vector>

namespace nvc::rt {

/// A scalar argument converted to its parameter-block field: `fieldSize` (4, 8 or 16)
/// bytes, little-endian, stored at `desc->offset`. float32/float64 are stored as such;
/// 32-bit integers in 4 bytes; 64-bit integers in 8 bytes unless narrowed to
/// int32/uint32; bool, int8, int16, uint8 and uint16 as a sign- or zero-extended
/// 4-byte integer (bool as 0/1); complex64 (complex128) as two float32 (float64), the
/// real part at the offset and the imaginary part 4 (8) bytes after it. float64
/// (complex128) narrowed to float32 (complex64) (narrow=True/"floats" or --no-float64)
/// is rounded to nearest into a float32 field (two float32), ±inf beyond float32's
/// range, as NumPy's astype.
struct BoundScalar {
  const ArgumentDesc *desc = nullptr;
  ScalarValue value;
  std::array<unsigned char, 16> field{};
  std::uint32_t fieldSize = 4;
};

/// An array argument and its storage-buffer image. The buffer holds every element of
/// the view, tightly packed as `device_dtype`, in C order (or Fortran order when
/// `deviceFortranOrder`: for layout F, and for layout A when the host view is
/// Fortran- but not C-contiguous); the kernel sees element offset 0 and
/// `deviceStrides` (in elements). bool elements are one byte on both sides.
struct BoundArray {
  const ArgumentDesc *desc = nullptr;
  HostArray host;
  std::vector<std::int64_t> hostStrides; ///< host strides in elements (resolved)
  bool deviceFortranOrder = false;
  std::vector<std::int64_t> deviceStrides; ///< strides in elements inside the buffer
  /// Element offset of the view's first element inside the buffer: 0 for a host
  /// array (packed into its own buffer), a device view's offset
  /// (BoundArguments::placeInDeviceBuffer).
  std::int64_t deviceOffset = 0;
  std::int64_t elementCount = 0;
  std::uint64_t deviceBytes = 0; ///< elementCount * dtypeSize(device_dtype)
  std::uint64_t bufferSize = 0;  ///< deviceBytes rounded up to a multiple of 4, at least 4

  /// Writes the buffer image (deviceBytes bytes) to `dst`, converting each host
  /// element to device_dtype. Throws Error naming the argument, the element's index
  /// and its value if a narrowed element does not fit (e.g. an int64 beyond int32).
  /// float64 and complex128 narrowed to float32/complex64 round to nearest as NumPy's
  /// astype does (±inf beyond float32's range), never an error.
  void upload(void *dst) const;

  /// Copies a buffer image (deviceBytes bytes at `src`) back into the host view,
  /// widening narrowed elements (exactly) and storing bool elements as 0/1. A
  /// float64 (complex128) element narrowed to float32 (complex64) whose device value
  /// is bit-identical to what upload() wrote for it keeps its host value exactly
  /// (elements the kernel did not write come back untouched, not rounded); the others
  /// are widened from the device value. The host view must still hold what upload()
  /// read (the launch does not change it in between).
  void download(const void *src) const;
};

/// The arguments of one launch, checked and converted for one entry point. The
/// referenced EntryPointDesc and the host memory of every array must outlive it.
class BoundArguments {
public:
  /// Checks `args` against `entry` and converts the scalars. Throws Error if a
  /// parameter is missing or unknown, an array is passed for a scalar or vice versa,
  /// an array's dtype or ndim differs from the manifest, a layout C (F) array is not
  /// C- (F-) contiguous, the kernel writes an array whose view has a zero stride
  /// (elements that alias), an extent or element count does not fit the kernel's
  /// index_bits, or a scalar does not fit its dtype or device_dtype.
  static BoundArguments bind(const EntryPointDesc &entry, const Arguments &args);

  /// For an entry point with `assumesNoAlias` (its code relies on nvc's no-alias
  /// rule for array arguments, docs/language.md): throws Error naming both arguments
  /// if the host memory of two arrays overlaps (their byte ranges, from the lowest
  /// to the highest element, intersect). Kernel::launch calls it; device arrays are
  /// checked by Chain::launch (two arguments on one buffer).
  void requireDisjointHostArrays() const;

  /// The entry point the arguments were bound to.
  const EntryPointDesc &entryPoint() const { return *entry_; }
  /// Scalars in manifest argument order.
  const std::vector<BoundScalar> &scalars() const { return scalars_; }
  /// Arrays in manifest argument order.
  const std::vector<BoundArray> &arrays() const { return arrays_; }

  /// Array `index` (of arrays()) is a view of memory already on the device (a
  /// DeviceArray slice, transpose, ...): its elements start at element `offset` of
  /// the buffer and lie `strides` (in elements, one per dimension) apart, instead of
  /// being packed from offset 0. Sets deviceOffset, deviceStrides and bufferSize
  /// (the bytes the buffer must hold: up to the view's last element). Throws Error
  /// when an element would lie before the buffer's start or `strides` has the wrong
  /// length.
  void placeInDeviceBuffer(std::size_t index, std::int64_t offset,
                           const std::vector<std::int64_t> &strides);

  /// The parameter block: parameter_block.size bytes, zero-filled, with each scalar
  /// at its `offset` and each array's extents at `shape_offsets`, strides in elements
  /// at `stride_offsets` and element offset (deviceOffset) at `offset_offset`, as
  /// index_bits-wide little-endian signed integers. Empty for kind `none`.
  std::vector<unsigned char> parameterBlock() const;

private:
  const EntryPointDesc *entry_ = nullptr;
  std::vector<BoundScalar> scalars_;
  std::vector<BoundArray> arrays_;
};

/// Converts `value` to a parameter-block field for the scalar parameter `desc` (see
/// BoundScalar). Throws Error if the value is not representable in desc.dtype
/// (e.g. 300 for int8, 2.5 for an integer, 1e300 for float32, -1 for uint32, a part
/// beyond ±FLT_MAX for complex64, any complex value for a real parameter) or does not
/// fit a narrowed device_dtype (an OverflowError in numba-vulkan's terms).
BoundScalar bindScalar(const ArgumentDesc &desc, const ScalarValue &value);

} // namespace nvc::rt
