"""What the integer probes share (bench/gpu/s118rem.py, s118lrem.py, s118lsum.py,
s119abs.py, s119wide.py): Java's remainder and quotient and two's-complement wrapping,
computed here as the oracle, and the timing loop's inputs."""
import random

IMIN = -2**31
DRAWN = 1 << 22  # dividends drawn before the divisors, whatever a probe keeps of them


def java_rem(a, b):
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def java_div(a, b, bits=32):
    """Java's quotient `a / b` (`b != 0`) of `bits`-bit integers: truncated, `MIN / -1`
    wrapping to MIN."""
    q = abs(a) // abs(b)
    return wrap(q if (a < 0) == (b < 0) else -q, bits)


def wrap(v, bits=32):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def loop_inputs(table):
    """The timing loop's dividends (DRAWN of them) and its `table` divisors, from seed 118."""
    rng = random.Random(118)
    xs = [rng.randrange(IMIN, 2**31) for _ in range(DRAWN)]
    bs = [rng.choice([-1, 1]) * rng.randrange(1, 1 << rng.randrange(2, 31)) for _ in range(table)]
    return xs, bs
