"""Row loops in Java's order on the GPU (ninety-fifth session): kernel variants of a matrix
times a vector, `y[i] = sum over j of a[i][j] * x[j]` summed in index order (each row's
sum is Java's), timed on the same inputs in one process (`clrun.py`):

- `plain`: one work-item per row reading its row from global memory (the generated
  kernel's plain body); `plain_const` with `x` in `__constant` memory (the generated
  kernel's `_c` variant), `plain_restrict` with `x` and `a` `const restrict`,
  `plain_checked` with `a[i][j]`'s column checked as the generated kernel checks it
  (`SOMD_INDEX`: a failure recorded by an atomic), `plain_v2` and `plain_v4` reading
  the row two or four elements at a time (`vload2`, `vload4`: rows of a multiple of that),
  `plain_wrap` with `j` stepped as the generated kernel steps it (Java's wrapping `int`
  addition, `as_int((uint)j + 1u)`);
- `generated`: the kernel `somdc` writes for `s95rows.somd`'s `matvec` (one work-item per
  row, with the runtime's prelude, `runtime/cl/`), launched as the runtime launches it;
  `gen_unchecked` without the column's check, `gen_step` with `j++`, `gen_unchecked_step`
  both, `gen_nokey` without
  the iteration's failure key, `gen_noguard_do` without `do .. while (0)`, and
  `plain_prelude` the plain kernel built after the prelude;
- `tiles`: groups of 32 rows copying 32 columns of their rows at a time into local
  memory, each work-item then summing its row's columns from there (the session's first
  row tiles, `rowtiles.rs`);
- `wide`: groups of 256 work-items for 32 rows: all of them copy a tile of 64 columns,
  then the first 32 sum their rows over it;
- `wide_db`: as `wide`, two tiles: while the first warp sums one, the other seven copy the
  next (one barrier per tile).

Prints each variant's median kernel time over 10 launches per shape, and whether its
results equal `plain`'s bit for bit. Usage: python3 s95_rowtiles_ablation.py [SHAPES]
with SHAPES like 4000x4000,20000x1000.
"""
import ctypes
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

