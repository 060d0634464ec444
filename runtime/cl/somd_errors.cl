/*
 * somd_errors.cl -- failure reporting from kernels (see runtime/src/opencl/mod.rs,
 * "Failure reporting protocol"). Included (as text, before the generated kernels) in every
 * program the OpenCL C writer emits; the runtime prepends it with
 * `somd_runtime::opencl::cl::PRELUDE`.
 *
 * Every kernel takes `__global int *somd_err` (the `SOMD_ERR_PARAM`) as its LAST parameter,
 * and every helper function that can fail takes it too and is passed `somd_err`. The macros
 * below refer to a variable of that name.
 *
 * Layout of the error buffer (SOMD_ERR_WORDS ints, zero-initialised by the host):
 *   [0] flag: 0 = no failure, 1 = a failure is recorded in [1..5]
 *   [1] site id: index into the host's site table (&'static [SourcePos])
 *   [2] kind: one of SOMD_KIND_*
 *   [3] index  (bounds: the offending index; negative size: the size; map: first length)
 *   [4] length (bounds: the array length; bound mismatch: the bound; map: other length)
 * The first failing work-item wins the compare-and-swap on [0] and writes [1..4]; others
 * leave the buffer alone. A failing work-item returns (statement forms) or continues with a
 * harmless value (expression forms) -- it never performs the failing access.
 */
#ifndef SOMD_ERRORS_CL
#define SOMD_ERRORS_CL

#define SOMD_ERR_WORDS 5

#define SOMD_KIND_BOUNDS 1          /* ArrayIndexOutOfBoundsException: Index I out of bounds for length L */
#define SOMD_KIND_DIV_ZERO 2        /* ArithmeticException: / by zero */
#define SOMD_KIND_NEGATIVE_SIZE 3   /* NegativeArraySizeException: N */
#define SOMD_KIND_NULL 4            /* NullPointerException */
#define SOMD_KIND_VALUE_BOUND 5     /* IllegalArgumentException: value array of length I does not fit [[L]] */
#define SOMD_KIND_MAP_LENGTHS 6     /* IllegalArgumentException: mapped arguments of @ have different lengths: I and L */
#define SOMD_KIND_EMPTY_REDUCE 7    /* IllegalArgumentException: reduction of an empty array with a method */

#define SOMD_ERR_PARAM __global int *somd_err

/* Records a failure unless one is already recorded. */
inline void somd_fail(__global int *err, int site, int kind, int index, int length)
{
    if (atomic_cmpxchg((volatile __global int *)err, 0, 1) == 0) {
        err[1] = site;
        err[2] = kind;
        err[3] = index;
        err[4] = length;
    }
}

/* True once any work-item has failed (a global read: use at loop back-edges sparingly). */
#define SOMD_FAILED() (*(volatile __global int *)somd_err != 0)

/* Statement forms: record and return from a void function (kernel bodies). */
#define SOMD_CHECK_INDEX(site, i, len) \
    do { if ((uint)(i) >= (uint)(len)) { \
        somd_fail(somd_err, (site), SOMD_KIND_BOUNDS, (int)(i), (int)(len)); return; } } while (0)
#define SOMD_CHECK_DIVISOR(site, b) \
    do { if ((b) == 0) { somd_fail(somd_err, (site), SOMD_KIND_DIV_ZERO, 0, 0); return; } } while (0)
#define SOMD_CHECK_SIZE(site, n) \
    do { if ((n) < 0) { \
        somd_fail(somd_err, (site), SOMD_KIND_NEGATIVE_SIZE, (int)(n), 0); return; } } while (0)
#define SOMD_CHECK_NULL(site, p) \
    do { if ((p) == 0) { somd_fail(somd_err, (site), SOMD_KIND_NULL, 0, 0); return; } } while (0)
#define SOMD_CHECK_VALUE_BOUND(site, len, bound) \
    do { if ((len) != (bound)) { \
        somd_fail(somd_err, (site), SOMD_KIND_VALUE_BOUND, (int)(len), (int)(bound)); return; } } while (0)

/* The same in non-void helper functions: `ret` is returned after recording. */
#define SOMD_CHECK_INDEX_RET(site, i, len, ret) \
    do { if ((uint)(i) >= (uint)(len)) { \
        somd_fail(somd_err, (site), SOMD_KIND_BOUNDS, (int)(i), (int)(len)); return (ret); } } while (0)
#define SOMD_CHECK_DIVISOR_RET(site, b, ret) \
    do { if ((b) == 0) { somd_fail(somd_err, (site), SOMD_KIND_DIV_ZERO, 0, 0); return (ret); } } while (0)

/* Index clamped into [0, len) after a check: an expression form for loads inside larger
 * expressions. Out of range: records the failure and yields index 0 (len > 0) -- the caller
 * must guarantee len > 0 or use the statement form. */
inline int somd_index(__global int *err, int site, int i, int len)
{
    if ((uint)i >= (uint)len) {
        somd_fail(err, site, SOMD_KIND_BOUNDS, i, len);
        return 0;
    }
    return i;
}
#define SOMD_INDEX(site, i, len) somd_index(somd_err, (site), (i), (len))

/* Java integer division and remainder as expressions: `/ by zero` is recorded and yields 0;
 * MIN / -1 == MIN and MIN % -1 == 0 without the trap C allows. */
inline int somd_idiv_e(__global int *err, int site, int a, int b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return b == -1 ? as_int(0u - (uint)a) : a / b;
}
inline int somd_irem_e(__global int *err, int site, int a, int b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return b == -1 ? 0 : a % b;
}
inline long somd_ldiv_e(__global int *err, int site, long a, long b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return b == -1 ? as_long((ulong)0 - (ulong)a) : a / b;
}
inline long somd_lrem_e(__global int *err, int site, long a, long b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return b == -1 ? 0 : a % b;
}
#define somd_idiv(site, a, b) somd_idiv_e(somd_err, (site), (a), (b))
#define somd_irem(site, a, b) somd_irem_e(somd_err, (site), (a), (b))
#define somd_ldiv(site, a, b) somd_ldiv_e(somd_err, (site), (a), (b))
#define somd_lrem(site, a, b) somd_lrem_e(somd_err, (site), (a), (b))

#endif /* SOMD_ERRORS_CL */
