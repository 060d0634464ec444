//! Tests of the analyses through `explain`: blocking constructs with positions and call
//! chains for ineligible methods, parallel-loop descriptions for eligible ones, and loop
//! dependences (insta snapshots, source next to the explanation).

mod common;

use common::{lowered, run, Outcome};
use somd_diag::SourceMap;

fn explain(source: &str) -> String {
    let module = lowered(source);
    let mut sources = SourceMap::new();
    sources.add("test.somd", source);
    let info = somd_mir::analysis::analyze(&module);
    let text = somd_mir::analysis::explain(&module, &info, &sources);
    let json = somd_mir::analysis::explain_json(&module, &info, &sources);
    assert_eq!(json.lines().count(), info.placements.len());
    format!("----- SOURCE CODE\n{}\n----- EXPLAIN\n{}", source.trim(), text)
}

#[test]
fn blocking_constructs_are_named_with_positions() {
    insta::assert_snapshot!(explain(
        r#"
import java.util.Random;
class Block {
    static int counter = 0;
    static int[] printing(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            System.out.println(a[i]);
            r[i] = a[i];
        }
        return r;
    }
    static reduce(+) long printingText(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) { s += a[i]; }
        if (s == 123456789) System.out.println("sum " + s);
        return s;
    }
    static int[] random(dist int[] a) {
        Random rnd = new Random(1);
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + rnd.nextInt(10);
        }
        return r;
    }
    static int[] counting(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            counter = counter + 1;
            r[i] = a[i];
        }
        return r;
    }
    static int log(int x) { System.out.println(x); return x; }
    static int helper(int x) { return log(x) + 1; }
    static int[] chained(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = helper(a[i]);
        }
        return r;
    }
    static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
    static int[] recursive(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = fact(a[i]);
        }
        return r;
    }
    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        printing(a); random(a); counting(a); chained(a); recursive(a);
    }
    // A final value array crosses in the statics buffer, also named by a local; a final
    // mutable array does not.
    static final int[[]] TABLE = new int[[]]{4, 5, 6, 7};
    static final int[] MUTABLE = {4, 5, 6, 7};
    static int[] tabled(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = TABLE[a[i] & 3];
        }
        return r;
    }
    static int[] mutable(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = MUTABLE[a[i] & 3];
        }
        return r;
    }
    static int[] named(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[[]] t = TABLE;
            r[i] = t[a[i] & 3];
        }
        return r;
    }
}
"#
    ));
}

#[test]
fn parallel_loops_and_reductions_are_described() {
    insta::assert_snapshot!(explain(
        r#"
class Par {
    static float[] saxpy(float alpha, dist float[] x, dist float[] y) {
        float[] r = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = alpha * x[i] + y[i];
        }
        return r;
    }
    static reduce(+) double dot(dist double[] a, dist double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
    static reduce(max) int rowMax(dist int[][] m) {
        int best = Integer.MIN_VALUE;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                best = Math.max(best, m[i][j]);
            }
        }
        return best;
    }
    static int[][] twice(dist int[][] m) {
        int[][] r = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                r[i][j] = 2 * m[i][j];
            }
        }
        return r;
    }
    static local int sq(int x) { return x * x; }
    public static void main(String[] args) {
        float[] x = {1f, 2f};
        System.out.println(saxpy(2f, x, x)[0]);
        double[] d = {1, 2};
        System.out.println(dot(d, d));
        int[][] m = {{1, 2}, {3, 4}};
        System.out.println(rowMax(m) + twice(m)[1][1]);
        int[[]] v = new int[[]]{1, 2, 3};
        System.out.println(+ ! (Par @ sq(v)));
        System.out.println(max ! v);
    }
}
"#
    ));
}

#[test]
fn loop_dependences_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class Dep {
    static int[] prefix(dist int[] a) {
        int[] r = new int[a.length];
        for (int i = 1; i < a.length; i++) {
            r[i] = r[i - 1] + a[i];
        }
        return r;
    }
    static int[] shifted(dist int[] a) {
        int[] r = new int[2 * a.length];
        for (int i = 0; i < a.length; i++) {
            r[i / 2] = a[i];
        }
        return r;
    }
    static reduce(+) int carried(dist int[] a) {
        int last = 0;
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] - last;
            last = a[i];
        }
        return s;
    }
    static reduce(+) int early(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) { break; }
            s += a[i];
        }
        return s;
    }
    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        System.out.println(prefix(a)[2] + shifted(a)[1] + carried(a) + early(a));
    }
}
"#
    ));
}

#[test]
fn stepped_loops_are_parallel_in_blocks() {
    insta::assert_snapshot!(explain(
        r#"
class Step {
    static byte[] words(dist byte[] a) {
        dist byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i += 4) {
            out[i] = a[i + 3];
            out[i + 1] = a[i + 2];
            out[2 + i] = a[i + 1];
            out[i + 3] = (byte) (a[i] + out[i + 1]);
        }
        return out;
    }
    static int[] pairs(dist int[] a, int lo) {
        int[] out = new int[a.length];
        for (int i = lo; i <= a.length - 2; i = i + 2) {
            out[i + 1] = a[i] * a[i + 1];
        }
        return out;
    }
    static reduce(+) long blocks(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i += 3) {
            s += a[i];
        }
        return s;
    }
    static int[] overlap(dist int[] a) {
        int[] out = new int[a.length + 4];
        for (int i = 0; i < a.length; i += 4) {
            out[i + 4] = a[i] + out[i];
        }
        return out;
    }
    static int[] readsNext(dist int[] a) {
        for (int i = 0; i < a.length - 4; i += 4) {
            a[i] = a[i + 4];
        }
        return a;
    }
    static int[] byParam(dist int[] a, int k) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i += k) {
            out[i] = a[i];
        }
        return out;
    }
    static int[] zeroStep(dist int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i += 0) {
            out[i] = a[i];
        }
        return out;
    }
    static int[][] rows(dist int[][] m) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i += 2) {
            for (int j = 0; j < m[0].length; j++) {
                out[i][j] = m[i][j] + m[i + 1][j];
            }
        }
        return out;
    }
    static int[][] cols(dist int[][] m) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j += 2) {
                out[i][j] = m[i][j];
            }
        }
        return out;
    }
    static long[][] nest(dist long[][] m) {
        long[][] out = new long[m.length][m[0].length];
        for (int i = 0; i < m.length; i += 2) {
            for (int j = 0; j < m[0].length; j++) {
                out[i][j] = out[i + 1][j] + m[i][j];
            }
        }
        return out;
    }
    static long[][] nestTooFar(dist long[][] m) {
        long[][] out = new long[m.length + 2][m[0].length];
        for (int i = 0; i < m.length; i += 2) {
            for (int j = 0; j < m[0].length; j++) {
                out[i + 2][j] = m[i][j] + out[i][j];
            }
        }
        return out;
    }
    public static void main(String[] args) {
        byte[] b = new byte[8];
        int[] a = new int[8];
        int[][] m = new int[4][4];
        long[][] l = new long[4][4];
        System.out.println(words(b)[0] + pairs(a, 0)[1] + blocks(a) + overlap(a)[0]
            + readsNext(a)[0] + byParam(a, 2)[0] + zeroStep(new int[0]).length
            + rows(m)[0][0] + cols(m)[0][0] + nest(l)[0][0] + nestTooFar(l)[0][0]);
    }
}
"#
    ));
}

#[test]
fn tasks_are_placed() {
    insta::assert_snapshot!(explain(
        r#"
class T {
    static int n = 0;
    static int produce() {
        if (n == 3) { throw new Underflow(); }
        n++;
        return n;
    }
    static local int square(int x) { return x * x; }
    static void show(int x) { System.out.println(x); }
    public static void main(String[] args) {
        Task t = task T.produce => task T.square => task T.show;
        t.finish();
    }
}
"#
    ));
}

/// A graph whose tasks observe each other's effects runs in Java's order, its device filter
/// on the CPU: `explain` says so under the filter, with the effect (a static one task writes
/// and another reads; two printing tasks; the heap). A graph of independent tasks says
/// nothing more (`tasks_are_placed`).
#[test]
fn tasks_sharing_effects_run_in_java_order() {
    insta::assert_snapshot!(explain(
        r#"
class T {
    static int n = 0;
    static int[] seen = new int[4];
    static int produce() {
        if (n == 3) { throw new Underflow(); }
        n++;
        return n;
    }
    static int loud() {
        if (n == 3) { throw new Underflow(); }
        n++;
        System.out.println(n);
        return n;
    }
    static local int square(int x) { return x * x; }
    static void show(int x) { if (n % 2 == 0) { System.out.println(x); } }
    static void print(int x) { System.out.println(x); }
    static void keep(int x) { seen[x % 4] = x; }
    static int look(int x) { return seen[0] + x; }
    public static void main(String[] args) {
        Task t = task T.produce => task T.square => task T.show;
        t.finish();
        n = 0;
        Task u = task T.loud => task T.square => task T.print;
        u.finish();
        n = 0;
        Task v = task T.produce => task T.look => task T.square => task T.keep;
        v.finish();
    }
}
"#
    ));
}

/// A graph built in pieces through locals is followed to its whole (probe 95: no "Java's
/// order" line for `head => task T.print` when `head` held the rest); a piece a helper
/// returns, or a local assigned again, is not followed.
#[test]
fn graphs_built_in_pieces_are_followed_through_locals() {
    insta::assert_snapshot!(explain(
        r#"
class T {
    static int n = 0;
    static int loud() {
        if (n == 3) { throw new Underflow(); }
        n++;
        System.out.println(n);
        return n;
    }
    static local int square(int x) { return x * x; }
    static local int twice(int x) { return 2 * x; }
    static local int half(int x) { return x / 2; }
    static void print(int x) { System.out.println(x); }
    static Task head() { return task T.loud => task T.half; }
    public static void main(String[] args) {
        Task src = task T.loud;
        Task mid = src => task T.square;
        Task g = mid => task T.print;
        g.finish();
        n = 0;
        Task h = head() => task T.print;
        h.finish();
        n = 0;
        Task a = task T.loud;
        a = a => task T.twice;
        Task b = a => task T.print;
        b.finish();
    }
}
"#
    ));
}

/// An accumulator update whose value the loop reads (`u += c++`, `t = (c += v)`) is no
/// reduction: a work-item would read its own partial, not the running value. The same
/// update as a statement is (`tests/run/device_update_values.somd` runs both).
#[test]
fn updates_read_as_values_are_not_reductions() {
    insta::assert_snapshot!(explain(
        r#"
class T {
    static reduce(max) int post(dist int[] d, int[] a) {
        int c = 0; int u = 0;
        for (int i = 0; i < a.length; i++) { u += c++; }
        return u + c;
    }
    static reduce(max) int assigned(dist int[] d, int[] a) {
        int c = 0; int u = 0;
        for (int i = 0; i < a.length; i++) { int t = (c += a[i]); u += t; }
        return u + c;
    }
    static reduce(+) int counted(dist int[] a) {
        int c = 0;
        for (int i = 0; i < a.length; i++) { if (a[i] > 0) { c++; } c += a[i]; }
        return c;
    }
    public static void main(String[] args) {
        int[] a = new int[8];
        System.out.println(T.post(a, a) + T.assigned(a, a) + T.counted(a));
    }
}
"#
    ));
}

/// An expression nested deeper than OpenCL C compilers take keeps its method on the CPU,
/// named at the statement's expression; a shallower one of the same form stays eligible
/// (`tests/run/device_deep_expressions.somd` runs both).
#[test]
fn expressions_too_deep_for_device_compilers_are_named() {
    let method = |name: &str, terms: usize| {
        format!(
            "    static int[] {name}(dist int[] a) {{\n        int[] r = new int[a.length];\n        \
             for (int i = 0; i < a.length; i++) {{\n            r[i] = {};\n        }}\n        \
             return r;\n    }}\n",
            vec!["a[i]"; terms].join(" + ")
        )
    };
    let source = format!(
        "class T {{\n{}{}    public static void main(String[] args) {{\n        \
         System.out.println(deep(new int[4])[0] + shallow(new int[4])[0]);\n    }}\n}}\n",
        method("deep", 260),
        method("shallow", 120)
    );
    let report = explain(&source);
    let lines: Vec<&str> =
        report.lines().filter(|l| l.contains("T.") || l.contains("runs on")).collect();
    assert_eq!(
        lines[..4],
        [
            "test.somd:2:5: SOMD method T.deep",
            "  runs on: CPU",
            "test.somd:9:5: SOMD method T.shallow",
            "  runs on: OpenCL device when available (eligible), else CPU",
        ]
    );
    assert!(
        report.contains(
            "not on the device: expression nested 264 levels deep in kernel code (OpenCL C \
             compilers take about 128; split it into locals) at test.somd:5:13"
        ),
        "{report}"
    );
}

#[test]
fn every_sample_is_explained_without_panicking() {
    // The checker, lowering and analyses recurse as deep as a program nests (the corpus
    // has a thousand nested `if`s): on a stack as large as the driver's.
    let runner = std::thread::Builder::new().stack_size(256 << 20).spawn(explain_the_corpus);
    if let Err(panic) = runner.expect("a test thread").join() {
        std::panic::resume_unwind(panic);
    }
}

fn explain_the_corpus() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for dir in ["samples", "tests/run"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "somd") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            let name = path.display().to_string();
            if let Outcome::Lowered(module, _) = run(&[(name.as_str(), text.as_str())]) {
                let mut sources = SourceMap::new();
                sources.add(name.as_str(), text.as_str());
                let info = somd_mir::analysis::analyze(&module);
                println!("{}", somd_mir::analysis::explain(&module, &info, &sources));
            }
        }
    }
}

