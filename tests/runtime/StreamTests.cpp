// Tests of asynchronous launches, streams and events (nvc/Stream.h): launches on device
// arrays return before they run and are ordered on their stream; copies outside a
// stream wait for exactly the streams that use their buffer; 004's chunked pipeline on
// three streams; events time the device; kernel exceptions are thrown by the wait that
// finds them, once; NVC_SYNC makes every launch wait; a Device handle that goes drains
// its default stream. References are computed on the host from random data; outputs
// are poisoned first.
#include "TestSupport.h"

#include "StreamState.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace nvc::rt;
using namespace nvc::rt::test;

namespace {

Module loadModule(Device &device, const std::string &name) {
  return Module(device, shaderPath(name + ".spv"), sourcePath(name + ".json"));
}

/// y = a*x + y applied `times` times, in float32 as the kernel computes it.
std::vector<float> saxpyTimes(float a, const std::vector<float> &x, std::vector<float> y,
                              int times) {
  for (int t = 0; t < times; ++t)
    for (std::size_t i = 0; i < y.size(); ++i)
      y[i] = a * x[i] + y[i];
  return y;
}

DeviceArguments saxpyArgs(double a, const DeviceArray &x, const DeviceArray &y) {
  return DeviceArguments().scalar("a", a).array("x", x).array("y", y);
}

/// 004's streams example's resources: three streams, and per stream two float32 device
/// arrays of `chunk` elements (a chunk's input and output).
std::pair<std::vector<Stream>, std::vector<std::pair<DeviceArray, DeviceArray>>>
chunkStreams(Device &device, std::int64_t chunk) {
  std::vector<Stream> streams;
  std::vector<std::pair<DeviceArray, DeviceArray>> buffers;
  for (int s = 0; s < 3; ++s) {
    streams.emplace_back(device);
    buffers.emplace_back(DeviceArray(device, DType::Float32, {chunk}),
                         DeviceArray(device, DType::Float32, {chunk}));
  }
  return {std::move(streams), std::move(buffers)};
}

} // namespace

TEST_CASE("launches on device arrays are asynchronous and ordered", "[stream]") {
  Device &device = sharedDevice();
  Module module = loadModule(device, "saxpy");
  Kernel saxpy = module.kernel();
  const std::int64_t n = 5000;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(y));

  // 40 launches: more than one batch of 16. The default stream collects them.
  detail::StreamState &stream = detail::defaultStream(*device.context());
  const std::uint64_t before = stream.enqueued();
  for (int t = 0; t < 40; ++t) {
    const LaunchResult r = saxpy.launch(saxpyArgs(0.5, dx, dy), LaunchConfig::grid(n));
    CHECK(r.dispatch.workgroupCount[0] == (n + 63) / 64);
  }
  CHECK(stream.enqueued() == before + 40);
  CHECK(stream.submitted() <= stream.enqueued());
  // Reading y waits for every launch that uses it, in order.
  const std::vector<float> got = dy.toVector<float>();
  CHECK(stream.completed() == stream.enqueued());
  const std::vector<float> want = saxpyTimes(0.5f, x, y, 40);
  for (std::int64_t i = 0; i < n; ++i)
    REQUIRE(got[i] == want[i]);
  device.synchronize();
}

