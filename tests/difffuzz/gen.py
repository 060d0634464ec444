#!/usr/bin/env python3
"""Random SOMD programs for differential testing of the back ends (docs/fuzzing.md,
"Differential: the back ends against Java").

Each program has several SOMD methods over a `dist int[] a`, each computing one `long` per
element from random integer and floating-point expressions (Java's wrapping arithmetic,
shifts, casts, division, `Math`, conditionals, reads of a non-dist table at computed
indices). Every method's result depends only on the element's global index, so every
placement must print exactly what Java prints. With `--throwing`, one method may also index
out of bounds or divide by zero, and the first failure must be Java's. With `--effects`,
operands also assign a local `k` and elements of a private array `t` (`k++`, `(k += e)`,
`t[k++ & 7]`), whose order of evaluation Java fixes left to right.

With `--shapes`, methods also take other loop shapes: a `reduce(+)` sum, a search for the
first match (`reduce(min)`), a loop stepping down, and a 2-D nest over whole rows that
reads each cell's neighbours.

With `--views`, operands also call helpers that take a plane `c[..]` or a row `c[..][..]`
of a 3-D table, or a value object `new Cell(..)`, next to other arguments (with
`--effects`, arguments that assign what the view's indices read), and read the table
through array locals: a plane named before the loop, a plane and a row named in the
iteration.

With `--tables` (and `--shapes`), the shapes also include a histogram (a `long` table
filled at computed indices with `+=`, `reduce(Sums)`) and a `sync` body run three times by a
host loop, updating an output array each time.

With `--preludes` (and `--shapes`), half of the 2-D nests declare their row, `x`, `g` and
a random `h` before the inner loop (a prelude): a 2-D NDRange where `h` can neither fail
nor have an effect, a loop over rows where it may fail.

With `--pairs`, most methods take the All-Pairs shape (note `device-execution`, "Block
tiles for All-Pairs cells"): `T[][] m(dist(dim = 1) T[][] xs, T[][] ys, int n, int p)`
pairs row `i` of `xs` with every row `j` of `ys` (`T` is `int`, `long`, `float` or
`double`), each cell a loop `for (int k = 0; k < bound; k++)` over random expressions of
`x[k]`, `y[k]` (through row locals or as `xs[i][k]`), `k`, `j` and the global row `g`,
summed in a fixed order, with locals before the loop (`Math` calls among them) and uses of
the sums and of other elements after it. The bound is a row's length, an `int` parameter
or a constant; a third of the methods have what the blocks refuse (a start of 1, a step of
2, `<=`, a loop stepping down, a bound `ys[0].length` or `Math.min(..)`, a call, an array
write or a division that may fail in the body, a read before the loop). Each is called
twice, on sizes crossing the blocks' edges (rows and lengths 0 to 70), once with rows of
different lengths where the bound allows (or where the other row's reads are guarded by its
length, so the blocks' test fails). With `--throwing`, the risky method's bound may pass a
row's end, or it reads before the loop from an empty row, or reads after the loop at an
index from the sum, or divides by the sum's low bits. `main` prints a hash of each result
(the bits of `float` and `double` cells).

With `--narrow`, each plain method declares `byte`, `short`, `char`, `int` and `long`
locals and private `byte[4]`/`char[4]` tables, starts with compound assignments to them
(`+= ... >>>= /= %=` narrowing on the narrow ones, `+= -= *= /=` of a `float` or `double`
on the `int` and `long`, a saturating conversion) and adds them all to its result; and
expressions (with probability `NARROW_P`, default 0.25, from the environment) take edge
forms: the same assignments and increments as values, `MIN_VALUE / -1` and `% -1`, `%` by
negative divisors, shifts by `long`, negative and large counts, `Math.round`, narrowing
casts from `long`, `float` and `double`, `bitCount`, and the special `float`/`double`
values (NaN, infinities, -0.0, ties at .5, 2^52 + 1, 2^63) under `%`, `signum` and casts.

With `--mixed`, `long` expressions (with probability `MIXED_P`, default 0.3, from the
environment) take operands that Java widens implicitly: sums of `int` terms, products by
constants near the type's end and `char`/`short`/`byte` casts into a `long` (`r + nb + ni *
11`: the shape of an NVIDIA miscompile of the widening, `docs/fuzzing.md`), an `int`
operand on either side of a `long` operation, and shifts of a widened `int` sum.

With `--maps`, most methods become `static local` functions of one element, `long f(int
x, int g, int[[]] b, int p, int q)` (the plain method's body, `x` the element and `g` its
index), which `main` applies with `@` over a frozen copy of `a` and `Somd.range(n)` (or
over a first map, `Main @ mix(..)`, a chain; or over 17, 1 or 0 elements), broadcasting
`b`, and then prints the
mapped array's hash, reduces it with a built-in operator (`+ * & | ^ min max` on `long`:
exact in any order) or with a commutative method of the program (`Main.cK ! ..`), or
reduces a `double` function of the element (`dK`) with `max !` or `min !`, or maps it to
value objects (`Cell`) that a second `@` reads back and a method `!` of `Cell`s sums.
With `--throwing`, the risky function fails as the plain one does, or its
`@` maps arrays of different lengths. The Java twin (`gen.py SEED .. --java`) writes each
`@` and `!` as a loop in Java's order.

With `--tasks` (and `--maps`), four functions in ten run instead as the worker of a filter
task, `tK(Cell c)` calling a copy of `fK` with the item's fields (`uK`, reading `bt(e)`, a
function of `e` through a private array, where `fK` reads `b[e]`: no kernel takes a
table from its host), in
a graph `task Main.next => task Main.tK [=> task Main.post] => task Main.sink`: a source of
`Cell(x, g)` items over `a` or a shorter array (17, 1 or 0 elements), sometimes a second
isolated filter, and a sink hashing the results, printed after `finish()`. The Java twin
runs the graph as a loop over the source's items until `Underflow`.

With `--columns`, half the methods are `reduce(+)` sums over a matrix split into cells, rows
or columns whose loop runs over the columns first, with a loop over the rows in each column
(either up or down); the risky one fails in several cells (note `device-execution`,
"Columns first").

With `--steps`, half the methods are `reduce(+)` sums over `a` inside a step loop inside a
step loop; the risky one fails in several steps (note `device-execution`, "Steps inside a
step").

With `--helpers`, half the methods are `reduce(+)` sums over a matrix split into cells, rows
or columns that call helpers passed the partition, at the top level of their body or in a
step loop, each helper one or two loops over the partition's rows; the risky one fails in
several rows, loops and steps (note `device-execution`, "Helpers an MI calls").

With `--hostloops`, `main` also runs host loops over each array method's result (to `i <
hi` or `i <= hi - 1`, up or down, by 1, 2, 3 or 7), which
the compiler may outline into SOMD methods of their own (note `device-execution`, "Outlined
loops on the pool's threads"): reductions into `long` and `int` accumulators (`+=`, `-=`,
`^=`, `|=`, `&=`, `*=`, `Math.max`/`Math.min`, conditional extrema, counts up and down,
`+=` and `-=` under an `if`/`else`), argument extrema (`if (e > m) { m = e; mat = i; }`,
`>=`, `<`, `<=` either side, `long`, `int` or `double` `m`, sometimes a second payload),
`boolean` flags set or cleared under a condition,
loops writing an array at the index, stepping up or
down, over bounds
from 0, 1, -2 (reading `r[i + 2]`), up to `n / 2`, `(n >> 1) + 1` and from `n / 4 * 3`,
calling static helpers (one with a loop of its own) and declaring a local, and loops
both storing and reducing (stores then a reduction of what they stored, or a reduction
of the result's elements then stores into it), storing two arrays or reducing into two
accumulators; a loop may leave some iterations first with `continue`, and have its index
declared before it (in a block of its own), with or without its start (`int i = lo; for
(; ..)`); with
`--throwing`, a loop may divide by a value that can be zero.

With `--loops`, most methods run one to three counted loops per element (`int` or `long`
index; from a constant, the element, near the type's end or below zero; up or down by a
constant; to a bound a few steps away, 2^16 steps or more for a few elements, or within a
step of the type's end; `for`, `while` stepped by the body's last statement, `do`/`while`;
bodies with `continue`, `break` at a block's edge and short loops of their own), the shapes
of the loops' stop checks and blocks (note `device-execution`, "Loops that cannot fail, run
long", "Long copies in blocks on the device", "Signed steps"); with `--throwing`, the risky
one reads one past `b`'s end in some elements.

Usage: gen.py SEED [--methods N] [--throwing] [--effects] [--shapes] [--views] [--tables]
    [--preludes] [--pairs] [--narrow] [--mixed] [--maps [--tasks]] [--hostloops] [--loops]
    [--java] > Prog.somd
"""
import os
import random
import re
import sys

NARROW_P = float(os.environ.get("NARROW_P", "0.25"))
MIXED_P = float(os.environ.get("MIXED_P", "0.3"))

INT_CONSTS = [0, 1, -1, 2, 3, 7, 31, 32, 33, 63, 64, 255, 65535, 1000003,
              2147483647, -2147483648, -2147483647, 46341, 123456789]
LONG_CONSTS = ["0L", "1L", "-1L", "63L", "64L", "4294967296L", "9223372036854775807L",
               "-9223372036854775808L", "1234567890123L"]
DOUBLE_CONSTS = ["0.0", "0.5", "-0.5", "1.0", "3.0", "1e10", "-1e300", "1e-300",
                 "2147483648.0", "-2147483649.0", "9.3e18", "0.1"]
FLOAT_CONSTS = ["0.0f", "0.5f", "-1.5f", "3.0f", "1e10f", "0.1f", "16777217.0f"]

# `--maps`: the built-in `!` operators on `long` (each exact in any order of combination)
# with the Java twin's fold: its name, identity and step.
REDUCERS = {"+": ("plus", "0L", "s + r[i]"), "*": ("times", "1L", "s * r[i]"),
            "&": ("and", "-1L", "s & r[i]"), "|": ("or", "0L", "s | r[i]"),
            "^": ("xor", "0L", "s ^ r[i]"), "min": ("min", "Long.MAX_VALUE", "Math.min(s, r[i])"),
            "max": ("max", "Long.MIN_VALUE", "Math.max(s, r[i])")}

# `--maps`: the functions every program applies (a chain's first map, value objects of the
# results and their sum), as SOMD and as the Java twin's loops.
MAP_HELPERS = """    static local int mix(int x, int g) {
        return x ^ g * 40503;
    }

    static local Cell cell(long r) {
        return new Cell((int) r, (int) (r >>> 32));
    }

    static local long uncell(Cell c, int w) {
        return (long) c.hi * w + c.lo;
    }

    static local Cell cadd(Cell u, Cell v) {
        return new Cell(u.lo + v.lo, u.hi ^ v.hi);
    }

    static void printv(String name, long[[]] r) {
        long h = 17;
        for (int i = 0; i < r.length; i++) {
            h = h * 1000003 + r[i];
        }
        System.out.println(name + " " + h + " " + r[0] + " " + r[r.length - 1]);
    }
"""

MAP_HELPERS_JAVA = """    static int mix(int x, int g) {
        return x ^ g * 40503;
    }

    static int[] mixed(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = mix(a[i], i);
        }
        return r;
    }

    static Cell cell(long r) {
        return new Cell((int) r, (int) (r >>> 32));
    }

    static Cell[] cells(long[] r) {
        Cell[] c = new Cell[r.length];
        for (int i = 0; i < r.length; i++) {
            c[i] = cell(r[i]);
        }
        return c;
    }

    static long[] uncells(Cell[] c, int w) {
        long[] r = new long[c.length];
        for (int i = 0; i < c.length; i++) {
            r[i] = (long) c[i].hi * w + c[i].lo;
        }
        return r;
    }

    static Cell fold_cadd(Cell[] c) {
        if (c.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        Cell s = c[0];
        for (int i = 1; i < c.length; i++) {
            s = new Cell(s.lo + c[i].lo, s.hi ^ c[i].hi);
        }
        return s;
    }

    static void printv(String name, long[] r) {
        print(name, r);
    }
""" + "".join("""
    static %s %sred_%s(%s[] r) {
        %s s = %s;
        for (int i = 0; i < r.length; i++) {
            s = %s;
        }
        return s;
    }
""" % (ty, ty[0] if ty == "double" else "", name, ty, ty, start, step)
    for ty, (name, start, step) in
    [("long", v) for _, v in sorted(REDUCERS.items())]
    + [("double", ("max", "Double.NEGATIVE_INFINITY", "Math.max(s, r[i])")),
       ("double", ("min", "Double.POSITIVE_INFINITY", "Math.min(s, r[i])"))])


# `--tasks`: the graphs' source (`Cell(x, g)` items over `src`) and sink (a hash of the
# results and their count), and a second filter, as SOMD and as the Java twin.
TASK_HELPERS = """    static int[] src;
    static int at;
    static long h;
    static int count;

    static Cell next() {
        if (at == src.length) {
            throw new Underflow();
        }
        Cell c = new Cell(src[at], at);
        at++;
        return c;
    }

    static local long post(long v) {
        return v ^ (v >>> 7) * 31;
    }

    static local int bt(int i) {
        int[] r = new int[4];
        r[i >> 8] = i * 40503;
        return r[i >> 8] ^ (i >>> 2);
    }

    static void sink(long v) {
        h = h * 1000003 + v;
        count++;
    }
"""

TASK_HELPERS_JAVA = TASK_HELPERS.replace("static local ", "static ")


def table_reads(line):
    """`line` with each read `b[e]` of the table written `bt(e)` (`--tasks`)."""
    while True:
        m = re.search(r"(?<![A-Za-z0-9_])b\[", line)
        if not m:
            return line
        depth, i = 0, m.end() - 1
        while True:
            depth += {"[": 1, "]": -1}.get(line[i], 0)
            if depth == 0:
                break
            i += 1
        line = line[:m.start()] + "bt(" + line[m.end():i] + ")" + line[i + 1:]


def map_java(k):
    """The Java twin's `@` of `fK` (and of `dK`) over `x` and `Somd.range(glen)`, and its
    method `!`."""
    at = "".join("""    static %s[] at%s%d(int[] x, int glen, int[] b, int p, int q) {
        if (glen != x.length) {
            throw new IllegalArgumentException("mapped arguments of @ have different lengths: " + x.length + " and " + glen);
        }
        %s[] r = new %s[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = %s%d(x[i], i, b, p, q);
        }
        return r;
    }

""" % (ty, tag, k, ty, ty, fn, k) for ty, tag, fn in [("long", "", "f"), ("double", "d", "d")])
    return at + """    static long fold_c%d(long[] r) {
        if (r.length == 0) {
            throw new IllegalArgumentException("reduction of an empty array with a method");
        }
        long s = r[0];
        for (int i = 1; i < r.length; i++) {
            s = c%d(s, r[i]);
        }
        return s;
    }
""" % (k, k)


