/*
 * somd_hist.cl -- updates of histogram tables (SOMD bodies that fill a returned `int[]` or
 * `long[]` at computed indices, `compiler/somd-mir/src/analysis/histogram.rs`). Part of the
 * prelude of every program.
 *
 * A table is an array of 32-bit words, in local memory (one per work-group) or in global
 * memory: an `int` entry `e` is word `e`, a `long` entry is words `2e` (low) and `2e + 1`
 * (high). Only the 32-bit atomics of OpenCL 1.1 are used (64-bit atomics are optional
 * extensions, and 64-bit local atomics are missing on devices that have global ones):
 * bitwise operators act on each word independently, and a 64-bit add adds the low words
 * and carries into the high word -- each atomic add sees the low word's exact old value,
 * so every carry is counted once and the pair holds the sum modulo 2^64, as Java's `long`
 * does. `int` adds wrap modulo 2^32 on `uint`, as Java's `int` does. The host reads the
 * words and rebuilds the entries (`runtime/src/device/histogram.rs`).
 */
#ifndef SOMD_HIST_CL
#define SOMD_HIST_CL

/* The same eight updates for a table in local (suffix _l) and in global (_g) memory:
 * OpenCL C 1.2 has no generic address space, so each space gets its own functions. */
#define SOMD_HIST_UPDATES(SPACE, S)                                             \
    inline void somd_hist_iadd_##S(SPACE uint *t, int e, int v)                 \
    {                                                                           \
        atomic_add(&t[e], (uint)v);                                             \
    }                                                                           \
    inline void somd_hist_ior_##S(SPACE uint *t, int e, int v)                  \
    {                                                                           \
        atomic_or(&t[e], (uint)v);                                              \
    }                                                                           \
    inline void somd_hist_ixor_##S(SPACE uint *t, int e, int v)                 \
    {                                                                           \
        atomic_xor(&t[e], (uint)v);                                             \
    }                                                                           \
    inline void somd_hist_iand_##S(SPACE uint *t, int e, int v)                 \
    {                                                                           \
        atomic_and(&t[e], (uint)v);                                             \
    }                                                                           \
    inline void somd_hist_ladd_##S(SPACE uint *t, int e, long v)                \
    {                                                                           \
        const size_t w = (size_t)e * 2;                                         \
        const uint part = (uint)as_ulong(v);                                    \
        const uint old = atomic_add(&t[w], part);                               \
        const uint upper = (uint)(as_ulong(v) >> 32) + (old + part < old ? 1u : 0u); \
        if (upper != 0u) {                                                      \
            atomic_add(&t[w + 1], upper);                                       \
        }                                                                       \
    }                                                                           \
    inline void somd_hist_lor_##S(SPACE uint *t, int e, long v)                 \
    {                                                                           \
        const size_t w = (size_t)e * 2;                                         \
        atomic_or(&t[w], (uint)as_ulong(v));                                    \
        atomic_or(&t[w + 1], (uint)(as_ulong(v) >> 32));                        \
    }                                                                           \
    inline void somd_hist_lxor_##S(SPACE uint *t, int e, long v)                \
    {                                                                           \
        const size_t w = (size_t)e * 2;                                         \
        atomic_xor(&t[w], (uint)as_ulong(v));                                   \
        atomic_xor(&t[w + 1], (uint)(as_ulong(v) >> 32));                       \
    }                                                                           \
    inline void somd_hist_land_##S(SPACE uint *t, int e, long v)                \
    {                                                                           \
        const size_t w = (size_t)e * 2;                                         \
        atomic_and(&t[w], (uint)as_ulong(v));                                   \
        atomic_and(&t[w + 1], (uint)(as_ulong(v) >> 32));                       \
    }

SOMD_HIST_UPDATES(__local, l)
SOMD_HIST_UPDATES(__global, g)
#undef SOMD_HIST_UPDATES

#endif /* SOMD_HIST_CL */
