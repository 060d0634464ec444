//! The shape of the emitted host code where it decides what the CPU path costs outside
//! the SOMD calls: which stores borrow a row instead of taking a handle on it, and how a
//! matrix result is assembled. Running the code is the end-to-end suite's job
//! (`tests/tests/run.rs`); these tests pin the forms down.

#![allow(clippy::unwrap_used)] // Tests fail loudly.

use somd_codegen::rust::write_main;
use somd_diag::SourceMap;
use somd_syntax::ast::IdGen;

fn emit(text: &str) -> String {
    let mut sources = SourceMap::new();
    let ids = IdGen::new();
    let file = sources.add("Main.somd", text);
    let (unit, diags) = somd_syntax::parse(file, text, &ids);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    let (program, diags) = somd_sema::check(vec![unit]);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
    let module = somd_mir::lower(&program, &sources);
    write_main(&module, &sources, "test").unwrap()
}

const PROGRAM: &str = r#"
import java.util.Random;

public class Main {
    static double[][] keep(dist(dim = 1) double[][] a) {
        for (int i = 0; i < a.length; i++) {
            a[i][0] += 1.0;
        }
        return a;
    }

    static double replace(double[][] m) {
        m[0] = new double[2];
        return 2.0;
    }

    public static void main(String[] args) {
        Random random = new Random(5);
        double[][] g = new double[3][2];
        double[][] h = new double[3][2];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                g[i][j] = random.nextDouble() * 2.0;
                h[i][j] = replace(h);
            }
        }
        g = keep(g);
        System.out.println(g[0][0] + h[0][0]);
    }
}
"#;

#[test]
fn stores_borrow_the_row_only_across_random_draws() {
    let text = emit(PROGRAM);
    // Drawing a random number replaces no row: the row is borrowed from `g` for the store
    // (from its host copy: `g` holds `keep`'s result, which may stay on the device, as a
    // `LazyMat`, and a store with a call in it drops the device copy and lends the host's).
    assert!(text.contains("g.host().at(i, &POS_"), "{text}");
    assert!(!text.contains("= g.get(i, &POS_"), "{text}");
    // `replace(h)` may replace `h[i]` before the store: the row is taken first and kept.
    assert!(text.contains("= h.get(i, &POS_"), "{text}");
}

#[test]
fn row_partitions_assemble_through_their_dist_argument() {
    let text = emit(PROGRAM);
    // `Dist2::assemble` returns the call's own matrix when the MIs returned their rows.
    assert!(text.contains("dist_0.assemble(partials, pos)"), "{text}");
    assert!(!text.contains("rt::somd::assemble_2d("), "{text}");
}

/// The wrapper `NAME_somd` of SOMD method `NAME` in `text`.
fn wrapper<'t>(text: &'t str, name: &str) -> &'t str {
    let at = text.find(&format!("fn {name}_somd(")).unwrap_or_else(|| panic!("{name}: {text}"));
    let rest = &text[at..];
    &rest[..rest.find("\n}\n").unwrap_or(rest.len())]
}

#[test]
fn broadcast_arrays_are_copied_per_mi_only_where_written() {
    let text = emit(include_str!("../../../tests/run/somd_broadcast_rows.somd"));
    // Read through a row local only: every MI shares the caller's matrix, and the MIs are
    // balanced over the threads.
    let products = wrapper(&text, "Main_products");
    assert!(!products.contains("deep_copy"), "{products}");
    assert!(products.contains("run_call_balanced_at(\"Main.products\", n_mis,"), "{products}");
    // Written through a row local, by a helper given a row, or with row slots replaced
    // (directly and by a helper): each MI's own copy.
    for name in ["Main_scratch", "Main_helped", "Main_swapped", "Main_widths"] {
        let body = wrapper(&text, name);
        assert!(body.contains("let private_t = t.deep_copy();"), "{body}");
    }
}