# The All-Pairs methods' inputs and checksums (`--pairs`): `Tmat(rows, cols, seed, small)`
# fills a matrix from a linear congruential generator (small: elements in -1..2, so sums
# are often 0; otherwise the whole range, with 0, the extremes, `-0.0`, infinities and
# rarely NaN among them), `Tcheck` prints the rows and a hash of the cells' values (bits).
PAIRS_HELPERS = """    static long next(long s) {
        return s * 6364136223846793005L + 1442695040888963407L;
    }

    static int[][] imat(int rows, int cols, long s, boolean small) {
        int[][] m = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                s = next(s);
                int v = (int) (s >>> 32);
                int t = (int) (s >>> 58);
                if (small) {
                    v = (int) (s >>> 62) - 1;
                } else if (t == 0) {
                    v = 0;
                } else if (t == 1) {
                    v = Integer.MIN_VALUE;
                } else if (t == 2) {
                    v = Integer.MAX_VALUE;
                } else if (t < 16) {
                    v = v >> 20;
                }
                m[i][k] = v;
            }
        }
        return m;
    }

    static long[][] lmat(int rows, int cols, long s, boolean small) {
        long[][] m = new long[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                s = next(s);
                long v = s ^ (s >>> 29);
                int t = (int) (s >>> 58);
                if (small) {
                    v = (s >>> 62) - 1;
                } else if (t == 0) {
                    v = 0;
                } else if (t == 1) {
                    v = Long.MIN_VALUE;
                } else if (t == 2) {
                    v = Long.MAX_VALUE;
                } else if (t < 24) {
                    v = v >> 35;
                }
                m[i][k] = v;
            }
        }
        return m;
    }

    static double value(long s, boolean small) {
        int t = (int) (s >>> 58);
        if (small) {
            return (double) ((s >>> 62) - 1);
        }
        if (t == 0) {
            return (s & 1) == 0 ? 0.0 : -0.0;
        }
        if (t == 1) {
            return (s & 1) == 0 ? 1e300 : -3e38;
        }
        if (t == 2 && (s & 1023) == 0) {
            return (s & 1024) == 0 ? Double.NaN : Double.POSITIVE_INFINITY;
        }
        if (t < 32) {
            return (double) (s >> 52) * 0.25;
        }
        return (double) (s >> 20) / 1048576.0;
    }

    static float[][] fmat(int rows, int cols, long s, boolean small) {
        float[][] m = new float[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                s = next(s);
                m[i][k] = (float) value(s, small);
            }
        }
        return m;
    }

    static double[][] dmat(int rows, int cols, long s, boolean small) {
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                s = next(s);
                m[i][k] = value(s, small);
            }
        }
        return m;
    }

    static void icheck(String name, int[][] m) {
        long h = 17;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                h = h * 1000003 + m[i][j];
            }
        }
        System.out.println(name + " " + m.length + " " + h);
    }

    static void lcheck(String name, long[][] m) {
        long h = 17;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                h = h * 1000003 + m[i][j];
            }
        }
        System.out.println(name + " " + m.length + " " + h);
    }

    static void fcheck(String name, float[][] m) {
        long h = 17;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                h = h * 1000003 + Float.floatToIntBits(m[i][j]);
            }
        }
        System.out.println(name + " " + m.length + " " + h);
    }

    static void dcheck(String name, double[][] m) {
        long h = 17;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                h = h * 1000003 + Double.doubleToLongBits(m[i][j]);
            }
        }
        System.out.println(name + " " + m.length + " " + h);
    }
"""


