// Probe (twenty-second session): 64-bit atom_max on __local memory declared as uint* (a) and
// as ulong* (b), a compare-and-swap loop on __local ulong* (c), and atom_max on __global memory
// (g), on the first device of every platform; run each in a process of its own
// (`for k in a b c g; do ./local64_atomics $k; done`).
// Build: gcc -O2 -o local64_atomics local64_atomics.c -lOpenCL (needs ocl-icd-opencl-dev).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
static const char *src =
"#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n"
"#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
"__kernel void a(__global long *out, __local uint *t) {\n"
"  size_t l = get_local_id(0);\n"
"  if (l < 32) t[l] = (l & 1) ? 0x80000000u : 0u;\n"
"  barrier(CLK_LOCAL_MEM_FENCE);\n"
"  atom_max((volatile __local long *)(t + 2u * (uint)(l % 16)), (long)l * 1000000007L);\n"
"  barrier(CLK_LOCAL_MEM_FENCE);\n"
"  if (l < 16) out[l] = ((__local long *)t)[l];\n"
"}\n"
"__kernel void b(__global long *out, __local ulong *t) {\n"
"  size_t l = get_local_id(0);\n"
"  if (l < 16) t[l] = 0x8000000000000000ul;\n"
"  barrier(CLK_LOCAL_MEM_FENCE);\n"
"  atom_max((volatile __local long *)(t + (l % 16)), (long)l * 1000000007L);\n"
"  barrier(CLK_LOCAL_MEM_FENCE);\n"
"  if (l < 16) out[l] = (long)t[l];\n"
"}\n"
"__kernel void c(__global long *out, __local ulong *t) {\n"
"  size_t l = get_local_id(0);\n"
"  if (l < 16) t[l] = 0x8000000000000000ul;\n"
"  barrier(CLK_LOCAL_MEM_FENCE);\n"
"  long v = (long)l * 1000000007L;\n"
"  volatile __local long *p = (volatile __local long *)(t + (l % 16));\n"
"  long old = *p;\n"
"  while (v > old) {\n"
"    long seen = atom_cmpxchg(p, old, v);\n"
"    if (seen == old) break;\n"
"    old = seen;\n"
"  }\n"
"  barrier(CLK_LOCAL_MEM_FENCE);\n"
"  if (l < 16) out[l] = (long)t[l];\n"
"}\n"
"__kernel void g(__global long *out, __local uint *unused) {\n"
"  size_t l = get_local_id(0);\n"
"  if (l < 16) out[l] = (long)0x8000000000000000ul;\n"
"  barrier(CLK_GLOBAL_MEM_FENCE);\n"
"  atom_max((volatile __global long *)(out + (l % 16)), (long)l * 1000000007L);\n"
"}\n";
int main(int argc, char **argv) {
  const char *ks[4] = {"a", "b", "c", "g"};
  cl_platform_id ps[8]; cl_uint np = 0; clGetPlatformIDs(8, ps, &np);
  for (cl_uint p = 0; p < np; p++) {
    cl_device_id d; cl_uint nd = 0;
    if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 1, &d, &nd) != CL_SUCCESS || !nd) continue;
    char name[256]; clGetDeviceInfo(d, CL_DEVICE_NAME, 256, name, NULL);
    for (int k = 0; k < 4; k++) {
      /* One kernel per process (`local64_atomics a`): on the H100 a failed launch leaves the
       * process unable even to build a program in a new context. */
      if (argc > 1 && strcmp(argv[1], ks[k]) != 0) continue;
      cl_int e; cl_context cx = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
      cl_command_queue q = clCreateCommandQueue(cx, d, 0, &e);
      cl_program pr = clCreateProgramWithSource(cx, 1, &src, NULL, &e);
      e = clBuildProgram(pr, 1, &d, "", NULL, NULL);
      if (e) { char log[8192]; clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, 8192, log, NULL); printf("%s: build %d %s\n", name, e, log); break; }
      cl_kernel kn = clCreateKernel(pr, ks[k], &e);
      cl_mem out = clCreateBuffer(cx, CL_MEM_READ_WRITE, 16 * 8, NULL, &e);
      clSetKernelArg(kn, 0, sizeof(cl_mem), &out);
      clSetKernelArg(kn, 1, 16 * 8, NULL);
      size_t g = 256, lsz = 256;
      e = clEnqueueNDRangeKernel(q, kn, 1, NULL, &g, &lsz, 0, NULL, NULL);
      long long r[16]; memset(r, 0, sizeof r);
      cl_int e2 = clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL);
      printf("%s kernel %s: launch %d read %d r[0]=%lld r[15]=%lld (want %lld %lld)\n", name, ks[k], e, e2, r[0], r[15], 240LL * 1000000007LL, 255LL * 1000000007LL);
      clReleaseMemObject(out); clReleaseKernel(kn); clReleaseProgram(pr);
      clReleaseCommandQueue(q); clReleaseContext(cx);
    }
  }
  return 0;
}
