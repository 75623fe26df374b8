//===- UfuncKernels.cpp - The kernels nvc writes for a file's ufuncs -------===//
//
// Each ufunc gets one generated module ("<vectorize NAME>" in diagnostics)
// holding a kernel per loop: the user's function is bound in it by name, so
// its body is typed and compiled as a device function called from the
// kernels, and errors in it point into the user's file. The kernels use
// only names prefixed nvc_ for their own variables.
//
//===----------------------------------------------------------------------===//
#include "frontend/sema/UfuncKernels.h"

#include "frontend/sema/Types.h"
#include "frontend/syntax/Parser.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>

namespace nvc {
namespace {

/// The element types a `@cuda.reduce` without --sig is compiled for: the
/// integer and float dtypes arrays usually have (numba-cuda compiles one per
/// call's dtype; ahead of time, nvc compiles these).
const char *const kDefaultReduceTypes[] = {"int32", "int64", "uint32",
                                           "uint64", "float32", "float64"};

/// A guvectorize layout, "(m,n),(n)->(m)": per operand its core dimensions.
struct Layout {
  std::vector<std::vector<std::string>> inputs, outputs;
};

/// Parses NumPy's gufunc signature grammar (names or integers, spaces
/// allowed). Throws CompileError at `loc`.
Layout parseLayout(const std::string &text, ast::Location loc) {
  auto fail = [&](const std::string &why) -> CompileError {
    return CompileError(loc, fmt::format("invalid guvectorize layout \"{}\": {}; expected "
                                         "NumPy's form, e.g. \"(m,n),(n)->(m)\"",
                                         text, why));
  };
  size_t arrow = text.find("->");
  if (arrow == std::string::npos)
    throw fail("no '->'");
  auto parseSide = [&](const std::string &side) {
    std::vector<std::vector<std::string>> operands;
    size_t i = 0;
    auto skip = [&] {
      while (i < side.size() && std::isspace(static_cast<unsigned char>(side[i])))
        ++i;
    };
    skip();
    while (i < side.size()) {
      if (side[i] != '(')
        throw fail(fmt::format("'{}' where '(' was expected", side[i]));
      ++i;
      std::vector<std::string> dims;
      skip();
      while (i < side.size() && side[i] != ')') {
        size_t start = i;
        while (i < side.size() &&
               (std::isalnum(static_cast<unsigned char>(side[i])) || side[i] == '_'))
          ++i;
        if (i == start)
          throw fail("a dimension that is not a name");
        dims.push_back(side.substr(start, i - start));
        skip();
        if (i < side.size() && side[i] == ',') {
          ++i;
          skip();
        }
      }
      if (i >= side.size())
        throw fail("an unclosed '('");
      ++i; // ')'
      operands.push_back(dims);
      skip();
      if (i < side.size()) {
        if (side[i] != ',')
          throw fail(fmt::format("'{}' between operands", side[i]));
        ++i;
        skip();
      }
    }
    return operands;
  };
  Layout layout{parseSide(text.substr(0, arrow)), parseSide(text.substr(arrow + 2))};
  if (layout.inputs.empty() || layout.outputs.empty())
    throw fail("no inputs or no outputs");
  return layout;
}

/// The layout back in NumPy's canonical spelling ("(n),(n)->()").
std::string layoutText(const Layout &layout) {
  auto side = [](const std::vector<std::vector<std::string>> &ops) {
    std::vector<std::string> parts;
    for (auto &dims : ops)
      parts.push_back("(" + fmt::format("{}", fmt::join(dims, ",")) + ")");
    return fmt::format("{}", fmt::join(parts, ","));
  };
  return side(layout.inputs) + "->" + side(layout.outputs);
}

/// A signature string's spelling of an array of `element` with `ndim`
/// dimensions, C-contiguous ("float64[:, ::1]").
std::string contiguousArray(const Type &element, size_t ndim) {
  std::string dims;
  for (size_t d = 0; d + 1 < ndim; ++d)
    dims += ":, ";
  return fmt::format("{}[{}::1]", element.str(), dims);
}

/// The decorator line of a generated kernel of `fn`.
std::string decorator(const DecoratedFunction &fn, const std::vector<std::string> &params,
                      const std::string &extra = "") {
  return fmt::format("@{}(\"void({})\"{}{})\n", fn.numbaCudaSpelling ? "cuda.jit" : "nv.jit",
                     fmt::join(params, ", "), fn.fastmath ? ", fastmath=True" : "", extra);
}

/// One operand of a loop kernel: its name, dtype, rank in the kernel (its
/// loop positions, then its core dimensions) and how the function gets it
/// at a position j: the element a[j], the one-element view a[j:j + 1] (a
/// `()` operand of array type) or the core view a[j].
struct Operand {
  std::string name;
  Type element;
  size_t kernelRank = 1;
  enum class Pass { Element, OneElementView, CoreView } pass = Pass::Element;
};

/// The kernel of one loop: the broadcast loop of docs/manifest.md "Ufuncs",
/// calling the user's function at each position (vectorize: storing its
/// value into the last operand).
std::string loopKernel(const DecoratedFunction &fn, const std::string &kernelName,
                       const std::vector<Operand> &ops, bool returnsValue) {
  std::vector<std::string> params = {"int32", "int32[::1]", "int32[:, ::1]"};
  std::vector<std::string> names = {"nvc_loop_size", "nvc_loop_shape", "nvc_loop_strides"};
  for (auto &op : ops) {
    params.push_back(contiguousArray(op.element, op.kernelRank));
    names.push_back(op.name);
  }
  std::string s = decorator(fn, params);
  s += fmt::format("def {}({}):\n", kernelName, fmt::join(names, ", "));
  s += "    nvc_i = cuda.grid(1)\n"
       "    nvc_step = cuda.gridsize(1)\n"
       "    nvc_ndim = nvc_loop_shape.shape[0]\n";
  // Every operand stepping by one along a 1-d loop (same-shape contiguous
  // operands, the common case): positions index them directly.
  s += "    nvc_unit = nvc_ndim == 1\n";
  for (size_t k = 0; k < ops.size(); ++k) {
    s += fmt::format("    nvc_s{} = nvc_loop_strides[{}, 0]\n", k, k);
    s += fmt::format("    nvc_unit = nvc_unit and nvc_s{} == 1\n", k);
  }
  // The call of the function at operand positions `j` (one per operand).
  auto call = [&](const std::vector<std::string> &j, const std::string &indent) {
    std::vector<std::string> args;
    size_t nargs = returnsValue ? ops.size() - 1 : ops.size();
    for (size_t k = 0; k < nargs; ++k) {
      switch (ops[k].pass) {
      case Operand::Pass::Element:
      case Operand::Pass::CoreView:
        args.push_back(fmt::format("{}[{}]", ops[k].name, j[k]));
        break;
      case Operand::Pass::OneElementView:
        args.push_back(fmt::format("{}[{}:{} + 1]", ops[k].name, j[k], j[k]));
        break;
      }
    }
    std::string c = fmt::format("{}({})", fn.def->name, fmt::join(args, ", "));
    if (returnsValue)
      return fmt::format("{}{}[{}] = {}\n", indent, ops.back().name, j.back(), c);
    return fmt::format("{}{}\n", indent, c);
  };
  std::vector<std::string> unit(ops.size(), "nvc_p"), general;
  for (size_t k = 0; k < ops.size(); ++k)
    general.push_back(fmt::format("nvc_j{}", k));
  // The unit case as the plain grid-stride loop the optimiser knows
  // (32-bit counter, docs/optimisation.md); the general one decomposes each
  // position into the loop's dimensions.
  s += "    if nvc_unit:\n"
       "        for nvc_p in range(nvc_i, nvc_loop_size, nvc_step):\n";
  s += call(unit, "            ");
  s += "        return\n"
       "    while nvc_i < nvc_loop_size:\n"
       "        if nvc_ndim == 1:\n";
  for (size_t k = 0; k < ops.size(); ++k)
    s += fmt::format("            nvc_j{} = nvc_i * nvc_s{}\n", k, k);
  s += "        else:\n";
  for (size_t k = 0; k < ops.size(); ++k)
    s += fmt::format("            nvc_j{} = nvc_i * 0\n", k);
  s += "            nvc_rem = nvc_i\n"
       "            nvc_d = nvc_ndim - 1\n"
       "            while nvc_d >= 0:\n"
       "                nvc_e = nvc_loop_shape[nvc_d]\n"
       "                nvc_q = nvc_rem // nvc_e\n"
       "                nvc_r = nvc_rem - nvc_q * nvc_e\n";
  for (size_t k = 0; k < ops.size(); ++k)
    s += fmt::format("                nvc_j{} += nvc_r * nvc_loop_strides[{}, nvc_d]\n", k, k);
  s += "                nvc_rem = nvc_q\n"
       "                nvc_d -= 1\n";
  s += call(general, "        ");
  s += "        nvc_i += nvc_step\n\n";
  return s;
}

/// The reduction kernel of docs/manifest.md "Ufuncs" for elements of type
/// `t`: a grid-strided fold per invocation, then a tree over the
/// workgroup in shared memory; f(init, value) by the last dispatch.
std::string reduceKernel(const DecoratedFunction &fn, const std::string &kernelName,
                         const Type &t) {
  const int w = kUfuncReduceWorkgroupSize;
  std::string dt = t.str();
  std::string np = t.isBoolean() ? "np.bool_" : "np." + t.numpyName();
  std::string s = decorator(fn, {"int32", "int32", dt, contiguousArray(t, 1),
                                 contiguousArray(t, 1)},
                            fmt::format(", local_size={}", w));
  const std::string &f = fn.def->name;
  s += fmt::format("def {}(nvc_n, nvc_has_init, nvc_init, nvc_input, nvc_partials):\n",
                   kernelName);
  s += fmt::format("    nvc_sm = cuda.shared.array({}, {})\n", w, np);
  s += fmt::format("    nvc_t = cuda.threadIdx.x\n"
                   "    nvc_i = cuda.blockIdx.x * {} + nvc_t\n"
                   "    nvc_step = cuda.gridDim.x * {}\n",
                   w, w);
  s += "    if nvc_i < nvc_n:\n"
       "        nvc_acc = nvc_input[nvc_i]\n"
       "        nvc_i += nvc_step\n"
       "        while nvc_i < nvc_n:\n";
  s += fmt::format("            nvc_acc = {}(nvc_acc, nvc_input[nvc_i])\n", f);
  s += "            nvc_i += nvc_step\n"
       "        nvc_sm[nvc_t] = nvc_acc\n"
       "    cuda.syncthreads()\n";
  // The workgroup's valid values: min(W, what is left); after the step
  // of s, min(valid, s) remain, so `t + s < valid` pairs only values.
  s += fmt::format("    nvc_valid = nvc_n - cuda.blockIdx.x * {}\n", w);
  s += fmt::format("    nvc_s = {}\n", w / 2);
  s += "    while nvc_s > 0:\n"
       "        if nvc_t < nvc_s and nvc_t + nvc_s < nvc_valid:\n";
  s += fmt::format("            nvc_sm[nvc_t] = {}(nvc_sm[nvc_t], nvc_sm[nvc_t + nvc_s])\n", f);
  s += "        cuda.syncthreads()\n"
       "        nvc_s //= 2\n"
       "    if nvc_t == 0:\n"
       "        if nvc_has_init != 0:\n";
  s += fmt::format("            nvc_partials[cuda.blockIdx.x] = {}(nvc_init, nvc_sm[0])\n", f);
  s += "        else:\n"
       "            nvc_partials[cuda.blockIdx.x] = nvc_sm[0]\n\n";
  return s;
}

const char *kindName(UfuncDecl::Kind kind) {
  switch (kind) {
  case UfuncDecl::Kind::Vectorize:
    return "vectorize";
  case UfuncDecl::Kind::Guvectorize:
    return "guvectorize";
  case UfuncDecl::Kind::CudaReduce:
    return "cuda.reduce";
  }
  return "";
}

} // namespace

struct UfuncKernels::Module {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> ast;
  std::unique_ptr<ModuleScope> scope;
};

UfuncKernels::~UfuncKernels() = default;

std::vector<const DecoratedFunction *> UfuncKernels::kernels() const {
  std::vector<const DecoratedFunction *> out;
  for (auto &m : modules_)
    for (auto &fn : m->scope->functions())
      out.push_back(&fn);
  return out;
}

UfuncKernels::UfuncKernels(ModuleScope &scope, DiagnosticEngine &diags) {
  std::set<std::string> taken;
  for (auto &fn : scope.functions())
    taken.insert(fn.def->name);
  // `base`, else base__1, base__2, ... skipping the file's names (the rule
  // of typeKernels for a kernel's extra signatures).
  std::map<std::string, unsigned> nextSuffix;
  auto entryName = [&](const std::string &base) {
    if (taken.insert(base).second)
      return base;
    unsigned &n = nextSuffix.emplace(base, 1).first->second;
    while (taken.count(fmt::format("{}__{}", base, n)))
      ++n;
    std::string name = fmt::format("{}__{}", base, n++);
    taken.insert(name);
    return name;
  };
  for (auto &fn : scope.functions()) {
    if (!fn.ufunc)
      continue;
    const UfuncDecl &decl = *fn.ufunc;
    const std::string &name = fn.def->name;
    taken.erase(name); // the ufunc's first loop takes its name
    if (fn.signatureError)
      throw *fn.signatureError;
    std::vector<Signature> signatures = fn.signatures;
    if (signatures.empty() && decl.kind != UfuncDecl::Kind::CudaReduce)
      throw CompileError(decl.loc,
                         fmt::format("@{} '{}' has no signatures: nvc compiles ahead of time "
                                     "and needs the loops' types, e.g. "
                                     "[\"float64(float64, float64)\"], or --sig '{}=...'",
                                     kindName(decl.kind), name, name));
    std::string text = "from numba import cuda\nimport numba_vulkan as nv\nimport numpy as np\n\n";
    struct Pending {
      std::string kernel, entry;
      UfuncABI abi;
    };
    std::vector<Pending> pending;
    size_t nparams = fn.def->params.size();
    auto loc = [&](const Signature &sig) { return sig.loc.line ? sig.loc : decl.loc; };
    // Every operand type must be a NumPy dtype the launcher converts and
    // allocates (bfloat16 is not one: NumPy has none).
    auto checkDtype = [&](const Type &t, const Signature &sig) {
      if (t.isBfloat16())
        throw CompileError(loc(sig), fmt::format("'{}': bfloat16 cannot be a ufunc operand "
                                                 "type (NumPy has no bfloat16 arrays to pass)",
                                                 name));
    };
    for (const Signature &sig : signatures) {
      for (const Type &t : sig.params)
        checkDtype(t.isArray() ? t.element() : t, sig);
      checkDtype(sig.result, sig);
    }

    if (decl.kind == UfuncDecl::Kind::CudaReduce) {
      if (nparams != 2)
        throw CompileError(fn.def->getLoc(),
                           fmt::format("@cuda.reduce '{}' must take two arguments", name));
      std::vector<Type> types;
      for (auto &sig : signatures) {
        if (!sig.params[0].isScalar() || sig.params[0] != sig.params[1])
          throw CompileError(loc(sig), fmt::format("a signature of @cuda.reduce '{}' takes "
                                                   "two scalars of one type",
                                                   name));
        types.push_back(sig.params[0]);
      }
      if (signatures.empty())
        for (const char *t : kDefaultReduceTypes)
          types.push_back(*scalarTypeFromName(t));
      for (size_t k = 0; k < types.size(); ++k) {
        std::string kernel = fmt::format("{}__nvc_reduce{}", name, k);
        text += reduceKernel(fn, kernel, types[k]);
        std::string dt = types[k].numpyName();
        pending.push_back({kernel, entryName(name),
                           UfuncABI{name, "cuda_reduce", unsigned(k), "(),()->()", 2, 1,
                                    {dt, dt, dt}, {{}, {}, {}}, {}, ""}});
      }
    } else if (decl.kind == UfuncDecl::Kind::Vectorize) {
      std::string outName = "out";
      for (auto &p : fn.def->params)
        if (p.name == "out")
          outName = "nvc_out";
      unsigned reduceLoops = 0;
      std::vector<std::pair<std::string, Type>> reductions;
      for (size_t k = 0; k < signatures.size(); ++k) {
        const Signature &sig = signatures[k];
        if (!sig.result.isScalar())
          throw CompileError(loc(sig), fmt::format("a signature of @vectorize '{}' returns a "
                                                   "scalar, e.g. \"float64(float64)\"",
                                                   name));
        std::vector<Operand> ops;
        UfuncABI abi{name, "vectorize", unsigned(k), "", unsigned(nparams), 1, {}, {}, {},
                     decl.identity};
        for (size_t i = 0; i < nparams; ++i) {
          if (!sig.params[i].isScalar())
            throw CompileError(loc(sig), fmt::format("a signature of @vectorize '{}' takes "
                                                     "scalars ({} is {}): use @guvectorize "
                                                     "for arrays",
                                                     name, fn.def->params[i].name,
                                                     sig.params[i].str()));
          ops.push_back({fn.def->params[i].name, sig.params[i], 1, Operand::Pass::Element});
          abi.types.push_back(sig.params[i].numpyName());
          abi.coreDims.push_back({});
        }
        ops.push_back({outName, sig.result, 1, Operand::Pass::Element});
        abi.types.push_back(sig.result.numpyName());
        abi.coreDims.push_back({});
        std::vector<std::string> sides(nparams, "()");
        abi.signature = fmt::format("{}->()", fmt::join(sides, ","));
        std::string kernel = fmt::format("{}__nvc_loop{}", name, k);
        text += loopKernel(fn, kernel, ops, true);
        pending.push_back({kernel, entryName(name), abi});
        // A loop of two inputs and an output of one type reduces (.reduce).
        if (nparams == 2 && sig.params[0] == sig.params[1] && sig.params[0] == sig.result)
          reductions.push_back({fmt::format("{}__nvc_reduce{}", name, reduceLoops++),
                                sig.result});
      }
      for (size_t k = 0; k < reductions.size(); ++k) {
        auto &[kernel, t] = reductions[k];
        text += reduceKernel(fn, kernel, t);
        std::string dt = t.numpyName();
        pending.push_back({kernel, entryName(name + "__reduce"),
                           UfuncABI{name, "reduce", unsigned(k), "(),()->()", 2, 1,
                                    {dt, dt, dt}, {{}, {}, {}}, {}, decl.identity}});
      }
    } else { // guvectorize
      Layout layout = parseLayout(decl.layout, decl.layoutLoc);
      size_t nin = layout.inputs.size(), nout = layout.outputs.size();
      if (nin + nout != nparams)
        throw CompileError(decl.layoutLoc,
                           fmt::format("the layout \"{}\" has {} operands but '{}' has {} "
                                       "parameters",
                                       decl.layout, nin + nout, name, nparams));
      std::vector<std::vector<std::string>> core = layout.inputs;
      core.insert(core.end(), layout.outputs.begin(), layout.outputs.end());
      for (size_t k = 0; k < signatures.size(); ++k) {
        const Signature &sig = signatures[k];
        if (sig.result != Type::none())
          throw CompileError(loc(sig), fmt::format("a signature of @guvectorize '{}' returns "
                                                   "nothing (void(...)): it writes its outputs",
                                                   name));
        std::vector<Operand> ops;
        UfuncABI abi{name, "guvectorize", unsigned(k), layoutText(layout), unsigned(nin),
                     unsigned(nout), {}, core, {}, ""};
        for (size_t i = 0; i < nparams; ++i) {
          const Type &t = sig.params[i];
          const std::string &pname = fn.def->params[i].name;
          size_t rank = core[i].size();
          bool output = i >= nin;
          Operand op{pname, t.isArray() ? t.element() : t, rank + 1, Operand::Pass::CoreView};
          if (t.isScalar() && rank == 0 && !output) {
            op.pass = Operand::Pass::Element;
          } else if (t.isArray() && rank == 0 && t.ndim() == 1) {
            op.pass = Operand::Pass::OneElementView;
          } else if (!t.isArray() || t.ndim() != static_cast<int>(rank)) {
            throw CompileError(
                loc(sig),
                fmt::format("'{}' is {} in the signature but has the layout ({}): an {} with "
                            "layout () is {}, one with n core dimensions an array of n",
                            pname, t.str(), fmt::join(core[i], ","),
                            output ? "output" : "input",
                            output ? "a one-element array (written as out[0])"
                                   : "a scalar or a one-element array"));
          }
          if (!op.element.isScalar())
            throw CompileError(loc(sig), fmt::format("'{}' of @guvectorize '{}' has elements "
                                                     "of {}: ufunc operands hold numbers",
                                                     pname, name, op.element.str()));
          abi.types.push_back(op.element.numpyName());
          abi.scalarCore.push_back(op.pass == Operand::Pass::Element);
          ops.push_back(op);
        }
        std::string kernel = fmt::format("{}__nvc_loop{}", name, k);
        text += loopKernel(fn, kernel, ops, false);
        pending.push_back({kernel, entryName(name), abi});
      }
    }

    auto m = std::make_unique<Module>();
    m->file = std::make_unique<SourceFile>(
        fmt::format("<{} {}>", kindName(decl.kind), name), text);
    diags.suppressWarningsIn(m->file.get());
    m->ast = parseModule(*m->file);
    m->scope = std::make_unique<ModuleScope>(*m->ast, *m->file, diags);
    m->scope->bindFunction(name, fn);
    for (auto &p : pending) {
      for (auto &k : m->scope->functions())
        if (k.def->name == p.kernel)
          k.entryName = p.entry;
      entries_[p.entry] = p.abi;
    }
    modules_.push_back(std::move(m));
  }
}

} // namespace nvc