#[test]
fn sync_bodies_become_one_kernel_per_parallel_loop() {
    insta::assert_snapshot!(explain(
        r#"
class Sync {
    static reduce(+) long relax(dist(view = <1,1>, <1,1>) long[][] g,
                                dist(view = <1,1>, <1,1>) long[][] h, int rounds, int sweeps) {
        long scale = 3;
        for (int r = 0; r < rounds; r++) {
            for (int s = 0; s < sweeps - 1; s++) {
                sync (h) {
                    for (int i = 1; i < g.length - 1; i++) {
                        for (int j = 1; j < g[i].length - 1; j++) {
                            h[i][j] = (g[i - 1][j] + g[i + 1][j] + r + s) % 65521;
                        }
                    }
                }
                sync (g) {
                    for (int i = 1; i < h.length - 1; i++) {
                        for (int j = 1; j < h[i].length - 1; j++) {
                            g[i][j] = (h[i][j] * scale) % 65521;
                        }
                    }
                }
            }
        }
        long total = 0;
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) {
                total += g[i][j];
            }
        }
        return total;
    }
    static double[] decay(dist double[] x, int steps) {
        double[] trace = new double[x.length];
        sync {
            for (int i = 0; i < x.length; i++) trace[i] = x[i];
        }
        for (int p = 0; p < steps; p++) {
            sync {
                for (int i = 0; i < x.length; i++) x[i] = x[i] * 0.5 + p;
                for (int i = 0; i < x.length; i++) trace[i] = trace[i] + x[i];
            }
        }
        return trace;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn sync_reduce_and_host_statements_run_on_the_device() {
    insta::assert_snapshot!(explain(
        r#"
class Sync {
    static double[] normalize(dist double[] a) {
        shared double norm = 0;
        sync reduce(+) (norm) {
            for (int i = 0; i < a.length; i++) norm += a[i] * a[i];
        }
        norm = Math.sqrt(norm);
        double[] result = new double[a.length];
        for (int i = 0; i < a.length; i++) result[i] = a[i] / norm;
        return result;
    }
    static reduce(min) long rounds(dist long[] a, dist long[] b, int steps) {
        shared long m = 0;
        shared long count = 0;
        long mix = 1;
        for (int r = 0; r < steps; r++) {
            m = Long.MIN_VALUE;
            sync reduce(max) (m) {
                for (int i = 0; i < a.length; i++) m = Math.max(m, a[i]);
            }
            sync reduce(+) (count) {
                count = a.length;
            }
            mix = mix * 31 + m + r;
            sync {
                for (int i = 0; i < a.length; i++) b[i] = a[i] * mix;
            }
        }
        return mix - count;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Host control flow around kernels: `while` and `do`/`while` loops, `for` loops the host
/// cannot count (a test reading a host scalar, no test, a step of 2), `if`/`else`,
/// `break` and `continue` (labelled too), a test making an intermediate reduction, and a
/// reduction under a host loop or `if` folded by the host; and what stays on the CPU.
#[test]
fn host_control_flow_runs_on_the_host_around_kernels() {
    insta::assert_snapshot!(explain(
        r#"
class Flow {
    static reduce(+) double sumSq(double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * a[i];
        return s;
    }
    static double[] converge(dist double[] a, double eps) {
        shared double diff = eps + 1;
        int sweeps = 0;
        while (diff > eps && sweeps < 1000) {
            diff = 0;
            sync reduce(max) (diff) {
                for (int i = 0; i < a.length; i++) {
                    double next = a[i] * 0.5;
                    diff = Math.max(diff, Math.abs(next - a[i]));
                    a[i] = next;
                }
            }
            sweeps++;
        }
        return a;
    }
    static int[] settle(dist int[] a) {
        shared int moved = 0;
        do {
            moved = 0;
            sync reduce(+) (moved) {
                for (int i = 0; i < a.length; i++) {
                    moved += a[i] > 0 ? 1 : 0;
                    a[i] = a[i] / 2;
                }
            }
        } while (moved > 0);
        return a;
    }
    static double[] shrink(dist double[] a) {
        while (sumSq(a) > 1.0) {
            sync {
                for (int i = 0; i < a.length; i++) a[i] = a[i] * 0.5;
            }
        }
        return a;
    }
    static long[] rounds(dist long[] a, int steps, long stop) {
        shared long total = 0;
        outer:
        for (int p = 0; p < steps && total < stop; p += 2) {
            for (int q = 0; q < 3; q++) {
                if (q == p) continue;
                if (q > p + 4) continue outer;
                total = 0;
                sync reduce(+) (total) {
                    for (int i = 0; i < a.length; i++) {
                        a[i] = a[i] + q;
                        total += a[i];
                    }
                }
                if (total > stop * 2) break outer;
            }
        }
        return a;
    }
    static long[] forever(dist long[] a, int k) {
        int r = 0;
        for (;;) {
            sync {
                for (int i = 0; i < a.length; i++) a[i] = a[i] + r;
            }
            r++;
            if (r >= k) break;
        }
        return a;
    }
    static int[] pick(dist int[] a, int k) {
        dist int[] out = new int[a.length];
        if (k > 0) {
            for (int i = 0; i < a.length; i++) out[i] = a[i] * k;
        } else {
            for (int i = 0; i < a.length; i++) out[i] = -a[i];
        }
        return out;
    }
    static reduce(+) long folded(dist long[] a, int steps) {
        long s = 0;
        for (int p = 0; p < steps; p++) {
            sync {
                for (int i = 0; i < a.length; i++) a[i] = a[i] + p;
            }
            if (p % 2 == 0) {
                long w = p + 1;
                for (int i = 0; i < a.length; i++) s += a[i] * w;
            }
        }
        return s;
    }
    static long[] testReadsWritten(dist long[] a, long[] b) {
        while (b[0] < 100) {
            for (int i = 0; i < b.length; i++) b[i] = b[i] * 2 + 1;
        }
        return a;
    }
    static long[] returns(dist long[] a, int k) {
        if (k > 0) {
            for (int i = 0; i < a.length; i++) a[i] = a[i] + k;
            return a;
        }
        return a;
    }
    static long[] writesElement(dist long[] a, long[] b, int k) {
        if (k > 0) {
            b[0] = 3;
        }
        for (int i = 0; i < a.length; i++) a[i] = a[i] + b[0];
        return a;
    }
    static reduce(+) long lastInBranch(dist long[] a, int k) {
        long s = 0;
        if (k > 0) {
            for (int i = 0; i < a.length; i++) s += a[i];
        }
        return s;
    }
    static long[] notParallel(dist long[] a, int k) {
        while (k > 0) {
            for (int i = 1; i < a.length; i++) a[i] = a[i - 1] + 1;
            k = k - 1;
        }
        return a;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn sync_bodies_the_device_does_not_run_name_the_construct() {
    insta::assert_snapshot!(explain(
        r#"
class Sync {
    static long[] between(dist long[] a, dist long[] b, int steps) {
        for (int p = 0; p < steps; p++) {
            sync (b) {
                for (int i = 0; i < a.length; i++) b[i] = a[i] + 1;
            }
            b[0] = p;
        }
        return b;
    }
    static reduce(max) long guarded(dist long[] a, int steps) {
        shared long total = 0;
        if (steps > 2) {
            sync reduce(+) (total) {
                for (int i = 0; i < a.length; i++) total += a[i];
            }
        }
        return total;
    }
    static reduce(max) long elementRead(dist long[] a) {
        shared long total = 0;
        sync reduce(+) (total) {
            for (int i = 0; i < a.length; i++) total += a[i];
        }
        total = total + a[0];
        return total;
    }
    static long[] dependent(dist long[] a, dist long[] b, int steps) {
        for (int p = 0; p < steps; p++) {
            sync {
                for (int i = 1; i < a.length; i++) a[i] = a[i - 1] + b[i];
            }
        }
        return a;
    }
    static long[] strided(dist long[] a, dist long[] b, int steps) {
        for (int p = 0; p < steps; p += 2) {
            sync {
                for (int i = 0; i < a.length; i++) b[i] = a[i];
            }
        }
        return b;
    }
    static long[] setup(dist long[] a, dist long[] b, int steps) {
        long first = a[0];
        for (int p = 0; p < steps; p++) {
            sync {
                for (int i = 0; i < a.length; i++) b[i] = a[i] + first;
            }
        }
        return b;
    }
    static reduce(max) long elementWritten(dist long[] a) {
        shared long total = 0;
        sync reduce(+) (total) {
            for (int i = 0; i < a.length; i++) total += a[i];
        }
        sync {
            for (int i = 0; i < a.length; i++) a[i] = a[i] * 2;
        }
        total = total + a[0];
        return total;
    }
    static long[] setupWritten(dist long[] a, dist long[] b, int steps) {
        long first = b[0];
        for (int p = 0; p < steps; p++) {
            sync {
                for (int i = 0; i < a.length; i++) b[i] = a[i] + first;
            }
        }
        return b;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// A scalar parameter the body assigns is a local copy (`param_copies`): a host scalar the
/// host keeps and passes to the kernels at each launch, where a user strategy's argument
/// still reads the parameter as the call passed it.
#[test]
fn assigned_parameters_are_host_scalars() {
    insta::assert_snapshot!(explain(
        r#"
class Halves {
    static int[] bounds(int length, int parts, int min) {
        int[] b = new int[parts + 1];
        for (int r = 0; r <= parts; r++) b[r] = length * r / parts;
        return b;
    }
}
class Params {
    static long[] countdown(dist long[] a, dist long[] b, int steps) {
        while (steps > 0) {
            sync (b) {
                for (int i = 0; i < a.length; i++) b[i] = a[i] + steps;
            }
            steps--;
        }
        return b;
    }
    static long[] shrinking(dist long[] a, dist long[] b, int steps) {
        for (int p = 0; p < steps; p++) {
            sync (b) {
                for (int i = 0; i < a.length; i++) b[i] = a[i] + 1;
            }
        }
        steps = 0;
        return b;
    }
    static reduce(+) long user(dist(Halves(n)) int[] a, int n) {
        n = n * 2;
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * n;
        return s;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Scalars declared before a loop that every iteration writes before reading, and that
/// nothing after the loop reads, are the iteration's own (`privatize`); a scalar whose
/// last value is read after the loop, one an iteration may read before writing it (an
/// `if` without `else`, a write in the right operand of `&&`, a write in a nested loop
/// that may run no iteration), and one the loop's test reads stay loop-carried.
#[test]
fn temporaries_declared_before_a_loop_are_the_iterations_own() {
    insta::assert_snapshot!(explain(
        r#"
class Temps {
    static double[] both(dist double[] x) {
        double t;
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            if (x[i] > 0) t = x[i]; else t = -x[i];
            out[i] = t * 2;
        }
        return out;
    }
    static double[] conditional(dist double[] x) {
        double t;
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] > 0 ? (t = x[i]) * t : 0.0;
        }
        return out;
    }
    static reduce(+) double liveAfter(dist double[] x) {
        double t = 0;
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            t = x[i];
            s += t;
        }
        return s + t;
    }
    static reduce(+) double maybe(dist double[] x) {
        double t = 0;
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            if (x[i] > 0.5) t = x[i];
            s += t;
        }
        return s;
    }
    static double[] shortCircuit(dist double[] x) {
        double t = 0;
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            if (x[i] > 0 && (t = x[i] * 2) > 1) out[i] = 1;
            out[i] += t;
        }
        return out;
    }
    static double[] nested(dist double[][] m) {
        double t = 0;
        double[] out = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) t = m[i][j];
            out[i] = t;
        }
        return out;
    }
    static int[] tested(dist int[] a) {
        int t = 0;
        int[] out = new int[a.length];
        for (int i = 0; i < a.length && t < 100; i++) {
            t = a[i];
            out[i] = t;
        }
        return out;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Counted loops in other Java forms (`loop_forms`) are parallel loops: a mirrored test, an
/// index declared before its loop (`int i, j;` over a 2-D nest and over two inner loops of
/// a row loop), `while` loops counting up, by 2 and down, a `for` without an initialiser
/// and a search written as a `while` loop. Those whose rewrite would change Java's meaning
/// keep their form, on the CPU: an index read after its loop, a `while` whose `continue`
/// follows another update than the loop's last statement (one whose `continue`s each follow
/// that update is a counted loop), an index whose declaration is separated from its loop by a statement
/// that may change its start, and a mirrored test with an effect. A test mirrored between
/// two locals names the loop's index; an inner `while` whose update reads a local of its
/// body keeps its form inside the parallel loop; a host `for` loop updating a host scalar
/// runs its rounds on the host around the kernel. A test of two bounds (`i < a.length && i
/// < b.length`) is a loop to their `Math.min`, unless a bound divides by a variable or
/// reads a row (Java may skip it, or fail on it); a host loop's test of two bounds is a
/// host `while` loop.
#[test]
fn loop_forms_are_counted_loops() {
    insta::assert_snapshot!(explain(
        r#"
class Forms {
    static void mirrored(dist int[] a) {
        for (int i = 0; a.length > i; i++) { a[i] = a[i] + 1; }
    }
    static void nest(dist double[][] m) {
        int i, j;
        for (i = 0; i < m.length; i++) {
            for (j = 0; j < m[i].length; j++) { m[i][j] = m[i][j] * 2; }
        }
    }
    static void rows(dist double[][] m) {
        int i, j;
        for (i = 0; i < m.length; i++) {
            double s = 0;
            for (j = 0; j < m[i].length; j++) { s += m[i][j]; }
            for (j = 0; j < m[i].length; j++) { m[i][j] -= s; }
        }
    }
    static void up(dist int[] a) {
        int i = 0;
        while (i < a.length) { a[i] = a[i] * 3; i++; }
    }
    static void odd(dist int[] a) {
        int i = 1;
        int unrelated = 4;
        while (a.length > i) { a[i] = -a[i] + unrelated; i += 2; }
    }
    static void down(dist int[] a) {
        int i = a.length - 1;
        while (i >= 0) { a[i] = a[i] - 1; i--; }
    }
    static void postDown(dist int[] a) {
        for (int i = a.length; i-- > 0; ) { a[i] = a[i] - 1; }
    }
    static void postDownTo(dist int[] a, int lo) {
        for (int i = a.length; i-- > lo; ) { a[i] = a[i] - 1; }
    }
    static reduce(+) long noInit(dist int[] a) {
        long s = 0;
        int i = 0;
        for (; i < a.length; i++) { s += a[i]; }
        return s;
    }
    static reduce(min) int search(dist int[] a, int key) {
        int at = Integer.MAX_VALUE;
        int i = 0;
        while (i < a.length) {
            if (a[i] == key) { at = Somd.offset(a) + i; break; }
            i++;
        }
        return at;
    }
    static reduce(+) int readAfter(dist int[] a) {
        int i;
        for (i = 0; i < a.length; i++) { a[i] = 0; }
        return i;
    }
    static void skips(dist int[] a) {
        int i = 0;
        while (i < a.length) {
            if (a[i] < 0) { i++; continue; }
            a[i] = 1;
            i++;
        }
    }
    static void skipsTwo(dist int[] a) {
        int i = 0;
        while (i < a.length) {
            if (a[i] < 0) { i += 2; continue; }
            a[i] = 1;
            i++;
        }
    }
    static void moved(dist int[] a, int lo) {
        int i = lo;
        lo = 0;
        while (i < a.length) { a[i] = lo; i++; }
    }
    static void effect(dist int[] a, int[] k) {
        for (int i = 0; a.length - k[0]++ > i; i++) { a[i] = 0; }
    }
    static void locals(dist int[] a) {
        int n = a.length;
        for (int i = 0; n > i; i++) { a[i] = a[i] + n; }
    }
    static void hop(dist int[] a, int[] g) {
        for (int r = 0; r < a.length; r++) {
            int s = 0;
            int i = 0;
            while (i < g.length) { int w = 1 + (g[i] & 1); s += g[i]; i += w; }
            a[r] = s;
        }
    }
    static void pair(dist int[] a, dist int[] b) {
        for (int i = 0; i < a.length && i < b.length; i++) { a[i] = a[i] + b[i]; }
    }
    static void divided(dist int[] a, int n) {
        for (int i = 0; i < a.length / n && i < a.length; i++) { a[i] = 0; }
    }
    static void rowBound(dist int[] a, int[][] m) {
        for (int i = 0; i < a.length && i < m[i].length; i++) { a[i] = 0; }
    }
    static void hostBound(dist int[] a, int k) {
        for (int r = 0; r < k && r < a.length; r++) {
            for (int i = 0; i < a.length; i++) { a[i] = a[i] + 1; }
        }
    }
    static void rounds(dist int[] a, int k) {
        int c = 0;
        for (int r = 0; r < k; r++) {
            c = c + 2;
            for (int i = 0; i < a.length; i++) { a[i] = a[i] + c; }
        }
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Searches at the top level of a SOMD body that leave their loop at the first match
/// (`first_match`) are argument minima of the matching iteration: `break` with payloads,
/// `break` of the loop's label, `return` in the loop with the `return` after it. A search
/// whose test may fail, one nested in another loop, one whose body does more than assign
/// and leave, and one whose assignment may fail stay on the CPU; one stepping by 2 runs.
/// Searches stepping down to a constant of at least 0 are argument maxima; one stepping
/// down to a parameter or below 0 stays on the CPU.
#[test]
fn searches_are_first_matches() {
    insta::assert_snapshot!(explain(
        r#"
class Search {
    static reduce(min) int first(dist int[] a) {
        int at = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) { at = Somd.offset(a) + i; break; }
        }
        return at;
    }
    static reduce(min) long labelled(dist long[] a, long key) {
        long at = Long.MAX_VALUE;
        long seen = 0;
        find:
        for (int i = 1; i < a.length; i++) {
            if (a[i] == key && a[i - 1] != key) { at = Somd.offset(a) + i; seen = a[i - 1]; break find; }
        }
        return at == Long.MAX_VALUE ? at : at * 4 + (seen & 3);
    }
    static reduce(min) int indexOf(dist int[] a, int key) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == key) return Somd.offset(a) + i;
        }
        return Integer.MAX_VALUE;
    }
    static reduce(min) int fragile(dist int[] a, int[] table) {
        int at = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (table[a[i]] < 0) { at = i; break; }
        }
        return at;
    }
    static reduce(min) int stepped(dist int[] a) {
        int at = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i += 2) {
            if (a[i] < 0) { at = i; break; }
        }
        return at;
    }
    static reduce(min) int busy(dist int[] a) {
        int at = Integer.MAX_VALUE;
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            n++;
            if (a[i] < 0) { at = i; break; }
        }
        return at + n;
    }
    static reduce(min) int costly(dist int[] a, int[] table) {
        int at = Integer.MAX_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) { at = table[-a[i]]; break; }
        }
        return at;
    }
    static reduce(max) int last(dist int[] a) {
        int at = -1;
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] < 0) { at = Somd.offset(a) + i; break; }
        }
        return at;
    }
    static reduce(max) int lastPair(dist int[] a) {
        for (int i = a.length - 2; i > -1; i -= 2) {
            if (a[i] == a[i + 1]) return i;
        }
        return -1;
    }
    static reduce(max) int downToParam(dist int[] a, int lo) {
        int at = -1;
        for (int i = a.length - 1; i >= lo; i--) {
            if (a[i] < 0) { at = i; break; }
        }
        return at;
    }
    static reduce(max) int belowZero(dist int[] a) {
        int at = -1;
        for (int i = a.length - 1; i >= -1; i--) {
            if (i < 0 || a[i] < 0) { at = i; break; }
        }
        return at;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn assignments_inside_expressions_run_on_the_device_in_javas_order() {
    insta::assert_snapshot!(explain(
        r#"
class Effects {
    static int[] keyed(dist int[] a, int[] key) {
        dist int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = 0;
            int n = 3;
            int x = a[i];
            while (--n >= 0) x = x * 31 + key[k++];
            out[i] = x;
        }
        return out;
    }
    static double[][] columns(dist(dim = 2) double[][] m) {
        for (int j = 0; j < m[0].length; j++) {
            m[0][j] = m[1][j] * 2.0;
            m[1][j] = m[0][j] + j;
        }
        return m;
    }
    static int[] unordered(dist int[] a) {
        dist int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = i;
            out[i] = k++ + k;
        }
        return out;
    }
    static float[] floats(dist float[] a) {
        dist float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            float f = a[i];
            out[i] = f++;
        }
        return out;
    }
    static int[] twice(dist int[] a, int[] b) {
        dist int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int k = 0;
            b[k++] += 1;
            out[i] = b[0];
        }
        return out;
    }
    static double[][] rows(dist(dim = 2) double[][] m) {
        for (int j = 0; j < m[0].length; j++) {
            m[0][j] = m[0][j + 1];
        }
        return m;
    }
    static int[] header(dist int[] a) {
        dist int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int s = 0;
            for (int j = 1; j < 100; j = j++ + j) {
                s += j;
            }
            out[i] = s + a[i];
        }
        return out;
    }
    static int[] headerPlace(dist int[] a, int[] b) {
        dist int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] t = new int[8];
            int k = 0;
            for (int j = 0; j < 4; t[k++] += j++) {
                out[i] += t[j];
            }
        }
        return out;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn histogram_bodies_run_on_the_device_or_name_the_blocker() {
    insta::assert_snapshot!(explain(
        r#"
class LSums {
    static long[] combine(long[] a, long[] b) { return a; }
}
class DSums {
    static double[] combine(double[] a, double[] b) { return a; }
}
class ISums {
    static int[] combineAll(int[][] parts) { return parts[0]; }
}
class Hist {
    static reduce(LSums) long[] counts(dist int[] keys, int k) {
        long[] t = new long[2 * k + 1];
        for (int i = 0; i < keys.length; i++) {
            t[keys[i] % k] += keys[i];
            t[2 * k]++;
        }
        return t;
    }
    static reduce(DSums) double[] floats(dist double[] v, int k) {
        double[] t = new double[k];
        for (int i = 0; i < v.length; i++) t[(int) v[i] % k] += v[i];
        return t;
    }
    static reduce(ISums) int[] mixed(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int i = 0; i < keys.length; i++) {
            t[keys[i] % k] += 1;
            t[keys[i] % k] |= 1;
        }
        return t;
    }
    static reduce(ISums) int[] reads(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int i = 0; i < keys.length; i++) {
            t[keys[i] % k] += t[0];
        }
        return t;
    }
    static reduce(ISums) int[] products(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int i = 0; i < keys.length; i++) t[keys[i] % k] *= 3;
        return t;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Tables of per-entry maxima and minima (`t[e] = Math.max(t[e], v)`, either argument
/// order) and tables an earlier loop fills with one constant run on the device; a `long`
/// maximum, an update reading another entry, an effect evaluated before the entry's read,
/// a mixed fill and a fill that is not a constant name their blocker.
#[test]
fn histogram_extrema_and_filled_tables() {
    insta::assert_snapshot!(explain(
        r#"
class IMax {
    static int[] combine(int[] a, int[] b) { return a; }
}
class LMax {
    static long[] combine(long[] a, long[] b) { return a; }
}
class Ext {
    static reduce(IMax) int[] maxima(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) t[j] = Integer.MIN_VALUE;
        for (int i = 0; i < keys.length; i++) {
            int b = keys[i] % k;
            t[b] = Math.max(t[b], keys[i] >> 3);
        }
        return t;
    }
    static reduce(IMax) int[] minima(dist int[] keys, int k) {
        int[] t = new int[2 * k];
        for (int j = 0; j < 2 * k; j++) {
            t[j] = 77;
        }
        for (int i = 0; i < keys.length; i++) t[keys[i] & 7] = Math.min(keys[i] - 1, t[keys[i] & 7]);
        return t;
    }
    static reduce(IMax) int[] counted(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) t[j] = -1;
        for (int i = 0; i < keys.length; i++) t[keys[i] % k] &= keys[i];
        return t;
    }
    static reduce(LMax) long[] wide(dist long[] v, int k) {
        long[] t = new long[k];
        for (int i = 0; i < v.length; i++) t[(int) (v[i] & 7)] = Math.max(t[(int) (v[i] & 7)], v[i]);
        return t;
    }
    static reduce(IMax) int[] shifted(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int i = 0; i < keys.length; i++) t[keys[i] % k] = Math.max(t[keys[i] % k + 1], 3);
        return t;
    }
    static reduce(IMax) int[] counting(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int i = 0; i < keys.length; i++) {
            int c = keys[i];
            int d;
            t[c % k] = Math.max(d = c >> 1, t[c % k]);
        }
        return t;
    }
    static reduce(IMax) int[] staggered(dist int[] keys, int k) {
        int[] t = new int[k];
        for (int j = 0; j < t.length; j++) t[j] = j;
        for (int i = 0; i < keys.length; i++) t[keys[i] % k] = Math.max(t[keys[i] % k], keys[i]);
        return t;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Segmented sums: a `float`/`double` table updated only at `p[i]` (an `int[]` parameter at
/// the loop index, one `p`, loop `0..hi` by 1) runs on the device when `p` is sorted; every
/// other floating-point shape keeps the float refusal (the last one with the loop it needs).
#[test]
fn segmented_sums_over_a_sorted_index_or_the_float_refusal() {
    insta::assert_snapshot!(explain(
        r#"
class DSums {
    static double[] combine(double[] a, double[] b) { return a; }
}
class FSums {
    static float[] combine(float[] a, float[] b) { return a; }
}
class Seg {
    static reduce(DSums) double[] spmv(dist double[] val, dist int[] row, dist int[] col,
                                       double[] x, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) {
            y[row[i]] += val[i] * x[col[i]];
        }
        return y;
    }
    static reduce(FSums) float[] counts(dist float[] w, dist int[] row, int n) {
        float[] t = new float[n];
        for (int i = 0; i < w.length; i++) {
            if (w[i] > 0) t[row[i]] += w[i] * 0.5; else t[row[i]]--;
        }
        return t;
    }
    static reduce(DSums) double[] shifted(dist double[] val, dist int[] row, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) y[row[i] + 1] += val[i];
        return y;
    }
    static reduce(DSums) double[] twoKeys(dist double[] val, dist int[] row, dist int[] col,
                                          int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) {
            y[row[i]] += val[i];
            y[col[i]] += val[i];
        }
        return y;
    }
    static reduce(DSums) double[] notAtI(dist double[] val, dist int[] row, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length - 1; i++) y[row[i + 1]] += val[i];
        return y;
    }
    static reduce(DSums) double[] scaled(dist double[] val, dist int[] row, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i++) y[row[i]] *= val[i];
        return y;
    }
    static reduce(DSums) double[] stepped(dist double[] val, dist int[] row, int n) {
        double[] y = new double[n];
        for (int i = 0; i < val.length; i += 2) y[row[i]] += val[i];
        return y;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Locals of array type (`alias.rs`): rows of a 2-D parameter and 1-D parameters under
/// another name run on the device; writes through them are checked as writes to their
/// source; the shapes a pointer and a length cannot hold are refused with the reason.
#[test]
fn array_locals_alias_parameters_or_name_the_refusal() {
    insta::assert_snapshot!(explain(
        r#"
class Alias {
    static double[][] rows(dist double[][] a, int k) {
        for (int i = 0; i < a.length; i++) {
            double[] r = a[i];
            r[k] = r[k] * 2.0;
        }
        return a;
    }
    static double[][] column(dist double[][] a, int k) {
        for (int i = 0; i < a[0].length; i++) {
            double[] r = a[k];
            r[i] = r[i] + 1.0;
        }
        return a;
    }
    static double[][] other(dist double[][] a, int k) {
        for (int i = 0; i < a.length; i++) {
            double[] r = a[k];
            r[0] = r[0] + i;
        }
        return a;
    }
    static int[] neighbour(dist int[][] m) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int[] r = m[(i + 1) % m.length];
            out[i] = r[0];
        }
        return out;
    }
    static int[] compared(dist int[][] m, int[] w) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int[] r = m[i];
            out[i] = r == w ? 1 : 0;
        }
        return out;
    }
    static int[] sources(dist int[][] m, int[] w) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int[] r = m[i];
            if (i == 0) {
                r = w;
            }
            out[i] = r[0];
        }
        return out;
    }
    static int[] chosen(dist int[][] m, int[] w) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            int[] r = i == 0 ? w : m[i];
            out[i] = r[0];
        }
        return out;
    }
    static int[][] outputRows(dist int[][] m) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            int[] o = out[i];
            for (int j = 0; j < o.length; j++) {
                o[j] = m[i][j] + 1;
            }
        }
        return out;
    }
    static int[][] outputShared(dist int[][] m, int k) {
        int[][] out = new int[m.length][m[0].length];
        for (int i = 0; i < m.length; i++) {
            int[] o = out[k];
            o[0] = m[i][0];
        }
        return out;
    }
    public static void main(String[] args) {
        double[][] a = new double[2][2];
        int[][] m = new int[2][2];
        int[] w = {1, 2};
        rows(a, 1); column(a, 1); other(a, 1);
        neighbour(m); compared(m, w); sources(m, w); chosen(m, w);
        outputRows(m); outputShared(m, 1);
    }
}
"#
    ));
}

/// 2-D locals naming planes of a 3-D parameter (`alias.rs`): read and written through, in
/// a loop over planes or reading a fixed plane; a write through one is a write of each row
/// it may name, so a plane other than the iteration's own keeps the loop on the CPU, as do
/// a row of it replaced, a 2-D local naming a 2-D parameter, one passed to a helper that
/// writes it, and, in a 2-D nest over rows `c[i][j]`, a read of another row of the plane.
/// Array locals of the body's setup, before the loop (`fixed`, `row`), are read by every
/// work-item, and their lengths are their parameter's (`sized`: a 2-D NDRange whose
/// columns are a plane's rows; `maxOf`: a nest over a plane's rows and their elements);
/// writing through one (`setupWrite`), or one naming an
/// array the loop writes (`setupWritten`), is refused. A 1-D local naming a row of a plane local is a row of the
/// 3-D parameter: written in the iteration's own plane (`chainOwn`), or in a 2-D nest its
/// own row (`chainNest`), but not another iteration's (`chainOther`).
#[test]
fn plane_locals_name_planes_of_3d_parameters_or_the_refusal() {
    insta::assert_snapshot!(explain(
        r#"
class Planes {
    static double sum(double[][] q) {
        return q[0][0] + q[q.length - 1][0];
    }
    static void bump(double[][] q) {
        q[0][0] = 1.0;
    }
    static double[] stencil(dist int[] cells, double[][][] v, int k) {
        double[] out = new double[cells.length];
        for (int c = 0; c < cells.length; c++) {
            double[][] p = v[k];
            out[c] = p[cells[c] % p.length][0] + sum(p);
        }
        return out;
    }
    static double[][][] own(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            double[][] p = a[i];
            for (int r = 0; r < p.length; r++) {
                p[r][0] = p[r][0] + r;
            }
        }
        return a;
    }
    static double[][][] next(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            double[][] p = a[(i + 1) % a.length];
            p[0][0] = i;
        }
        return a;
    }
    static double[][][] replaced(dist(dim = 1) double[][][] a, double[] w) {
        for (int i = 0; i < a.length; i++) {
            double[][] p = a[i];
            p[0] = w;
        }
        return a;
    }
    static double[] whole(dist double[][] m) {
        double[] out = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            double[][] g = m;
            out[i] = g[i][0];
        }
        return out;
    }
    static double[][][] helper(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            double[][] p = a[i];
            bump(p);
        }
        return a;
    }
    static double[] fixed(dist int[] cells, double[][][] v, int k) {
        double[] out = new double[cells.length];
        double[][] p = v[k];
        for (int c = 0; c < cells.length; c++) {
            out[c] = p[cells[c] % p.length][0];
        }
        return out;
    }
    static double[] row(dist int[] cells, double[][] m, int k) {
        double[] out = new double[cells.length];
        double[] r = m[k];
        for (int c = 0; c < cells.length; c++) {
            out[c] = r[cells[c] % r.length];
        }
        return out;
    }
    static double[][] sized(dist int[] ids, double[][][] v, int k) {
        double[][] p = v[k];
        double[][] out = new double[ids.length][p[0].length];
        for (int i = 0; i < ids.length; i++) {
            for (int x = 0; x < p[0].length; x++) {
                out[i][x] = p[ids[i] % p.length][x];
            }
        }
        return out;
    }
    static reduce(max) double maxOf(dist int[] ids, double[][][] v, int k) {
        double[][] p = v[k];
        double s = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < p.length; i++) {
            for (int x = 0; x < p[i].length; x++) {
                s = Math.max(s, p[i][x]);
            }
        }
        return s;
    }
    static double[] setupWrite(dist double[] a, double[][] m, int k) {
        double[] r = m[k];
        for (int c = 0; c < a.length; c++) {
            r[c] = a[c];
        }
        return a;
    }
    static double[][][] setupWritten(dist(dim = 1) double[][][] a) {
        double[][] p = a[0];
        for (int i = 0; i < a.length; i++) {
            a[i][0][0] = p[0][1];
        }
        return a;
    }
    static double[][][] chainOwn(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            double[][] p = a[i];
            for (int y = 0; y < p.length; y++) {
                double[] r = p[y];
                r[0] = r[1];
            }
        }
        return a;
    }
    static double[][][] chainOther(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            double[][] p = a[(i + 1) % a.length];
            double[] r = p[0];
            r[0] = i;
        }
        return a;
    }
    static double[][][] chainNest(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                double[][] p = a[i];
                double[] r = p[j];
                r[0] = r[1] + j;
            }
        }
        return a;
    }
    static double[][][] ownRows(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                double[][] p = a[i];
                p[j][0] = p[j][1] * 2.0;
            }
        }
        return a;
    }
    static double[][][] otherRows(dist(dim = 1) double[][][] a) {
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                double[][] p = a[i];
                p[j][0] = p[(j + 1) % p.length][1];
            }
        }
        return a;
    }
    public static void main(String[] args) {
        double[][][] v = new double[2][2][2];
        double[][] m = new double[2][2];
        double[] w = {1.0, 2.0};
        int[] cells = {0, 1};
        stencil(cells, v, 1); own(v); next(v); replaced(v, w); whole(m); helper(v);
        ownRows(v); otherRows(v); fixed(cells, v, 1); row(cells, m, 1); setupWrite(w, m, 0);
        sized(cells, v, 1); maxOf(cells, v, 1);
        setupWritten(v); chainOwn(v); chainOther(v); chainNest(v);
    }
}
"#
    ));
}

