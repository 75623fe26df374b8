//===- LLVMBackend.cpp - nvc's second backend, through LLVM IR -------------===//
//
// The stages, in order:
//  1. name each kernel's MLIR arguments after its Python parameters
//     (`nvc.arg_names`: arrays by name, then `x.shape0`, `x.stride0`,
//     `x.offset` for their descriptors, complex scalars as `z.real`/`z.imag`);
//  2. run buildLLVMLoweringPipeline (passes/Pipeline.cpp), move the
//     gpu.module's LLVM-dialect operations into a builtin.module and
//     translate it to an llvm::Module for the SPIR-V Vulkan compute triple;
//  3. run LLVM's O2 pipeline, put addresses back into the forms the SPIR-V
//     target accepts (LLVMSPIRVPrepare.h), and name the values LLVM IR
//     readers look for (buffer handles, parameter fields, invocation ids);
//  4. print it (--emit=llvm), or run the SPIR-V target's code generation in
//     process, complete the binary (LLVMSPIRVFinish.h) and validate it.
//
//===----------------------------------------------------------------------===//
#include "compiler/LLVMBackend.h"

#include "abi/Attributes.h"

#include "compiler/LLVMSPIRVFinish.h"
#include "compiler/LLVMSPIRVPrepare.h"
#include "compiler/SPIRVBinary.h"
#include "compiler/SPIRVVersion.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/TargetParser/Triple.h>
#include <mlir/Dialect/Func/IR/FuncOps.h>
#include <mlir/Dialect/GPU/IR/GPUDialect.h>
#include <mlir/Dialect/LLVMIR/LLVMDialect.h>
#include <mlir/IR/BuiltinTypes.h>
#include <mlir/Pass/PassManager.h>
#include <mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h>
#include <mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h>
#include <mlir/Target/LLVMIR/Export.h>
#include <spirv-tools/libspirv.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace nvc {
namespace {

/// Python names of a kernel's MLIR arguments, in MLIR argument order
/// (frontend/mlirgen/GenFunction.cpp, "Function type"): the scalar parameters (a complex scalar as
/// two floats), the arrays' buffers, then each array's extents, strides and
/// offset.
std::vector<std::string> argumentNames(const EntryPointABI &abi) {
  std::vector<std::string> names;
  for (auto &arg : abi.arguments) {
    if (arg.isArray)
      continue;
    if (arg.deviceDtype.isComplex()) {
      names.push_back(arg.name + ".real");
      names.push_back(arg.name + ".imag");
    } else
      names.push_back(arg.name);
  }
  for (auto &arg : abi.arguments)
    if (arg.isArray)
      names.push_back(arg.name);
  for (auto &arg : abi.arguments)
    if (arg.isArray) {
      for (unsigned d = 0; d < arg.ndim; ++d)
        names.push_back(arg.name + ".shape" + std::to_string(d));
      for (unsigned d = 0; d < arg.ndim; ++d)
        names.push_back(arg.name + ".stride" + std::to_string(d));
      names.push_back(arg.name + ".offset");
    }
  return names;
}

/// Sets `nvc.arg_names` on each kernel whose argument count matches, and
/// returns per entry point the names of its parameter-block fields (the
/// non-array arguments, in order).
std::map<std::string, std::vector<std::string>>
nameKernelArguments(mlir::ModuleOp module, const std::vector<EntryPointABI> &abis) {
  std::map<std::string, std::vector<std::string>> fields;
  module.walk([&](mlir::func::FuncOp f) {
    if (!f->hasAttr(abi::kKernelAttr))
      return;
    for (auto &abi : abis) {
      if (abi.entryName != f.getName())
        continue;
      std::vector<std::string> names = argumentNames(abi);
      if (names.size() != f.getNumArguments())
        return;
      mlir::Builder b(f.getContext());
      std::vector<mlir::Attribute> attrs;
      for (unsigned i = 0; i < names.size(); ++i) {
        attrs.push_back(b.getStringAttr(names[i]));
        if (!mlir::isa<mlir::MemRefType>(f.getArgument(i).getType()))
          fields[abi.entryName].push_back(names[i]);
      }
      f->setAttr(abi::kArgNamesAttr, b.getArrayAttr(attrs));
    }
  });
  return fields;
}

/// The C string a resource-name argument points to.
std::string resourceName(llvm::Value *v) {
  if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(v->stripPointerCasts()))
    if (g->hasInitializer())
      if (auto *data = llvm::dyn_cast<llvm::ConstantDataSequential>(g->getInitializer()))
        if (data->isCString())
          return data->getAsCString().str();
  return {};
}

