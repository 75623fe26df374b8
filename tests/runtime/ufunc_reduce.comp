// ufunc_reduce.comp: one reduction loop (docs/manifest.md "Ufuncs", "Reductions"), as
// nvc compiles the .reduce of a two-input vectorize and a @cuda.reduce function.
// Compiled once per loop with -DT=float|double|int and -DOP_ADD or -DOP_MAX. Each of
// the 256 invocations of a workgroup folds the elements group * 256 + local id +
// k * 256 * groups, the workgroup combines them in a tree in shared memory, and
// invocation 0 writes partials[group] (f(init, value) when nvc_has_init). Arguments:
// nvc_n, nvc_has_init, nvc_init, nvc_input, nvc_partials (parameter block 36 bytes, 40
// for double with its init at byte 8).
#version 450
#extension GL_ARB_gpu_shader_fp64 : enable

layout(constant_id = 0) const uint WX = 256;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

#if defined(OP_ADD)
#define OP(a, b) ((a) + (b))
#elif defined(OP_MAX)
#define OP(a, b) max((a), (b))
#endif

layout(std430, set = 0, binding = 0) readonly buffer Input { T xs[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Partials { T parts[]; };

#if defined(T_IS_DOUBLE)
#define AFTER_INIT 16
#else
#define AFTER_INIT 12
#endif
layout(push_constant) uniform Params {
  layout(offset = 0) int n;
  layout(offset = 4) int has_init;
  layout(offset = 8) T init;
  layout(offset = AFTER_INIT) int in_n;
  layout(offset = AFTER_INIT + 4) int in_s;
  layout(offset = AFTER_INIT + 8) int in_o;
  layout(offset = AFTER_INIT + 12) int pa_n;
  layout(offset = AFTER_INIT + 16) int pa_s;
  layout(offset = AFTER_INIT + 20) int pa_o;
} p;

shared T values[256];
shared bool present[256];

void main() {
  const uint lid = gl_LocalInvocationID.x, W = gl_WorkGroupSize.x;
  const uint group = gl_WorkGroupID.x, groups = gl_NumWorkGroups.x;
  T acc = T(0);
  bool have = false;
  for (int i = int(group * W + lid); i < p.n; i += int(W * groups)) {
    const T v = xs[p.in_o + i * p.in_s];
    if (have) {
      precise T r = OP(acc, v);
      acc = r;
    } else {
      acc = v;
    }
    have = true;
  }
  values[lid] = acc;
  present[lid] = have;
  barrier();
  for (uint s = W / 2; s > 0; s >>= 1) {
    if (lid < s && present[lid + s]) {
      if (present[lid]) {
        precise T r = OP(values[lid], values[lid + s]);
        values[lid] = r;
      } else {
        values[lid] = values[lid + s];
      }
      present[lid] = true;
    }
    barrier();
  }
  if (lid == 0) {
    T r = values[0];
    if (p.has_init != 0) {
      precise T q = OP(p.init, r);
      r = q;
    }
    parts[p.pa_o + int(group) * p.pa_s] = r;
  }
}