/// Helpers that write what a parallel loop passes them (`parallel.rs`, `call_writes`): the
/// iteration's own row of a 2-D array (directly or through a local), or the element of a
/// 1-D array at the callee's `int` parameter, which the caller passes the loop index for,
/// also through a helper passing the array and that parameter on to such a writer (`via`);
/// another iteration's row, an element the callee computes, or a helper passing the array
/// on with another index (`shift`) keep the loop on the CPU. A nest whose inner loop calls a writing
/// helper runs as a 1-D loop over rows (each work-item owns its row). A written array
/// passed to a reader is read by it: only the iteration's own row or element, and in a
/// 2-D nest (a work-item owns one element) none.
#[test]
fn helpers_may_write_the_iterations_own_row_or_element() {
    insta::assert_snapshot!(explain(
        r#"
class H {
    static void scale(double[] row, double f) {
        for (int j = 0; j < row.length; j++) { row[j] = row[j] * f; }
    }
    static void put(long[] x, int at, long d) { x[at] = x[at] + d; }
    static void next(long[] x, int at) { x[at + 1] = 0; }
    static void via(long[] x, int at) { put(x, at, 1); }
    static void shift(long[] x, int at) { put(x, at + 1, 1); }
    static long get(long[] x, int at) { return x[at]; }
    static long sum(long[] x) { return x[0] + x[x.length - 1]; }
    static double[][] rows(dist double[][] m, double f) {
        for (int i = 0; i < m.length; i++) {
            double[] r = m[i];
            r[0] += f;
            scale(m[i], f);
            scale(r, 2);
        }
        return m;
    }
    static long[] elements(dist int[] a, long[] w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            put(w, i, a[i]);
            out[i] = get(w, i);
        }
        return out;
    }
    static double[][] other(dist double[][] m) {
        for (int i = 0; i < m.length; i++) { scale(m[0], 2); }
        return m;
    }
    static long[] computed(dist int[] a, long[] w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) { next(w, i); out[i] = a[i]; }
        return out;
    }
    static long[] passedOn(dist int[] a, long[] w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) { via(w, i); out[i] = a[i]; }
        return out;
    }
    static long[] passedShifted(dist int[] a, long[] w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) { shift(w, i); out[i] = a[i]; }
        return out;
    }
    static long[] readWhole(dist int[] a, long[] w) {
        long[] out = new long[a.length];
        for (int i = 0; i < a.length; i++) { w[i] = a[i]; out[i] = sum(w); }
        return out;
    }
    static double first(double[] row) { return row[0]; }
    static double[][] nest(dist double[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) { scale(m[i], 2); }
        }
        return m;
    }
    static double[][] nestRead(dist double[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) { m[i][j] = m[i][j] + first(m[i]); }
        }
        return m;
    }
    public static void main(String[] args) { }
}
"#
    ));
}

