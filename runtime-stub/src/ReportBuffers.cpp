// The hidden error and print buffers of a launch (ReportBuffers.h).
#include "ReportBuffers.h"
#include "PrintFormat.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace nvc::rt {

KernelError::KernelError(std::string type, std::string message, std::string kernel,
                         std::string function, std::string file, std::uint32_t line,
                         std::uint32_t column, std::array<std::uint32_t, 3> globalId)
    : Error(fmt::format("{}{}{}\nraised in Vulkan kernel '{}', in {} at {}:{} (global id ({}, "
                        "{}, {}))",
                        type, message.empty() ? "" : ": ", message, kernel, function, file, line,
                        globalId[0], globalId[1], globalId[2])),
      type_(std::move(type)), message_(std::move(message)), kernel_(std::move(kernel)),
      function_(std::move(function)), file_(std::move(file)), line_(line), column_(column),
      globalId_(globalId) {}

namespace detail {

namespace {

// The words of the two buffers (docs/manifest.md "The error buffer", "The print
// buffer").
constexpr std::uint32_t kErrorWords = 8;
constexpr std::uint32_t kHeaderWords = 4;
constexpr VkBufferUsageFlags kUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

/// The header a print buffer of `words` words starts each dispatch with.
std::array<std::uint32_t, kHeaderWords> printHeader(std::uint32_t words) {
  return {0, words - kHeaderWords, 0, 0};
}

} // namespace

ReportBuffers::ReportBuffers(const std::shared_ptr<Device::Context> &context,
                             const EntryPointDesc &entry)
    : context_(context), entry_(&entry) {
  if (entry.errorBuffer)
    errors_ = std::make_unique<HostVisibleBuffer>(context, kErrorWords * 4, kUsage);
  if (entry.printBuffer) {
    printWords_ = context->printBufferWords;
    prints_ = std::make_unique<HostVisibleBuffer>(context, VkDeviceSize(printWords_) * 4, kUsage);
  }
}

void ReportBuffers::forEachBinding(
    const std::function<void(std::uint32_t, const HostVisibleBuffer &)> &f) const {
  if (errors_)
    f(entry_->errorBuffer->binding, *errors_);
  if (prints_)
    f(entry_->printBuffer->binding, *prints_);
}

void ReportBuffers::resetOnHost() {
  if (errors_) {
    std::memset(errors_->data(), 0, kErrorWords * 4);
    errors_->flush();
  }
  if (prints_) {
    auto header = printHeader(printWords_);
    std::memcpy(prints_->data(), header.data(), sizeof header);
    prints_->flush();
  }
}

void ReportBuffers::recordReset(VkCommandBuffer commands) const {
  if (empty())
    return;
  if (errors_)
    vkCmdFillBuffer(commands, errors_->handle(), 0, kErrorWords * 4, 0);
  if (prints_) {
    auto header = printHeader(printWords_);
    vkCmdUpdateBuffer(commands, prints_->handle(), 0, sizeof header, header.data());
  }
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT |
                          VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
  vkCmdPipelineBarrier(commands,
                       VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, nullptr, 0,
                       nullptr);
}

std::optional<KernelError> ReportBuffers::collect() {
  if (prints_) {
    prints_->invalidate();
    const auto *words = static_cast<const std::uint32_t *>(prints_->data());
    const std::uint32_t used = words[0], capacity = words[1], dropped = words[2];
    const std::uint32_t end = std::min(used, capacity);
    const std::vector<PrintRecordDesc> &records = entry_->printBuffer->records;
    const std::uint32_t *data = words + kHeaderWords;
    std::uint32_t p = 0;
    while (p < end) {
      const std::uint32_t id = data[p];
      if (id == 0 || id > records.size())
        break; // a record cut off at the end of the buffer, or nothing written
      const PrintRecordDesc &r = records[id - 1];
      const std::uint32_t n = r.words();
      if (p + n > capacity)
        break;
      std::string line = formatRecord(r, data + p + 1);
      if (context_->printHandler) {
        context_->printHandler(line);
      } else {
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
      }
      p += n;
    }
    if (dropped > 0)
      std::fprintf(stderr,
                   "warning: kernel '%s': %u print record%s dropped: the print buffer holds %u "
                   "words (raise it with NUMBA_VULKAN_PRINT_WORDS or nvc-run --print-words)\n",
                   entry_->name.c_str(), dropped, dropped == 1 ? " was" : "s were", printWords_);
  }
  if (!errors_)
    return std::nullopt;
  errors_->invalidate();
  const auto *words = static_cast<const std::uint32_t *>(errors_->data());
  const std::uint32_t id = words[0];
  if (id == 0)
    return std::nullopt;
  const std::vector<ErrorSiteDesc> &sites = entry_->errorBuffer->errors;
  if (id > sites.size())
    return KernelError("RuntimeError", fmt::format("unknown error id {} (the manifest lists {})",
                                                   id, sites.size()),
                       entry_->name, entry_->function, "", 0, 0,
                       {words[1], words[2], words[3]});
  const ErrorSiteDesc &s = sites[id - 1];
  std::string message = s.message;
  for (std::uint32_t k = 0; k < s.arguments; ++k) {
    std::int64_t v = static_cast<std::int64_t>(std::uint64_t(words[4 + 2 * k]) |
                                               (std::uint64_t(words[5 + 2 * k]) << 32));
    const std::string key = "{" + std::to_string(k) + "}";
    for (std::size_t at = message.find(key); at != std::string::npos;
         at = message.find(key, at + 1))
      message.replace(at, key.size(), std::to_string(v));
  }
  return KernelError(s.type, message, entry_->name, s.function, s.file, s.line, s.column,
                     {words[1], words[2], words[3]});
}

void throwKernelError(const KernelError &error) { throw error; }

} // namespace detail

} // namespace nvc::rt
