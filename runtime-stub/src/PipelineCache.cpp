// The persisted VkPipelineCache (PipelineCache.h).
#include "PipelineCache.h"
#include "Environment.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

#include <unistd.h>

namespace nvc::rt::detail {

namespace fs = std::filesystem;

bool pipelineCacheTurnedOff() { return environmentSwitch("NVC_PIPELINE_CACHE") == false; }

std::string cacheDirectory() {
  if (const char *d = std::getenv("NVC_CACHE_DIR"); d && *d)
    return d;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg && xdg[0] == '/')
    return (fs::path(xdg) / "nvc").string();
  if (const char *home = std::getenv("HOME"); home && *home)
    return (fs::path(home) / ".cache" / "nvc").string();
  return {};
}

std::string deviceDriverIdentity(const VkPhysicalDeviceProperties &properties) {
  std::string uuid;
  for (std::uint8_t byte : properties.pipelineCacheUUID)
    uuid += fmt::format("{:02x}", byte);
  return fmt::format("{:04x}-{:04x}-{:08x}-{}", properties.vendorID, properties.deviceID,
                     properties.driverVersion, uuid);
}

std::string pipelineCachePath(const VkPhysicalDeviceProperties &properties) {
  const std::string dir = cacheDirectory();
  if (pipelineCacheTurnedOff() || dir.empty())
    return {};
  return (fs::path(dir) / fmt::format("pipeline-cache-{}.bin", deviceDriverIdentity(properties)))
      .string();
}

bool pipelineCacheDataMatches(const std::vector<std::uint8_t> &data,
                              const VkPhysicalDeviceProperties &properties) {
  // VkPipelineCacheHeaderVersionOne: headerSize, headerVersion, vendorID,
  // deviceID (4 bytes each, little-endian on every platform the runtime
  // supports), then pipelineCacheUUID.
  constexpr std::size_t kHeaderBytes = 16 + VK_UUID_SIZE;
  if (data.size() < kHeaderBytes)
    return false;
  std::uint32_t words[4];
  std::memcpy(words, data.data(), sizeof(words));
  return words[0] >= kHeaderBytes && words[1] == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
         words[2] == properties.vendorID && words[3] == properties.deviceID &&
         std::memcmp(data.data() + 16, properties.pipelineCacheUUID, VK_UUID_SIZE) == 0;
}

PipelineCache::PipelineCache(VkDevice device, const VkPhysicalDeviceProperties &properties,
                             std::string path)
    : device_(device), path_(std::move(path)) {
  std::vector<std::uint8_t> data;
  if (!path_.empty()) {
    // Anything but a readable regular file (a directory, a device, a file
    // that vanishes while read) is no cache; never an error.
    std::error_code error;
    if (fs::is_regular_file(path_, error)) {
      try {
        std::ifstream in(path_, std::ios::binary);
        if (in)
          data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      } catch (...) {
        data.clear();
      }
    }
    if (!pipelineCacheDataMatches(data, properties))
      data.clear();
  }
  VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  info.initialDataSize = data.size();
  info.pInitialData = data.empty() ? nullptr : data.data();
  if (vkCreatePipelineCache(device_, &info, nullptr, &cache_) != VK_SUCCESS) {
    // Data a driver refuses: start empty rather than fail the device.
    info.initialDataSize = 0;
    info.pInitialData = nullptr;
    data.clear();
    if (vkCreatePipelineCache(device_, &info, nullptr, &cache_) != VK_SUCCESS)
      cache_ = VK_NULL_HANDLE; // pipelines are then created without a cache
  }
  loadedBytes_ = savedBytes_ = data.size();
}

std::size_t PipelineCache::save() {
  if (path_.empty() || !cache_)
    return 0;
  std::size_t size = 0;
  if (vkGetPipelineCacheData(device_, cache_, &size, nullptr) != VK_SUCCESS || size == 0 ||
      size == savedBytes_)
    return 0;
  std::vector<std::uint8_t> data(size);
  if (vkGetPipelineCacheData(device_, cache_, &size, data.data()) != VK_SUCCESS)
    return 0;
  data.resize(size);
  std::error_code error;
  const fs::path target(path_);
  fs::create_directories(target.parent_path(), error);
  const fs::path temporary =
      target.parent_path() / fmt::format(".{}.{}.tmp", target.filename().string(), getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out)
      return 0;
    out.write(reinterpret_cast<const char *>(data.data()), static_cast<std::streamsize>(size));
    if (!out.good()) {
      out.close();
      fs::remove(temporary, error);
      return 0;
    }
  }
  fs::rename(temporary, target, error);
  if (error) {
    fs::remove(temporary, error);
    return 0;
  }
  savedBytes_ = size;
  return size;
}

PipelineCache::~PipelineCache() {
  if (!cache_)
    return;
  try {
    save();
  } catch (...) { // a full disk or a bad directory never ends the program
  }
  vkDestroyPipelineCache(device_, cache_, nullptr);
}

} // namespace nvc::rt::detail
