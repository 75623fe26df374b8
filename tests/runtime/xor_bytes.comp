// xor_bytes.comp: dst = src ^ key byte by byte, for the round trips of arrays of records
// through nvc-run (records_numpy.py). It stands for a kernel
//   xor_bytes(nbytes: int32, key: uint8, src: R[:] (read), dst: R[:] (write))
// on arrays of records of any layout R: both arrays travel as their bytes, packed from
// offset 0 in C order by the launcher, so the kernel reads them as flat byte buffers
// and ignores their shape fields. xor_bytes.json gives R = particle (9 bytes, 1-d);
// records_numpy.py writes manifests for other layouts and ranks.
#version 450
#extension GL_EXT_shader_8bit_storage : require

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer Src { uint8_t src[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Dst { uint8_t dst[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) int nbytes;
  layout(offset = 4) uint key;
} q;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  if (k < q.nbytes)
    dst[k] = uint8_t(uint(src[k]) ^ q.key);
}
