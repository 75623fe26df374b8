//===- Uniformity.cpp - Values and operations shared by invocations -------===//
//
// See Uniformity.h.
//
//===----------------------------------------------------------------------===//
#include "passes/Uniformity.h"

#include <mlir/Dialect/Arith/IR/Arith.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/SPIRV/IR/SPIRVDialect.h>
#include <mlir/IR/Matchers.h>
#include <mlir/Interfaces/SideEffectInterfaces.h>

namespace nvc {

using namespace mlir;

bool isGroupOperation(Operation *op) {
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::GlobalIdOp, gpu::BlockDimOp, gpu::GridDimOp,
          gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::SubgroupSizeOp, gpu::NumSubgroupsOp>(op))
    return false;
  if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect()))
    return true;
  if (isa_and_nonnull<spirv::SPIRVDialect>(op->getDialect())) {
    StringRef name = op->getName().stripDialect();
    return name.starts_with("Group") || name.contains("Subgroup") || name.contains("Barrier");
  }
  return false;
}

static bool isWorkgroupUniform(Value v, func::FuncOp kernel, int depth) {
  if (depth > 32)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == &kernel.getBody().front() && !isa<MemRefType>(arg.getType());
  Operation *def = v.getDefiningOp();
  if (matchPattern(v, m_Constant()))
    return true;
  if (isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(def))
    return true;
  if (def->getNumRegions() || !isMemoryEffectFree(def) ||
      !isa<arith::ArithDialect>(def->getDialect()))
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value o) { return isWorkgroupUniform(o, kernel, depth + 1); });
}

bool isWorkgroupUniform(Value v, func::FuncOp kernel) { return isWorkgroupUniform(v, kernel, 0); }

} // namespace nvc
