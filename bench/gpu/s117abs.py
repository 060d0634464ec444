"""Session 117: which forms of Java's `Math.abs` does a device's OpenCL compiler keep exact?

Session 116 found `Math.abs(Integer.MIN_VALUE) % (x | 1)` giving 1 on an H100 where Java
gives -1 (`bench/gpu/s116abs.py` asks the same for `%` only). Java's absolute value of the
minimum is the minimum, a negative number; a compiler that takes `a < 0 ? 0 - a : a` for
a non-negative value gets every consumer that looks at the sign wrong. This kernel feeds
each form of `abs` (int and long) to five consumers -- `%` and `/` (with Java's `-1`
case), `< 0`, an arithmetic `>> 31`/`>> 63` and a widening or narrowing conversion -- on
values read from a buffer, and prints each form's results against Java's, computed here.
With $OUT set it also writes the device's program binary (PTX on NVIDIA) for the form the
back end emits now.
Usage: python3 bench/gpu/s117abs.py [DEVICE-NAME-PART]
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMIN, LMIN = -2**31, -2**63
INTS = [(IMIN, IMIN | 1), (IMIN, 7), (IMIN, -7), (5, -3), (-5, 3), (IMIN, -1), (IMIN + 5, -4),
        (0, 9), (2**31 - 1, -2)]
LONGS = [(LMIN, LMIN | 1), (LMIN, 7), (LMIN, -7), (5, -3), (-5, 3), (LMIN, -1), (LMIN + 5, -4),
         (0, 9), (2**63 - 1, -2)]
IFORMS = {
    "select (as now)": "((a < 0) ? somd_ineg(a) : a)",
    "minimum first": "((a == INT_MIN) ? a : ((a < 0) ? somd_ineg(a) : a))",
    "through long": "((int)((a < 0) ? -(long)a : (long)a))",
    "xor-sub": "as_int(((uint)a ^ (uint)(a >> 31)) - (uint)(a >> 31))",
    "sign multiply": "as_int((uint)a * (uint)((a >> 31) | 1))",
    "select builtin": "select(a, somd_ineg(a), (int)(a < 0))",
    "max of both": "max(a, somd_ineg(a))",
    "builtin abs": "as_int(abs(a))",
    "minimum or'd back": "(((a < 0) ? somd_ineg(a) : a) | (a & somd_ineg(a) & INT_MIN))",
}
LFORMS = {
    "select (as now)": "((a < 0L) ? somd_lneg(a) : a)",
    "minimum first": "((a == LONG_MIN) ? a : ((a < 0L) ? somd_lneg(a) : a))",
    "xor-sub": "as_long(((ulong)a ^ (ulong)(a >> 63)) - (ulong)(a >> 63))",
    "sign multiply": "as_long((ulong)a * (ulong)((a >> 63) | 1L))",
    "select builtin": "select(a, somd_lneg(a), (long)(a < 0L))",
    "max of both": "max(a, somd_lneg(a))",
    "builtin abs": "as_long(abs(a))",
    "minimum or'd back": "(((a < 0L) ? somd_lneg(a) : a) | (a & somd_lneg(a) & LONG_MIN))",
}
CONSUMERS = ["%", "/", "< 0", ">> all", "convert"]
SLOT = 16


def java_rem(a, b):
    if b == -1:
        return 0
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def java_div(a, b, bits):
    q = abs(a) // abs(b)
    q = q if (a < 0) == (b < 0) else -q
    return wrap(q, bits)


def wrap(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def java_abs(a, bits):
    return a if a == -2**(bits - 1) else abs(a)


def expected(a, b, bits):
    x = java_abs(a, bits)
    narrow = wrap(x, 32) if bits == 64 else x  # (int) of a long; (long) of an int
    return [java_rem(x, b), java_div(x, b, bits), int(x < 0), -1 if x < 0 else 0, narrow]


def consumers(decl, slot0, neg, top, convert):
    """The kernel's lines giving form `x` (declared by `decl`) to each of CONSUMERS, in
    the output's slots from `slot0` on."""
    base = f"{slot0} * {SLOT} + e"
    return [f"        {{ {decl}",
            f"          out[{base}] = b == -1 ? 0 : x % b;",
            f"          out[{base} + {SLOT}] = b == -1 ? {neg}(x) : x / b;",
            f"          out[{base} + {2 * SLOT}] = x < 0 ? 1 : 0;",
            f"          out[{base} + {3 * SLOT}] = x >> {top};",
            f"          out[{base} + {4 * SLOT}] = {convert}; }}"]


def kernel_source(prelude):
    body = []
    for f, form in enumerate(IFORMS.values()):
        body.append(f"int ia{f}(int a) {{ return {form}; }}")
    for f, form in enumerate(LFORMS.values()):
        body.append(f"long la{f}(long a) {{ return {form}; }}")
    k = ["__kernel void k(__global const long *in, __global long *out) {",
         "    const int e = get_global_id(0);"]
    nc = len(CONSUMERS)
    k.append(f"    if (e < {len(INTS)}) {{ int a = (int)in[2 * e]; int b = (int)in[2 * e + 1];")
    for f in range(len(IFORMS)):
        k += consumers(f"int x = ia{f}(a);", f * nc, "somd_ineg", 31, "convert_long(x)")
    k.append("    }")
    k.append(f"    if (e < {len(LONGS)}) {{ long a = in[2 * ({len(INTS)} + e)];"
             f" long b = in[2 * ({len(INTS)} + e) + 1];")
    for f in range(len(LFORMS)):
        k += consumers(f"long x = la{f}(a);", (len(IFORMS) + f) * nc, "somd_lneg", 63,
                       "(long)(int)x")
    k.append("    }")
    k.append("}")
    return ("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + prelude + "\n"
            + "\n".join(body) + "\n" + "\n".join(k) + "\n")


def main():
    dev = clrun.Device(sys.argv[1] if len(sys.argv) > 1 else "")
    print(f"device {dev.platform_name} / {dev.name}")
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    kern = dev.kernels(kernel_source(prelude), ["k"], "-cl-std=CL1.2")["k"]
    data = [v for pair in INTS + LONGS for v in pair]
    inp = dev.buffer(8 * len(data))
    dev.write(inp, (ctypes.c_int64 * len(data))(*data))
    forms = [("int", n, 32, INTS) for n in IFORMS] + [("long", n, 64, LONGS) for n in LFORMS]
    slots = len(forms) * len(CONSUMERS) * SLOT
    out = dev.buffer(8 * slots)
    dev.write(out, (ctypes.c_int64 * slots)())
    dev.launch(kern, [inp, out], SLOT, SLOT)
    got = (ctypes.c_int64 * slots).from_buffer_copy(dev.read(out))
    for f, (ty, name, bits, pairs) in enumerate(forms):
        bad = []
        for c, consumer in enumerate(CONSUMERS):
            base = (f * len(CONSUMERS) + c) * SLOT
            res = [got[base + e] for e in range(len(pairs))]
            want = [expected(a, b, bits)[c] for a, b in pairs]
            if res != want:
                bad.append(f"{consumer}: {res} (Java {want})")
        print(f"{ty} {name}: {'ok' if not bad else 'DIFFERS'}")
        for line in bad:
            print(f"    {line}")
    if os.environ.get("OUT"):
        tag = "".join(ch for ch in dev.platform_name if ch.isalnum())[:12]
        with open(os.path.join(os.environ["OUT"], f"s117abs-{tag}.bin"), "wb") as fh:
            fh.write(dev.last_binary)


if __name__ == "__main__":
    main()
