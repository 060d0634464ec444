/*
 * somd_errors.cl -- failure reporting from kernels (see runtime/src/opencl/mod.rs,
 * "Failure reporting protocol"). Included (as text, before the generated kernels) in every
 * program the OpenCL C writer emits; the runtime prepends it with
 * `somd_runtime::opencl::cl::PRELUDE`.
 *
 * A kernel takes the error buffer and its launch's epoch as `SOMD_KERNEL_ERR`
 * (`__global int *somd_err_buf, const uint somd_err_epoch`) and opens its body with
 * `SOMD_ERR_INIT;`, which declares `somd_err`: a pointer to the work-item's private
 * `somd_cx` (the buffer, the epoch, and the key of the iteration running now). Every helper
 * function that can fail takes `SOMD_ERR_PARAM` (`somd_cx *somd_err`) and is passed
 * `somd_err`. The macros below refer to a variable of that name.
 *
 * Java reports the failure of the first iteration that fails. A kernel runs its
 * iterations in any order, so each failure carries its iteration's key (`SOMD_AT(k)` sets
 * it to `k + 1` when iteration `k` of Java's order starts; the setup before the first
 * iteration has key 0) and the buffer keeps the smallest:
 *   [0] epoch of the failing launch (0 = no failure). Launches share a buffer until the
 *       host reads it, and a later launch's failures never replace an earlier one's: a
 *       failing work-item whose launch did not set [0] records nothing.
 *   [1] slots of the log taken so far (the log is a ring: slot `[1] % SOMD_ERR_CAP`)
 *   [2, 3] ~key of the first failure so far (0 = none: keys stay below SOMD_KEY_DONE),
 *       a `ulong` at words 2 and 3 (8-byte aligned) where the device has 64-bit atomics,
 *       else a `uint` at word 2 with word 3 left 0 (below)
 *   [4 + 8 e ..] log entry e: ~key (as the head's: a `ulong` at words 0 and 1, or a `uint`
 *       at word 0 and a 0), sub, site id, kind, index, length, one unused word. The whole
 *       buffer starts zeroed: a slot never written has ~key 0.
 * A failure whose key lowers [2, 3] (atomic max on ~key) writes its entry; the others (a
 * later iteration, or a second failure of the same iteration) record nothing. The writer
 * takes the next slot of the ring and claims it with an atomic max on the slot's ~key: a
 * slot holding a smaller key (a failure that lowered the minimum after this one did) is
 * left as it is and this failure records nothing more, since it is not the first. So the
 * final minimum's writer always claims its slot, and no writer of a larger key claims it
 * after that, however many failures lowered the minimum before it: a loop whose
 * work-items meet failures in the reverse of Java's order (an elementwise loop stepping
 * down runs its indices upwards) lowers the minimum at every failure. Its fields can only
 * be overwritten by a writer of a larger key that claimed the same slot a multiple of
 * SOMD_ERR_CAP slots earlier and is still storing its own (the slot then holds the
 * minimum's key with that writer's failure, which the host raises): a writer stalled
 * between two of its own instructions while SOMD_ERR_CAP other failures take slots.
 *
 * Work-items that share one iteration's key, each running part of an inner range (the
 * lanes form of a SOMD loop, a nested fold across a work-group or in slices), set `sub`
 * to 1 + the inner position before each inner step (0 elsewhere). A failure with a `sub`
 * also writes an entry when its key equals the minimum (a slot already holding its key,
 * another lane's, is passed over for the next one), and the host takes, of the entries of
 * the minimal key, the one of the smallest `sub` (then of the lowest slot): Java's first
 * inner step to fail, whichever lane recorded first. A failure without a `sub` never
 * writes at an equal key: it comes after the inner steps of its iteration (or before
 * them, and then it was recorded first). After a failure a context records nothing more
 * (its key becomes SOMD_KEY_DONE until the next SOMD_AT): its later steps come after.
 *
 * A failing access goes on with a stand-in, so a work-item runs on after a failure, and a
 * loop bounded past the data (`j < n` over rows shorter than `n`) would run on stand-ins
 * to its end. Loops of kernel code that may fail, and those that may not end on their
 * own, ask `somd_stop` every 1024 iterations and leave once nothing the work-item could
 * still meet comes first in Java's order; a reduction's grid-stride loop leaves once the
 * work-item failed (`failed`: its later iterations come after).
 *
 * Keys are 64-bit where the device has cl_khr_int64_extended_atomics (the NVIDIA and PoCL
 * platforms do): a flattened 2-D or 3-D loop may run more than 2^32 iterations, and each
 * keeps a key of its own. Without the extension a key is 32-bit and every place from
 * 0xFFFFFFFD up shares the key 0xFFFFFFFE: of two failures past it, the first recorded is
 * raised (of lanes sharing it, the smallest `sub`). The host tells the two apart by word 3
 * (0 only with 32-bit keys: the high word of a 64-bit ~key is never 0).
 *   site id: index into the host's site table (&'static [SourcePos])
 *   kind: one of SOMD_KIND_*
 *   index  (bounds: the offending index; negative size: the size; map: first length)
 *   length (bounds: the array length; bound mismatch: the bound; map: other length)
 * A failing work-item returns (statement forms) or continues with a harmless value
 * (expression forms) -- it never performs the failing access.
 */