/// 3-D arrays of primitives as SOMD method parameters: elements and lengths on the device,
/// writes only to the iteration's own planes (or, in a 2-D nest, rows); a row passed to a
/// helper is a view of the buffer (`passed`), a plane named by a 2-D local is one too, a
/// write through a row local is a write of that row (`rowOfOther` writes another
/// iteration's), a helper writing a plane it is passed is refused as for 2-D arrays. A 2-D
/// nest reads an array it writes only at the work-item's own element (`m[i][j + 1]` is
/// another work-item's).
#[test]
fn cube_parameters_and_nest_reads_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class Cube {
    static int sum(int[] row) { return row[0]; }
    static int[][][] own(dist int[][][] c) {
        for (int p = 0; p < c.length; p++) {
            c[p][0][0] = c[p][c[p].length - 1][c[p][0].length - 1];
        }
        return c;
    }
    static int[][][] other(dist int[][][] c) {
        for (int p = 0; p < c.length; p++) {
            c[0][p][0] = p;
        }
        return c;
    }
    static int[] passed(dist int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = sum(c[0][ids[i]]);
        }
        return out;
    }
    static int[][] shifted(dist int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 8; j++) {
                m[i][j] = m[i][j + 1];
            }
        }
        return m;
    }
    static int[] planeLocal(dist int[] ids, int[][][] c) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            int[][] pl = c[ids[i]];
            out[i] = pl[0][0];
        }
        return out;
    }
    static int[][][] rowOfOther(dist int[][][] c) {
        for (int p = 0; p < c.length; p++) {
            int[] r = c[0][p];
            r[0] = p;
        }
        return c;
    }
    static void fill(int[][] pl) { pl[0][0] = 1; }
    static int[][][] helperWrites(dist int[][][] c) {
        for (int p = 0; p < c.length; p++) {
            fill(c[p]);
        }
        return c;
    }
    public static void main(String[] args) {
        int[][][] c = new int[2][2][2];
        int[][] m = new int[2][9];
        int[] ids = {0, 1};
        own(c); other(c); passed(ids, c); shifted(m); planeLocal(ids, c); rowOfOther(c);
        helperWrites(c);
    }
}
"#
    ));
}

/// 3-D arrays as `@` arguments: a broadcast `T[][][]` of primitives is read whole by every
/// work-item (`read`, also fused into `+ !`); a mapped one gives each work-item a plane
/// (`plane`), unless the target or a method it calls writes array elements (`scale`, whose
/// helper would write the caller's plane: on the CPU); a value array `T[[]][[]][[]]` is
/// mapped (`vplane`) or broadcast (`vread`) the same way; a ragged or `null` one at run
/// time stays on the CPU.
#[test]
fn cube_map_arguments_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class Cube {
    static local int read(int i, int[][][] c) { return c[i % c.length][0][0]; }
    static local int plane(int[][] p) { return p[0][0]; }
    static local void clear(int[] row) { row[0] = 0; }
    static local int scale(int[][] p) { clear(p[0]); return p[1][0]; }
    static local int vplane(int[[]][[]] p) { return p[0][p.length - 1]; }
    static local int vread(int i, int[[]][[]][[]] v) { return v[i % v.length][0][0]; }
    public static void main(String[] args) {
        int[][][] c = new int[2][2][2];
        int[] ids = {0, 1};
        int[[]] r = Cube @ read(ids, c);
        int s = + ! (Cube @ read(ids, c));
        int[[]] q = Cube @ plane(c);
        int[[]] w = Cube @ scale(c);
        int[[]][[]][[]] v = new int[[]][[]][[]](c);
        int[[]] x = Cube @ vplane(v);
        int[[]] y = Cube @ vread(ids, v);
        System.out.println(r[0] + s + q[0] + w[0] + x[0] + y[0]);
    }
}
"#
    ));
}

/// 3-D SOMD outputs: `new T[a][b][c]` written by the loop (its own rows in a 2-D nest) is
/// one output buffer; an allocation without all three sizes stays on the CPU.
#[test]
fn cube_outputs_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class Cube {
    static int[][][] full(dist int[] ids) {
        int[][][] out = new int[ids.length][2][3];
        for (int p = 0; p < ids.length; p++) {
            for (int r = 0; r < 2; r++) {
                out[p][r][0] = ids[p] + r;
            }
        }
        return out;
    }
    static int[][][] partial(dist int[] ids) {
        int[][][] out = new int[ids.length][2][];
        for (int p = 0; p < ids.length; p++) {
            out[p][0][0] = ids[p];
        }
        return out;
    }
    public static void main(String[] args) {
        int[] ids = {0, 1};
        full(ids); partial(ids);
    }
}
"#
    ));
}

