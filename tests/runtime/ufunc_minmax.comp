// ufunc_minmax.comp: the loop of a float64 guvectorize with two outputs and the
// signature (n)->(),() (docs/manifest.md "Ufuncs", "Loops"): the least and the greatest
// of each core vector. Linked into ufuncs.spv (manifest ufuncs.json). Operands: a
// (positions, n), lo and hi (positions,); parameter block 80 bytes.
#version 450
#extension GL_ARB_gpu_shader_fp64 : require

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer LoopShape { int loop_shape[]; };
layout(std430, set = 0, binding = 1) readonly buffer LoopStrides { int loop_strides[]; };
layout(std430, set = 0, binding = 2) readonly buffer A { double as[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Lo { double los[]; };
layout(std430, set = 0, binding = 4) writeonly buffer Hi { double his[]; };

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
  layout(offset = 56) int lo_n;
  layout(offset = 60) int lo_s;
  layout(offset = 64) int lo_o;
  layout(offset = 68) int hi_n;
  layout(offset = 72) int hi_s;
  layout(offset = 76) int hi_o;
} p;

int loopStride(int operand, int d) {
  return loop_strides[p.st_o + operand * p.st_s0 + d * p.st_s1];
}

void main() {
  const int grid = int(gl_NumWorkGroups.x * gl_WorkGroupSize.x);
  for (int i = int(gl_GlobalInvocationID.x); i < p.loop_size; i += grid) {
    int rem = i, pa = 0, pl = 0, ph = 0;
    for (int d = p.ls_n - 1; d >= 0; --d) {
      const int extent = loop_shape[p.ls_o + d * p.ls_s];
      const int index = rem % extent;
      rem /= extent;
      pa += index * loopStride(0, d);
      pl += index * loopStride(1, d);
      ph += index * loopStride(2, d);
    }
    double lo = 1.0 / 0.0, hi = -1.0 / 0.0;
    for (int j = 0; j < p.a_n1; ++j) {
      const double v = as[p.a_o + pa * p.a_s0 + j * p.a_s1];
      lo = min(lo, v);
      hi = max(hi, v);
    }
    los[p.lo_o + pl * p.lo_s] = lo;
    his[p.hi_o + ph * p.hi_s] = hi;
  }
}
