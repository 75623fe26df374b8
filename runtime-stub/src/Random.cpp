// numba.cuda.random's states on the host (nvc/Random.h). The generator is xoroshiro128+
// with the rotation and shift constants 55, 14 and 36 (Blackman and Vigna, 2016), which
// numba-cuda uses; the same steps are frontend/modules/numba_cuda_random.py's on the
// device.
#include "nvc/Random.h"

namespace nvc::rt {

namespace {

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/// One step of the generator (its output is not needed here).
void advance(Xoroshiro128pState &s) {
  const std::uint64_t a = s.s0;
  std::uint64_t b = s.s1 ^ a;
  s.s0 = rotl(a, 55) ^ b ^ (b << 14);
  s.s1 = rotl(b, 36);
}

/// 2^64 steps: the state as the jump polynomial's combination of the next 128.
void jump(Xoroshiro128pState &s) {
  static constexpr std::uint64_t kJump[2] = {0xBEAC0467EBA5FACBull, 0xD86B048B86AA9922ull};
  Xoroshiro128pState sum;
  for (std::uint64_t word : kJump)
    for (int bit = 0; bit < 64; ++bit) {
      if ((word >> bit) & 1) {
        sum.s0 ^= s.s0;
        sum.s1 ^= s.s1;
      }
      advance(s);
    }
  s = sum;
}

/// SplitMix64 of the seed (Steele, Lea and Flood), in both halves.
Xoroshiro128pState seeded(std::uint64_t seed) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return {z, z};
}

} // namespace

std::vector<Xoroshiro128pState> createXoroshiro128pStates(std::size_t n, std::uint64_t seed,
                                                         std::uint64_t subsequenceStart) {
  std::vector<Xoroshiro128pState> states(n);
  if (n == 0)
    return states;
  states[0] = seeded(seed);
  for (std::uint64_t k = 0; k < subsequenceStart; ++k)
    jump(states[0]);
  for (std::size_t i = 1; i < n; ++i) {
    states[i] = states[i - 1];
    jump(states[i]);
  }
  return states;
}

RecordDesc xoroshiro128pRecord() {
  RecordDesc r;
  r.ndim = 1;
  r.itemsize = 16;
  r.aligned = true;
  r.fields = {{"s0", DType::UInt64, 0, {}}, {"s1", DType::UInt64, 8, {}}};
  return r;
}

} // namespace nvc::rt
