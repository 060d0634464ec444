//! Tests of `analysis::swap`: which copy-back launches of a `sync` body become buffer
//! exchanges. Each case is one SOMD method; the test lists its host program's steps.

mod common;

use common::lowered as module;
use somd_mir::analysis::sync::analyze_sync;
use somd_mir::analysis::SomdShape;

/// The steps of method `T.f`'s host program: `launch k`, `exchange dst src or launch k`,
/// `repeat { .. }`.
fn steps(body: &str) -> String {
    let source =
        format!("class T {{\n{body}\n    public static void main(String[] args) {{ }}\n}}\n");
    let m = module(&source);
    let func = m.functions.iter().find(|f| f.name == "T.f").expect("T.f exists");
    let (_, shape) = analyze_sync(&m, func, false, false);
    let Ok(SomdShape::Sync(sync)) = shape else { panic!("not a sync body: {shape:?}") };
    somd_mir::analysis::outline(func, &sync.steps)
}

/// `sync` body of `T.f(g, next, n)`: `writes` fills `next`, `copies` copies it back.
fn jacobi(writes: &str, copies: &str, tail: &str) -> String {
    format!(
        "static int[] f(dist(view = <1,1>) int[] g, dist(view = <1,1>) int[] next, int n) {{
            for (int p = 0; p < n; p++) {{
                sync (next) {{ for (int i = 1; i < g.length - 1; i++) {{ {writes} }} }}
                sync (g) {{ for (int i = 1; i < g.length - 1; i++) {{ {copies} }} }}
                {tail}
            }}
            return g;
        }}"
    )
}

#[test]
fn copy_back_after_a_full_write_is_an_exchange() {
    let s = steps(&jacobi("next[i] = g[i - 1] + g[i + 1];", "g[i] = next[i];", ""));
    assert_eq!(s, "repeat { launch 0; exchange g next or launch 1 }");
}

#[test]
fn two_dimensional_copy_back_is_an_exchange() {
    let s = steps(
        "static int[][] f(dist(view = <1,1>, <1,1>) int[][] g, dist(view = <1,1>, <1,1>) int[][] next, int n) {
            for (int p = 0; p < n; p++) {
                sync (next) { for (int i = 1; i < g.length - 1; i++) { for (int j = 1; j < g[i].length - 1; j++) { next[i][j] = g[i - 1][j] + g[i][j + 1] + p; } } }
                sync (g) { for (int i = 1; i < g.length - 1; i++) { for (int j = 1; j < g[i].length - 1; j++) { g[i][j] = next[i][j]; } } }
            }
            return g;
        }",
    );
    assert_eq!(s, "repeat { launch 0; exchange g next or launch 1 }");
}

#[test]
fn a_conditional_write_keeps_the_copy() {
    let s = steps(&jacobi("if (g[i] > 0) next[i] = g[i];", "g[i] = next[i];", ""));
    assert_eq!(s, "repeat { launch 0; launch 1 }");
}

#[test]
fn a_write_that_reads_the_source_keeps_the_copy() {
    let s = steps(&jacobi("next[i] = next[i] + g[i];", "g[i] = next[i];", ""));
    assert_eq!(s, "repeat { launch 0; launch 1 }");
}

#[test]
fn a_shifted_copy_keeps_the_copy() {
    let s = steps(&jacobi("next[i] = g[i] * 2;", "g[i] = next[i - 1];", ""));
    assert_eq!(s, "repeat { launch 0; launch 1 }");
}

#[test]
fn a_copy_over_another_range_keeps_the_copy() {
    let s = steps(
        "static int[] f(dist(view = <1,1>) int[] g, dist(view = <1,1>) int[] next, int n) {
            for (int p = 0; p < n; p++) {
                sync (next) { for (int i = 1; i < g.length - 1; i++) { next[i] = g[i - 1]; } }
                sync (g) { for (int i = 0; i < g.length; i++) { g[i] = next[i]; } }
            }
            return g;
        }",
    );
    assert_eq!(s, "repeat { launch 0; launch 1 }");
}

#[test]
fn another_reader_of_the_source_keeps_the_copy() {
    let tail = "sync { for (int i = 0; i < g.length; i++) { g[i] = g[i] + next[i]; } }";
    let s = steps(&jacobi("next[i] = g[i] * 2;", "g[i] = next[i];", tail));
    assert_eq!(s, "repeat { launch 0; launch 1; launch 2 }");
}