TEST_CASE("a copy outside a stream waits only for the streams that use its array",
          "[stream]") {
  Device &device = sharedDevice();
  Module module = loadModule(device, "saxpy");
  Kernel saxpy = module.kernel();
  const std::int64_t n = 1 << 16;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  std::vector<float> other = randomFloats(n, -1, 1);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(y));
  DeviceArray unrelated = DeviceArray::fromHost(device, HostArray::of(other));

  Stream busy(device);
  for (int t = 0; t < 20; ++t)
    busy.launch(saxpy, saxpyArgs(-0.25, dx, dy), LaunchConfig::grid(n));
  const std::uint64_t submitted = busy.state()->submitted();
  // `unrelated` was never used by `busy`: reading it submits and waits for nothing there.
  CHECK(unrelated.toVector<float>() == other);
  CHECK(busy.state()->submitted() == submitted);
  // `dy` was: reading it waits for all 20 launches.
  const std::vector<float> got = dy.toVector<float>();
  CHECK(busy.state()->completed() == busy.state()->enqueued());
  const std::vector<float> want = saxpyTimes(-0.25f, x, y, 20);
  for (std::int64_t i = 0; i < n; ++i)
    REQUIRE(got[i] == want[i]);

  // A write from the host waits too: the launches read x before it changes.
  Stream s(device);
  std::vector<float> x2 = randomFloats(n, 2, 3);
  s.launch(saxpy, saxpyArgs(1.0, dx, dy), LaunchConfig::grid(n));
  dx.copyFromHost(HostArray::of(x2));
  std::vector<float> want2 = saxpyTimes(1.0f, x, want, 1);
  CHECK(dy.toVector<float>() == want2);

  // So does a chain that uses the array.
  s.launch(saxpy, saxpyArgs(2.0, dx, dy), LaunchConfig::grid(n));
  Chain chain(device);
  chain.launch(saxpy, saxpyArgs(-1.0, dx, dy), LaunchConfig::grid(n));
  chain.run();
  want2 = saxpyTimes(-1.0f, x2, saxpyTimes(2.0f, x2, want2, 1), 1);
  const std::vector<float> got2 = dy.toVector<float>();
  for (std::int64_t i = 0; i < n; ++i)
    REQUIRE(got2[i] == want2[i]);
}

TEST_CASE("a chunked pipeline on three streams gives the one-stream result", "[stream]") {
  // 004's streams example: copy a chunk in, run a kernel on it, copy it out, with
  // three streams taking the chunks in turn.
  Device &device = sharedDevice();
  Module module = loadModule(device, "saxpy");
  Kernel saxpy = module.kernel();
  const std::int64_t chunk = 4096, chunks = 12;
  std::vector<float> host = randomFloats(chunk * chunks, -10, 10);
  const std::vector<float> original = host;
  std::vector<float> result(host.size(), std::nanf(""));
  auto [streams, buffers] = chunkStreams(device, chunk);
  // Each stream has its own queue where the device offers them.
  const std::size_t queues = device.context()->queues.size();
  INFO("compute queues: " << queues);
  if (queues >= 4)
    CHECK(streams[0].queueIndex() != streams[1].queueIndex());
  std::vector<float> ones(chunk, 1.0f);
  for (std::int64_t c = 0; c < chunks; ++c) {
    Stream &stream = streams[c % 3];
    auto &[dx, dout] = buffers[c % 3];
    float *part = host.data() + c * chunk;
    stream.copyToDevice(HostArray::contiguous(part, DType::Float32, {chunk}), dx);
    std::fill(part, part + chunk, -1.0f); // taken at enqueue: this does not reach the device
    stream.copyToDevice(HostArray::of(ones), dout);
    stream.launch(saxpy, saxpyArgs(3.0, dx, dout), LaunchConfig::grid(chunk));
    stream.copyToHost(dout, HostArray::contiguous(result.data() + c * chunk, DType::Float32,
                                                  {chunk}));
  }
  for (Stream &s : streams)
    s.synchronize();
  for (Stream &s : streams)
    CHECK(s.query());
  for (std::size_t i = 0; i < result.size(); ++i)
    REQUIRE(result[i] == 3.0f * original[i] + 1.0f);
}

