// FMA-rate ceiling through Vulkan, the GLSL twin of bench/kernels/fma_chain.py: 8
// independent chains of 512 fma() per invocation (8192 flops). Manifest: fma_chain.json.
#version 450
layout(constant_id = 0) const uint WX = 256;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(std430, set = 0, binding = 0) writeonly buffer Out { float outv[]; };
layout(push_constant) uniform Params {
  layout(offset = 0) int n;
  layout(offset = 4) int stride;
  layout(offset = 8) int off;
  layout(offset = 12) float b;
  layout(offset = 16) float c;
} p;
void main() {
  int i = int(gl_GlobalInvocationID.x);
  float a0 = float(i), a1 = a0 + 1.0, a2 = a0 + 2.0, a3 = a0 + 3.0;
  float a4 = a0 + 4.0, a5 = a0 + 5.0, a6 = a0 + 6.0, a7 = a0 + 7.0;
  for (int k = 0; k < 512; ++k) {
    a0 = fma(a0, p.b, p.c); a1 = fma(a1, p.b, p.c); a2 = fma(a2, p.b, p.c); a3 = fma(a3, p.b, p.c);
    a4 = fma(a4, p.b, p.c); a5 = fma(a5, p.b, p.c); a6 = fma(a6, p.b, p.c); a7 = fma(a7, p.b, p.c);
  }
  if (i < p.n)
    outv[p.off + i * p.stride] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
}
