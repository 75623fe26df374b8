// check_positive.comp: the test kernel for exceptions raised on streams. Python it
// stands for (docs/manifest.md "The error buffer"):
//   def check_positive(x: float32[::1], out: float32[::1]):
//       i = cuda.grid(1)
//       if i < x.size:
//           if x[i] < 0:
//               raise ValueError("negative value at index", i)   # message "... {0}"
//           out[i] = 2 * x[i]
// The error buffer is binding 2 (8 words); an invocation that raises takes word 0 with
// an atomic compare-exchange, fills words 1-7 and returns.
#version 450

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer X { float x[]; };
layout(std430, set = 0, binding = 1) buffer Out { float outv[]; };
layout(std430, set = 0, binding = 2) buffer Errors { uint words[8]; };

layout(push_constant) uniform Params {
  layout(offset = 0) int n_x;
  layout(offset = 4) int stride_x;
  layout(offset = 8) int off_x;
  layout(offset = 12) int n_out;
  layout(offset = 16) int stride_out;
  layout(offset = 20) int off_out;
} p;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (int(i) >= p.n_x)
    return;
  float v = x[p.off_x + int(i) * p.stride_x];
  if (v < 0.0) {
    if (atomicCompSwap(words[0], 0u, 1u) == 0u) {
      words[1] = i;
      words[2] = 0u;
      words[3] = 0u;
      words[4] = i;
      words[5] = 0u;
      words[6] = 0u;
      words[7] = 0u;
    }
    return;
  }
  outv[p.off_out + int(i) * p.stride_out] = 2.0 * v;
}
