// Hand-written GLSL twin of bench/kernels/stencil.py, for compile-time comparison.
#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer S { float src[]; };
layout(std430, binding = 1) writeonly buffer D { float dst[]; };
layout(push_constant) uniform P { int rows; int cols; } p;
void main() {
  int j = int(gl_GlobalInvocationID.x), i = int(gl_GlobalInvocationID.y);
  if (0 < i && i < p.rows - 1 && 0 < j && j < p.cols - 1) {
    int k = i * p.cols + j;
    dst[k] = (src[k] + src[k - p.cols] + src[k + p.cols] + src[k - 1] + src[k + 1]) * 0.2;
  }
}
