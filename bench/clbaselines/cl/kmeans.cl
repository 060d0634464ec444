// Hand-tuned OpenCL for samples/kmeans.somd. `nearest` is the map `@ nearest` with the
// centres staged in local memory; `cluster_sums` is the SOMD method `clusterSums`, run on
// the device too (the membership never leaves it between iterations): each work-group adds
// its points into a local (sum x, sum y, count) table of 64-bit sums, and the host adds the
// groups' tables. Java's int and long arithmetic wraps, so differences and products are
// taken on unsigned types.

// Adds `value` to the 64-bit local sum `entry`, kept as a low and a high word, with the
// 32-bit local atomics of OpenCL 1.1 (64-bit atomics are an optional extension): the high
// word gets the value's high part plus one for each carry out of the low word.
void add_long(__local uint *low, __local int *high, int entry, int value) {
    uint part = (uint)value;
    uint old = atomic_add(&low[entry], part);
    int carry = old + part < old ? 1 : 0;
    int upper = (value < 0 ? -1 : 0) + carry;
    if (upper != 0) {
        atomic_add(&high[entry], upper);
    }
}

__kernel void nearest(__global const int2 *points, __global const int2 *centres, int k,
                      int n, __global int *membership, __local int2 *local_centres) {
    for (int c = get_local_id(0); c < k; c += get_local_size(0)) {
        local_centres[c] = centres[c];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    if (i >= n) {
        return;
    }
    int2 p = points[i];
    int best = 0;
    long best_distance = LONG_MAX;
    for (int c = 0; c < k; c++) {
        int2 q = local_centres[c];
        ulong dx = (ulong)(long)as_int(as_uint(p.x) - as_uint(q.x));
        ulong dy = (ulong)(long)as_int(as_uint(p.y) - as_uint(q.y));
        long d = as_long(dx * dx + dy * dy);
        if (d < best_distance) {
            best_distance = d;
            best = c;
        }
    }
    membership[i] = best;
}

__kernel void cluster_sums(__global const int2 *points, __global const int *membership,
                           int n, int k, __global long *partials, __local uint *low,
                           __local int *high) {
    int lid = get_local_id(0);
    for (int e = lid; e < 3 * k; e += get_local_size(0)) {
        low[e] = 0;
        high[e] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        int c = membership[i];
        int2 p = points[i];
        add_long(low, high, 3 * c, p.x);
        add_long(low, high, 3 * c + 1, p.y);
        add_long(low, high, 3 * c + 2, 1);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    __global long *mine = partials + (size_t)get_group_id(0) * 3 * k;
    for (int e = lid; e < 3 * k; e += get_local_size(0)) {
        mine[e] = (long)(((ulong)(uint)high[e] << 32) | low[e]);
    }
}
