/*
 * somd_java.cl -- Java arithmetic in OpenCL C (LANGUAGE.md section 1.5). Prepended to every
 * generated program (see `somd_runtime::opencl::cl::PRELUDE`); tested bit-for-bit against
 * the runtime's `java` module by runtime/tests/opencl_java_arith.rs.
 *
 * Mismatches between C and Java handled here:
 *  - signed overflow is undefined in C: int/long +, -, *, negation go through unsigned
 *    arithmetic and `as_int`/`as_long`;
 *  - shift counts are masked to 5/6 bits; `>>` of a negative value is written without the
 *    implementation-defined signed right shift;
 *  - narrowing conversions (long->int, int->byte/short/char) go through unsigned types;
 *  - float->int/long: NaN -> 0, out of range saturates (`convert_*_sat_rtz`);
 *  - Math.round/rint/signum/min/max/abs with Java's NaN, -0.0 and MIN_VALUE rules;
 *  - no contraction to FMA unless SOMD_FAST_MATH is defined (the runtime defines it only
 *    under --fast-math, together with -cl-fast-relaxed-math).
 */
#ifndef SOMD_JAVA_CL
#define SOMD_JAVA_CL

#ifndef SOMD_FAST_MATH
#pragma OPENCL FP_CONTRACT OFF
#endif

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define SOMD_HAS_FP64 1
#endif

/* ---- `(float) Math.sqrt(f)` of a `float` f ----
 * Java takes the double square root of the widened float and rounds it to float. A double
 * carries more than 2 * 24 + 2 bits, so that double rounding is innocuous: the result is the
 * correctly rounded float square root of f (S. Figueroa, "When is double rounding
 * innocuous?", 1995). Where the program is built with -cl-fp32-correctly-rounded-divide-sqrt
 * (the runtime then defines SOMD_CR_SQRT) the float square root gives that value without a
 * double one; a program built for fast math (SOMD_FAST_MATH) may take the float one anyway. */
#if defined(SOMD_CR_SQRT) || defined(SOMD_FAST_MATH)
#define SOMD_SQRTF(x) sqrt((float)(x))
#else
#define SOMD_SQRTF(x) ((float)sqrt((double)(x)))
#endif

/* ---- a work-item's own test after its group's barriers ----
 * SOMD_ACTIVE(flag) reads a work-item's `somd_active` through a volatile pointer where a
 * store after the kernel's last barrier depends on it (block tiles, tiled `@` maps): PoCL
 * 3.1 (LLVM 15) otherwise ran such a store for every work-item of the group when LLVM had
 * merged it with a store of a barrier-free sibling branch. On the H100 the read costs
 * All-Pairs' kernel nothing at 1000^3 and 1.7% at 4096^2 x 64 (the flag kept in memory: one
 * local store and load), against a plain read (thirty-seventh session). */
#define SOMD_ACTIVE(flag) (*(volatile const bool *)&(flag))

/* ---- row tiles of SOMD loops (compiler: opencl/rowtiles.rs) ----
 * SOMD_ROW_COLS(n, w): the columns of a row tile whose two buffers take at most 24 KiB
 * with `n` and at most 40 KiB with `w`: `w` where the device has 48 KiB of local memory or
 * more (the runtime builds with -DSOMD_WIDE_TILES), else `n`. */
#ifdef SOMD_WIDE_TILES
#define SOMD_ROW_COLS(n, w) (w)
#else
#define SOMD_ROW_COLS(n, w) (n)
#endif

/* ---- local-memory tiles of `@` kernels ----
 * A tiled loop waits at a barrier after each tile only when another tile follows (nothing
 * overwrites the last one); the runtime builds with -DSOMD_TILE_LAST_BARRIER=1 under
 * SOMD_TILE_LAST_BARRIER=1, which restores the wait after the last tile too. */
#ifndef SOMD_TILE_LAST_BARRIER
#define SOMD_TILE_LAST_BARRIER 0
#endif
/* A broadcast array that fits in one tile is read by each work-item from global memory
 * instead (through the cache: no copy, no barrier); -DSOMD_TILE_SMALL=1, under the
 * runtime's SOMD_TILE_SMALL=1, tiles it as any other. */