class Gen:
    def __init__(self, rng, throwing, effects, views, tables, preludes):
        self.rng = rng
        self.tables = tables
        self.preludes = preludes
        self.throwing = throwing
        self.effects = effects
        self.views = views
        # Inside `method` with `--views`: the array locals `ps` (a plane, before the loop),
        # `pv` (a plane) and `rv` (a row) may be read.
        self.locals = False
        # Whether `pexpr` may call library `Math` functions (`--pairs`).
        self.calls = False
        # `--narrow`: byte/short/char locals with compound assignments, edge casts and
        # divisions; `self.nlocals` while inside `method` (the locals exist).
        self.narrow = False
        self.nlocals = False
        # `--mixed`: `long` expressions with implicitly widened narrower operands.
        self.mixed = False
        # `--java` (with `--maps`): write the Java twin's form of `@`, `!` and value arrays.
        self.java = False
        # `--maps`: each function's body lines, for a task worker's copy (`task_call`).
        self.map_bodies = {}
        # `--nested` (with `--helpers`): the methods may call a helper calling the helpers.
        self.nested = False
        # `--rowcalls` (with `--helpers`): the methods may call helpers in a row loop's body.
        self.rowcalls = False
        # `--rowbodies` (with `--helpers`): as `--rowcalls`, the row loop's body also holding
        # loops over the row, an `if` or a block around its statements, or inside a step loop.
        self.rowbodies = False
        # `--wraps` (with `--rowcalls` or `--rowbodies`): the row's calls may go through a
        # helper calling the row's helper twice.
        self.wraps = False

    def pick(self, xs):
        return self.rng.choice(xs)

    def int_leaf(self):
        if self.effects and self.rng.random() < 0.25:
            return self.effect()
        if self.views and self.rng.random() < 0.08:
            return self.view_call()
        if self.locals and self.rng.random() < 0.08:
            return self.pick(["ps[(%s) & 3][(%s) & 3]", "pv[(%s) & 3][(%s) & 3]",
                              "(rv[(%s) & 3] + 0 * %s)"]) % (self.int_leaf(), self.int_leaf())
        if self.nlocals and self.rng.random() < 0.3:
            return self.narrow_leaf()
        r = self.rng.random()
        if self.effects and r < 0.15:
            return self.pick(["k", "t[k & 7]", "t[%s]" % self.pick(["0", "3", "7"])])
        if r < 0.30:
            return "x"
        if r < 0.45:
            return "g"
        if r < 0.55:
            return self.pick(["p", "q"])
        if r < 0.70:
            return "b[%s]" % self.safe_index()
        return str(self.pick(INT_CONSTS))

    def effect(self):
        """An assignment used as a value: the local `k` or an element of the private `t`."""
        r = self.rng.random()
        if r < 0.25:
            return self.pick(["k++", "k--", "++k", "--k"])
        if r < 0.45:
            return "(k = %s)" % self.int_expr(1)
        if r < 0.6:
            return "(k %s= %s)" % (self.pick(["+", "-", "*", "^", "|"]), self.int_expr(1))
        if r < 0.8:
            return "t[k++ & 7]"
        if r < 0.9:
            return "(t[k & 7] += %s)" % self.int_expr(1)
        return "(t[(k = %s) & 7] = k)" % self.int_expr(1)

    def view_call(self):
        """A helper call taking a plane or row of the 3-D table `c` (2 x 4 x 4) or a value
        object, then another argument."""
        r = self.rng.random()
        leaf = self.int_leaf
        if r < 0.35:
            return "pl(c[(%s) & 1], %s)" % (leaf(), leaf())
        if r < 0.7:
            return "rw(c[(%s) & 1][(%s) & 3], %s)" % (leaf(), leaf(), leaf())
        return "ce(new Cell(%s, %s), %s)" % (leaf(), leaf(), leaf())

    def safe_index(self):
        return "(%s) & 1023" % self.int_expr(1)

    def narrow_leaf(self):
        r = self.rng.random()
        if r < 0.45:
            return self.pick(["nb", "ns", "nc", "ni", "tb[%s & 3]" % self.pick(["0", "x", "g"]),
                              "tc[%s & 3]" % self.pick(["1", "x", "g"]), "((int) nl)"])
        if r < 0.65:
            return self.pick(["nb++", "nb--", "++nb", "--nb", "nc++", "nc--", "++nc", "--nc",
                              "ns++", "--ns", "tb[g & 3]++", "--tc[x & 3]"])
        if r < 0.9:
            v = self.pick(["nb", "ns", "nc", "tb[x & 3]", "tc[g & 3]"])
            op = self.pick(["+", "-", "*", "&", "|", "^", "<<", ">>", ">>>", "/", "%"])
            e = self.int_expr(0)
            if op in "/%":
                e = "(%s | 1)" % e
            return "(%s %s= %s)" % (v, op, e)
        if r < 0.95:
            return "(ni %s= %s)" % (self.pick(["+", "-", "*", "/"]),
                                    self.pick([self.double_expr(1), self.float_expr(1)]))
        return "((int) (nl %s= %s))" % (self.pick(["+", "-", "*"]),
                                        self.pick([self.double_expr(1), self.float_expr(1)]))

    def narrow_int(self, d):
        r = self.rng.random()
        e = lambda: self.int_expr(d)
        if r < 0.15:
            return self._fill(self.pick([
                "(@ / -1)", "(@ %% -1)", "(@ / (@ | -1))", "(@ %% (@ | -2147483648))",
                "(-2147483648 / (@ | 1))", "(Integer.MIN_VALUE %% (@ | 1))",
                "(@ %% (@ | 1))", "((- @) %% 7)"]), e)
        if r < 0.3:
            return "(%s %s %s)" % (e(), self.pick(["<<", ">>", ">>>"]), self.long_expr(d))
        if r < 0.4:
            return "Math.round(%s)" % self.float_expr(d)
        if r < 0.5:
            return "((int) Math.round(%s))" % self.double_expr(d)
        if r < 0.65:
            cast = self.pick(["(byte)", "(short)", "(char)"])
            src = self.pick([self.double_expr(d), self.float_expr(d), self.long_expr(d)])
            return "((int) %s %s)" % (cast, src)
        if r < 0.72:
            return self.pick(["Integer.bitCount(%s)" % e(), "Long.bitCount(%s)" % self.long_expr(d)])
        if r < 0.8:
            return "((int) %s)" % self.pick([self.float_expr(d), self.double_expr(d)])
        if self.nlocals:
            return self.narrow_leaf()
        return "((int) %s)" % self.double_expr(d)

    def _fill(self, pat, e):
        out = ""
        for ch in pat.replace("%%", "%"):
            out += e() if ch == "@" else ch
        return out

    def narrow_long(self, d):
        r = self.rng.random()
        e = lambda: self.long_expr(d)
        if r < 0.2:
            return self._fill(self.pick(["(@ / -1L)", "(@ %% -1L)", "(-9223372036854775808L / (@ | -1L))",
                                         "(Long.MIN_VALUE %% (@ | 1L))", "(@ %% (@ | Long.MIN_VALUE))",
                                         "((- @) %% 10L)"]), e)
        if r < 0.4:
            return "(%s %s %s)" % (e(), self.pick(["<<", ">>", ">>>"]),
                                   self.pick([e(), "(- %s)" % self.int_expr(d), str(self.pick([64, 65, -1, -63, 127, 2147483647, -2147483648]))]))
        if r < 0.55:
            return "Math.round(%s)" % self.double_expr(d)
        if r < 0.7:
            return "((long) %s)" % self.float_expr(d)
        if r < 0.8:
            return "Math.%s(%s, %s)" % (self.pick(["min", "max"]), e(), e()) if self.rng.random() < 0.5 else "Math.abs(%s)" % e()
        return "((long) %s)" % self.narrow_leaf() if self.nlocals else "((long) %s)" % self.int_expr(d)

    def narrow_double(self, d):
        r = self.rng.random()
        if r < 0.5:
            return self.pick(["Double.NaN", "Double.POSITIVE_INFINITY", "Double.NEGATIVE_INFINITY",
                              "(0.0 / 0.0)", "-0.0", "Double.MAX_VALUE", "Double.MIN_VALUE",
                              "0.49999999999999994", "2.5", "-2.5", "-0.5", "4503599627370497.0",
                              "9.223372036854775807E18", "-9.223372036854775808E18", "-2147483648.5",
                              "2147483647.5", "65535.9", "-129.5"])
        if r < 0.65:
            return "Math.signum(%s)" % self.double_expr(d)
        if r < 0.8:
            return "((double) Math.round(%s))" % self.double_expr(d)
        return "(%s %% %s)" % (self.double_expr(d), self.pick(["-3.0", "(-0.0)", "Double.NaN", "Double.POSITIVE_INFINITY", self.double_expr(d)]))

    def narrow_float(self, d):
        r = self.rng.random()
        if r < 0.5:
            return self.pick(["(0.0f / 0.0f)", "(1.0f / 0.0f)", "(-1.0f / 0.0f)", "Float.MAX_VALUE",
                              "Float.MIN_VALUE", "-0.0f", "0.5f", "-2.5f", "2.14748365E9f",
                              "9.223372E18f", "8388609.0f", "-0.49999997f", "0.49999997f"])
        if r < 0.65:
            return "Math.signum(%s)" % self.float_expr(d)
        if r < 0.8:
            return "((float) %s)" % self.long_expr(d)
        return "(%s %% %s)" % (self.float_expr(d), self.pick(["-3.0f", "(-0.0f)", self.float_expr(d)]))

    def int_expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.2:
            return self.int_leaf()
        d = depth - 1
        if self.narrow and self.rng.random() < NARROW_P:
            return self.narrow_int(d)
        r = self.rng.random()
        if r < 0.35:
            op = self.pick(["+", "-", "*", "&", "|", "^"])
            return "(%s %s %s)" % (self.int_expr(d), op, self.int_expr(d))
        if r < 0.45:
            op = self.pick(["<<", ">>", ">>>"])
            return "(%s %s %s)" % (self.int_expr(d), op, self.int_expr(d))
        if r < 0.55:
            op = self.pick(["/", "%"])
            divisor = self.int_expr(d)
            if not self.throwing or self.rng.random() < 0.7:
                divisor = "(%s | 1)" % divisor
            return "(%s %s %s)" % (self.int_expr(d), op, divisor)
        if r < 0.62:
            return "(%s ? %s : %s)" % (self.cond(d), self.int_expr(d), self.int_expr(d))
        if r < 0.70:
            fn = self.pick(["Math.min", "Math.max"])
            return "%s(%s, %s)" % (fn, self.int_expr(d), self.int_expr(d))
        if r < 0.74:
            return "Math.abs(%s)" % self.int_expr(d)
        if r < 0.80:
            cast = self.pick(["(byte)", "(short)", "(char)"])
            return "((int) %s %s)" % (cast, self.int_expr(d))
        if r < 0.86:
            return "((int) %s)" % self.long_expr(d)
        if r < 0.91:
            return "((int) %s)" % self.double_expr(d)
        if r < 0.94:
            return "((int) %s)" % self.float_expr(d)
        if r < 0.97:
            return "(- %s)" % self.int_expr(d)
        return "(~%s)" % self.int_expr(d)

    def long_expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.25:
            r = self.rng.random()
            if r < 0.5:
                return "((long) %s)" % self.int_leaf()
            return self.pick(LONG_CONSTS)
        d = depth - 1
        if self.narrow and self.rng.random() < NARROW_P:
            return self.narrow_long(d)
        if self.mixed and self.rng.random() < MIXED_P:
            return self.mixed_long(d)
        r = self.rng.random()
        if r < 0.4:
            op = self.pick(["+", "-", "*", "&", "|", "^"])
            return "(%s %s %s)" % (self.long_expr(d), op, self.long_expr(d))
        if r < 0.55:
            op = self.pick(["<<", ">>", ">>>"])
            return "(%s %s %s)" % (self.long_expr(d), op, self.int_expr(d))
        if r < 0.65:
            op = self.pick(["/", "%"])
            return "(%s %s (%s | 1L))" % (self.long_expr(d), op, self.long_expr(d))
        if r < 0.75:
            return "((long) %s)" % self.double_expr(d)
        if r < 0.85:
            return "Math.max(%s, %s)" % (self.long_expr(d), self.long_expr(d))
        return "((long) %s * %s)" % (self.int_expr(d), self.int_expr(d))

    def mixed_long(self, d):
        """`--mixed`: a `long` operation with `int`, `char`, `short` or `byte` operands that
        Java widens implicitly: sums of `int` products (which wrap in `int` first) into a
        `long`, the `int` operand on either side, narrow casts as terms."""
        r = self.rng.random()
        if r < 0.5:
            s = self.long_expr(d)
            for _ in range(self.rng.randint(2, 6)):
                term = self.int_expr(d)
                t = self.rng.random()
                if t < 0.4:
                    term = "%s * %s" % (term, self.pick(["3", "7", "11", "13", "31", "-5", "65536",
                                                         "46341", "2147483647"]))
                elif t < 0.6:
                    term = "(%s) %s" % (self.pick(["char", "short", "byte"]), term)
                s = "(%s %s %s)" % (s, self.pick(["+", "+", "-", "^", "|", "*"]), term)
            return s
        if r < 0.8:
            op = self.pick(["+", "-", "*", "&", "|", "^"])
            return "(%s %s %s)" % (self.int_expr(d), op, self.long_expr(d))
        if r < 0.9:
            op = self.pick(["<<", ">>", ">>>"])
            return "((long) (%s + %s) %s %s)" % (self.int_expr(d), self.int_expr(d), op,
                                                 self.int_expr(d))
        return "(%s + (%s) %s * %s)" % (self.long_expr(d), self.pick(["char", "short", "byte"]),
                                        self.int_expr(d), self.int_expr(d))

    def double_expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.25:
            r = self.rng.random()
            if r < 0.5:
                return "((double) %s)" % self.int_leaf()
            return self.pick(DOUBLE_CONSTS)
        d = depth - 1
        if self.narrow and self.rng.random() < NARROW_P:
            return self.narrow_double(d)
        r = self.rng.random()
        if r < 0.5:
            op = self.pick(["+", "-", "*", "/"])
            return "(%s %s %s)" % (self.double_expr(d), op, self.double_expr(d))
        if r < 0.6:
            fn = self.pick(["Math.floor", "Math.ceil", "Math.sqrt", "Math.abs", "Math.rint"])
            return "%s(%s)" % (fn, self.double_expr(d))
        if r < 0.7:
            fn = self.pick(["Math.min", "Math.max"])
            return "%s(%s, %s)" % (fn, self.double_expr(d), self.double_expr(d))
        if r < 0.8:
            return "((double) %s)" % self.long_expr(d)
        if r < 0.9:
            return "((double) %s)" % self.float_expr(d)
        return "(%s %% %s)" % (self.double_expr(d), self.double_expr(d))

    def float_expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.3:
            r = self.rng.random()
            if r < 0.5:
                return "((float) %s)" % self.int_leaf()
            return self.pick(FLOAT_CONSTS)
        d = depth - 1
        if self.narrow and self.rng.random() < NARROW_P:
            return self.narrow_float(d)
        r = self.rng.random()
        if r < 0.6:
            op = self.pick(["+", "-", "*", "/"])
            return "(%s %s %s)" % (self.float_expr(d), op, self.float_expr(d))
        if r < 0.75:
            fn = self.pick(["Math.abs", "Math.min", "Math.max"])
            if fn == "Math.abs":
                return "Math.abs(%s)" % self.float_expr(d)
            return "%s(%s, %s)" % (fn, self.float_expr(d), self.float_expr(d))
        return "((float) %s)" % self.double_expr(d)

    def cond(self, depth):
        r = self.rng.random()
        op = self.pick(["<", "<=", ">", ">=", "==", "!="])
        if r < 0.6:
            return "%s %s %s" % (self.int_expr(depth), op, self.int_expr(depth))
        if r < 0.8:
            return "%s %s %s" % (self.double_expr(depth), op, self.double_expr(depth))
        return "%s %s %s" % (self.long_expr(depth), op, self.long_expr(depth))

    def result(self):
        r = self.rng.random()
        if r < 0.4:
            return "(long) (%s)" % self.int_expr(4)
        if r < 0.65:
            return self.long_expr(4)
        if r < 0.9:
            return "Double.doubleToLongBits(%s)" % self.double_expr(4)
        return "(long) Float.floatToIntBits(%s)" % self.float_expr(4)

    def without_effects(self, make, *args):
        """`make(*args)` with expressions taking no effects: the row reductions and the
        shapes declare no `k` or `t` for effects to write."""
        effects, self.effects = self.effects, False
        try:
            return make(*args)
        finally:
            self.effects = effects

    def method(self, k, risky):
        body = []
        body.append("            int x = a[i];")
        body.append("            int g = Somd.offset(a) + i;")
        setup = ""
        if self.views:
            # A plane named before the loop, a plane and a row named in the iteration.
            setup = "        int[][] ps = c[p & 1];\n"
            body.append("            int[][] pv = c[x & 1];")
            body.append("            int[] rv = c[g & 1][x & 3];")
            self.locals = True
        if self.effects:
            body.append("            int k = x ^ g;")
            body.append("            int[] t = new int[8];")
        if self.narrow:
            body.append("            byte nb = (byte) x;")
            body.append("            short ns = (short) (x >> 8);")
            body.append("            char nc = (char) (x ^ g);")
            body.append("            int ni = x;")
            body.append("            long nl = (long) x * 3;")
            body.append("            byte[] tb = new byte[4];")
            body.append("            char[] tc = new char[4];")
            self.nlocals = True
            for _ in range(self.rng.randint(1, 4)):
                v = self.pick(["nb", "ns", "nc", "tb[%s & 3]" % self.int_leaf(), "tc[%s & 3]" % self.int_leaf(), "ni", "nl"])
                if v in ("ni", "nl"):
                    op = self.pick(["+", "-", "*", "/"])
                    val = self.pick([self.double_expr(2), self.float_expr(2)])
                else:
                    op = self.pick(["+", "-", "*", "&", "|", "^", "<<", ">>", ">>>", "/", "%"])
                    val = self.int_expr(2)
                    if op in "/%":
                        val = "(%s | 1)" % val
                body.append("            %s %s= %s;" % (v, op, val))
        if risky:
            idx = self.int_expr(2)
            body.append("            long r = b[%s] + (long) (x / (%s));" % (idx, self.int_expr(1)))
        else:
            body.append("            long r = %s;" % self.result())
        if self.rng.random() < 0.5:
            body.append("            if (%s) {" % self.cond(2))
            body.append("                r = r * 31 + (%s);" % self.result())
            body.append("            } else {")
            body.append("                r ^= %s;" % self.long_expr(2))
            body.append("            }")
        if self.effects:
            body.append("            r = r * 31 + k + t[0] + t[1] * 3 + t[5] * 7 + t[7] * 11;")
        if self.narrow:
            body.append("            r = r * 31 + nb + ns * 3 + nc * 7 + ni * 11 + nl * 13 + tb[0] + tb[1] * 17 + tb[2] * 19 + tb[3] * 23 + tc[0] + tc[1] * 29 + tc[2] * 37 + tc[3] * 41;")
            self.nlocals = False
        body.append("            out[i] = r;")
        self.locals = False
        return (
            "    static long[] m%d(dist int[] a, int[] b, int p, int q) {\n"
            "        long[] out = new long[a.length];\n%s"
            "        for (int i = 0; i < a.length; i++) {\n%s\n"
            "        }\n"
            "        return out;\n"
            "    }\n" % (k, setup, "\n".join(body))
        )


    def mapfn(self, k, risky):
        """`--maps`: the plain method's body as a `static local` function of one element."""
        lines = self.method(k, risky).split("\n")
        head = lines.index("        for (int i = 0; i < a.length; i++) {")
        end = lines.index("        }", head)
        skip = ("int x = a[i];", "int g = Somd.offset(a) + i;")
        body = [l[4:].replace("out[i] = r;", "return r;") for l in lines[head + 1:end]
                if l.strip() not in skip]
        b = "int[]" if self.java else "int[[]]"
        local = "" if self.java else "local "
        self.map_bodies[k] = body
        return ("    static %slong f%d(int x, int g, %s b, int p, int q) {\n%s\n    }\n"
                % (local, k, b, "\n".join(body)))

    def map_call(self, k, risky, p, q):
        """The lines of `main` that apply `fK` with `@` and use its result (`--maps`)."""
        rng, java = self.rng, self.java
        chain = rng.random() < 0.25
        longer = risky and rng.random() < 0.3
        r = rng.random()
        # The mapped array: mostly `a`'s 4,099 elements, else 17 or 1 of them; or none,
        # where a built-in `!` reduces the result (to the operator's identity), or where
        # a method `!` may throw (`IllegalArgumentException` for an empty array).
        sizes = ["n", "n", "n", "17", "1"]
        if 0.3 <= r < 0.55 or (risky and r >= 0.55):
            sizes.append("0")
        size = self.pick(sizes)
        glen = size + " + 1" if longer else size

        def applied(fn):
            """The `@` of `fn` + `k` (`f` or `d`), as SOMD or as the twin's loop."""
            if java:
                arr = {"n": "a", "17": "a17", "1": "a1", "0": "a0"}[size]
                src = "mixed(%s)" % arr if chain else arr
                return "at%s%d(%s, %s, b, %d, %d)" % ("" if fn == "f" else fn, k, src, glen, p, q)
            arr = {"n": "va", "17": "v17", "1": "v1", "0": "v0"}[size]
            src = "Main @ mix(%s, Somd.range(%s))" % (arr, size) if chain else arr
            return "Main @ %s%d(%s, Somd.range(%s), vb, %d, %d)" % (fn, k, src, glen, p, q)
        mapped = applied("f")
        if r < 0.3:
            return ["        printv(\"m%d\", %s);" % (k, mapped)]
        if r < 0.55:
            op = self.pick(sorted(REDUCERS))
            if java:
                text = "red_%s(%s)" % (REDUCERS[op][0], mapped)
            else:
                text = "%s ! (%s)" % (op, mapped)
            return ["        System.out.println(\"m%d \" + (%s));" % (k, text)]
        if r < 0.7:
            if java:
                text = "fold_c%d(%s)" % (k, mapped)
            else:
                text = "Main.c%d ! (%s)" % (k, mapped)
            return ["        System.out.println(\"m%d \" + (%s));" % (k, text)]
        if r < 0.85:
            op = self.pick(["max", "min"])
            text = ("dred_%s(%s)" if java else "%s ! (%s)") % (op, applied("d"))
            return ["        System.out.println(\"m%d \" + (%s));" % (k, text)]
        # Value objects: each element's result split over a `Cell`, read back by a second
        # `@`, and summed by a method `!`.
        w = self.pick(INT_CONSTS)
        if java:
            return ["        Cell[] c%d = cells(%s);" % (k, mapped),
                    "        printv(\"m%d\", uncells(c%d, %d));" % (k, k, w),
                    "        Cell t%d = fold_cadd(c%d);" % (k, k),
                    "        System.out.println(\"m%d \" + t%d.lo + \" \" + t%d.hi);" % (k, k, k)]
        return ["        Cell[[]] c%d = Main @ cell(%s);" % (k, mapped),
                "        printv(\"m%d\", Main @ uncell(c%d, %d));" % (k, k, w),
                "        Cell t%d = Main.cadd ! c%d;" % (k, k),
                "        System.out.println(\"m%d \" + t%d.lo + \" \" + t%d.hi);" % (k, k, k)]

    def task_call(self, k, p, q):
        """`--tasks`: `fK` as the worker of a filter task, `tK(Cell c)` calling a copy of it
        (`uK`, reading `bt(e)` where `fK` reads `b[e]`) with the item's fields, between a
        source of `Cell(x, g)` items over `a` or a shorter array and a sink folding the
        results (sometimes through a second filter, `post`): the workers' text and the
        lines of `main`."""
        java = self.java
        size = self.pick(["n", "n", "17", "1", "0"])
        arr = {"n": "a", "17": "a17", "1": "a1", "0": "a0"}[size]
        post = self.rng.random() < 0.5
        local = "" if java else "local "
        # A kernel takes no `Somd.range` nor a table from its host: the worker's copy of
        # `fK` reads `bt(e)` where `fK` reads `b[e]` (`TASK_HELPERS`).
        body = "\n".join(table_reads(line) for line in self.map_bodies[k])
        worker = ("    static %slong u%d(int x, int g, int p, int q) {\n%s\n    }\n\n"
                  "    static %slong t%d(Cell c) {\n        return u%d(c.lo, c.hi, %d, %d);\n    }\n"
                  % (local, k, body, local, k, k, p, q))
        lines = ["        src = %s;" % arr, "        at = 0;", "        h = 17;",
                 "        count = 0;"]
        if java:
            value = "post(t%d(next()))" % k if post else "t%d(next())" % k
            lines += ["        try {", "            while (true) {",
                      "                sink(%s);" % value, "            }",
                      "        } catch (Underflow end) {", "        }"]
        else:
            chain = "task Main.next => task Main.t%d%s => task Main.sink" % (
                k, " => task Main.post" if post else "")
            lines += ["        Task g%d = %s;" % (k, chain), "        g%d.finish();" % k]
        lines.append("        System.out.println(\"t%d \" + count + \" \" + h);" % k)
        return worker, lines

    def combiner(self, k):
        """A commutative, associative `long` method for `Main.cK ! ..`, and a `double`
        function `dK` of the element for `max !` and `min !` (`--maps`)."""
        body = self.pick(["u + v", "u ^ v", "u * v", "u & v", "u | v", "Math.max(u, v)",
                          "Math.min(u, v)", "u + v + 1", "u ^ v ^ 6148914691236517205L"])
        local = "" if self.java else "local "
        text = "    static %slong c%d(long u, long v) {\n        return %s;\n    }\n" % (local, k, body)
        # A `double` of the element for `max !` and `min !` (Java's `Math.max`: NaN wins,
        # 0.0 above -0.0), without the method's locals.
        effects, self.effects = self.effects, False
        e = self.double_expr(4)
        self.effects = effects
        b = "int[]" if self.java else "int[[]]"
        return text + ("\n    static %sdouble d%d(int x, int g, %s b, int p, int q) {\n"
                       "        return %s;\n    }\n" % (local, k, b, e))

    def loops(self, k, risky):
        """A method whose elements each run one to three counted loops of random shape
        (`--loops`: note `device-execution`, "Loops that cannot fail, run long", "Long
        copies in blocks on the device", "Signed steps"): an `int` or `long` index from a
        constant, the element or near its type's end, stepping up or down by 1, 2, 3 or 7
        (down by 1, 2 or 3) to a bound a few steps away, or 2^16 steps or more for a few
        elements (the blocks' threshold), or within a step of the type's end without
        wrapping; tested with `<`, `<=`, `>`, `>=`, reversed, or with a second conjunct;
        as `for`, `while` stepped by the body's last statement, or `do`/`while`; bodies
        folding the index into `h`, reading `b` at it, leaving iterations with `continue`,
        leaving at a block's edge with `break` (start plus 1023, 1024 or 1025 steps), or
        running a short loop of their own. With `risky`, the first loop reads one past `b`'s
        end in the elements whose low byte is 0, once its index's low ten bits are all set."""
        rng = self.rng
        body = ["            int x = a[i];",
                "            int g = Somd.offset(a) + i;",
                "            long h = x ^ %dL;" % rng.randint(-1000, 1000)]
        for n in range(rng.randint(1, 3)):
            body.extend(self.counted_loop("j%d" % n, risky and n == 0))
        body.append("            out[i] = h * 31 + g;")
        return (
            "    static long[] m%d(dist int[] a, int[] b, int p, int q) {\n"
            "        long[] out = new long[a.length];\n"
            "        for (int i = 0; i < a.length; i++) {\n%s\n"
            "        }\n"
            "        return out;\n"
            "    }\n" % (k, "\n".join(body))
        )

    def counted_loop(self, j, risky):
        """The statements of one loop of `loops` over the index `j`."""
        rng = self.rng
        wide = rng.random() < 0.3
        ty, top, bottom, suffix = (("long", "Long.MAX_VALUE", "Long.MIN_VALUE", "L") if wide
                                   else ("int", "Integer.MAX_VALUE", "Integer.MIN_VALUE", ""))
        up = rng.random() < 0.6
        step = rng.choice([1, 1, 1, 2, 3, 7] if up else [1, 1, 2, 3])
        op = rng.choice(["<", "<="] if up else [">", ">="])
        # A few elements run 2^16 steps or more (the blocks' threshold), the others a few.
        far = rng.choice([65535, 65536, 65537, 66559, 70000, 140000])
        few = rng.choice([0, 1, 15, 40, 1023, 1024, 1025])
        length = "((x & 63) == 0 ? %d : %d + (x & 15))" % (far * step, few)
        form = rng.choice(["plain", "plain", "element", "end", "negative"])
        if form == "end" and up:
            # Up to within a step of the type's end, never past it; from a few steps
            # before the bound, so that a `do` loop's first step cannot wrap either.
            start = "%s - %s - (x & 255) - %d" % (top, length, 2 * step + 4)
            edge = step - 1 if op == "<" else step
            bound = "%s - %d - (x & 3)" % (top, edge)
        elif form == "end":
            start = "%s + %s + (x & 255) + %d" % (bottom, length, 2 * step + 4)
            edge = step - 1 if op == ">" else step
            bound = "%s + %d + (x & 3)" % (bottom, edge)
        elif form == "negative" and wide:
            start = "-(long) (x & 65535) - 3" if up else "(long) (x & 1023) + 5"
            bound = ("(x & 1023) + %s" % length) if up else "-(long) %s" % length
        else:
            base = "(x & 7)" if form == "element" else str(rng.choice([0, 1, -5]))
            start = base if up else "%s + %s" % (base, length)
            bound = "%s + %s" % (base, length) if up else base
        lines = ["            %s %s0 = %s;" % (ty, j, start)]
        if rng.random() < 0.3:
            lines.append("            %s %sn = %s;" % (ty, j, bound))
            bound = j + "n"
        sign = "+" if up else "-"
        test = "%s %s %s" % (j, op, bound)
        if rng.random() < 0.2:
            flipped = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
            test = "%s %s %s" % (bound, flipped, j)
        elif rng.random() < 0.15:
            test = "%s && h != %d" % (test, rng.randint(0, 99))
        form = rng.choice(["for", "for", "for", "while", "do"])
        stmts = []
        index = "(int) (%s & 1023)" % j if wide else "%s & 1023" % j
        if risky:
            stmts.append("h += b[(%s) + ((x & 255) == 0 ? 1 : 0)];" % index)
        for _ in range(rng.randint(1, 3)):
            choice = rng.random()
            if choice < 0.3:
                stmts.append("h = h * 31 + %s;" % j)
            elif choice < 0.45:
                stmts.append("h ^= (long) %s * 40503;" % j)
            elif choice < 0.6:
                stmts.append("h += b[%s];" % index)
            elif choice < 0.72 and form == "for":
                stmts.append("if ((%s & 15) == %d) continue;" % (j, rng.randint(0, 15)))
            elif choice < 0.86:
                edge = rng.choice([1023, 1024, 1025, 2047, 2048, 65536])
                stmts.append("if (%s == %s0 %s %d%s) break;" % (j, j, sign, edge * step, suffix))
            else:
                stmts.append("for (int z = 0; z < 4; z++) h = h * 7 + (%s ^ z);" % j)
        update = "%s %s= %d" % (j, sign, step) if step != 1 else j + ("++" if up else "--")
        if form == "for":
            lines.append("            for (%s %s = %s0; %s; %s) {" % (ty, j, j, test, update))
            lines.extend("                " + t for t in stmts)
            lines.append("            }")
        else:
            stmts = [t for t in stmts if not t.startswith("if ((")]
            lines.append("            %s %s = %s0;" % (ty, j, j))
            lines.append("            %s {" % ("while (%s)" % test if form == "while" else "do"))
            lines.extend("                " + t for t in stmts)
            lines.append("                %s;" % update)
            lines.append("            }%s" % (" while (%s);" % test if form == "do" else ""))
        return lines

    def rowred(self, k, risky):
        """A method whose rows each reduce an inner loop into locals of the row (`--rowreds`:
        note `device-execution`, "Reductions across the lanes"): sums, products, counts,
        `Math.max`, conditional minima, `^` folds, an argument extremum (its column and a
        value: `>`, `>=`, `<` or `<=`) and a conditional maximum of `double`s (`-0.0` and
        `0.0` among its values) of the row's cells, combined after the loop; with `risky`
        the inner loop or the statement after it may fail."""
        rng = self.rng
        lo, hi = rng.choice([("0", "m[i].length"), ("0", "m[i].length"), ("(g & 7)", "m[i].length"),
                             ("0", "m[i].length - (g & 3)"), ("1", "row.length")])
        # `--rowtiles`: mostly whole rows from column 0, and a recurrence of `s` (no lanes
        # form: the iterations must run in order) that row tiles take (`rowtiles.rs`).
        tiles = getattr(self, "rowtiles", False)
        if tiles and rng.random() < 0.7:
            lo, hi = rng.choice([("0", "m[i].length"), ("0", "row.length")])
        start = rng.choice(["g", "p", "0L", "-7L", "(long) q * 3"])
        # The count: `c` names the cube parameter under `--views`.
        c = "cn" if self.views else "c"
        updates = []
        # `s` sums, or (one method in four) multiplies: one operator per accumulator.
        product = rng.random() < 0.25
        for _ in range(rng.randint(1, 4)):
            r = rng.random()
            if r < 0.45 and product:
                updates.append("s *= %s | 1;" % self.int_expr(1))
            elif r < 0.3:
                updates.append("s += %s;" % self.long_expr(2))
            elif r < 0.45:
                updates.append("s -= %s;" % self.int_expr(2))
            elif r < 0.6:
                updates.append("if (%s) %s++;" % (self.cond(1), c))
            elif r < 0.7:
                updates.append("mx = Math.max(mx, %s);" % self.int_expr(2))
            elif r < 0.85:
                e = self.int_expr(1)
                updates.append("if (%s < mn) mn = %s;" % (e, e))
            else:
                updates.append("h ^= %s;" % self.int_expr(2))
        if rng.random() < 0.5:
            # An argument extremum: its column and a value of the cell move with it.
            e = self.int_expr(1)
            rel = rng.choice([">", ">=", "<", "<="])
            updates.append("if (%s %s ax) { ax = %s; w = j; wv = %s; }"
                           % (e, rel, e, self.int_expr(1)))
        if rng.random() < 0.3:
            # A conditional maximum of `double`s: Java keeps the first of `-0.0` and `0.0`.
            updates.append("double d = (%s) * 0.5 * ((x & 1) == 0 ? -1.0 : 1.0); if (d > fm) fm = d;"
                           % self.int_expr(1))
        if tiles and rng.random() < 0.8:
            updates.append("s = s * 3 + (%s);" % self.int_expr(2))
        rng.shuffle(updates)
        if risky:
            updates.insert(rng.randrange(len(updates) + 1),
                           rng.choice(["s += b[(%s) & 2047];" % self.int_expr(1),
                                       "s += x / (%s);" % self.int_expr(1)]))
        after = ("out[i] = s * 31 + mx + mn * 7L + %s * 11L + h + ax * 5L + w * 13L + wv * 17L"
                 " + (long) (fm * 4) + (1 / fm > 0 ? 19 : 23);" % c)
        if risky and rng.random() < 0.5:
            # The divisor reads the row's reductions (`x` is the inner loop's).
            after = "out[i] = (s * 31 + mx + mn * 7L + %s * 11L + h) / (%s);" % (c, rng.choice(
                ["(g % 3)", "(int) (s & 7)", "(%s - 1)" % c, "(h & 15)", "(mx ^ mn)"]))
        return (
            "    static long[] m%d(dist(dim = 1) int[][] m, int[] b, int p, int q) {\n"
            "        long[] out = new long[m.length];\n"
            "        for (int i = 0; i < m.length; i++) {\n"
            "            int[] row = m[i];\n"
            "            int g = (Somd.offset(m) + i) * 31;\n"
            "            long s = %s;\n"
            "            int mx = Integer.MIN_VALUE;\n"
            "            int mn = Integer.MAX_VALUE;\n"
            "            int %s = 0;\n"
            "            int h = 0;\n"
            "            int ax = %s;\n"
            "            int w = -1;\n"
            "            int wv = 0;\n"
            "            double fm = Double.NEGATIVE_INFINITY;\n"
            "            for (int j = %s; j < %s; j++) {\n"
            "                int x = m[i][j];\n"
            "                %s\n"
            "            }\n"
            "            %s\n"
            "        }\n"
            "        return out;\n"
            "    }\n" % (k, start, c, rng.choice(["Integer.MIN_VALUE", "Integer.MAX_VALUE", "g", "0"]),
                     lo, hi, "\n                ".join(updates), after), "rowred")

    def failing_terms(self):
        """The terms `--columns` and `--steps` may add to a risky method's sum `s`: a read of
        `b` (1024 long) at an index up to 2047, a division by an expression (`x` the
        element)."""
        return ["s += b[(%s) & 2047];" % self.int_expr(1), "s += x / (%s);" % self.int_expr(1)]

    def columns(self, k, risky):
        """`--columns`: a `reduce(+)` sum over a matrix split into cells (`dist`), rows (`dim
        = 1`) or columns (`dim = 2`) whose loop runs over the columns first, up or down, to
        `m[0].length` or a local set to it, with a loop over the rows in each column, up or
        down (note `device-execution`, "Columns first"), and after the rows sometimes a
        statement per column. With `risky`, the body also reads `b` (1024 long) at an index
        up to 2047 or divides by an expression, or the statement after the rows divides by
        zero at one column, so that MIs fail in several places and Java's first, column by
        column, must be raised. Each term depends on the cell's global place only, and a
        term per column is multiplied by the MI's rows, so the sum is the same for any MIs."""
        rng = self.rng
        strategy = rng.choice(["dist", "dist(dim = 1)", "dist(dim = 2)"])
        local = rng.random() < 0.5
        bound = "cols" if local else "m[0].length"
        if rng.random() < 0.5:
            jloop = "for (int j = 0; j < %s; j++)" % bound
        else:
            jloop = "for (int j = %s - 1; j >= 0; j--)" % bound
        if rng.random() < 0.5:
            iloop = "for (int i = 0; i < m.length; i++)"
        else:
            iloop = "for (int i = m.length - 1; i >= 0; i--)"
        body = ["int x = m[i][j];",
                "int g = (Somd.offset(m, 1) + i) * 53 + Somd.offset(m, 2) + j;",
                "s += %s;" % self.long_expr(2)]
        after = []
        if risky and rng.random() < 0.3:
            after.append("s += 1000 / (Somd.offset(m, 2) + j - %d) * m.length;"
                         % rng.randrange(53))
        elif risky:
            body.insert(rng.randrange(2, len(body) + 1), rng.choice(self.failing_terms()))
        if rng.random() < 0.4:
            after.insert(rng.randrange(len(after) + 1),
                         "s += (long) (Somd.offset(m, 2) + j) * m.length * %d;"
                         % rng.choice(INT_CONSTS))
        return (
            "    static reduce(+) long m%d(%s int[][] m, int[] b, int p, int q) {\n"
            "        long s = 0;\n%s"
            "        %s {\n"
            "            %s {\n"
            "                %s\n"
            "            }\n%s"
            "        }\n"
            "        return s;\n"
            "    }\n" % (k, strategy, "        int cols = m[0].length;\n" if local else "",
                         jloop, iloop, "\n                ".join(body),
                         "".join("            %s\n" % a for a in after)), "colsum")

    def steps(self, k, risky):
        """`--steps`: a `reduce(+)` sum over `a` inside a step loop inside a step loop (each
        to a constant or a bound from `p` or `q`, the same in every MI), the loop over the
        partition up or down, each element's term reading the steps, and sometimes a term
        per inner step after the loop (multiplied by the MI's length, so the same for any
        MIs). With `risky`, the element's term also reads `b` (1024 long) at an index up to
        2047 or divides by an expression, or reads past `b` at one element per inner step,
        an earlier one for a later step, so that MIs fail in several steps and Java's first,
        step by step, must be raised (note `device-execution`, "Steps inside a step")."""
        rng = self.rng
        bound = lambda: rng.choice(["2", "3", "(p & 3) + 1", "(q & 1) + 2"])
        if rng.random() < 0.5:
            loop = "for (int i = 0; i < a.length; i++)"
        else:
            loop = "for (int i = a.length - 1; i >= 0; i--)"
        body = ["int x = a[i] ^ (r * %d + t);" % rng.choice([1, 7, 31, 1024]),
                "int g = Somd.offset(a) + i;",
                "s += %s;" % self.long_expr(2)]
        if risky:
            # Also one element per inner step past `b`'s end, at an earlier place in the
            # data for a later step (`g == K - r * D`): a later step's failure comes first
            # in partition order.
            far = rng.randrange(2500, 4099)
            body.insert(rng.randrange(2, len(body) + 1), rng.choice(self.failing_terms() + [
                "s += b[g == %d - r * %d ? 1024 + r : x & 1023];"
                % (far, rng.randrange(far - 1500, far))]))
        after = ""
        if rng.random() < 0.4:
            after = "                s += (long) (r * 3 + t) * a.length;\n"
        return (
            "    static reduce(+) long m%d(dist int[] a, int[] b, int p, int q) {\n"
            "        long s = 0;\n"
            "        for (int t = 0; t < %s; t++) {\n"
            "            for (int r = 0; r < %s; r++) {\n"
            "                %s {\n"
            "                    %s\n"
            "                }\n%s"
            "            }\n"
            "        }\n"
            "        return s;\n"
            "    }\n" % (k, bound(), bound(), loop, "\n                    ".join(body), after),
            "sum")

    def helpers(self, k, risky):
        """`--helpers`: a `reduce(+)` sum over a matrix split into cells (`dist`), rows (`dim =
        1`) or columns (`dim = 2`) whose body, or the body of a step loop in it, adds calls
        of helpers passed the partition (`hK(m, b, p, q, t)`, sometimes two in one
        statement), each helper a loop over the partition's rows, up or down, with a loop
        over each row's cells, and sometimes a second such loop (note `device-execution`, "Helpers an
        MI calls"); with `--nested`, sometimes of a helper `gK` calling those in two
        statements, now and then with a loop of its own between them ("Helpers a helper
        calls"). With `risky`, the helpers' loops mostly read past `b` at one cell per
        step (`g == K - t * D`), the second loop at an earlier cell than the first, and
        otherwise read `b` (1024 long) at an index up to 2047 or divide by an expression, so
        that MIs fail in several rows, loops, calls and steps and Java's first must be
        raised. Each term depends on the cell's
        global place, `t`, `p` and `q` only, so the sum is the same for any MIs."""
        rng = self.rng
        views, self.views = self.views, False
        strategy = rng.choice(["dist", "dist(dim = 1)", "dist(dim = 2)"])

        def loop(planted):
            body = ["int x = m[i][j] ^ (t * %d);" % rng.choice([1, 7, 31, 1024]),
                    "int g = (Somd.offset(m, 1) + i) * 53 + Somd.offset(m, 2) + j;",
                    "s += %s;" % self.long_expr(2)]
            if risky and rng.random() < 0.8:
                # Mostly the one planted cell per step (other failures would be dense
                # enough that every MI fails at its first cell).
                term = "s += b[g == %d - t * %d ? 1024 + t : x & 1023];" % (
                    planted, rng.randrange(1, 300))
                if rng.random() < 0.2:
                    term = rng.choice(self.failing_terms())
                body.insert(rng.randrange(2, len(body) + 1), term)
            rows = rng.choice(["for (int i = 0; i < m.length; i++)",
                               "for (int i = m.length - 1; i >= 0; i--)"])
            return ("        %s {\n"
                    "            for (int j = 0; j < m[i].length; j++) {\n"
                    "                %s\n"
                    "            }\n"
                    "        }\n" % (rows, "\n                ".join(body)))

        if (self.rowcalls or self.rowbodies) and rng.random() < 0.4:
            self.views = views
            return self.row_helpers(k, risky, strategy)
        helpers = []
        for h in range(rng.choice([1, 1, 2])):
            # A cell of the second loop fails earlier in the data than one of the first,
            # often in another MI's partition.
            first = rng.randrange(900, 1961)
            loops = loop(first)
            if rng.random() < 0.5:
                loops += loop(rng.randrange(300, 900))
            helpers.append(
                "    static long h%d_%d(int[][] m, int[] b, int p, int q, int t) {\n"
                "        long s = 0;\n%s"
                "        return s;\n"
                "    }\n" % (k, h, loops))
        call = lambda t: "h%d_%d(m, b, p, q, %s)" % (k, rng.randrange(len(helpers)), t)
        if self.nested and rng.random() < 0.4:
            # `--nested`: a helper calling the helpers (armed a level deeper): one or two statements of
            # calls, each call's planted cell earlier in the data than the one before, and
            # sometimes a loop of its own between them.
            stmts = ["s += %s;" % call("t")]
            if rng.random() < 0.5:
                stmts.append("s -= %s * %d;" % (call("t + %d" % rng.randrange(1, 3)),
                                               rng.choice([1, 3])))
            else:
                stmts.append("s += %s - %s;" % (call("t + 1"), call("t + 2")))
            inner = ["        %s\n" % st for st in stmts]
            if rng.random() < 0.3:
                inner.insert(1, loop(rng.randrange(300, 1961)))
            helpers.append(
                "    static long g%d(int[][] m, int[] b, int p, int q, int t) {\n"
                "        long s = 0;\n%s"
                "        return s;\n"
                "    }\n" % (k, "".join(inner)))
            call = lambda t: "g%d(m, b, p, q, %s)" % (k, t)
        if rng.random() < 0.5:
            work = "s += %s;" % call("t")
        else:
            work = "s += %s %s %s * %d;" % (call("t"), rng.choice(["+", "-"]), call("t + 1"),
                                            rng.choice([1, 3, -7]))
        if rng.random() < 0.5:
            body = ("        for (int t = 0; t < %s; t++) {\n"
                    "            %s\n"
                    "        }\n" % (rng.choice(["2", "3", "(p & 3) + 1"]), work))
        else:
            body = "        int t = %d;\n        %s\n" % (rng.randrange(4), work)
        self.views = views
        return ("\n".join(helpers) + "\n"
                "    static reduce(+) long m%d(%s int[][] m, int[] b, int p, int q) {\n"
                "        long s = 0;\n%s"
                "        return s;\n"
                "    }\n" % (k, strategy, body), "colsum")

    def row_helpers(self, k, risky, strategy):
        """`--rowcalls` (with `--helpers`): a `reduce(+)` sum over a matrix whose loop over the
        partition's rows calls, in each row, a helper passed the row (`rK(m[i], b, p, q, gi,
        gj, t)`, `gi` and `gj` the row's and its first column's global places, the latter
        written `Somd.offset(m, 2) + j` with `j` 0 for the Java twin's rewriting) in one or two
        statements, each helper one or two loops over the row's cells (note
        `device-execution`, "Calls in a row loop's body"). With `risky`, the loops mostly
        read past `b` at one planted cell per call (`g == K - t * D`, the later call's and
        the second loop's earlier in the row), so that MIs sharing a row fail in several
        calls and loops and Java's first must be raised."""
        rng = self.rng
        views, self.views = self.views, False

        def loop(planted):
            body = ["int x = r[j] ^ (t * %d);" % rng.choice([1, 7, 31, 1024]),
                    "int g = gi * 53 + gj + j;",
                    "s += %s;" % self.long_expr(2)]
            if risky and rng.random() < 0.8:
                term = "s += b[g == %d - t * %d ? 1024 + t : x & 1023];" % (
                    planted, rng.randrange(1, 40))
                if rng.random() < 0.2:
                    term = rng.choice(self.failing_terms())
                body.insert(rng.randrange(2, len(body) + 1), term)
            return ("        for (int j = 0; j < r.length; j++) {\n"
                    "            %s\n"
                    "        }\n" % "\n            ".join(body))

        first = rng.randrange(900, 1961)
        loops = loop(first)
        if rng.random() < 0.6:
            loops += loop(first - rng.randrange(1, 40))
        helper = ("    static long r%d(int[] r, int[] b, int p, int q, int gi, int gj, int t) {\n"
                  "        long s = 0;\n%s"
                  "        return s;\n"
                  "    }\n" % (k, loops))
        call = lambda t: "r%d(m[i], b, p, q, gi, gj, %s)" % (k, t)
        if self.wraps and rng.random() < 0.5:
            # The later call's planted cell is earlier in the row (`t + 1`).
            helper += ("\n    static long w%d(int[] r, int[] b, int p, int q, int gi, int gj, int t) {\n"
                       "        return r%d(r, b, p, q, gi, gj, t) - r%d(r, b, p, q, gi, gj, t + 1)"
                       " * 3;\n    }\n" % (k, k, k))
            call = lambda t: "w%d(m[i], b, p, q, gi, gj, %s)" % (k, t)
        stmts = ["s += %s;" % call("t")]
        if rng.random() < 0.6:
            stmts.append(rng.choice(["s -= %s * 3;" % call("t + 1"),
                                     "s += %s - %s;" % (call("t + 1"), call("t + 2"))]))
        steps = ("        int t = %d;\n" % rng.randrange(4), "")
        if self.rowbodies:
            # `--views` passes a table `c`.
            stmts, steps = self.row_body(stmts, first, risky, steps, "u" if views else "c")
        self.views = views
        return (helper + "\n"
                "    static reduce(+) long m%d(%s int[][] m, int[] b, int p, int q) {\n"
                "        long s = 0;\n"
                "%s"
                "        for (int i = 0; i < m.length; i++) {\n"
                "            int j = 0;\n"
                "            int gi = Somd.offset(m, 1) + i;\n"
                "            int gj = Somd.offset(m, 2) + j;\n"
                "            %s\n"
                "        }\n"
                "%s"
                "        return s;\n"
                "    }\n" % (k, strategy, steps[0], "\n            ".join(stmts), steps[1]),
                "colsum")

    def row_body(self, stmts, first, risky, steps, c):
        """`--rowbodies`: the statements of [`row_helpers`]' row loop body with loops over the
        row between or instead of its calls (each a planted cell earlier in the row than the
        statements' before it), the calls and loops sometimes inside an `if` (a test every
        MI takes alike, `b` never that short) or a block, and the row loop sometimes inside a step loop (note
        `device-execution`, "Places inside a row"), the loops' index named `c`. Returns the
        statements and the text before and after the row loop."""
        rng = self.rng
        out = []
        planted = first - 40
        for st in stmts:
            if rng.random() < 0.5:
                body = ["int x = m[i][%s] ^ (t * %d);" % (c, rng.choice([1, 7, 31, 1024])),
                        "int g = gi * 53 + gj + %s;" % c,
                        "s += %s;" % self.long_expr(2)]
                if risky and rng.random() < 0.8:
                    planted -= rng.randrange(1, 40)
                    body.insert(rng.randrange(2, len(body) + 1),
                                "s += b[g == %d - t * %d ? 1024 + t : x & 1023];" % (
                                    planted, rng.randrange(1, 40)))
                out.append("for (int %s = 0; %s < m[i].length; %s++) {\n"
                           "                %s\n"
                           "            }" % (c, c, c, "\n                ".join(body)))
            if rng.random() < 0.8 or not out:
                out.append(st)
        if rng.random() < 0.5:
            opener = rng.choice(["if (b.length > %d) {" % rng.randrange(9), "{"])
            inner = "\n".join("    " + line for st in out for line in st.split("\n"))
            out = [opener + "\n" + inner + "\n            }"]
            if opener.startswith("if") and rng.random() < 0.5:
                out[0] += " else {\n                s += %d;\n            }" % rng.randrange(1, 9)
        if rng.random() < 0.5:
            bound = rng.choice(["2", "3", "(p & 3) + 1"])
            steps = ("        for (int t = 0; t < %s; t++) {\n" % bound, "        }\n")
        return out, steps

    def segmented(self, k, risky):
        """A segmented sum over a `dist` key (`--segments`): `t[key[i]] op= v` into a
        table of a length given as a parameter, reduced by an elementwise `combine` whose
        operation has zero for identity (`Sums`, `Xors`, `ISums`, `DSums`), so the MIs'
        tables are combined span by span or, with eight MIs or more whose spans are
        disjoint, shared (`rt::somd::SegmentTable`). The main method passes keys that run
        up in runs of `r`, down, or out of order (`keys`), with a key past the table where
        the method is the risky one. `double` values are multiples of 1/8 below 8: every
        grouping of their sums is exact, so any MI count prints Java's bits."""
        ty = self.rng.choice(["long", "xor", "int", "double"])
        run = self.rng.choice([1, 3, 7, 64, 500])
        mode = 3 if risky else self.rng.choice([0, 0, 0, 1, 2])
        length = 4099 // run + 1 + self.rng.choice([0, 0, 5, 300])
        elem, cls, update = {
            "long": ("long", "Sums", "t[key[i]] += %s;" % self.long_expr(2)),
            "xor": ("long", "Xors", "t[key[i]] ^= %s;" % self.long_expr(2)),
            "int": ("int", "ISums", self.rng.choice(
                ["t[key[i]]++;", "t[key[i]] += %s;" % self.int_expr(2)])),
            "double": ("double", "DSums", "t[key[i]] += (x % 64) / 8.0;"),
        }[ty]
        text = (
            "    static reduce(%s) %s[] m%d(dist int[] a, dist int[] key, int[] b, int n, int p,"
            " int q) {\n"
            "        %s[] t = new %s[n];\n"
            "        for (int i = 0; i < a.length; i++) {\n"
            "            int x = a[i];\n"
            "            int g = Somd.offset(a) + i;\n"
            "            %s\n"
            "        }\n"
            "        return t;\n"
            "    }\n" % (cls, elem, k, elem, elem, update))
        return text, ("segment", elem, run, mode, length)

    def shaped(self, k):
        """A method of another loop shape (`--shapes`): a sum, a search, a loop stepping
        down (by 1: an MI's own elements by 2 would depend on its partition's parity), a
        2-D nest over whole rows reading its neighbours, and with `--tables` a histogram or
        a `sync` body a host loop runs three times."""
        shape = self.rng.randrange(6 if self.tables else 4)
        if shape == 4:
            return (
                "    static reduce(Sums) long[] m%d(dist int[] a, int[] b, int p, int q) {\n"
                "        long[] t = new long[16];\n"
                "        for (int i = 0; i < a.length; i++) {\n"
                "            int x = a[i];\n"
                "            int g = Somd.offset(a) + i;\n"
                "            t[(%s) & 15] += %s;\n"
                "        }\n"
                "        return t;\n"
                "    }\n" % (k, self.int_expr(2), self.long_expr(2)), "array")
        if shape == 5:
            return (
                "    static long[] m%d(dist int[] a, int[] b, int p, int q) {\n"
                "        long[] out = new long[a.length];\n"
                "        for (int s = 0; s < 3; s++) {\n"
                "            sync {\n"
                "                for (int i = 0; i < a.length; i++) {\n"
                "                    int x = a[i] + s;\n"
                "                    int g = Somd.offset(a) + i;\n"
                "                    out[i] = out[i] * 31 + %s;\n"
                "                }\n"
                "            }\n"
                "        }\n"
                "        return out;\n"
                "    }\n" % (k, self.result()), "array")
        if shape == 0:
            return (
                "    static reduce(+) long m%d(dist int[] a, int[] b, int p, int q) {\n"
                "        long s = 0;\n"
                "        for (int i = 0; i < a.length; i++) {\n"
                "            int x = a[i];\n"
                "            int g = Somd.offset(a) + i;\n"
                "            s += %s;\n"
                "        }\n"
                "        return s;\n"
                "    }\n" % (k, self.long_expr(3)), "sum")
        if shape == 1:
            return (
                "    static reduce(min) int m%d(dist int[] a, int[] b, int p, int q) {\n"
                "        int found = Integer.MAX_VALUE;\n"
                "        for (int i = 0; i < a.length; i++) {\n"
                "            int x = a[i];\n"
                "            int g = Somd.offset(a) + i;\n"
                "            if (%s) {\n"
                "                found = g;\n"
                "                break;\n"
                "            }\n"
                "        }\n"
                "        return found;\n"
                "    }\n" % (k, self.cond(2)), "search")
        if shape == 2:
            return (
                "    static long[] m%d(dist int[] a, int[] b, int p, int q) {\n"
                "        long[] out = new long[a.length];\n"
                "        for (int i = a.length - 1; i >= 0; i--) {\n"
                "            int x = a[i];\n"
                "            int g = Somd.offset(a) + i;\n"
                "            out[i] = %s;\n"
                "        }\n"
                "        return out;\n"
                "    }\n" % (k, self.result()), "array")
        if self.preludes and self.rng.random() < 0.5:
            return (
                "    static long[][] m%d(dist(dim = 1) int[][] m, int[] b, int p, int q) {\n"
                "        long[][] out = new long[m.length][m[0].length];\n"
                "        for (int i = 0; i < m.length; i++) {\n"
                "            int[] row = m[i];\n"
                "            int g = (Somd.offset(m) + i) * 31;\n"
                "            int x = row.length * 7 - g;\n"
                "            int h = %s;\n"
                "            for (int j = 0; j < row.length; j++) {\n"
                "                int w = j > 0 ? row[j - 1] : p;\n"
                "                int e = j + 1 < row.length ? row[j + 1] : q;\n"
                "                out[i][j] = %s + w * 3L - e + h * 5L + row[j];\n"
                "            }\n"
                "        }\n"
                "        return out;\n"
                "    }\n" % (k, self.int_expr(2), self.result()), "matrix")
        return (
            "    static long[][] m%d(dist(dim = 1) int[][] m, int[] b, int p, int q) {\n"
            "        long[][] out = new long[m.length][m[0].length];\n"
            "        for (int i = 0; i < m.length; i++) {\n"
            "            for (int j = 0; j < m[i].length; j++) {\n"
            "                int x = m[i][j];\n"
            "                int g = (Somd.offset(m) + i) * 31 + j;\n"
            "                int w = j > 0 ? m[i][j - 1] : p;\n"
            "                int e = j + 1 < m[i].length ? m[i][j + 1] : q;\n"
            "                out[i][j] = %s + w * 3L - e;\n"
            "            }\n"
            "        }\n"
            "        return out;\n"
            "    }\n" % (k, self.result()), "matrix")

    # ---- `--pairs`: the All-Pairs shape (note `device-execution`, "Block tiles") ----

    PCONST = {
        "int": ["0", "1", "-1", "3", "7", "31", "255", "65535", "2147483647", "-2147483648"],
        "long": ["0L", "1L", "-1L", "31L", "4294967296L", "9223372036854775807L",
                 "-9223372036854775808L"],
        "float": ["0.0f", "0.5f", "-1.5f", "3.0f", "1e10f", "0.1f", "-0.0f", "16777217.0f"],
        "double": ["0.0", "0.5", "-0.5", "3.0", "1e10", "-1e300", "0.1", "-0.0"],
    }

    @staticmethod
    def conv(src, dst, e):
        return e if src == dst else "((%s) %s)" % (dst, e)

    def pexpr(self, ty, depth, leaves):
        """An expression of type `ty` over `leaves` (a list of (text, type)): Java's wrapping
        integer arithmetic, shifts, division by constants, conditionals and casts, and
        `float`/`double` arithmetic with exact `Math` functions only."""
        if depth <= 0 or self.rng.random() < 0.25:
            if self.rng.random() < 0.8:
                text, src = self.pick(leaves)
                return self.conv(src, ty, text)
            return self.pick(self.PCONST[ty])
        d = depth - 1
        r = self.rng.random()
        e = lambda: self.pexpr(ty, d, leaves)
        if ty in ("int", "long"):
            if r < 0.45:
                return "(%s %s %s)" % (e(), self.pick(["+", "-", "*", "&", "|", "^", "+", "*"]), e())
            if r < 0.55:
                return "(%s %s %s)" % (e(), self.pick(["<<", ">>", ">>>"]),
                                       self.pexpr("int", d, leaves))
            if r < 0.62:
                # A constant divisor cannot fail: the blocks take it.
                return "(%s %s %s)" % (e(), self.pick(["/", "%"]),
                                       self.pick(["3", "-1", "7", "-5"] if ty == "int"
                                                 else ["3L", "-1L", "1000003L"]))
            if r < 0.72:
                return "(%s ? %s : %s)" % (self.pcond(d, leaves), e(), e())
            if r < 0.80:
                src = self.pick(["int", "long", "float", "double"])
                return self.conv(src, ty, self.pexpr(src, d, leaves))
            if r < 0.84 and self.calls:
                # A library call (`Math.abs(int)` is one): no blocks.
                return "Math.abs(%s)" % e()
            if r < 0.92:
                return "(- %s)" % e()
            return "(~%s)" % e()
        if r < 0.5:
            return "(%s %s %s)" % (e(), self.pick(["+", "-", "*", "/", "+", "*"]), e())
        if r < 0.6:
            return "(%s ? %s : %s)" % (self.pcond(d, leaves), e(), e())
        if r < 0.7:
            return "Math.abs(%s)" % e()
        if r < 0.78:
            fn = self.pick(["Math.sqrt", "Math.floor", "Math.ceil", "Math.rint"])
            return self.conv("double", ty, "%s(%s)" % (fn, self.pexpr("double", d, leaves)))
        if r < 0.9:
            src = self.pick(["int", "long", "float", "double"])
            return self.conv(src, ty, self.pexpr(src, d, leaves))
        if r < 0.94 and self.calls:
            # `Math.min` and `Math.max` of floating values are library calls: no blocks.
            return "Math.%s(%s, %s)" % (self.pick(["min", "max"]), e(), e())
        return "(- %s)" % e()

    def pcond(self, depth, leaves):
        ty = self.pick(["int", "long", "float", "double"])
        return "%s %s %s" % (self.pexpr(ty, depth, leaves),
                             self.pick(["<", "<=", ">", ">=", "==", "!="]),
                             self.pexpr(ty, depth, leaves))

    def pdim(self):
        """A row length or count, often next to the blocks' edges (16 and 32)."""
        if self.rng.random() < 0.6:
            return self.pick([1, 2, 15, 16, 17, 31, 32, 33, 40, 47, 48, 63, 64, 65, 70])
        return self.rng.randint(0, 70)

    def pairs(self, k, risky):
        """A method of the All-Pairs shape (`--pairs`): row `i` of the partitioned `xs`
        against every row `j` of `ys`, each cell a loop over `k` reading `x[k]` and `y[k]`
        (through row locals or as `xs[i][k]`), with locals before the loop and uses of its
        sums after it. Most are staged in block tiles on the device; a start other than 0,
        a step, a bound the blocks cannot take or a call in the body keep the cell as
        written. Returns the text and the calls' arguments (sizes chosen to fit the bound,
        or with `risky` sometimes not)."""
        rng = self.rng
        # Why the blocks must refuse the cell, for a third of the methods.
        plain = None
        if rng.random() < 0.3:
            plain = self.pick(["start", "step", "le", "down", "row0", "min", "call", "write",
                               "pre-read", "div"])
        T = self.pick(["int", "long", "float", "double"])
        S = T
        if rng.random() < 0.3:
            S = {"int": self.pick(["long", "double"]), "long": "double",
                 "float": "double", "double": "float"}[T]
        rowx = rng.random() < 0.6
        rowy = rng.random() < 0.6
        X = "x[k]" if rowx else "xs[i][k]"
        Y = "y[k]" if rowy else "ys[j][k]"
        xlen = "x.length" if rowx else "xs[i].length"
        ylen = "y.length" if rowy else "ys[j].length"
        # The bound, and what it asks of the sizes: `xy` (ys rows at least as long as xs
        # rows), `yx`, `n` (n at most both) or `c` (the constant at most both).
        r = rng.random()
        const = None
        if plain == "row0":
            # A row the blocks do not take (a constant row index): no blocks.
            bound = self.pick(["ys[0].length", "xs[0].length"])
            need = "yx" if bound == "ys[0].length" else "xy"
        elif plain == "min":
            bound, need = "Math.min(%s, %s)" % (xlen, ylen), ""
        elif r < 0.35:
            bound, need = xlen, "xy"
        elif r < 0.6:
            bound, need = ylen, "yx"
        elif r < 0.85:
            bound, need = "n", "n"
        else:
            const = self.pick([0, 1, 5, 16, 31, 32, 33])
            bound, need = str(const), "c"
        # Reads of the other row guarded by its length, so its rows may be shorter than the
        # bound (the blocks' test then fails and the cell runs as written).
        guard = need in ("xy", "yx") and rng.random() < 0.25
        if guard and need == "xy":
            Y = "(k < %s ? %s : %s)" % (ylen, Y, self.pick(self.PCONST[T]))
            need = ""
        elif guard:
            X = "(k < %s ? %s : %s)" % (xlen, X, self.pick(self.PCONST[T]))
            need = ""
        # The loop: mostly `for (int k = 0; k < n; k++)`.
        head = "for (int k = 0; k < %s; %s)" % (bound, self.pick(["k++", "k++", "k += 1"]))
        if plain == "start":
            head = "for (int k = 1; k < %s; k++)" % bound
        elif plain == "step":
            head = "for (int k = 0; k < %s; k += 2)" % bound
        elif plain == "le":
            head = "for (int k = 0; k <= %s - 1; k++)" % bound
        elif plain == "down":
            head = "for (int k = %s - 1; k >= 0; k--)" % bound
        self.calls = plain == "call"
        # Which method fails how, with `risky`: the bound past a row, a read after the loop
        # at a computed index, a division by a sum after it, or a read before it.
        fail = None
        if risky:
            fail = self.pick(["bound", "bound", "post-index", "post-div", "pre-read"])
            if fail == "bound" and need not in ("xy", "yx", "n", "c"):
                fail = "post-index"
        g_outer = rng.random() < 0.5
        x_outer = rowx and rng.random() < 0.5
        use_g = rng.random() < 0.8
        outer, pre, body, post = [], [], [], []
        if x_outer:
            outer.append("%s[] x = xs[i];" % T)
        if use_g and g_outer:
            outer.append("int g = Somd.offset(xs) + i;")
        if rowout := rng.random() < 0.3:
            outer.append("%s[] row = out[i];" % T)
        if rowx and not x_outer:
            pre.append("%s[] x = xs[i];" % T)
        if rowy:
            pre.append("%s[] y = ys[j];" % T)
        if use_g and not g_outer:
            pre.append("int g = Somd.offset(xs) + i;")
        cell = [("j", "int"), ("p", "int")] + ([("g", "int")] if use_g else [])
        init = self.pexpr(S, 1, cell) if rng.random() < 0.5 else self.pick(self.PCONST[S])
        pre.append("%s s = %s;" % (S, init))
        pre.append("int c = %s;" % (self.pexpr("int", 1, cell) if rng.random() < 0.3 else "0"))
        extra = []
        if rng.random() < 0.3:
            # A local from library `Math` (calls the blocks allow before the loop).
            pre.append("double h = %s;" % self.pick([
                "Math.sqrt((double) (%s))", "Math.max((double) (%s), 0.5)",
                "Math.floor((%s) * 0.25)", "Math.abs((double) (%s))"]) % self.pexpr("int", 1, cell))
            extra.append(("h", "double"))
        x0, y0 = ("x[0]" if rowx else "xs[i][0]"), ("y[0]" if rowy else "ys[j][0]")
        if fail == "pre-read":
            pre.append("%s e = %s;" % (T, self.pick([x0, y0])))
            extra.append(("e", T))
        elif plain == "pre-read":
            # A read before the loop, which may fail as far as the blocks know: no blocks.
            pre.append("%s e = %s > 0 ? %s : %s;" % (T, xlen, x0, self.pick(self.PCONST[T])))
            extra.append(("e", T))
        leaves = [(X, T), (Y, T), (X, T), (Y, T), ("k", "int"), ("s", S)] + cell + extra
        # The body: one to three statements over the two rows.
        if rng.random() < 0.4:
            ops = ["-", "+", "*", "^"] if T in ("int", "long") else ["-", "+", "*"]
            body.append("%s d = (%s %s %s);" % (T, X, self.pick(ops), Y))
            leaves = leaves + [("d", T), ("d", T)]
        r = rng.random()
        if r < 0.3:
            body.append("s += %s;" % self.pexpr(S, 2, leaves))
        elif r < 0.45:
            body.append("s -= %s;" % self.pexpr(S, 2, leaves))
        elif r < 0.75:
            body.append("s = s * %s + %s;" % (self.pick(self.PCONST[S][1:5]),
                                              self.pexpr(S, 2, leaves)))
        else:
            body.append("s = %s;" % self.pexpr(S, 3, leaves))
        if not re.search(r"\bxs?\[", " ".join(body)):
            body.append("s += %s;" % self.conv(T, S, X))
        if not re.search(r"\bys?\[", " ".join(body)):
            body.append("s -= %s;" % self.conv(T, S, Y))
        r = rng.random()
        if r < 0.3:
            body.append("if (%s) {\n    c += %s;\n} else {\n    c ^= %s;\n}" % (
                self.pcond(1, leaves), self.pexpr("int", 1, leaves), self.pexpr("int", 1, leaves)))
        elif r < 0.5:
            body.append("c %s= %s;" % (self.pick(["+", "^", "|", "*"]), self.pexpr("int", 2, leaves)))
        if plain == "call":
            body.append("c += (int) Math.max(%s, %s);" % (X, Y))
        if plain == "div":
            # A division that may fail as far as the blocks know: no blocks.
            body.append("c += %s / (%s | 1);" % (self.pexpr("int", 1, leaves),
                                                 self.conv(T, "int", Y)))
        elif plain == "write":
            # An array written in the cell: no blocks.
            body.append("out[i][j] = %s;" % self.pexpr(T, 1, leaves))
        # After the loop: the result from the sums, other elements of the rows, `Math`.
        pl = [("s", S), ("s", S), ("c", "int"), ("j", "int"), ("p", "int")] + \
            ([("g", "int")] if use_g else []) + extra
        if rng.random() < 0.4:
            pl.append(("(%s > 0 ? %s : %s)" % (xlen, x0, self.pick(self.PCONST[T])), T))
        if rng.random() < 0.3:
            last = ("y[%s - 1]" if rowy else "ys[j][%s - 1]") % ylen
            pl.append(("(%s > 2 ? %s : %s)" % (ylen, last, self.pick(self.PCONST[T])), T))
        if fail == "post-index":
            at = "%s & %d" % (self.conv(S, "int", "s"), self.pick([7, 15, 31, 63]))
            row = self.pick(["x" if rowx else "xs[i]", "y" if rowy else "ys[j]"])
            post.append("%s v = %s[%s];" % (T, row, at))
            pl.append(("v", T))
        if fail == "post-div":
            post.append("int q = p / (%s & %d);" % (self.conv(S, "int", "s"),
                                                    self.pick([3, 15, 63, 255])))
            pl.append(("q", "int"))
        res = self.pexpr(T, 2, pl)
        if "s" not in re.findall(r"\w+", res):
            res = "(%s - %s)" % (res, self.conv(S, T, "s"))
        post.append("%s = %s;" % ("row[j]" if rowout else "out[i][j]", res))
        ind = lambda n, text: "\n".join(" " * n + l for l in text.split("\n"))
        text = (
            "    // pairs: %s rows, %s sums, %s, %s\n"
            "    static %s[][] m%d(dist(dim = 1) %s[][] xs, %s[][] ys, int n, int p) {\n"
            "        %s[][] out = new %s[xs.length][ys.length];\n"
            "        for (int i = 0; i < xs.length; i++) {\n%s"
            "            for (int j = 0; j < ys.length; j++) {\n%s\n"
            "                %s {\n%s\n"
            "                }\n%s\n"
            "            }\n"
            "        }\n"
            "        return out;\n"
            "    }\n" % (T, S, "blocks" if plain is None and fail != "pre-read"
                       else "no blocks (%s)" % (plain or "a read before the loop that may fail"),
                       fail or "no failure", T, k, T, T, T, T,
                       "".join(ind(12, l) + "\n" for l in outer),
                       "\n".join(ind(16, l) for l in pre), head,
                       "\n".join(ind(20, l) for l in body),
                       "\n".join(ind(16, l) for l in post)))
        calls = [self.pair_sizes(need, const, fail, nth) for nth in range(2)]
        return text, ("pairs", T, calls)

    def pair_sizes(self, need, const, fail, nth):
        """The sizes of one call: rows of `xs` and `ys`, their lengths, `n`, `p`, a seed of
        the elements and whether they are small (zero sums likely). The first call's rows
        have equal lengths; the second's may differ as far as `need` allows, and with
        `fail` they may not fit (the bound past a row, or empty rows)."""
        rng = self.rng
        rx = self.pdim() if rng.random() < 0.95 else 0
        ry = self.pdim() if rng.random() < 0.93 else 0
        if rx == 0 and rng.random() < 0.5:
            rx = rng.randint(1, 70)
        cx = cy = self.pdim()
        if nth > 0 and rng.random() < 0.6:
            cy = self.pdim()
        if need == "xy" and cy < cx or need == "yx" and cx < cy:
            cx, cy = cy, cx
        if const is not None:
            cx, cy = max(cx, const), max(cy, const)
        n = min(cx, cy) - self.pick([0, 0, 0, 1, 3, 17])
        if fail is not None and rng.random() < 0.7:
            rx, ry = max(rx, 1), max(ry, 1)
            if fail == "bound":
                # Past the end of a row.
                if need == "xy":
                    cy = max(0, cx - self.pick([1, 1, 5, 33]))
                elif need == "yx":
                    cx = max(0, cy - self.pick([1, 1, 5, 33]))
                elif need == "c" and const:
                    cx = const - 1
                n = min(cx, cy) + self.pick([1, 1, 2, 40])
            elif fail == "pre-read":
                if rng.random() < 0.5:
                    cx = 0
                else:
                    cy = 0
            elif fail == "post-index":
                cx, cy = min(cx, self.pdim()), min(cy, self.pdim())
        # Small elements make zero sums (the failing division) likely.
        small = fail is not None and rng.random() < 0.7
        return rx, ry, cx, cy, n, self.pick(INT_CONSTS), rng.randrange(1 << 30), small


