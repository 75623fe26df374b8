// Internal: the device's VkPipelineCache, persisted between processes, so that the
// driver's own compilation of a kernel (SPIR-V to machine code, hundreds of
// milliseconds for a large kernel on some drivers) is paid once per machine rather
// than once per process.
//
// The file is per device and driver: <dir>/pipeline-cache-<vendorID>-<deviceID>-
// <driverVersion>-<pipelineCacheUUID>.bin, <dir> being $NVC_CACHE_DIR, else
// $XDG_CACHE_HOME/nvc, else $HOME/.cache/nvc (the XDG base directory rules).
// NVC_PIPELINE_CACHE=0 (or false, off, no) turns it off (nothing read or written). Data whose header
// (VkPipelineCacheHeaderVersionOne) names another device, driver or UUID is not
// given to the driver. The file is written when the device is released, if the
// cache grew, through a temporary file renamed over it, so that processes sharing
// the directory never read a partial file. Every failure to read or write it is
// silent: the cache only saves time.
#pragma once

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace nvc::rt::detail {

/// Whether NVC_PIPELINE_CACHE turns the cache off: 0, false, off or no, in any case.
bool pipelineCacheTurnedOff();

/// The runtime's cache directory: $NVC_CACHE_DIR, else $XDG_CACHE_HOME/nvc (an absolute
/// XDG_CACHE_HOME only, as the XDG spec says), else ~/.cache/nvc; empty without HOME.
std::string cacheDirectory();

/// What names a device and its driver in cache files ("<vendor>-<device>-<driver
/// version>-<pipelineCacheUUID>", hexadecimal): data kept under it is valid only for
/// the same device and driver.
std::string deviceDriverIdentity(const VkPhysicalDeviceProperties &properties);

/// Where the cache of the device with `properties` lives; empty when it is turned
/// off or no directory can be named (no HOME).
std::string pipelineCachePath(const VkPhysicalDeviceProperties &properties);

/// Whether `data` starts with a pipeline-cache header (Vulkan spec,
/// "Pipeline Cache") for the device with `properties`.
bool pipelineCacheDataMatches(const std::vector<std::uint8_t> &data,
                              const VkPhysicalDeviceProperties &properties);

class PipelineCache {
public:
  /// Creates the cache on `device`, with the data of `path` when it matches
  /// `properties` (empty path: an in-memory cache, never saved).
  PipelineCache(VkDevice device, const VkPhysicalDeviceProperties &properties, std::string path);
  /// Saves, then destroys the VkPipelineCache.
  ~PipelineCache();
  PipelineCache(const PipelineCache &) = delete;
  PipelineCache &operator=(const PipelineCache &) = delete;

  VkPipelineCache handle() const { return cache_; }
  const std::string &path() const { return path_; }
  /// Bytes read from the file and given to the driver (0: none, or no file).
  std::size_t loadedBytes() const { return loadedBytes_; }
  /// Writes the cache's data to the file when it differs in size from what was
  /// loaded or last saved. Returns the bytes written (0: nothing written).
  std::size_t save();

private:
  VkDevice device_;
  std::string path_;
  VkPipelineCache cache_ = VK_NULL_HANDLE;
  std::size_t loadedBytes_ = 0;
  std::size_t savedBytes_ = 0;
};

} // namespace nvc::rt::detail