SOURCE = r"""
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
#define R 32
#define K 64
__kernel void plain(__global const double *a, int n, int m, __global const double *x,
                    __global double *y)
{
    long i = get_global_id(0);
    if (i >= n) return;
    double s = 0.0;
    for (int j = 0; j < m; j++) s = s + a[i * m + j] * x[j];
    y[i] = s;
}

__kernel void plain_wrap(__global const double *a, int n, int m, __global const double *x,
                         __global double *y)
{
    long i = get_global_id(0);
    if (i >= n) return;
    double s = 0.0;
    for (int j = 0; j < m; j = as_int((uint)j + 1u)) s = s + a[i * m + j] * x[j];
    y[i] = s;
}

__kernel void plain_const(__global const double *restrict a, int n, int m,
                          __constant double *restrict x, __global double *y)
{
    long i = get_global_id(0);
    if (i >= n) return;
    double s = 0.0;
    for (int j = 0; j < m; j++) s = s + a[i * m + j] * x[j];
    y[i] = s;
}

__kernel void plain_restrict(__global const double *restrict a, int n, int m,
                             __global const double *restrict x, __global double *y)
{
    long i = get_global_id(0);
    if (i >= n) return;
    double s = 0.0;
    for (int j = 0; j < m; j++) s = s + a[i * m + j] * x[j];
    y[i] = s;
}

inline int checked(__global int *err, int i, int len)
{
    if ((uint)i >= (uint)len) {
        atomic_max(err, i);
        return 0;
    }
    return i;
}

__kernel void plain_checked(__global const double *a, int n, int m, __global const double *x,
                            __global double *y, __global int *err)
{
    long i = get_global_id(0);
    if (i >= n) return;
    double s = 0.0;
    for (int j = 0; j < m; j++) s = s + a[i * m + checked(err, j, m)] * x[j];
    y[i] = s;
}

__kernel void plain_v4(__global const double *a, int n, int m, __global const double *x,
                       __global double *y)
{
    long i = get_global_id(0);
    if (i >= n) return;
    double s = 0.0;
    int j = 0;
    if (m % 4 == 0) {
        for (; j < m; j += 4) {
            const double4 v = vload4(0, a + i * m + j);
            s = s + v.x * x[j];
            s = s + v.y * x[j + 1];
            s = s + v.z * x[j + 2];
            s = s + v.w * x[j + 3];
        }
    }
    for (; j < m; j++) s = s + a[i * m + j] * x[j];
    y[i] = s;
}

__kernel void plain_v2(__global const double *a, int n, int m, __global const double *x,
                       __global double *y)
{
    long i = get_global_id(0);
    if (i >= n) return;
    double s = 0.0;
    int j = 0;
    if (m % 2 == 0) {
        for (; j < m; j += 2) {
            const double2 v = vload2(0, a + i * m + j);
            s = s + v.x * x[j];
            s = s + v.y * x[j + 1];
        }
    }
    for (; j < m; j++) s = s + a[i * m + j] * x[j];
    y[i] = s;
}

__kernel void tiles(__global const double *a, int n, int m, __global const double *x,
                    __global double *y)
{
    __local double t[32 * 33];
    const int lid = (int)get_local_id(0);
    const long first = (long)get_group_id(0) * 32;
    const int nr = (int)clamp((long)n - first, 0L, 32L);
    double s = 0.0;
    for (int k0 = 0; k0 < m; k0 += 32) {
        const int kn = min(32, m - k0);
        if (lid < kn) {
#pragma unroll 8
            for (int r = 0; r < 32; r++) {
                if (r < nr) t[r * 33 + lid] = a[(first + r) * m + k0 + lid];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < nr) {
            for (int j = k0; j < k0 + kn; j++) s = s + t[lid * 33 + (j - k0)] * x[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid < nr) y[first + lid] = s;
}

inline void copy_tile(__local double *t, __global const double *a, long first, int nr, int m,
                      int k0, int kn, int me, int copiers)
{
    for (int e = me; e < R * K; e += copiers) {
        const int r = e / K, c = e % K;
        if (r < nr && c < kn) t[r * (K + 1) + c] = a[(first + r) * m + k0 + c];
    }
}

__kernel void wide(__global const double *a, int n, int m, __global const double *x,
                   __global double *y)
{
    __local double t[R * (K + 1)];
    const int lid = (int)get_local_id(0);
    const int L = (int)get_local_size(0);
    const long first = (long)get_group_id(0) * R;
    const int nr = (int)clamp((long)n - first, 0L, (long)R);
    double s = 0.0;
    for (int k0 = 0; k0 < m; k0 += K) {
        const int kn = min(K, m - k0);
        copy_tile(t, a, first, nr, m, k0, kn, lid, L);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < nr) {
            for (int j = k0; j < k0 + kn; j++) s = s + t[lid * (K + 1) + (j - k0)] * x[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid < nr) y[first + lid] = s;
}

__kernel void wide_db(__global const double *a, int n, int m, __global const double *x,
                      __global double *y)
{
    __local double t[2 * R * (K + 1)];
    const int lid = (int)get_local_id(0);
    const int L = (int)get_local_size(0);
    const long first = (long)get_group_id(0) * R;
    const int nr = (int)clamp((long)n - first, 0L, (long)R);
    double s = 0.0;
    copy_tile(t, a, first, nr, m, 0, min(K, m), lid, L);
    barrier(CLK_LOCAL_MEM_FENCE);
    int buf = 0;
    for (int k0 = 0; k0 < m; k0 += K) {
        const int kn = min(K, m - k0);
        if (lid < R) {
            if (lid < nr) {
                __local const double *tt = t + buf * R * (K + 1) + lid * (K + 1);
                for (int j = k0; j < k0 + kn; j++) s = s + tt[j - k0] * x[j];
            }
        } else if (k0 + K < m) {
            copy_tile(t + (1 - buf) * R * (K + 1), a, first, nr, m, k0 + K, min(K, m - k0 - K),
                      lid - R, L - R);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        buf = 1 - buf;
    }
    if (lid < nr) y[first + lid] = s;
}
"""


GENERATED = r"""
__kernel void generated(__global const double *restrict g,
        const int g_len0,
        const int g_len1,
        __global const double *restrict x,
        const int x_len0,
        __global double *out,
        const int out_len0,
        __global int *somd_err_buf,
        const uint somd_err_epoch)
{
    somd_cx somd_err_cx = { somd_err_buf, somd_err_epoch, 0u };
    somd_cx *const somd_err = &somd_err_cx;
    const long somd_pos0 = (long)(0) + (long)get_global_id(0);
    const int i = (int)somd_pos0;
    SOMD_AT((long)get_global_id(0));
    if (!(somd_pos0 < (long)(g_len0))) return;
    do {
        double s = 0.0;
        {
            int j = 0;
            for (; j < x_len0; j = somd_iadd(j, 1)) {
                s = (s + (g[(long)(i) * g_len1 + (SOMD_INDEX(0, j, g_len1))] * x[j]));
            }
        }
        out[i] = s;
    } while (0);
}
"""


# Variants of the generated kernel, each differing in one respect.
VARIANTS = {
    "gen_unchecked": ("(SOMD_INDEX(0, j, g_len1))", "(j)"),
    "gen_step": ("j = somd_iadd(j, 1)", "j++"),
    "gen_nokey": ("SOMD_AT((long)get_global_id(0));", ""),
    "gen_noguard_do": ("    do {\n        double s", "    {\n        double s"),
    "gen_unchecked_step": ("(SOMD_INDEX(0, j, g_len1))] * x[j]));", "(j)] * x[j]));"),
}