HOST_HELPERS = """    static long hx(long v) {
        return v * 31 + (v >>> 7);
    }

    static long hy(long v, int j) {
        long s = j;
        for (int k = 0; k < 3; k++) {
            s = s * 7 + (v >> (k * 8));
        }
        return s;
    }
"""

HOST_CONSTS = ["0L", "1L", "3L", "-1L", "255L", "1000003L", "-9223372036854775808L",
               "9223372036854775807L", "4294967296L"]


def host_expr(rng, r, depth, risky):
    """A `long` expression of the host loop's element `r[i]` (`r` an array name), `i`,
    constants, `b`, helpers and `Math`; with `risky`, possibly a division by a value that
    may be zero."""
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(["%s[i]" % r, "%s[i]" % r, "(long) i", rng.choice(HOST_CONSTS),
                           "(long) b[i & 1023]"])
    a, b = host_expr(rng, r, depth - 1, risky), host_expr(rng, r, depth - 1, risky)
    c = rng.random()
    if c < 0.4:
        return "(%s %s %s)" % (a, rng.choice(["+", "-", "*", "^", "&", "|"]), b)
    if c < 0.5:
        return "(%s %s %d)" % (a, rng.choice([">>", ">>>", "<<"]), rng.randrange(64))
    if c < 0.6:
        return "Math.%s(%s, %s)" % (rng.choice(["max", "min"]), a, b)
    if c < 0.7:
        return "Math.abs(%s)" % a
    if c < 0.8:
        return "hx(%s)" % a
    if c < 0.88:
        return "hy(%s, i & 15)" % a
    if risky and c < 0.92:
        return "(%s / (%s & 3L))" % (a, b)
    return "(%s %% %d)" % (a, rng.choice([7, 1000, -13, 65536]))


