// Hand-tuned OpenCL for samples/sparsematmult.somd: `y += A * x` with the matrix in
// compressed-row form (the sample's coordinate form is sorted by row, so the host turns
// its row indices into row offsets once). One work-item per row, so no row is split and
// its products are added in nonzero order starting from 0, as in the sample; the kernel
// adds the row's product to y at once (the sample's accumulation loop, fused), so the
// iterations are back-to-back launches and y never leaves the device until the end.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void multiply_add(__global const double *val, __global const int *col,
                           __global const int *row_start, __global const double *x,
                           __global double *y, int n) {
    int r = get_global_id(0);
    if (r >= n) {
        return;
    }
    int end = row_start[r + 1];
    double sum = 0.0;
    for (int k = row_start[r]; k < end; k++) {
        sum += val[k] * x[col[k]];
    }
    y[r] += sum;
}
