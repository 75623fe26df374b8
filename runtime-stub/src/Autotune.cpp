// Autotuning by measurement, choices kept per device and driver in autotune.json
// (nvc/Autotune.h).
#include "nvc/Autotune.h"
#include "DeviceContext.h"
#include "LaunchStep.h"
#include "StreamState.h"
#include "Environment.h"
#include "PipelineCache.h"
#include "nvc/Error.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include <unistd.h>

namespace nvc::rt {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// 004: one untimed run, then three timed ones.
constexpr int kTimedRuns = 3;

/// Reads the whole file as JSON; an empty object when missing, unreadable or malformed
/// (a cache is never an error).
json readJsonFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return json::object();
  std::stringstream text;
  text << in.rdbuf();
  json j = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  return j.is_object() ? j : json::object();
}

} // namespace

struct Autotuner::State {
  std::shared_ptr<Device::Context> context;
  std::string operation;
  std::string identity; ///< deviceDriverIdentity
  std::string path;
  std::map<std::string, AutotuneChoice> choices;
};

Autotuner::Autotuner(const Device &device, std::string operation)
    : state_(std::make_unique<State>()) {
  State &s = *state_;
  s.context = device.context();
  s.operation = std::move(operation);
  VkPhysicalDeviceProperties properties{};
  vkGetPhysicalDeviceProperties(s.context->physicalDevice, &properties);
  s.identity = detail::deviceDriverIdentity(properties);
  const std::string dir = detail::cacheDirectory();
  if (detail::environmentSwitch("NVC_AUTOTUNE_CACHE") == false || dir.empty())
    return;
  s.path = (fs::path(dir) / "autotune.json").string();
  const json file = readJsonFile(s.path);
  const json *entries = nullptr;
  if (auto d = file.find("devices"); d != file.end() && d->is_object())
    if (auto dev = d->find(s.identity); dev != d->end() && dev->is_object())
      if (auto op = dev->find(s.operation); op != dev->end() && op->is_object())
        entries = &*op;
  if (!entries)
    return;
  for (const auto &[key, value] : entries->items()) {
    // Entries of another shape (edited by hand, an older format) are skipped.
    if (!value.is_object() || !value.contains("choice") || !value["choice"].is_string())
      continue;
    AutotuneChoice c;
    c.choice = value["choice"].get<std::string>();
    c.fromFile = true;
    if (auto t = value.find("device_timed"); t != value.end() && t->is_boolean())
      c.deviceTimed = t->get<bool>();
    if (auto t = value.find("timings_ms"); t != value.end() && t->is_array())
      for (const json &pair : *t)
        if (pair.is_array() && pair.size() == 2 && pair[0].is_string() && pair[1].is_number())
          c.timingsMs.emplace_back(pair[0].get<std::string>(), pair[1].get<double>());
    s.choices[key] = std::move(c);
  }
}

Autotuner::~Autotuner() = default;
Autotuner::Autotuner(Autotuner &&) noexcept = default;
Autotuner &Autotuner::operator=(Autotuner &&) noexcept = default;

const std::map<std::string, AutotuneChoice> &Autotuner::choices() const { return state_->choices; }
const std::string &Autotuner::path() const { return state_->path; }