def header(rng, lo, hi):
    """A host loop's header over `lo <= i < hi`: stepping up, tested `i < hi` or `i <= hi -
    1`, or a quarter of the time down; by 1, or some of the time by 2, 3 or 7."""
    step = rng.choice([1, 1, 1, 1, 2, 3, 7])
    if rng.random() < 0.25:
        update = "i--" if step == 1 else "i -= %d" % step
        return "        for (int i = %s - 1; i >= %s; %s) {" % (hi, lo, update)
    update = "i++" if step == 1 else "i += %d" % step
    test = rng.choice(["i < %s" % hi, "i <= %s - 1" % hi])
    return "        for (int i = %s; %s; %s) {" % (lo, test, update)


def open_loop(rng, lo, hi):
    """A host loop's opening lines, and the lines closing what they open besides the loop:
    a tenth of the time the loop's index is declared before it, in a block of its own
    (`{ int i; for (i = lo; ..) { .. } }`), and another tenth it is declared with its
    start before a loop without an initialiser (`{ int i = lo; for (; ..; ..) { .. } }`,
    which `loop_forms` makes counted)."""
    h = header(rng, lo, hi)
    c = rng.random()
    if c < 0.1:
        return ["        {", "        int i;", h.replace("for (int i = ", "for (i = ")], ["        }"]
    if c < 0.2:
        start, rest = h.split("for (int i = ", 1)[1].split("; ", 1)
        return ["        {", "        int i = %s;" % start, "        for (; " + rest], ["        }"]
    return [h], []


