// numba.cuda.random's generator states on the host: the launcher makes them from a
// seed, as numba-cuda's create_xoroshiro128p_states does, so that kernels that draw
// with xoroshiro128p_uniform_float32 & co. (nvc's numba.cuda.random) give numba-cuda's
// streams for the same seed.
#pragma once

#include "nvc/Record.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace nvc::rt {

/// One xoroshiro128+ generator: numba.cuda.random.xoroshiro128p_dtype, the aligned
/// record {s0: uint64 at 0, s1: uint64 at 8; 16 bytes}.
struct Xoroshiro128pState {
  std::uint64_t s0 = 0, s1 = 0;
};
static_assert(sizeof(Xoroshiro128pState) == 16);

/// The states numba-cuda's create_xoroshiro128p_states(n, seed, subsequence_start)
/// makes (its init_xoroshiro128p_states_cpu): state 0 is SplitMix64 of `seed` in both
/// halves, advanced by `subsequenceStart` jumps of 2^64 steps; state i is state i - 1
/// advanced by one jump. Costs 128 steps per jump (n + subsequenceStart jumps).
std::vector<Xoroshiro128pState> createXoroshiro128pStates(std::size_t n, std::uint64_t seed,
                                                         std::uint64_t subsequenceStart = 0);

/// The record layout of a state (what a kernel's manifest says for a states argument).
RecordDesc xoroshiro128pRecord();

// A kernel takes the states as the bytes of their records: pass
// nvc::rt::recordBytes(states) (nvc/ArrayRef.h), a uint8 view of shape (n, 16).

} // namespace nvc::rt
