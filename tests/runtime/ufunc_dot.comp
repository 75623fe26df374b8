// ufunc_dot.comp: one loop of a guvectorize with the signature (n),(n)->(), as nvc
// compiles `@guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),(n)->()")
// def dot(a, b, out): ...` (docs/manifest.md "Ufuncs", "Loops"). Compiled with
// -DT=float|double into ufuncs.spv (manifest ufuncs.json). Operands: a and b (positions,
// n), out (positions,); parameter block 88 bytes.
#version 450
#extension GL_ARB_gpu_shader_fp64 : enable

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer LoopShape { int loop_shape[]; };
layout(std430, set = 0, binding = 1) readonly buffer LoopStrides { int loop_strides[]; };
layout(std430, set = 0, binding = 2) readonly buffer A { T as[]; };
layout(std430, set = 0, binding = 3) readonly buffer B { T bs[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Out { T outs[]; };

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
  layout(offset = 44) int a_s0;
  layout(offset = 48) int a_s1;
  layout(offset = 52) int a_o;
  layout(offset = 56) int b_n0;
  layout(offset = 60) int b_n1;
  layout(offset = 64) int b_s0;
  layout(offset = 68) int b_s1;
  layout(offset = 72) int b_o;
  layout(offset = 76) int o_n;
  layout(offset = 80) int o_s;
  layout(offset = 84) int o_o;
} p;

int loopStride(int operand, int d) {
  return loop_strides[p.st_o + operand * p.st_s0 + d * p.st_s1];
}

void main() {
  const int grid = int(gl_NumWorkGroups.x * gl_WorkGroupSize.x);
  for (int i = int(gl_GlobalInvocationID.x); i < p.loop_size; i += grid) {
    int rem = i, pa = 0, pb = 0, po = 0;
    for (int d = p.ls_n - 1; d >= 0; --d) {
      const int extent = loop_shape[p.ls_o + d * p.ls_s];
      const int index = rem % extent;
      rem /= extent;
      pa += index * loopStride(0, d);
      pb += index * loopStride(1, d);
      po += index * loopStride(2, d);
    }
    T acc = T(0);
    for (int j = 0; j < p.a_n1; ++j) {
      precise T r = acc + as[p.a_o + pa * p.a_s0 + j * p.a_s1] * bs[p.b_o + pb * p.b_s0 + j * p.b_s1];
      acc = r;
    }
    outs[p.o_o + po * p.o_s] = acc;
  }
}