def skip(rng, e2):
    """Sometimes a `continue` leaving the iteration first, under a test of `e2`."""
    if rng.random() >= 0.2:
        return []
    return ["            if ((%s & 3) == %d) {" % (e2, rng.randrange(4)),
            "                continue;",
            "            }"]


def host_loop(rng, lo, hi, e2, body):
    """A host loop over `lo <= i < hi` (`open_loop`) whose body is the lines `body`,
    sometimes after a `continue` (`skip`)."""
    opening, close = open_loop(rng, lo, hi)
    return (opening + skip(rng, e2) + ["            " + line for line in body]
            + ["        }"] + close)


def hashed(acc, w):
    """A host loop hashing the array `w` into a new `long` local `acc`, in order."""
    return ["        long %s = 17;" % acc,
            "        for (int i = 0; i < n; i++) {",
            "            %s = %s * 1000003 + %s[i];" % (acc, acc, w),
            "        }"]


# Whether host loops are nests half the time (`--nests`).
NESTS = False


def host_loops(rng, k, risky):
    """Host loops over `r<k>`, the result of method `k`, and the statement printing what
    they computed."""
    r = "r%d" % k
    lines = []
    printed = []
    for j in range(rng.randrange(2, 5)):
        acc = "h%d_%d" % (k, j)
        lo, hi, off = rng.choice([("0", "n", ""), ("0", "n", ""), ("1", "n - 1", ""),
                                  ("-2", "n - 2", " + 2"), ("0", "n / 2", ""),
                                  ("0", "(n >> 1) + 1", ""), ("n / 4 * 3", "n", "")])
        e = host_expr(rng, r, 3, risky and j == 0).replace("%s[i]" % r, "%s[i%s]" % (r, off))
        e2 = host_expr(rng, r, 2, False).replace("%s[i]" % r, "%s[i%s]" % (r, off))
        if risky and j == 0:
            # A divisor whose low bits are 0 at some element, likely.
            e = "(%s / (%s[i%s] & 7L))" % (e, r, off)
        int_acc = rng.random() < 0.3
        ty = "int" if int_acc else "long"
        cast = "(int) " if int_acc else ""
        e, e2 = cast + e, cast + e2
        start = rng.choice(["0", "1", "-7", "123456789"]) + ("" if int_acc else "L")
        form = rng.randrange(19)
        if NESTS and rng.random() < 0.5:
            form = 18
        if form == 18:
            # A nest (ninety-third session): an inner loop over a few places from each
            # iteration's, storing its own value, reducing into the accumulator or leaving
            # the inner loop early.
            lo, hi = "0", rng.choice(["n", "n", "n / 2"])
            e = host_expr(rng, r, 3, risky and j == 0)
            e2 = host_expr(rng, r, 2, False)
            if risky and j == 0:
                e = "(%s / (%s[i] & 7L))" % (e, r)
            if "%s[i]" % r not in e:
                e = "(%s ^ %s[i])" % (e, r)
            e, e2 = cast + e, cast + e2
            width = rng.choice(["3", "8", "(n & 3) + 1"])
            # `cj`, not `c`: `--views` declares a table `c` in `main`.
            inner = "for (int cj = 0; cj < %s; cj++) {" % width
            near = "%s[(i + cj) %% n]" % r
            kind = rng.randrange(3)
            if kind == 1:
                lines.append("        %s %s = %s;" % (ty, acc, start))
                body = [inner, "    %s += %s(%s * (cj + 1) ^ %s);" % (acc, cast, e, near), "}"]
                lines.extend(host_loop(rng, lo, hi, e2, body))
                printed.append(acc)
                continue
            w = "w%d_%d" % (k, j)
            lines.append("        long[] %s = new long[n];" % w)
            if kind == 0:
                body = ["long t = %s;" % e2, inner,
                        "    t = t * 3 + (%s ^ %s) + cj;" % (e, near), "}", "%s[i] = t;" % w]
            else:
                body = ["int t = 0;", inner, "    if (((%s + cj) & 7) == 0) {" % e,
                        "        break;", "    }", "    t++;", "}",
                        "%s[i] = t + %s;" % (w, e2)]
            lines.extend(host_loop(rng, lo, hi, e2, body))
            lines.extend(hashed(acc, w))
            printed.append(acc)
            continue
        if form == 17:
            # A search (ninety-second session): the first iteration passing a test, with
            # its index and sometimes a `long` or `boolean` payload, usually up to the
            # result's length (a test reading up to `n` may fail, and stays on the host).
            if rng.random() < 0.7:
                lo, hi, off = "0", "%s.length" % r, ""
                e = host_expr(rng, r, 3, risky and j == 0)
                e2 = host_expr(rng, r, 2, False)
                if risky and j == 0:
                    e = "(%s / (%s[i] & 7L))" % (e, r)
            if "%s[i" % r not in e:
                e = "(%s ^ %s[i%s])" % (e, r, off)
            test = rng.choice(["(%s & 255) == %d" % (e, rng.randrange(256)),
                               "%s > %d" % (e, rng.randrange(-3, 4) * 100000),
                               "(%s & 1023) < %d && %s != 0" % (e, rng.randrange(1, 8), e2)])
            if rng.random() < 0.3 and lo == "0" and hi == "%s.length" % r:
                # Java's `while` search, its index read after it (`found_index`).
                at = acc + "at"
                lines.append("        int %s = 0;" % at)
                lines.append("        while (%s < %s.length && !(%s)) {"
                             % (at, r, re.sub(r"\bi\b", at, test)))
                lines.append("            %s++;" % at)
                lines.append("        }")
                printed.append(at)
                continue
            lines.append("        int %sat = -1;" % acc)
            lines.append("        long %skey = 3;" % acc)
            lines.append("        boolean %sseen = false;" % acc)
            body = ["if (%s) {" % test, "    %sat = i;" % acc]
            if rng.random() < 0.5:
                body.append("    %skey = %s;" % (acc, e2))
            if rng.random() < 0.4:
                body.append("    %sseen = true;" % acc)
            body.extend(["    break;", "}"])
            lines.extend(host_loop(rng, lo, hi, e2, body))
            printed.extend([acc + "at", acc + "key", acc + "seen"])
            continue
        if form == 16:
            # An argument extremum: the extremum, the index setting it and sometimes a
            # second payload (one reading the result may fail, and stays on the host); the
            # extremum `long`, `int` or, a third of the time, `double` (NaN never taken).
            rel = rng.choice([">", ">=", "<", "<="])
            if "%s[i" % r not in e:
                # (Over the result: a loop reading none stays on the host.)
                e = "(%s ^ %s%s[i%s])" % (e, cast, r, off)
            if rng.random() < 0.33:
                ty, start = "double", rng.choice(["-1.0e300", "0.0", "-0.0", "1.0e300"])
                e = "((double) %s * 0.5)" % e
            # (A `long` payload of a `double` extremum stays on the host: no table type
            # holds both exactly.)
            key = "int" if ty == "double" and rng.random() < 0.8 else "long"
            lines.append("        %s %s = %s;" % (ty, acc, start))
            lines.append("        int %sat = -1;" % acc)
            lines.append("        %s %skey = 3;" % (key, acc))
            test = rng.choice(["%s %s %s" % (e, rel, acc),
                               "%s %s %s" % (acc, {">": "<", ">=": "<=", "<": ">", "<=": ">="}[rel], e)])
            body = ["if (%s) {" % test, "    %s = %s;" % (acc, e), "    %sat = i;" % acc]
            if rng.random() < 0.5:
                body.append("    %skey = (%s) %s;" % (acc, key, rng.choice(["(i * 31L + 7)", e2])))
            body.append("}")
            lines.extend(host_loop(rng, lo, hi, e2, body))
            printed.extend([acc, acc + "at", acc + "key"])
            continue
        if form >= 14:
            # A loop both storing and reducing: the stores, then a reduction of what they
            # stored, or a reduction of the result's elements, then stores into it.
            w = "w%d_%d" % (k, j)
            lines.append("        long[] %s = new long[n];" % w)
            lines.append("        %s %s = %s;" % (ty, acc, start))
            if rng.random() < 0.3:
                # A second array stored from the first, or a second accumulator.
                w2, acc2 = w + "b", acc + "b"
                lines.append("        long[] %s = new long[n];" % w2)
                lines.append("        long %s = 5L;" % acc2)
                body = rng.choice([
                    "%s[i] = %s;\n            %s[i] = %s[i] * 5 - %s;" % (w, e, w2, w, e2),
                    "%s = Math.max(%s, %s(%s));\n            %s ^= %s;"
                    % (acc, acc, cast, e2, acc2, e),
                    "%s[i] = %s;\n            %s[i] = %s + 1;\n            %s += %s[i] & 7;"
                    % (w, e2, w2, e, acc2, w2),
                ])
                lines.extend(host_loop(rng, lo, hi, e2, [body]))
                lines.append("        for (int i = 0; i < n; i++) {")
                lines.append("            %s = %s * 31 + %s((%s[i] ^ %s[i]) & 1023);"
                             % (acc, acc, cast, w, w2))
                lines.append("        }")
                printed.extend([acc, acc2])
                continue
            if form == 14:
                body = rng.choice([
                    "%s[i] = %s;\n            %s += %s(%s[i] ^ %s);" % (w, e, acc, cast, w, e2),
                    "long t = %s;\n            %s[i] = t * 3;\n            if (t > %s) {\n"
                    "                %s = %s(t);\n            }" % (e, w, acc, acc, cast),
                    "%s[i] = %s - %s;\n            %s = Math.max(%s, %s%s[i]);"
                    % (w, e, e2, acc, acc, cast, w),
                ])
                if off:
                    body = body.replace("%s[i]" % w, "%s[i + 2]" % w)
                summed = w
            else:
                body = rng.choice([
                    "%s ^= %s(%s[i%s] * 5);\n            %s[i%s] = %s;"
                    % (acc, cast, r, off, r, off, e),
                    "%s = Math.min(%s, %s);\n            %s[i%s] += %s;"
                    % (acc, acc, e, r, off, e2),
                ])
                summed = r
            lines.extend(host_loop(rng, lo, hi, e2, [body]))
            lines.append("        for (int i = 0; i < n; i++) {")
            lines.append("            %s = %s * 31 + %s(%s[i] & 1023);" % (acc, acc, cast, summed))
            lines.append("        }")
            printed.append(acc)
            continue
        if form == 13:
            # A flag set under a condition (`||`), cleared under one (`&&`), or both (the
            # last write wins: no reduction).
            lines.append("        boolean %s = %s;" % (acc, rng.choice(["false", "true"])))
            body = rng.choice([
                "if (%s > %s) {\n                %s = true;\n            }" % (e, e2, acc),
                "if ((%s & 15) == 3) {\n                %s = false;\n            }" % (e, acc),
                "if (%s < 0) {\n                %s = true;\n            } else if ((%s & 7) == 1) "
                "{\n                %s = false;\n            }" % (e, acc, e2, acc)])
            lines.extend(host_loop(rng, lo, hi, e2, [body]))
            printed.append(acc)
            continue
        if form == 12:
            # An array written at the index.
            w = "w%d_%d" % (k, j)
            lines.append("        long[] %s = new long[n];" % w)
            body = rng.choice(["%s[i] += %s;" % (w, e),
                               "%s[i] = %s[i] * 3 + %s;" % (w, w, e),
                               "if ((%s & 1) == 0) {\n                %s[i] -= %s;\n            } "
                               "else {\n                %s[i] = %s;\n            }" % (e2, w, e, w, e)])
            if off:
                body = body.replace("%s[i]" % w, "%s[i + 2]" % w)
            lines.extend(host_loop(rng, lo, hi, e2, [body]))
            lines.extend(hashed(acc, w))
            printed.append(acc)
            continue
        lines.append("        %s %s = %s;" % (ty, acc, start))
        body = [
            "%s += %s;" % (acc, e),
            "%s -= %s;" % (acc, e),
            "%s ^= %s;" % (acc, e),
            "%s |= %s;" % (acc, e),
            "%s &= %s;" % (acc, e),
            "%s *= (%s) | 1;" % (acc, e),
            "%s = Math.max(%s, %s);" % (acc, acc, e),
            "%s = Math.min(%s, %s);" % (acc, e, acc),
            "if (%s > %s) {\n                %s = %s;\n            }" % (e, acc, acc, e),
            "if (%s >= %s) {\n                %s = %s;\n            }" % (acc, e, acc, e),
            "if ((%s & 3) == 0) {\n                %s--;\n            }" % (e, acc),
            "if (%s > 0) {\n                %s += %s;\n            } else {\n                "
            "%s -= %s;\n            }" % (e2, acc, e, acc, e2),
        ][form]
        if rng.random() < 0.25:
            body = "%s v = %s;\n            %s" % (ty, e2, body.replace(e2, "v") if e2 in body else body)
        lines.extend(host_loop(rng, lo, hi, e2, [body]))
        printed.append(acc)
    lines.append("        System.out.println(\"h%d \" + %s);" % (k, " + \" \" + ".join(printed)))
    return lines


