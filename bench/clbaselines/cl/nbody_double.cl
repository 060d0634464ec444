// Hand-tuned OpenCL for samples/nbody_double.somd: cl/nbody.cl in double precision. One
// launch per step computes every body's force and integrates it. Positions and masses
// travel as double4 (x, y, z, mass), velocities as double4 (vx, vy, vz, 0). Each
// work-group stages a tile of bodies in local memory, so every body is read from global
// memory once per work-group instead of once per work-item. Steps alternate between two
// pairs of buffers, so every force of a step sees the step's old positions, as in the
// sample's task graph. The arithmetic is the sample's, in its order; OpenCL's double
// division and square root are correctly rounded, as Java's are.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void nbody_step(__global const double4 *pos_in, __global const double4 *vel_in,
                         __global double4 *pos_out, __global double4 *vel_out, int n,
                         double dt, double softening, __local double4 *tile) {
    int i = get_global_id(0);
    int lid = get_local_id(0);
    int tile_size = get_local_size(0);
    double4 p = i < n ? pos_in[i] : (double4)(0.0);
    double fx = 0.0;
    double fy = 0.0;
    double fz = 0.0;
    for (int base = 0; base < n; base += tile_size) {
        int j = base + lid;
        tile[lid] = j < n ? pos_in[j] : (double4)(0.0);
        barrier(CLK_LOCAL_MEM_FENCE);
        int count = min(tile_size, n - base);
        for (int t = 0; t < count; t++) {
            double4 q = tile[t];
            double dx = q.x - p.x;
            double dy = q.y - p.y;
            double dz = q.z - p.z;
            double d2 = dx * dx + dy * dy + dz * dz + softening;
            double inv = 1.0 / sqrt(d2);
            double s = q.w * inv * inv * inv;
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < n) {
        double4 v = vel_in[i];
        double vx = v.x + fx * dt;
        double vy = v.y + fy * dt;
        double vz = v.z + fz * dt;
        pos_out[i] = (double4)(p.x + vx * dt, p.y + vy * dt, p.z + vz * dt, p.w);
        vel_out[i] = (double4)(vx, vy, vz, 0.0);
    }
}
