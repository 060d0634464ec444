"""Session 118: the prelude (stdin) with `somd_irem_nz`'s body replaced by candidate
ARGV[1] (the forms `bench/gpu/s118rem.py` checks), on stdout, for bench/gpu/s118stage.sh."""
import re
import sys

BODIES = {
    "quotient": "    return b == -1 ? 0 : as_int((uint)a - (uint)(a / b) * (uint)b);",
    "mask": """    const uint m = 0u - ((uint)a >> 31);
    const uint ub = b < 0 ? 0u - (uint)b : (uint)b;
    const uint r = (((uint)a ^ m) - m) % ub;
    return as_int((r ^ m) - m);""",
    "volatile": """    volatile int t = a;
    const int c = t;
    return b == -1 ? 0 : c % b;""",
    "long": "    return (int)((long)a % (long)b);",
}
text = sys.stdin.read()
pattern = re.compile(r"(inline int somd_irem_nz\(int a, int b\)\n\{\n).*?(\n\})", re.S)
new, count = pattern.subn(lambda m: m.group(1) + BODIES[sys.argv[1]] + m.group(2), text)
assert count == 1, "somd_irem_nz not found"
sys.stdout.write(new)
