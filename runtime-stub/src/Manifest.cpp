// Loader of the binding manifest (docs/manifest.md). Each field is fetched through a
// checker that knows the path to it, so every message says where the problem is:
// "manifest kernel.json: entry point 'saxpy': argument 2 ('y'): missing field
// 'binding'". After the fields, the loader checks what the JSON Schema cannot express:
// dtype/device_dtype pairs, shape/stride offset counts equal to ndim, parameter-block
// fields inside the block, aligned to their size and not overlapping, distinct
// bindings and spec ids; and a ufunc entry point's `ufunc` object against its argument
// list (docs/manifest.md "Ufuncs") and the other entry points of the same ufunc.
#include "nvc/Manifest.h"

#include "nvc/Error.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <set>

namespace nvc::rt {
namespace {

using nlohmann::json;

/// Where in the manifest we are, for messages.
class Path {
public:
  explicit Path(std::string prefix) : prefix_(std::move(prefix)) {}
  Path child(const std::string &what) const { return Path(prefix_ + ": " + what); }
  [[noreturn]] void fail(const std::string &what) const { throw Error(prefix_ + ": " + what); }

private:
  std::string prefix_;
};

std::string describe(const json &value) {
  std::string text = value.dump();
  if (text.size() > 40)
    text = text.substr(0, 37) + "...";
  return fmt::format("{} {}", value.type_name(), text);
}

const json &field(const json &object, const char *name, const Path &path) {
  const auto it = object.find(name);
  if (it == object.end())
    path.fail(fmt::format("missing field '{}'", name));
  return *it;
}

std::string stringField(const json &object, const char *name, const Path &path,
                        bool allowEmpty = false) {
  const json &v = field(object, name, path);
  if (!v.is_string())
    path.fail(fmt::format("field '{}' must be a string, not {}", name, describe(v)));
  std::string s = v.get<std::string>();
  if (s.empty() && !allowEmpty)
    path.fail(fmt::format("field '{}' must not be empty", name));
  return s;
}

std::uint64_t toUnsigned(const json &v, const std::string &what, const Path &path,
                         std::uint64_t max) {
  if (!v.is_number_integer() ||
      (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0))
    path.fail(fmt::format("{} must be a non-negative integer, not {}", what, describe(v)));
  const auto u = v.get<std::uint64_t>();
  if (u > max)
    path.fail(fmt::format("{} is {}, more than the maximum {}", what, u, max));
  return u;
}

std::uint32_t u32Field(const json &object, const char *name, const Path &path) {
  return static_cast<std::uint32_t>(toUnsigned(field(object, name, path),
                                               fmt::format("field '{}'", name), path,
                                               std::numeric_limits<std::uint32_t>::max()));
}

const json &arrayField(const json &object, const char *name, const Path &path) {
  const json &v = field(object, name, path);
  if (!v.is_array())
    path.fail(fmt::format("field '{}' must be an array, not {}", name, describe(v)));
  return v;
}

std::vector<std::uint32_t> u32ArrayField(const json &object, const char *name, const Path &path) {
  std::vector<std::uint32_t> out;
  const json &a = arrayField(object, name, path);
  for (std::size_t i = 0; i < a.size(); ++i)
    out.push_back(static_cast<std::uint32_t>(toUnsigned(
        a[i], fmt::format("{}[{}]", name, i), path, std::numeric_limits<std::uint32_t>::max())));
  return out;
}

std::vector<std::string> stringArrayField(const json &object, const char *name, const Path &path) {
  std::vector<std::string> out;
  const json &a = arrayField(object, name, path);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string())
      path.fail(fmt::format("{}[{}] must be a string, not {}", name, i, describe(a[i])));
    out.push_back(a[i].get<std::string>());
  }
  return out;
}

template <class Enum, std::size_t N>
Enum enumField(const json &object, const char *name, const Path &path,
               const std::pair<const char *, Enum> (&values)[N]) {
  const std::string s = stringField(object, name, path, /*allowEmpty=*/true);
  std::string allowed;
  for (const auto &[text, value] : values) {
    if (s == text)
      return value;
    allowed += fmt::format("{}'{}'", allowed.empty() ? "" : ", ", text);
  }
  path.fail(fmt::format("field '{}' is '{}', expected one of {}", name, s, allowed));
}

DType dtypeField(const json &object, const char *name, const Path &path) {
  const std::string s = stringField(object, name, path, /*allowEmpty=*/true);
  if (auto d = dtypeFromName(s))
    return *d;
  path.fail(fmt::format("field '{}' is '{}', not a supported dtype (bool, int8, int16, int32, "
                        "int64, uint8, uint16, uint32, uint64, float32, float64, complex64, "
                        "complex128)",
                        name, s));
}

constexpr std::pair<const char *, ArgumentKind> kKinds[] = {{"scalar", ArgumentKind::Scalar},
                                                            {"array", ArgumentKind::Array}};
constexpr std::pair<const char *, ArrayLayout> kLayouts[] = {
    {"C", ArrayLayout::C}, {"F", ArrayLayout::F}, {"A", ArrayLayout::A}};
constexpr std::pair<const char *, ArrayAccess> kAccesses[] = {
    {"read", ArrayAccess::Read},
    {"write", ArrayAccess::Write},
    {"readwrite", ArrayAccess::ReadWrite}};
constexpr std::pair<const char *, ParameterBlockKind> kBlockKinds[] = {
    {"push_constant", ParameterBlockKind::PushConstant},
    {"uniform_buffer", ParameterBlockKind::UniformBuffer},
    {"none", ParameterBlockKind::None}};

void requireObject(const json &v, const std::string &what, const Path &path) {
  if (!v.is_object())
    path.fail(fmt::format("{} must be an object, not {}", what, describe(v)));
}

/// " ('y')" when a JSON object has a string "name", else "".
std::string nameSuffix(const json &object) {
  if (object.is_object()) {
    const auto it = object.find("name");
    if (it != object.end() && it->is_string())
      return fmt::format(" ('{}')", it->get<std::string>());
  }
  return "";
}

