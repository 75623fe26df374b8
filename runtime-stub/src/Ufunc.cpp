// Ufunc calls (nvc/Ufunc.h): type resolution, broadcasting and core dimensions, the
// host-side conversions, the loop launch, and the multi-pass reductions on device
// buffers (docs/manifest.md "Ufuncs").
#include "nvc/Ufunc.h"

#include "DeviceContext.h"
#include "ModuleState.h"
#include "PrintFormat.h"
#include "nvc/Casting.h"
#include "nvc/Chain.h"
#include "nvc/DeviceBuffer.h"
#include "nvc/Error.h"
#include "nvc/Float16.h"
#include "nvc/Module.h"
#include "nvc/Stream.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

namespace nvc::rt {

namespace {

constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
/// The first pass of a reduction runs at most this many workgroups; the second,
/// one workgroup, folds their partial results.
constexpr std::uint64_t kMaxReduceGroups = 1024;

/// "(3, 4)", "(5,)", "()".
std::string shapeText(const std::vector<std::int64_t> &shape) {
  std::string text;
  for (std::size_t i = 0; i < shape.size(); ++i)
    text += fmt::format("{}{}", i ? ", " : "", shape[i]);
  return "(" + text + (shape.size() == 1 ? ",)" : ")");
}

std::int64_t product(const std::vector<std::int64_t> &shape) {
  std::int64_t n = 1;
  for (std::int64_t e : shape)
    n *= e;
  return n;
}

/// "input 1", "output 0".
std::string operandText(std::uint32_t k, std::uint32_t nin) {
  return k < nin ? fmt::format("input {}", k) : fmt::format("output {}", k - nin);
}

/// "(float32, float32) -> float32" for a loop.
std::string loopText(const UfuncDesc &u) {
  std::string ins, outs;
  for (std::uint32_t k = 0; k < u.operands(); ++k)
    (k < u.nin ? ins : outs) += fmt::format("{}{}", (k < u.nin ? k : k - u.nin) ? ", " : "",
                                            dtypeName(u.types[k]));
  return fmt::format("({}) -> {}", ins, u.nout == 1 ? outs : "(" + outs + ")");
}

/// Whether a Python scalar beside arrays fits loop type `t` by kind (NEP 50's weak
/// scalars): a bool any type, an int any integer, float or complex type, a float a
/// float or complex type, a complex a complex type.
bool weakScalarFits(const ScalarValue &v, DType t) {
  switch (v.index()) {
  case 0:
    return true;
  case 1:
  case 2:
    return t != DType::Bool;
  case 3:
    return isFloatDType(t) || isComplexDType(t);
  default:
    return isComplexDType(t);
  }
}

/// "Python int", "Python float": a scalar's kind for messages.
std::string scalarKindText(const ScalarValue &v) {
  static const char *const kinds[] = {"Python bool", "Python int", "Python int", "Python float",
                                      "Python complex"};
  return kinds[v.index()];
}

/// The element at `src` of `dtype` as the scalar that binds to a parameter of that
/// dtype exactly.
ScalarValue elementAsScalar(DType dtype, const void *src) {
  if (dtype == DType::Bool)
    return *static_cast<const unsigned char *>(src) != 0;
  if (isComplexDType(dtype)) {
    std::complex<double> z;
    castElement(dtype, src, DType::Complex128, &z);
    return z;
  }
  if (isFloatDType(dtype)) {
    double d;
    castElement(dtype, src, DType::Float64, &d);
    return d;
  }
  if (isSignedDType(dtype)) {
    std::int64_t i;
    castElement(dtype, src, DType::Int64, &i);
    return i;
  }
  std::uint64_t u;
  castElement(dtype, src, DType::UInt64, &u);
  return u;
}

/// A zero of `dtype` as a scalar (the init of passes that do not apply it).
ScalarValue zeroOf(DType dtype) {
  const unsigned char zero[16] = {};
  return elementAsScalar(dtype, zero);
}

/// A 0-d array of `dtype` holding the element at `src`.
NpyArray scalarArray(DType dtype, const void *src) {
  NpyArray a;
  a.dtype = dtype;
  a.shape = {};
  const auto *bytes = static_cast<const unsigned char *>(src);
  a.bytes.assign(bytes, bytes + dtypeSize(dtype));
  return a;
}

/// Throws Error unless `array` is a usable view: strides of its rank, data where it
/// has elements.
void checkView(const HostArray &array, const std::string &what) {
  if (!array.strides.empty() && array.strides.size() != array.shape.size())
    throw Error(fmt::format("{}: {} strides for {} dimensions", what, array.strides.size(),
                            array.shape.size()));
  for (std::int64_t e : array.shape)
    if (e < 0)
      throw Error(fmt::format("{}: the shape {} has a negative extent", what,
                              shapeText(array.shape)));
  if (!array.data && array.elementCount() > 0)
    throw Error(fmt::format("{}: a null data pointer for an array of shape {}", what,
                            shapeText(array.shape)));
}

/// Throws Error if `out` would write an element twice (a zero stride along an extent
/// above 1).
void checkWritable(const HostArray &out, const std::string &what) {
  const std::vector<std::int64_t> strides = out.effectiveStrides();
  for (std::size_t d = 0; d < out.shape.size(); ++d)
    if (out.shape[d] > 1 && strides[d] == 0)
      throw Error(fmt::format("{}: the array has stride 0 along dimension {} (extent {}), so "
                              "its elements alias; pass an array with distinct elements",
                              what, d, out.shape[d]));
}

} // namespace

struct Ufunc::State {
  Module module; ///< a handle on the module's state
  std::string name;
  UfuncKind kind = UfuncKind::Vectorize;
  /// The entry points by kind, in loop order.
  std::map<UfuncKind, std::vector<const EntryPointDesc *>> loops;
  const UfuncDesc *desc = nullptr; ///< the first loop's, of the primary kind
  std::map<std::string, Kernel> kernels;

