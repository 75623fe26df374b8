// daxpy_ubo.comp: y[i] = a * x[i] + y[i] in float64 with 64-bit indices and the
// parameter block in a uniform buffer (binding 2) instead of push constants. It stands
// for `daxpy(a: float64, x: float64[::1], y: float64[::1])` compiled with
// --index-bits=64 and a forced uniform-buffer parameter block; the manifest is
// daxpy_ubo.json (capabilities Shader, Float64, Int64).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer X { double x[]; };
layout(std430, set = 0, binding = 1) buffer Y { double y[]; };

layout(std140, set = 0, binding = 2) uniform Params {
  layout(offset = 0) double a;
  layout(offset = 8) int64_t n_x;
  layout(offset = 16) int64_t stride_x;
  layout(offset = 24) int64_t off_x;
  layout(offset = 32) int64_t n_y;
  layout(offset = 40) int64_t stride_y;
  layout(offset = 48) int64_t off_y;
} p;

void main() {
  int64_t i = int64_t(gl_GlobalInvocationID.x);
  if (i < p.n_x && i < p.n_y) {
    int64_t ix = p.off_x + i * p.stride_x;
    int64_t iy = p.off_y + i * p.stride_y;
    // GLSL indexes arrays with 32-bit integers; the test arrays are small.
    precise double r = p.a * x[int(ix)] + y[int(iy)]; // no FMA contraction (saxpy.comp)
    y[int(iy)] = r;
  }
}
