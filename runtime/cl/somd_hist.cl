/*
 * somd_hist.cl -- updates of histogram tables (SOMD bodies that fill a returned `int[]` or
 * `long[]` at computed indices, `compiler/somd-mir/src/analysis/histogram.rs`). Part of the
 * prelude of every program.
 *
 * A table of `n` entries is an array of 32-bit words, in local memory (one per work-group)
 * or in global memory: an `int` entry `e` is word `e`; a `long` entry is two words, kept as
 * two arrays (structure of arrays): its low word is word `e` and its high word is word
 * `n + e`, so the low words of consecutive entries lie in consecutive local-memory banks,
 * as a hand-written kernel's separate low and high arrays do. With `-DSOMD_HIST_PAIRS`
 * (the host's `SOMD_HIST_LAYOUT=pairs`) a `long` entry is the adjacent pair `2e` (low),
 * `2e + 1` (high) instead, the layout before the split; the host decodes the words the same
 * way (`runtime/src/device/histogram.rs`). Apart from `long` extrema (below), only the 32-bit atomics of OpenCL 1.1 are used
 * (64-bit atomics are optional extensions): bitwise operators act on each word
 * independently, and a 64-bit add adds the low words and carries into the high word --
 * each atomic add sees the low word's exact old value, so every carry is counted once and
 * the pair holds the sum modulo 2^64, as Java's `long` does. `int` adds wrap modulo 2^32
 * on `uint`, as Java's `int` does. `Math.max`/`Math.min` updates of an `int` table are the
 * signed `atomic_max`/`atomic_min` (a group's table starts at the identity,
 * `Integer.MIN_VALUE` or `Integer.MAX_VALUE`); of a `long` table, the 64-bit ones of
 * cl_khr_int64_extended_atomics (below). An entry index is in `[0, n)` (checked before the
 * update), so both word indices fit a `uint`.
 */
#ifndef SOMD_HIST_CL
#define SOMD_HIST_CL

/* The low and high words of `long` entry `e` of a table of `n` entries. */
#ifdef SOMD_HIST_PAIRS
#define SOMD_HIST_LO(n, e) ((uint)(e) * 2u)
#define SOMD_HIST_HI(n, e) ((uint)(e) * 2u + 1u)
#else
#define SOMD_HIST_LO(n, e) ((uint)(e))
#define SOMD_HIST_HI(n, e) ((uint)(n) + (uint)(e))
#endif

/* The same ten updates for a table in local (suffix _l) and in global (_g) memory:
 * OpenCL C 1.2 has no generic address space, so each space gets its own functions. A
 * `long` add updates the high word only when the value's high word or the carry out of
 * the low word is not zero. */
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
    inline void somd_hist_imax_##S(SPACE uint *t, int e, int v)                 \
    {                                                                           \
        atomic_max((SPACE int *)&t[e], v);                                      \
    }                                                                           \
    inline void somd_hist_imin_##S(SPACE uint *t, int e, int v)                 \
    {                                                                           \
        atomic_min((SPACE int *)&t[e], v);                                      \
    }                                                                           \
    inline void somd_hist_ladd_##S(SPACE uint *t, int n, int e, long v)         \
    {                                                                           \
        const uint lo = SOMD_HIST_LO(n, e);                                     \
        const uint hi = SOMD_HIST_HI(n, e);                                     \
        const uint part = (uint)as_ulong(v);                                    \
        const uint old = atomic_add(&t[lo], part);                              \
        const uint upper = (uint)(as_ulong(v) >> 32) + (old + part < old ? 1u : 0u); \
        if (upper != 0u) {                                                      \
            atomic_add(&t[hi], upper);                                          \
        }                                                                       \
    }                                                                           \
    inline void somd_hist_lor_##S(SPACE uint *t, int n, int e, long v)          \
    {                                                                           \
        const uint lo = SOMD_HIST_LO(n, e);                                     \
        const uint hi = SOMD_HIST_HI(n, e);                                     \
        atomic_or(&t[lo], (uint)as_ulong(v));                                   \
        atomic_or(&t[hi], (uint)(as_ulong(v) >> 32));                           \
    }                                                                           \
    inline void somd_hist_lxor_##S(SPACE uint *t, int n, int e, long v)         \
    {                                                                           \
        const uint lo = SOMD_HIST_LO(n, e);                                     \
        const uint hi = SOMD_HIST_HI(n, e);                                     \
        atomic_xor(&t[lo], (uint)as_ulong(v));                                  \
        atomic_xor(&t[hi], (uint)(as_ulong(v) >> 32));                          \
    }                                                                           \
    inline void somd_hist_land_##S(SPACE uint *t, int n, int e, long v)         \
    {                                                                           \
        const uint lo = SOMD_HIST_LO(n, e);                                     \
        const uint hi = SOMD_HIST_HI(n, e);                                     \
        atomic_and(&t[lo], (uint)as_ulong(v));                                  \
        atomic_and(&t[hi], (uint)(as_ulong(v) >> 32));                          \
    }

SOMD_HIST_UPDATES(__local, l)
SOMD_HIST_UPDATES(__global, g)
#undef SOMD_HIST_UPDATES

/* `Math.max`/`Math.min` updates of a `long` table compare whole entries, which two
 * independent 32-bit words cannot: with cl_khr_int64_extended_atomics (the NVIDIA and PoCL
 * platforms have it) such a table keeps each entry as one 64-bit word, its (low, high) pair
 * at words 2e and 2e + 1 whatever SOMD_HIST_PAIRS says, updated with the signed 64-bit
 * `atom_max`/`atom_min`. Without the extension SOMD_HAS_INT64_ATOMICS stays undefined, the
 * kernels using these are left out of the program, and the host runs their calls on the
 * CPU (`DeviceInfo::int64_atomics`). Tables are 8-byte aligned: buffers are aligned far
 * past it, a group's table is a `__local ulong *` argument (NVIDIA aligns a `__local`
 * argument to its pointee type only: a 64-bit atomic on a `__local uint *` argument fails
 * the launch on the H100, bench/gpu/probes/local64_atomics.c), and every table holds an
 * even number of words. */
#ifdef cl_khr_int64_extended_atomics
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define SOMD_HAS_INT64_ATOMICS 1
#define SOMD_HIST_WIDE(SPACE, S)                                                \
    inline void somd_hist_lmax_##S(SPACE uint *t, int n, int e, long v)         \
    {                                                                           \
        atom_max((volatile SPACE long *)(t + 2u * (uint)e), v);                 \
    }                                                                           \
    inline void somd_hist_lmin_##S(SPACE uint *t, int n, int e, long v)         \
    {                                                                           \
        atom_min((volatile SPACE long *)(t + 2u * (uint)e), v);                 \
    }
SOMD_HIST_WIDE(__local, l)
SOMD_HIST_WIDE(__global, g)
#undef SOMD_HIST_WIDE
#endif

#endif /* SOMD_HIST_CL */