#ifndef SOMD_TILE_SMALL
#define SOMD_TILE_SMALL 0
#endif

/* ---- widened elementwise kernels ----
 * SOMD_WIDTH consecutive elements per work-item (the runtime builds every program with
 * -DSOMD_WIDTH=W from its SOMD_WIDEN switch, and launches a widened kernel with ceil(n / W)
 * work-items). SOMD_WLOAD(dst, q, src) copies elements [q * W, q * W + W) of buffer `src`
 * into private array `dst`, SOMD_WSTORE(src, q, dst) private array `src` into those
 * elements of buffer `dst`: each one vloadW/vstoreW of the vector width (as a hand-written
 * kernel's `vload4(quad, x)`); with a width of 1, one element. */
#ifndef SOMD_WIDTH
#define SOMD_WIDTH 1
#endif
#if SOMD_WIDTH == 1
#define SOMD_WLOAD(dst, q, src) ((dst)[0] = (src)[q])
#define SOMD_WSTORE(src, q, dst) ((dst)[q] = (src)[0])
#else
#define SOMD_CAT_(a, b) a##b
#define SOMD_CAT(a, b) SOMD_CAT_(a, b)
#define SOMD_WLOAD(dst, q, src) \
    SOMD_CAT(vstore, SOMD_WIDTH)(SOMD_CAT(vload, SOMD_WIDTH)((q), (src)), 0, (dst))
#define SOMD_WSTORE(src, q, dst) \
    SOMD_CAT(vstore, SOMD_WIDTH)(SOMD_CAT(vload, SOMD_WIDTH)(0, (src)), (q), (dst))
#endif

/* ---- int ---- */
inline int somd_iadd(int a, int b) { return as_int((uint)a + (uint)b); }
inline int somd_isub(int a, int b) { return as_int((uint)a - (uint)b); }
inline int somd_imul(int a, int b) { return as_int((uint)a * (uint)b); }
inline int somd_ineg(int a) { return as_int(0u - (uint)a); }
inline int somd_ishl(int a, int n) { return as_int((uint)a << (n & 31)); }
inline int somd_ishr(int a, int n) { int s = n & 31; return a < 0 ? ~(~a >> s) : a >> s; }
inline int somd_iushr(int a, int n) { return as_int((uint)a >> (n & 31)); }
inline int somd_iabs(int a) { return a < 0 ? somd_ineg(a) : a; }
/* Java's `a % b` for `b != 0` (the `-1` case included): the remainder of the magnitudes,
 * with the dividend's sign, taken as a mask from its top bit. Not C's `a % b`: NVIDIA's
 * compiler (H100, NVVM 7.0.1) turns `x < 0 ? 0 - x : x` into `abs.s32`, and its machine
 * code takes that value for non-negative, but the absolute value of Integer.MIN_VALUE is
 * Integer.MIN_VALUE and its remainder is negative. It drops a `< 0` test of it as well
 * (`a < 0 ? 0u - r : r` here gave 2 for `Math.abs(MIN) % 7`), and a separate `== MIN`
 * case costs 14% more than C's `%`; the shifted mask keeps the sign and costs no more than
 * C's `%` (`bench/gpu/s118rem.py`). The divisor's `b < 0` may be dropped harmlessly: the
 * magnitude of MIN is `(uint)MIN`. `long`'s `rem.s64` was found exact (`s117abs.py`). */
inline int somd_irem_nz(int a, int b)
{
    const uint m = 0u - ((uint)a >> 31);
    const uint ub = b < 0 ? 0u - (uint)b : (uint)b;
    const uint r = (((uint)a ^ m) - m) % ub;
    return as_int((r ^ m) - m);
}
inline int somd_imin(int a, int b) { return a <= b ? a : b; }
inline int somd_imax(int a, int b) { return a >= b ? a : b; }