#[test]
fn another_writer_of_the_destination_keeps_the_copy() {
    let tail = "sync { for (int i = 0; i < g.length; i++) { g[i] = g[i] * 3; } }";
    let s = steps(&jacobi("next[i] = g[i] * 2;", "g[i] = next[i];", tail));
    assert_eq!(s, "repeat { launch 0; launch 1; launch 2 }");
}

/// `T.f(g, next, eps)`: a convergence loop whose `sync reduce` fills `next` with `writes`
/// (and measures the change into `diff`), then copies it back.
fn converging(writes: &str) -> String {
    format!(
        "static int[] f(dist(view = <1,1>) int[] g, dist(view = <1,1>) int[] next, int eps) {{
            shared int diff = eps + 1;
            while (diff > eps) {{
                diff = 0;
                sync reduce(max) (diff) {{ for (int i = 1; i < g.length - 1; i++) {{ {writes} }} }}
                sync (g) {{ for (int i = 1; i < g.length - 1; i++) {{ g[i] = next[i]; }} }}
            }}
            return g;
        }}"
    )
}

#[test]
fn copy_back_after_a_sync_reduce_in_a_while_loop_is_an_exchange() {
    let s = steps(&converging(
        "next[i] = (g[i - 1] + g[i + 1]) / 2; diff = Math.max(diff, Math.abs(next[i] - g[i]));",
    ));
    assert_eq!(s, "host; while test { host; reduce 0; exchange g next or launch 1 }");
    // Cells passed by value to a method (the library's `Math.max` on `double` is one).
    let with_call = format!(
        "static int gap(int x, int y) {{ return Math.abs(x - y); }}\n{}",
        converging(
            "next[i] = (g[i - 1] + g[i + 1]) / 2; diff = Math.max(diff, gap(next[i], g[i]));"
        )
    );
    assert_eq!(
        steps(&with_call),
        "host; while test { host; reduce 0; exchange g next or launch 1 }"
    );
}

#[test]
fn a_read_of_the_source_before_its_write_keeps_the_copy() {
    let s = steps(&converging(
        "diff = Math.max(diff, Math.abs(next[i] - g[i])); next[i] = (g[i - 1] + g[i + 1]) / 2;",
    ));
    assert_eq!(s, "host; while test { host; reduce 0; launch 1 }");
}

/// The array parameters `T.f`'s call never reads (`swap::unread_params`), by name.
fn unread(class_body: &str) -> Vec<String> {
    let source =
        format!("class T {{\n{class_body}\n    public static void main(String[] args) {{ }}\n}}\n");
    let m = module(&source);
    let func = m.functions.iter().find(|f| f.name == "T.f").expect("T.f exists");
    let (_, shape) = analyze_sync(&m, func, false, false);
    let Ok(SomdShape::Sync(sync)) = shape else { panic!("not a sync body: {shape:?}") };
    sync.unread.iter().map(|l| func.local(*l).name.clone()).collect()
}

