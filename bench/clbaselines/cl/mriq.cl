// Hand-tuned OpenCL for samples/mriq.somd, after Parboil's own OpenCL MRI-Q: the k-space
// samples, as float4 (kx, ky, kz, |phi|^2), sit in __constant memory, where every work-item
// of a warp reads the same sample at once (a broadcast); more samples than the constant
// memory holds are processed in chunks, one launch each, every launch continuing the
// voxels' sums from Qr and Qi. One work-item per voxel, with the voxels' coordinates and
// Q in separate arrays so that every load and store is coalesced. The arithmetic is the
// sample's, in its order: `PI2 * ((kx * x + ky * y) + kz * z)` in float, the cosine and
// sine of it in double (one sincos) rounded to float, summed in sample order.
//
// The last launch also adds the voxels' Q, widened to double, in a work-group tree
// reduction (the sample's two `+ !` reductions, fused with the map); the host adds the
// groups' partial sums.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define PI2 6.2831853071795864769f

__kernel void compute_q(__global const float *x, __global const float *y,
                        __global const float *z, __global float *q_real,
                        __global float *q_imag, int voxels, __constant float4 *samples,
                        int sample_count, int first_chunk, int last_chunk,
                        __global double *partials, __local double *scratch) {
    int i = get_global_id(0);
    float qr = 0.0f;
    float qi = 0.0f;
    if (i < voxels) {
        float vx = x[i];
        float vy = y[i];
        float vz = z[i];
        if (!first_chunk) {
            qr = q_real[i];
            qi = q_imag[i];
        }
        for (int s = 0; s < sample_count; s++) {
            float4 k = samples[s];
            float exp_arg = PI2 * (k.x * vx + k.y * vy + k.z * vz);
            double c;
            double sn = sincos((double)exp_arg, &c);
            qr += k.w * (float)c;
            qi += k.w * (float)sn;
        }
        q_real[i] = qr;
        q_imag[i] = qi;
    }
    // Uniform over the launch: every work-item reaches the barriers or none does.
    if (last_chunk) {
        int lid = get_local_id(0);
        int size = get_local_size(0);
        __local double *real = scratch;
        __local double *imag = scratch + size;
        real[lid] = (double)qr;
        imag[lid] = (double)qi;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int stride = size / 2; stride > 0; stride /= 2) {
            if (lid < stride) {
                real[lid] += real[lid + stride];
                imag[lid] += imag[lid + stride];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (lid == 0) {
            partials[2 * get_group_id(0)] = real[0];
            partials[2 * get_group_id(0) + 1] = imag[0];
        }
    }
}
