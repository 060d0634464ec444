# Session 100: the hand edit of the generated CP program (somdc build samples/cp.somd at
# eb87853b; argument: its src/main.rs, which embeds the kernel text) measured as `cpfast`
# in cp-fast-handedit.txt (bench/gpu/s99f.sh with VARIANTS="cp84 cpnow cpfast"): the
# atom loop copied under one test of its first and last group, the copy without checks.
import re,sys
src=open(sys.argv[1]).read()
old_loop_start="            } else {\n                for (; a < atoms_len0; a = somd_iadd(a, 4)) {\n"
n=src.count(old_loop_start); print("sites",n)
fast_body='''                    const float4 somd_v0 = vload4(0, atoms + a);
                    float dx = (somd_v0.s0 - x);
                    float dy = (somd_v0.s1 - y);
                    float dz = (somd_v0.s2 - z);
                    float r = SOMD_SQRTF((((dx * dx) + (dy * dy)) + (dz * dz)));
                    energy = (energy + (somd_v0.s3 / r));
'''
out=[];i=0
while True:
    j=src.find(old_loop_start,i)
    if j<0: out.append(src[i:]); break
    out.append(src[i:j])
    # find end of the for loop: the line "                }\n" after start
    k=src.find("\n                }\n", j+len(old_loop_start))
    loop=src[j+len("            } else {\n"):k+len("\n                }\n")]
    new=("            } else {\n"
         "                const bool somd_fast9 = a >= atoms_len0 || (a >= 0 && (long)a + ((long)atoms_len0 - 1L - (long)a) / 4L * 4L + 3L < (long)atoms_len0);\n"
         "                if (somd_fast9) {\n"
         "                for (; a < atoms_len0; a = somd_iadd(a, 4)) {\n" + fast_body + "                }\n"
         "                } else {\n" + loop + "                }\n")
    out.append(new); i=k+len("\n                }\n")
open(sys.argv[1],'w').write(''.join(out))