/// The body of function `name` in `text` (its `fn` line to the closing brace).
fn body<'t>(text: &'t str, name: &str) -> &'t str {
    let at = text.find(&format!("fn {name}(")).unwrap_or_else(|| panic!("{name}: {text}"));
    let rest = &text[at..];
    &rest[..rest.find("\n}\n").unwrap_or(rest.len())]
}

#[test]
fn row_locals_borrow_rows_that_nothing_replaces() {
    let text = emit(include_str!("../../../tests/run/somd_broadcast_rows.somd"));
    // No row of any matrix can change in `products`: its row locals borrow the rows, with
    // no reference count to bump per row (which MIs sharing `ys` would contend on).
    let products = body(&text, "Main_products");
    for row in [
        "let x: &Array<i32> = xs.at(i, ",
        "let o: &Array<i32> = out.at(i, ",
        "let y: &Array<i32> = ys.at(j, ",
    ] {
        assert!(products.contains(row), "{row}: {products}");
    }
    // `swapped` replaces rows of `t` while `first` names one: `first` holds its own handle.
    let swapped = body(&text, "Main_swapped");
    assert!(swapped.contains("let mut first: Array<i32> = t.get(0i32, "), "{swapped}");
}

const HANDED_OVER: &str = r#"
public class Main {
    static double[] twice(dist double[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * 2.0;
        }
        return a;
    }

    static double[] chain(double[] a) {
        double[] b = twice(a);
        double[] c = twice(b);
        return c;
    }

    static double[] nested(dist double[] a) {
        double[] b = twice(a);
        double[] c = twice(b);
        return c;
    }

    public static void main(String[] args) {
        double[] a = new double[8];
        double[] b = twice(a);
        double[] c = twice(b);
        double[] d = twice(c);
        System.out.println(d[1] + c[1]);
        for (int k = 0; k < 3; k++) {
            double[] e = twice(d);
            System.out.println(e[0]);
        }
        d = twice(d);
        double[] f = chain(d);
        double[] g = nested(f);
        System.out.println(g[0]);
    }
}
"#;

#[test]
fn arrays_at_their_last_use_are_handed_to_the_call() {
    let text = emit(HANDED_OVER);
    let main = body(&text, "Main_main");
    // `a` and `b` are read nowhere after their calls: the calls take them over, `a` out of
    // its variable, `b` (a SOMD result left on the device, `rt::device::LazyArr`) by its
    // handle, whose device buffer the call may write.
    let a = "Main_twice_somd(\n            &rt::device::LazyArr::from_host(std::mem::take(&mut a)),\n            rt::device::LEAVE | 1,";
    assert!(main.contains(a), "{main}");
    assert!(main.contains("Main_twice_somd(&b, rt::device::LEAVE | 1, &POS_"), "{main}");
    // `c` is read after its call, `d` passed in a loop: the calls borrow them. `d` replaced
    // by its call's result is taken out of its variable.
    assert!(main.contains("Main_twice_somd(&c, 0, &POS_"), "{main}");
    assert!(main.contains("&rt::device::LazyArr::from_host(d.clone()),\n"), "{main}");
    let d = "Main_twice_somd(&rt::device::LazyArr::from_host(std::mem::take(&mut d)), 1, &POS_";
    assert!(main.contains(d), "{main}");
    // A host method hands over its locals too (`b`, left on the device), not its
    // parameters (borrowed from its caller); a SOMD method's own statements (also run as
    // device host programs) keep their locals.
    let chain = body(&text, "Main_chain");
    let a = "Main_twice_somd(&rt::device::LazyArr::from_host(a.clone()), rt::device::LEAVE, &POS_";
    assert!(chain.contains(a), "{chain}");
    assert!(chain.contains("Main_twice_somd(&b, 1, &POS_"), "{chain}");
    assert!(!body(&text, "Main_nested").contains("std::mem::take"), "{text}");
}

const SHARED_OBJECTS: &str = r#"
class Box {
    int v;

    local int bump() {
        v++;
        return v;
    }

    local int peek() {
        return v;
    }
}

public class Main {
    static local int inc(int i, Box b) {
        b.v++;
        return b.v + i;
    }