TEST_CASE("stream copies of views and narrowed arrays convert as the synchronous ones",
          "[stream]") {
  Device &device = sharedDevice();
  Stream stream(device);
  std::vector<std::int64_t> values = randomInts(24, -1000, 1000);
  // int64 stored as int32 (a kernel with 32-bit integers keeps it so).
  DeviceArray narrowed(device, DType::Int64, {4, 6}, DType::Int32);
  stream.copyToDevice(HostArray::contiguous(values.data(), DType::Int64, {4, 6}),
                      narrowed);
  // A strided view (every other column, reversed rows) read back on the stream.
  DeviceArray view = narrowed.slice(0, INT64_MAX, INT64_MIN, -1).slice(1, 0, INT64_MAX, 2);
  std::vector<std::int64_t> got(12, -7);
  stream.copyToHost(view, HostArray::contiguous(got.data(), DType::Int64, {4, 3}));
  stream.synchronize();
  for (std::int64_t i = 0; i < 4; ++i)
    for (std::int64_t j = 0; j < 3; ++j)
      CHECK(got[i * 3 + j] == values[(3 - i) * 6 + 2 * j]);
  // A value that does not fit the storage is refused at enqueue.
  std::vector<std::int64_t> big(24, std::int64_t(1) << 40);
  CHECK_THROWS_WITH(
      stream.copyToDevice(HostArray::contiguous(big.data(), DType::Int64, {4, 6}), narrowed),
      Catch::Contains("does not fit in int32"));
  // A view with gaps cannot be written asynchronously.
  std::vector<std::int64_t> three(12, 1);
  CHECK_THROWS_WITH(
      stream.copyToDevice(HostArray::contiguous(three.data(), DType::Int64, {4, 3}), view),
      Catch::Contains("not contiguous"));
}

TEST_CASE("events time the device between two points of a stream", "[stream]") {
  Device &device = sharedDevice();
  Module module = loadModule(device, "saxpy");
  Kernel saxpy = module.kernel();
  const std::int64_t n = 1 << 18;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(y));
  Stream stream(device);
  Event start(device), end(device), never(device);
  CHECK_FALSE(never.query());
  CHECK_THROWS_WITH(never.synchronize(), Catch::Contains("never recorded"));
  CHECK_THROWS_WITH(start.elapsedTime(never), Catch::Contains("both events must be recorded"));
  start.record(stream);
  for (int t = 0; t < 8; ++t)
    stream.launch(saxpy, saxpyArgs(1.0, dx, dy), LaunchConfig::grid(n));
  end.record(stream);
  end.synchronize();
  CHECK(end.query());
  CHECK(start.query());
  if (timestampSupport(device).supported()) {
    const double ms = start.elapsedTime(end);
    CHECK(ms > 0);
    CHECK(ms < 60'000);
    CHECK(end.elapsedTime(start) == Approx(-ms));
  }
  // On the default stream too.
  Event a(device), b(device);
  a.record();
  saxpy.launch(saxpyArgs(1.0, dx, dy), LaunchConfig::grid(n));
  b.record();
  if (timestampSupport(device).supported())
    CHECK(a.elapsedTime(b) >= 0);
}

TEST_CASE("a kernel's exception on a stream is thrown by the wait that finds it, once",
          "[stream]") {
  Device &device = sharedDevice();
  Module module = loadModule(device, "check_positive");
  Kernel check = module.kernel();
  const std::int64_t n = 1000;
  const std::vector<float> positive = randomFloats(n, 0.5f, 4);
  std::vector<float> x = positive;
  DeviceArray good = DeviceArray::fromHost(device, HostArray::of(x));
  x[617] = -1;
  DeviceArray bad = DeviceArray::fromHost(device, HostArray::of(x));
  std::vector<float> poison(n, -9);
  DeviceArray out = DeviceArray::fromHost(device, HostArray::of(poison));
  auto args = [&](const DeviceArray &in) {
    return DeviceArguments().array("x", in).array("out", out);
  };

  Stream stream(device);
  stream.launch(check, args(good), LaunchConfig::grid(n));
  stream.synchronize(); // nothing raised
  stream.launch(check, args(bad), LaunchConfig::grid(n));
  stream.launch(check, args(good), LaunchConfig::grid(n)); // runs after it, as separate launches
  try {
    stream.synchronize();
    FAIL("no KernelError");
  } catch (const KernelError &e) {
    CHECK(e.type() == "ValueError");
    CHECK(std::string(e.what()).find("negative value at index 617") != std::string::npos);
  }
  stream.synchronize(); // thrown once
  const std::vector<float> got = out.toVector<float>();
  for (std::int64_t i = 0; i < n; ++i)
    REQUIRE(got[i] == 2 * positive[i]);

  // On the default stream: the copy that waits for the launch throws it.
  check.launch(args(bad), LaunchConfig::grid(n));
  CHECK_THROWS_AS(out.toVector<float>(), KernelError);
  check.launch(args(bad), LaunchConfig::grid(n));
  CHECK_THROWS_AS(device.synchronize(), KernelError);
  device.synchronize();
}

