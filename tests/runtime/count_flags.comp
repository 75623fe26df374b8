// count_flags.comp: the end-to-end test kernel for narrowing and sub-32-bit types.
// Python signature it stands for:
//   count_flags(k: int64, enable: bool, h: int8,
//               flags: bool[::1], counts: int64[::1], out: float32[::1])
// compiled with 32-bit indices, so `k` and `counts` are narrowed to int32 on the device,
// `enable` and `h` occupy 4-byte fields, and `flags` is read as bytes through
// StorageBuffer8BitAccess. For each i: if enable && flags[i]: counts[i] += k + h;
// out[i] = 0.5 * counts[i]. Its manifest is count_flags.json.
#version 450
#extension GL_EXT_shader_8bit_storage : require

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer Flags { uint8_t flags[]; };
layout(std430, set = 0, binding = 1) buffer Counts { int counts[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Out { float outv[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) int k;
  layout(offset = 4) uint enable;
  layout(offset = 8) int h;
  layout(offset = 12) int n_flags;
  layout(offset = 16) int stride_flags;
  layout(offset = 20) int off_flags;
  layout(offset = 24) int n_counts;
  layout(offset = 28) int stride_counts;
  layout(offset = 32) int off_counts;
  layout(offset = 36) int n_out;
  layout(offset = 40) int stride_out;
  layout(offset = 44) int off_out;
} p;

void main() {
  int i = int(gl_GlobalInvocationID.x);
  if (i < p.n_flags && i < p.n_counts && i < p.n_out) {
    int ic = p.off_counts + i * p.stride_counts;
    if (p.enable != 0u && uint(flags[p.off_flags + i * p.stride_flags]) != 0u) {
      counts[ic] += p.k + p.h;
    }
    outv[p.off_out + i * p.stride_out] = 0.5 * float(counts[ic]);
  }
}
