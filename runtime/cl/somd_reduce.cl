/*
 * somd_reduce.cl -- work-group tree reduction (LANGUAGE.md sections 2.3, 3.5), used by
 * `somd_runtime::opencl::reduce`. Parameterised by text: the runtime prepends
 *   #define SOMD_T        element type (int, long, float, double, uchar for boolean)
 *   #define SOMD_IN       the input buffer's element type: SOMD_T, or char, short or ushort
 *                         for a Java byte, short or char array reduced as ints (each
 *                         element converted as it is read: sign-, or for char zero-extended)
 *   #define SOMD_OP(a, b) the Java operator, through somd_java.cl helpers
 *   #define SOMD_IDENTITY the operator's identity (same as the host `reduce` module)
 *   #define SOMD_INDEX_INPUT  (optional) element i is i itself: `op ! Somd.range(n)`, whose
 *                         range is never made (`in` is then any buffer and is not read)
 * after somd_errors.cl and somd_java.cl.
 *
 * Each work-item folds a grid-stride slice of `in[0..n)` (all supported operators are
 * associative and commutative), then the work-group combines its values in a binary tree
 * in local memory and writes one partial per group. The host combines the partials with
 * `reduce::tree`. The local size must be a power of two (the runtime guarantees it).
 */
#ifdef SOMD_INDEX_INPUT
#define SOMD_ELEM(i) ((SOMD_T)(int)(i))
#else
#define SOMD_ELEM(i) ((SOMD_T)in[i])
#endif

__kernel void somd_reduce(__global const SOMD_IN *in, const int n, __global SOMD_T *partials,
                          __local SOMD_T *scratch, SOMD_KERNEL_ERR)
{
    size_t lid = get_local_id(0);
    size_t lsize = get_local_size(0);
    size_t gsize = get_global_size(0);
    SOMD_T acc = SOMD_IDENTITY;
    for (size_t i = get_global_id(0); i < (size_t)n; i += gsize) {
        acc = SOMD_OP(acc, SOMD_ELEM(i));
    }
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s) {
            scratch[lid] = SOMD_OP(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        partials[get_group_id(0)] = scratch[0];
    }
}