# `--segments`: the keys of a segmented sum and its results as `long`s for `print`.
SEGMENT_HELPERS = """    // Keys for `n` elements: up in runs of `r` (mode 0), down (1), out of order (2), or
    // up with one key past every table part-way (3).
    static int[] keys(int n, int r, int mode) {
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            k[i] = mode == 1 ? (n - 1 - i) / r : mode == 2 ? i * 37 % (n / r + 1) : i / r;
        }
        if (mode == 3) {
            k[n * 3 / 5] = 1 << 20;
        }
        return k;
    }

    static long[] widen(int[] r) {
        long[] w = new long[r.length];
        for (int i = 0; i < r.length; i++) {
            w[i] = r[i];
        }
        return w;
    }

    static long[] bits(double[] r) {
        long[] w = new long[r.length];
        for (int i = 0; i < r.length; i++) {
            w[i] = Double.doubleToLongBits(r[i]);
        }
        return w;
    }
"""

SEGMENT_CLASSES = """
class Xors {
    static long[] combine(long[] x, long[] y) {
        long[] z = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            z[i] = x[i] ^ y[i];
        }
        return z;
    }
}

class ISums {
    static int[] combine(int[] x, int[] y) {
        int[] z = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            z[i] = x[i] + y[i];
        }
        return z;
    }
}

class DSums {
    static double[] combine(double[] x, double[] y) {
        double[] z = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            z[i] = x[i] + y[i];
        }
        return z;
    }
}"""