/* ---- long ---- */
inline long somd_ladd(long a, long b) { return as_long((ulong)a + (ulong)b); }
inline long somd_lsub(long a, long b) { return as_long((ulong)a - (ulong)b); }
inline long somd_lmul(long a, long b) { return as_long((ulong)a * (ulong)b); }
inline long somd_lneg(long a) { return as_long((ulong)0 - (ulong)a); }
inline long somd_lshl(long a, int n) { return as_long((ulong)a << (n & 63)); }
inline long somd_lshr(long a, int n) { int s = n & 63; return a < 0 ? ~(~a >> s) : a >> s; }
inline long somd_lushr(long a, int n) { return as_long((ulong)a >> (n & 63)); }
inline long somd_labs(long a) { return a < 0 ? somd_lneg(a) : a; }
inline long somd_lmin(long a, long b) { return a <= b ? a : b; }
inline long somd_lmax(long a, long b) { return a >= b ? a : b; }

/* ---- narrowing ---- */
inline int somd_l2i(long a) { return as_int((uint)(ulong)a); }
inline int somd_i2b(int a) { return (int)as_char((uchar)(uint)a); }
inline int somd_i2s(int a) { return (int)as_short((ushort)(uint)a); }
inline int somd_i2c(int a) { return (int)(ushort)(uint)a; }

/* ---- float -> integer casts (Java: NaN -> 0, saturate) ---- */
inline int somd_f2i(float x) { return isnan(x) ? 0 : convert_int_sat_rtz(x); }
inline long somd_f2l(float x) { return isnan(x) ? 0 : convert_long_sat_rtz(x); }

/* ---- Float.floatToIntBits, Double.doubleToLongBits: every NaN is the canonical one ---- */
inline int somd_fbits(float x) { return isnan(x) ? 0x7fc00000 : as_int(x); }

/* ---- Math on float ---- */
/* A float of magnitude 2^23 or more is an integer, and NaN and the infinities are their own
 * floor: as `somd_floor` below. */
inline float somd_ffloor(float x) { return fabs(x) < 0x1p23f ? floor(x) : x; }
inline int somd_fround(float x)
{
    float fl = somd_ffloor(x);
    /* x - fl is exact: the fractional part of a float is representable. */
    float r = (x - fl >= 0.5f) ? fl + 1.0f : fl;
    return somd_f2i(r);
}
inline float somd_fsignum(float x) { return (isnan(x) || x == 0.0f) ? x : copysign(1.0f, x); }
inline float somd_fmin(float a, float b)
{
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    if (a == 0.0f && b == 0.0f) return signbit(a) ? a : b;
    return a <= b ? a : b;
}
inline float somd_fmax(float a, float b)
{
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    if (a == 0.0f && b == 0.0f) return signbit(a) ? b : a;
    return a >= b ? a : b;
}
inline float somd_fabs(float a) { return as_float(as_uint(a) & 0x7fffffffu); }

#ifdef SOMD_HAS_FP64
inline int somd_d2i(double x) { return isnan(x) ? 0 : convert_int_sat_rtz(x); }
inline long somd_d2l(double x) { return isnan(x) ? 0 : convert_long_sat_rtz(x); }
inline long somd_dbits(double x) { return isnan(x) ? 0x7ff8000000000000L : as_long(x); }
/* Every double of magnitude 2^52 or more is an integer, and NaN and the infinities are their
 * own floor and ceiling: such an x never reaches the library's `floor` or `ceil`, which PoCL
 * folds to a wrong value when its argument is such a constant (`ceil(NaN)` became infinity,
 * and a conditional choosing it took its other branch), as it folded `rint` (below). */
inline double somd_floor(double x) { return fabs(x) < 0x1p52 ? floor(x) : x; }
inline double somd_ceil(double x) { return fabs(x) < 0x1p52 ? ceil(x) : x; }
inline long somd_dround(double x)
{
    double fl = somd_floor(x);
    double r = (x - fl >= 0.5) ? fl + 1.0 : fl;
    return somd_d2l(r);
}
/* Every double of magnitude 2^52 or more is an integer (and NaN and the infinities are
 * their own rint): such an x never reaches the library's rint, which PoCL folds to a
 * wrong value when its argument is a constant of that size (`rint(1e300)` became 0). */
