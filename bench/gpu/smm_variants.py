# SparseMatMult kernel variants (session 102, bench/gpu/s102b.sh): arguments: a generated
# samples/sparsematmult.somd project's src/main.rs and the variant name; rewrites its
# kernel SparseMatMult_multiply. Variants that drop a check (`noat`, `nocheck`) measure
# what it costs and are not Java's semantics. Variants `loop-*` rewrite the accumulation
# loop's kernel SparseMatMult_main_loop1 instead.
import sys
p, v = sys.argv[1], sys.argv[2]
s = open(p).read()
if v.startswith("loop-"):
    start = s.index("__kernel void SparseMatMult_main_loop1(")
    end = s.index("#endif /* SOMD_HAS_FP64 */", start)
    k = s[start:end]
    body = "        (somd_ev0 = SOMD_INDEX(3, i, y_len0), y[somd_ev0] = (y[somd_ev0] + partial[SOMD_INDEX(4, i, partial_len0)]));\n"
    assert body in k
    if v == "loop-nocheck":
        k = k.replace(body, "        y[i] = y[i] + partial[i];\n")
    elif v == "loop-plain":
        b = k.index("{\n") + 2
        k = k[:b] + "    int i = get_global_id(0);\n    if (i < n) y[i] += partial[i];\n}\n"
    else:
        sys.exit("unknown variant " + v)
    open(p, "w").write(s[:start] + k + s[end:])
    sys.exit(0)
start = s.index("__kernel void SparseMatMult_multiply(")
end = s.index("#endif /* SOMD_HAS_FP64 */", start)
k = s[start:end]
loop = """    for (long somd_g = somd_f; somd_g < somd_end; somd_g++) {
        if (somd_runs < 0 && somd_g > somd_f && row[somd_g] != row[somd_g - 1]) break;
        SOMD_AT(somd_g);
        const int i = (int)somd_g;"""
fast = """                    somd_cell = SOMD_INDEX(1, somd_key, y_len0);
                    somd_acc = (somd_acc + (val[i] * x[SOMD_INDEX(0, col[i], x_len0)]));"""
assert loop in k and fast in k
def hoist(k):
    k = k.replace(loop, """    if (somd_f < somd_end) { SOMD_AT(somd_f); somd_cell = SOMD_INDEX(1, somd_key, y_len0); }
""" + loop)
    return k.replace(fast, """                    somd_acc = (somd_acc + (val[i] * x[SOMD_INDEX(0, col[i], x_len0)]));""")
if v == "base":
    pass
elif v == "noat":
    k = k.replace("        SOMD_AT(somd_g);\n", "")
elif v == "hoist":
    k = hoist(k)
elif v == "int":
    k = k.replace("for (long somd_g = somd_f;", "for (int somd_g = (int)somd_f;")
elif v == "nocheck":
    k = k.replace("x[SOMD_INDEX(0, col[i], x_len0)]));\n                }\n            } while (0);\n        } else {",
                  "x[col[i]]));\n                }\n            } while (0);\n        } else {", 1)
elif v == "runs":
    # The runs form alone: no test of `somd_runs` in the loop.
    k = k.replace("        if (somd_runs < 0 && somd_g > somd_f && row[somd_g] != row[somd_g - 1]) break;\n", "")
elif v == "hand":
    body_start = k.index("{\n") + 2
    k = k[:body_start] + """    int r = get_global_id(0);
    if (r >= somd_runs) {
        return;
    }
    int end = somd_heads[r + 1];
    double sum = 0.0;
    for (int k = somd_heads[r]; k < end; k++) {
        sum += val[k] * x[col[k]];
    }
    somd_partials[row[somd_heads[r]]] = sum;
}
"""
else:
    sys.exit("unknown variant " + v)
s = s[:start] + k + s[end:]
open(p, "w").write(s)
