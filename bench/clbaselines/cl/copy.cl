// The device's copy bandwidth, against which the bandwidth-bound benchmarks are judged:
// one float4 read and one float4 write per work-item.

__kernel void copy(__global const float4 *from, __global float4 *to) {
    size_t i = get_global_id(0);
    to[i] = from[i];
}