#ifndef SOMD_ERRORS_CL
#define SOMD_ERRORS_CL

#define SOMD_ERR_HEAD 4
#define SOMD_ERR_ENTRY 8
#define SOMD_ERR_CAP 1024
#define SOMD_ERR_WORDS (SOMD_ERR_HEAD + SOMD_ERR_ENTRY * SOMD_ERR_CAP)
/* Slots a lane tries when each holds another lane's entry of the same key (a ring that
 * wrapped onto them): as many as the ring has. Fewer lanes than that share a key (the
 * lanes form's work-groups, and the slices of a nested fold, `device::nested_slices`, hold
 * at most half as many), so a lane always finds a slot. */
#define SOMD_ERR_TRIES SOMD_ERR_CAP

#define SOMD_KIND_BOUNDS 1          /* ArrayIndexOutOfBoundsException: Index I out of bounds for length L */
#define SOMD_KIND_DIV_ZERO 2        /* ArithmeticException: / by zero */
#define SOMD_KIND_NEGATIVE_SIZE 3   /* NegativeArraySizeException: N */
#define SOMD_KIND_NULL 4            /* NullPointerException */
#define SOMD_KIND_VALUE_BOUND 5     /* IllegalArgumentException: value array of length I does not fit [[L]] */
#define SOMD_KIND_MAP_LENGTHS 6     /* IllegalArgumentException: mapped arguments of @ have different lengths: I and L */
#define SOMD_KIND_EMPTY_REDUCE 7    /* IllegalArgumentException: reduction of an empty array with a method */

/* A work-item's failure context: the launch's buffer and epoch, the current key; the
 * program's static data when the kernel takes it (`somd_st`, else 0): every helper is
 * passed the context, so it also carries the static fields' buffer to them; and the
 * current inner step's `sub` (above; 0 outside inner ranges shared by lanes). */
#ifdef cl_khr_int64_extended_atomics
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define SOMD_KEY64 1
typedef ulong somd_key;
#define SOMD_KEY_DONE 0xFFFFFFFFFFFFFFFFUL
#else
typedef uint somd_key;
#define SOMD_KEY_DONE 0xFFFFFFFFu
#endif

typedef struct {
    __global int *buf;
    uint epoch;
    somd_key key;
    __global const uchar *st;
    uint sub;
    uint failed;    /* 1 once the context failed, whatever its key since */
    uint spin;      /* iterations of loops holding loops (SOMD_NEST_STOP) */
    __local int *vote;  /* the lanes form: nonzero once a work-item of the group took the
                         * done key, read by all after each fold (0 elsewhere) */
} somd_cx;

