// Hand-tuned OpenCL for samples/nbody.somd: one launch per step computes every body's force
// and integrates it. Positions and masses travel as float4 (x, y, z, mass), velocities as
// float4 (vx, vy, vz, 0). Each work-group stages a tile of bodies in local memory, so every
// body is read from global memory once per work-group instead of once per work-item. Steps
// alternate between two pairs of buffers, so every force of a step sees the step's old
// positions, as in the sample's task graph. The arithmetic is the sample's, in its order,
// with the inverse square root in double as Java computes it.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void nbody_step(__global const float4 *pos_in, __global const float4 *vel_in,
                   __global float4 *pos_out, __global float4 *vel_out, int n, float dt,
                   float softening, __local float4 *tile) {
    int i = get_global_id(0);
    int lid = get_local_id(0);
    int tile_size = get_local_size(0);
    float4 p = i < n ? pos_in[i] : (float4)(0.0f);
    float fx = 0.0f;
    float fy = 0.0f;
    float fz = 0.0f;
    for (int base = 0; base < n; base += tile_size) {
        int j = base + lid;
        tile[lid] = j < n ? pos_in[j] : (float4)(0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        int count = min(tile_size, n - base);
        for (int t = 0; t < count; t++) {
            float4 q = tile[t];
            float dx = q.x - p.x;
            float dy = q.y - p.y;
            float dz = q.z - p.z;
            float d2 = dx * dx + dy * dy + dz * dz + softening;
            float inv = (float)(1.0 / sqrt((double)d2));
            float s = q.w * inv * inv * inv;
            fx += dx * s;
            fy += dy * s;
            fz += dz * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < n) {
        float4 v = vel_in[i];
        float vx = v.x + fx * dt;
        float vy = v.y + fy * dt;
        float vz = v.z + fz * dt;
        pos_out[i] = (float4)(p.x + vx * dt, p.y + vy * dt, p.z + vz * dt, p.w);
        vel_out[i] = (float4)(vx, vy, vz, 0.0f);
    }
}
