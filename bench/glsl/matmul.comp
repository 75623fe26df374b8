// Hand-written GLSL twin of bench/kernels/matmul.py, for compile-time comparison.
#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { int m; int k; int n; } p;
void main() {
  int i = int(gl_GlobalInvocationID.x), j = int(gl_GlobalInvocationID.y);
  if (i < p.m && j < p.n) {
    float t = 0.0;
    for (int q = 0; q < p.k; ++q)
      t += a[i * p.k + q] * b[q * p.n + j];
    c[i * p.n + j] = t;
  }
}
