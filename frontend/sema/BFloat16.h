//===- BFloat16.h - numba.cuda.bf16's functions ----------------------------===//
//
// numba-cuda's bfloat16 bindings (numba.cuda.bf16, cuda_bf16.h's intrinsics):
// the constructor `bfloat16(x)`, arithmetic (`hadd`, `hfma`, `_rn`, `_sat`,
// `hfma_relu`), comparisons, `hmax`/`hmin` (and `_nan`), `hisnan`/`hisinf`,
// conversions to and from integers and floats with a rounding mode (`_rn`,
// `_rz`, `_rd`, `_ru`: to nearest even, toward zero, down, up) and bit casts.
// One table says each function's arguments and result (BFloat16.cpp); type
// inference and MLIR generation (GenBFloat16.cpp) both read it.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_FRONTEND_SEMA_BFLOAT16_H
#define NVC_FRONTEND_SEMA_BFLOAT16_H

#include "frontend/sema/Types.h"

#include <optional>
#include <string>
#include <vector>

namespace nvc {

/// How a value is rounded to a bfloat16 or an integer (cuda_bf16.h's
/// suffixes): _rn (nearest, ties to even), _rz (toward zero), _rd (toward
/// -inf), _ru (toward +inf).
enum class BfloatRounding { Nearest, TowardZero, Down, Up };

/// One function of numba.cuda.bf16.
struct BfloatFunction {
  enum class Kind {
    Construct,  ///< bfloat16(x), float32_to_bfloat16..., int32_to_bfloat16_rz...
    Arithmetic, ///< habs hneg hadd hsub hmul hdiv hfma (+ _rn, _sat, hfma_relu)
    Compare,    ///< heq hne hlt hle hgt hge
    Extremum,   ///< hmax hmin hmax_nan hmin_nan
    IsNan,      ///< hisnan
    IsInf,      ///< hisinf: 1, -1 or 0
    ToInteger,  ///< bfloat16_to_int32_rn ...
    ToFloat32,  ///< bfloat16_to_float32
    AsInteger,  ///< bfloat16_as_int16 / _as_uint16: the bits
    FromBits,   ///< int16_as_bfloat16 / uint16_as_bfloat16
  } kind;
  std::vector<Type> params; ///< what the arguments are converted to
  Type result;
  BfloatRounding rounding = BfloatRounding::Nearest;
  std::string op;        ///< Arithmetic: add sub mul div fma neg abs; Compare: eq ne lt le gt ge; Extremum: max min
  bool saturate = false; ///< _sat: the result clamped to [0, 1] (NaN gives 0)
  bool relu = false;     ///< hfma_relu: negative results give 0
  bool propagateNan = false; ///< hmax_nan / hmin_nan
};

/// The function `name` of numba.cuda.bf16 ("hadd", "int32_to_bfloat16_rz"),
/// or nullopt.
std::optional<BfloatFunction> bfloatFunction(const std::string &name);

} // namespace nvc

#endif // NVC_FRONTEND_SEMA_BFLOAT16_H
