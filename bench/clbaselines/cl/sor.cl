// Hand-tuned OpenCL for samples/sor.somd: Jacobi over-relaxation on an n x n double grid.
// One work-item per interior cell on a 2-D range; the host swaps the two grids after each
// sweep instead of copying (their borders are equal and never written), so a sweep is one
// launch. The final sum of the interior is a work-group tree reduction in local memory;
// the host adds the groups' partial sums.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void relax(__global const double *g, __global double *next, int n,
                    double omega_over_four, double one_minus_omega) {
    int j = get_global_id(0) + 1;
    int i = get_global_id(1) + 1;
    if (i >= n - 1 || j >= n - 1) {
        return;
    }
    size_t c = (size_t)i * n + j;
    next[c] = omega_over_four * (g[c - n] + g[c + n] + g[c - 1] + g[c + 1])
        + one_minus_omega * g[c];
}

__kernel void interior_sum(__global const double *g, int n, __global double *partials,
                           __local double *scratch) {
    int lid = get_local_id(0);
    int size = get_local_size(0);
    int inner = n - 2;
    long cells = (long)inner * inner;
    double sum = 0.0;
    for (long k = get_global_id(0); k < cells; k += get_global_size(0)) {
        long i = k / inner + 1;
        long j = k % inner + 1;
        sum += g[i * n + j];
    }
    scratch[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            scratch[lid] += scratch[lid + stride];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partials[get_group_id(0)] = scratch[0];
    }
}
