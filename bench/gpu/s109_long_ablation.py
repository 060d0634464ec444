"""Stop checks of `long` loops on the GPU (hundred-and-ninth session): s105long's three
kernels as `somdc` wrote them before the hundred-and-fifth session (`old_*`, ad316ba8: no
check in a `long` loop) and at the session (`new_*`), from `bench/gpu/s109/`, and variants
of the new ones differing in one respect each, timed on the same inputs in one process
(`clrun.py`), with the runtime's prelude (`runtime/cl/`) as the runtime builds them:

- `far` (70,000 to 70,060 steps of `s = s * 31 + k` per work-item, one work-item per 64th
  element): `far_nocheck` the new kernel with its long copy's check removed (the copy's
  structure alone), `far_blocks` the long copy in blocks of 1024 iterations, a check
  between blocks (the CPU's form), `far_pre` the new kernel with `somd_spin0` tested before
  the increment (`(somd_spin0++ & 1023u)`);
- `quad` (a `long` loop of 250 to 256 steps holding one of four): `quad_own` the nest's
  check on a counter of the loop's own rather than the context's `spin`, `quad_nocheck`
  without it;
- `near` (64 to 70 steps, the short copy: no check runs);
- `blk_*`: the kernels `somdc` writes since the session, the long copy in blocks of 1024
  iterations (`blocked_text` in the OpenCL writer).

Prints each kernel's median time over 10 launches and whether its output equals the old
kernel's bit for bit; writes the PTX of the new kernels to $OUT/s109-ptx.txt when OUT is
set. Usage: python3 bench/gpu/s109_long_ablation.py [N]   (default 1,000,000)
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def kernel(name):
    return open(os.path.join(HERE, "s109", f"{name}.cl")).read()


def variant(base, name, old, new):
    text = kernel(base)
    assert old in text, (name, old)
    return text.replace(old, new).replace(f"__kernel void {base}(", f"__kernel void {name}(")


CHECK = "                    if ((++somd_spin0 & 1023u) == 0u && SOMD_STOP()) break;\n"
LONG_LOOP = """                for (; k < m; k = somd_ladd(k, 1L)) {
""" + CHECK + """                    s = somd_ladd(somd_lmul(s, 31L), k);
                }"""
BLOCKS = """                while (k < m) {
                    const long somd_end = m - k > 1024L ? k + 1024L : m;
                    for (; k < somd_end; k = somd_ladd(k, 1L)) {
                        s = somd_ladd(somd_lmul(s, 31L), k);
                    }
                    if (k < m && SOMD_STOP()) break;
                }"""
NEST = "                if (SOMD_NEST_STOP()) break;\n"


def variants():
    return {
        "far_nocheck": variant("new_far", "far_nocheck", CHECK, ""),
        "far_blocks": variant("new_far", "far_blocks", LONG_LOOP, BLOCKS),
        "far_pre": variant("new_far", "far_pre", "(++somd_spin0 & 1023u) == 0u",
                           "(somd_spin0++ & 1023u) == 1023u"),
        "quad_own": variant("new_quad", "quad_own", NEST,
                            "                if ((++somd_own & 1023u) == 0u && SOMD_STOP()) break;\n")
        .replace("            long x = 0L;\n", "            long x = 0L;\n            uint somd_own = 0u;\n"),
        "quad_nocheck": variant("new_quad", "quad_nocheck", NEST, ""),
    }


def prelude():
    root = os.path.join(HERE, "..", "..", "runtime", "cl")
    return "\n".join(open(os.path.join(root, f)).read()
                     for f in ["somd_java.cl", "somd_errors.cl", "somd_hist.cl"]) + "\n"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    dev = clrun.Device("")
    print(f"device {dev.name}, {dev.compute_units} units")
    extra = variants()
    groups = {
        "far": ["old_far", "new_far", "far_nocheck", "far_blocks", "far_pre", "blk_far"],
        "quad": ["old_quad", "new_quad", "quad_own", "quad_nocheck", "blk_quad"],
        "near": ["old_near", "new_near", "blk_near"],
    }
    source = prelude()
    for names in groups.values():
        for name in names:
            source += (extra[name] if name in extra else kernel(name)) + "\n"
    every = [name for names in groups.values() for name in names]
    kernels = dev.kernels(source, every, "-cl-std=CL1.2")
    if os.environ.get("OUT"):
        with open(os.path.join(os.environ["OUT"], "s109-ptx.txt"), "wb") as f:
            f.write(dev.last_binary)
    few = n // 64
    at_all = (ctypes.c_int32 * n)(*range(n))
    at_few = (ctypes.c_int32 * few)(*range(0, few * 64, 64))
    lim = (ctypes.c_int64 * n)(*[i % 7 for i in range(n)])
    b_all, b_few, b_lim = dev.buffer(n * 4), dev.buffer(few * 4), dev.buffer(n * 8)
    out = dev.buffer(n * 8)
    err = dev.buffer(4 * (4 + 8 * 1024))
    dev.write(b_all, at_all)
    dev.write(b_few, at_few)
    dev.write(b_lim, lim)
    dev.write(err, (ctypes.c_int32 * (4 + 8 * 1024))())
    dev.finish()
    for group, names in groups.items():
        count, at = (few, b_few) if group == "far" else (n, b_all)
        ref = None
        line = [f"{group} ({count} work-items):"]
        for name in names:
            args = [at, ctypes.c_int32(count), b_lim, ctypes.c_int32(n), out,
                    ctypes.c_int32(count), err, ctypes.c_uint32(1)]
            size = (count + 255) // 256 * 256
            times = [dev.launch(kernels[name], args, size, 256) for _ in range(11)][1:]
            got = dev.read(out)[:count * 8]
            ref = got if ref is None else ref
            line.append(f"{name} {clrun.median_ns(times) / 1e6:.3f} ms"
                        f" {'same' if got == ref else 'DIFFERS'};")
        print(" ".join(line), flush=True)


if __name__ == "__main__":
    main()
