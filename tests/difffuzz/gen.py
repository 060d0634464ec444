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

Usage: gen.py SEED [--methods N] [--throwing] [--effects] [--shapes] [--views] [--tables]
    [--preludes] > Prog.somd
"""
import random
import re
import sys

INT_CONSTS = [0, 1, -1, 2, 3, 7, 31, 32, 33, 63, 64, 255, 65535, 1000003,
              2147483647, -2147483648, -2147483647, 46341, 123456789]
LONG_CONSTS = ["0L", "1L", "-1L", "63L", "64L", "4294967296L", "9223372036854775807L",
               "-9223372036854775808L", "1234567890123L"]
DOUBLE_CONSTS = ["0.0", "0.5", "-0.5", "1.0", "3.0", "1e10", "-1e300", "1e-300",
                 "2147483648.0", "-2147483649.0", "9.3e18", "0.1"]
FLOAT_CONSTS = ["0.0f", "0.5f", "-1.5f", "3.0f", "1e10f", "0.1f", "16777217.0f"]


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

    def int_expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.2:
            return self.int_leaf()
        d = depth - 1
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

    def double_expr(self, depth):
        if depth <= 0 or self.rng.random() < 0.25:
            r = self.rng.random()
            if r < 0.5:
                return "((double) %s)" % self.int_leaf()
            return self.pick(DOUBLE_CONSTS)
        d = depth - 1
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
    rng = random.Random(seed)
    gen = Gen(rng, throwing, effects, views, tables, preludes)
    risky = rng.randrange(methods) if throwing else -1
    flags = "".join(f for f, on in ((" --throwing", throwing), (" --effects", effects),
                                    (" --shapes", shapes), (" --views", views),
                                    (" --tables", tables), (" --preludes", preludes)) if on)
    out = ["// Generated by tests/difffuzz/gen.py %d%s." % (seed, flags),
           "public class Main {"]
    kinds = []
    for k in range(methods):
        if shapes and k != risky and rng.random() < 0.6:
            # The shapes declare no `k` or `t`: their expressions take no effects.
            gen.effects = False
            text, kind = gen.shaped(k)
            gen.effects = effects
        else:
            text, kind = gen.method(k, k == risky), "array"
        if views:
            text = text.replace("int p, int q) {", "int p, int q, int[][][] c) {")
        out.append(text)
        kinds.append(kind)
    calls = []
    table = ""
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
        if kinds[k] == "matrix":
            calls.append("        print(\"m%d\", flat(m%d(grid(a), b, %d, %d)));" % (k, k, p, q))
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
    if tables:
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
    if views:
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
