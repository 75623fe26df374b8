// saxpy.comp: y[i] = a * x[i] + y[i] over 1-d strided views, the end-to-end test
// kernel of the runtime stub. Its parameter block is a push-constant block laid out
// exactly as docs/manifest.md prescribes for `saxpy(a: float32, x: float32[:], y: float32[:])`
// with 32-bit indices (see saxpy.json); the workgroup size comes from specialization
// constants 0, 1, 2.
#version 450

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer X { float x[]; };
layout(std430, set = 0, binding = 1) buffer Y { float y[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) float a;
  layout(offset = 4) int n_x;
  layout(offset = 8) int stride_x;
  layout(offset = 12) int off_x;
  layout(offset = 16) int n_y;
  layout(offset = 20) int stride_y;
  layout(offset = 24) int off_y;
} p;

void main() {
  int i = int(gl_GlobalInvocationID.x);
  if (i < p.n_x && i < p.n_y) {
    int ix = p.off_x + i * p.stride_x;
    int iy = p.off_y + i * p.stride_y;
    // precise: no FMA contraction on any driver (NVIDIA's fuses a*x + y otherwise), so
    // the tests compare exactly with the host's float arithmetic.
    precise float r = p.a * x[ix] + y[iy];
    y[iy] = r;
  }
}