    static local int viaMethod(Box b, int i) {
        return b.bump() + i;
    }

    static local int reads(int i, Box b) {
        return b.peek() + i;
    }

    static local int own(int i) {
        Box t = new Box();
        t.bump();
        return t.v + i;
    }

    public static void main(String[] args) {
        Box b = new Box();
        Box[] boxes = {b, b, new Box()};
        int[[]] r = Main @ inc(Somd.range(3), b);
        int[[]] q = Main @ viaMethod(boxes, Somd.range(3));
        int[[]] s = Main @ reads(Somd.range(3), b);
        int[[]] t = Main @ own(Somd.range(3));
        System.out.println(r[2] + q[2] + s[2] + t[2]);
        System.out.println(+ ! (Main @ viaMethod(boxes, Somd.range(3))));
        System.out.println(+ ! (Main @ inc(Somd.range(3), b)));
    }
}
"#;

/// A `@` whose target writes a field of an object its applications share (a broadcast
/// object) applies it in Java's order (`rt::somd::in_order`, inside which the trace reports
/// one MI); one writing the objects it maps (through an instance method too) applies it in
/// order unless they are distinct (`rt::somd::map_distinct` checks); one that only reads
/// the object, or writes only an object it makes, keeps the pool. A `!` of such a `@`
/// folds it as it applies it, checked (`map_reduce_distinct`) or in order (`in_order`
/// around the fused `map_reduce`); before, the fused form ran in order even where the
/// objects were distinct.
#[test]
fn maps_writing_shared_objects_run_in_order() {
    let text = emit(SHARED_OBJECTS);
    let main = body(&text, "Main_main");
    assert_eq!(main.matches("rt::somd::in_order(").count(), 2, "{main}");
    assert_eq!(main.matches("rt::somd::map_distinct(").count(), 1, "{main}");
    assert_eq!(main.matches("rt::somd::map_reduce_distinct::<").count(), 1, "{main}");
    assert_eq!(main.matches("rt::somd::map_reduce::<").count(), 1, "{main}");
    let dense: String = main.split_whitespace().collect();
    let guarded = "rt::somd::in_order(||{let_somd_cpu=rt::somd::cpu_only(\
                   rt::somd::Construct::Map,\"Main.inc\",&POS_";
    assert!(dense.contains(guarded), "{main}");
    let distinct = dense.split("\"Main.viaMethod\"").nth(1).unwrap_or_default();
    assert!(
        distinct.split("\"Main.").next().unwrap_or_default().contains("map_distinct(_e"),
        "{main}"
    );
}

/// A loop `i <= hi` gets an unchecked copy as a loop `i < hi` does, bounded by `hi + 1`
/// where that is an `int` (`i32::MIN` where it is not, which takes the loop as written).
#[test]
fn loops_to_an_inclusive_bound_get_an_unchecked_copy() {
    let text = emit(
        r#"
public class Main {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] x = new int[n];
        int[] y = new int[n];
        for (int i = 0; i <= n - 1; i++) {
            y[i] = x[i] * 2;
        }
        System.out.println(y[0]);
    }
}
"#,
    );
    let bound = text.lines().find(|l| l.contains("i32::checked_add(")).unwrap_or_else(|| {
        panic!("no bound `hi + 1`:\n{text}");
    });
    let var = bound.trim().strip_prefix("let ").and_then(|l| l.split(' ').next()).unwrap();
    assert!(bound.contains(".unwrap_or(i32::MIN)"), "{bound}");
    assert!(text.contains(&format!("y.covers(i, {var}, 0, 0)")), "{text}");
    assert!(text.contains(&format!("{var} != i32::MIN")), "{text}");
}