inline double somd_rint(double x) { return fabs(x) < 0x1p52 ? rint(x) : x; }
inline double somd_dsignum(double x) { return (isnan(x) || x == 0.0) ? x : copysign(1.0, x); }
inline double somd_dmin(double a, double b)
{
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    if (a == 0.0 && b == 0.0) return signbit(a) ? a : b;
    return a <= b ? a : b;
}
inline double somd_dmax(double a, double b)
{
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    if (a == 0.0 && b == 0.0) return signbit(a) ? b : a;
    return a >= b ? a : b;
}
inline double somd_dabs(double a) { return as_double(as_ulong(a) & 0x7fffffffffffffffUL); }
/* Java's Math.pow where C's differs: a NaN exponent gives NaN (C: pow(1, NaN) = 1), and so
 * does a base of magnitude 1 to an infinite power (C: 1). A zero exponent still gives 1. */
inline double somd_dpow(double x, double y)
{
    if (isnan(y) || (isinf(y) && fabs(x) == 1.0)) return (double)NAN;
    return pow(x, y);
}
/* Java's Math.exp at both ends of its range: Java's exp(x) is finite up to fdlibm's
 * o_threshold, 709.782712893384, where a device's exp may overflow early (PoCL gave Infinity
 * from 709.7827111600001 on), and it is subnormal down to u_threshold, -745.1332191019411,
 * where a device's exp may flush to 0 early (NVIDIA's gave 0 for -745). There it is
 * 2^k * exp(x - k ln 2) with k = 1023 or -1022, ln 2 in fdlibm's two parts (k * LN2_HI is
 * exact), so exp's argument is in (-0.09, 0.7] or [-36.8, 0.4] and its result normal. */
inline double somd_dexp(double x)
{
    const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
    if (x > 709.0 && x <= 709.782712893384)
        return ldexp(exp((x - 1023.0 * ln2_hi) - 1023.0 * ln2_lo), 1023);
    if (x < -708.0 && x >= -745.1332191019411)
        return ldexp(exp((x + 1022.0 * ln2_hi) + 1022.0 * ln2_lo), -1022);
    return exp(x);
}
/* Java's Math.hypot bit for bit: the JDK defines it by StrictMath.hypot, fdlibm's
 * __ieee754_hypot, ported here as the runtime's `fdlibm::hypot` (OpenCL's hypot may be off
 * by 4 ulp). The words of a double are read and written through `as_ulong`. */
inline int somd_hi(double x) { return (int)(as_ulong(x) >> 32); }
inline uint somd_lo(double x) { return (uint)as_ulong(x); }
inline double somd_words(int hi, uint lo) { return as_double(((ulong)(uint)hi << 32) | (ulong)lo); }
inline double somd_hypot(double x, double y)
{
    int ha = somd_hi(x) & 0x7fffffff;
    int hb = somd_hi(y) & 0x7fffffff;
    double a, b;
    if (hb > ha) { a = y; b = x; const int j = ha; ha = hb; hb = j; } else { a = x; b = y; }
    a = somd_words(ha, somd_lo(a));
    b = somd_words(hb, somd_lo(b));
    if (ha - hb > 0x3c00000) return a + b;
    int k = 0;
    if (ha > 0x5f300000) {
        if (ha >= 0x7ff00000) {
            double w = a + b;
            if ((((uint)(ha & 0xfffff)) | somd_lo(a)) == 0) w = a;
            if ((((uint)(hb ^ 0x7ff00000)) | somd_lo(b)) == 0) w = b;
            return w;
        }
        ha -= 0x25800000; hb -= 0x25800000; k += 600;
        a = somd_words(ha, somd_lo(a));
        b = somd_words(hb, somd_lo(b));
    }
    if (hb < 0x20b00000) {
        if (hb <= 0x000fffff) {
            if ((((uint)hb) | somd_lo(b)) == 0) return a;
            const double t1 = somd_words(0x7fd00000, 0);
            b *= t1; a *= t1; k -= 1022;
        } else {
            ha += 0x25800000; hb += 0x25800000; k -= 600;
            a = somd_words(ha, somd_lo(a));
            b = somd_words(hb, somd_lo(b));
        }
    }
    double w = a - b;
    if (w > b) {
        const double t1 = somd_words(ha, 0);
        const double t2 = a - t1;
        w = sqrt(t1 * t1 - (b * (-b) - t2 * (a + t1)));
    } else {
        a = a + a;
        const double y1 = somd_words(hb, 0);
        const double y2 = b - y1;
        const double t1 = somd_words(ha + 0x00100000, 0);
        const double t2 = a - t1;
        w = sqrt(t1 * y1 - (w * (-w) - (t1 * y2 + t2 * b)));
    }
    if (k != 0) return somd_words(somd_hi(1.0) + (k << 20), 0) * w;
    return w;
}
#endif /* SOMD_HAS_FP64 */

