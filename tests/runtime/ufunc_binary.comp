// ufunc_binary.comp: one loop of a two-input vectorize (docs/manifest.md "Ufuncs",
// "Loops"), as nvc compiles `@vectorize(["float32(float32, float32)", ...]) def f(x, y)`.
// Compiled once per loop with -DT=float|double|int (the operands' GLSL type) and the
// function as -DOP_MULSUB (x * y - y), -DOP_ADD (x + y) or -DOP_MAX (max(x, y)); the
// instances are linked into ufuncs.spv, whose hand-written manifest is ufuncs.json.
// Arguments: nvc_loop_size, nvc_loop_shape (L), nvc_loop_strides (3, L), x, y, out
// (each (positions,)), laid out as nvc lays out a parameter block (72 bytes).
#version 450
#extension GL_ARB_gpu_shader_fp64 : enable

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

#if defined(OP_MULSUB)
#define OP(a, b) ((a) * (b) - (b))
#elif defined(OP_ADD)
#define OP(a, b) ((a) + (b))
#elif defined(OP_MAX)
#define OP(a, b) max((a), (b))
#endif

layout(std430, set = 0, binding = 0) readonly buffer LoopShape { int loop_shape[]; };
layout(std430, set = 0, binding = 1) readonly buffer LoopStrides { int loop_strides[]; };
layout(std430, set = 0, binding = 2) readonly buffer X { T xs[]; };
layout(std430, set = 0, binding = 3) readonly buffer Y { T ys[]; };
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
  layout(offset = 36) int x_n;
  layout(offset = 40) int x_s;
  layout(offset = 44) int x_o;
  layout(offset = 48) int y_n;
  layout(offset = 52) int y_s;
  layout(offset = 56) int y_o;
  layout(offset = 60) int o_n;
  layout(offset = 64) int o_s;
  layout(offset = 68) int o_o;
} p;

int loopStride(int operand, int d) {
  return loop_strides[p.st_o + operand * p.st_s0 + d * p.st_s1];
}

void main() {
  const int grid = int(gl_NumWorkGroups.x * gl_WorkGroupSize.x);
  for (int i = int(gl_GlobalInvocationID.x); i < p.loop_size; i += grid) {
    // The loop position's index along each loop dimension (C order), and each
    // operand's position from its strides.
    int rem = i, px = 0, py = 0, po = 0;
    for (int d = p.ls_n - 1; d >= 0; --d) {
      const int extent = loop_shape[p.ls_o + d * p.ls_s];
      const int index = rem % extent;
      rem /= extent;
      px += index * loopStride(0, d);
      py += index * loopStride(1, d);
      po += index * loopStride(2, d);
    }
    const T x = xs[p.x_o + px * p.x_s];
    const T y = ys[p.y_o + py * p.y_s];
    precise T r = OP(x, y);
    outs[p.o_o + po * p.o_s] = r;
  }
}
