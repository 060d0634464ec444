// Hand-tuned OpenCL for samples/lufact.somd: LINPACK `dgefa` entirely on the device, the
// matrix stored by columns as in the sample and never leaving the device until the end.
// Each elimination step is two back-to-back launches and no host round trip:
// - `pivot`, one work-group: the pivot search (the sample's `idamax`, as a tree reduction
//   that keeps the first index of the largest magnitude), the swap and scaling of the
//   pivot column, and the swap of rows l and k in every later column (the swap the
//   sample's `eliminate` does per column, done here once for the row so that the update
//   has no write-after-read hazard). It records the pivot and whether it is nonzero.
// - `update`, on a 2-D range of (row, column strip): `colJ[i] += t * colK[i]` for every
//   later column j and row i > k, with t the column's (swapped) element in row k; each
//   work-item keeps colK[i] in a register for COLS columns, and consecutive work-items
//   take consecutive rows of a column, so the loads and stores are coalesced. It does
//   nothing after a zero pivot, as the sample skips the step.
// The arithmetic is the sample's, operation for operation.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define COLS 4

__kernel void pivot(__global double *a, int n, int k, __global int *ipvt,
                    __global int *nonzero, __local double *best_value,
                    __local int *best_index) {
    int lid = get_local_id(0);
    int size = get_local_size(0);
    __global double *col = a + (size_t)k * n;
    int m = n - k;
    // Each work-item's first largest magnitude among its elements (NaN never wins here).
    double dmax = -1.0;
    int index = -1;
    for (int i = lid; i < m; i += size) {
        double d = fabs(col[k + i]);
        if (d > dmax) {
            dmax = d;
            index = i;
        }
    }
    best_value[lid] = dmax;
    best_index[lid] = index;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            double v = best_value[lid + stride];
            int i = best_index[lid + stride];
            if (v > best_value[lid] || (v == best_value[lid] && i < best_index[lid])) {
                best_value[lid] = v;
                best_index[lid] = i;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // `idamax` starts from element 0 and takes only a strictly larger magnitude, so a NaN
    // there keeps index 0.
    int l = k + (isnan(fabs(col[k])) ? 0 : best_index[0]);
    double pivot_value = col[l];
    double old_k = col[k];
    int is_nonzero = pivot_value != 0.0;
    // Every work-item has read col[l] and col[k] before any writes them.
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid == 0) {
        ipvt[k] = l;
        nonzero[k] = is_nonzero;
    }
    if (!is_nonzero) {
        return;
    }
    double t = -1.0 / pivot_value;
    if (lid == 0) {
        col[k] = pivot_value;
    }
    for (int i = k + 1 + lid; i < n; i += size) {
        double v = i == l ? old_k : col[i];
        col[i] = v * t;
    }
    if (l != k) {
        for (int j = k + 1 + lid; j < n; j += size) {
            __global double *col_j = a + (size_t)j * n;
            double swapped = col_j[l];
            col_j[l] = col_j[k];
            col_j[k] = swapped;
        }
    }
}

__kernel void update(__global double *a, int n, int k, __global const int *nonzero) {
    if (!nonzero[k]) {
        return;
    }
    int i = k + 1 + get_global_id(0);
    if (i >= n) {
        return;
    }
    double ck = a[(size_t)k * n + i];
    int j0 = k + 1 + get_global_id(1) * COLS;
#pragma unroll
    for (int c = 0; c < COLS; c++) {
        int j = j0 + c;
        if (j < n) {
            __global double *col_j = a + (size_t)j * n;
            col_j[i] = col_j[i] + col_j[k] * ck;
        }
    }
}
