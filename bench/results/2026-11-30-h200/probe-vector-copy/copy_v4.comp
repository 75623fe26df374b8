#version 450
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(std430, binding = 0) readonly buffer S { vec4 s[]; };
layout(std430, binding = 1) writeonly buffer D { vec4 d[]; };
layout(push_constant) uniform P { uint sn, ss, so, dn, ds, do_; } p;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < p.dn / 4) d[i] = s[i];
}
