// Hand-tuned OpenCL for samples/saxpy.somd: result = alpha * x + y in float.
// Four elements per work-item through float4 loads and stores, the n % 4 tail element by
// element. Java rounds the product and the sum separately, so FMA contraction is off.
#pragma OPENCL FP_CONTRACT OFF

__kernel void saxpy(float alpha, __global const float *x, __global const float *y,
                    __global float *result, int n) {
    int quad = get_global_id(0);
    int first = quad * 4;
    if (first + 3 < n) {
        vstore4(alpha * vload4(quad, x) + vload4(quad, y), quad, result);
    } else {
        for (int i = first; i < n; i++) {
            result[i] = alpha * x[i] + y[i];
        }
    }
}
