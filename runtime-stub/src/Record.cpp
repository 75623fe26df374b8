// Record layouts (nvc/Record.h): field sizes, comparison and the text messages show.
#include "nvc/Record.h"

#include <fmt/format.h>

namespace nvc::rt {

std::uint64_t RecordField::byteSize() const {
  std::uint64_t n = dtypeSize(dtype);
  for (std::int64_t e : shape)
    n *= static_cast<std::uint64_t>(e);
  return n;
}

bool RecordField::operator==(const RecordField &other) const {
  return name == other.name && dtype == other.dtype && offset == other.offset &&
         shape == other.shape;
}

const RecordField *RecordDesc::field(const std::string &name) const {
  for (const RecordField &f : fields)
    if (f.name == name)
      return &f;
  return nullptr;
}

bool sameRecordLayout(const RecordDesc &a, const RecordDesc &b) {
  return a.itemsize == b.itemsize && a.fields == b.fields;
}

std::string describeRecord(const RecordDesc &record) {
  std::string text = "{";
  for (const RecordField &f : record.fields) {
    text += fmt::format("{}{}: {}", text.size() > 1 ? ", " : "", f.name, dtypeName(f.dtype));
    if (!f.shape.empty()) {
      std::string dims;
      for (std::size_t i = 0; i < f.shape.size(); ++i)
        dims += fmt::format("{}{}", i ? ", " : "", f.shape[i]);
      text += fmt::format(" ({}{})", dims, f.shape.size() == 1 ? "," : "");
    }
    text += fmt::format(" at {}", f.offset);
  }
  return text + fmt::format("{}{} bytes}}", record.fields.empty() ? "" : "; ", record.itemsize);
}

} // namespace nvc::rt