/* ---- sums of absolute differences of bytes (the SAD idiom) ----
 * The OpenCL writer replaces the prefix of a loop `sum += Math.abs(a[i] - b[i])` over two
 * `int` value arrays stored as `uchar` (note `device-execution`, "The SAD idiom") by
 * `somd_sad_u8_*` over its first `groups` groups of 16 elements. Each difference of two
 * bytes is exact, and `uint` addition is addition modulo 2^32 as Java's `int` addition is,
 * so the total is the loop's whatever the grouping. A row pointer is either global (16
 * bytes per group, read as one `uchar16` when 16-byte aligned) or a row staged in
 * `__local` memory by `somd_st16`'s layout (group `g` of work-item `lid` at `uchar16`
 * `g * ls + lid`). */
inline uint somd_sad16(uchar16 a, uchar16 b)
{
    const uint16 d = convert_uint16(abs_diff(a, b));
    const uint8 s8 = d.lo + d.hi;
    const uint4 s4 = s8.lo + s8.hi;
    const uint2 s2 = s4.lo + s4.hi;
    return s2.x + s2.y;
}
/* The index of element `i` of a row of `n` bytes staged by work-item `r` of `ls`: the full
 * groups of 16 interleaved by group (group `g` at 16-byte slot `g * ls + r`), then the
 * tail's elements interleaved one by one. */
inline int somd_st16(int i, int n, int r, int ls)
{
    const int full = n & ~15;
    return i < full ? (((i >> 4) * ls + r) << 4) + (i & 15) : full * ls + (i - full) * ls + r;
}
inline uint somd_sad_u8_gg(__global const uchar *a, __global const uchar *b, int groups)
{
    uint s = 0;
    if ((((size_t)a | (size_t)b) & 15) == 0) {
        __global const uchar16 *va = (__global const uchar16 *)a;
        __global const uchar16 *vb = (__global const uchar16 *)b;
        for (int g = 0; g < groups; g++) s += somd_sad16(va[g], vb[g]);
    } else {
        for (int g = 0; g < groups; g++) s += somd_sad16(vload16(g, a), vload16(g, b));
    }
    return s;
}
inline uint somd_sad_u8_lg(__local const uchar *a, __global const uchar *b, int groups)
{
    const int ls = (int)get_local_size(0);
    const int lid = (int)get_local_id(0);
    uint s = 0;
    if ((((size_t)a | (size_t)b) & 15) == 0) {
        __local const uchar16 *va = (__local const uchar16 *)a;
        __global const uchar16 *vb = (__global const uchar16 *)b;
        for (int g = 0; g < groups; g++) s += somd_sad16(va[g * ls + lid], vb[g]);
    } else {
        for (int g = 0; g < groups; g++) s += somd_sad16(vload16(g * ls + lid, a), vload16(g, b));
    }
    return s;
}
inline uint somd_sad_u8_ll(__local const uchar *a, __local const uchar *b, int groups)
{
    const int ls = (int)get_local_size(0);
    const int lid = (int)get_local_id(0);
    uint s = 0;
    for (int g = 0; g < groups; g++) {
        s += somd_sad16(vload16(g * ls + lid, a), vload16(g * ls + lid, b));
    }
    return s;
}

