// cscale.comp: y[i] = a * x[i] over 1-d strided complex64 views, the end-to-end test
// of complex arrays and scalars. Complex64 elements are std430 vec2 (real, imaginary:
// NumPy's layout, 8 bytes, packed). It stands for
// `cscale(a: complex64, x: complex64[:], y: complex64[:])` with 32-bit indices: the
// scalar `a` is one 8-byte field at offset 0 (real part at 0, imaginary part at 4),
// then the descriptors of x and y (see cscale.json).
#version 450

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer X { vec2 x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Y { vec2 y[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) vec2 a;
  layout(offset = 8) int n_x;
  layout(offset = 12) int stride_x;
  layout(offset = 16) int off_x;
  layout(offset = 20) int n_y;
  layout(offset = 24) int stride_y;
  layout(offset = 28) int off_y;
} p;

// precise: no FMA contraction on any driver (see saxpy.comp).
vec2 cmul(vec2 u, vec2 v) {
  precise vec2 r = vec2(u.x * v.x - u.y * v.y, u.x * v.y + u.y * v.x);
  return r;
}

void main() {
  int i = int(gl_GlobalInvocationID.x);
  if (i < p.n_x && i < p.n_y)
    y[p.off_y + i * p.stride_y] = cmul(p.a, x[p.off_x + i * p.stride_x]);
}
