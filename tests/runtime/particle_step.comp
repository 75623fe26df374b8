// particle_step.comp: the end-to-end test kernel for arrays of records. It stands for
//   particle = np.dtype([("x", "f4"), ("v", "f4"), ("alive", "?")])   # 9 bytes, packed
//   @cuda.jit("void(particle[:], float32)")
//   def particle_step(p, dt):
//       i = cuda.grid(1)
//       if i < p.shape[0] and p[i].alive:
//           p[i].x += p[i].v * dt
// with 32-bit indices: `p` travels as its bytes, a 2-d uint8 array of shape (n, 9)
// (docs/manifest.md "Arrays of records"), addressed through its byte strides and
// offset, its unaligned float32 fields assembled from bytes (StorageBuffer8BitAccess).
// The manifest is particle_step.json.
#version 450
#extension GL_EXT_shader_8bit_storage : require

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(std430, set = 0, binding = 0) buffer P { uint8_t p[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) float dt;
  layout(offset = 4) int n0;
  layout(offset = 8) int n1;
  layout(offset = 12) int s0;
  layout(offset = 16) int s1;
  layout(offset = 20) int off;
} q;

uint loadWord(int at) {
  uint w = 0u;
  for (int k = 0; k < 4; ++k)
    w |= uint(p[at + k * q.s1]) << (8 * k);
  return w;
}

void storeWord(int at, uint w) {
  for (int k = 0; k < 4; ++k)
    p[at + k * q.s1] = uint8_t((w >> (8 * k)) & 0xffu);
}

void main() {
  int i = int(gl_GlobalInvocationID.x);
  if (i < q.n0) {
    int r = q.off + i * q.s0;
    if (uint(p[r + 8 * q.s1]) != 0u) {
      float x = uintBitsToFloat(loadWord(r));
      float v = uintBitsToFloat(loadWord(r + 4 * q.s1));
      precise float y = x + v * q.dt; // rounded twice, as NumPy's float32 x + v * dt
      storeWord(r, floatBitsToUint(y));
    }
  }
}
