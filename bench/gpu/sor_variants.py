# SOR kernel variants (session 101, bench/gpu/s101c.sh): arguments: a generated SOR
# project's src/main.rs and the variant name; rewrites its first kernel (SOR_sor_loop1).
import sys
p, v = sys.argv[1], sys.argv[2]
s = open(p).read()
start = s.index("__kernel void SOR_sor_loop1(")
end = s.index("#endif /* SOMD_HAS_FP64 */", start)
k = s[start:end]
fast_old = "            next[(long)(i) * next_len1 + (j)] = ((omegaOverFour * (((g[(long)(somd_isub(i, 1)) * g_len1 + (j)] + g[(long)(somd_iadd(i, 1)) * g_len1 + (j)]) + g[(long)(i) * g_len1 + (somd_isub(j, 1))]) + g[(long)(i) * g_len1 + (somd_iadd(j, 1))])) + (oneMinusOmega * g[(long)(i) * g_len1 + (j)]));\n"
assert fast_old in k
if v == "base":
    pass
elif v == "index":
    k = k.replace(fast_old, "            const long c = (long)i * g_len1 + j;\n            next[(long)(i) * next_len1 + (j)] = omegaOverFour * (g[c - g_len1] + g[c + g_len1] + g[c - 1] + g[c + 1]) + oneMinusOmega * g[c];\n")
elif v == "const":
    k = k.replace("__kernel void SOR_sor_loop1(__global double *g,", "__kernel void SOR_sor_loop1(__global const double *g,")
elif v == "restrict":
    k = k.replace("__kernel void SOR_sor_loop1(__global double *g,", "__kernel void SOR_sor_loop1(__global const double *restrict g,")
    k = k.replace("        __global double *next,", "        __global double *restrict next,")
elif v == "hand":
    body_start = k.index("{\n") + 2
    k = k[:body_start] + """    int j = get_global_id(0) + 1;
    int i = get_global_id(1) + 1;
    if (i >= g_len0 - 1 || j >= g_len1 - 1) {
        return;
    }
    size_t c = (size_t)i * g_len1 + j;
    next[c] = 0.2 * (g[c - g_len1] + g[c + g_len1] + g[c - 1] + g[c + 1])
        + 0.19999999999999996 * g[c];
}
"""
else:
    sys.exit("unknown variant " + v)
s = s[:start] + k + s[end:]
open(p, "w").write(s)
