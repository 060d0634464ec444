"""Session 118: which remainder of `s118lrem.py`'s summing loop goes wrong on NVIDIA?

On the H100 every `long` remainder of that probe's loop is right when stored, but the sums
of 64 of them differ from Java in 7 of 4096 work-items (294, 1203, ...), for `int`s
widened and for genuine `long`s alike, while the `int` remainder's sums are right. This
probe runs the summing loop over all 64 remainders, once as there and once with the step's
multiply unsigned, as the back end emits `int` arithmetic (`somd_imul`); then with its
bounds as arguments over each prefix `[0, k)`: the first prefix that differs names the
remainder, and the difference of the prefixes gives the device's value for it, printed
with Java's.
Usage: python3 bench/gpu/s118lsum.py [DEVICE-NAME-PART]
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
from intprobe import java_rem, loop_inputs, wrap  # noqa: E402

W, K, TABLE = 4096, 64, 1024


def loop_kernel(name, bounds, step, extra=""):
    """The summing loop as kernel `name`, over `bounds` (`k0; k < k1`), stepping the
    dividend by `step`."""
    return f"""
__kernel void {name}(__global const int *xs, __global const int *bs, __global long *out{extra}) {{
    const int e = get_global_id(0);
    long acc = 0;
    for (int k = {bounds}; k++) {{
        const int x = as_int((uint)xs[e] + {step});
        const int b = bs[(e + k) & {TABLE - 1}];
        acc = as_long((ulong)acc + (ulong)(b == -1 ? 0L : (long)x % (long)b));
    }}
    out[e] = acc;
}}"""


SOURCE = "\n".join([
    loop_kernel("fixed", f"0; k < {K}", "(uint)(k * 77777)"),
    loop_kernel("fixed_u", f"0; k < {K}", "(uint)k * 77777u"),
    loop_kernel("span", "k0; k < k1", "(uint)(k * 77777)", ",\n                   const int k0, const int k1"),
]) + "\n"


def main():
    dev = clrun.Device(sys.argv[1] if len(sys.argv) > 1 else "")
    print(f"device {dev.platform_name} / {dev.name}")
    ks = dev.kernels(SOURCE, ["fixed", "fixed_u", "span"], "-cl-std=CL1.2")
    if os.environ.get("OUT"):
        tag = "".join(ch for ch in dev.platform_name if ch.isalnum())[:12]
        with open(os.path.join(os.environ["OUT"], f"s118lsum-{tag}.bin"), "wb") as fh:
            fh.write(dev.last_binary)
    xs, bs = loop_inputs(TABLE)
    xs = xs[:W]
    xbuf, bbuf, obuf = dev.buffer(4 * W), dev.buffer(4 * TABLE), dev.buffer(8 * W)
    dev.write(xbuf, (ctypes.c_int32 * W)(*xs))
    dev.write(bbuf, (ctypes.c_int32 * TABLE)(*bs))

    def pair(e, k):
        return wrap(xs[e] + k * 77777, 32), bs[(e + k) & (TABLE - 1)]

    def java_prefix(e, k1):
        return wrap(sum(java_rem(*pair(e, k)) for k in range(k1)), 64)

    def run(kernel, extra):
        dev.launch(ks[kernel], [xbuf, bbuf, obuf] + extra, W, 256)
        return list((ctypes.c_int64 * W).from_buffer_copy(dev.read(obuf)))

    fixed = run("fixed", [])
    bad = [e for e in range(W) if fixed[e] != java_prefix(e, K)]
    print(f"fixed bounds: {len(bad)} of {W} sums differ {bad[:12]}")
    fixed_u = run("fixed_u", [])
    bad_u = [e for e in range(W) if fixed_u[e] != java_prefix(e, K)]
    print(f"unsigned multiply (the back end's form): {len(bad_u)} of {W} sums differ "
          f"{bad_u[:12]}")
    prefixes = [run("span", [ctypes.c_int32(0), ctypes.c_int32(k1)]) for k1 in range(K + 1)]
    whole = [e for e in range(W) if prefixes[K][e] != java_prefix(e, K)]
    print(f"bounds as arguments: {len(whole)} of {W} sums differ {whole[:12]}")
    for e in sorted(set(bad) | set(whole))[:12]:
        wrong = [k for k in range(K) if prefixes[k + 1][e] - prefixes[k][e]
                 != java_rem(*pair(e, k))]
        for k in wrong[:4]:
            x, b = pair(e, k)
            got = prefixes[k + 1][e] - prefixes[k][e]
            print(f"    work-item {e}, k={k}: x={x} b={b}: {got} (Java {java_rem(x, b)})")
        if not wrong:
            print(f"    work-item {e}: every prefix step agrees")


if __name__ == "__main__":
    main()