  explicit State(const Module &m) : module(m.state_) {}

  const Device::Context &context() const { return *module.state_->context; }
  Device device() const { return detail::DeviceAccess::borrow(module.state_->context); }
  Kernel &kernel(const EntryPointDesc &entry) {
    auto it = kernels.find(entry.name);
    if (it == kernels.end())
      it = kernels.emplace(entry.name, module.kernel(entry.name)).first;
    return it->second;
  }
  const std::vector<const EntryPointDesc *> &loopsOf(UfuncKind k) const {
    static const std::vector<const EntryPointDesc *> none;
    const auto it = loops.find(k);
    return it == loops.end() ? none : it->second;
  }
  /// The vectorize or guvectorize loops.
  const std::vector<const EntryPointDesc *> &callLoops() const {
    return loopsOf(kind == UfuncKind::GUVectorize ? UfuncKind::GUVectorize
                                                  : UfuncKind::Vectorize);
  }
  /// The loop among `candidates` (each with `nin` inputs) that takes `inputs`
  /// (type resolution: nvc/Ufunc.h). Throws Error naming the dtypes and the loops.
  const EntryPointDesc &resolve(const std::vector<const EntryPointDesc *> &candidates,
                                const std::vector<UfuncOperand> &inputs) const;
};

Ufunc Module::ufunc(const std::string &name) const {
  const Manifest &m = state_->manifest;
  auto state = std::make_shared<Ufunc::State>(*this);
  state->name = name;
  for (const EntryPointDesc &e : m.entryPoints)
    if (e.ufunc && e.ufunc->name == name)
      state->loops[e.ufunc->kind].push_back(&e);
  if (state->loops.empty()) {
    std::string names;
    for (const std::string &n : m.ufuncNames())
      names += fmt::format("{}'{}'", names.empty() ? "" : ", ", n);
    throw Error(fmt::format("manifest {}: no ufunc '{}' ({})", m.displayName, name,
                            names.empty() ? "the module has no ufuncs"
                                          : "the module has " + names));
  }
  for (auto &[kind, entries] : state->loops)
    std::stable_sort(entries.begin(), entries.end(),
                     [](const EntryPointDesc *a, const EntryPointDesc *b) {
                       return a->ufunc->loop < b->ufunc->loop;
                     });
  for (UfuncKind k : {UfuncKind::Vectorize, UfuncKind::GUVectorize, UfuncKind::CudaReduce,
                      UfuncKind::Reduce})
    if (state->loops.count(k)) {
      state->kind = k;
      break;
    }
  state->desc = &*state->loops.at(state->kind).front()->ufunc;
  return Ufunc(std::move(state));
}

Module::Module(std::shared_ptr<State> state) : state_(std::move(state)) {}

Ufunc::Ufunc(std::shared_ptr<State> state) : state_(std::move(state)) {}

const std::string &Ufunc::name() const { return state_->name; }
UfuncKind Ufunc::kind() const { return state_->kind; }
std::uint32_t Ufunc::nin() const { return state_->desc->nin; }
std::uint32_t Ufunc::nout() const { return state_->desc->nout; }
const std::string &Ufunc::signature() const { return state_->desc->signature; }
const UfuncIdentity &Ufunc::identity() const { return state_->desc->identity; }

std::vector<const EntryPointDesc *> Ufunc::loops(UfuncKind kind) const {
  return state_->loopsOf(kind);
}

bool Ufunc::canReduce() const {
  return state_->loops.count(UfuncKind::Reduce) || state_->loops.count(UfuncKind::CudaReduce);
}

std::vector<std::string> Ufunc::operandNames() const {
  std::vector<std::string> names;
  const auto &loops = state_->callLoops();
  if (loops.empty())
    return names;
  for (std::size_t i = 3; i < loops.front()->arguments.size(); ++i)
    names.push_back(loops.front()->arguments[i].name);
  return names;
}

const EntryPointDesc &Ufunc::State::resolve(const std::vector<const EntryPointDesc *> &candidates,
                                            const std::vector<UfuncOperand> &inputs) const {
  const bool allScalars = std::all_of(inputs.begin(), inputs.end(), [](const UfuncOperand &o) {
    return std::holds_alternative<ScalarValue>(o);
  });
  // The dtype an input has for the exact match: an array's, a scalar's NumPy dtype.
  auto dtypeOf = [](const UfuncOperand &o) {
    if (const auto *a = std::get_if<HostArray>(&o))
      return a->dtype;
    return scalarDType(std::get<ScalarValue>(o));
  };
  for (const EntryPointDesc *e : candidates) {
    bool exact = true;
    for (std::size_t k = 0; k < inputs.size() && exact; ++k)
      exact = e->ufunc->types[k] == dtypeOf(inputs[k]);
    if (exact)
      return *e;
  }
  // numba-cuda's gufunc dispatch (GUFunc._search_matching_signature) then takes the
  // first loop whose types cast safely *to* the inputs' dtypes (np.can_cast(loop type,
  // input dtype)) and casts the inputs to it: twice(10) runs the int32 loop. NumPy's
  // rule below picks a loop where that finds none.
  if (kind == UfuncKind::GUVectorize)
    for (const EntryPointDesc *e : candidates) {
      bool fits = true;
      for (std::size_t k = 0; k < inputs.size() && fits; ++k)
        fits = canCast(e->ufunc->types[k], dtypeOf(inputs[k]), Casting::Safe);
      if (fits)
        return *e;
    }
  for (const EntryPointDesc *e : candidates) {
    bool fits = true;
    for (std::size_t k = 0; k < inputs.size() && fits; ++k) {
      const DType t = e->ufunc->types[k];
      if (const auto *a = std::get_if<HostArray>(&inputs[k]))
        fits = canCast(a->dtype, t, Casting::Safe);
      else if (allScalars)
        fits = canCast(dtypeOf(inputs[k]), t, Casting::Safe);
      else
        fits = weakScalarFits(std::get<ScalarValue>(inputs[k]), t);
    }
    if (fits)
      return *e;
  }
  std::string given, listed;
  for (const UfuncOperand &o : inputs) {
    if (const auto *a = std::get_if<HostArray>(&o))
      given += fmt::format("{}{} array", given.empty() ? "" : ", ", dtypeName(a->dtype));
    else
      given += fmt::format("{}{}", given.empty() ? "" : ", ",
                           scalarKindText(std::get<ScalarValue>(o)));
  }
  for (const EntryPointDesc *e : candidates)
    listed += fmt::format("{}{}", listed.empty() ? "" : "; ", loopText(*e->ufunc));
  throw Error(fmt::format("ufunc '{}' has no loop for the inputs ({}): its loops take {} (an "
                          "array input is cast only where NumPy's safe casting allows, a "
                          "Python scalar to a loop type of its kind)",
                          name, given, listed));
}

const EntryPointDesc &Ufunc::resolve(const std::vector<UfuncOperand> &inputs) const {
  const State &s = *state_;
  const auto &candidates = s.callLoops();
  if (candidates.empty())
    throw Error(fmt::format("ufunc '{}' is a {}: it is not called on operands{}", s.name,
                            toString(s.kind),
                            s.kind == UfuncKind::CudaReduce ? " but reduces an array (reduce)"
                                                            : ""));
  if (inputs.size() != s.desc->nin)
    throw Error(fmt::format("ufunc '{}' takes {} input{} ({}), not {}", s.name, s.desc->nin,
                            s.desc->nin == 1 ? "" : "s", s.desc->signature, inputs.size()));
  for (std::size_t k = 0; k < inputs.size(); ++k)
    if (const auto *a = std::get_if<HostArray>(&inputs[k]))
      checkView(*a, fmt::format("ufunc '{}': input {}", s.name, k));
  return s.resolve(candidates, inputs);
}

NpyArray Ufunc::operator()(const std::vector<UfuncOperand> &inputs) {
  if (nout() != 1)
    throw Error(fmt::format("ufunc '{}' has {} outputs: use call(), which returns them all",
                            name(), nout()));
  return std::move(call(inputs).front());
}

std::vector<NpyArray> Ufunc::call(const std::vector<UfuncOperand> &inputs,
                                  const std::vector<std::optional<HostArray>> &out,
                                  UfuncTrace *trace) {
  State &s = *state_;
  const EntryPointDesc &entry = resolve(inputs);
  const UfuncDesc &u = *entry.ufunc;
  const std::uint32_t nin = u.nin, nout = u.nout, operands = u.operands();
  const std::string who = fmt::format("ufunc '{}'", s.name);
  if (!out.empty() && out.size() != nout)
    throw Error(fmt::format("{}: out= has {} entries, but the ufunc has {} output{}", who,
                            out.size(), nout, nout == 1 ? "" : "s"));
  std::vector<std::optional<HostArray>> outputs = out;
  outputs.resize(nout);

  // Each operand's shape (a scalar's is ()), split into loop and core dimensions.
  std::vector<std::vector<std::int64_t>> loopShapes(operands), coreShapes(operands);
  std::map<std::string, std::pair<std::int64_t, std::uint32_t>> bound; // extent, operand
  auto split = [&](std::uint32_t k, const std::vector<std::int64_t> &shape) {
    const std::size_t c = u.coreDims[k].size();
    if (shape.size() < c) {
      std::string dims;
      for (const std::string &d : u.coreDims[k])
        dims += (dims.empty() ? "" : ", ") + d;
      throw Error(fmt::format("{}: {} has {} dimension{}, but its core dimensions ({}) of the "
                              "signature {} need at least {}",
                              who, operandText(k, nin), shape.size(),
                              shape.size() == 1 ? "" : "s", dims, u.signature, c));
    }
    loopShapes[k].assign(shape.begin(), shape.end() - static_cast<std::ptrdiff_t>(c));
    coreShapes[k].assign(shape.end() - static_cast<std::ptrdiff_t>(c), shape.end());
    for (std::size_t d = 0; d < c; ++d) {
      const std::string &dim = u.coreDims[k][d];
      const auto [it, inserted] = bound.emplace(dim, std::make_pair(coreShapes[k][d], k));
      if (!inserted && it->second.first != coreShapes[k][d])
        throw Error(fmt::format("{}: core dimension '{}' of the signature {} is {} in {} and {} "
                                "in {}",
                                who, dim, u.signature, it->second.first,
                                operandText(it->second.second, nin), coreShapes[k][d],
                                operandText(k, nin)));
    }
  };
  for (std::uint32_t k = 0; k < nin; ++k)
    if (const auto *a = std::get_if<HostArray>(&inputs[k]))
      split(k, a->shape);
    else
      split(k, {});

  // NumPy's broadcasting of the inputs' loop dimensions.
  std::size_t rank = 0;
  for (std::uint32_t k = 0; k < nin; ++k)
    rank = std::max(rank, loopShapes[k].size());
  std::vector<std::int64_t> loopShape(rank, 1);
  for (std::uint32_t k = 0; k < nin; ++k) {
    const std::size_t pad = rank - loopShapes[k].size();
    for (std::size_t d = 0; d < loopShapes[k].size(); ++d) {
      const std::int64_t e = loopShapes[k][d];
      std::int64_t &b = loopShape[pad + d];
      if (e == b || e == 1)
        continue;
      if (b != 1) {
        std::string shapes;
        for (std::uint32_t i = 0; i < nin; ++i)
          shapes += (i ? " " : "") + shapeText(loopShapes[i]);
        const bool core = std::any_of(u.coreDims.begin(), u.coreDims.end(),
                                      [](const auto &c) { return !c.empty(); });
        throw Error(fmt::format("{}: operands could not be broadcast together with {}shapes "
                                "{}{}",
                                who, core ? "loop " : "", shapes,
                                core ? fmt::format(" (without the core dimensions of the "
                                                   "signature {})",
                                                   u.signature)
                                     : std::string()));
      }
      b = e;
    }
  }
  // numba-cuda's gufunc schedule (GUFuncEngine.schedule): the loop is the largest
  // input's loop shape, and inputs whose loop shape is () or (1,) are the same operand
  // at every position ("pinned"), so f(x, y) with x of shape (4,) for (n) and y of
  // shape (1,) for () loops over () where NumPy's broadcasting gives (1,). Where that
  // rule accepts the inputs and keeps the positions, its loop shape is used, so
  // outputs get numba-cuda's shapes; elsewhere NumPy's broadcasting stands.
  if (u.kind == UfuncKind::GUVectorize && nin > 0) {
    std::uint32_t largest = 0;
    for (std::uint32_t k = 1; k < nin; ++k)
      if (product(loopShapes[k]) > product(loopShapes[largest]))
        largest = k;
    const std::vector<std::int64_t> numbaLoop = loopShapes[largest];
    bool accepts = product(numbaLoop) == product(loopShape);
    for (std::uint32_t k = 0; k < nin && accepts; ++k)
      accepts = loopShapes[k] == numbaLoop || loopShapes[k].empty() ||
                loopShapes[k] == std::vector<std::int64_t>{1};
    if (accepts && numbaLoop != loopShape) {
      loopShape = numbaLoop;
      rank = loopShape.size();
      for (std::uint32_t k = 0; k < nin; ++k)
        if (loopShapes[k].size() > rank)
          loopShapes[k].clear(); // (1,) against a loop of (): pinned
    }
  }

  // The outputs: given ones have the loop shape and bind their core dimensions;
  // the others take their core extents from the inputs.
  for (std::uint32_t j = 0; j < nout; ++j) {
    const std::uint32_t k = nin + j;
    if (!outputs[j])
      continue;
    const HostArray &o = *outputs[j];
    checkView(o, fmt::format("{}: {}", who, operandText(k, nin)));
    split(k, o.shape);
    if (loopShapes[k] != loopShape)
      throw Error(fmt::format("{}: {} has shape {}, but the inputs broadcast to the loop shape "
                              "{}{}",
                              who, operandText(k, nin), shapeText(o.shape), shapeText(loopShape),
                              u.coreDims[k].empty()
                                  ? std::string()
                                  : fmt::format(", followed by its core dimensions")));
    if (!canCast(u.types[k], o.dtype, Casting::SameKind))
      throw Error(fmt::format("{}: cannot cast {} from {} to {} with casting rule 'same_kind'",
                              who, operandText(k, nin), dtypeName(u.types[k]),
                              dtypeName(o.dtype)));
    checkWritable(o, fmt::format("{}: {}", who, operandText(k, nin)));
  }
  for (std::uint32_t j = 0; j < nout; ++j) {
    const std::uint32_t k = nin + j;
    if (outputs[j])
      continue;
    loopShapes[k] = loopShape;
    for (const std::string &dim : u.coreDims[k]) {
      const auto it = bound.find(dim);
      if (it == bound.end())
        throw Error(fmt::format("{}: core dimension '{}' of {} (signature {}) is in no input: "
                                "pass the output (out=) to give its extent",
                                who, dim, operandText(k, nin), u.signature));
      coreShapes[k].push_back(it->second.first);
    }
  }

  const std::int64_t loopSize = product(loopShape);
  if (loopSize > kInt32Max)
    throw Error(fmt::format("{}: the loop shape {} has {} positions, more than the loops' "
                            "32-bit nvc_loop_size holds ({})",
                            who, shapeText(loopShape), loopSize, kInt32Max));

  // The kernel's operands: (positions, core extents...) in C order, of the loop's dtypes.
  const std::size_t L = std::max<std::size_t>(rank, 1);
  std::vector<std::int32_t> shapeArg(L, 1);
  for (std::size_t d = 0; d < rank; ++d)
    shapeArg[d] = static_cast<std::int32_t>(loopShape[d]);
  std::vector<std::int32_t> stridesArg(static_cast<std::size_t>(operands) * L, 0);
  std::vector<NpyArray> arrays(operands);
  std::vector<std::optional<HostArray>> views(operands); // inputs bound without a copy
  std::vector<std::pair<const unsigned char *, const unsigned char *>> direct; // their bytes
  for (std::uint32_t k = 0; k < operands; ++k) {
    // Operand k's positions are those of its own loop extents (C order), its steps
    // 0 along the dimensions it is broadcast over.
    const std::vector<std::int64_t> &own = loopShapes[k];
    const std::size_t pad = rank - own.size();
    std::int64_t step = 1;
    for (std::size_t d = own.size(); d-- > 0;) {
      if (own[d] != 1)
        stridesArg[k * L + pad + d] = static_cast<std::int32_t>(step);
      step *= own[d];
    }
    NpyArray &a = arrays[k];
    a.dtype = u.types[k];
    a.shape = {product(own)};
    a.shape.insert(a.shape.end(), coreShapes[k].begin(), coreShapes[k].end());
    const std::int64_t elements = product(a.shape);
    if (k >= nin) {
      a.bytes.resize(static_cast<std::size_t>(elements) * dtypeSize(a.dtype));
      continue;
    }
    if (const auto *v = std::get_if<ScalarValue>(&inputs[k])) {
      a.bytes.resize(dtypeSize(a.dtype));
      castScalar(*v, a.dtype, a.bytes.data(),
                 fmt::format("{}: input {} ({} {})", who, k, scalarKindText(*v), toString(*v)));
      continue;
    }
    const HostArray &src = std::get<HostArray>(inputs[k]);
    // A C-contiguous input of the loop's dtype is bound as it is (the kernel only reads
    // it), unless it overlaps another input bound so, which a kernel relying on the
    // no-alias rule would refuse.
    const auto *bytes = static_cast<const unsigned char *>(src.data);
    const std::pair<const unsigned char *, const unsigned char *> span{
        bytes, bytes + static_cast<std::size_t>(elements) * dtypeSize(a.dtype)};
    const bool overlaps = std::any_of(direct.begin(), direct.end(), [&](const auto &other) {
      return span.first < other.second && other.first < span.second;
    });
    if (src.dtype == a.dtype && src.isCContiguous() && elements > 0 &&
        !entry.arguments[3 + k].writes() && !overlaps) {
      views[k] = HostArray::contiguous(src.data, a.dtype, a.shape);
      direct.push_back(span);
      continue;
    }
    a.bytes.resize(static_cast<std::size_t>(elements) * dtypeSize(a.dtype));
    castArray(src, HostArray::contiguous(a.bytes.data(), a.dtype, src.shape));
  }

  const Device::Context &ctx = s.context();
  UfuncTrace local;
  UfuncTrace &t = trace ? *trace : local;
  t = UfuncTrace{};
  t.loop = &entry;
  t.loopShape = loopShape;
  std::optional<KernelError> raised;
  if (loopSize > 0) {
    Arguments args;
    args.scalar(entry.arguments[0].name, loopSize);
    args.array(entry.arguments[1].name,
               HostArray::contiguous(shapeArg.data(), DType::Int32,
                                     {static_cast<std::int64_t>(L)}));
    args.array(entry.arguments[2].name,
               HostArray::contiguous(stridesArg.data(), DType::Int32,
                                     {static_cast<std::int64_t>(operands),
                                      static_cast<std::int64_t>(L)}));
    for (std::uint32_t k = 0; k < operands; ++k)
      args.array(entry.arguments[3 + k].name, views[k] ? *views[k] : arrays[k].view());
    Kernel &kernel = s.kernel(entry);
    try {
      t.dispatches.push_back(
          kernel.launch(args, ufuncLoopLaunch(loopSize, entry, ctx.limits)).dispatch);
    } catch (const KernelError &e) {
      raised = e; // the outputs were copied back: write them, then report it
    }
  }

  std::vector<NpyArray> results;
  for (std::uint32_t j = 0; j < nout; ++j) {
    NpyArray &a = arrays[nin + j];
    a.shape = loopShape;
    a.shape.insert(a.shape.end(), coreShapes[nin + j].begin(), coreShapes[nin + j].end());
    if (outputs[j])
      castArray(a.view(), *outputs[j]);
    results.push_back(std::move(a));
  }
  if (raised)
    throw *raised;
  return results;
}

NpyArray Ufunc::reduce(const HostArray &array, const ReduceOptions &options, UfuncTrace *trace) {
  State &s = *state_;
  const std::string who = fmt::format("ufunc '{}'", s.name);
  const bool cuda = s.loops.count(UfuncKind::CudaReduce) > 0;
  const auto &candidates = s.loopsOf(cuda ? UfuncKind::CudaReduce : UfuncKind::Reduce);
  if (candidates.empty())
    throw Error(fmt::format("{} cannot reduce: the module has no reduce loops for it (nvc "
                            "compiles .reduce for a vectorize of two inputs and one output, and "
                            "@cuda.reduce functions)",
                            who));
  if (!cuda && (options.size || options.res))
    throw Error(fmt::format("{}: size= and res= belong to a @cuda.reduce function; this is the "
                            ".reduce of a vectorize (NumPy's ufunc.reduce, axis=None)",
                            who));
  checkView(array, who + ": the array");
  HostArray view = array;
  view.strides = array.effectiveStrides();
  if (cuda) {
    if (view.shape.size() != 1)
      throw Error(fmt::format("{}: a @cuda.reduce function reduces a 1-d array (numba-cuda: "
                              "\"only support 1D array\"), not one of shape {}",
                              who, shapeText(view.shape)));
    if (options.size) {
      const std::int64_t n = view.shape[0], size = *options.size;
      view.shape[0] = size < 0 ? std::max<std::int64_t>(0, n + size) : std::min(size, n);
    }
  }
  const EntryPointDesc &entry = s.resolve(candidates, {view, view});
  const ArgumentDesc &partialsDesc = entry.arguments[4];
  const DType t = partialsDesc.dtype;
  const std::int64_t n = view.elementCount();

  // The initial value, as bytes of the result dtype.
  std::optional<std::vector<unsigned char>> init;
  if (options.init || cuda) {
    const ScalarValue value = options.init.value_or(ScalarValue(std::int64_t(0)));
    if (!cuda && !weakScalarFits(value, t))
      throw Error(fmt::format("{}: the initial value {} ({}) cannot be cast to the reduction's "
                              "{} by kind",
                              who, toString(value), scalarKindText(value), dtypeName(t)));
    init.emplace(dtypeSize(t));
    castScalar(value, t, init->data(), fmt::format("{}: the initial value", who));
  }

  UfuncTrace local;
  UfuncTrace &tr = trace ? *trace : local;
  tr = UfuncTrace{};
  tr.loop = &entry;
  tr.loopShape = {n};
  NpyArray result;
  if (n == 0) {
    if (init) {
      result = scalarArray(t, init->data());
    } else if (s.desc->identity.kind == UfuncIdentity::Kind::Number) {
      const ScalarValue identity =
          std::visit([](auto v) { return ScalarValue(v); }, s.desc->identity.number);
      std::vector<unsigned char> bytes(dtypeSize(t));
      castScalar(identity, t, bytes.data(), fmt::format("{}: the identity", who));
      result = scalarArray(t, bytes.data());
    } else {
      throw Error(fmt::format("zero-size array to reduction operation {} which has no identity",
                              s.name));
    }
  } else {
    if (n > kInt32Max)
      throw Error(fmt::format("{}: {} elements are more than a reduction's 32-bit nvc_n holds "
                              "({})",
                              who, n, kInt32Max));
    // The elements in C order, of the loop's dtype, on the device (a 1-d view of that
    // dtype is copied as it is; others are converted on the host first).
    NpyArray elements;
    HostArray flat = view;
    if (view.dtype != t || view.shape.size() != 1) {
      elements.dtype = t;
      elements.shape = {n};
      elements.bytes.resize(static_cast<std::size_t>(n) * dtypeSize(t));
      castArray(view, HostArray::contiguous(elements.bytes.data(), t, view.shape));
      flat = elements.view();
    }
    const Device device = s.device();
    Stream stream = Stream::defaultStream(device);
    DeviceArray input = DeviceArray::forArgument(device, entry, entry.arguments[3].name, {n});
    stream.copyToDevice(flat, input);
    Kernel &kernel = s.kernel(entry);
    const std::uint32_t W = entry.workgroupSize[0];
    const ScalarValue initValue = init ? elementAsScalar(t, init->data()) : zeroOf(t);
    // Pass 1: G workgroups over the input; pass 2 (when G > 1): one over the partials.
    DeviceArray current = input;
    std::int64_t m = n;
    std::uint64_t groups = reducePassGroups(n, W, s.context().limits);
    while (true) {
      DeviceArray partials =
          DeviceArray::forArgument(device, entry, partialsDesc.name,
                                   {static_cast<std::int64_t>(groups)});
      const bool last = groups == 1;
      DeviceArguments args;
      args.scalar(entry.arguments[0].name, m)
          .scalar(entry.arguments[1].name, (last && init) ? 1 : 0)
          .scalar(entry.arguments[2].name, initValue)
          .array(entry.arguments[3].name, current)
          .array(partialsDesc.name, partials);
      tr.dispatches.push_back(kernel.launch(args, LaunchConfig::groups(groups), stream).dispatch);
      current = partials;
      m = static_cast<std::int64_t>(groups);
      if (last)
        break;
      groups = 1;
    }
    result.dtype = t;
    result.shape = {};
    result.bytes.resize(dtypeSize(t));
    stream.copyToHost(current, HostArray::contiguous(result.bytes.data(), t, {1}));
    stream.synchronize();
  }
  if (options.res) {
    const HostArray &res = *options.res;
    checkView(res, who + ": res");
    if (res.elementCount() == 0)
      throw Error(fmt::format("{}: res has no element to write the result into (shape {})", who,
                              shapeText(res.shape)));
    if (!canCast(t, res.dtype, Casting::SameKind))
      throw Error(fmt::format("{}: cannot cast the result from {} to res's {} with casting rule "
                              "'same_kind'",
                              who, dtypeName(t), dtypeName(res.dtype)));
    castElement(t, result.bytes.data(), res.dtype, res.data);
  }
  return result;
}

std::string formatResult(const NpyArray &result) {
  if (result.elementCount() != 1)
    throw Error(fmt::format("formatResult: an array of shape {} is not one value",
                            shapeText(result.shape)));
  const DType d = result.dtype;
  const void *e = result.bytes.data();
  if (d == DType::Bool)
    return result.bytes[0] ? "True" : "False";
  if (isComplexDType(d)) {
    std::complex<double> z;
    castElement(d, e, DType::Complex128, &z);
    return detail::formatComplex(z.real(), z.imag(), d == DType::Complex64);
  }
  if (isFloatDType(d)) {
    double v;
    castElement(d, e, DType::Float64, &v);
    if (d == DType::Float16 && std::isfinite(v)) {
      // The shortest decimal that reads back as the same half (NumPy's repr), then
      // printed as that double.
      std::uint16_t bits;
      std::memcpy(&bits, e, 2);
      for (int digits = 1; digits <= 17; ++digits) {
        const double shortest = std::strtod(fmt::format("{:.{}g}", v, digits).c_str(), nullptr);
        if (doubleToHalf(shortest) == bits)
          return detail::formatFloat(shortest, false);
      }
    }
    return detail::formatFloat(v, d == DType::Float32);
  }
  return toString(elementAsScalar(d, e));
}

LaunchConfig ufuncLoopLaunch(std::int64_t loopSize, const EntryPointDesc &loop,
                             const DeviceLimits &limits) {
  const std::uint64_t wg = loop.workgroupSize[0];
  // At most 65535 workgroups (Vulkan's guaranteed maxComputeWorkGroupCount[0]),
  // each invocation looping over the positions a grid's stride apart: on the H200
  // 004's float32 gaussian over 2^26 elements took 0.566 ms so (64-wide groups)
  // against 0.68 ms with one invocation per position.
  std::uint64_t cap = std::min<std::uint64_t>(limits.maxComputeWorkGroupCount[0], 65535);
  if (loop.indexBits == 32) {
    // planDispatch's bound: the (coarsened) grid's indices stay below 2^31.
    const std::uint64_t c = loop.coarsen;
    cap = std::min<std::uint64_t>(cap, std::max<std::uint64_t>(1, kInt32Max / (wg * c)) * c);
  }
  const std::uint64_t n = static_cast<std::uint64_t>(std::max<std::int64_t>(loopSize, 1));
  return LaunchConfig::groups(std::min((n + wg - 1) / wg, cap));
}

std::uint64_t reducePassGroups(std::int64_t elements, std::uint32_t workgroupSize,
                               const DeviceLimits &limits) {
  const std::uint64_t n = static_cast<std::uint64_t>(std::max<std::int64_t>(elements, 1));
  const std::uint64_t cap =
      std::min<std::uint64_t>(kMaxReduceGroups, limits.maxComputeWorkGroupCount[0]);
  return std::max<std::uint64_t>(1, std::min((n + workgroupSize - 1) / workgroupSize, cap));
}

} // namespace nvc::rt
