//===- RelaxSubwordStores.cpp - Subword stores as relaxed atomics ----------===//
//
// Storage buffers of bool, int8/uint8 and int16/uint16 elements are arrays of
// 32-bit words in nvc's SPIR-V (no 8/16-bit storage capability is needed), so
// MLIR's memref-to-SPIR-V conversion emulates each narrow store by two atomic
// read-modify-writes of its word: an OpAtomicAnd that clears the element's
// bits and an OpAtomicOr that sets them. It gives both AcquireRelease
// semantics, which a plain store does not need (it orders nothing; only the
// word's atomicity matters, since neighbouring invocations write the other
// bytes), and which Mesa's lavapipe (22.3) miscompiles: with the pair inside
// a loop, a later store of the kernel to another buffer is lost
// (tests/difftest/FOUND.md #7, tests/lit/relax-subword-stores.py).
//  1. Walk every spirv.AtomicAnd and spirv.AtomicOr whose result is unused and
//     whose semantics is AcquireRelease: nvc's own atomics (AtomicRMWToSPIRV)
//     are always relaxed and return their value to the kernel, so these are
//     the conversion's subword stores.
//  2. Make their semantics None (relaxed), as for a plain store.
//
//===----------------------------------------------------------------------===//
#include "passes/Passes.h"

#include <mlir/Dialect/SPIRV/IR/SPIRVOps.h>

#define DEBUG_TYPE "nvc-relax-subword-stores"

namespace nvc {
namespace {

struct RelaxSubwordStoresPass
    : public mlir::PassWrapper<RelaxSubwordStoresPass,
                               mlir::OperationPass<mlir::spirv::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RelaxSubwordStoresPass)
  llvm::StringRef getArgument() const override { return "nvc-relax-subword-stores"; }
  llvm::StringRef getDescription() const override {
    return "Give the atomic and/or pairs of emulated 8- and 16-bit stores relaxed semantics";
  }

  void runOnOperation() override {
    auto relax = [](auto op) {
      if (!op->use_empty() || op.getSemantics() != mlir::spirv::MemorySemantics::AcquireRelease)
        return;
      op.setSemantics(mlir::spirv::MemorySemantics::None);
    };
    getOperation().walk([&](mlir::Operation *op) {
      if (auto andOp = mlir::dyn_cast<mlir::spirv::AtomicAndOp>(op))
        relax(andOp);
      else if (auto orOp = mlir::dyn_cast<mlir::spirv::AtomicOrOp>(op))
        relax(orOp);
    });
  }
};

} // namespace

std::unique_ptr<mlir::Pass> createRelaxSubwordStoresPass() {
  return std::make_unique<RelaxSubwordStoresPass>();
}

} // namespace nvc