/// Value classes holding arrays: a broadcast object, a mapped array of them and a SOMD
/// method parameter read through `o.f[i]`, `o.f.length` and helpers run on the device;
/// constructing one in kernel code, comparing two, returning one, passing an array field on,
/// folding an array of them with `C.m !`, a SOMD parameter holding an array of them, and a
/// class with a field of another type (`float[[]][[]]`) stay on the CPU, each with its
/// reason.
#[test]
fn value_classes_holding_arrays_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class Main {
    static local float len(Model m) { return m.w.length + m.bias; }
    static local float read(float x, Model m) { return m.w[(int) x] * len(m); }
    static local float made(float x, float[[]] w) { Model m = new Model(w, x); return m.bias; }
    static local boolean same(float x, Model a) { return a == a; }
    static local Model pick(float x, Model a) { return a; }
    static local float first(float[[]] w) { return w[0]; }
    static local float passed(float x, Model m) { return first(m.w); }
    static local float deep(float x, Deep d) { return d.rows.length; }
    static float[] apply(dist float[] a, Model m) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * m.w[0];
        }
        return out;
    }
    static float[] many(dist float[] a, Model[] ms) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * ms[0].bias;
        }
        return out;
    }
    public static void main(String[] args) {
        float[[]] w = new float[[]]{1f, 2f};
        Model m = new Model(w, 3f);
        float[[]] x = new float[[]]{0f, 1f};
        Model[[]] ms = new Model[[]]{m, m};
        float[[]] a = Main @ read(x, m);
        float[[]] b = Main @ made(x, w);
        boolean[[]] c = Main @ same(x, m);
        Model[[]] d = Main @ pick(x, m);
        float[[]] e = Main @ passed(x, m);
        float[[]] f = Main @ read(x, ms);
        float[[]] g = Main @ deep(x, new Deep(new float[[]][[]]{w}));
        float[] h = apply(new float[2], m);
        float[] k = many(new float[2], new Model[]{m});
        Model l = Main.pick2 ! ms;
    }
    static local Model pick2(Model a, Model b) { return a; }
}
value class Model {
    float[[]] w;
    float bias;
    Model(float[[]] w, float bias) { this.w = w; this.bias = bias; }
}
value class Deep {
    float[[]][[]] rows;
    Deep(float[[]][[]] rows) { this.rows = rows; }
}
"#
    ));
}

#[test]
fn doubles_in_nested_value_classes_need_fp64() {
    // Kernel code holds the whole object, so a `double` anywhere in its fields needs fp64:
    // in a nested plain class, in an array field, or nowhere (`Ints`).
    let source = "value class Inner {
    double d;
    Inner(double d) { this.d = d; }
}
value class Outer {
    Inner inner;
    int k;
    Outer(Inner inner, int k) { this.inner = inner; this.k = k; }
}
value class Held {
    double[[]] xs;
    int k;
    Held(double[[]] xs, int k) { this.xs = xs; this.k = k; }
}
value class Ints {
    int a;
    int b;
    Ints(int a, int b) { this.a = a; this.b = b; }
}
public class Main {
    static local int outer(Outer o) { return o.k; }
    static local int held(Held h) { return h.k; }
    static local int ints(Ints i) { return i.a; }
    static local int calls(Outer o) { return outer(o) + 1; }
    public static void main(String[] args) {}
}";
    let module = lowered(source);
    let table = somd_mir::analysis::plan::fp64_table(&module);
    let needs = |name: &str| {
        let i = module.functions.iter().position(|f| f.name == name);
        table[i.unwrap_or_else(|| panic!("no function {name}"))]
    };
    assert!(needs("Main.outer"));
    assert!(needs("Main.held"));
    assert!(needs("Main.calls"));
    assert!(!needs("Main.ints"));
}

#[test]
fn short_circuit_and_flag_reductions_need_operands_that_cannot_fail() {
    insta::assert_snapshot!(explain(
        r#"
class Flags {
    static reduce(&&) boolean allPositive(dist int[] a) {
        boolean ok = true;
        for (int i = 0; i < a.length; i++) ok = ok && a[i] > 0;
        return ok;
    }
    static reduce(&&) boolean rising(dist int[] a) {
        boolean ok = true;
        for (int i = 0; i < a.length; i++) ok = ok && a[i] < a[i + 1];
        return ok;
    }
    static reduce(||) boolean divides(dist int[] a, int k) {
        boolean found = false;
        for (int i = 0; i < a.length; i++) found = found || k / a[i] == 1;
        return found;
    }
    static reduce(||) boolean anyNegative(dist int[] a) {
        boolean found = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i + 1] < 0) found = true;
        }
        return found;
    }
    static reduce(&&) boolean risingFirst(dist int[] a) {
        boolean ok = true;
        for (int i = 0; i < a.length; i++) ok = a[i] < a[i + 1] && ok;
        return ok;
    }
    static reduce(min) double smallest(dist double[] a) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < a.length; i++) m = Math.min(a[i], m);
        return m;
    }
    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        double[] d = {1.0, -0.0};
        System.out.println(allPositive(a) + " " + rising(a) + " " + divides(a, 1) + " "
            + anyNegative(a) + " " + risingFirst(a) + " " + smallest(d));
    }
}
"#
    ));
}

/// An accumulator returned as it is but started off its operator's identity (an element of
/// a parameter, a scalar parameter) is folded by the host like one read after its loop;
/// the host reads elements only of parameters the body never writes. A floating
/// conditional maximum in either form is an argument extremum folded the same way; the
/// conditional expression with `m` first (`m = v > m ? m : v`, which takes NaN) stays on
/// the CPU. A reduction into a `short` runs too (the device combines it in `int` and
/// narrows).
#[test]
fn accumulators_started_off_the_identity_are_folded() {
    insta::assert_snapshot!(explain(
        r#"
class Start {
    static reduce(max) int first(dist int[] a) {
        int m = a[0];
        for (int i = 1; i < a.length; i++) {
            if (a[i] > m) m = a[i];
        }
        return m;
    }
    static reduce(+) long offset(dist int[] a, long k) {
        long s = k;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }
    static reduce(max) float ternary(dist float[] f) {
        float m = f[0];
        for (int i = 0; i < f.length; i++) m = f[i] > m ? f[i] : m;
        return m;
    }
    static reduce(min) float backwards(dist float[] f) {
        float m = Float.POSITIVE_INFINITY;
        for (int i = 0; i < f.length; i++) m = f[i] > m ? m : f[i];
        return m;
    }
    static reduce(max) int written(dist int[] a) {
        int m = a[0];
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2;
            m = Math.max(m, a[i]);
        }
        return m;
    }
    static reduce(max) short narrow(dist short[] a) {
        short m = a[0];
        for (int i = 0; i < a.length; i++) {
            m = (short) Math.max(m, a[i]);
        }
        return m;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// A reduction that the body reads after its loop is folded into a host scalar (the
/// returned expression, a later loop); a loop assigning such a local otherwise stays on the
/// CPU with that reason. `if (v > m) m = v;` and `m = v < m ? v : m` are `int`/`long`
/// maxima and minima; on a `double` the `if` form is an argument extremum folded on the
/// host also when only returned, and with `v` differing between the condition and the
/// assignment they are no reduction. A loop whose value the body returns reduces every
/// accumulator it has, one nothing reads too.
#[test]
fn folded_reductions_and_conditional_extrema_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class Fold {
    static reduce(+) long mean(dist int[] a, int k) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s * k + a.length;
    }
    static double[] scaled(dist double[] a) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * a[i];
        double norm = Math.sqrt(s);
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[i] / norm;
        return out;
    }
    static reduce(+) int running(dist int[] a) {
        int last = 0;
        for (int i = 0; i < a.length; i++) last = a[i];
        return last * 2;
    }
    static reduce(max) int peak(dist int[] a) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) m = a[i];
        }
        return m;
    }
    static reduce(min) long low(dist int[] a) {
        long m = Long.MAX_VALUE;
        for (int i = 0; i < a.length; i++) m = m <= a[i] ? m : a[i];
        return m;
    }
    static reduce(max) double dpeak(dist double[] a) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) m = a[i];
        }
        return m;
    }
    static reduce(max) int shifted(dist int[] a) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) m = a[i] + 1;
        }
        return m;
    }
    static reduce(+) long moments(dist int[] a) {
        long s = 0;
        long s2 = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            s2 += a[i] * a[i];
        }
        return s + s2;
    }
    static reduce(+) long unread(dist int[] a) {
        long s = 0;
        long s2 = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            s2 += a[i] * a[i];
        }
        return s;
    }
    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        double[] d = {1.0, -0.0};
        System.out.println(mean(a, 2) + " " + scaled(d)[0] + " " + running(a) + " " + peak(a)
            + " " + low(a) + " " + dpeak(d) + " " + shifted(a) + " " + moments(a) + " "
            + unread(a));
    }
}
"#
    ));
}

/// Argument extrema: `if (v > m) { m = v; k = ..; }` (`>=`: the last iteration) whose `m`
/// and `k` the body reads after the loop are one reduction carrying `k`, for a `double` `m`
/// too (the iteration breaks ties of `-0.0` and `0.0`); a payload only returned (`return k`)
/// is folded with its extremum. Refused: a payload read in the loop, whose value may fail or reads what the `if`
/// sets, an extremum also updated outside its `if`, a loop-declared local set in the `if`,
/// and an `if` whose `m` the loop declares (ordinary code: the outer local it sets is
/// loop-carried).
#[test]
fn argument_extrema_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class Arg {
    static reduce(+) long best(dist int[] a) {
        int m = Integer.MIN_VALUE;
        long k = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] >= m) { m = a[i]; k = Somd.offset(a) + i; }
        }
        return m * 1000L + k;
    }
    static reduce(+) int onlyReturned(dist int[] a) {
        int m = Integer.MIN_VALUE;
        int k = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) { m = a[i]; k = i; }
        }
        return k;
    }
    static reduce(+) int readInLoop(dist int[] a) {
        int m = Integer.MIN_VALUE;
        int k = -1;
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) { m = a[i]; k = i; }
            s += k;
        }
        return m + k + s;
    }
    static reduce(+) int mayFail(dist int[] a, int[] b) {
        int m = Integer.MIN_VALUE;
        int k = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) { m = a[i]; k = b[i]; }
        }
        return m + k;
    }
    static reduce(+) int readsM(dist int[] a) {
        int m = Integer.MIN_VALUE;
        int k = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) { m = a[i]; k = m * 2; }
        }
        return m + k;
    }
    static reduce(+) double floating(dist double[] a) {
        double m = -1.0;
        int k = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) { m = a[i]; k = i; }
        }
        return m + k;
    }
    static reduce(+) long secondUpdate(dist int[] a, dist int[] b) {
        long m = Long.MIN_VALUE;
        long k = -1;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > m) { m = a[i]; k = i; }
            m = Math.max(m, b[i]);
        }
        return m + k;
    }
    static reduce(+) long loopLocal(dist int[] a) {
        long m = Long.MIN_VALUE;
        long n = 0;
        for (int i = 0; i < a.length; i++) {
            long t = 0;
            if (a[i] > m) { m = a[i]; t = 1; }
            n += t;
        }
        return m + n;
    }
    static reduce(+) long innerM(dist int[] a) {
        long s = 0;
        long k = -1;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            int m = 0;
            if (a[i] > m) { m = a[i]; k = i; }
        }
        return s + k;
    }
    public static void main(String[] args) {
        int[] a = {1, 2};
        System.out.println(best(a) + onlyReturned(a) + readInLoop(a) + mayFail(a, a) + readsM(a));
        System.out.println(floating(new double[] {1.0}));
        System.out.println(secondUpdate(a, a) + loopLocal(a) + innerM(a));
    }
}
"#
    ));
}

/// Private arrays (`analysis::private`): a fresh array of constant length used only by its
/// elements and length is the work-item's own, in a `@` target, a helper, a SOMD loop body
/// (re-created per iteration) and a SOMD setup that nothing writes; passed on, too large, of
/// a computed length, or a setup table the loop writes, it keeps its function on the CPU
/// with the reason.
#[test]
fn private_arrays_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
class P {
    static local int digits(int x) {
        int[] d = new int[10];
        int v = x & 0x7fffffff;
        while (v > 0) { d[v % 10]++; v /= 10; }
        int n = 0;
        for (int k = 0; k < d.length; k++) { if (d[k] > 0) { n++; } }
        return n;
    }
    static int helper(int x) {
        int[] w = {1, 2, 4};
        return w[(x & 0x7fffffff) % w.length];
    }
    static int[] loopBody(dist int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            long[] t = new long[4];
            t[a[i] & 3] += a[i];
            out[i] = (int) (t[0] - t[1]) + helper(a[i]);
        }
        return out;
    }
    static reduce(+) long setupTable(dist int[] a) {
        double[] w = {0.5, 1.5, 2.5};
        long s = 0;
        for (int i = 0; i < a.length; i++) { s += (long) (w[a[i] & 1] * a[i]); }
        return s;
    }
    static reduce(+) long setupWritten(dist int[] a) {
        int[] w = {1, 2, 3};
        long s = 0;
        for (int i = 0; i < a.length; i++) { w[i % 3] = a[i]; s += w[0]; }
        return s;
    }
    static local void fill(int[] t) { t[0] = 1; }
    static local int passedOn(int x) {
        int[] t = new int[2];
        fill(t);
        return t[x & 1];
    }
    static local boolean same(int[] t, int[] u) { return t == u; }
    static local int compared(int x) {
        int[] t = new int[2];
        t[0] = x;
        return same(t, t) ? 1 : t[0];
    }
    static local double tooLarge(double x) {
        double[] t = new double[129];
        t[(int) x & 127] = x;
        return t[3];
    }
    static int[] computedLength(dist int[] a, int n) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            int[] t = new int[n];
            t[a[i] % n] = 1;
            out[i] = t[0];
        }
        return out;
    }
    static void twoKernels(dist int[] a, dist int[] b, int steps) {
        for (int s = 0; s < steps; s++) {
            sync (b) {
                for (int i = 0; i < a.length; i++) { int[] w = {3, 1, s}; b[i] = a[i] * w[i % 3]; }
            }
            sync (a) {
                for (int i = 0; i < b.length; i++) { int[] u = {s, 2}; a[i] = b[i] + u[i & 1]; }
            }
        }
    }
    public static void main(String[] args) {
        int[[]] v = new int[[]](new int[]{1, 2, 3});
        int[[]] r = P @ digits(v);
        int[[]] q = P @ passedOn(v);
        int[[]] c = P @ compared(v);
        double[[]] dv = new double[[]](new double[]{1, 2});
        double[[]] t = P @ tooLarge(dv);
    }
}
"#
    ));
}

