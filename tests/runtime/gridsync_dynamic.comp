// gridsync_dynamic.comp: the test kernel of a dynamic grid-sync schedule (docs/manifest.md
// "Dynamic schedules", grid_sync.dispatches null), written as the state machine nvc makes
// of a kernel with a grid barrier in a `while` loop. Python it stands for (N: the
// launch's invocations, n = len(inp); invocations at n or beyond run no phase):
//   @cuda.jit("void(int32[::1], int32[::1], int32[::1])")
//   def gridsync_dynamic(inp, out, seen):
//       i = cuda.grid(1); grid = cuda.cg.this_grid()
//       t = (i * 7 % 13) + inp[i]   # phases: a data-dependent number of barriers
//       j = (i + 1) % N             # another workgroup's invocation for the last of one
//       k = 0; bad = False; last = -1
//       while k < t:
//           published[i] = k
//           grid.sync(); k += 1
//           if k <= t_j:            # j published k - 1 before that barrier
//               if published[j] != k - 1: bad = True
//               last = published[j]
//       out[i] = -1 if bad else k; seen[i] = last
// Bindings: inp (0), out (1), seen (2), the grid_sync state buffer (3,
// words_per_invocation 5): slot 0, word[i], is the phase the next dispatch runs (0
// before the first: the launcher zeroes it; 0xffffffff once finished: surplus dispatches
// return at once); slots 1 and 2 hold the value published in odd and even phases; slot
// 3 the sticky error, slot 4 the last value seen. Word 5 * N is the waiting flag: set to
// 1 by every invocation that stops at a barrier (more dispatches needed).
#version 450

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer Inp { int inp[]; };
layout(std430, set = 0, binding = 1) buffer Out { int outv[]; };
layout(std430, set = 0, binding = 2) buffer Seen { int seen[]; };
layout(std430, set = 0, binding = 3) coherent buffer State { uint state[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) int n_inp;
  layout(offset = 4) int stride_inp;
  layout(offset = 8) int off_inp;
  layout(offset = 12) int n_out;
  layout(offset = 16) int stride_out;
  layout(offset = 20) int off_out;
  layout(offset = 24) int n_seen;
  layout(offset = 28) int stride_seen;
  layout(offset = 32) int off_seen;
} p;

int phases(uint i) {
  if (int(i) >= p.n_inp)
    return 0;
  return int(i * 7u % 13u) + inp[p.off_inp + int(i) * p.stride_inp];
}

void main() {
  uint N = gl_NumWorkGroups.x * gl_WorkGroupSize.x * gl_NumWorkGroups.y * gl_WorkGroupSize.y *
           gl_NumWorkGroups.z * gl_WorkGroupSize.z;
  uint i = gl_GlobalInvocationID.x +
           gl_NumWorkGroups.x * gl_WorkGroupSize.x *
               (gl_GlobalInvocationID.y + gl_NumWorkGroups.y * gl_WorkGroupSize.y *
                                              gl_GlobalInvocationID.z);
  uint k = state[i]; // the phase this dispatch runs
  if (k == 0xffffffffu)
    return; // finished in an earlier dispatch
  int t = phases(i);
  uint j = (i + 1u) % N;
  int err = 0, last = -1;
  if (k > 0u) {
    err = int(state[3u * N + i]);
    last = int(state[4u * N + i]);
    if (int(k) <= phases(j)) {
      uint v = state[(1u + ((k - 1u) & 1u)) * N + j];
      if (v != k - 1u)
        err = -1;
      last = int(v);
    }
  }
  if (int(k) < t) {
    // Publish, save, and stop at the barrier.
    state[(1u + (k & 1u)) * N + i] = k;
    state[3u * N + i] = uint(err);
    state[4u * N + i] = uint(last);
    state[i] = k + 1u;
    state[5u * N] = 1u;
    return;
  }
  state[i] = 0xffffffffu;
  if (int(i) < p.n_out)
    outv[p.off_out + int(i) * p.stride_out] = err != 0 ? err : int(k);
  if (int(i) < p.n_seen)
    seen[p.off_seen + int(i) * p.stride_seen] = last;
}
