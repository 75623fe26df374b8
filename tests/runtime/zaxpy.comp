// zaxpy.comp: y[i] = a * x[i] + s * y[i] in complex128 (dvec2 elements: real, then
// imaginary part, 16 bytes, packed). It stands for
// `zaxpy(s: float32, a: complex128, x: complex128[:], y: complex128[:])` with 32-bit
// indices: `s` at offset 0, the 16-byte field of `a` aligned to 16 (real part at 16,
// imaginary part at 24), then the descriptors of x and y (see zaxpy.json;
// capabilities Shader and Float64).
#version 450

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer X { dvec2 x[]; };
layout(std430, set = 0, binding = 1) buffer Y { dvec2 y[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) float s;
  layout(offset = 16) dvec2 a;
  layout(offset = 32) int n_x;
  layout(offset = 36) int stride_x;
  layout(offset = 40) int off_x;
  layout(offset = 44) int n_y;
  layout(offset = 48) int stride_y;
  layout(offset = 52) int off_y;
} p;

// precise: no FMA contraction on any driver (see saxpy.comp).
dvec2 cmul(dvec2 u, dvec2 v) {
  precise dvec2 r = dvec2(u.x * v.x - u.y * v.y, u.x * v.y + u.y * v.x);
  return r;
}

void main() {
  int i = int(gl_GlobalInvocationID.x);
  if (i < p.n_x && i < p.n_y) {
    int iy = p.off_y + i * p.stride_y;
    precise dvec2 r = cmul(p.a, x[p.off_x + i * p.stride_x]) + double(p.s) * y[iy];
    y[iy] = r;
  }
}
