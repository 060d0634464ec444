// Hand-tuned OpenCL for samples/cp.somd, after Parboil's own OpenCL CP: the atoms, as float4
// (x, y, z, charge), sit in __constant memory, where every work-item of a warp reads the
// same atom at once (a broadcast); more atoms than the constant memory holds are processed
// in chunks, one launch each, every launch continuing the points' sums from the grid. Each
// work-item computes UNROLL points of one row, `get_local_size(0)` apart so that the
// stores of a work-group are coalesced, and computes an atom's dy * dy and dz * dz once for
// its points. The arithmetic is the sample's, in its order: a point sums `q / r` over the
// atoms in atom order in float, with `(dx * dx + dy * dy) + dz * dz` and `r` the float
// square root (the double one rounded to float where the device has no correctly rounded
// float division and square root: the same value).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define UNROLL 8

#ifdef FP32_CORRECTLY_ROUNDED
#define CHARGE_OVER_DISTANCE(q, d2) ((q) / sqrt(d2))
#else
#define CHARGE_OVER_DISTANCE(q, d2) ((float)((double)(q) / (double)(float)sqrt((double)(d2))))
#endif

__kernel void potential(__global float *grid, int n, float z, float spacing,
                        __constant float4 *atoms, int atom_count, int first_chunk) {
    int row = get_global_id(1);
    if (row >= n) {
        return;
    }
    int step = get_local_size(0);
    int x0 = get_group_id(0) * step * UNROLL + get_local_id(0);
    __global float *line = grid + (size_t)row * n;
    float y = (float)row * spacing;
    float x[UNROLL];
    float energy[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; u++) {
        int column = x0 + u * step;
        x[u] = (float)column * spacing;
        // The sample's sum starts at 0; a later chunk continues the earlier chunks' sums.
        energy[u] = first_chunk || column >= n ? 0.0f : line[column];
    }
    for (int a = 0; a < atom_count; a++) {
        float4 atom = atoms[a];
        float dy = atom.y - y;
        float dz = atom.z - z;
        float dy2 = dy * dy;
        float dz2 = dz * dz;
#pragma unroll
        for (int u = 0; u < UNROLL; u++) {
            float dx = atom.x - x[u];
            energy[u] += CHARGE_OVER_DISTANCE(atom.w, dx * dx + dy2 + dz2);
        }
    }
    // The sample stores `0.0f + energy`, which is `energy`: a sum that starts at +0 is
    // never -0 in round-to-nearest.
#pragma unroll
    for (int u = 0; u < UNROLL; u++) {
        int column = x0 + u * step;
        if (column < n) {
            line[column] = energy[u];
        }
    }
}