def variants():
    """`GENERATED` and its variants, each kernel renamed."""
    text = GENERATED
    for name, (old, new) in VARIANTS.items():
        assert old in GENERATED, old
        v = GENERATED.replace(old, new).replace("__kernel void generated(", f"__kernel void {name}(")
        if name == "gen_unchecked_step":
            v = v.replace("j = somd_iadd(j, 1)", "j++")
        if name == "gen_noguard_do":
            v = v.replace("    } while (0);\n", "    }\n")
        text += v
    return text


def prelude():
    """The runtime's prelude (`runtime/cl/`), as `opencl/cl.rs` joins it."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "runtime", "cl")
    return "\n".join(open(os.path.join(root, f)).read()
                     for f in ["somd_java.cl", "somd_errors.cl", "somd_hist.cl"]) + "\n"


def main():
    shapes = sys.argv[1] if len(sys.argv) > 1 else "4000x4000,20000x1000,1000x100000,100000x64,2000x20000"
    dev = clrun.Device("")
    names = ["plain", "plain_wrap", "plain_v2", "plain_v4", "plain_checked", "plain_const", "plain_restrict", "tiles", "wide", "wide_db"]
    kernels = dev.kernels(SOURCE, names, "-cl-std=CL1.2")
    gen_names = ["generated", *VARIANTS]
    kernels.update(dev.kernels(prelude() + variants(), gen_names, "-cl-std=CL1.2"))
    # `wide_db` with tiles of 32 columns (ninety-eighth session: 2 x 32 x 33 doubles fit
    # 24 KiB of local memory, where 64 columns take 33 KiB).
    kernels.update(dev.kernels(SOURCE.replace("#define K 64", "#define K 32")
                               .replace("__kernel void wide_db(", "__kernel void wide_db32("),
                               ["wide_db32"], "-cl-std=CL1.2"))
    names.append("wide_db32")
    kernels.update(dev.kernels(prelude() + SOURCE.replace("__kernel void plain(",
                                                          "__kernel void plain_prelude("),
                               ["plain_prelude"], "-cl-std=CL1.2"))
    names[1:1] = [*gen_names, "plain_prelude"]
    print(f"device {dev.name}, {dev.compute_units} units")
    rng = random.Random(7)
    for shape in shapes.split(","):
        n, m = (int(v) for v in shape.split("x"))
        row = [rng.random() - 0.5 for _ in range(m)]
        # Rows differ by a shift of one pattern (building n * m random doubles in Python is slow).
        a = (ctypes.c_double * (n * m))()
        for i in range(n):
            k = (i * 7919) % m
            a[i * m:(i + 1) * m] = row[k:] + row[:k]
        x = (ctypes.c_double * m)(*[rng.random() for _ in range(m)])
        ab, xb, yb = dev.buffer(n * m * 8), dev.buffer(m * 8), dev.buffer(n * 8)
        errb = dev.buffer(4)
        gerr = dev.buffer(4 * 4096)
        dev.write(gerr, (ctypes.c_int32 * 4096)())
        dev.write(errb, (ctypes.c_int32 * 1)(-1))
        dev.write(ab, a)
        dev.write(xb, x)
        dev.finish()
        ref = None
        line = [f"{n}x{m}:"]
        for name in names:
            plain = (256, (n + 255) // 256)
            local, groups = {"plain": plain, "plain_prelude": plain,
                             **{g: plain for g in gen_names}, "plain_wrap": plain, "plain_v2": plain, "plain_v4": plain, "plain_checked": plain, "plain_const": plain, "plain_restrict": plain,
                             "tiles": (32, (n + 31) // 32),
                             "wide": (256, (n + 31) // 32), "wide_db": (256, (n + 31) // 32),
                             "wide_db32": (256, (n + 31) // 32)}[name]
            if name.startswith("plain") and n < 256 * 2 * dev.compute_units:
                local, groups = 32, (n + 31) // 32
            args = [ab, ctypes.c_int32(n), ctypes.c_int32(m), xb, yb]
            if name == "plain_checked":
                args.append(errb)
            if name in gen_names:
                args = [ab, ctypes.c_int32(n), ctypes.c_int32(m), xb, ctypes.c_int32(m), yb,
                        ctypes.c_int32(n), gerr, ctypes.c_uint32(1)]
            times = [dev.launch(kernels[name], args, groups * local, local) for _ in range(11)][1:]
            out = dev.read(yb)
            if ref is None:
                ref = out
            same = "same" if out == ref else "DIFFERS"
            line.append(f"{name} {clrun.median_ns(times) / 1e6:.3f} ms {same};")
            if name == "plain":
                line.append(f"(y[0] {struct.unpack('d', out[:8])[0]!r})")
        print(" ".join(line), flush=True)


if __name__ == "__main__":
    main()