/* ---- rows held in registers across a fold (the SAD idiom) ----
 * A fold over candidates whose broadcast `uchar` row feeds a SAD loop loads the row's
 * first `n >> 4` groups of 16 into four `uchar16` values once, before the fold, when the
 * row is shorter than `SOMD_HOLD_LEN` bytes (so at most four groups); the SAD loop of
 * each candidate then reads that side from the registers (`somd_sad_u8_h*`). The build
 * option `-DSOMD_HOLD_OFF` (`SOMD_HOLD_ROWS=0`) makes the length 0: nothing is held and
 * every path reads the row from memory as before. */
#ifdef SOMD_HOLD_OFF
#define SOMD_HOLD_LEN 0
#else
#define SOMD_HOLD_LEN 80
#endif
/* Group `g` of a global row. */
inline uchar16 somd_hold_g(__global const uchar *a, int g)
{
    return (((size_t)a & 15) == 0) ? ((__global const uchar16 *)a)[g] : vload16(g, a);
}
/* Group `g` of a row staged by `somd_st16`'s layout (work-item `lid` of `ls`). */
inline uchar16 somd_hold_l(__local const uchar *a, int g)
{
    return vload16(g * (int)get_local_size(0) + (int)get_local_id(0), a);
}
/* The SAD of the first `groups` (at most 4) groups of a held row and a global row. */
inline uint somd_sad_u8_hg(uchar16 a0, uchar16 a1, uchar16 a2, uchar16 a3,
                           __global const uchar *b, int groups)
{
    uint s = 0;
    if (((size_t)b & 15) == 0) {
        __global const uchar16 *vb = (__global const uchar16 *)b;
        if (groups == 4) {
            /* The common case (rows of 64 to 79 bytes): four independent loads. */
            return somd_sad16(a0, vb[0]) + somd_sad16(a1, vb[1]) + somd_sad16(a2, vb[2])
                + somd_sad16(a3, vb[3]);
        }
        if (groups > 0) s += somd_sad16(a0, vb[0]);
        if (groups > 1) s += somd_sad16(a1, vb[1]);
        if (groups > 2) s += somd_sad16(a2, vb[2]);
        if (groups > 3) s += somd_sad16(a3, vb[3]);
    } else {
        if (groups > 0) s += somd_sad16(a0, vload16(0, b));
        if (groups > 1) s += somd_sad16(a1, vload16(1, b));
        if (groups > 2) s += somd_sad16(a2, vload16(2, b));
        if (groups > 3) s += somd_sad16(a3, vload16(3, b));
    }
    return s;
}
/* The same with the other row staged (`somd_st16`'s layout). */
inline uint somd_sad_u8_hl(uchar16 a0, uchar16 a1, uchar16 a2, uchar16 a3,
                           __local const uchar *b, int groups)
{
    uint s = 0;
    if (groups > 0) s += somd_sad16(a0, somd_hold_l(b, 0));
    if (groups > 1) s += somd_sad16(a1, somd_hold_l(b, 1));
    if (groups > 2) s += somd_sad16(a2, somd_hold_l(b, 2));
    if (groups > 3) s += somd_sad16(a3, somd_hold_l(b, 3));
    return s;
}
/* Both rows held. */
inline uint somd_sad_u8_hh(uchar16 a0, uchar16 a1, uchar16 a2, uchar16 a3,
                           uchar16 b0, uchar16 b1, uchar16 b2, uchar16 b3, int groups)
{
    uint s = 0;
    if (groups > 0) s += somd_sad16(a0, b0);
    if (groups > 1) s += somd_sad16(a1, b1);
    if (groups > 2) s += somd_sad16(a2, b2);
    if (groups > 3) s += somd_sad16(a3, b3);
    return s;
}

#endif /* SOMD_JAVA_CL */
