// scale2d.comp: dst[i, j] = s * src[i, j] + j over 2-d views with arbitrary strides
// (layout A), dispatched over a 2-d grid (x runs along columns j, y along rows i).
// It stands for `scale2d(s: float32, src: float32[:, :], dst: float32[:, :])` with
// 32-bit indices; the manifest is scale2d.json.
#version 450

layout(constant_id = 0) const uint WX = 8;
layout(constant_id = 1) const uint WY = 8;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer Src { float src[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Dst { float dst[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) float s;
  layout(offset = 4) int src_n0;
  layout(offset = 8) int src_n1;
  layout(offset = 12) int src_s0;
  layout(offset = 16) int src_s1;
  layout(offset = 20) int src_off;
  layout(offset = 24) int dst_n0;
  layout(offset = 28) int dst_n1;
  layout(offset = 32) int dst_s0;
  layout(offset = 36) int dst_s1;
  layout(offset = 40) int dst_off;
} p;

void main() {
  int j = int(gl_GlobalInvocationID.x);
  int i = int(gl_GlobalInvocationID.y);
  if (i < p.dst_n0 && j < p.dst_n1 && i < p.src_n0 && j < p.src_n1) {
    float v = src[p.src_off + i * p.src_s0 + j * p.src_s1];
    precise float r = p.s * v + float(j); // no FMA contraction (saxpy.comp)
    dst[p.dst_off + i * p.dst_s0 + j * p.dst_s1] = r;
  }
}
