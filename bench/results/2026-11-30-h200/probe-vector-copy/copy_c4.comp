#version 450
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(std430, binding = 0) readonly buffer S { float s[]; };
layout(std430, binding = 1) writeonly buffer D { float d[]; };
layout(push_constant) uniform P { uint sn, ss, so, dn, ds, do_; } p;
void main() {
  uint g = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  uint i = gl_GlobalInvocationID.x;
  for (uint k = 0; k < 4; ++k) { uint j = i + k * g; if (j < p.dn) d[j] = s[j]; }
}