def main():
    seed = int(sys.argv[1])
    methods = 12
    if "--methods" in sys.argv:
        methods = int(sys.argv[sys.argv.index("--methods") + 1])
    throwing = "--throwing" in sys.argv
    effects = "--effects" in sys.argv
    shapes = "--shapes" in sys.argv
    views = "--views" in sys.argv
    tables = "--tables" in sys.argv
    preludes = "--preludes" in sys.argv
    pairs = "--pairs" in sys.argv
    hostloops = "--hostloops" in sys.argv
    loops = "--loops" in sys.argv
    rowtiles = "--rowtiles" in sys.argv
    rowreds = "--rowreds" in sys.argv or rowtiles
    columns = "--columns" in sys.argv
    steps = "--steps" in sys.argv
    helpers = "--helpers" in sys.argv
    segments = "--segments" in sys.argv
    global NESTS
    NESTS = "--nests" in sys.argv
    rng = random.Random(seed)
    gen = Gen(rng, throwing, effects, views, tables, preludes)
    gen.narrow = "--narrow" in sys.argv
    gen.mixed = "--mixed" in sys.argv
    gen.nested = helpers and "--nested" in sys.argv
    gen.rowcalls = helpers and "--rowcalls" in sys.argv
    gen.rowbodies = helpers and "--rowbodies" in sys.argv
    gen.wraps = (gen.rowcalls or gen.rowbodies) and "--wraps" in sys.argv
    gen.java = "--java" in sys.argv
    # `--maps` leaves out `--views`' 3-D table, which no `local` function may take.
    maps = "--maps" in sys.argv and not views
    # `--tasks` (with `--maps`): some functions run as the workers of filter tasks.
    tasks = maps and "--tasks" in sys.argv
    gen.rowtiles = rowtiles
    risky = rng.randrange(methods) if throwing else -1
    if hostloops and rng.random() < 0.6:
        # The host loops' division fails first more often.
        risky = -1
    flags = "".join(f for f, on in ((" --throwing", throwing), (" --effects", effects),
                                    (" --shapes", shapes), (" --views", views),
                                    (" --tables", tables), (" --preludes", preludes),
                                    (" --pairs", pairs), (" --narrow", "--narrow" in sys.argv),
                                    (" --mixed", gen.mixed), (" --maps", maps),
                                    (" --tasks", tasks),
                                    (" --hostloops", hostloops), (" --nests", NESTS),
                                    (" --rowreds", rowreds and not rowtiles),
                                    (" --rowtiles", rowtiles), (" --loops", loops),
                                    (" --columns", columns), (" --steps", steps),
                                    (" --helpers", helpers), (" --nested", gen.nested),
                                    (" --rowcalls", gen.rowcalls),
                                    (" --rowbodies", gen.rowbodies),
                                    (" --wraps", gen.wraps),
                                    (" --segments", segments)) if on)
    out = ["// Generated by tests/difffuzz/gen.py %d%s." % (seed, flags),
           "public class Main {"]
    kinds = []
    for k in range(methods):
        if segments and rng.random() < (0.9 if k == risky else 0.5):
            text, kind = gen.without_effects(gen.segmented, k, k == risky)
        elif columns and rng.random() < (0.9 if k == risky else 0.5):
            text, kind = gen.without_effects(gen.columns, k, k == risky)
        elif steps and rng.random() < (0.9 if k == risky else 0.5):
            text, kind = gen.without_effects(gen.steps, k, k == risky)
        elif helpers and rng.random() < (0.9 if k == risky else 0.5):
            text, kind = gen.without_effects(gen.helpers, k, k == risky)
        elif maps and rng.random() < (0.9 if k == risky else 0.7):
            text, kind = gen.mapfn(k, k == risky) + "\n" + gen.combiner(k), "map"
            if gen.java:
                text += "\n" + map_java(k)
        elif loops and rng.random() < (0.9 if k == risky else 0.7):
            text, kind = gen.loops(k, k == risky), "array"
        elif pairs and rng.random() < (0.9 if k == risky else 0.7):
            text, kind = gen.pairs(k, k == risky)
        elif rowreds and rng.random() < (0.9 if k == risky else 0.6):
            text, kind = gen.without_effects(gen.rowred, k, k == risky)
        elif shapes and k != risky and rng.random() < 0.6:
            text, kind = gen.without_effects(gen.shaped, k)
        else:
            text, kind = gen.method(k, k == risky), "array"
        if views:
            text = text.replace("int p, int q) {", "int p, int q, int[][][] c) {")
        out.append(text)
        kinds.append(kind)
    calls = []
    workers = []
    table = ""
    first_array = next((k for k in range(methods) if kinds[k] == "array"), -1)
    if hostloops:
        out.append(HOST_HELPERS)
    if maps:
        out.append(MAP_HELPERS_JAVA if gen.java else MAP_HELPERS)
        if "map" in kinds:
            # Shorter arrays to map: 17 of `a`'s elements, one, none.
            table += ("        int[] a17 = new int[17];\n"
                      "        for (int i = 0; i < 17; i++) {\n"
                      "            a17[i] = a[i * 241];\n"
                      "        }\n"
                      "        int[] a1 = new int[1];\n"
                      "        a1[0] = a[4098];\n"
                      "        int[] a0 = new int[0];\n")
            if not gen.java:
                table += ("        int[[]] va = new int[[]](a);\n        int[[]] vb = new int[[]](b);\n"
                          "        int[[]] v17 = new int[[]](a17);\n        int[[]] v1 = new int[[]](a1);\n"
                          "        int[[]] v0 = new int[[]](a0);\n")
    if views:
        out.append("""    static int pl(int[][] v, int e) {
        return v[0][1] * 3 + v[3][2] - e;
    }

    static int rw(int[] v, int e) {
        return v[1] * 5 + v[2] ^ e;
    }

    static int ce(Cell o, int e) {
        return o.lo * 7 - o.hi + e;
    }
""")
        table = """        int[][][] c = new int[2][4][4];
        for (int i = 0; i < 32; i++) {
            c[i / 16][i / 4 % 4][i % 4] = b[i * 31];
        }
"""
    for k in range(methods):
        p, q = rng.choice(INT_CONSTS), rng.choice(INT_CONSTS)
        if isinstance(kinds[k], tuple) and kinds[k][0] == "segment":
            _, elem, run, mode, length = kinds[k]
            wrap = {"long": "", "int": "widen", "double": "bits"}[elem]
            # With `--views` the method also takes the table `c` (as every other one).
            calls.append("        print(\"m%d\", %s(m%d(a, keys(a.length, %d, %d), b, %d, %d, %d%s)));"
                         % (k, wrap, k, run, mode, length, p, q, ", c" if views else ""))
        elif isinstance(kinds[k], tuple):
            _, ty, sizes = kinds[k]
            for nth, (rx, ry, cx, cy, n, pv, seed, small) in enumerate(sizes):
                small = "true" if small else "false"
                calls.append("        %s(\"m%d.%d\", m%d(%s(%d, %d, %dL, %s), %s(%d, %d, %dL, %s), %d, %d));" % (
                    ty[0] + "check", k, nth, k, ty[0] + "mat", rx, cx, seed, small,
                    ty[0] + "mat", ry, cy, seed + 1, small, n, pv))
        elif kinds[k] == "map":
            if tasks and rng.random() < 0.4:
                worker, lines = gen.task_call(k, p, q)
                workers.append(worker)
                calls.extend(lines)
            else:
                calls.extend(gen.map_call(k, k == risky, p, q))
        elif kinds[k] == "rowred":
            calls.append("        print(\"m%d\", m%d(grid(a), b, %d, %d));" % (k, k, p, q))
        elif kinds[k] == "colsum":
            calls.append("        System.out.println(\"m%d \" + m%d(grid(a), b, %d, %d));" % (k, k, p, q))
        elif kinds[k] == "matrix":
            calls.append("        print(\"m%d\", flat(m%d(grid(a), b, %d, %d)));" % (k, k, p, q))
        elif kinds[k] == "array" and hostloops:
            # The result stays a local for host loops over it (`host_loops`); with
            # `--throwing` the first one's loop may divide by zero.
            calls.append("        long[] r%d = m%d(a, b, %d, %d);" % (k, k, p, q))
            calls.extend(host_loops(rng, k, throwing and k == first_array))
            calls.append("        print(\"m%d\", r%d);" % (k, k))
        elif kinds[k] == "array":
            calls.append("        print(\"m%d\", m%d(a, b, %d, %d));" % (k, k, p, q))
        else:
            calls.append("        System.out.println(\"m%d \" + m%d(a, b, %d, %d));" % (k, k, p, q))
    if views:
        calls = [re.sub(r"(m\d+\((?:grid\(a\)|a), b, -?\d+, -?\d+)\)", r"\1, c)", c)
                 for c in calls]
    out.append("""    static int[][] grid(int[] a) {
        int[][] m = new int[37][53];
        for (int i = 0; i < 37; i++) {
            for (int j = 0; j < 53; j++) {
                m[i][j] = a[(i * 53 + j) %% a.length];
            }
        }
        return m;
    }

    static long[] flat(long[][] m) {
        long[] r = new long[m.length * m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                r[i * m[0].length + j] = m[i][j];
            }
        }
        return r;
    }

    static void print(String name, long[] r) {
        long h = 17;
        for (int i = 0; i < r.length; i++) {
            h = h * 1000003 + r[i];
        }
        System.out.println(name + " " + h + " " + r[0] + " " + r[r.length - 1]);
    }

    public static void main(String[] args) {
        int n = 4099;
        int[] a = new int[n];
        int[] b = new int[1024];
        long s = %dL;
        for (int i = 0; i < n; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            a[i] = (int) (s >>> 32);
            if (i %% 7 == 0) {
                a[i] = i %% 3 == 0 ? 0 : (i %% 5 == 0 ? -2147483648 : 2147483647);
            }
        }
        for (int i = 0; i < 1024; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            b[i] = (int) (s >> 40);
        }
%s%s
    }
}""" % (seed, table, "\n".join(calls)))
    if pairs:
        # Rows of the All-Pairs methods' matrices, and checksums of their results (the bits
        # of `float` and `double` cells: each cell sums in a fixed order, so they are exact).
        i = next(i for i, t in enumerate(out) if t.startswith("    static int[][] grid("))
        out.insert(i, PAIRS_HELPERS)
    if segments:
        i = next(i for i, t in enumerate(out) if t.startswith("    static int[][] grid("))
        out.insert(i, SEGMENT_HELPERS)
        out.append(SEGMENT_CLASSES)
    if tables or segments:
        out.append("""
class Sums {
    static long[] combine(long[] x, long[] y) {
        long[] z = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            z[i] = x[i] + y[i];
        }
        return z;
    }
}""")
    if workers:
        # The workers and the graphs' source and sink go into `Main`, before its helpers.
        at = next(i for i, t in enumerate(out) if t.lstrip().startswith("static int[][] grid("))
        out[at:at] = workers + [TASK_HELPERS_JAVA if gen.java else TASK_HELPERS]
        if gen.java:
            out.append("\nclass Underflow extends RuntimeException {\n}")
    if views or maps:
        out.append("""
value class Cell {
    int lo;
    int hi;

    Cell(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }
}""")
    print("\n".join(out))


if __name__ == "__main__":
    main()