/// Setup values a work-item computes when it starts must not read an array the loop writes
/// (a table or a scalar: others may have written it already), and an update must compute
/// in a type giving the accumulator's own operator: an `int` accumulator updated in
/// `double` (`s -= a[i] * 0.5`) or through a narrowing of a `long` one (`s = (int) s -
/// a[i]`) is truncated in every iteration, so it stays on the CPU, while an `int` updated in
/// `long` arithmetic wraps like `int` and runs.
#[test]
fn setup_reads_of_written_arrays_and_converting_updates_are_refused() {
    insta::assert_snapshot!(explain(
        r#"
class S {
    static int[] table(dist int[] a) {
        int[] out = new int[a.length];
        int[] w = {a[0], a[1]};
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2 + 1;
            out[i] = a[i] + w[i & 1];
        }
        return out;
    }
    static int[] scalar(dist int[] a, int[] b) {
        int[] out = new int[a.length];
        int w = b[0];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + w;
        }
        return out;
    }
    static reduce(+) int halves(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) { s -= a[i] * 0.5; }
        return s;
    }
    static reduce(+) long narrowed(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) { s = (int) s - a[i]; }
        return s;
    }
    static reduce(+) int wide(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) { s -= (long) a[i] * 3; s++; }
        return s;
    }
    public static void main(String[] args) { }
}
"#
    ));
}

/// Loops stepping down are parallel like ascending ones (`i >= lo`, `i > lo`; `i--`, `i -=
/// C`, `i = i - C`), in [lo, hi) with the iterations in Java's order from `hi - 1`, a
/// histogram too. A 2-D nest stepping down is a 1-D loop over its rows (the inner loop runs
/// in the work-item); a loop whose test is no comparison of the bound stays on the CPU.
#[test]
fn loops_stepping_down_are_parallel() {
    insta::assert_snapshot!(explain(
        r#"
class Down {
    static int[] scaled(dist int[] a) {
        dist int[] out = new int[a.length];
        for (int i = a.length - 1; i >= 0; i--) {
            out[i] = a[i] * 3;
        }
        return out;
    }
    static reduce(+) long pairs(dist int[] a) {
        long s = 0;
        for (int i = a.length - 2; i > 0; i = i - 2) {
            s += (long) a[i] * a[i + 1];
        }
        return s;
    }
    static int[] thirds(dist int[] a, int lo) {
        dist int[] out = new int[a.length];
        for (int i = a.length - 1; i >= lo; i -= 3) {
            out[i] = a[i] + 1;
        }
        return out;
    }
    static int[][] rows(dist(dim = 1) int[][] m) {
        dist int[][] out = new int[m.length][m[0].length];
        for (int i = m.length - 1; i >= 0; i--) {
            for (int j = m[i].length - 1; j >= 0; j--) {
                out[i][j] = m[i][j] - j;
            }
        }
        return out;
    }
    static reduce(ISums) int[] counts(dist int[] keys) {
        int[] t = new int[16];
        for (int i = keys.length - 1; i >= 0; i--) {
            t[keys[i] & 15]++;
        }
        return t;
    }
    static reduce(+) int untilZero(dist int[] a) {
        int s = 0;
        for (int i = a.length - 1; i != 0; i--) {
            s += a[i];
        }
        return s;
    }
    public static void main(String[] args) {}
}
class ISums {
    static int[] combineAll(int[][] parts) { return parts[0]; }
}
"#
    ));
}

