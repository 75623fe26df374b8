//===- ModulePrecision.cpp - The driver's module-wide precision policy ----===//
//
// The order of the checks is the order of the diagnostics: the integer
// width first (requireOneIntegerWidth, before the caller stops at earlier
// errors), then per kernel the float width and --no-float64.
//
//===----------------------------------------------------------------------===//
#include "compiler/ModulePrecision.h"

#include <fmt/format.h>

namespace nvc {

bool optionsAskWideIndices(const CompileOptions &options) {
  return options.narrow == "floats" || options.narrow == "false" || options.indexBits == 64;
}

PrecisionPolicy defaultPrecision(const CompileOptions &options, const ModuleScope &scope) {
  PrecisionPolicy precision;
  if (options.narrow == "true" || options.narrow == "floats" || options.noFloat64)
    precision.narrowFloats = true;
  if (optionsAskWideIndices(options)) {
    precision.intWidth = IntWidth::Exact64;
    precision.wideIndices = true;
  } else if (options.narrow.empty() && options.indexBits == 0) {
    for (const DecoratedFunction &fn : scope.functions())
      if ((fn.isKernel || fn.ufunc) && fn.numbaCudaSpelling) // ufuncs: their kernels'
        precision.intWidth = IntWidth::Exact64;
  }
  return precision;
}

void applyIndexBitsOption(const CompileOptions &options, TypedKernel &kernel) {
  if (options.indexBits == 64) {
    kernel.intWidth = IntWidth::Exact64;
    kernel.wideIndices = true;
  }
}

unsigned moduleIndexBits(const std::vector<TypedKernel> &typed) {
  for (const TypedKernel &k : typed)
    if (k.wideIndices)
      return 64;
  return 32;
}

void requireOneIntegerWidth(const std::vector<TypedKernel> &typed) {
  for (auto &k : typed)
    if (k.intWidth != typed.front().intWidth)
      throw CompileError(k.def->getLoc(),
                         "all kernels of a file must use the same integer width (narrow=True "
                         "on all or none; @cuda.jit kernels compute with 64-bit integers unless "
                         "narrow=True, @nv.jit kernels with 32-bit ones unless narrow=False)");
}

/// Whether a kernel computes with float64 or complex128 values or arrays.
static bool usesFloat64(const TypedKernel &k) {
  bool uses = false;
  for (auto &[expr, t] : k.exprTypes)
    uses |= (t.isFloat() && t.bits() == 64) || (t.isComplex() && t.bits() == 128) ||
            (t.isArray() && ((t.element().isFloat() && t.element().bits() == 64) ||
                             (t.element().isComplex() && t.element().bits() == 128)));
  return uses;
}

ModuleLowering decideModuleLowering(const CompileOptions &options,
                                    const std::vector<TypedKernel> &typed,
                                    DiagnosticEngine &diags) {
  ModuleLowering lowering;
  lowering.intBits = typed.front().intWidth == IntWidth::Exact64 ? 64 : 32;
  lowering.indexBits = moduleIndexBits(typed);
  lowering.narrowFloats = typed.front().narrowFloats;
  // Narrowed kernels keep float64/complex128 data as float32/complex64 on
  // the device too (the launcher converts), as on targets without float64:
  // a float64 load that is narrowed at once only costs bandwidth.
  lowering.float32Storage = options.noFloat64 || lowering.narrowFloats;
  for (auto &k : typed) {
    if (k.narrowFloats != lowering.narrowFloats && !options.noFloat64)
      throw CompileError(k.def->getLoc(),
                         "all kernels of a file must use the same float width (narrow=True "
                         "or \"floats\" on all or none)");
    if (options.noFloat64) {
      if (!k.narrowFloats)
        throw CompileError(k.def->getLoc(),
                           fmt::format("kernel '{}' asks for exact float64 (narrow=False), "
                                       "which the target (--no-float64) does not have",
                                       k.def->name));
      if (usesFloat64(k))
        diags.warning(k.def->getLoc(),
                      fmt::format("the target has no float64: kernel '{}' computes its "
                                  "float64 values in float32, and float64 data is converted "
                                  "to float32 by the launcher",
                                  k.def->name),
                      "float64-unavailable");
    }
  }
  return lowering;
}

} // namespace nvc