/// The `record` object of an array of records (docs/manifest.md "Arrays of records"),
/// checked against its argument `a`: bytes (uint8) of one more dimension than the
/// record array, fields with distinct names inside the itemsize.
RecordDesc parseRecord(const json &j, const ArgumentDesc &a, const Path &argPath) {
  requireObject(j, "field 'record'", argPath);
  const Path path = argPath.child("record");
  RecordDesc r;
  r.ndim = u32Field(j, "ndim", path);
  r.itemsize = u32Field(j, "itemsize", path);
  if (r.itemsize == 0)
    path.fail("field 'itemsize' must be at least 1");
  const json &aligned = field(j, "aligned", path);
  if (!aligned.is_boolean())
    path.fail(fmt::format("field 'aligned' must be true or false, not {}", describe(aligned)));
  r.aligned = aligned.get<bool>();
  if (a.dtype != DType::UInt8 || a.deviceDType != DType::UInt8)
    argPath.fail(fmt::format("an array of records travels as its bytes: dtype and device_dtype "
                             "must be 'uint8', not '{}' and '{}'",
                             dtypeName(a.dtype), dtypeName(a.deviceDType)));
  if (a.ndim != static_cast<std::uint64_t>(r.ndim) + 1)
    argPath.fail(fmt::format("an array of records of {} dimensions is a uint8 array of {} (the "
                             "bytes of each record last), but ndim is {}",
                             r.ndim, static_cast<std::uint64_t>(r.ndim) + 1, a.ndim));
  if (a.layout == ArrayLayout::F && r.ndim > 0)
    argPath.fail("an array of records has layout 'C' or 'A' (the uint8 array of its bytes, each "
                 "record's last, is never Fortran-contiguous)");
  const json &fields = arrayField(j, "fields", path);
  if (fields.empty())
    path.fail("field 'fields' is empty");
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const Path fieldPath = path.child(fmt::format("field {}{}", i, nameSuffix(fields[i])));
    requireObject(fields[i], "the field", fieldPath);
    RecordField f;
    f.name = stringField(fields[i], "name", fieldPath);
    if (r.field(f.name))
      fieldPath.fail(fmt::format("the name '{}' is used by an earlier field", f.name));
    f.dtype = dtypeField(fields[i], "dtype", fieldPath);
    f.offset = u32Field(fields[i], "offset", fieldPath);
    if (fields[i].contains("shape")) {
      const std::vector<std::uint32_t> shape = u32ArrayField(fields[i], "shape", fieldPath);
      if (shape.empty())
        fieldPath.fail("field 'shape' must not be empty (a scalar field has none)");
      for (std::uint32_t e : shape) {
        if (e == 0)
          fieldPath.fail("field 'shape' has an extent 0");
        f.shape.push_back(e);
      }
    }
    // The field's bytes, without overflowing: each factor is at most the itemsize.
    std::uint64_t bytes = dtypeSize(f.dtype);
    for (std::int64_t e : f.shape)
      bytes = std::min<std::uint64_t>(bytes * static_cast<std::uint64_t>(e), r.itemsize + 1);
    if (f.offset + bytes > r.itemsize) {
      std::string shape;
      for (std::size_t d = 0; d < f.shape.size(); ++d)
        shape += fmt::format("{}{}", d ? ", " : " of shape (", f.shape[d]);
      if (!f.shape.empty())
        shape += f.shape.size() == 1 ? ",)" : ")";
      fieldPath.fail(fmt::format("the field ({}{} at byte {}) ends after the record's {} bytes",
                                 dtypeName(f.dtype), shape, f.offset, r.itemsize));
    }
    r.fields.push_back(std::move(f));
  }
  return r;
}

ArgumentDesc parseArgument(const json &j, const Path &path) {
  ArgumentDesc a;
  a.name = stringField(j, "name", path);
  a.kind = enumField(j, "kind", path, kKinds);
  a.dtype = dtypeField(j, "dtype", path);
  a.deviceDType = dtypeField(j, "device_dtype", path);
  if (!isStorageDTypeOf(a.dtype, a.deviceDType))
    path.fail(fmt::format("device_dtype '{}' does not go with dtype '{}' (only int64 may narrow "
                          "to int32, uint64 to uint32, float64 to float32 and complex128 to "
                          "complex64)",
                          dtypeName(a.deviceDType), dtypeName(a.dtype)));
  if (a.kind == ArgumentKind::Scalar) {
    if (j.contains("record"))
      path.fail("a scalar has no 'record' (a record is passed as a 1-d uint8 array of its "
                "bytes)");
    a.offset = u32Field(j, "offset", path);
    return a;
  }
  a.ndim = u32Field(j, "ndim", path);
  a.layout = enumField(j, "layout", path, kLayouts);
  a.access = enumField(j, "access", path, kAccesses);
  a.binding = u32Field(j, "binding", path);
  a.shapeOffsets = u32ArrayField(j, "shape_offsets", path);
  a.strideOffsets = u32ArrayField(j, "stride_offsets", path);
  a.offsetOffset = u32Field(j, "offset_offset", path);
  if (a.shapeOffsets.size() != a.ndim)
    path.fail(
        fmt::format("shape_offsets has {} entries but ndim is {}", a.shapeOffsets.size(), a.ndim));
  if (a.strideOffsets.size() != a.ndim)
    path.fail(fmt::format("stride_offsets has {} entries but ndim is {}", a.strideOffsets.size(),
                          a.ndim));
  if (j.contains("record"))
    a.record = parseRecord(j.at("record"), a, path);
  return a;
}

/// A field of the parameter block, for the layout checks.
struct BlockField {
  std::uint32_t offset;
  std::uint32_t size;
  std::string what;
  std::uint32_t align = 0; ///< complex scalars: the size of one part; else 0 (its size)
};

void checkBlockFields(const EntryPointDesc &e, const Path &path) {
  std::vector<BlockField> fields;
  const std::uint32_t index = e.indexBytes();
  for (const ArgumentDesc &a : e.arguments) {
    if (a.kind == ArgumentKind::Scalar) {
      // 4 bytes for types up to 32 bits, else the type's size (8, or 16 for complex128);
      // a complex field is two adjacent parts, aligned to the size of one part.
      const auto size =
          std::max<std::uint32_t>(4, static_cast<std::uint32_t>(dtypeSize(a.deviceDType)));
      fields.push_back({a.offset, size, fmt::format("scalar '{}'", a.name),
                        isComplexDType(a.deviceDType) ? size / 2 : 0});
      continue;
    }
    for (std::uint32_t d = 0; d < a.ndim; ++d) {
      fields.push_back({a.shapeOffsets[d], index, fmt::format("shape[{}] of '{}'", d, a.name)});
      fields.push_back({a.strideOffsets[d], index, fmt::format("strides[{}] of '{}'", d, a.name)});
    }
    fields.push_back({a.offsetOffset, index, fmt::format("offset of '{}'", a.name)});
  }
  if (e.originalGridOffset)
    fields.push_back({*e.originalGridOffset, index, "original_grid_offset"});
  if (e.originalGridOffsetY)
    fields.push_back({*e.originalGridOffsetY, index, "original_grid_offset_y"});
  const std::uint32_t size = e.parameterBlock.size;
  for (const BlockField &f : fields) {
    if (f.align && f.offset % f.align != 0)
      path.fail(fmt::format("parameter block field {} at byte {} is not aligned to the size of "
                            "its real part ({} bytes)",
                            f.what, f.offset, f.align));
    if (!f.align && f.offset % f.size != 0)
      path.fail(fmt::format("parameter block field {} at byte {} is not aligned to its size ({} "
                            "bytes)",
                            f.what, f.offset, f.size));
    if (static_cast<std::uint64_t>(f.offset) + f.size > size)
      path.fail(fmt::format("parameter block field {} (bytes {}..{}) lies outside the {}-byte "
                            "parameter block",
                            f.what, f.offset, f.offset + f.size - 1, size));
  }
  std::sort(fields.begin(), fields.end(),
            [](const BlockField &x, const BlockField &y) { return x.offset < y.offset; });
  for (std::size_t i = 1; i < fields.size(); ++i)
    if (fields[i].offset < fields[i - 1].offset + fields[i - 1].size)
      path.fail(fmt::format("parameter block fields {} (byte {}) and {} (byte {}) overlap",
                            fields[i - 1].what, fields[i - 1].offset, fields[i].what,
                            fields[i].offset));
}