/// Names buffer handles after their arrays, parameter-block loads after
/// their fields, and invocation-id reads after the CUDA/numba-vulkan names.
void nameValues(llvm::Module &m, const std::map<std::string, std::vector<std::string>> &fields) {
  static const std::map<std::string, std::string> builtinNames = {
      {"llvm.spv.thread.id", "global_id"},         {"llvm.spv.thread.id.in.group", "thread_id"},
      {"llvm.spv.group.id", "block_id"},           {"llvm.spv.num.workgroups", "grid_dim"},
      {"llvm.spv.subgroup.local.invocation.id", "lane_id"},
      {"llvm.spv.subgroup.size", "subgroup_size"}, {"llvm.spv.subgroup.id", "subgroup_id"},
      {"llvm.spv.num.subgroups", "num_subgroups"}, {"llvm.spv.workgroup.size", "block_dim"}};
  const char *axes[] = {"x", "y", "z"};
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    auto it = fields.find(f.getName().str());
    llvm::Value *paramsBase = m.getNamedGlobal((f.getName() + ".params").str());
    for (llvm::Instruction &inst : llvm::instructions(f)) {
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst)) {
        llvm::Function *callee = call->getCalledFunction();
        if (!callee)
          continue;
        llvm::StringRef name = callee->getName();
        if (name.starts_with("llvm.spv.resource.handlefrombinding")) {
          // "kernel.array": the value is named after the array.
          std::string r = resourceName(call->getArgOperand(4));
          std::string prefix = (f.getName() + ".").str();
          if (r.rfind(prefix, 0) == 0)
            call->setName(r.substr(prefix.size()));
          else if (!r.empty())
            call->setName(r);
          continue;
        }
        if (name.starts_with("llvm.spv.resource.getpointer")) {
          auto *handle = call->getArgOperand(0);
          if (handle->hasName())
            call->setName(handle->getName() + ".ptr");
          continue;
        }
        // The longest intrinsic name that matches (thread.id.in.group
        // before thread.id), ignoring the overload suffix.
        const std::string *pretty = nullptr;
        size_t matched = 0;
        for (auto &[prefix, p] : builtinNames)
          if ((name == prefix || name.starts_with(prefix + ".")) && prefix.size() > matched)
            pretty = &p, matched = prefix.size();
        if (pretty) {
          std::string n = *pretty;
          if (call->arg_size() >= 1)
            if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0)))
              if (c->getZExtValue() < 3)
                n += std::string(".") + axes[c->getZExtValue()];
          call->setName(n);
        }
        continue;
      }
      auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
      if (!load || !paramsBase || it == fields.end())
        continue;
      llvm::Value *ptr = load->getPointerOperand();
      unsigned field = ~0u;
      if (ptr == paramsBase)
        field = 0;
      else if (auto *gep = llvm::dyn_cast<llvm::GEPOperator>(ptr))
        if (gep->getPointerOperand() == paramsBase && gep->getNumIndices() == 2)
          if (auto *k = llvm::dyn_cast<llvm::ConstantInt>(gep->getOperand(2)))
            field = static_cast<unsigned>(k->getZExtValue());
      if (field < it->second.size())
        load->setName(it->second[field]);
    }
  }
}

/// LLVM reports code-generation failures it cannot recover from through
/// its fatal-error handler, which must not return: print them as nvc's
/// internal errors and exit with status 1 (no output file is written yet).
void fatalLLVMError(void *, const char *reason, bool) {
  std::fprintf(stderr, "nvc: error: internal compiler error: LLVM's SPIR-V backend: %s\n",
               reason);
  std::_Exit(1);
}

const llvm::Target *spirvTarget(std::string &error) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeSPIRVTargetInfo();
    LLVMInitializeSPIRVTarget();
    LLVMInitializeSPIRVTargetMC();
    LLVMInitializeSPIRVAsmPrinter();
    // Two IR passes of the target's code generation rewrite addresses into
    // forms logical SPIR-V cannot express, and LLVM 22's backend crashes on
    // them ("SPIRV legalize bitcast"): loop strength reduction (pointer
    // induction variables) and CodeGenPrepare (a store to element 0 of an
    // array becomes a store through the array's own pointer). LLVM offers
    // no per-target switch for them but these options.
    const char *args[] = {"nvc", "-disable-lsr", "-disable-cgp"};
    llvm::cl::ParseCommandLineOptions(3, args, "", &llvm::nulls());
  });
  return llvm::TargetRegistry::lookupTarget(llvm::Triple(kLLVMSPIRVTriple), error);
}

} // namespace