#define SOMD_KERNEL_ERR __global int *somd_err_buf, const uint somd_err_epoch
#define SOMD_ERR_INIT \
    somd_cx somd_err_cx = { somd_err_buf, somd_err_epoch, 0u }; somd_cx *const somd_err = &somd_err_cx
#define SOMD_ERR_PARAM somd_cx *somd_err

/* The program's static data (runtime/src/device/statics.rs): `static final` field `j`'s
 * header is ints [4j .. 4j + 3] (byte offset of its data, length of dimension 0, length of
 * dimension 1), its data a `T` or the elements of a value array, row after row. */
#define SOMD_ST_HEAD(j, w) (((__global const int *)somd_err->st)[4 * (j) + (w)])
#define SOMD_ST(T, j) ((__global T *)(somd_err->st + SOMD_ST_HEAD(j, 0)))
#define SOMD_ST_LEN(j, d) SOMD_ST_HEAD(j, 1 + (d))

/* The key of iteration `k` (0-based, in Java's order): k + 1, kept below SOMD_KEY_DONE
 * (32-bit keys: every place from 0xFFFFFFFD up shares 0xFFFFFFFE). */
inline somd_key somd_key_of(long k)
{
#ifdef SOMD_KEY64
    return k < 0 ? 0UL : (ulong)k + 1UL;
#else
    return k < 0 ? 0u : k >= 0xFFFFFFFDL ? 0xFFFFFFFEu : (uint)k + 1u;
#endif
}
#define SOMD_AT(k) (somd_err->key = somd_key_of((long)(k)))

/* Records a failure of the current iteration (see the layout above). */
inline void somd_fail(somd_cx *cx, int site, int kind, int index, int length)
{
    cx->failed = 1u;
    if (cx->key == SOMD_KEY_DONE) return;
    const somd_key inv = ~cx->key;
    /* Whatever the context meets later in its iteration, or in a later one, comes after. */
    cx->key = SOMD_KEY_DONE;
    volatile __global int *head = (volatile __global int *)cx->buf;
    const int epoch = (int)cx->epoch;
    const int seen = atomic_cmpxchg(head, 0, epoch);
    if (seen != 0 && seen != epoch) return;
#ifdef SOMD_KEY64
    const ulong old = atom_max((volatile __global ulong *)(head + 2), inv);
#else
    const uint old = atomic_max((volatile __global uint *)(head + 2), inv);
#endif
    if (old > inv || (old == inv && cx->sub == 0u)) return;
    for (int tries = 0; tries < SOMD_ERR_TRIES; tries++) {
        const uint slot = atomic_inc((volatile __global uint *)(head + 1)) % SOMD_ERR_CAP;
        __global int *e = cx->buf + SOMD_ERR_HEAD + SOMD_ERR_ENTRY * slot;
#ifdef SOMD_KEY64
        const ulong held = atom_max((volatile __global ulong *)e, inv);
#else
        const uint held = atomic_max((volatile __global uint *)e, inv);
#endif
        if (held > inv) break;
        if (held == inv) continue;
        e[2] = (int)cx->sub;
        e[3] = site;
        e[4] = kind;
        e[5] = index;
        e[6] = length;
        break;
    }
}

/* True once the launch's failures settle Java's first without anything the context could
 * still meet (a global read: use at loop back-edges sparingly), and then the context
 * records nothing more (its key becomes SOMD_KEY_DONE until the next SOMD_AT): the context
 * failed itself, an earlier launch failed, or this launch's first failure so far has a
 * smaller key than the context's iteration, all of whose failures come after it in Java's
 * order. The caller leaves what it runs of that iteration. A failure of the context's own
 * key leaves it running: lanes sharing an iteration order their failures by inner step. */
