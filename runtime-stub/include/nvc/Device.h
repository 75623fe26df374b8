// Device: a Vulkan instance, one physical device chosen by preference or by a
// selector string, and a logical device with one compute queue, created with every
// optional shader feature nvc kernels may need (shaderFloat64, shaderInt64,
// shaderInt16, 8- and 16-bit storage, shaderInt8/shaderFloat16, 64-bit atomics …)
// that the physical device supports. Also the enumeration of devices for
// `--list-devices` and the pure selection logic behind it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace nvc::rt {

/// VkPhysicalDeviceType, in the runtime's vocabulary.
enum class DeviceType { Other, IntegratedGpu, DiscreteGpu, VirtualGpu, Cpu };

/// "discrete GPU", "integrated GPU", "virtual GPU", "CPU" or "other".
const char *toString(DeviceType type);

/// One physical device as the Vulkan loader reports it.
struct DeviceInfo {
  std::uint32_t index = 0; ///< position in vkEnumeratePhysicalDevices' order
  std::string name;        ///< VkPhysicalDeviceProperties::deviceName
  DeviceType type = DeviceType::Other;
  std::uint32_t apiVersion = 0; ///< Vulkan version the device supports (VK_MAKE_API_VERSION)
  std::uint32_t vendorId = 0;
  std::uint32_t deviceId = 0;

  /// apiVersion as "major.minor.patch".
  std::string apiVersionString() const;
};

/// The device limits a launch is checked against (VkPhysicalDeviceLimits names).
struct DeviceLimits {
  std::array<std::uint32_t, 3> maxComputeWorkGroupCount{65535, 65535, 65535};
  std::array<std::uint32_t, 3> maxComputeWorkGroupSize{128, 128, 64};
  std::uint32_t maxComputeWorkGroupInvocations = 128;
  std::uint32_t maxComputeSharedMemorySize = 16384; ///< bytes
  std::uint32_t maxPushConstantsSize = 128;         ///< bytes
  std::uint32_t maxStorageBufferRange = 1u << 27;   ///< bytes
  std::uint32_t maxUniformBufferRange = 16384;      ///< bytes
  std::uint32_t maxPerStageDescriptorStorageBuffers = 4;
  std::uint32_t maxPerStageDescriptorUniformBuffers = 12;
};

/// The optional features of a device that SPIR-V capabilities and extensions map to
/// (Vulkan feature-struct member names). A Device enables all of those it has.
struct DeviceFeatures {
  std::uint32_t apiVersion =
      0; ///< Vulkan version usable with this device (min of instance and device)
  bool shaderFloat64 = false;
  bool shaderInt64 = false;
  bool shaderInt16 = false;
  bool shaderInt8 = false;
  bool shaderFloat16 = false;
  bool storageBuffer8BitAccess = false;
  bool uniformAndStorageBuffer8BitAccess = false;
  bool storagePushConstant8 = false;
  bool storageBuffer16BitAccess = false;
  bool uniformAndStorageBuffer16BitAccess = false;
  bool storagePushConstant16 = false;
  bool variablePointersStorageBuffer = false;
  bool variablePointers = false;
  bool shaderBufferInt64Atomics = false;
  bool shaderSharedInt64Atomics = false;
  bool shaderBufferFloat32AtomicAdd = false;
  bool shaderBufferFloat64AtomicAdd = false;
  bool shaderSharedFloat32AtomicAdd = false;
  bool shaderSharedFloat64AtomicAdd = false;
  bool vulkanMemoryModel = false;
  bool vulkanMemoryModelDeviceScope = false;
  /// VkPhysicalDeviceFloatControlsProperties (Vulkan 1.2 or
  /// VK_KHR_shader_float_controls): float32 subnormals may be preserved
  /// (execution mode DenormPreserve 32) independently of the other widths:
  /// shaderDenormPreserveFloat32, and denormBehaviorIndependence not NONE
  /// (NONE requires the same mode for every width).
  bool shaderDenormPreserveFloat32 = false;
  /// VkPhysicalDeviceFloatControlsProperties: SignedZeroInfNanPreserve for
  /// 16-, 32- and 64-bit floats (the device keeps signed zeros, infinities
  /// and NaNs when a module asks).
  bool shaderSignedZeroInfNanPreserveFloat16 = false;
  bool shaderSignedZeroInfNanPreserveFloat32 = false;
  bool shaderSignedZeroInfNanPreserveFloat64 = false;
  std::uint32_t subgroupSize = 0;
  std::uint32_t subgroupStages = 0;     ///< VkShaderStageFlags with subgroup operations
  std::uint32_t subgroupOperations = 0; ///< VkSubgroupFeatureFlags
  std::vector<std::string> extensions;  ///< device extensions enabled on the device

  /// True if `name` is among `extensions`.
  bool hasExtension(const std::string &name) const;
};

/// Enumerates the physical devices without creating a logical device. Throws Error
/// if no Vulkan driver (ICD) can be loaded; returns an empty vector if the driver
/// reports no device.
std::vector<DeviceInfo> listDevices();

/// Index (into `devices`) of the default device: the first discrete GPU, else the
/// first integrated GPU, else virtual GPU, else CPU, else any. Throws Error if
/// `devices` is empty.
std::size_t defaultDeviceIndex(const std::vector<DeviceInfo> &devices);

