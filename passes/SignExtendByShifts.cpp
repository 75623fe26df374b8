//===- SignExtendByShifts.cpp - int32 to int64 without OpSConvert ---------===//
//
// lavapipe (Mesa 22.3, CI's device) compares an int32 sign-extended to 64
// bits with a constant as if it had been zero-extended (`x < 0` is false
// for x = -5; tests/difftest/FOUND.md #15), and the constant may come from
// anywhere its optimiser sees one (a loop over a tuple of literals). Kernels
// in numba.cuda's spelling compute with 64-bit integers, so int32 data,
// extents and ids are sign-extended wherever a 64-bit value meets them. This
// pass writes each remaining extension of an i32 to i64 as
// `(zext(x) << 32) >> 32` (arithmetic shift), which lavapipe gets right (with
// it the H200 passes the e2e suite and its benchmark times are those of
// docs/benchmarks.md, run of 2026-12-02); it runs last, after the
// optimisations that look for arith.extsi. Narrower sources are left alone:
// their extensions are what NVIDIA's driver gets wrong through shifts
// (FOUND.md #25).
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>

#define DEBUG_TYPE "nvc-sign-extend-by-shifts"

using namespace mlir;

namespace nvc {
namespace {

struct SignExtendByShiftsPass
    : public PassWrapper<SignExtendByShiftsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SignExtendByShiftsPass)
  StringRef getArgument() const override { return "nvc-sign-extend-by-shifts"; }
  StringRef getDescription() const override {
    return "write i32 to i64 sign extensions as a zero extension and two shifts "
           "(lavapipe mis-compares sign-extended int32 values)";
  }

  void runOnOperation() override {
    SmallVector<arith::ExtSIOp> extensions;
    getOperation().walk([&](arith::ExtSIOp ext) {
      if (ext.getIn().getType().isInteger(32) && ext.getType().isInteger(64))
        extensions.push_back(ext);
    });
    for (arith::ExtSIOp ext : extensions) {
      OpBuilder b(ext);
      Location l = ext.getLoc();
      Value wide = arith::ExtUIOp::create(b, l, b.getI64Type(), ext.getIn());
      Value c32 = arith::ConstantIntOp::create(b, l, b.getI64Type(), 32);
      Value high = arith::ShLIOp::create(b, l, wide, c32);
      Value extended = arith::ShRSIOp::create(b, l, high, c32);
      ext.replaceAllUsesWith(extended);
      ext.erase();
    }
  }
};

} // namespace

std::unique_ptr<Pass> createSignExtendByShiftsPass() {
  return std::make_unique<SignExtendByShiftsPass>();
}

} // namespace nvc