/// A counted loop over a value array of value objects (`centres[c].x`, K-Means' `nearest`)
/// gets an unchecked copy where the array holds no `null` (`holds_no_null`, beside
/// `covers`): the element is read in place (`at_present`), also into a local, or cloned
/// (`get_present`), and its field reads test nothing. A mutable array of objects keeps its
/// checks.
#[test]
fn value_object_elements_get_an_unchecked_copy() {
    let text = emit(
        r#"
value class P {
    int x;
    P(int x) { this.x = x; }
}
class M {
    int x;
    M(int x) { this.x = x; }
}
public class Main {
    static int sum(P[[]] ps) {
        int s = 0;
        for (int i = 0; i < ps.length; i++) {
            s += ps[i].x;
        }
        return s;
    }
    static int viaLocal(P[[]] ps) {
        int s = 0;
        for (int i = 0; i < ps.length; i++) {
            P p = ps[i];
            s += p.x;
        }
        return s;
    }
    static int lastOf(P[[]] ps) {
        int s = 0;
        P last = null;
        for (int i = 0; i < ps.length; i++) {
            s += ps[i].x;
            last = ps[i];
        }
        return s + last.x;
    }
    static int msum(M[] ms) {
        int s = 0;
        for (int i = 0; i < ms.length; i++) {
            s += ms[i].x;
        }
        return s;
    }
    public static void main(String[] args) {
        P[] ps = new P[3];
        M[] ms = new M[3];
        for (int i = 0; i < 3; i++) {
            ps[i] = new P(i);
            ms[i] = new M(i);
        }
        System.out.println(sum(new P[[]](ps)) + viaLocal(new P[[]](ps)) + lastOf(new P[[]](ps)) + msum(ms));
    }
}
"#,
    );
    let sum = body(&text, "Main_sum");
    assert!(sum.contains("ps.covers(i, "), "{sum}");
    assert!(sum.contains("&& ps.holds_no_null()"), "{sum}");
    assert!(sum.contains(".at_present(i) }).get(&POS_"), "{sum}");
    let local = body(&text, "Main_viaLocal");
    assert!(local.contains("&& ps.holds_no_null()"), "{local}");
    assert!(local.contains("= unsafe { _u1_0.at_present(i) };"), "{local}");
    let last = body(&text, "Main_lastOf");
    assert!(last.contains("last = unsafe { _u1_0.get_present(i) };"), "{last}");
    let msum = body(&text, "Main_msum");
    assert!(!msum.contains("unchecked"), "{msum}");
}

/// A counted loop holding a short loop runs in blocks of 1024 iterations, each counted on
/// the thread's counter as it ends (`rt::exec::spin_ticks`), not ticked in every iteration
/// (`rt::exec::spin_tick`): the call in each iteration kept the optimiser from the loop
/// (note `device-execution`, "Nests in blocks on the CPU"). A loop whose bound is a length
/// (which may throw) keeps the tick.
#[test]
fn nests_count_their_blocks_on_the_thread_counter() {
    let text = emit(
        r#"
public class Main {
    static long[] quad(dist int[] at, long[] lim) {
        long[] out = new long[at.length];
        for (int p = 0; p < at.length; p++) {
            long m = lim[at[p]] + 250;
            long s = p;
            for (long x = 0; x < m; x++) {
                for (long z = 0; z < 4; z++) {
                    s = s * 31 + (x ^ z);
                }
            }
            out[p] = s;
        }
        return out;
    }

    public static void main(String[] args) {
        int[] at = {0, 1, 2};
        long[] lim = {3, 4, 5};
        System.out.println(quad(at, lim)[2]);
    }
}
"#,
    );
    let body = text.split("fn Main_quad(").nth(1).unwrap();
    let body = &body[..body.find("\n}\n").unwrap()];
    let x_loop = &body[body.find("let mut x: i64").unwrap()..];
    assert!(x_loop.contains("'somd_b2: loop {"), "{body}");
    assert!(
        x_loop.contains("if rt::exec::spin_ticks((x.wrapping_sub(_from2) / 1i64) as u32) {"),
        "{body}"
    );
    assert!(!x_loop.contains("spin_tick()"), "{body}");
    // `p < at.length`: a length is no quiet bound, and the loop ticks in each iteration.
    assert_eq!(body.matches("if rt::exec::spin_tick() {").count(), 1, "{body}");
}