/// Index of the device `selector` names: an all-digit selector is an index into
/// `devices`; anything else is a case-insensitive substring of the device name (the
/// first match wins); an empty selector means defaultDeviceIndex. Throws Error (listing
/// the devices) if the index is out of range or no name matches.
std::size_t selectDevice(const std::vector<DeviceInfo> &devices, const std::string &selector);

/// The device's pipeline cache (persisted per device and driver between processes:
/// $NVC_CACHE_DIR, else $XDG_CACHE_HOME/nvc, else ~/.cache/nvc; NVC_PIPELINE_CACHE=0
/// turns it off) and what it did in this process.
struct PipelineCacheStatus {
  std::string path;                  ///< its file; empty when turned off
  std::size_t loadedBytes = 0;       ///< bytes read from the file at start (0: none)
  std::uint32_t pipelinesCreated = 0; ///< compute pipelines created so far
  /// Of those, the ones the driver found in the cache (VkPipelineCreationFeedback's
  /// APPLICATION_PIPELINE_CACHE_HIT); meaningful only when `hitsReported`.
  std::uint32_t cacheHits = 0;
  bool hitsReported = false; ///< the driver reports hits (Vulkan 1.3 or the extension)
};

/// The device's pool of released buffers: those of dropped device arrays and of the
/// temporary copies of host arrays a launch makes are kept (up to `capBytes`: the
/// environment's NVC_POOL_MB, else numba-vulkan's NUMBA_VULKAN_POOL_MB, megabytes;
/// default 1024; 0 turns the pool off) and serve later requests with the same usage
/// and a size they cover without wasting more than half.
struct BufferPoolStatus {
  std::uint64_t capBytes = 0;
  std::uint64_t heldBytes = 0;
  std::size_t heldBuffers = 0;
  std::uint64_t hits = 0;   ///< requests served from the pool
  std::uint64_t misses = 0; ///< requests that allocated
};

namespace detail {
struct DeviceAccess;
}

/// A logical device with up to four queues of one compute family (the default stream
/// on the first, Streams on the others). Kernels, modules and buffers created from
/// a Device keep its Vulkan objects alive, so the Device object itself may be
/// destroyed first. A Device is not thread-safe: launch from one thread at a time.
class Device {
public:
  /// Opens the device `selector` names (see selectDevice). Throws Error for an
  /// NVC_POOL_MB / NUMBA_VULKAN_POOL_MB that is not a number. An empty selector takes the
  /// environment's, NVC_DEVICE or else NUMBA_VULKAN_DEVICE (numba-vulkan's), and
  /// without one the default (defaultDeviceIndex). Throws Error if there is no Vulkan
  /// driver or device, the selector matches nothing (naming the variable it came
  /// from), the device lacks Vulkan 1.1 or a compute queue, or device creation fails.
  explicit Device(const std::string &selector = "");
  /// Releases this handle; the Vulkan device lives on while modules or kernels use it.
  /// Waits for the launches made without a stream (nothing could synchronise them
  /// later; such launches made after this wait at once). A kernel exception not yet
  /// thrown is reported on stderr.
  ~Device();
  /// Movable (a moved-from Device must not be used), not copyable.
  Device(Device &&) noexcept;
  Device &operator=(Device &&) noexcept;
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  /// Name, type and Vulkan version of the chosen physical device.
  const DeviceInfo &info() const;
  /// The compute limits launches are checked against.
  const DeviceLimits &limits() const;
  /// The optional features enabled on this device.
  const DeviceFeatures &features() const;

  /// Waits for the work of every stream of the device, the default one included
  /// (004's nv.synchronize()), and throws the first KernelError one of them raised.
  void synchronize();

  /// The buffer pool's cap, contents and counts (BufferPoolStatus).
  BufferPoolStatus bufferPool() const;
  /// Frees every buffer the pool holds (004's `nv.get_device().trim()`).
  void trim();
  /// The pipeline cache's file and counts (PipelineCacheStatus).
  PipelineCacheStatus pipelineCache() const;
  /// Writes the pipeline cache to its file now, if it grew (it is also written when
  /// the last user of the device is released). Returns the bytes written (0: none,
  /// turned off, or the file could not be written, which is never an error).
  std::size_t savePipelineCache();
  /// Receives each line kernels print (without its newline), after the launch that
  /// printed it (docs/language.md "Printing"). The default writes the line and a
  /// newline to stdout and flushes.
  using PrintHandler = std::function<void(const std::string &line)>;
  void setPrintHandler(PrintHandler handler);
  /// The size of each launch's print buffer in 32-bit words, its 4-word header
  /// included: numba-vulkan's NUMBA_VULKAN_PRINT_WORDS, which sets the default
  /// (262144 words, 1 MiB, when unset). Throws Error below 5 words. Records that do
  /// not fit are dropped, with one warning per launch on stderr.
  void setPrintBufferWords(std::uint32_t words);
  std::uint32_t printBufferWords() const;

  /// Implementation state shared with modules and kernels (Vulkan handles);
  /// defined in the runtime's sources only.
  struct Context;
  /// The shared implementation state (for the runtime's own Module and Kernel).
  const std::shared_ptr<Context> &context() const { return context_; }

private:
  friend struct detail::DeviceAccess; // borrowed handles for the runtime's internals
  /// A handle on `context` that is not the program's: it leaves the default stream
  /// alone when it goes (see ~Device).
  Device(std::shared_ptr<Context> context, bool owning);
  std::shared_ptr<Context> context_;
  bool owning_ = true;
};

} // namespace nvc::rt