UfuncDesc parseUfunc(const json &j, const EntryPointDesc &e, const Path &entryPath);

constexpr std::pair<const char *, GridSyncExpr::Op> kGridSyncOps[] = {
    {"+", GridSyncExpr::Op::Add},          {"-", GridSyncExpr::Op::Sub},
    {"*", GridSyncExpr::Op::Mul},          {"//", GridSyncExpr::Op::FloorDiv},
    {"max", GridSyncExpr::Op::Max},        {"min", GridSyncExpr::Op::Min},
    {"range_len", GridSyncExpr::Op::RangeLen}};

/// Deeper expressions are refused (they would only come from a broken producer).
constexpr int kMaxGridSyncExprDepth = 64;

/// One node of `grid_sync.dispatches` (docs/manifest.md "Grid synchronisation"),
/// checked against the entry point's arguments: an integer, {"arg": NAME} of an
/// integer or bool scalar, {"shape": [NAME, D]} of an array with more than D
/// dimensions, or {"op": OP, "args": [...]} with the operand count OP takes.
GridSyncExpr parseGridSyncExpr(const json &j, const EntryPointDesc &e, const Path &path,
                               int depth) {
  if (depth > kMaxGridSyncExprDepth)
    path.fail(fmt::format("the expression is nested more than {} levels deep",
                          kMaxGridSyncExprDepth));
  GridSyncExpr x;
  if (j.is_number_integer()) {
    if (j.is_number_unsigned() &&
        j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      path.fail(fmt::format("the constant {} does not fit a signed 64-bit integer", j.dump()));
    x.kind = GridSyncExpr::Kind::Constant;
    x.value = j.get<std::int64_t>();
    return x;
  }
  if (!j.is_object())
    path.fail(fmt::format("an expression must be an integer or an object with 'arg', 'shape' or "
                          "'op', not {}",
                          describe(j)));
  const bool hasArg = j.contains("arg"), hasShape = j.contains("shape"), hasOp = j.contains("op");
  if (hasArg + hasShape + hasOp != 1)
    path.fail(fmt::format("an expression object must have exactly one of 'arg', 'shape' and "
                          "'op', not {}",
                          describe(j)));
  for (const auto &[key, value] : j.items())
    if (key != "arg" && key != "shape" && key != "op" && (key != "args" || !hasOp))
      path.fail(fmt::format("unknown field '{}' in expression {}", key, describe(j)));
  if (hasArg) {
    x.kind = GridSyncExpr::Kind::Arg;
    x.name = stringField(j, "arg", path);
    const ArgumentDesc *a = e.findArgument(x.name);
    if (!a)
      path.fail(fmt::format("'arg' names '{}', which is not an argument of the entry point",
                            x.name));
    if (a->kind != ArgumentKind::Scalar ||
        !(a->dtype == DType::Bool || isIntegerDType(a->dtype)))
      path.fail(fmt::format("'arg' names '{}' ({} {}), which is not an integer or bool scalar",
                            x.name, dtypeName(a->dtype), toString(a->kind)));
    return x;
  }
  if (hasShape) {
    x.kind = GridSyncExpr::Kind::Shape;
    const json &shape = j.at("shape");
    if (!shape.is_array() || shape.size() != 2 || !shape[0].is_string())
      path.fail(fmt::format("'shape' must be [NAME, D] (an array argument's name and an axis), "
                            "not {}",
                            describe(shape)));
    x.name = shape[0].get<std::string>();
    x.dim = static_cast<std::uint32_t>(toUnsigned(shape[1], "the axis of 'shape'", path,
                                                  std::numeric_limits<std::uint32_t>::max()));
    const ArgumentDesc *a = e.findArgument(x.name);
    if (!a)
      path.fail(fmt::format("'shape' names '{}', which is not an argument of the entry point",
                            x.name));
    if (a->kind != ArgumentKind::Array)
      path.fail(fmt::format("'shape' names '{}', a scalar; it must be an array", x.name));
    if (x.dim >= a->ndim)
      path.fail(fmt::format("'shape' asks for axis {} of '{}', which has {} dimension{}", x.dim,
                            x.name, a->ndim, a->ndim == 1 ? "" : "s"));
    return x;
  }
  x.kind = GridSyncExpr::Kind::Op;
  x.op = enumField(j, "op", path, kGridSyncOps);
  const std::string opName = j.at("op").get<std::string>();
  const json &args = arrayField(j, "args", path);
  const std::size_t n = args.size();
  switch (x.op) {
  case GridSyncExpr::Op::Max:
  case GridSyncExpr::Op::Min:
    if (n < 1)
      path.fail(fmt::format("'{}' takes at least 1 argument, not 0", opName));
    break;
  case GridSyncExpr::Op::RangeLen:
    if (n != 3)
      path.fail(fmt::format("'range_len' takes 3 arguments (start, stop, step), not {}", n));
    break;
  default:
    if (n != 2)
      path.fail(fmt::format("'{}' takes 2 arguments, not {}", opName, n));
  }
  for (std::size_t i = 0; i < n; ++i)
    x.args.push_back(
        parseGridSyncExpr(args[i], e, path.child(fmt::format("'{}' argument {}", opName, i)),
                          depth + 1));
  return x;
}

GridSyncDesc parseGridSync(const json &j, const EntryPointDesc &e, const Path &path) {
  GridSyncDesc g;
  g.wordsPerInvocation = u32Field(j, "words_per_invocation", path);
  if (g.wordsPerInvocation == 0)
    path.fail("field 'words_per_invocation' must be at least 1 (word 0 is the state)");
  // null: a dynamic schedule (the launcher dispatches until no invocation waits).
  if (const json &d = field(j, "dispatches", path); !d.is_null())
    g.dispatches = parseGridSyncExpr(d, e, path.child("dispatches"), 0);
  const json &barriers = arrayField(j, "barriers", path);
  for (std::size_t i = 0; i < barriers.size(); ++i) {
    const Path p = path.child(fmt::format("barrier {}", i));
    requireObject(barriers[i], "the barrier", p);
    g.barriers.push_back({u32Field(barriers[i], "line", p), u32Field(barriers[i], "column", p)});
  }
  return g;
}

EntryPointDesc parseEntryPoint(const json &j, const Path &path) {
  EntryPointDesc e;
  e.name = stringField(j, "name", path);
  e.function = stringField(j, "function", path);

  const std::vector<std::uint32_t> size = u32ArrayField(j, "workgroup_size", path);
  if (size.size() != 3)
    path.fail(fmt::format("workgroup_size must have 3 entries, not {}", size.size()));
  for (std::size_t i = 0; i < 3; ++i) {
    if (size[i] == 0)
      path.fail(fmt::format("workgroup_size[{}] is 0", i));
    e.workgroupSize[i] = size[i];
  }
  const std::vector<std::uint32_t> ids = u32ArrayField(j, "workgroup_size_spec_ids", path);
  if (ids.size() != 3)
    path.fail(fmt::format("workgroup_size_spec_ids must have 3 entries, not {}", ids.size()));
  if (ids[0] == ids[1] || ids[0] == ids[2] || ids[1] == ids[2])
    path.fail("workgroup_size_spec_ids must be three distinct ids");
  std::copy(ids.begin(), ids.end(), e.workgroupSizeSpecIds.begin());

  if (j.contains("max_workgroup_size") && !j.at("max_workgroup_size").is_null()) {
    const json &max = j.at("max_workgroup_size");
    requireObject(max, "field 'max_workgroup_size'", path);
    const Path maxPath = path.child("max_workgroup_size");
    const json &sizes = field(max, "size", maxPath);
    const json &reasons = field(max, "reasons", maxPath);
    if (!sizes.is_array() || sizes.size() != 3 || !reasons.is_array() || reasons.size() != 3)
      maxPath.fail("fields 'size' and 'reasons' must be arrays of 3 entries");
    for (std::size_t i = 0; i < 3; ++i) {
      if (sizes[i].is_null())
        continue;
      e.maxWorkgroupSize[i] = static_cast<std::uint32_t>(
          toUnsigned(sizes[i], fmt::format("size[{}]", i), maxPath,
                     std::numeric_limits<std::uint32_t>::max()));
      if (e.maxWorkgroupSize[i] == 0)
        maxPath.fail(fmt::format("size[{}] is 0", i));
      if (!reasons[i].is_string())
        maxPath.fail(fmt::format("reasons[{}] must be a string where size[{}] is given", i, i));
      e.maxWorkgroupSizeReasons[i] = reasons[i].get<std::string>();
    }
  }
  e.sharedMemoryBytes =
      toUnsigned(field(j, "shared_memory_bytes", path), "field 'shared_memory_bytes'", path,
                 std::numeric_limits<std::uint32_t>::max());
  if (j.contains("dynamic_shared_memory") && !j.at("dynamic_shared_memory").is_null()) {
    const json &dyn = j.at("dynamic_shared_memory");
    requireObject(dyn, "field 'dynamic_shared_memory'", path);
    const Path dynPath = path.child("dynamic_shared_memory");
    DynamicSharedMemoryDesc d;
    d.specId = u32Field(dyn, "spec_id", dynPath);
    if (std::find(ids.begin(), ids.end(), d.specId) != ids.end())
      dynPath.fail(fmt::format("spec_id {} is also a workgroup-size spec id", d.specId));
    const json &dtype = field(dyn, "dtype", dynPath);
    if (!dtype.is_null())
      d.dtype = stringField(dyn, "dtype", dynPath);
    d.wordBytes = u32Field(dyn, "word_bytes", dynPath);
    if (d.wordBytes > 8 || (d.wordBytes & (d.wordBytes - 1)) != 0)
      dynPath.fail(fmt::format("field 'word_bytes' is {}, expected 0, 1, 2, 4 or 8", d.wordBytes));
    if (d.wordBytes != 0 && !d.dtype)
      dynPath.fail("field 'dtype' must name the arrays' dtype when 'word_bytes' is not 0");
    e.dynamicSharedMemory = d;
  }
  e.capabilities = stringArrayField(j, "capabilities", path);
  e.extensions = stringArrayField(j, "extensions", path);
  e.indexBits = u32Field(j, "index_bits", path);
  if (e.indexBits != 32 && e.indexBits != 64)
    path.fail(fmt::format("field 'index_bits' is {}, expected 32 or 64", e.indexBits));
  if (j.contains("assumes_no_alias")) {
    const json &noAlias = j.at("assumes_no_alias");
    if (!noAlias.is_boolean())
      path.fail("field 'assumes_no_alias' must be true or false");
    e.assumesNoAlias = noAlias.get<bool>();
  }
  if (j.contains("coarsen")) {
    e.coarsen = static_cast<std::uint32_t>(toUnsigned(j.at("coarsen"), "field 'coarsen'", path,
                                                      std::numeric_limits<std::uint32_t>::max()));
    if (e.coarsen == 0)
      path.fail("field 'coarsen' must be at least 1");
  }
  if (j.contains("original_grid_offset") && !j.at("original_grid_offset").is_null())
    e.originalGridOffset = static_cast<std::uint32_t>(
        toUnsigned(j.at("original_grid_offset"), "field 'original_grid_offset'", path,
                   std::numeric_limits<std::uint32_t>::max()));
  if ((e.coarsen > 1) != e.originalGridOffset.has_value())
    path.fail("field 'original_grid_offset' must be given exactly when 'coarsen' is above 1");
  if (j.contains("coarsen_y")) {
    e.coarsenY = static_cast<std::uint32_t>(toUnsigned(
        j.at("coarsen_y"), "field 'coarsen_y'", path, std::numeric_limits<std::uint32_t>::max()));
    if (e.coarsenY == 0)
      path.fail("field 'coarsen_y' must be at least 1");
  }
  if (j.contains("original_grid_offset_y") && !j.at("original_grid_offset_y").is_null())
    e.originalGridOffsetY = static_cast<std::uint32_t>(
        toUnsigned(j.at("original_grid_offset_y"), "field 'original_grid_offset_y'", path,
                   std::numeric_limits<std::uint32_t>::max()));
  if ((e.coarsenY > 1) != e.originalGridOffsetY.has_value())
    path.fail("field 'original_grid_offset_y' must be given exactly when 'coarsen_y' is above 1");

  const json &block = field(j, "parameter_block", path);
  requireObject(block, "field 'parameter_block'", path);
  const Path blockPath = path.child("parameter_block");
  e.parameterBlock.kind = enumField(block, "kind", blockPath, kBlockKinds);
  e.parameterBlock.size = u32Field(block, "size", blockPath);
  const json &binding = field(block, "binding", blockPath);
  if (!binding.is_null())
    e.parameterBlock.binding = static_cast<std::uint32_t>(toUnsigned(
        binding, "field 'binding'", blockPath, std::numeric_limits<std::uint32_t>::max()));
  switch (e.parameterBlock.kind) {
  case ParameterBlockKind::PushConstant:
    if (e.parameterBlock.size > 128)
      blockPath.fail(fmt::format("a push_constant block must not exceed 128 bytes, this one has "
                                 "{}",
                                 e.parameterBlock.size));
    if (e.parameterBlock.size == 0)
      blockPath.fail("a push_constant block must not be empty (use kind 'none')");
    if (e.parameterBlock.binding)
      blockPath.fail("field 'binding' must be null for a push_constant block");
    break;
  case ParameterBlockKind::UniformBuffer:
    if (!e.parameterBlock.binding)
      blockPath.fail("field 'binding' must be an integer for a uniform_buffer block");
    if (e.parameterBlock.size == 0)
      blockPath.fail("a uniform_buffer block must not be empty (use kind 'none')");
    break;
  case ParameterBlockKind::None:
    if (e.parameterBlock.size != 0)
      blockPath.fail(
          fmt::format("field 'size' must be 0 for kind 'none', not {}", e.parameterBlock.size));
    if (e.parameterBlock.binding)
      blockPath.fail("field 'binding' must be null for kind 'none'");
    break;
  }
  if (e.parameterBlock.size % 4 != 0)
    blockPath.fail(fmt::format("field 'size' ({}) must be a multiple of 4", e.parameterBlock.size));

  const json &args = arrayField(j, "arguments", path);
  std::set<std::string> names;
  std::set<std::uint32_t> bindings;
  if (e.parameterBlock.binding)
    bindings.insert(*e.parameterBlock.binding);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const Path argPath = path.child(fmt::format("argument {}{}", i, nameSuffix(args[i])));
    requireObject(args[i], "the argument", argPath);
    ArgumentDesc a = parseArgument(args[i], argPath);
    if (!names.insert(a.name).second)
      argPath.fail(fmt::format("the name '{}' is used by an earlier argument", a.name));
    if (a.kind == ArgumentKind::Array && !bindings.insert(a.binding).second)
      argPath.fail(fmt::format("binding {} is already used by another array or the parameter "
                               "block",
                               a.binding));
    e.arguments.push_back(std::move(a));
  }
  // The hidden error and print buffers (docs/manifest.md "Errors and printing").
  auto hiddenBinding = [&](const json &object, const Path &p) {
    std::uint32_t b = u32Field(object, "binding", p);
    if (!bindings.insert(b).second)
      p.fail(fmt::format("binding {} is already used by an array or the parameter block", b));
    return b;
  };
  if (j.contains("error_buffer") && !j.at("error_buffer").is_null()) {
    const json &eb = j.at("error_buffer");
    requireObject(eb, "field 'error_buffer'", path);
    const Path ebPath = path.child("error_buffer");
    ErrorBufferDesc d;
    d.binding = hiddenBinding(eb, ebPath);
    d.words = u32Field(eb, "words", ebPath);
    if (d.words != 8)
      ebPath.fail(fmt::format("field 'words' is {}, expected 8", d.words));
    const json &errors = arrayField(eb, "errors", ebPath);
    for (std::size_t i = 0; i < errors.size(); ++i) {
      const Path p = ebPath.child(fmt::format("error {}", i + 1));
      requireObject(errors[i], "the error", p);
      ErrorSiteDesc s;
      if (u32Field(errors[i], "id", p) != i + 1)
        p.fail(fmt::format("field 'id' must be {}", i + 1));
      s.type = stringField(errors[i], "type", p);
      s.message = stringField(errors[i], "message", p, /*allowEmpty=*/true);
      s.arguments = u32Field(errors[i], "arguments", p);
      if (s.arguments > 2)
        p.fail(fmt::format("field 'arguments' is {}, expected 0, 1 or 2", s.arguments));
      s.function = stringField(errors[i], "function", p, /*allowEmpty=*/true);
      s.file = stringField(errors[i], "file", p, /*allowEmpty=*/true);
      s.line = u32Field(errors[i], "line", p);
      s.column = u32Field(errors[i], "column", p);
      d.errors.push_back(std::move(s));
    }
    e.errorBuffer = std::move(d);
  }
  if (j.contains("print_buffer") && !j.at("print_buffer").is_null()) {
    const json &pb = j.at("print_buffer");
    requireObject(pb, "field 'print_buffer'", path);
    const Path pbPath = path.child("print_buffer");
    PrintBufferDesc d;
    d.binding = hiddenBinding(pb, pbPath);
    d.headerWords = u32Field(pb, "header_words", pbPath);
    if (d.headerWords != 4)
      pbPath.fail(fmt::format("field 'header_words' is {}, expected 4", d.headerWords));
    const json &records = arrayField(pb, "records", pbPath);
    for (std::size_t i = 0; i < records.size(); ++i) {
      const Path p = pbPath.child(fmt::format("record {}", i + 1));
      requireObject(records[i], "the record", p);
      PrintRecordDesc r;
      if (u32Field(records[i], "id", p) != i + 1)
        p.fail(fmt::format("field 'id' must be {}", i + 1));
      r.function = stringField(records[i], "function", p, /*allowEmpty=*/true);
      r.file = stringField(records[i], "file", p, /*allowEmpty=*/true);
      r.line = u32Field(records[i], "line", p);
      r.column = u32Field(records[i], "column", p);
      const json &pieces = arrayField(records[i], "pieces", p);
      for (std::size_t k = 0; k < pieces.size(); ++k) {
        const Path pp = p.child(fmt::format("piece {}", k));
        requireObject(pieces[k], "the piece", pp);
        PrintPieceDesc piece;
        if (pieces[k].contains("dtype"))
          piece.dtype = dtypeField(pieces[k], "dtype", pp);
        else
          piece.text = stringField(pieces[k], "text", pp, /*allowEmpty=*/true);
        r.pieces.push_back(std::move(piece));
      }
      d.records.push_back(std::move(r));
    }
    e.printBuffer = std::move(d);
  }
  // The hidden state buffer of a grid-synchronising kernel (docs/manifest.md "Grid
  // synchronisation").
  if (j.contains("grid_sync") && !j.at("grid_sync").is_null()) {
    const json &gs = j.at("grid_sync");
    requireObject(gs, "field 'grid_sync'", path);
    const Path gsPath = path.child("grid_sync");
    const std::uint32_t b = hiddenBinding(gs, gsPath);
    e.gridSync = parseGridSync(gs, e, gsPath);
    e.gridSync->binding = b;
  }
  checkBlockFields(e, path);
  if (j.contains("ufunc") && !j.at("ufunc").is_null()) {
    e.ufunc = parseUfunc(j.at("ufunc"), e, path);
    if (e.gridSync)
      path.fail("a ufunc entry point cannot have 'grid_sync' (its launcher dispatches it once)");
  }
  return e;
}