/// A scratch array written over a range and read back over the same range right after is
/// never read for what the caller put in it; read at a neighbour, returned, or a field of
/// an instance method (its cells come back into the receiver), it is.
#[test]
fn scratch_parameters_written_before_each_read_are_unread() {
    let scratch = |writes: &str, copies: &str, ret: &str| {
        unread(&format!(
            "static long[] f(dist long[] a, dist long[] t, int n) {{
                for (int p = 0; p < n; p++) {{
                    sync {{ for (int i = 1; i < a.length - p; i++) {{ {writes} }} }}
                    sync {{ for (int i = 1; i < a.length - p; i++) {{ {copies} }} }}
                }}
                return {ret};
            }}"
        ))
    };
    assert_eq!(scratch("t[i] = a[i] * 2;", "a[i] = t[i] + 1;", "a"), ["t"]);
    assert!(scratch("t[i] = a[i] * 2;", "a[i] = t[i - 1] + 1;", "a").is_empty());
    assert!(scratch("t[i] = a[i] * 2;", "a[i] = t[i] + 1;", "t").is_empty());
    assert!(scratch("t[i] = t[i] + a[i];", "a[i] = t[i];", "a").is_empty());
    // An instance method's field array, a parameter of its lifted copy.
    let source = "class T {
        long[] tmp;
        void f(dist long[] a, int n) {
            for (int p = 0; p < n; p++) {
                sync { for (int i = 1; i < a.length - p; i++) { tmp[i] = a[i] * 2; } }
                sync { for (int i = 1; i < a.length - p; i++) { a[i] = tmp[i] + 1; } }
            }
        }
        public static void main(String[] args) { }
    }";
    let (lifted, _) =
        somd_mir::analysis::instance::lift_fields(&module(source)).expect("a lifted field");
    let func = lifted.functions.iter().find(|f| f.name == "T.f").expect("T.f exists");
    assert!(func.params.iter().any(|p| func.local(*p).name == "this_tmp"), "lifted");
    let (_, shape) = analyze_sync(&lifted, func, false, false);
    let Ok(SomdShape::Sync(sync)) = shape else { panic!("not a sync body: {shape:?}") };
    assert!(sync.unread.is_empty(), "{:?}", sync.unread);
}

/// A returned parameter is unread when a launch writes all of its cells on every path to
/// the return: the whole array comes back, so nothing the caller put in it shows. A write
/// over part of it, a return before the write, or a write in one branch of an `if` keeps
/// it read.
#[test]
fn returned_parameters_written_whole_first_are_unread() {
    let returned = |body: &str| {
        unread(&format!(
            "static long[] f(dist long[] t, dist long[] a, int k) {{
                {body}
                return t;
            }}"
        ))
    };
    let whole = "for (int i = 0; i < t.length; i++) { t[i] = a[i] + k; }";
    assert_eq!(returned(whole), ["t"]);
    assert_eq!(
        returned(&format!("{whole} for (int i = 0; i < t.length; i++) {{ t[i] = t[i] * 2; }}")),
        ["t"],
    );
    assert!(returned("for (int i = 1; i < t.length; i++) { t[i] = a[i] + k; }").is_empty());
    assert!(returned(&format!("if (k < 0) {{ return t; }} {whole}")).is_empty());
    assert!(returned(&format!("if (k > 0) {{ {whole} }}")).is_empty());
    assert_eq!(returned(&format!("if (k > 0) {{ {whole} }} else {{ {whole} }}")), ["t"]);
    // A return inside a host loop: before the write in its rounds, or after a write
    // before the loop.
    let rounds = |before: &str, body: &str| {
        returned(&format!("{before} while (k > 0) {{ if (k == 3) {{ return t; }} {body} k--; }}"))
    };
    assert!(rounds("", &format!("sync {{ {whole} }}")).is_empty());
    assert_eq!(
        rounds(
            &format!("sync {{ {whole} }}"),
            "sync { for (int i = 0; i < a.length; i++) { a[i] = t[i] + k; } }"
        ),
        ["t"]
    );
}

/// Taking a parameter's shape (`t.length`, `Somd.offset(t)`, `Somd.globalLength(t)`) reads
/// none of its cells: a returned parameter written whole after such a use, in the setup or
/// in an inner loop before the write, stays unread. A read of its cells there does not.
#[test]
fn shape_reads_before_the_whole_write_leave_a_parameter_unread() {
    let returned = |setup: &str, inner: &str| {
        unread(&format!(
            "static long[] f(dist long[] t, long[][] a) {{
                {setup}
                for (int i = 0; i < t.length; i++) {{
                    long s = 0;
                    for (int j = 0; j < a[0].length; j++) {{ s += {inner}; }}
                    t[i] = s;
                }}
                return t;
            }}"
        ))
    };
    assert_eq!(returned("", "a[i + Somd.offset(t)][j]"), ["t"]);
    assert_eq!(returned("int r0 = Somd.offset(t);", "a[r0 + i][j]"), ["t"]);
    assert_eq!(returned("int g = Somd.globalLength(t);", "a[(i + g) % a.length][j]"), ["t"]);
    assert_eq!(returned("", "a[i + Somd.offset(t)][j] * t.length"), ["t"]);
    assert!(returned("", "a[i + Somd.offset(t)][j] + t[i]").is_empty());
}
