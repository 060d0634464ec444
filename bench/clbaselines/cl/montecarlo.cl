// Hand-tuned OpenCL for samples/montecarlo.somd. `hits_reduce` fuses the sample's map
// `@ hits` with the three reductions `+ !`, `min !` and `max !` over its result: each
// work-item counts the hits of one seed, and a work-group tree reduction in local memory
// leaves one (sum, min, max) triple per group for the host. `total_hits` is the SOMD
// method `totalHits`: the same counts, added as longs. Java's int arithmetic wraps, so the
// generator and the int sum use unsigned ints.

uint next_state(uint s) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

int hits(int seed, int iterations) {
    uint state = seed == 0 ? 1u : (uint)seed;
    int inside = 0;
    for (int i = 0; i < iterations; i++) {
        state = next_state(state);
        float x = (float)(state >> 8) / 16777216.0f;
        state = next_state(state);
        float y = (float)(state >> 8) / 16777216.0f;
        if (x * x + y * y <= 1.0f) {
            inside++;
        }
    }
    return inside;
}

__kernel void hits_reduce(__global const int *seeds, int n, int iterations,
                          __global int *partials, __local int *scratch) {
    int i = get_global_id(0);
    int lid = get_local_id(0);
    int size = get_local_size(0);
    __local int *sums = scratch;
    __local int *mins = scratch + size;
    __local int *maxs = scratch + 2 * size;
    int count = i < n ? hits(seeds[i], iterations) : 0;
    sums[lid] = count;
    mins[lid] = i < n ? count : INT_MAX;
    maxs[lid] = i < n ? count : INT_MIN;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            sums[lid] = as_int(as_uint(sums[lid]) + as_uint(sums[lid + stride]));
            mins[lid] = min(mins[lid], mins[lid + stride]);
            maxs[lid] = max(maxs[lid], maxs[lid + stride]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        int group = get_group_id(0);
        partials[3 * group] = sums[0];
        partials[3 * group + 1] = mins[0];
        partials[3 * group + 2] = maxs[0];
    }
}

__kernel void total_hits(__global const int *seeds, int n, int iterations,
                         __global long *partials, __local long *scratch) {
    int i = get_global_id(0);
    int lid = get_local_id(0);
    scratch[lid] = i < n ? (long)hits(seeds[i], iterations) : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            scratch[lid] += scratch[lid + stride];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partials[get_group_id(0)] = scratch[0];
    }
}