/// An update whose value is narrowed below the accumulator's type (`s = (byte) (s + x)` on
/// a `short`, `(short) Math.max(m, x)` on an `int`), or a narrow `Math.max(m, x)` whose `x`
/// does not fit the accumulator's type, is no reduction: the narrowing changes the value in
/// a way no grouping of the iterations reproduces. Narrowing to the accumulator's own type
/// (`(short) (s + x)`, `(char) Math.min(m, c[i])`) is one.
#[test]
fn narrowing_updates_are_no_reductions() {
    insta::assert_snapshot!(explain(
        r#"
class Narrow {
    static reduce(|) int belowShort(dist int[] a) {
        short s = 0;
        for (int i = 0; i < a.length; i++) s = (byte) (s + a[i]);
        return s;
    }
    static reduce(|) int belowInt(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) s = (byte) (s + a[i]);
        return s;
    }
    static reduce(max) short wideMax(dist byte[] b) {
        short m = -32768;
        for (int i = 0; i < b.length; i++) m = (short) Math.max(m, b[i] * 300);
        return m;
    }
    static reduce(max) int shortOfInt(dist int[] b) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < b.length; i++) m = (short) Math.max(m, b[i]);
        return m;
    }
    static reduce(+) short ownType(dist int[] a) {
        short s = 0;
        for (int i = 0; i < a.length; i++) s = (short) (s + a[i]);
        return s;
    }
    static reduce(min) char lowest(dist char[] c) {
        char m = 65535;
        for (int i = 0; i < c.length; i++) m = (char) Math.min(m, c[i]);
        return m;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// A method whose reduce operator is not its loop's (`reduce(+)` over a maximum,
/// `reduce(max)` over a sum, `reduce(-)`) cannot combine the one kernel's partials with
/// its strategy: the body is a host program that folds the loop's value into the
/// accumulator and returns it as the one MI's result (before, `explain` said device and a
/// note said CPU).
#[test]
fn a_strategy_other_than_the_loops_operator_folds_on_the_host() {
    insta::assert_snapshot!(explain(
        r#"
class Mixed {
    static reduce(+) char largest(dist char[] c) {
        char m = 0;
        for (int i = 0; i < c.length; i++) m = (char) Math.max(m, c[i]);
        return m;
    }
    static reduce(max) short total(dist short[] c) {
        short m = 0;
        for (int i = 0; i < c.length; i++) m += c[i];
        return m;
    }
    static reduce(-) long difference(dist long[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Bounds reading host scalars: a host loop's index as the start, a local the host halves,
/// a parameter the body counts down (with `Math.min` and a wrapping product). Refused: a
/// bound reading one with `<=`, stepping by 2, dividing by a host scalar, and one reading
/// the target of the loop's own `sync reduce`. An inner bound dividing by a parameter
/// beside one (`s + n / k`: `k` may be 0) is no kernel size: the inner loop runs in each
/// work-item of a 1-D kernel, whose division raises Java's exception.
#[test]
fn bounds_read_host_scalars() {
    insta::assert_snapshot!(explain(
        r#"
class Host {
    static int[][] prefix(dist(dim = 1) int[][] m, dist(dim = 1) int[][] t, int w) {
        for (int s = 1; s < w; s = s * 2) {
            sync {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < w; j++) t[i][j] = m[i][j] + m[i][j - s];
                }
            }
            sync {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < w; j++) m[i][j] = t[i][j];
                }
            }
        }
        return m;
    }
    static double[] halve(dist double[] x, int n) {
        int h = n;
        while (h > 1) {
            sync {
                for (int i = 0; i < h / 2; i++) x[i] = x[i] * 0.5;
            }
            h = h / 2;
        }
        return x;
    }
    static int[][] wrap(dist(dim = 1) int[][] m, int lim) {
        for (int r = 0; r < 3; r++) {
            sync {
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < Math.min(lim * 3, m[i].length); j++) m[i][j] += r;
                }
            }
            lim--;
        }
        return m;
    }
    static double[] closed(dist double[] x, int n) {
        int h = n;
        while (h > 1) {
            sync {
                for (int i = 0; i <= h; i++) x[i] = x[i] * 0.5;
            }
            h = h / 2;
        }
        return x;
    }
    static double[] stepped(dist double[] x, int n) {
        int h = n;
        while (h > 1) {
            sync {
                for (int i = 0; i < h; i += 2) x[i] = x[i] * 0.5;
            }
            h = h / 2;
        }
        return x;
    }
    static double[] divided(dist double[] x, int n, int k) {
        int h = n;
        while (h > 1) {
            sync {
                for (int i = 0; i < n / h; i++) x[i] = x[i] * 0.5;
            }
            h = h / 2;
        }
        return x;
    }
    static int[][] shifted(dist(dim = 1) int[][] m, int n, int k) {
        for (int s = 0; s < 3; s++) {
            sync {
                for (int i = 0; i < m.length; i++) {
                    for (int j = s; j < s + n / k; j++) m[i][j] += s;
                }
            }
        }
        return m;
    }
    static reduce(max) int own(dist int[] a) {
        shared int c = 5;
        sync reduce(+) (c) {
            for (int i = 0; i < c; i++) c += a[i];
        }
        return c;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// `return` under host control flow: of a parameter in a convergence loop (its copy-back is
/// then no exchange), of a value before the first launch, of a host loop's index. Refused:
/// a `return` of the last loop's accumulator before that loop, and of a value read from an
/// array the body writes.
#[test]
fn returns_under_host_control_flow() {
    insta::assert_snapshot!(explain(
        r#"
class Early {
    static double[] relax(dist(view = <1,1>) double[] g, dist(view = <1,1>) double[] next,
                          int steps, double eps) {
        shared double diff = 0;
        for (int s = 0; s < steps; s++) {
            diff = 0;
            sync reduce(max) (diff) {
                for (int i = 1; i < g.length - 1; i++) {
                    next[i] = (g[i - 1] + g[i + 1]) * 0.5;
                    diff = Math.max(diff, Math.abs(next[i] - g[i]));
                }
            }
            if (diff < eps) return next;
            sync {
                for (int i = 1; i < g.length - 1; i++) g[i] = next[i];
            }
        }
        return g;
    }
    static reduce(+) double scaled(dist double[] x, double f) {
        if (f == 0.0) return 0.0;
        double s = 0;
        for (int i = 0; i < x.length; i++) s += x[i] * f;
        return s;
    }
    static reduce(max) int round(dist int[] a, int rounds) {
        shared long part = 0;
        for (int r = 0; r < rounds; r++) {
            part = 0;
            sync reduce(+) (part) {
                for (int i = 0; i < a.length; i++) part += a[i];
            }
            if (part > 100) return r;
        }
        return -1;
    }
    static reduce(+) double early(dist double[] x, double f) {
        double s = 0;
        if (f == 0.0) return s;
        for (int i = 0; i < x.length; i++) s += x[i] * f;
        return s;
    }
    static reduce(+) int element(dist int[] a, int k) {
        sync {
            for (int i = 0; i < a.length; i++) a[i] = a[i] * 2;
        }
        if (k > 0) return a[0];
        return k;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// Arrays allocated under host control flow: one output buffer each, zero-filled again at
/// each allocation. Refused: a size reading a host scalar (it would change between
/// allocations).
#[test]
fn arrays_allocated_under_host_control_flow() {
    insta::assert_snapshot!(explain(
        r#"
class Fresh {
    static double[] sweeps(dist(view = <1,1>) double[] g, int rounds) {
        for (int r = 0; r < rounds; r++) {
            double[] next = new double[g.length];
            sync {
                for (int i = 1; i < g.length - 1; i++) next[i] = (g[i - 1] + g[i + 1]) * 0.5;
            }
            sync {
                for (int i = 1; i < g.length - 1; i++) g[i] = next[i];
            }
        }
        return g;
    }
    static double[] growing(dist double[] g, int rounds) {
        for (int r = 1; r < rounds; r++) {
            double[] part = new double[r];
            sync {
                for (int i = 0; i < g.length; i++) g[i] = g[i] + part.length;
            }
        }
        return g;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn row_lengths_are_read_through_their_rows() {
    insta::assert_snapshot!(explain(
        r#"
class Rows {
    static int[][] nest(dist int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) { m[i][j] = m[i][j] + 1; }
        }
        return m;
    }
    static int[] fixedRow(dist int[] a, int[][] m, int k) {
        for (int i = 0; i < a.length && i < m[k].length; i++) { a[i] = a[i] + 1; }
        return a;
    }
    static int[] plane(dist int[] a, int[][][] c, int x) {
        for (int i = 0; i < a.length && i < c[x][x + 1].length; i++) { a[i] = a[i] + 1; }
        return a;
    }
    static int[][] width(dist(dim = 1) int[][] g, int[][] h) {
        int[][] out = new int[g.length][h[0].length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g[i].length; j++) { out[i][j] = g[i][j]; }
        }
        return out;
    }
    static int[] ownRow(dist int[] a, int[][] m) {
        for (int i = 0; i < m[i].length; i++) { a[i] = a[i] + 1; }
        return a;
    }
    static int[] hostRows(dist int[] a, int[][] m) {
        for (int r = 0; r < m[0].length; r++) {
            sync {
                for (int i = 0; i < a.length; i++) { a[i] = a[i] + r; }
            }
        }
        return a;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn writes_at_an_offset_of_the_index() {
    insta::assert_snapshot!(explain(
        r#"
class Offsets {
    static int[] oneBased(dist int[] a) {
        for (int i = 1; i <= a.length; i++) { a[i - 1] = a[i - 1] * 2; }
        return a;
    }
    static int[] down(dist int[] a) {
        for (int i = a.length; i > 0; i--) { a[i - 1] += 3; }
        return a;
    }
    static int[] pairs(dist int[] a) {
        for (int i = 2; i <= a.length; i += 2) { int t = a[i - 2]; a[i - 2] = a[i - 1]; a[i - 1] = t; }
        return a;
    }
    static int[][] rows(dist int[][] m) {
        for (int r = 1; r <= m.length; r++) { m[r - 1][0] = m[r - 1][1]; }
        return m;
    }
    static int[] carried(dist int[] a) {
        for (int i = 1; i < a.length; i++) { a[i] = a[i - 1] + 1; }
        return a;
    }
    static int[] twoCells(dist int[] a) {
        for (int i = 0; i < a.length - 1; i++) { a[i] = 0; a[i + 1] = 1; }
        return a;
    }
    static int[] wide(dist int[] a) {
        for (int i = 0; i < a.length - 2; i += 2) { a[i] = a[i + 2]; }
        return a;
    }
    static int[][] aliasNest(dist(dim = 1) int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 1; j < m[0].length; j++) { int[] row = m[i]; row[j] = row[j - 1] + 1; }
        }
        return m;
    }
    static int[] fromMinusOne(dist int[] a) {
        for (int i = -1; i < a.length - 1; i++) { a[i + 1] = a[i + 1] * 2; }
        return a;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn tests_on_the_index_plus_a_constant() {
    insta::assert_snapshot!(explain(
        r#"
class Tests {
    static int[] pairs(dist int[] a, int[] d) {
        for (int i = 0; i + 1 < a.length; i++) { d[i] = a[i + 1] - a[i]; }
        return d;
    }
    static reduce(+) int inversions(dist int[] a) {
        int c = 0;
        for (int i = 0; a.length > 1 + i; i++) { if (a[i] > a[i + 1]) c++; }
        return c;
    }
    static int[] inclusive(dist int[] a, int n) {
        for (int i = 3; i + 2 <= n; i++) { a[i] = i; }
        return a;
    }
    static int[][] rows(dist(dim = 1) int[][] m, int[][] d) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j + 1 < m[i].length; j++) { d[i][j] = m[i][j + 1] - m[i][j]; }
        }
        return d;
    }
    static int[] counting(dist int[] a) {
        int i = 0;
        while (i + 2 < a.length) { a[i] = a[i] + 2; i++; }
        return a;
    }
    static int[] below(dist int[] a, int n) {
        for (int i = 0; i - 1 < n; i++) { a[i] = 1; }
        return a;
    }
    static int[] stepped(dist int[] a) {
        for (int i = 0; i + 1 < a.length; i += 2) { a[i] = a[i + 1]; }
        return a;
    }
    static int[] fromParam(dist int[] a, int lo) {
        for (int i = lo; i + 1 < a.length; i++) { a[i] = 0; }
        return a;
    }
    static int[] nearMax(dist int[] a) {
        for (int i = 2147483647; i + 1 < a.length; i++) { a[i] = 0; }
        return a;
    }
    static int[] nearMin(dist int[] a, int n) {
        for (int i = -2147483647; i - 2 < n; i++) { a[i] = 0; }
        return a;
    }
    static int[] down(dist int[] a) {
        for (int i = a.length; i - 1 >= 0; i--) { a[i - 1] = 0; }
        return a;
    }
    static reduce(+) int pairsDown(dist int[] a) {
        int s = 0;
        for (int i = a.length - 1; i + 1 > 1; i -= 2) { s += a[i] - a[i - 1]; }
        return s;
    }
    static int[] downToMin(dist int[] a) {
        for (int i = 10; i - 1 >= -2147483648; i--) { a[i] = 0; }
        return a;
    }
    static int[] upwardsPastBound(dist int[] a) {
        for (int i = 0; i + 1 >= 0; i++) { a[i] = 0; }
        return a;
    }
    static int[] minStep(dist int[] a, int n) {
        for (int i = n; i - 1 >= 0; i += -2147483648) { a[i - 1] = 7; }
        return a;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn rows_read_for_their_length_race_with_nothing() {
    insta::assert_snapshot!(explain(
        r#"
class Widths {
    static int[][] prefix(dist(dim = 1) int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 1; j < m[0].length; j++) { m[i][j] = m[i][j] + m[i][j - 1]; }
        }
        return m;
    }
    static int[][][] planes(dist(dim = 1) int[][][] c) {
        for (int x = 0; x < c.length; x++) {
            for (int k = 1; k < c[0][0].length; k++) { c[x][0][k] = c[x][0][k - 1]; }
        }
        return c;
    }
    static int[][] firstRow(dist(dim = 1) int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 1; j < m[0].length; j++) { m[i][j] = m[0][j - 1]; }
        }
        return m;
    }
    static int[][] replaced(dist(dim = 1) int[][] m, int[] r) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 1; j < m[0].length; j++) { m[i][j] = m[i][j - 1]; }
            m[i] = r;
        }
        return m;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// 2-D nests writing at an offset or a multiple of their indices are 2-D NDRanges when
/// every access of a written matrix lies in work-item `(i, j)`'s own row and column blocks;
/// a read or a write at another column of the row makes the nest a loop over its rows, and
/// a transposed write keeps it on the CPU.
#[test]
fn nests_writing_at_an_offset_of_their_indices() {
    insta::assert_snapshot!(explain(
        r#"
class Nests {
    static double[][] oneBased(dist double[][] m, double[][] out) {
        for (int i = 1; i <= m.length; i++) {
            for (int j = 1; j <= m[0].length; j++) { out[i - 1][j - 1] = m[i - 1][j - 1] * 2.0; }
        }
        return out;
    }
    static double[][] pairs(dist double[][] z) {
        for (int i = 0; i < z.length; i++) {
            for (int j = 0; j < z[0].length / 2; j++) {
                double re = z[i][2 * j];
                z[i][2 * j] = re - z[i][2 * j + 1];
                z[i][2 * j + 1] = re + z[i][j * 2 + 1];
            }
        }
        return z;
    }
    static int[][] mixed(dist int[][] a, int[][] out) {
        for (int i = 1; i <= a.length; i++) {
            for (int j = 0; j < a[0].length; j++) { int[] r = out[i - 1]; r[2 * j + 1] = a[i - 1][j]; r[2 * j] = r[2 * j + 1]; }
        }
        return out;
    }
    static int[][] prefixRow(dist int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 1; j < m[0].length; j++) { m[i][j] = m[i][j - 1] + 1; }
        }
        return m;
    }
    static int[][] twoColumns(dist int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length - 1; j++) { m[i][j] = 1; m[i][j + 1] = 2; }
        }
        return m;
    }
    static int[][] aliasColumn(dist int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length - 1; j++) { int[] r = m[i]; r[j + 1] = r[j]; }
        }
        return m;
    }
    static int[][] square(dist int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < 10; j++) { m[i][j * j] = j; }
        }
        return m;
    }
    static int[][] transposed(dist int[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m.length - 1; j++) { m[j][i] = m[j + 1][i + 1]; }
        }
        return m;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn writes_of_flattened_rows() {
    insta::assert_snapshot!(explain(
        r#"
class Flat {
    static int[] nest(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x < w; x++) { out[i * w + x] = a[i] + x; }
        }
        return out;
    }
    static long[] inner(dist long[] a, int w) {
        long[] out = new long[a.length * w];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int x = 0; x < w; x++) { out[x + w * i] = s; s += out[w * i + x] + a[i]; }
        }
        return out;
    }
    static int[] past(dist int[] a, int w) {
        int[] out = new int[a.length * w + 1];
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x <= w; x++) { out[i * w + x] = a[i]; }
        }
        return out;
    }
    static int[] otherWidth(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x < w; x++) { out[i * (w - 1) + x] = a[i]; }
        }
        return out;
    }
    static int[] someSteps(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x < w; x++) { if (a[i] > x) out[i * w + x] = a[i]; }
        }
        return out;
    }
    static int[] leaves(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int x = 0; x < w; x++) { out[i * w + x] = a[i]; s += x; if (s > 9) break; }
        }
        return out;
    }
    static int[] aliased(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        int[] o = out;
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x < w; x++) { o[i * w + x] = a[i]; }
        }
        return out;
    }
    static int[] twoLoops(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x < w; x++) { out[i * w + x] = a[i]; }
            for (int y = 0; y < w; y++) { out[i * w + y] += 1; }
        }
        return out;
    }
    static int[] assignsColumn(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int x = 0; x < w; x++) { out[i * w + x] = a[i]; s += x; if (x == 3 && i > 0) x = -w; }
        }
        return out;
    }
    static int[] outerContinue(dist int[] a, int w) {
        int[] out = new int[a.length * w];
        outer:
        for (int i = 0; i < a.length; i++) {
            long s = 0;
            for (int x = 0; x < w; x++) { out[i * w + x] = a[i]; s += x; if (s > 9) continue outer; }
        }
        return out;
    }
    static int[] nextRow(dist int[] a, int w) {
        int[] out = new int[a.length * w + w];
        for (int i = 0; i < a.length; i++) {
            for (int x = 0; x < w; x++) { out[i * w + x] = a[i] + out[(i + 1) * w + x]; }
        }
        return out;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn writes_at_a_multiple_of_the_index() {
    insta::assert_snapshot!(explain(
        r#"
class Strided {
    static double[] pairs(dist double[] z) {
        for (int i = 0; i < z.length / 2; i++) {
            double re = z[2 * i];
            z[2 * i] = re - z[2 * i + 1];
            z[2 * i + 1] = re + z[i * 2 + 1];
        }
        return z;
    }
    static int[] viaLocal(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { int b = 3 * i + 1; out[b - 1] = a[i]; out[b + 1] = out[b - 1]; }
        return out;
    }
    static int[] reversed(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { out[9 - i] = a[i]; }
        return out;
    }
    static int[] stepped(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i += 2) { out[3 * i] = a[i]; out[3 * i + 5] = a[i]; }
        return out;
    }
    static int[] overlap(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { out[2 * i] = a[i]; out[2 * i + 2] = 1; }
        return out;
    }
    static int[] scales(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { out[2 * i] = a[i]; out[i] = 1; }
        return out;
    }
    static int[] neighbour(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { out[2 * i] = out[2 * i + 2]; }
        return out;
    }
    static int[] reassigned(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { int b = 2 * i; b++; out[b] = a[i]; }
        return out;
    }
    static int[] wrapsToIndex(dist int[] a) {
        for (int i = 1; i < a.length; i++) { a[i * 65536 * 65536 + i] = a[i * 65536 * 65536 + i - 1] + 1; }
        return a;
    }
    static int[] hugeBlock(dist int[] a, int n) {
        for (int i = 0; i < n; i += 65536) { a[65536 * i] = a[65536 * i] + 1; }
        return a;
    }
    static int[] someIterations(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { if (a[i] > 0) { out[2 * i] = a[i]; } }
        return out;
    }
    static int[] readInEvery(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { int v = out[2 * i]; if (v > a[i]) { out[2 * i + 1] = v; } }
        return out;
    }
    static int[] afterContinue(dist int[] a, int[] out) {
        for (int i = 0; i < a.length; i++) { if (a[i] < 0) continue; out[3 * i] = a[i]; }
        return out;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

#[test]
fn columns_written_at_an_offset_or_a_multiple() {
    insta::assert_snapshot!(explain(
        r#"
class Columns {
    static int[][] oneBased(dist(dim = 2) int[][] m) {
        for (int i = 1; i <= m[0].length; i++) { m[3][i - 1] = m[2][i - 1] + i; }
        return m;
    }
    static int[][] pairs(dist(dim = 2) int[][] m) {
        for (int i = 0; i < m[0].length / 2; i++) { m[0][2 * i] = i; m[0][2 * i + 1] = m[1][2 * i] - i; }
        return m;
    }
    static int[][] aliasRead(dist(dim = 2) int[][] m) {
        for (int i = 0; i < m[0].length - 1; i++) { int[] row = m[1]; m[0][i + 1] = row[i + 1] * 2; }
        return m;
    }
    static int[][] neighbour(dist(dim = 2) int[][] m) {
        for (int i = 1; i < m[0].length; i++) { m[0][i] = m[0][i - 1] + 1; }
        return m;
    }
    static int[][] aliasNeighbour(dist(dim = 2) int[][] m) {
        for (int i = 1; i < m[0].length; i++) { int[] row = m[0]; m[0][i] = row[i - 1] + 1; }
        return m;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// A 2-D nest whose outer body declares locals before its inner loop (its prelude) is a
/// 2-D NDRange when every declaration has a value with no effect and is never assigned
/// again: a plane local and a scalar over the rows of each plane, a row local whose length
/// bounds the inner loop, a 2-D reduction, a row's length (which cannot fail: the row is
/// the iteration's), a row that may not exist (the prelude may fail), a call of a helper
/// with no effect. Otherwise the nest is a 1-D loop over its rows and
/// `explain` names the declaration: a running sum, a local declared without a value, a
/// fresh array, a call of a helper writing its argument, a prelude that may fail in a
/// launch sized by a host scalar. A statement other than a declaration makes no nest at all.
#[test]
fn nest_preludes_are_computed_by_every_work_item_or_the_refusal() {
    insta::assert_snapshot!(explain(
        r#"
class Preludes {
    static int count(int[] a) {
        return a.length;
    }
    static int[][] widthInPrelude(dist(dim = 1) int[][] img) {
        int[][] out = new int[img.length][img[0].length];
        for (int y = 0; y < img.length; y++) {
            int w = img[y].length;
            for (int x = 0; x < w; x++) { out[y][x] = img[y][w - 1 - x]; }
        }
        return out;
    }
    static int bump(int[] a) {
        a[0] = a[0] + 1;
        return a[0];
    }
    static double[][][] planes(dist(dim = 1) double[][][] v, double f) {
        for (int i = 0; i < v.length; i++) {
            double[][] p = v[i];
            double bias = i * 0.5 + f;
            for (int r = 0; r < p.length; r++) {
                for (int c = 0; c < p[r].length; c++) {
                    p[r][c] = p[r][c] * f + bias;
                }
            }
        }
        return v;
    }
    static double[][] rows(dist(dim = 1) double[][] m) {
        for (int i = 0; i < m.length; i++) {
            double[] row = m[i];
            double w = Math.sqrt(i + 1.0);
            for (int j = 0; j < row.length; j++) {
                row[j] = row[j] * w;
            }
        }
        return m;
    }
    static reduce(+) long weighted(dist(dim = 1) int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {
            int[] row = m[i];
            long w = i * 3L + 1;
            for (int j = 0; j < row.length; j++) {
                s += row[j] * w;
            }
        }
        return s;
    }
    static int[][] widths(dist(dim = 1) int[][] m) {
        for (int i = 0; i < m.length; i++) {
            int w = m[i].length;
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += w;
            }
        }
        return m;
    }
    static int[][] next(dist(dim = 1) int[][] m, int[][] n) {
        for (int i = 0; i < m.length; i++) {
            int[] below = n[i + 1];
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += below[0];
            }
        }
        return m;
    }
    static long[][] running(dist(dim = 1) long[][] m) {
        for (int i = 0; i < m.length; i++) {
            long s = 0;
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j];
                m[i][j] = s;
            }
        }
        return m;
    }
    static long[][] unset(dist(dim = 1) long[][] m) {
        for (int i = 0; i < m.length; i++) {
            long s;
            for (int j = 0; j < m[i].length; j++) {
                s = m[i][j] * 2;
                m[i][j] = s;
            }
        }
        return m;
    }
    static int[][] fresh(dist(dim = 1) int[][] m) {
        for (int i = 0; i < m.length; i++) {
            int[] t = new int[4];
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += t[j % 4];
            }
        }
        return m;
    }
    static int[][] called(dist(dim = 1) int[][] m, int[] k) {
        for (int i = 0; i < m.length; i++) {
            int n = count(k) + i;
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += n;
            }
        }
        return m;
    }
    static int[][] bumped(dist(dim = 1) int[][] m) {
        for (int i = 0; i < m.length; i++) {
            int n = bump(m[i]);
            for (int j = 1; j < m[i].length; j++) {
                m[i][j] += n;
            }
        }
        return m;
    }
    static long[][] sized(dist(dim = 1) long[][] g, long[][] n, int w, int steps) {
        for (int t = 0; t < steps; t++) {
            int k = w - t;
            sync (g) {
                for (int i = 0; i < g.length; i++) {
                    long[] src = n[i + t];
                    for (int j = 0; j < k; j++) {
                        g[i][j] += src[0];
                    }
                }
            }
        }
        return g;
    }
    static int[][] statement(dist(dim = 1) int[][] m) {
        for (int i = 0; i < m.length; i++) {
            m[i][0] = 1;
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] += 2;
            }
        }
        return m;
    }
    public static void main(String[] args) {}
}
"#
    ));
}

/// `writes::writes_param` answers whether a function may store into the array a parameter
/// holds, through any name: an element, or a row slot (`m[0] = r`, which a row local
/// only read never does), directly or by a callee.
#[test]
fn writes_follow_rows_and_count_replaced_row_slots() {
    let source = r#"
class W {
    static int reads(int[][] m) {
        int[] row = m[0];
        return row[0] + m[1].length;
    }
    static void stores(int[][] m) {
        int[] row = m[0];
        row[1] = 3;
    }
    static void replaces(int[][] m) {
        m[0] = new int[1];
    }
    static void nulls(int[][] m, boolean c) {
        m[c ? 0 : 1] = null;
    }
    static void replacesPlane(int[][][] c, int[] r) {
        c[0][1] = r;
    }
    static void viaHelper(int[][] m) {
        replaces(m);
    }
    static void rowToHelper(int[][] m) {
        int[] row = m[0];
        fill(row);
    }
    static void fill(int[] r) {
        r[0] = 1;
    }
    public static void main(String[] args) {}
}
"#;
    let module = lowered(source);
    let writes = |name: &str| {
        let f = module
            .functions
            .iter()
            .position(|f| f.name == format!("W.{name}"))
            .unwrap_or_else(|| panic!("no W.{name}"));
        somd_mir::analysis::writes::writes_param(&module, somd_mir::FuncId(f as u32), 0)
    };
    assert!(!writes("reads"));
    for name in ["stores", "replaces", "nulls", "replacesPlane", "viaHelper", "rowToHelper"] {
        assert!(writes(name), "{name}");
    }
}

/// Mapped primitive arguments whose elements Java widens to the parameter's type: a range
/// to `long` (still the index), `byte`s to `int` and `double`, fused with a `!` too; a
/// broadcast `int` to `double` (the host widens it, no note).
#[test]
fn widened_map_arguments_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
public class Main {
    static local long at(long i, int x) { return i * x; }
    static local double scale(double v, double k) { return v * k; }
    static local int twice(int b) { return b * 2; }

    public static void main(String[] args) {
        byte[[]] b = new byte[[]](new byte[64]);
        int[[]] x = new int[[]](new int[64]);
        long[[]] a = Main @ at(Somd.range(64), x);
        double[[]] d = Main @ scale(b, 3);
        int s = + ! (Main @ twice(b));
        System.out.println(a[1] + d[2] + s);
    }
}
"#
    ));
}

/// `@` results that stay on the device until the host reads them (`analysis::lazy`): a
/// local read at two elements and handed to a `@` and a `!` the device runs; one whose only
/// other use is a `@` the device cannot run (recursion), read in a loop: nothing gained,
/// not listed; `byte`s summed by `+ !`, which the device widens as it reads them: listed; a
/// local also given a literal, which the host holds until a device call reads it (`Lazy::
/// from_host`): listed; one also given a helper's value array: not listed; a round's result
/// moved into the next round's local (`x = nx;`): the move counted; a local given a
/// parameter before its rounds: listed.
#[test]
fn results_read_late_are_explained() {
    insta::assert_snapshot!(explain(
        r#"
public class Main {
    static local int f(int x) { return x & 15; }
    static local int fib(int x) { return x < 2 ? x : fib(x - 1) + fib(x - 2); }
    static local byte low(int x) { return (byte) x; }

    public static void main(String[] args) {
        int[[]] v = Main @ f(Somd.range(100000));
        int[[]] w = Main @ f(v);
        int s = + ! v;
        System.out.println(v[0] + v[5] + w[1] + s);
        int[[]] u = Main @ f(Somd.range(100));
        int[[]] g = Main @ fib(u);
        for (int i = 0; i < 3; i++) {
            System.out.println(u[i] + g[i]);
        }
        byte[[]] b = Main @ low(Somd.range(10));
        int t = + ! b;
        System.out.println(t + b[1]);
        int[[]] h = Main @ f(Somd.range(10));
        if (args.length > 0) {
            h = new int[[]]{1, 2};
        }
        System.out.println(h[0]);
        int[[]] k = Main @ f(Somd.range(10));
        if (args.length > 1) {
            k = pair();
        }
        System.out.println(k[0]);
        int[[]] x = Main @ f(Somd.range(1000));
        for (int r = 0; r < 3; r++) {
            int[[]] nx = Main @ f(x);
            x = nx;
        }
        System.out.println(x[7] + rounds(x));
    }

    static int[[]] pair() { return new int[[]]{3, 4}; }

    static int rounds(int[[]] p) {
        int[[]] q = p;
        for (int r = 0; r < 2; r++) {
            q = Main @ f(q);
        }
        return q[1];
    }
}
"#
    ));
}

/// What `explain` says of a method the one-kernel form refuses and the host form too: the
/// outer loop's own reason as a line of its own, besides the inner loop's that the host form
/// names (probe 94: only the inner `long` loop was named, where the `^=` beside `+=` keeps the
/// outer loop off); and of a `@` and a `!` reached from the applications of a `@` the CPU
/// runs: from there they run on the applying thread, never as launches of their own (the
/// line says "reached from": the function may be called elsewhere too).
#[test]
fn refusals_name_the_outer_loop_and_nested_constructs_their_cpu_context() {
    insta::assert_snapshot!(explain(
        r#"
class Mixed {
    static reduce(+) long mixed(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            for (long j = a[i] & 15; j > 0; j--) s += j;
            s ^= a[i];
        }
        return s;
    }
    static local int sq(int x) { return x * x; }
    static local int top(int[[]] row) { return max ! row; }
    static local int[[]] squares(int[[]] row) {
        return Mixed @ sq(row);
    }
    static local int[[]] tops(int[[]][[]] m) {
        return Mixed @ top(m);
    }
    public static void main(String[] args) {
        int[[]][[]] m = new int[[]][[]](new int[][] {{1, 2, 3}, {4, 5, 6}});
        int[[]][[]] s = Mixed @ squares(m);
        System.out.println(s[1][2] + mixed(new int[] {1, 2, 3}) + tops(m)[1]);
    }
}
"#
    ));
}

/// A `@` or `!` in the body of a SOMD method that never runs on the device runs on the
/// threads of its method instances, and says so instead of "eligible" (probe 96: `explain`
/// called it eligible, with a kernel it never launches, while naming it the method's
/// blocker). The blockers name what the body holds: a `@` result held in a local, a `!`
/// or a `@` in the body, an assignment outside the loop.
#[test]
fn constructs_in_somd_bodies_on_the_cpu_say_where_they_run() {
    insta::assert_snapshot!(explain(
        r#"
class Main {
    static local int sq(int x) { return x * x; }
    static reduce(+) long held(dist int[] a) {
        int[[]] m = Main @ sq(new int[[]](a));
        long s = 0;
        for (int i = 0; i < m.length; i++) s += m[i];
        return s;
    }
    static reduce(+) long best(dist int[] a, int[] w) {
        int b = max ! w;
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b;
        return s;
    }
    static reduce(+) long plain(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }
    static int[] bounds(dist int[] a) {
        int[] r = new int[2];
        r[0] = Somd.offset(a);
        r[1] = a.length;
        return r;
    }
    public static void main(String[] args) {
        int[] a = new int[] {1, 2, 3};
        System.out.println(held(a) + best(a, a) + plain(a) + bounds(a)[1]);
    }
}
"#
    ));
}

/// A helper called only by the body of a SOMD method that runs on the CPU runs in no
/// kernel: its `!` is planned as a device call of its own from host code, and `explain`
/// says that from the method instances it runs on their threads (review 99: "in the
/// kernels that call `Main.top`").
#[test]
fn helpers_of_somd_bodies_on_the_cpu_are_in_no_kernel() {
    insta::assert_snapshot!(explain(
        r#"
class Main {
    static int top(int[] v) { return max ! v; }
    static int low(int[] v) { return min ! v; }
    static reduce(+) int chained(dist int[][] rows) {
        int s = 0;
        for (int i = 0; i < rows.length; i++) s = s * 3 + top(rows[i]);
        return s;
    }
    static reduce(+) int summed(dist int[][] rows) {
        int s = 0;
        for (int i = 0; i < rows.length; i++) s += low(rows[i]);
        return s;
    }
    public static void main(String[] args) {
        int[][] m = new int[8][5];
        System.out.println(chained(m) + summed(m) + top(m[3]));
    }
}
"#
    ));
}

/// A `!` of a `@` in a helper the kernels of a SOMD method call folds in each work-item;
/// `explain` says that a call of the helper from host code folds on the CPU
/// (review 101: it said nothing of `both(m[2])` in `main`), and only where host code calls
/// it (review 102: `inner`, called by the SOMD body alone).
#[test]
fn nested_folds_say_where_host_calls_fold() {
    insta::assert_snapshot!(explain(
        r#"
class Main {
    static local int sq(int x) { return x * x + 1; }
    static int both(int[] v) { return min ! (Main @ sq(v)); }
    static int inner(int[] v) { return max ! (Main @ sq(v)); }
    static reduce(+) int summed(dist(dim = 1) int[][] rows) {
        int s = 0;
        for (int i = 0; i < rows.length; i++) s += both(rows[i]) + inner(rows[i]);
        return s;
    }
    public static void main(String[] args) {
        int[][] m = new int[9][7];
        System.out.println(summed(m) + both(m[2]));
    }
}
"#
    ));
}

/// A non-final static field a kernel would use is named as read or written, and a filter
/// whose result is an array says that its result keeps it on the host (probe 96: "access
/// to" a field the code wrote, and a filter's types in a sentence about the writer).
#[test]
fn static_reads_and_array_results_of_filters_are_named() {
    insta::assert_snapshot!(explain(
        r#"
class Main {
    static int scale = 3;
    static int next = 0;
    static long seen = 0;
    static reduce(+) long scaled(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * scale;
        return s;
    }
    static local int twice(int x) { return x * 2; }
    static int[[]] chunks() {
        if (next >= 4) {
            throw new Underflow();
        }
        next++;
        return new int[[]](new int[] {next, next + 1});
    }
    static local int[[]] doubled(int[[]] c) { return Main @ twice(c); }
    static void collect(int[[]] c) { seen += c.length; }
    public static void main(String[] args) {
        long v = scaled(new int[] {1, 2});
        Task g = task Main.chunks => task Main.doubled => task Main.collect;
        g.finish();
        System.out.println(v + seen);
    }
}
"#
    ));
}

/// A helper the kernel calls has its loops versioned as the kernel's own: `explain` names
/// their range tests too, with the helper, once per kernel however often it is called.
#[test]
fn range_tests_in_helpers_are_explained() {
    let text = explain(
        r#"
class R {
    static int window(int[] a, int from, int n) {
        int s = 0;
        for (int j = from; j < from + n; j++) {
            s += a[j];
        }
        return s;
    }
    static int twice(int[] a, int n) {
        return window(a, 0, n) + window(a, 1, n);
    }
    static int[] sums(dist int[] at, int[] a, int n) {
        int[] out = new int[at.length];
        for (int p = 0; p < at.length; p++) {
            out[p] = twice(a, n) + window(a, at[p], n);
        }
        return out;
    }
    public static void main(String[] args) { }
}
"#,
    );
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("range test")).collect();
    assert_eq!(
        lines,
        ["  range test before the loop `j < from + n` at test.somd:5:28 (in `R.window`, which the kernel calls): `a[j]` in range at its first and last index, a copy of the loop without their checks (else the checked loop)"],
        "{text}"
    );
}

/// Loops of kernel code whose accesses one test before the loop keeps in range
/// (`analysis::loopcheck`) are named with those accesses; the parallel loop (the
/// work-items) and a loop whose accesses are proven in range are not.
#[test]
fn range_tests_before_loops_are_explained() {
    let text = explain(
        r#"
class R {
    static float[] quads(dist float[] xs, float[] q) {
        float[] out = new float[xs.length];
        for (int k = 0; k < xs.length; k++) {
            float s = 0.0f;
            for (int a = 0; a < q.length; a += 4) {
                s += q[a] * q[a + 3];
            }
            for (int j = 0; j < q.length; j++) {
                s += q[j];
            }
            out[k] = s;
        }
        return out;
    }
    public static void main(String[] args) { }
}
"#,
    );
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("range test")).collect();
    assert_eq!(
        lines,
        ["  range test before the loop `a < q.length` at test.somd:7:29: `q[a]`, `q[a + 3]` in range at its first and last index, a copy of the loop without their checks (else the checked loop)"],
        "{text}"
    );
}
