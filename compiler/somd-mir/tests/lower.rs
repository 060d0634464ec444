//! Snapshot tests of lowering: each program is parsed, checked, lowered and verified, and
//! the printed MIR is compared with its `insta` snapshot (source and MIR side by side).

mod common;

use common::mir;

#[test]
fn promotions_and_conversions() {
    insta::assert_snapshot!(mir(r#"
class Promote {
    static double half(double x) { return x / 2; }
    static long widen(int x) { return x; }
    public static void main(String[] args) {
        byte b = 10;
        short s = 300;
        char c = 'a';
        int i = b + s;
        long l = i * 2L;
        float f = l;
        double d = f + c;
        int neg = -b;
        int shifted = b << 2;
        long lshift = l >> i;
        boolean lt = c < 1.5;
        double h = half(i);
        double t = i > 0 ? i : 0.5;
        double[] arr = {1, 2.5f, c};
        char next = (char) (c + 1);
        System.out.println(c);
        System.out.println(next);
        System.out.println(h + t + arr[0] + widen(b) + d + " " + lt + lshift + shifted + neg);
    }
}
"#));
}

#[test]
fn compound_assignment_on_byte_and_char() {
    insta::assert_snapshot!(mir(r#"
class Compound {
    public static void main(String[] args) {
        byte b = 1;
        b += 1;
        b *= 2.5;
        b <<= 3L;
        char c = 'x';
        c += 2;
        c++;
        --b;
        int[] a = new int[3];
        a[b] -= c;
        a[0] >>>= 1;
        System.out.println(b + " " + c + " " + a[0]);
    }
}
"#));
}

#[test]
fn string_concatenation() {
    insta::assert_snapshot!(mir(r#"
class Concat {
    public static void main(String[] args) {
        int x = args.length;
        char c = 'c';
        System.out.println(1 + 2 + "x");
        System.out.println("x" + 1 + 2);
        System.out.println(x + x + "s" + c + 1.5 + x);
        System.out.println("a" + "b" + 3);
        System.out.println("p" + (x + 1));
        String s = "n=";
        s += x;
        System.out.println(s);
    }
}
"#));
}

#[test]
fn constant_folding_of_static_finals() {
    insta::assert_snapshot!(mir(r#"
class Consts {
    static final int N = 10;
    static final long M = N * 2L;
    static final String NAME = "n" + N;
    static int counter = N + 1;
    static final double TAU = Math.PI * 2;
    public static void main(String[] args) {
        final int k = 3;
        int[] a = new int[N];
        a[k] = N + k;
        long m = M;
        int big = Integer.MAX_VALUE;
        counter = counter + 1;
        int zero = 0;
        int boom = N / zero;
        System.out.println(NAME + m + big + TAU + Double.NaN + boom);
    }
}
"#));
}

#[test]
fn loops_with_labels() {
    insta::assert_snapshot!(mir(r#"
class Loops {
    public static void main(String[] args) {
        int total = 0;
        outer:
        for (int i = 0, j = 10; i < j; i++, j--) {
            for (int k = 0; ; k++) {
                if (k > i) continue outer;
                if (total > 100) break outer;
                total += k;
            }
        }
        int n = 3;
        while (n > 0) {
            n--;
            if (n == 1) break;
        }
        do {
            n++;
        } while (n < 5);
        block: {
            if (n == 5) break block;
            n = 0;
        }
        for (int i = 0; i < 2; i++) total += i;
        System.out.println(total + n);
    }
}
"#));
}

#[test]
fn somd_method_with_dist_and_reduce_plus() {
    insta::assert_snapshot!(mir(r#"
class Dot {
    static reduce(+) double dot(dist double[] a, dist double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
    static int[] scale(dist int[] a, int k) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] * k + Somd.offset(a);
        }
        return r;
    }
    public static void main(String[] args) {
        double[] a = {1, 2, 3};
        System.out.println(dot(a, a));
        System.out.println(scale(new int[]{1, 2}, 3)[1]);
    }
}
"#));
}

#[test]
fn reduce_self() {
    insta::assert_snapshot!(mir(r#"
class Sum {
    static reduce(self) int sum(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }
    public static void main(String[] args) {
        System.out.println(sum(new int[]{1, 2, 3}));
    }
}
"#));
}

#[test]
fn intermediate_reduction() {
    insta::assert_snapshot!(mir(r#"
class Norm {
    static double[] normalize(dist double[] a) {
        double norm = Math.sqrt(sumProd(a));
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] / norm;
        }
        return a;
    }
    static reduce(+) double sumProd(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * a[i];
        }
        return s;
    }
    public static void main(String[] args) {
        double[] a = {3, 4};
        System.out.println(sumProd(a));
        System.out.println(normalize(a)[0]);
    }
}
"#));
}

#[test]
fn sync_reduce_with_shared() {
    insta::assert_snapshot!(mir(r#"
class Normalize {
    static double[] normalize(dist int[] a) {
        shared double norm = 0;
        sync reduce(+) (norm) {
            for (int i = 0; i < a.length; i++) {
                norm += a[i] * a[i];
            }
        }
        norm = Math.sqrt(norm);
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / norm;
        }
        return r;
    }
    public static void main(String[] args) {
        int[] a = {3, 4};
        System.out.println(normalize(a)[1]);
    }
}
"#));
}

#[test]
fn views_and_dimensions() {
    insta::assert_snapshot!(mir(r#"
class Stencil {
    static double[] smooth(dist(view = <1,1>) double[] g) {
        dist double[] out = new double[g.length];
        for (int i = 1; i < g.length - 1; i++) {
            out[i] = (g[i - 1] + g[i] + g[i + 1]) / 3;
        }
        sync (g) {
            out[0] = g[0];
        }
        return out;
    }
    static double[][] corners(dist(polyview = <1,1>, <2,0>) double[][] m) {
        return m;
    }
    static reduce(+) double col(dist(dim = 2) double[][] m) {
        return m[0][0] + Somd.globalLength(m, 2);
    }
    public static void main(String[] args) {
        double[] g = {1, 2, 3, 4};
        double[][] m = new double[2][2];
        System.out.println(smooth(g)[1] + corners(m)[0][0] + col(m));
    }
}
"#));
}

#[test]
fn user_partitioner() {
    insta::assert_snapshot!(mir(r#"
class Rows {
    static int[] bounds(int length, int parts, int[] row) {
        int[] b = new int[parts + 1];
        for (int r = 0; r <= parts; r++) {
            b[r] = (int) ((long) length * r / parts);
        }
        return b;
    }
}
class Spmv {
    static double[] multiply(dist(Rows(row)) double[] val, dist(Rows(row)) int[] row, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) {
            y[row[i]] += val[i];
        }
        return y;
    }
    public static void main(String[] args) {
        System.out.println(multiply(new double[]{1, 2}, new int[]{0, 1}, 2)[1]);
    }
}
"#));
}

#[test]
fn value_class_map_and_reduce() {
    insta::assert_snapshot!(mir(r#"
value class P {
    float x;
    float y;
    P(float x, float y) {
        this.x = x;
        this.y = y;
    }
}
class Lime {
    static local float norm(P p, float scale) {
        return (p.x * p.x + p.y * p.y) * scale;
    }
    static local float best(float a, float b) {
        return Math.max(a, b);
    }
    public static void main(String[] args) {
        P[[]] ps = new P[[]]{new P(1, 2), new P(3, 4)};
        float[[]] ns = Lime @ norm(ps, 2);
        float total = + ! ns;
        float top = Lime.best ! ns;
        int[[]] idx = Somd.range(3);
        int[] thawed = Somd.thaw(idx);
        int[[2]] frozen = new int[[2]](new int[]{1, 2});
        int[[3]] bounded = (int[[3]]) idx;
        boolean same = ps[0] == new P(1, 2);
        System.out.println(total + top + thawed[0] + frozen[1] + bounded[2] + " " + same);
    }
}
"#));
}

#[test]
fn tasks_with_connect() {
    insta::assert_snapshot!(mir(r#"
class Pipe {
    int n = 3;
    int next() {
        if (n == 0) {
            throw new Underflow();
        }
        n--;
        return n;
    }
    static local int twice(int x) {
        return 2 * x;
    }
    static void show(int x) {
        System.out.println(x);
    }
    public static void main(String[] args) {
        Task g = task new Pipe().next => task Pipe.twice => task Pipe.show;
        g.start();
        g.finish();
    }
}
"#));
}

#[test]
fn constructors_and_fields() {
    insta::assert_snapshot!(mir(r#"
class Counter {
    static int created;
    static int[] table = {1, 2};
    int count = 5;
    long total;
    Counter() {
        created++;
    }
    Counter(int start) {
        this.count = start;
    }
    void add(int k) {
        count += k;
        total = total + count;
    }
}
class Plain {
    double w = 1;
}
class Main {
    public static void main(String[] args) {
        Counter c = new Counter(2);
        c.add(3);
        Plain p = new Plain();
        java(p);
        System.out.println(c.count + " " + Counter.created + p.w);
    }
    static void java(Plain p) {
        p.w *= 2;
    }
}
"#));
}

#[test]
fn reduction_classes() {
    insta::assert_snapshot!(mir(r#"
class Longest {
    static int combine(int a, int b) {
        return Math.max(a, b);
    }
}
class Join {
    static int[] combineAll(int[][] partials) {
        return partials[0];
    }
}
class R {
    static reduce(Longest) int longest(dist int[] a) {
        return a.length;
    }
    static reduce(Join) int[] joined(dist int[] a) {
        return a;
    }
    static void touch(dist int[] a) {
        a[0] = 1;
    }
    public static void main(String[] args) {
        int[] a = {1, 2};
        touch(a);
        System.out.println(longest(a) + joined(a)[0]);
    }
}
"#));
}

#[test]
fn builtins() {
    insta::assert_snapshot!(mir(r#"
import java.util.Random;
class B {
    public static void main(String[] args) {
        Random r = new Random(42);
        Random any = new Random();
        int n = args.length > 0 ? Integer.parseInt(args[0]) : r.nextInt(10);
        long seedless = any.nextLong();
        int rf = Math.round(1.5f);
        long rd = Math.round(2.5);
        int m = Math.max(n, 'a');
        long ml = Math.min(n, 3L);
        double s = Math.sqrt(n);
        float ab = Math.abs(-1.5f);
        long t = System.nanoTime();
        int bits = Integer.bitCount(n) + Float.floatToIntBits(ab);
        boolean nan = Double.isNaN(s);
        String f = String.format("%d-%s", n, "x");
        System.out.printf("%d %.2f %c%n", n, s, 'c');
        System.err.println();
        System.out.print(f);
        System.out.println(rf + rd + m + ml + t + bits + " " + nan + seedless + r.nextGaussian());
    }
}
"#));
}

/// `scalarize`: `span`'s table is its elements (locals `r[0]`..`r[2]`, `r.length` a
/// constant, `return r` a new array of them, in a nested `return` too) and `twice`'s two
/// tables of one name in two scopes are each their own; `passed` hands its table to a
/// call, `computed` indexes with a variable and `long_table` is longer than the limit:
/// those keep their arrays. The module verifies (every expression used once, in the
/// renumbered arena).
#[test]
fn small_tables_of_somd_methods_become_scalars() {
    insta::assert_snapshot!(mir(r#"
class T {
    static reduce(C) long[] span(dist int[] a) {
        long[] r = new long[3];
        r[0] = r.length;
        r[1] = Long.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            r[1] = Math.min(r[1], a[i]);
            r[2] += a[i];
        }
        if (a.length == 0) {
            return r;
        }
        r[2]++;
        return r;
    }
    static reduce(C) long[] passed(dist int[] a) {
        long[] r = new long[3];
        fill(r);
        return r;
    }
    static reduce(C) long[] computed(dist int[] a) {
        long[] r = new long[3];
        r[a.length % 3] = 1;
        return r;
    }
    static reduce(C) long[] long_table(dist int[] a) {
        long[] r = new long[9];
        r[0] = 1;
        return r;
    }
    static reduce(C) long[] twice(dist int[] a) {
        if (a.length > 0) {
            long[] r = new long[3];
            return r;
        }
        long[] r = new long[3];
        return r;
    }
    static void fill(long[] r) { r[0] = 1; }
    public static void main(String[] args) {
        System.out.println(span(new int[4])[0]);
    }
}
class C {
    static long[] combine(long[] x, long[] y) { return x; }
}
"#));
}

/// A host loop combining the result of a SOMD call with another array becomes a SOMD
/// method of its own (`outline_loops`): the loop over `r`, with a declared local and a
/// `Math` function, is `y = Main.main$loop1(y, r, n);`, and the method takes `y` as its
/// `dist` parameter and returns it. The loop storing at `i + 1` becomes `Main.main$loop2`
/// (ninetieth session: every store at one place `i + c`); the loop refilling `x`, which
/// each round passes to `scale`, becomes `Main.main$loop3`.
#[test]
fn host_loops_over_somd_results_become_somd_methods() {
    insta::assert_snapshot!(mir(r#"
public class Main {
    static double[] scale(dist double[] x, double k) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] * k;
        }
        return r;
    }
    public static void main(String[] args) {
        int n = args.length + 8;
        double[] x = new double[n];
        double[] y = new double[n];
        double[] z = new double[n + 1];
        for (int t = 0; t < 3; t++) {
            double[] r = scale(x, t);
            for (int i = 0; i < n; i++) {
                double d = r[i] - x[i];
                y[i] += Math.abs(d);
            }
            for (int i = 0; i < n; i++) {
                z[i + 1] += r[i];
            }
            for (int i = 0; i < n; i++) {
                x[i] = i * 0.5;
            }
        }
        System.out.println(y[0] + z[1]);
    }
}
"#));
}

/// A host loop reducing a SOMD result exactly in any order (`outline_loops`, eighty-fifth
/// session) becomes a SOMD method reducing with the loop's operator, taking the result as
/// its `dist` parameter and the accumulator's value before the loop (copied into a local,
/// as `param_copies` copies other SOMD methods' assigned parameters), and returning the
/// accumulator, which the call assigns: `t = Main.main$loop1(r, t, n)` (`+` of `long`s),
/// `m = Main.main$loop2(r, m)` (`Math.max` of `double`s). The `double` sum stays in
/// `main`: another order rounds differently.
#[test]
fn host_loops_reducing_somd_results_become_somd_methods() {
    insta::assert_snapshot!(mir(r#"
public class Main {
    static double[] scale(dist double[] x, double k) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] * k;
        }
        return r;
    }
    public static void main(String[] args) {
        int n = 8;
        double[] x = new double[n];
        long t = 0;
        double m = 0;
        double s = 0;
        for (int k = 0; k < 3; k++) {
            double[] r = scale(x, k);
            for (int i = 0; i < n; i++) {
                t += (long) r[i];
            }
            for (int i = 1; i < r.length; i++) {
                m = Math.max(m, r[i]);
            }
            for (int i = 0; i < n; i++) {
                s += r[i];
            }
        }
        System.out.println(t + m + s);
    }
}
"#));
}

/// Small helpers around SOMD calls are written into their callers (`inline_helpers`):
/// `x = once(x, b);` becomes `x = relax(x, b);`, a helper's declarations come first, an
/// argument with an effect goes to a new local first, and a helper that does anything else
/// (here: prints) stays a call.
#[test]
fn helpers_around_somd_calls_are_written_into_their_callers() {
    insta::assert_snapshot!(mir(r#"
public class Main {
    static int[] relax(dist int[] x, int[] b) {
        int o = Somd.offset(x);
        int[] y = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] + b[o + i];
        }
        return y;
    }
    static int[] once(int[] c, int[] b) {
        return relax(c, b);
    }
    static int[] twice(int[] c, int k) {
        int[] d = relax(c, c);
        return relax(d, k > 0 ? c : d);
    }
    static int[] loud(int[] c) {
        System.out.println(c.length);
        return relax(c, c);
    }
    public static void main(String[] args) {
        int[] x = new int[4];
        int[] b = {1, 2, 3, 4};
        int k = 0;
        for (int r = 0; r < 3; r++) {
            x = once(x, b);
            int[] y = twice(x, k++);
            x = loud(y);
        }
        System.out.println(x[0]);
    }
}
"#));
}