TEST_CASE("NVC_SYNC=1 makes every launch wait", "[stream]") {
  ScopedEnv sync("NVC_SYNC", "1");
  Device device;
  Module module = loadModule(device, "saxpy");
  Kernel saxpy = module.kernel();
  const std::int64_t n = 4096;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  DeviceArray dx = DeviceArray::fromHost(device, HostArray::of(x));
  DeviceArray dy = DeviceArray::fromHost(device, HostArray::of(y));
  Stream stream(device);
  stream.launch(saxpy, saxpyArgs(2.0, dx, dy), LaunchConfig::grid(n));
  CHECK(stream.state()->completed() == stream.state()->enqueued());
  saxpy.launch(saxpyArgs(2.0, dx, dy), LaunchConfig::grid(n));
  detail::StreamState &def = detail::defaultStream(*device.context());
  CHECK(def.completed() == def.enqueued());
  CHECK(dy.toVector<float>() == saxpyTimes(2.0f, x, y, 2));
}

TEST_CASE("a Device that goes waits for its launches; later ones wait at once", "[stream]") {
  const std::int64_t n = 4096;
  std::vector<float> x = randomFloats(n, -1, 1), y = randomFloats(n, -1, 1);
  std::optional<Module> module;
  std::optional<DeviceArray> dx, dy;
  {
    Device device;
    module.emplace(loadModule(device, "saxpy"));
    dx.emplace(DeviceArray::fromHost(device, HostArray::of(x)));
    dy.emplace(DeviceArray::fromHost(device, HostArray::of(y)));
    Kernel saxpy = module->kernel();
    for (int t = 0; t < 5; ++t)
      saxpy.launch(saxpyArgs(1.5, *dx, *dy), LaunchConfig::grid(n));
  } // the handle goes: its default stream is drained
  Kernel saxpy = module->kernel();
  saxpy.launch(saxpyArgs(1.5, *dx, *dy), LaunchConfig::grid(n));
  CHECK(dy->toVector<float>() == saxpyTimes(1.5f, x, y, 6));
}