const AutotuneChoice &Autotuner::run(const std::string &key,
                                     const std::vector<AutotuneCandidate> &candidates) {
  State &s = *state_;
  if (candidates.empty())
    throw Error(fmt::format("autotune '{}': no candidates", s.operation));
  std::set<std::string> names;
  for (const AutotuneCandidate &c : candidates)
    if (!names.insert(c.name).second)
      throw Error(fmt::format("autotune '{}': two candidates are called '{}'", s.operation, c.name));

  auto known = s.choices.find(key);
  if (known == s.choices.end() || !names.count(known->second.choice)) {
    // Launches enqueued before on any stream finish first: the candidates are
    // timed on ready inputs, and their writes race with nothing.
    detail::synchronizeAll(*s.context);
    AutotuneChoice measured;
    Stream stream = Stream::create(s.context);
    measured.deviceTimed = detail::timestampSupport(*s.context).supported();
    for (const AutotuneCandidate &c : candidates) {
      c.enqueue(stream); // untimed: pipelines, pools, caches
      stream.synchronize();
      std::vector<double> ms;
      for (int r = 0; r < kTimedRuns; ++r) {
        if (measured.deviceTimed) {
          Event start(s.context), end(s.context);
          start.record(stream);
          c.enqueue(stream);
          end.record(stream);
          ms.push_back(start.elapsedTime(end));
        } else {
          const auto t0 = std::chrono::steady_clock::now();
          c.enqueue(stream);
          stream.synchronize();
          ms.push_back(
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                  .count());
        }
      }
      stream.synchronize();
      measured.timingsMs.emplace_back(c.name, median(ms));
    }
    // The lowest median; the earlier candidate on a tie.
    auto best = std::min_element(
        measured.timingsMs.begin(), measured.timingsMs.end(),
        [](const auto &a, const auto &b) { return a.second < b.second; });
    measured.choice = best->first;
    known = s.choices.insert_or_assign(key, std::move(measured)).first;
    if (!s.path.empty()) {
      // Read again and merge: another process may have added choices since.
      json file = readJsonFile(s.path);
      // Each level an object (a level of another type, edited by hand, is replaced).
      auto objectAt = [](json &parent, const std::string &name) -> json & {
        json &child = parent[name];
        if (!child.is_object())
          child = json::object();
        return child;
      };
      json &entry = objectAt(objectAt(objectAt(objectAt(file, "devices"), s.identity),
                                      s.operation),
                             key);
      entry = json::object();
      entry["choice"] = known->second.choice;
      entry["device_timed"] = known->second.deviceTimed;
      entry["timings_ms"] = json::array();
      for (const auto &[name, ms] : known->second.timingsMs)
        entry["timings_ms"].push_back(json::array({name, ms}));
      file["format_version"] = 1;
      std::error_code ec;
      fs::create_directories(fs::path(s.path).parent_path(), ec);
      // Written beside and renamed, so a reader never sees half a file.
      // A name no other process or thread writes at the same time. (Two processes
      // choosing at once may still each keep only their own new key: the last
      // rename wins, and the other's choice is measured again next time.)
      static std::atomic<unsigned> serial{0};
      const std::string temporary =
          s.path + fmt::format(".tmp{}-{}-{}", static_cast<long>(::getpid()),
                               static_cast<const void *>(&s), serial++);
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      out << file.dump(1, ' ', false, json::error_handler_t::replace) << '\n';
      out.close();
      if (out)
        fs::rename(temporary, s.path, ec);
      if (!out || ec)
        fs::remove(temporary, ec); // a cache that cannot be written is not an error
    }
  }
  const AutotuneChoice &chosen = known->second;
  Stream stream(s.context->defaultStream, s.context);
  for (const AutotuneCandidate &c : candidates)
    if (c.name == chosen.choice)
      c.enqueue(stream);
  return chosen;
}

std::string autotuneKey(const DeviceArguments &args) {
  std::string key;
  for (const auto &[name, array] : args.arrays()) {
    key += fmt::format("{}{}:{}[", key.empty() ? "" : ";", name, dtypeName(array.dtype()));
    for (std::size_t i = 0; i < array.shape().size(); ++i)
      key += fmt::format("{}{}", i ? "," : "", array.shape()[i]);
    key += "]";
  }
  return key;
}

std::vector<std::array<std::uint32_t, 3>> workgroupSizeCandidates(const EntryPointDesc &entry,
                                                                   const DeviceLimits &limits,
                                                                   std::size_t gridDimensions) {
  std::vector<std::array<std::uint32_t, 3>> sizes{entry.workgroupSize};
  std::vector<std::array<std::uint32_t, 3>> tried;
  if (gridDimensions <= 1)
    tried = {{32, 1, 1}, {64, 1, 1}, {128, 1, 1}, {256, 1, 1}, {512, 1, 1}, {1024, 1, 1}};
  else if (gridDimensions == 2)
    tried = {{8, 8, 1}, {16, 16, 1}, {32, 8, 1}, {8, 32, 1}, {32, 32, 1}};
  else
    tried = {{4, 4, 4}, {8, 8, 4}, {8, 8, 8}, {16, 8, 4}};
  for (const auto &size : tried) {
    bool fits = static_cast<std::uint64_t>(size[0]) * size[1] * size[2] <=
                limits.maxComputeWorkGroupInvocations;
    for (int i = 0; i < 3; ++i)
      fits = fits && size[i] <= limits.maxComputeWorkGroupSize[i] &&
             (entry.maxWorkgroupSize[i] == 0 || size[i] <= entry.maxWorkgroupSize[i]);
    if (fits && std::find(sizes.begin(), sizes.end(), size) == sizes.end())
      sizes.push_back(size);
  }
  return sizes;
}

} // namespace nvc::rt
