// Hand-tuned OpenCL for samples/allpairs.somd, tiled as the Parakeet paper (004) describes
// its All-Pairs kernels: a work-group of TILE x TILE work-items computes a TILE x TILE block
// of the distance matrix (rows of `xs` down, rows of `ys` across) and walks the dimensions
// a TILE at a time, staging TILE vectors of each list in local memory, so each element of
// `xs` and `ys` is read from global memory once per block instead of once per distance.
// The tiles are padded by one column so that work-items reading the same dimension of
// different `ys` vectors hit different banks. The arithmetic is the sample's, in its
// order: each distance sums `d * d` over the dimensions in order in float (no
// contraction), then takes the square root (the double root rounded to float where the
// device has no correctly rounded float square root: the same value).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define TILE 16

#ifdef FP32_CORRECTLY_ROUNDED
#define ROOT(s) sqrt(s)
#else
#define ROOT(s) ((float)sqrt((double)(s)))
#endif

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void distances(__global const float *restrict xs, __global const float *restrict ys,
               __global float *restrict out, int n, int m, int dims) {
    __local float xt[TILE][TILE + 1];
    __local float yt[TILE][TILE + 1];
    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int i0 = get_group_id(1) * TILE;
    const int j0 = get_group_id(0) * TILE;
    float sum = 0.0f;
    for (int k0 = 0; k0 < dims; k0 += TILE) {
        // Work-item (tx, ty) stages dimension k0 + tx of vector i0 + ty of `xs` and of
        // vector j0 + ty of `ys`: consecutive work-items read consecutive floats.
        const int k = k0 + tx;
        const int xi = i0 + ty;
        const int yj = j0 + ty;
        xt[ty][tx] = (xi < n && k < dims) ? xs[(size_t)xi * dims + k] : 0.0f;
        yt[ty][tx] = (yj < m && k < dims) ? ys[(size_t)yj * dims + k] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        const int count = min(TILE, dims - k0);
        for (int kk = 0; kk < count; kk++) {
            const float d = xt[ty][kk] - yt[tx][kk];
            sum += d * d;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const int i = i0 + ty;
    const int j = j0 + tx;
    if (i < n && j < m) {
        out[(size_t)i * m + j] = ROOT(sum);
    }
}
