//===- Registration.h - nvc's passes in MLIR's pass registry ---------------===//
//
// For tools that name passes by their argument (nvc-opt, tools/nvc-opt):
// `nvc-opt -nvc-narrow-integers`, `--pass-pipeline=...` as nvc
// --print-pipeline prints it.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_PASSES_REGISTRATION_H
#define NVC_PASSES_REGISTRATION_H

namespace nvc {

/// Registers every pass of passes/ under its argument (`nvc-…`), each made
/// by its create…Pass() factory with the defaults of PipelineOptions (the
/// default -O2 pipeline); what Pipeline.cpp passes to a factory is a pass
/// option of the same name as in --print-pipeline. Safe to call more than
/// once.
void registerNvcPasses();

} // namespace nvc

#endif // NVC_PASSES_REGISTRATION_H