bool compileThroughLLVM(mlir::ModuleOp module, const std::vector<EntryPointABI> &abis,
                        const PipelineOptions &options, const TargetEnv &env, bool emitIR,
                        LLVMBackendOutput &out, std::string &error) {
  mlir::MLIRContext *ctx = module.getContext();
  auto fields = nameKernelArguments(module, abis);

  mlir::PassManager pm(ctx);
  buildLLVMLoweringPipeline(pm, options);
  if (mlir::failed(pm.run(module)))
    return false;

  module.walk([&](mlir::LLVM::LLVMFuncOp f) {
    if (f->hasAttr(abi::kAssumesNoAliasAttr))
      out.assumesNoAlias.insert(f.getName().str());
    if (auto bytes = f->getAttrOfType<mlir::IntegerAttr>(abi::kStagedSharedBytesAttr))
      out.stagedSharedBytes[f.getName().str()] = static_cast<uint32_t>(bytes.getInt());
    if (auto words = f->getAttrOfType<mlir::IntegerAttr>(abi::kGridSyncWordsAttr))
      out.gridSyncWords[f.getName().str()] = static_cast<unsigned>(words.getInt());
  });
  mlir::gpu::GPUModuleOp gpuModule;
  module.walk([&](mlir::gpu::GPUModuleOp m) { gpuModule = m; });
  if (!gpuModule) {
    error = "internal compiler error: no gpu.module to translate";
    return false;
  }
  mlir::OwningOpRef<mlir::ModuleOp> llvmDialectModule = mlir::ModuleOp::create(module.getLoc());
  for (mlir::Operation &op : llvm::make_early_inc_range(gpuModule.getBody()->getOperations()))
    if (!op.hasTrait<mlir::OpTrait::IsTerminator>())
      op.moveBefore(llvmDialectModule->getBody(), llvmDialectModule->getBody()->end());

  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  ctx->appendDialectRegistry(registry);

  // On the heap: after a crash of LLVM's SPIR-V target (below) they are
  // left undestroyed.
  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> m =
      mlir::translateModuleToLLVMIR(*llvmDialectModule, *llvmContext, "nvc");
  if (!m) {
    error = "internal compiler error: translation to LLVM IR failed";
    return false;
  }
  // No debug information is emitted: drop the translation's module flag.
  if (auto *flags = m->getModuleFlagsMetadata())
    flags->eraseFromParent();

  const llvm::Target *target = spirvTarget(error);
  if (!target) {
    error = "internal compiler error: LLVM has no SPIR-V target: " + error;
    return false;
  }
  llvm::Triple triple(kLLVMSPIRVTriple);
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, "", "", llvm::TargetOptions(), std::nullopt, std::nullopt,
      llvm::CodeGenOptLevel::Default));
  m->setTargetTriple(triple);
  m->setDataLayout(tm->createDataLayout());

  llvm::ScopedFatalErrorHandler fatalHandler(fatalLLVMError);
  {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb(tm.get());
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
    mpm.run(*m, mam);
  }
  localizePushConstantAccess(*m);
  restoreLogicalAddressing(*m);
  expandFloat64CopySign(*m);
  expandOrderedCompares(*m);
  expandIntegerRemainders(*m);
  expandWideBitIntrinsics(*m);
  nameValues(*m, fields);
  if (emitIR) {
    llvm::raw_string_ostream os(out.ir);
    m->print(os, nullptr);
    return true;
  }

  llvm::SmallVector<char, 0> buffer;
  {
    llvm::raw_svector_ostream os(buffer);
    auto codegen = std::make_unique<llvm::legacy::PassManager>();
    if (tm->addPassesToEmitFile(*codegen, os, nullptr, llvm::CodeGenFileType::ObjectFile)) {
      error = "internal compiler error: LLVM's SPIR-V target cannot emit a module";
      return false;
    }
    // LLVM 22's SPIR-V target also crashes outright (segmentation faults
    // in "SPIRV legalize bitcast" on some structurized control flow, e.g.
    // imaging v6-v8): run it under LLVM's crash recovery and report that as
    // an internal error instead of dying.
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext recovery;
    if (!recovery.RunSafely([&] { codegen->run(*m); })) {
      // The crash left the module, its context and the passes half-changed
      // (tests/e2e/kernels/barrier_coarsening_stencil.py: destroying the
      // context then aborted with "free(): invalid pointer"). They are not
      // destroyed: nvc reports this error and exits.
      (void)codegen.release();
      (void)m.release();
      (void)llvmContext.release();
      error = "internal compiler error: LLVM's SPIR-V backend crashed on this kernel; use the "
              "default backend";
      return false;
    }
  }
  if (buffer.size() % 4) {
    error = "internal compiler error: LLVM's SPIR-V output is not a whole number of words";
    return false;
  }
  out.words.resize(buffer.size() / 4);
  std::memcpy(out.words.data(), buffer.data(), buffer.size());
  if (!finishLLVMSPIRV(out.words, options.localSize, error))
    return false;
  // The triple's SPIR-V 1.5, or the later version `env` consumes.
  if (env.spirvMinor > 5 && !declareSPIRVVersion(out.words, env.spirvMinor, error))
    return false;
  std::string messages;
  if (!validateSPIRV(out.words, env, messages)) {
    error = "internal compiler error: SPIR-V from the LLVM backend does not validate:\n" +
            messages;
    return false;
  }
  return true;
}

} // namespace nvc
