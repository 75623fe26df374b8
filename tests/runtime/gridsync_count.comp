// gridsync_count.comp: the test kernel of grid-wide synchronisation (docs/manifest.md
// "Grid synchronisation"), written as the state machine nvc makes of a kernel that
// calls cuda.cg.this_grid().sync(). Python it stands for (N: the launch's invocations):
//   @cuda.jit("void(int32[::1], int32)")
//   def gridsync_count(out, n):
//       i = cuda.grid(1); grid = cuda.cg.this_grid(); bad = False
//       for k in range(n):
//           # what invocation (i + 1) % N (in another workgroup for the last of a
//           # group) published in phase k - 1, published before the barrier
//           if k > 0 and published[(i + 1) % N] != k - 1: bad = True
//           grid.sync(); published[i] = k
//       out[i] = -1 if bad else n
// Bindings: out (0), the grid_sync state buffer (1, words_per_invocation 4): slot 0,
// word[i], counts the phases this invocation ran in this launch (0 before the first: the
// launcher zeroes it); slots 1 and 2 hold the value published for the neighbour in odd
// and even phases (two, so that no invocation overwrites what another still reads in the
// same dispatch); slot 3 is a sticky error flag (no initial value: written in phase 0).
// Every dispatch is one phase; out[i] = phases run so far, negative on an error.
#version 450

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) buffer Out { int outv[]; };
layout(std430, set = 0, binding = 1) coherent buffer State { uint state[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) int n;
  layout(offset = 4) int n_out;
  layout(offset = 8) int stride_out;
  layout(offset = 12) int off_out;
} p;

void main() {
  uint N = gl_NumWorkGroups.x * gl_WorkGroupSize.x * gl_NumWorkGroups.y * gl_WorkGroupSize.y *
           gl_NumWorkGroups.z * gl_WorkGroupSize.z;
  uint i = gl_GlobalInvocationID.x +
           gl_NumWorkGroups.x * gl_WorkGroupSize.x *
               (gl_GlobalInvocationID.y + gl_NumWorkGroups.y * gl_WorkGroupSize.y *
                                              gl_GlobalInvocationID.z);
  uint k = state[i]; // the phase this dispatch runs
  int err = k == 0u ? 0 : int(state[3u * N + i]);
  if (k > 0u) {
    uint neighbour = state[(1u + ((k - 1u) & 1u)) * N + (i + 1u) % N];
    if (neighbour != k - 1u)
      err = -1;
  }
  state[3u * N + i] = uint(err);
  state[(1u + (k & 1u)) * N + i] = k;
  state[i] = k + 1u;
  if (int(i) < p.n_out)
    outv[p.off_out + int(i) * p.stride_out] = err != 0 ? err : int(k + 1u);
}