constexpr std::pair<const char *, UfuncKind> kUfuncKinds[] = {
    {"vectorize", UfuncKind::Vectorize},
    {"guvectorize", UfuncKind::GUVectorize},
    {"reduce", UfuncKind::Reduce},
    {"cuda_reduce", UfuncKind::CudaReduce}};

/// A core-dimension name of a gufunc signature: a Python identifier.
bool isIdentifier(const std::string &s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

/// "an int32 scalar", "a 1-d C-layout float64 array": what a ufunc argument must be,
/// for messages.
std::string describeExpected(ArgumentKind kind, DType dtype, std::uint32_t ndim) {
  if (kind == ArgumentKind::Scalar)
    return fmt::format("{} {} scalar", isSignedDType(dtype) ? "an" : "a", dtypeName(dtype));
  return fmt::format("a {}-d C-layout {} array", ndim, dtypeName(dtype));
}

/// Checks that argument `index` of `e` is what the ufunc's argument list puts there
/// (docs/manifest.md "Ufuncs"): `name` (empty: any name), kind, dtype and, for an
/// array, ndim and layout C, and write access where `written`.
void expectUfuncArgument(const EntryPointDesc &e, std::size_t index, const std::string &name,
                         ArgumentKind kind, DType dtype, std::uint32_t ndim, bool written,
                         const std::string &role, const Path &path) {
  const ArgumentDesc &a = e.arguments[index];
  const std::string expected = describeExpected(kind, dtype, ndim);
  if ((!name.empty() && a.name != name) || a.kind != kind || a.dtype != dtype ||
      (kind == ArgumentKind::Array && (a.ndim != ndim || a.layout != ArrayLayout::C)))
    path.fail(fmt::format("argument {} ('{}') must be {}{} ({}), not {}", index, a.name,
                          name.empty() ? "" : fmt::format("'{}', ", name), expected, role,
                          a.kind == ArgumentKind::Scalar
                              ? describeExpected(a.kind, a.dtype, 0)
                              : fmt::format("a {}-d {}-layout {} array", a.ndim,
                                            toString(a.layout), dtypeName(a.dtype))));
  if (a.record)
    path.fail(fmt::format("argument {} ('{}') is an array of records; a ufunc's operands are "
                          "arrays of numbers",
                          index, a.name));
  if (written && !a.writes())
    path.fail(fmt::format("argument {} ('{}') is {}, which the loop writes, but its access is "
                          "'read'",
                          index, a.name, role));
}

/// The `ufunc` object of entry point `e` (docs/manifest.md "Ufuncs"), checked in
/// itself and against e's arguments.
UfuncDesc parseUfunc(const json &j, const EntryPointDesc &e, const Path &entryPath) {
  requireObject(j, "field 'ufunc'", entryPath);
  const Path path = entryPath.child("ufunc");
  UfuncDesc u;
  u.name = stringField(j, "name", path);
  u.kind = enumField(j, "kind", path, kUfuncKinds);
  u.loop = u32Field(j, "loop", path);
  u.signature = stringField(j, "signature", path);
  u.nin = u32Field(j, "nin", path);
  u.nout = u32Field(j, "nout", path);
  if (u.nin == 0 || u.nout == 0)
    path.fail(fmt::format("a ufunc has at least one input and one output, not nin {} and "
                          "nout {}",
                          u.nin, u.nout));
  if (u.nin > 64 || u.nout > 64)
    path.fail(fmt::format("nin {} and nout {}: at most 64 each", u.nin, u.nout));
  const bool reduction = u.kind == UfuncKind::Reduce || u.kind == UfuncKind::CudaReduce;
  if (reduction && (u.nin != 2 || u.nout != 1))
    path.fail(fmt::format("a {} reduces with a two-input, one-output function: nin must be 2 "
                          "and nout 1, not {} and {}",
                          toString(u.kind), u.nin, u.nout));
  if (u.kind == UfuncKind::Vectorize && u.nout != 1)
    path.fail(fmt::format("a vectorize has one output: nout must be 1, not {}", u.nout));
  const std::uint32_t operands = u.operands();

  const json &types = arrayField(j, "types", path);
  if (types.size() != operands)
    path.fail(fmt::format("field 'types' has {} entries but nin + nout is {}", types.size(),
                          operands));
  for (std::size_t k = 0; k < types.size(); ++k) {
    std::optional<DType> d = types[k].is_string() ? dtypeFromName(types[k].get<std::string>())
                                                  : std::nullopt;
    if (!d)
      path.fail(fmt::format("types[{}] is {}, not a dtype name (bool, int8 ... uint64, float16, "
                            "float32, float64, complex64, complex128)",
                            k, describe(types[k])));
    u.types.push_back(*d);
  }

  const json &core = arrayField(j, "core_dims", path);
  if (core.size() != operands)
    path.fail(fmt::format("field 'core_dims' has {} entries but nin + nout is {}", core.size(),
                          operands));
  std::set<std::string> inputDims;
  for (std::size_t k = 0; k < core.size(); ++k) {
    if (!core[k].is_array())
      path.fail(fmt::format("core_dims[{}] must be an array of names, not {}", k,
                            describe(core[k])));
    std::vector<std::string> dims;
    for (std::size_t d = 0; d < core[k].size(); ++d) {
      const json &name = core[k][d];
      if (!name.is_string() || !isIdentifier(name.get<std::string>()))
        path.fail(fmt::format("core_dims[{}][{}] is {}, not a dimension name (an identifier)", k,
                              d, describe(name)));
      if (std::find(dims.begin(), dims.end(), name.get<std::string>()) != dims.end())
        path.fail(fmt::format("core_dims[{}] names '{}' twice", k, name.get<std::string>()));
      dims.push_back(name.get<std::string>());
    }
    if (!dims.empty() && u.kind != UfuncKind::GUVectorize)
      path.fail(fmt::format("core_dims[{}] is not empty: only a guvectorize has core "
                            "dimensions",
                            k));
    u.coreDims.push_back(std::move(dims));
  }
  std::string written = u.signature;
  written.erase(std::remove_if(written.begin(), written.end(),
                               [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
                written.end());
  const std::string expected = formatUfuncSignature(u.coreDims, u.nin);
  if (written != expected)
    path.fail(fmt::format("signature '{}' does not match core_dims (which make '{}')",
                          u.signature, expected));

  if (j.contains("scalar_core")) {
    if (u.kind != UfuncKind::GUVectorize)
      path.fail("field 'scalar_core' belongs to a guvectorize only");
    const json &sc = arrayField(j, "scalar_core", path);
    if (sc.size() != operands)
      path.fail(fmt::format("field 'scalar_core' has {} entries but nin + nout is {}", sc.size(),
                            operands));
    for (std::size_t k = 0; k < sc.size(); ++k) {
      if (!sc[k].is_boolean())
        path.fail(fmt::format("scalar_core[{}] must be true or false, not {}", k,
                              describe(sc[k])));
      if (sc[k].get<bool>() && !u.coreDims[k].empty())
        path.fail(fmt::format("scalar_core[{}] is true, but operand {} has core dimensions", k,
                              k));
      u.scalarCore.push_back(sc[k].get<bool>());
    }
  } else if (u.kind == UfuncKind::GUVectorize) {
    path.fail("missing field 'scalar_core' (a guvectorize's)");
  }

  const json &identity = field(j, "identity", path);
  if (identity.is_null()) {
    u.identity.kind = UfuncIdentity::Kind::None;
  } else if (identity.is_string() && identity.get<std::string>() == "reorderable") {
    u.identity.kind = UfuncIdentity::Kind::Reorderable;
  } else if (identity.is_number()) {
    u.identity.kind = UfuncIdentity::Kind::Number;
    if (identity.is_number_unsigned() &&
        identity.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      u.identity.number = identity.get<std::uint64_t>();
    else if (identity.is_number_integer())
      u.identity.number = identity.get<std::int64_t>();
    else
      u.identity.number = identity.get<double>();
  } else {
    path.fail(fmt::format("field 'identity' is {}, expected null, a number or \"reorderable\"",
                          describe(identity)));
  }
  if (u.kind == UfuncKind::CudaReduce && u.identity.kind != UfuncIdentity::Kind::None)
    path.fail("a cuda_reduce has no identity (its init= defaults to 0): 'identity' must be null");

  // The argument list (docs/manifest.md "Ufuncs", "Loops" and "Reductions").
  const std::size_t want = reduction ? 5 : 3 + operands;
  if (e.arguments.size() != want)
    path.fail(fmt::format("a {} entry point takes {} arguments{}, not {}", toString(u.kind), want,
                          reduction ? " (nvc_n, nvc_has_init, nvc_init, nvc_input, nvc_partials)"
                                    : fmt::format(" (nvc_loop_size, nvc_loop_shape, "
                                                  "nvc_loop_strides and the {} operands)",
                                                  operands),
                          e.arguments.size()));
  if (reduction) {
    expectUfuncArgument(e, 0, "nvc_n", ArgumentKind::Scalar, DType::Int32, 0, false,
                        "the elements to reduce", path);
    expectUfuncArgument(e, 1, "nvc_has_init", ArgumentKind::Scalar, DType::Int32, 0, false,
                        "whether to apply init", path);
    expectUfuncArgument(e, 2, "nvc_init", ArgumentKind::Scalar, u.types[0], 0, false,
                        "the initial value", path);
    expectUfuncArgument(e, 3, "nvc_input", ArgumentKind::Array, u.types[0], 1, false,
                        "the elements", path);
    expectUfuncArgument(e, 4, "nvc_partials", ArgumentKind::Array, u.types[0], 1, true,
                        "one value per workgroup", path);
    return u;
  }
  expectUfuncArgument(e, 0, "nvc_loop_size", ArgumentKind::Scalar, DType::Int32, 0, false,
                      "the loop positions", path);
  expectUfuncArgument(e, 1, "nvc_loop_shape", ArgumentKind::Array, DType::Int32, 1, false,
                      "the broadcast loop shape", path);
  expectUfuncArgument(e, 2, "nvc_loop_strides", ArgumentKind::Array, DType::Int32, 2, false,
                      "the operands' loop strides", path);
  for (std::uint32_t k = 0; k < operands; ++k)
    expectUfuncArgument(e, 3 + k, "", ArgumentKind::Array, u.types[k],
                        1 + static_cast<std::uint32_t>(u.coreDims[k].size()), k >= u.nin,
                        k < u.nin ? fmt::format("input {}", k)
                                  : fmt::format("output {}", k - u.nin),
                        path);
  return u;
}

/// The names of the operands of a loop entry point (after nvc_loop_size,
/// nvc_loop_shape and nvc_loop_strides).
std::vector<std::string> operandNames(const EntryPointDesc &e) {
  std::vector<std::string> names;
  for (std::size_t i = 3; i < e.arguments.size(); ++i)
    names.push_back(e.arguments[i].name);
  return names;
}

/// What the entry points of one ufunc must share: kinds that go together (a
/// vectorize and its reduce loops; a guvectorize; a cuda_reduce), per kind the same
/// nin, nout, signature and operand names and loops numbered 0, 1, ... in order,
/// and one identity.
void checkUfuncGroups(const Manifest &m, const Path &path) {
  for (const std::string &name : m.ufuncNames()) {
    const Path p = path.child(fmt::format("ufunc '{}'", name));
    std::map<UfuncKind, std::vector<const EntryPointDesc *>> byKind;
    for (const EntryPointDesc &e : m.entryPoints)
      if (e.ufunc && e.ufunc->name == name)
        byKind[e.ufunc->kind].push_back(&e);
    const bool vectorizeFamily = !byKind.count(UfuncKind::GUVectorize) &&
                                 !byKind.count(UfuncKind::CudaReduce);
    if (!vectorizeFamily && byKind.size() > 1) {
      std::string kinds;
      for (const auto &[kind, entries] : byKind)
        kinds += fmt::format("{}'{}'", kinds.empty() ? "" : ", ", toString(kind));
      p.fail(fmt::format("its entry points are of kinds {}: a guvectorize or a cuda_reduce has "
                         "entry points of its own kind only",
                         kinds));
    }
    const UfuncDesc *first = nullptr;
    for (auto &[kind, entries] : byKind) {
      std::stable_sort(entries.begin(), entries.end(),
                       [](const EntryPointDesc *a, const EntryPointDesc *b) {
                         return a->ufunc->loop < b->ufunc->loop;
                       });
      const UfuncDesc &u0 = *entries.front()->ufunc;
      for (std::size_t i = 0; i < entries.size(); ++i) {
        const EntryPointDesc &e = *entries[i];
        const UfuncDesc &u = *e.ufunc;
        if (u.loop != i)
          p.fail(fmt::format("its {} {} entry points must be loops 0 to {}, each once, but "
                             "entry point '{}' is loop {} where loop {} is missing or repeated",
                             entries.size(), toString(kind), entries.size() - 1, e.name, u.loop,
                             i));
        if (u.nin != u0.nin || u.nout != u0.nout || u.coreDims != u0.coreDims)
          p.fail(fmt::format("entry points '{}' and '{}' have different signatures ('{}' with "
                             "nin {}, '{}' with nin {})",
                             entries.front()->name, e.name, u0.signature, u0.nin, u.signature,
                             u.nin));
        if (kind != UfuncKind::Reduce && kind != UfuncKind::CudaReduce &&
            operandNames(e) != operandNames(*entries.front()))
          p.fail(fmt::format("entry points '{}' and '{}' name their operands differently",
                             entries.front()->name, e.name));
      }
      for (const EntryPointDesc *e : entries) {
        const UfuncDesc &u = *e->ufunc;
        if (!first) {
          first = &u;
          continue;
        }
        if (u.identity.kind != first->identity.kind ||
            (u.identity.kind == UfuncIdentity::Kind::Number &&
             u.identity.number != first->identity.number))
          p.fail(fmt::format("entry point '{}' has another identity than the ufunc's other "
                             "entry points",
                             e->name));
      }
    }
  }
}

} // namespace

std::uint32_t PrintRecordDesc::words() const {
  std::uint32_t n = 1;
  for (const PrintPieceDesc &p : pieces)
    if (p.dtype)
      n += std::max<std::uint32_t>(1, static_cast<std::uint32_t>(dtypeSize(*p.dtype) / 4));
  return n;
}

std::uint64_t DynamicSharedMemoryDesc::allocatedBytes(std::uint64_t bytes) const {
  if (wordBytes == 0)
    return 0;
  return std::max<std::uint64_t>(1, (bytes + wordBytes - 1) / wordBytes) * wordBytes;
}

const ArgumentDesc *EntryPointDesc::findArgument(const std::string &name) const {
  for (const ArgumentDesc &a : arguments)
    if (a.name == name)
      return &a;
  return nullptr;
}

Manifest Manifest::parse(const std::string &jsonText, const std::string &displayName) {
  const Path path("manifest " + displayName);
  json root;
  try {
    root = json::parse(jsonText);
  } catch (const json::parse_error &e) {
    path.fail(fmt::format("not valid JSON ({})", e.what()));
  }
  requireObject(root, "the top level", path);

  Manifest m;
  m.displayName = displayName;
  const json &version = field(root, "format_version", path);
  if (!version.is_number_integer())
    path.fail(fmt::format("field 'format_version' must be an integer, not {}", describe(version)));
  if (version.get<std::int64_t>() != 1)
    path.fail(fmt::format("format_version {} is not supported (this runtime reads version 1)",
                          version.dump()));
  m.formatVersion = 1;
  m.producer = stringField(root, "producer", path);
  m.spirvVersion = stringField(root, "spirv_version", path);
  m.targetEnv = stringField(root, "target_env", path);
  const json &source = field(root, "source", path);
  requireObject(source, "field 'source'", path);
  m.source.file = stringField(source, "file", path.child("source"));
  m.source.sha256 = stringField(source, "sha256", path.child("source"));

  const json &entries = arrayField(root, "entry_points", path);
  if (entries.empty())
    path.fail("field 'entry_points' is empty");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto *name =
        entries[i].is_object() && entries[i].contains("name") && entries[i]["name"].is_string()
            ? entries[i]["name"].get_ptr<const std::string *>()
            : nullptr;
    const Path entryPath = path.child(name ? fmt::format("entry point '{}'", *name)
                                           : fmt::format("entry point {}", i));
    requireObject(entries[i], "the entry point", entryPath);
    EntryPointDesc e = parseEntryPoint(entries[i], entryPath);
    for (const EntryPointDesc &other : m.entryPoints)
      if (other.name == e.name)
        path.fail(fmt::format("entry point '{}' is listed twice", e.name));
    m.entryPoints.push_back(std::move(e));
  }
  checkUfuncGroups(m, path);
  if (root.contains("variants")) {
    const json &variants = arrayField(root, "variants", path);
    for (std::size_t i = 0; i < variants.size(); ++i) {
      const Path variantPath = path.child(fmt::format("variant {}", i));
      requireObject(variants[i], "the variant", variantPath);
      VariantDesc v;
      v.name = stringField(variants[i], "name", variantPath);
      if (v.name.empty() || v.name.find_first_of("/\\.") != std::string::npos)
        variantPath.fail(fmt::format("variant name '{}' must be a non-empty file-name part "
                                     "without '/', '\\' or '.'",
                                     v.name));
      v.spirvVersion = stringField(variants[i], "spirv_version", variantPath);
      v.capabilities = stringArrayField(variants[i], "capabilities", variantPath);
      v.extensions = stringArrayField(variants[i], "extensions", variantPath);
      m.variants.push_back(std::move(v));
    }
  }
  return m;
}

Manifest Manifest::load(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(fmt::format("manifest {}: cannot open the file ({})", path, std::strerror(errno)));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw Error(fmt::format("manifest {}: cannot read the file", path));
  return parse(text, path);
}

const EntryPointDesc &Manifest::entryPoint(const std::string &name) const {
  std::string names;
  for (const EntryPointDesc &e : entryPoints)
    names += fmt::format("{}'{}'", names.empty() ? "" : ", ", e.name);
  if (name.empty()) {
    if (entryPoints.size() == 1)
      return entryPoints.front();
    throw Error(fmt::format("manifest {}: the module has {} entry points ({}); choose one by name",
                            displayName, entryPoints.size(), names));
  }
  for (const EntryPointDesc &e : entryPoints)
    if (e.name == name)
      return e;
  throw Error(fmt::format("manifest {}: no entry point '{}' (the module has {})", displayName, name,
                          names));
}

std::vector<std::string> Manifest::ufuncNames() const {
  std::vector<std::string> names;
  for (const EntryPointDesc &e : entryPoints)
    if (e.ufunc && std::find(names.begin(), names.end(), e.ufunc->name) == names.end())
      names.push_back(e.ufunc->name);
  return names;
}

std::string formatUfuncSignature(const std::vector<std::vector<std::string>> &coreDims,
                                 std::uint32_t nin) {
  std::string text;
  for (std::size_t k = 0; k < coreDims.size(); ++k) {
    if (k == nin)
      text += "->";
    else if (k > 0)
      text += ",";
    text += "(";
    for (std::size_t d = 0; d < coreDims[k].size(); ++d)
      text += (d ? "," : "") + coreDims[k][d];
    text += ")";
  }
  return text;
}

std::string defaultManifestPath(const std::string &spirvPath) {
  const std::size_t slash = spirvPath.find_last_of('/');
  const std::size_t dot = spirvPath.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash) ||
      dot == (slash == std::string::npos ? 0 : slash + 1))
    return spirvPath + ".json";
  return spirvPath.substr(0, dot) + ".json";
}

const char *toString(ArgumentKind kind) { return kind == ArgumentKind::Array ? "array" : "scalar"; }

const char *toString(ArrayLayout layout) {
  switch (layout) {
  case ArrayLayout::C:
    return "C";
  case ArrayLayout::F:
    return "F";
  case ArrayLayout::A:
    return "A";
  }
  return "?";
}

const char *toString(ArrayAccess access) {
  switch (access) {
  case ArrayAccess::Read:
    return "read";
  case ArrayAccess::Write:
    return "write";
  case ArrayAccess::ReadWrite:
    return "readwrite";
  }
  return "?";
}

const char *toString(UfuncKind kind) {
  for (const auto &[text, value] : kUfuncKinds)
    if (value == kind)
      return text;
  return "?";
}

const char *toString(ParameterBlockKind kind) {
  switch (kind) {
  case ParameterBlockKind::PushConstant:
    return "push_constant";
  case ParameterBlockKind::UniformBuffer:
    return "uniform_buffer";
  case ParameterBlockKind::None:
    return "none";
  }
  return "?";
}

} // namespace nvc::rt
