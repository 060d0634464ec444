// Hand-tuned OpenCL for samples/mosaic.somd. The tiles' grey levels (0 to 255) travel
// packed four to a uint, so a tile of 8 x 8 is four uint4 (64 bytes instead of 256), and
// the sum of absolute differences takes 16 bytes per `abs_diff`. `best_in_slice` gives
// each work-item one reference tile, held in registers, and each work-group one slice of
// the library, which it stages in local memory a chunk at a time: every library tile is
// read from global memory once per work-group, and every work-item of a group reads the
// same tile of the chunk at once (a broadcast). Splitting the library into slices keeps
// every compute unit busy when the reference tiles alone would make too few groups;
// `best_of_slices` then takes each tile's best over the slices. A candidate is the
// sample's `(score << 32) | index`, and the best is the least, so ties go to the lowest
// index as in the sample.

// The sum of absolute differences of 16 packed grey levels.
uint sad16(uint4 a, uint4 b) {
    uint16 d = convert_uint16(abs_diff(as_uchar16(a), as_uchar16(b)));
    uint8 s8 = d.lo + d.hi;
    uint4 s4 = s8.lo + s8.hi;
    uint2 s2 = s4.lo + s4.hi;
    return s2.x + s2.y;
}

__kernel void best_in_slice(__global const uint4 *reference, int tiles,
                            __global const uint4 *library, int library_count, int slice_len,
                            __global long *partials, __local uint4 *chunk) {
    int t = get_global_id(0);
    int lid = get_local_id(0);
    int size = get_local_size(0);
    int begin = get_group_id(1) * slice_len;
    int end = min(begin + slice_len, library_count);
    uint4 r0 = (uint4)(0);
    uint4 r1 = (uint4)(0);
    uint4 r2 = (uint4)(0);
    uint4 r3 = (uint4)(0);
    if (t < tiles) {
        r0 = reference[4 * t];
        r1 = reference[4 * t + 1];
        r2 = reference[4 * t + 2];
        r3 = reference[4 * t + 3];
    }
    long best = LONG_MAX;
    for (int base = begin; base < end; base += size) {
        int j = base + lid;
        if (j < end) {
            chunk[4 * lid] = library[4 * j];
            chunk[4 * lid + 1] = library[4 * j + 1];
            chunk[4 * lid + 2] = library[4 * j + 2];
            chunk[4 * lid + 3] = library[4 * j + 3];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        int count = min(size, end - base);
        for (int c = 0; c < count; c++) {
            uint score = sad16(r0, chunk[4 * c]) + sad16(r1, chunk[4 * c + 1])
                + sad16(r2, chunk[4 * c + 2]) + sad16(r3, chunk[4 * c + 3]);
            best = min(best, ((long)score << 32) | (long)(base + c));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t < tiles) {
        partials[(size_t)get_group_id(1) * tiles + t] = best;
    }
}

__kernel void best_of_slices(__global const long *partials, int tiles, int slices,
                             __global long *matches) {
    int t = get_global_id(0);
    if (t >= tiles) {
        return;
    }
    long best = partials[t];
    for (int s = 1; s < slices; s++) {
        best = min(best, partials[(size_t)s * tiles + t]);
    }
    matches[t] = best;
}