inline bool somd_stop(somd_cx *cx)
{
    if (cx->key == SOMD_KEY_DONE) return true;
    volatile __global int *head = (volatile __global int *)cx->buf;
    const int seen = *head;
    if (seen == 0) return false;
    if (seen == (int)cx->epoch) {
#ifdef SOMD_KEY64
        const somd_key first = ~*(volatile __global ulong *)(head + 2);
#else
        const somd_key first = ~*(volatile __global uint *)(head + 2);
#endif
        if (first >= cx->key) return false;
    }
    cx->key = SOMD_KEY_DONE;
    return true;
}
#define SOMD_STOP() somd_stop(somd_err)

/* The check of a loop holding loops: such loops count on the context's counter, shared
 * by all of them, rather than on one of their own, which would start again at each entry
 * and so never reach 1024 in a nest whose loops each run fewer iterations per entry
 * (1,000 x 1,000 around a short inner loop). After such a loop stops, the counter stands
 * at the next check, so the loops holding it leave at their next iterations (only here:
 * the same store in `somd_stop`, which inner loops call too, made the inner loops of
 * s102window's `tiled` kernel carry the counter, 4.5% longer on the H200). Loops holding
 * none, and those whose bodies hold barriers (a work-group leaves those together: their
 * counters must agree), keep their own counters. */
inline bool somd_nest_stop(somd_cx *cx)
{
    if (!somd_stop(cx)) return false;
    cx->spin = 1023u;
    return true;
}
#define SOMD_NEST_STOP() ((++somd_err->spin & 1023u) == 0u && somd_nest_stop(somd_err))

/* The check of a loop holding loops that runs in blocks (the OpenCL writer's
 * `blocked_text`): the block's `n` iterations (at most 1024) go on the counter at its end,
 * which asks, as `SOMD_NEST_STOP` would have in one of them, once the counter passes a
 * multiple of 1024; after an inner loop stopped it stands at 1023, so any iteration
 * passes one. */
inline bool somd_nest_ticks(somd_cx *cx, uint n)
{
    const uint before = cx->spin;
    cx->spin = before + n;
    return (before >> 10) != (cx->spin >> 10) && somd_nest_stop(cx);
}
#define SOMD_NEST_TICKS(n) somd_nest_ticks(somd_err, (n))

/* True once any work-item has failed, whichever (a global read): the test of a loop whose
 * body holds barriers, which every work-item of a group must leave together; `somd_stop`
 * answers differently for the lanes of one iteration (one that failed stops, the others
 * run on). */
#define SOMD_FAILED() (*(volatile __global int *)somd_err->buf != 0)

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
inline int somd_index(somd_cx *err, int site, int i, int len)
{
    if ((uint)i >= (uint)len) {
        somd_fail(err, site, SOMD_KIND_BOUNDS, i, len);
        return 0;
    }
    return i;
}
#define SOMD_INDEX(site, i, len) somd_index(somd_err, (site), (i), (len))

/* Java integer division and remainder as expressions: `/ by zero` is recorded and yields 0;
 * MIN / -1 == MIN and MIN % -1 == 0 without the trap C allows (`int`'s remainder is
 * `somd_irem_nz`, somd_java.cl). */
inline int somd_idiv_e(somd_cx *err, int site, int a, int b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return b == -1 ? as_int(0u - (uint)a) : a / b;
}
inline int somd_irem_e(somd_cx *err, int site, int a, int b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return somd_irem_nz(a, b);
}
inline long somd_ldiv_e(somd_cx *err, int site, long a, long b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return b == -1 ? as_long((ulong)0 - (ulong)a) : a / b;
}
inline long somd_lrem_e(somd_cx *err, int site, long a, long b)
{
    if (b == 0) { somd_fail(err, site, SOMD_KIND_DIV_ZERO, 0, 0); return 0; }
    return b == -1 ? 0 : a % b;
}
#define somd_idiv(site, a, b) somd_idiv_e(somd_err, (site), (a), (b))
#define somd_irem(site, a, b) somd_irem_e(somd_err, (site), (a), (b))
#define somd_ldiv(site, a, b) somd_ldiv_e(somd_err, (site), (a), (b))
#define somd_lrem(site, a, b) somd_lrem_e(somd_err, (site), (a), (b))

#endif /* SOMD_ERRORS_CL */
