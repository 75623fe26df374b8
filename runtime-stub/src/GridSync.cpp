// Grid-wide synchronisation: the per-launch evaluation of the manifest's
// `grid_sync.dispatches` and the size of the state buffer (nvc/GridSync.h).
#include "nvc/GridSync.h"

#include "nvc/Error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace nvc::rt {
namespace {

const char *opName(GridSyncExpr::Op op) {
  switch (op) {
  case GridSyncExpr::Op::Add:
    return "+";
  case GridSyncExpr::Op::Sub:
    return "-";
  case GridSyncExpr::Op::Mul:
    return "*";
  case GridSyncExpr::Op::FloorDiv:
    return "//";
  case GridSyncExpr::Op::Max:
    return "max";
  case GridSyncExpr::Op::Min:
    return "min";
  case GridSyncExpr::Op::RangeLen:
    return "range_len";
  }
  return "?";
}

class Evaluator {
public:
  Evaluator(const EntryPointDesc &entry, const BoundArguments &bound)
      : entry_(entry), bound_(bound) {}

  std::int64_t eval(const GridSyncExpr &x) const {
    switch (x.kind) {
    case GridSyncExpr::Kind::Constant:
      return x.value;
    case GridSyncExpr::Kind::Arg:
      return scalar(x.name);
    case GridSyncExpr::Kind::Shape:
      return extent(x.name, x.dim);
    case GridSyncExpr::Kind::Op:
      break;
    }
    std::vector<std::int64_t> v;
    for (const GridSyncExpr &a : x.args)
      v.push_back(eval(a));
    std::int64_t r = 0;
    switch (x.op) {
    case GridSyncExpr::Op::Add:
      if (__builtin_add_overflow(v.at(0), v.at(1), &r))
        overflow(x, v);
      return r;
    case GridSyncExpr::Op::Sub:
      if (__builtin_sub_overflow(v.at(0), v.at(1), &r))
        overflow(x, v);
      return r;
    case GridSyncExpr::Op::Mul:
      if (__builtin_mul_overflow(v.at(0), v.at(1), &r))
        overflow(x, v);
      return r;
    case GridSyncExpr::Op::FloorDiv: {
      const std::int64_t a = v.at(0), b = v.at(1);
      if (b == 0)
        fail(fmt::format("integer division by zero in {} ({} // 0)", formatGridSyncExpr(x), a));
      if (a == std::numeric_limits<std::int64_t>::min() && b == -1)
        overflow(x, v);
      std::int64_t q = a / b;
      if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q; // Python rounds toward negative infinity
      return q;
    }
    case GridSyncExpr::Op::Max:
      return *std::max_element(v.begin(), v.end());
    case GridSyncExpr::Op::Min:
      return *std::min_element(v.begin(), v.end());
    case GridSyncExpr::Op::RangeLen: {
      const __int128 start = v.at(0), stop = v.at(1), step = v.at(2);
      if (step == 0)
        fail(fmt::format("range() arg 3 must not be zero in {}", formatGridSyncExpr(x)));
      __int128 len = 0;
      if (step > 0 && start < stop)
        len = (stop - start - 1) / step + 1;
      else if (step < 0 && start > stop)
        len = (start - stop - 1) / (-step) + 1;
      if (len > std::numeric_limits<std::int64_t>::max()) // range(-2**63, 2**63 - 1)
        overflow(x, v);
      return static_cast<std::int64_t>(len);
    }
    }
    return r;
  }

private:
  [[noreturn]] void fail(const std::string &what) const {
    throw Error(fmt::format("kernel '{}': the number of grid-sync dispatches: {}", entry_.name,
                            what));
  }
  [[noreturn]] void overflow(const GridSyncExpr &x, const std::vector<std::int64_t> &v) const {
    std::string values;
    for (std::size_t i = 0; i < v.size(); ++i)
      values += fmt::format("{}{}", i ? ", " : "", v[i]);
    fail(fmt::format("{} overflows a signed 64-bit integer (operands {})", formatGridSyncExpr(x),
                     values));
  }

  std::int64_t scalar(const std::string &name) const {
    for (const BoundScalar &s : bound_.scalars()) {
      if (s.desc->name != name)
        continue;
      // The value as the kernel sees it: the parameter-block field (sub-32-bit
      // types sign- or zero-extended to 4 bytes, bool 0/1).
      const DType t = s.desc->deviceDType;
      if (dtypeSize(t) == 8) {
        if (t == DType::UInt64) {
          std::uint64_t u;
          std::memcpy(&u, s.field.data(), 8);
          if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            fail(fmt::format("argument '{}' is {}, beyond a signed 64-bit integer", name, u));
          return static_cast<std::int64_t>(u);
        }
        std::int64_t i;
        std::memcpy(&i, s.field.data(), 8);
        return i;
      }
      if (isSignedDType(t)) {
        std::int32_t i;
        std::memcpy(&i, s.field.data(), 4);
        return i;
      }
      std::uint32_t u;
      std::memcpy(&u, s.field.data(), 4);
      return u;
    }
    fail(fmt::format("no scalar argument '{}' in the launch", name));
  }

