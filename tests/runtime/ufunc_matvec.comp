// ufunc_matvec.comp: the loop of a float64 guvectorize with the signature
// (m,n),(n)->(m) (docs/manifest.md "Ufuncs", "Loops"): out[i] = sum_j a[i, j] * x[j]
// per loop position. Linked into ufuncs.spv (manifest ufuncs.json). Operands: a
// (positions, m, n), x (positions, n), out (positions, m); parameter block 104 bytes.
#version 450
#extension GL_ARB_gpu_shader_fp64 : require

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer LoopShape { int loop_shape[]; };
layout(std430, set = 0, binding = 1) readonly buffer LoopStrides { int loop_strides[]; };
layout(std430, set = 0, binding = 2) readonly buffer A { double as[]; };
layout(std430, set = 0, binding = 3) readonly buffer X { double xs[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Out { double outs[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) int loop_size;
  layout(offset = 4) int ls_n;
  layout(offset = 8) int ls_s;
  layout(offset = 12) int ls_o;
  layout(offset = 16) int st_n0;
  layout(offset = 20) int st_n1;
  layout(offset = 24) int st_s0;
  layout(offset = 28) int st_s1;
  layout(offset = 32) int st_o;
  layout(offset = 36) int a_n0;
  layout(offset = 40) int a_n1;
  layout(offset = 44) int a_n2;
  layout(offset = 48) int a_s0;
  layout(offset = 52) int a_s1;
  layout(offset = 56) int a_s2;
  layout(offset = 60) int a_o;
  layout(offset = 64) int x_n0;
  layout(offset = 68) int x_n1;
  layout(offset = 72) int x_s0;
  layout(offset = 76) int x_s1;
  layout(offset = 80) int x_o;
  layout(offset = 84) int o_n0;
  layout(offset = 88) int o_n1;
  layout(offset = 92) int o_s0;
  layout(offset = 96) int o_s1;
  layout(offset = 100) int o_o;
} p;

int loopStride(int operand, int d) {
  return loop_strides[p.st_o + operand * p.st_s0 + d * p.st_s1];
}

void main() {
  const int grid = int(gl_NumWorkGroups.x * gl_WorkGroupSize.x);
  for (int i = int(gl_GlobalInvocationID.x); i < p.loop_size; i += grid) {
    int rem = i, pa = 0, px = 0, po = 0;
    for (int d = p.ls_n - 1; d >= 0; --d) {
      const int extent = loop_shape[p.ls_o + d * p.ls_s];
      const int index = rem % extent;
      rem /= extent;
      pa += index * loopStride(0, d);
      px += index * loopStride(1, d);
      po += index * loopStride(2, d);
    }
    for (int r = 0; r < p.a_n1; ++r) {
      double acc = 0.0;
      for (int c = 0; c < p.a_n2; ++c) {
        precise double s = acc + as[p.a_o + pa * p.a_s0 + r * p.a_s1 + c * p.a_s2] *
                                     xs[p.x_o + px * p.x_s0 + c * p.x_s1];
        acc = s;
      }
      outs[p.o_o + po * p.o_s0 + r * p.o_s1] = acc;
    }
  }
}