TEST_CASE("stream copies from and to pinned memory, whole or in parts", "[stream]") {
  Device &device = sharedDevice();
  Module module = loadModule(device, "saxpy");
  Kernel saxpy = module.kernel();
  const std::int64_t chunk = 3000, chunks = 7;
  PinnedArray in(device, DType::Float32, {chunk * chunks});
  PinnedArray out(device, DType::Float32, {chunk * chunks});
  CHECK(in.shape() == std::vector<std::int64_t>{chunk * chunks});
  CHECK_THROWS_WITH(PinnedArray(device, DType::Float32, {4, -1}),
                    Catch::Contains("negative extent -1"));
  CHECK_THROWS_WITH(in.data<double>(), Catch::Contains("holds float32"));
  const std::vector<float> values = randomFloats(chunk * chunks, -5, 5);
  std::copy(values.begin(), values.end(), in.data<float>());
  std::fill(out.data<float>(), out.data<float>() + chunk * chunks, std::nanf(""));
  std::vector<float> ones(chunk, 1.0f);
  auto [streams, buffers] = chunkStreams(device, chunk);
  for (std::int64_t c = 0; c < chunks; ++c) {
    Stream &stream = streams[c % 3];
    auto &[dx, dy] = buffers[c % 3];
    stream.copyToDevice(HostArray::contiguous(in.data<float>() + c * chunk, DType::Float32, {chunk}),
                        dx);
    stream.copyToDevice(HostArray::of(ones), dy);
    stream.launch(saxpy, saxpyArgs(-2.0, dx, dy), LaunchConfig::grid(chunk));
    stream.copyToHost(dy, HostArray::contiguous(out.data<float>() + c * chunk, DType::Float32,
                                                {chunk}));
  }
  device.synchronize();
  for (std::int64_t i = 0; i < chunk * chunks; ++i)
    REQUIRE(out.data<float>()[i] == -2.0f * values[i] + 1.0f);
  // The whole pinned array at once, through its HostArray.
  DeviceArray whole(device, DType::Float32, {chunk * chunks});
  streams[0].copyToDevice(out.host(), whole);
  std::fill(in.data<float>(), in.data<float>() + chunk * chunks, 0.0f);
  streams[0].copyToHost(whole, in.host());
  streams[0].synchronize();
  for (std::int64_t i = 0; i < chunk * chunks; ++i)
    REQUIRE(in.data<float>()[i] == out.data<float>()[i]);
}

TEST_CASE("copies submitted apart from the kernels stay ordered with them", "[stream]") {
  // What a device with a transfer-only queue family does (the copies on that queue,
  // ordered with the stream's kernels by a timeline semaphore), here with the copies'
  // submissions on the compute queue: NVC_TRANSFER_QUEUE=compute.
  ScopedEnv split("NVC_TRANSFER_QUEUE", "compute");
  Device device;
  if (!device.context()->timelineSemaphores) {
    WARN("the device has no timeline semaphores: nothing to test");
    return;
  }
  REQUIRE_FALSE(device.context()->copyQueues.empty());
  Module module = loadModule(device, "saxpy");
  Kernel saxpy = module.kernel();
  const std::int64_t chunk = 2048, chunks = 9;
  const std::vector<float> values = randomFloats(chunk * chunks, -4, 4);
  PinnedArray pinnedIn(device, DType::Float32, {chunk * chunks});
  std::copy(values.begin(), values.end(), pinnedIn.data<float>());
  std::vector<float> pageableOut(chunk * chunks, std::nanf(""));
  std::vector<float> ones(chunk, 1.0f);
  auto [streams, buffers] = chunkStreams(device, chunk);
  Event start(device), end(device);
  start.record(streams[0]);
  for (int round = 0; round < 2; ++round) // the second round reuses buffers after waits
    for (std::int64_t c = 0; c < chunks; ++c) {
      Stream &stream = streams[c % 3];
      auto &[dx, dy] = buffers[c % 3];
      stream.copyToDevice(
          HostArray::contiguous(pinnedIn.data<float>() + c * chunk, DType::Float32, {chunk}), dx);
      stream.copyToDevice(HostArray::of(ones), dy);                        // staging: copy queue
      stream.launch(saxpy, saxpyArgs(0.5, dx, dy), LaunchConfig::grid(chunk)); // compute
      stream.copy(dy.buffer(), dx.buffer());                              // device-device
      stream.launch(saxpy, saxpyArgs(1.0, dx, dy), LaunchConfig::grid(chunk)); // y = 2y
      stream.copyToHost(dy, HostArray::contiguous(pageableOut.data() + c * chunk, DType::Float32,
                                                  {chunk}));
    }
  end.record(streams[0]);
  device.synchronize();
  for (std::int64_t i = 0; i < chunk * chunks; ++i) {
    const float y = 0.5f * values[i] + 1.0f;
    REQUIRE(pageableOut[i] == y + y);
  }
  if (timestampSupport(device).supported())
    CHECK(start.elapsedTime(end) > 0);
}