  std::int64_t extent(const std::string &name, std::uint32_t dim) const {
    for (const BoundArray &a : bound_.arrays())
      if (a.desc->name == name) {
        if (dim >= a.host.shape.size())
          fail(fmt::format("array '{}' has no axis {}", name, dim));
        return a.host.shape[dim];
      }
    fail(fmt::format("no array argument '{}' in the launch", name));
  }

  const EntryPointDesc &entry_;
  const BoundArguments &bound_;
};

} // namespace

std::int64_t evaluateGridSyncExpr(const GridSyncExpr &expr, const EntryPointDesc &entry,
                                  const BoundArguments &bound) {
  return Evaluator(entry, bound).eval(expr);
}

std::string formatGridSyncExpr(const GridSyncExpr &x) {
  switch (x.kind) {
  case GridSyncExpr::Kind::Constant:
    return std::to_string(x.value);
  case GridSyncExpr::Kind::Arg:
    return x.name;
  case GridSyncExpr::Kind::Shape:
    return fmt::format("{}.shape[{}]", x.name, x.dim);
  case GridSyncExpr::Kind::Op:
    break;
  }
  std::string args;
  for (std::size_t i = 0; i < x.args.size(); ++i)
    args += (i ? ", " : "") + formatGridSyncExpr(x.args[i]);
  switch (x.op) {
  case GridSyncExpr::Op::Max:
  case GridSyncExpr::Op::Min:
    return fmt::format("{}({})", opName(x.op), args);
  case GridSyncExpr::Op::RangeLen:
    return fmt::format("len(range({}))", args);
  default:
    return fmt::format("({} {} {})", formatGridSyncExpr(x.args.at(0)), opName(x.op),
                       formatGridSyncExpr(x.args.at(1)));
  }
}

GridSyncPlan planGridSync(const EntryPointDesc &entry, const BoundArguments &bound,
                          const DispatchShape &shape, const DeviceLimits &limits) {
  if (!entry.gridSync)
    throw Error(fmt::format("kernel '{}' does not synchronise its grid", entry.name));
  const GridSyncDesc &gs = *entry.gridSync;
  GridSyncPlan plan;
  if (gs.dispatches) {
    const std::int64_t d = evaluateGridSyncExpr(*gs.dispatches, entry, bound);
    if (d > kMaxGridSyncDispatches)
      throw Error(fmt::format("kernel '{}': {} grid-sync dispatches ({} = {}) are more than "
                              "the runtime runs in one launch ({})",
                              entry.name, d, formatGridSyncExpr(*gs.dispatches), d,
                              kMaxGridSyncDispatches));
    plan.dispatches = static_cast<std::uint64_t>(std::max<std::int64_t>(1, d));
  } else {
    plan.dynamic = true;
    plan.dispatches = 0;
  }
  // Each factor is below 2^32, so the product of the six fits 192 bits; stop early.
  unsigned __int128 n = 1;
  for (int axis = 0; axis < 3; ++axis) {
    n *= shape.workgroupCount[axis];
    n *= shape.workgroupSize[axis];
  }
  // A dynamic schedule's flag word follows the slots.
  const unsigned __int128 words = n * gs.wordsPerInvocation + (plan.dynamic ? 1 : 0);
  const unsigned __int128 bytes = words * 4;
  const std::string what = fmt::format(
      "kernel '{}' synchronises its grid and keeps {} word{} of state per invocation: {} "
      "invocations ({} workgroups of {}) need",
      entry.name, gs.wordsPerInvocation, gs.wordsPerInvocation == 1 ? "" : "s",
      static_cast<std::uint64_t>(std::min<unsigned __int128>(n, UINT64_MAX)),
      formatSize(shape.workgroupCount), formatSize(shape.workgroupSize));
  if (bytes > limits.maxStorageBufferRange)
    throw Error(fmt::format("{} a state buffer of {} bytes, more than the device's "
                            "maxStorageBufferRange ({} bytes); launch fewer invocations",
                            what, static_cast<std::uint64_t>(std::min<unsigned __int128>(bytes, UINT64_MAX)),
                            limits.maxStorageBufferRange));
  if (entry.indexBits == 32 && words >= (unsigned __int128)1 << 31)
    throw Error(fmt::format("{} {} words of state, more than 32-bit indices reach (2^31 - 1); "
                            "launch fewer invocations or compile with --index-bits=64",
                            what, static_cast<std::uint64_t>(words)));
  plan.invocations = static_cast<std::uint64_t>(n);
  plan.words = static_cast<std::uint64_t>(words);
  plan.bytes = static_cast<std::uint64_t>(bytes);
  plan.fillBytes = plan.invocations * 4;
  if (plan.dynamic)
    plan.flagOffset = (plan.words - 1) * 4;
  return plan;
}

} // namespace nvc::rt
