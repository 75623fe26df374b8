// Hand-written GLSL twin of bench/kernels/saxpy.py, for compile-time comparison.
#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) buffer Y { float y[]; };
layout(push_constant) uniform P { float a; int n; } p;
void main() {
  int i = int(gl_GlobalInvocationID.x);
  if (i < p.n)
    y[i] = p.a * x[i] + y[i];
}
