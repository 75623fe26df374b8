// dyn_reverse.comp: the end-to-end test kernel for dynamic shared memory (numba-cuda's
// `cuda.shared.array(0, float32)`, sized by the launch). Python kernel it stands for:
//   def dyn_reverse(x: float32[::1], out: float32[::1], lens: int32[::1]):
//       sm = cuda.shared.array(0, float32)      # bytes // 4 elements
//       t = cuda.threadIdx.x; base = cuda.blockIdx.x * cuda.blockDim.x
//       n = len(sm)
//       if t < n and base + t < len(x): sm[t] = x[base + t]
//       cuda.syncthreads()
//       if t < n and base + t < len(out): out[base + t] = sm[n - 1 - t]
//       if base + t == 0: lens[0] = n
// The array has max(1, ceil(bytes / 4)) elements, as nvc sizes it (SpecId 3 holds the
// bytes; Vulkan has no zero-length arrays). Its manifest is dyn_reverse.json.
#version 450

layout(constant_id = 0) const uint WX = 64;
layout(constant_id = 1) const uint WY = 1;
layout(constant_id = 2) const uint WZ = 1;
layout(constant_id = 3) const uint SHARED_BYTES = 0;
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

const uint WORDS = (SHARED_BYTES + 3u) / 4u;
shared float sm[WORDS + uint(WORDS == 0u)];

layout(std430, set = 0, binding = 0) readonly buffer X { float x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { float outv[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Lens { int lens[]; };

layout(push_constant) uniform Params {
  layout(offset = 0) int n_x;
  layout(offset = 4) int stride_x;
  layout(offset = 8) int off_x;
  layout(offset = 12) int n_out;
  layout(offset = 16) int stride_out;
  layout(offset = 20) int off_out;
  layout(offset = 24) int n_lens;
  layout(offset = 28) int stride_lens;
  layout(offset = 32) int off_lens;
} p;

void main() {
  int t = int(gl_LocalInvocationID.x);
  int base = int(gl_WorkGroupID.x * gl_WorkGroupSize.x);
  int n = int(SHARED_BYTES / 4u);
  if (t < n && base + t < p.n_x)
    sm[t] = x[p.off_x + (base + t) * p.stride_x];
  barrier();
  if (t < n && base + t < p.n_out)
    outv[p.off_out + (base + t) * p.stride_out] = sm[n - 1 - t];
  if (base + t == 0)
    lens[p.off_lens] = n;
}
