//! Tests of `analysis::keep`: which host loops keep which mutable arrays on the device
//! across their calls. Each case is a `main` (with helpers) around the SOMD methods below;
//! the test lists the kept loops as `Function#loop: arrays`.

mod common;

use common::lowered;
use somd_mir::analysis::instance::{lift_fields, Lifted};
use somd_mir::analysis::keep::{kept_loops, kept_regions};
use somd_mir::analysis::walk::stmt_indices;
use somd_mir::Module;

/// SOMD methods and helpers shared by the cases: `sum` reads its parameter, `at` reads it
/// and its MI geometry, `bump` writes it, `rows` partitions by a strategy that reads the caller's array, `spoil` by one that
/// writes it.
const METHODS: &str = "
class Reader {
    static int[] bounds(int length, int parts, int[] keys) {
        int[] b = new int[parts + 1];
        for (int r = 1; r < parts; r++) {
            b[r] = keys.length > 0 ? length * r / parts : 0;
        }
        b[parts] = length;
        return b;
    }
}
class Writer {
    static int[] bounds(int length, int parts, int[] keys) {
        int[] b = new int[parts + 1];
        if (keys.length > 0) {
            keys[0] = 1;
        }
        b[parts] = length;
        return b;
    }
}
class T {
    static reduce(+) int sum(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) { s += a[i]; }
        return s;
    }
    static reduce(+) int bump(dist int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) { a[i] = a[i] + 1; s += a[i]; }
        return s;
    }
    static reduce(+) int rows(dist(Reader(keys)) int[] keys, dist(Reader(keys)) int[] v) {
        int s = 0;
        for (int i = 0; i < v.length; i++) { s += v[i] * keys[i]; }
        return s;
    }
    static reduce(+) int spoil(dist(Writer(keys)) int[] keys, dist(Writer(keys)) int[] v) {
        int s = 0;
        for (int i = 0; i < v.length; i++) { s += v[i] * keys[i]; }
        return s;
    }
    static reduce(+) long at(dist int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) { s += (Somd.offset(a) + i) * a[i]; }
        return s + Somd.globalLength(a);
    }
    static local int twice(int x) { return 2 * x; }
    static local int at(int i, int[] t) { return t[i]; }
    static void poke(int[] a) { a[0] = 7; }
    static int peek(int[] a) { return a[0] + a.length; }
    static int[] same(int[] a) { return a; }
    static int[] kept;
    static void stash(int[] a) { kept = a; }
    static int ping(int[] a, int n) { return n > 0 ? pong(a, n - 1) : a[0]; }
    static int pong(int[] a, int n) { return ping(a, n); }
    static int pingw(int[] a, int n) { return n > 0 ? pongw(a, n - 1) : a[0]; }
    static int pongw(int[] a, int n) { a[1] = n; return pingw(a, n); }
    static reduce(+) long msum(dist int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) { for (int j = 0; j < m[i].length; j++) { s += m[i][j]; } }
        return s;
    }
    static reduce(+) long mbump(dist int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) { for (int j = 0; j < m[i].length; j++) { m[i][j]++; s += m[i][j]; } }
        return s;
    }
    static int mpeek(int[][] m) { return m[0][0] + m[0].length + m.length; }
    static void mpoke(int[][] m) { m[0][0] = 1; }
    static void mrows(int[][] m) { for (int i = 0; i < m.length; i++) { T.poke(m[i]); } }
    static int mrow(int[][] m) { int[] r = m[0]; return r[0] + r.length; }
    static int mrowpoke(int[][] m) { int[] r = m[0]; r[1] = 2; return r[0]; }
    static reduce(+) int mlendw(dist int[] out, int[][] m) {
        int s = 0;
        for (int i = 0; i < out.length; i++) { T.poke(m[i + Somd.offset(out)]); s += m[i + Somd.offset(out)][0]; }
        return s;
    }
    static reduce(+) int mlocalw(dist int[] out, int[][] m) {
        int s = 0;
        for (int i = 0; i < out.length; i++) { int[] r = m[i + Somd.offset(out)]; r[1] = 3; T.poke(r); s += r[0] + T.peek(r); }
        return s;
    }
    static reduce(+) int mstash(dist int[] out, int[][] m) {
        int s = 0;
        for (int i = 0; i < out.length; i++) { T.stash(m[i + Somd.offset(out)]); s += m[i + Somd.offset(out)][0]; }
        return s;
    }
    static int mrowpass(int[][] m) { int[] r = m[0]; return T.peek(r); }
    static int mrowlend(int[][] m) { return T.peek(m[1]) + T.first(m[0]); }
    static int mrowwipe(int[][] m) { int[] r = m[0]; return T.wipe(r) + r[0]; }
    static int mrowlendw(int[][] m) { return T.peek(m[1]) + T.wipe(m[0]); }
    static local int first(int[] r) { return r[0]; }
    static local int wipe(int[] r) { r[0] = 0; return 0; }
";

/// The kept loops of `T.main` and `T.host` for `main`'s body (`host(int[] p)` is given by
/// `extra`).
fn kept(main: &str, extra: &str) -> Vec<String> {
    let source = format!(
        "{METHODS}\n{extra}\n    public static void main(String[] args) {{\n{main}\n    }}\n}}\n"
    );
    kept_in_source(&source)
}

/// `source` lowered as the compiler analyses it: instance SOMD methods taking the receiver's
/// fields as parameters where they can (`instance::lift_fields`), with what that lifted.
fn analysed(source: &str) -> (Module, Option<Lifted>) {
    let module = lowered(source);
    match lift_fields(&module) {
        Some((copy, lifted)) => (copy, Some(lifted)),
        None => (module, None),
    }
}

/// A program of class `class`, the shared methods and a `main` whose body is `body` after
/// `int t = 0; int[] a = new int[8];`.
fn with_class(class: &str, body: &str) -> String {
    format!(
        "{class}\n{METHODS}\n    public static void main(String[] args) {{\nint t = 0; int[] a = new int[8];\n{body}\n    }}\n}}\n"
    )
}

/// The kept loops of a whole program, as `Function#loop: arrays`, analysed as the compiler
/// does ([`analysed`]).
fn kept_in_source(source: &str) -> Vec<String> {
    let (module, lifted) = analysed(source);
    kept_loops(&module, &[], lifted.as_ref())
        .iter()
        .map(|k| {
            let func = module.function(k.func);
            let mut names: Vec<&str> =
                k.arrays.iter().map(|l| func.local(*l).name.as_str()).collect();
            names.extend(k.statics.iter().map(|s| module.statics[s.0 as usize].name.as_str()));
            let fields: Vec<String> = k
                .fields
                .iter()
                .map(|f| {
                    let object = f.object.map_or("this", |l| func.local(l).name.as_str());
                    let class = &module.classes[f.class.0 as usize];
                    format!("{object}.{}", class.fields[f.index as usize].name)
                })
                .collect();
            names.extend(fields.iter().map(String::as_str));
            let mut line = format!("{}#{}: {}", func.name, k.loop_id.0, names.join(" "));
            if !k.touches.is_empty() {
                let stored: Vec<&str> = k.touches.iter().map(|t| names[t.array]).collect();
                line += &format!(" (stores to {})", stored.join(" "));
            }
            line
        })
        .collect()
}

const SETUP: &str = "int[] a = new int[100]; int[] b = {1, 2, 3}; int t = 0;";

/// Array fields that only their class's constructors give arrays and store to
/// (`keep::field_candidates`): any host loop passing one to the device keeps it.
#[test]
fn array_fields_only_constructors_write_are_kept() {
    let class = |extra: &str| {
        format!(
            "class G {{
    int[] f;
    int[] h = new int[3];
    G(int n) {{ f = new int[n]; for (int i = 0; i < n; i++) {{ f[i] = i; }} h[0] = 1; }}
    int first() {{ return f[0] + h.length; }}
    int loop(int k) {{ int s = 0; for (int r = 0; r < k; r++) {{ s += T.sum(this.f); }} return s; }}
    {extra}
}}"
        )
    };
    for (body, extra, want) in [
        (
            "G g = new G(8); for (int k = 0; k < 3; k++) { t += T.sum(g.f) + T.sum(g.h) + g.first(); }",
            "",
            vec!["G.loop#0: this.f", "T.main#0: g.f g.h"],
        ),
        // a loop giving the local another object keeps nothing of it
        ("G g = new G(8); for (int k = 0; k < 3; k++) { t += T.sum(g.f); g = new G(k + 1); }", "", vec!["G.loop#0: this.f"]),
        // a store outside a constructor, another name, a helper writing it, an array that is
        // no fresh one
        ("G g = new G(8); g.f[0] = 2; for (int k = 0; k < 3; k++) { t += T.sum(g.f); }", "", vec![]),
        ("G g = new G(8); int[] z = g.f; for (int k = 0; k < 3; k++) { t += T.sum(g.f); }", "", vec![]),
        ("G g = new G(8); T.poke(g.f); for (int k = 0; k < 3; k++) { t += T.sum(g.f); }", "", vec![]),
        ("G g = new G(8); for (int k = 0; k < 3; k++) { t += T.sum(g.f); }", "void set(int[] a) { f = a; }", vec![]),
        // a matrix the constructor fills row by row, read and written by value
        (
            "G g = new G(8); for (int k = 0; k < 3; k++) { t += T.msum(g.m) + T.mbump(g.m) + g.m[1][0]; }",
            "int[][] m; G(int n, int k) { m = new int[n][]; for (int i = 0; i < n; i++) { m[i] = new int[k]; m[i][0] = i; } }",
            vec!["G.loop#0: this.f", "T.main#0: g.m"],
        ),
        // a row replaced, or named, outside a constructor
        (
            "G g = new G(8, 2); for (int k = 0; k < 3; k++) { t += T.msum(g.m); }",
            "int[][] m = new int[2][2]; G(int n, int k) { } void row() { m[0] = new int[3]; }",
            vec!["G.loop#0: this.f"],
        ),
        (
            "G g = new G(8, 2); int[] r = g.m[0]; for (int k = 0; k < 3; k++) { t += T.msum(g.m); }",
            "int[][] m = new int[2][2]; G(int n, int k) { }",
            vec!["G.loop#0: this.f"],
        ),
    ] {
        let got = kept_in_source(&with_class(&class(extra), body));
        assert_eq!(got, want, "{body} {extra}");
    }
}

/// Array fields an instance SOMD method reads through its receiver (`o.m(..)`, whose device
/// copy takes `o.f`: `instance::lift_fields`) are kept as fields passed directly are; a
/// field such a method writes, a receiver the loop assigns, or a method that takes no copy
/// keeps nothing.
#[test]
fn receiver_fields_instance_somd_methods_read_are_kept() {
    let class = |extra: &str| {
        format!(
            "class G {{
    int[] f;
    int[] w;
    int g;
    G(int n) {{ f = new int[n]; w = new int[n]; for (int i = 0; i < n; i++) {{ f[i] = i; }} }}
    reduce(+) int get(dist int[] a) {{ int o = Somd.offset(a); int s = 0; for (int i = 0; i < a.length; i++) {{ s += a[i] * f[o + i] + g; }} return s; }}
    void put(dist int[] a) {{ int o = Somd.offset(a); for (int i = 0; i < a.length; i++) {{ w[o + i] = a[i] + f[o + i]; }} }}
    int loop(int[] a) {{ int s = 0; for (int r = 0; r < 3; r++) {{ s += get(a); }} return s; }}
    {extra}
}}"
        )
    };
    for (body, extra, want) in [
        (
            "G g = new G(8); for (int k = 0; k < 3; k++) { t += g.get(a); g.put(a); t += T.sum(g.w); }",
            "",
            vec!["G.loop#0: this.f", "T.main#0: a g.f"],
        ),
        // the receiver assigned in the loop
        (
            "G g = new G(8); for (int k = 0; k < 3; k++) { t += g.get(a); g = new G(k + 9); }",
            "",
            vec!["G.loop#0: this.f", "T.main#0: a"],
        ),
        // a method called anywhere that takes no device copy (it names `this`)
        // keeps its class's fields off
        (
            "G g = new G(8); for (int k = 0; k < 3; k++) { t += g.get(a); } t += g.lend(a);",
            "reduce(+) int lend(dist int[] a) { G me = this; return me.f[0] + a.length; }",
            vec!["T.main#0: a"],
        ),
    ] {
        assert_eq!(kept_in_source(&with_class(&class(extra), body)), want, "{body} {extra}");
    }
}

/// Static arrays of the main class that only `main` and the class's initializer build
/// (`keep::static_candidates`): `main`'s loops keep them.
#[test]
fn static_arrays_main_builds_are_kept() {
    let statics = "static int[] st; static int[] si = new int[20];
    static int look(int i) { return si[i] + st.length; }";
    for (body, want) in [
        ("st = new int[50]; st[0] = 3; for (int k = 0; k < 3; k++) { t += T.sum(st); }", "st"),
        // read by a helper, by value to a SOMD method writing its copy, from the initializer
        ("st = new int[5]; for (int k = 0; k < 3; k++) { t += T.sum(si) + T.look(k) + T.bump(si); }", "si"),
        // stored between loops, frozen, reduced
        ("st = new int[5]; st[1] = 2; for (int k = 0; k < 3; k++) { t += T.sum(st) + + ! new int[[]](st); } st[2] = 1;", "st"),
    ] {
        assert_eq!(kept(&format!("int t = 0; {body}"), statics), [format!("T.main#0: {want}")], "{body}");
    }
    for (body, extra) in [
        // stored in the loop
        ("st = new int[5]; for (int k = 0; k < 3; k++) { t += T.sum(st); st[k] = k; }", ""),
        // assigned in the loop
        ("st = new int[5]; for (int k = 0; k < 3; k++) { t += T.sum(st); st = new int[5]; }", ""),
        // another function stores to it
        (
            "st = new int[5]; for (int k = 0; k < 3; k++) { t += T.sum(st); }",
            "static void set() { st[0] = 1; }",
        ),
        // another function gives it an array
        (
            "for (int k = 0; k < 3; k++) { t += T.sum(st); }",
            "static void make() { st = new int[4]; }",
        ),
        // another name: a local, a writing helper, an array that is no fresh one
        ("st = new int[5]; int[] z = st; for (int k = 0; k < 3; k++) { t += T.sum(st); }", ""),
        ("st = new int[5]; T.poke(st); for (int k = 0; k < 3; k++) { t += T.sum(st); }", ""),
        ("int[] q = new int[5]; st = q; for (int k = 0; k < 3; k++) { t += T.sum(st); }", ""),
        // `main` called again
        (
            "st = new int[5]; for (int k = 0; k < 3; k++) { t += T.sum(st); }",
            "static void again() { main(null); }",
        ),
    ] {
        let statics = format!("static int[] st; {extra}");
        assert_eq!(
            kept(&format!("int t = 0; {body}"), &statics),
            Vec::<String>::new(),
            "{body} {extra}"
        );
    }
}

fn main_kept(body: &str) -> Vec<String> {
    kept(&format!("{SETUP}\n{body}"), "")
}

#[test]
fn arrays_only_read_in_the_loop_are_kept() {
    assert_eq!(
        main_kept(
            "for (int i = 0; i < a.length; i++) { a[i] = i; }
                   for (int k = 0; k < 3; k++) { t += T.sum(a) + a[k] + a.length + T.peek(b); }
                   t += T.sum(b);"
        ),
        ["T.main#1: a"],
        "the filling loop writes `a`; `b` is not passed to a device call in the loop"
    );
}

#[test]
fn reading_the_mi_geometry_keeps_the_array() {
    assert_eq!(
        main_kept("for (int k = 0; k < 3; k++) { t += T.at(a) + T.sum(a); }"),
        ["T.main#0: a"],
        "`Somd.offset(a)` and `Somd.globalLength(a)` read no element"
    );
}

#[test]
fn maps_reductions_and_strategies_keep_their_arrays() {
    assert_eq!(
        main_kept("while (t < 100) { t += + ! (T @ twice(a)) + (+ ! a) + T.rows(b, a); }"),
        ["T.main#0: a b"]
    );
    assert_eq!(
        main_kept("do { t += + ! (T @ at(Somd.range(3), b)); } while (t < 100);"),
        ["T.main#0: b"],
        "a broadcast array read by the `@` target"
    );
}

#[test]
fn the_outermost_loop_keeps_and_break_or_return_leave_it() {
    assert_eq!(
        main_kept(
            "for (int k = 0; k < 3; k++) {
                       for (int j = 0; j < 3; j++) { t += T.sum(a); if (t > 9) { break; } }
                       if (t > 99) { return; }
                   }"
        ),
        ["T.main#0: a"]
    );
    assert_eq!(
        main_kept(
            "for (int k = 0; k < 3; k++) {
                       a[k] = k;
                       for (int j = 0; j < 3; j++) { t += T.sum(a); }
                   }"
        ),
        ["T.main#0: a (stores to a)"],
        "the outer loop writes an element of `a` between the inner loops: it keeps `a`, and \
         the inner loops, which it covers, do not repeat it"
    );
}

#[test]
fn element_stores_of_statements_of_their_own_are_marked() {
    assert_eq!(
        main_kept(
            "for (int k = 0; k < 3; k++) {
                t += T.sum(a);
                a[k] = t;
                a[2 * k + 1] += 1;
                a[a.length - 1 - k]++;
                for (int j = 0; j < 4; j++) { a[j] = j * k; }
                b[0] = k;
            }"
        ),
        ["T.main#0: a (stores to a a a a)"],
        "elements stored by statements at indices of locals and constants; `b` is not passed"
    );
    assert_eq!(
        matrix_kept("for (int k = 0; k < 3; k++) { u += T.msum(m); m[k][0] = 1; m[k + 1][k]++; }"),
        ["T.main#0: m (stores to m m)"],
        "a matrix's element stores mark their rows"
    );
}

#[test]
fn writes_in_the_loop_refuse() {
    for body in [
        // stores whose unit cannot be found again after them, or in no statement of its own
        "for (int k = 0; k < 3; k++) { t += T.sum(a); a[b[k]] = t; }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); a[k++] = t; }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); a[k] = k++; }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); a[b.length] = (b = new int[k + 5]).length; }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); a[T.peek(b)] = 1; }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); t = (a[k] = 4); }",
        "for (int k = 0; k < 3; a[k++] = 1) { t += T.sum(a); }",
        // a written array frozen in the loop: the copy would share its device copy
        "for (int k = 0; k < 3; k++) { t += + ! (T @ twice(new int[[]](a))); a[k] = 1; }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); a = new int[5]; }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); T.poke(a); }",
        // declared in the loop: a new array at each iteration
        "for (int k = 0; k < 3; k++) { int[] c = new int[4]; t += T.sum(c); }",
        "for (int k = 0; k < 3; k++) { int[] c; c = new int[4]; t += T.sum(c); }",
    ] {
        assert_eq!(main_kept(body), Vec::<String>::new(), "{body}");
    }
}

#[test]
fn arrays_that_may_have_another_name_are_never_kept() {
    // A second name nothing reassigns is the first name (`alias_names`): the stores through
    // it are the array's own.
    assert_eq!(
        main_kept("int[] c = a; for (int k = 0; k < 3; k++) { t += T.sum(a); c[0] = k; }"),
        ["T.main#0: a (stores to a)"]
    );
    assert_eq!(
        main_kept("int[] c = a; for (int k = 0; k < 3; k++) { t += T.sum(a); }"),
        ["T.main#0: a"]
    );
    for body in [
        // an alias assigned again, written in the loop or not
        "int[] c = a; c = b; c = a; for (int k = 0; k < 3; k++) { t += T.sum(a); c[0] = k; }",
        "int[] c = a; for (int k = 0; k < 3; k++) { t += T.sum(a); c = b; }",
        // returned by a call that hands back its parameter, stored in a static field
        "int[] c = T.same(a); for (int k = 0; k < 3; k++) { t += T.sum(a); c[0] = k; }",
        "T.stash(a); for (int k = 0; k < 3; k++) { t += T.sum(a); T.kept[0] = k; }",
        // an array not freshly made: a call's result
        "a = T.same(b); for (int k = 0; k < 3; k++) { t += T.sum(a); }",
        // a mutual recursion that writes, in the loop
        "for (int k = 0; k < 3; k++) { t += T.sum(a); t += T.pingw(a, 3); }",
        // a fresh array given a second name by the assignment's value
        "int[] c = (a = new int[4]); for (int k = 0; k < 3; k++) { t += T.sum(a); c[0] = k; }",
        "T.stash(a = new int[4]); for (int k = 0; k < 3; k++) { t += T.sum(a); T.kept[0] = k; }",
    ] {
        assert_eq!(main_kept(body), Vec::<String>::new(), "{body}");
    }
    assert_eq!(
        main_kept("t = T.ping(a, 3); for (int k = 0; k < 3; k++) { t += T.sum(a); }"),
        ["T.main#0: a"],
        "a mutual recursion that only reads"
    );
}

/// A helper writing the array in place before the loop (`fill(f);`, probe 104: uploaded at
/// every call of the loop) leaves the local its only name: the loop keeps it. In the loop,
/// or between the calls of a region, such a call refuses it.
#[test]
fn helpers_writing_in_place_before_a_loop_keep_the_array() {
    for body in [
        "T.poke(a); for (int k = 0; k < 3; k++) { t += T.sum(a); }",
        "t = T.pingw(a, 3); for (int k = 0; k < 3; k++) { t += T.sum(a); }",
    ] {
        assert_eq!(main_kept(body), ["T.main#0: a"], "{body}");
    }
    for body in [
        "T.mpoke(m); for (int k = 0; k < 3; k++) { u += T.msum(m); }",
        // rows passed on to a helper writing them in place (review 101)
        "T.mrows(m); for (int k = 0; k < 3; k++) { u += T.msum(m); }",
    ] {
        assert_eq!(matrix_kept(body), ["T.main#0: m"], "{body}");
    }
    assert_eq!(
        matrix_kept("for (int k = 0; k < 3; k++) { u += T.msum(m); T.mrows(m); }"),
        Vec::<String>::new()
    );
    for body in [
        "T.poke(a); for (int k = 0; k < 3; k++) { t += T.sum(a); T.poke(a); }",
        "for (int k = 0; k < 3; k++) { t += T.sum(a); if (t > 5) { t += T.pingw(a, 1); } }",
        "T.stash(a); for (int k = 0; k < 3; k++) { t += T.sum(a); }",
    ] {
        assert_eq!(main_kept(body), Vec::<String>::new(), "{body}");
    }
    assert_eq!(
        regions("t = T.sum(a);\nt += T.sum(a);\nT.poke(a);\nt += T.sum(a) + T.sum(a);"),
        ["1-2: a (0 frozen)", "4-4: a (0 frozen)"],
        "the helper's write splits the statements as an element store does"
    );
}

#[test]
fn callees_writing_the_callers_array_refuse() {
    // A SOMD method writing its parameter writes its own copy (parameters are by value):
    // kept, each call given a copy made on the device.
    assert_eq!(main_kept("for (int k = 0; k < 3; k++) { t += T.bump(a); }"), ["T.main#0: a"]);
    assert_eq!(
        main_kept("for (int k = 0; k < 3; k++) { t += T.spoil(b, a); }"),
        ["T.main#0: a"],
        "the strategy's `bounds` writes the array it is given (`b`), not the other one"
    );
}

#[test]
fn parameters_and_matrices_whose_rows_escape_are_not_kept() {
    let host = "static int host(int[] p, int[][] m) {
        int t = 0;
        int[][] g = new int[3][4];
        for (int k = 0; k < 3; k++) { t += T.sum(p) + T.sum(m[0]) + T.sum(g[1]) + (int) T.msum(m); }
        return t;
    }";
    assert_eq!(kept("int t = T.host(new int[4], new int[2][2]);", host), Vec::<String>::new());
}

const MATRIX: &str = "int[][] m = new int[4][5]; m[1][2] = 3; long u = 0;";

fn matrix_kept(body: &str) -> Vec<String> {
    kept(&format!("{MATRIX}\n{body}"), "")
}

#[test]
fn matrices_read_in_the_loop_are_kept() {
    assert_eq!(
        matrix_kept(
            "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mpeek(m) + m[k][k] + m[k].length + m.length; }"
        ),
        ["T.main#0: m"],
        "elements, row lengths and the length read; read-only callees"
    );
    assert_eq!(
        matrix_kept(
            "for (int k = 0; k < 3; k++) { u += + ! (T @ first(m)); } m = new int[2][2]; m[0][1] = 1;"
        ),
        ["T.main#0: m"],
        "rows mapped to a target that only reads them; a fresh matrix assigned later"
    );
    assert_eq!(
        matrix_kept("for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mrow(m); }"),
        ["T.main#0: m"],
        "a callee's row local that it only reads through (probe 110's `multiply`)"
    );
    for body in [
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mrowpass(m); }",
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mrowlend(m); }",
    ] {
        assert_eq!(
            matrix_kept(body),
            ["T.main#0: m"],
            "a callee lending rows, or a row local, only to readers: {body}"
        );
    }
}

#[test]
fn ragged_matrices_made_row_by_row_are_kept() {
    assert_eq!(
        matrix_kept(
            "int[][] q = new int[4][]; for (int i = 0; i < 4; i++) { q[i] = new int[i]; q[i][0] = i; }
            m[0] = new int[5]; m[2] = new int[]{1, 2};
            for (int k = 0; k < 3; k++) { u += T.msum(q) + + ! (T @ first(m)); }"
        ),
        ["T.main#1: m q"],
        "rows given fresh arrays by statements outside the loop"
    );
    assert_eq!(
        matrix_kept(
            "int[][] q = {{1, 2, 3}, {}, new int[4]}; for (int k = 0; k < 3; k++) { u += T.msum(q); }"
        ),
        ["T.main#0: q"],
        "a literal of fresh rows"
    );
}

/// A matrix a SOMD method writes (by value: its own copy) is kept, each call given a copy
/// made on the device.
#[test]
fn matrices_written_by_value_are_kept() {
    assert_eq!(matrix_kept("for (int k = 0; k < 3; k++) { u += T.mbump(m); }"), ["T.main#0: m"]);
    // Rows lent, directly or through a row local the method also writes, to a helper that
    // writes them in place: still the method's own copy.
    for body in [
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mlendw(new int[2], m); }",
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mlocalw(new int[2], m); }",
    ] {
        assert_eq!(matrix_kept(body), ["T.main#0: m"], "{body}");
    }
    // A helper keeping a row (`stash`) gives the caller's matrix another name.
    assert_eq!(
        matrix_kept("for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mstash(new int[2], m); }"),
        Vec::<String>::new()
    );
}

#[test]
fn matrices_written_or_with_named_rows_are_not_kept() {
    for body in [
        // written in the loop: through a callee, at a computed row
        "for (int k = 0; k < 3; k++) { u += T.msum(m); T.mpoke(m); }",
        "for (int k = 0; k < 3; k++) { u += T.msum(m); m[m[0][0]][0] = 1; }",
        // rows with another name, anywhere in the function
        "int[] r = m[0]; for (int k = 0; k < 3; k++) { u += T.msum(m); }",
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.sum(m[0]); }",
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mrowpoke(m); }",
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mrowwipe(m); }",
        "for (int k = 0; k < 3; k++) { u += T.msum(m) + T.mrowlendw(m); }",
        "for (int k = 0; k < 3; k++) { u += + ! (T @ wipe(m)); }",
        // a row replaced in the loop
        "for (int k = 0; k < 3; k++) { u += T.msum(m); m[k] = new int[5]; }",
        // a row named by the value of the assignment making it, or not made fresh
        "int[] r = (m[0] = new int[5]); for (int k = 0; k < 3; k++) { u += T.msum(m); }",
        "m[0] = m[1]; for (int k = 0; k < 3; k++) { u += T.msum(m); }",
        // a literal holding a row with another name
        "int[] r = {1}; int[][] q = {r, {2}}; for (int k = 0; k < 3; k++) { u += T.msum(q); }",
        // a second name through the assignment's value
        "int[][] w = (m = new int[2][2]); for (int k = 0; k < 3; k++) { u += T.msum(m); w[0][0] = k; }",
    ] {
        assert_eq!(matrix_kept(body), Vec::<String>::new(), "{body}");
    }
}

/// The regions of `main`'s body (`SETUP` first) as `first-last: arrays (N frozen)`, the
/// statements by their source line in `body` (1-based, `SETUP` is line 0).
fn regions(body: &str) -> Vec<String> {
    let source = format!(
        "{METHODS}\n    public static void main(String[] args) {{\n{SETUP}\n{body}\n    }}\n}}\n"
    );
    let module = lowered(&source);
    let setup_line = source.lines().position(|l| l == SETUP).expect("setup line") as u32;
    let line = |span: somd_diag::Span| {
        let before = &source[..span.start as usize];
        before.matches('\n').count() as u32 - setup_line
    };
    let loops = kept_loops(&module, &[], None);
    kept_regions(&module, &loops, &[], None)
        .iter()
        .map(|r| {
            let func = module.function(r.func);
            assert!(r.first <= r.last && stmt_indices(func).len() > r.last);
            let names: Vec<&str> = r.arrays.iter().map(|l| func.local(*l).name.as_str()).collect();
            let (a, b) = (line(r.span), line(r.end));
            format!("{a}-{b}: {} ({} frozen)", names.join(" "), r.freezes.len())
        })
        .collect()
}

/// Array fields of objects a run of statements hands to the device (directly, or as the
/// fields an instance SOMD method's device copy takes from its receiver): kept for the run,
/// which a statement giving the object's local another object ends; a field a method writes
/// is no candidate.
#[test]
fn array_fields_are_kept_across_statements() {
    let class = "class G {
    int[] f;
    int[] w;
    G(int n) { f = new int[n]; w = new int[n]; }
    reduce(+) int get(dist int[] a) { int o = Somd.offset(a); int s = 0; for (int i = 0; i < a.length; i++) { s += a[i] * f[o + i]; } return s; }
    void put(dist int[] a) { int o = Somd.offset(a); for (int i = 0; i < a.length; i++) { w[o + i] = a[i]; } }
    int two() { return T.sum(f) + T.sum(this.f); }
}";
    for (body, want) in [
        (
            "G g = new G(8); t = T.sum(g.f); t += g.get(a); t += T.sum(g.f);",
            vec!["G.two: this.f", "T.main: g.f"],
        ),
        // the object's local given another object between the uses
        ("G g = new G(8); t = T.sum(g.f); g = new G(9); t += T.sum(g.f);", vec!["G.two: this.f"]),
        // a field a method writes
        ("G g = new G(8); t = T.sum(g.w); g.put(a); t += T.sum(g.w);", vec!["G.two: this.f"]),
        // one use only
        ("G g = new G(8); t = T.sum(g.f) + a.length;", vec!["G.two: this.f"]),
    ] {
        let (module, lifted) = analysed(&with_class(class, body));
        let loops = kept_loops(&module, &[], lifted.as_ref());
        let got: Vec<String> = kept_regions(&module, &loops, &[], lifted.as_ref())
            .iter()
            .filter(|r| !r.fields.is_empty())
            .map(|r| {
                let func = module.function(r.func);
                let fields: Vec<String> = r
                    .fields
                    .iter()
                    .map(|f| {
                        let object = f.object.map_or("this", |l| func.local(l).name.as_str());
                        let class = &module.classes[f.class.0 as usize];
                        format!("{object}.{}", class.fields[f.index as usize].name)
                    })
                    .collect();
                format!("{}: {}", func.name, fields.join(" "))
            })
            .collect();
        assert_eq!(got, want, "{body}");
    }
}

#[test]
fn straight_line_calls_keep_what_they_share() {
    // Two calls, a `@` and a `!` after the first: from the first use to the last.
    assert_eq!(
        regions("t = T.sum(a);\nt += a.length;\nt += + ! (T @ twice(a)) + (+ ! a);"),
        ["1-3: a (0 frozen)"]
    );
    // One statement calling twice.
    assert_eq!(regions("t = T.sum(a) + (int) T.at(a) + T.sum(b);"), ["1-1: a (0 frozen)"]);
    // A frozen copy and a call, in either order, and two copies.
    assert_eq!(
        regions("int[[]] f = new int[[]](a);\nt = T.sum(a) + f.length;"),
        ["1-2: a (1 frozen)"]
    );
    assert_eq!(
        regions("t = T.sum(b);\nt += + ! (T @ twice(new int[[]](b)));\nt += + ! new int[[]](b);"),
        ["1-3: b (2 frozen)"]
    );
    // Two arrays with the same extent share one region.
    assert_eq!(regions("t = T.rows(b, a);\nt += T.rows(b, a);"), ["1-2: a b (0 frozen)"]);
}

#[test]
fn straight_line_calls_keep_matrices_too() {
    let regions = |body: &str| regions(&format!("{MATRIX}\n{body}"));
    // Two calls, and one passing the matrix twice; a row's element read between them (line 1
    // sets the matrix up).
    assert_eq!(
        regions(
            "u = T.msum(m);\nu += m[1][2] + m[0].length;\nu += T.msum(m) + + ! (T @ first(m));"
        ),
        ["2-4: m (0 frozen)"]
    );
    // An element stored or a row replaced between the calls splits the statements.
    assert_eq!(
        regions("u = T.msum(m);\nm[0][0] = 1;\nu += T.msum(m) + T.msum(m);\nm[1] = new int[5];\nu += T.msum(m);"),
        ["4-4: m (0 frozen)"]
    );
    // A row with another name anywhere in the function keeps nothing.
    assert_eq!(regions("u = T.msum(m);\nu += T.msum(m);\nint[] r = m[0];"), Vec::<String>::new());
}

#[test]
fn a_write_or_a_single_use_keeps_nothing() {
    for body in [
        "t = T.sum(a);",
        "t = T.sum(a);\na[0] = 3;\nt += T.sum(a);",
        "t = T.sum(a);\na = new int[4];\nt += T.sum(a);",
        "t = T.sum(a) + T.sum(b);\nT.poke(a);",
        "t = T.sum(a);\nfor (int k = 0; k < 3; k++) { a[k] = k; }\nt += T.sum(a);",
    ] {
        assert_eq!(regions(body), Vec::<String>::new(), "{body}");
    }
    // Writes split the statements into regions of their own.
    assert_eq!(
        regions("t = T.sum(a);\nt += T.sum(a);\na[0] = 1;\nt += T.sum(a) + T.sum(a);"),
        ["1-2: a (0 frozen)", "4-4: a (0 frozen)"]
    );
}

#[test]
fn loops_count_and_kept_loops_count_once() {
    // A use in a loop that does not keep the array may run twice.
    assert_eq!(
        regions("for (int k = 0; k < 3; k++) { t += T.sum(a); b[0] = k; a[k] = k; }"),
        Vec::<String>::new()
    );
    assert_eq!(
        regions("if (t == 0) { for (int k = 0; k < 3; k++) { t += T.sum(a); } }"),
        Vec::<String>::new()
    );
    // The loop keeps `a` itself: no region for it alone, one with a call before it.
    assert_eq!(
        regions("for (int k = 0; k < 3; k++) { t += T.sum(a) + T.sum(a); }"),
        Vec::<String>::new()
    );
    assert_eq!(
        regions("t = T.sum(a);\nfor (int k = 0; k < 3; k++) { t += T.sum(a); }"),
        ["1-2: a (0 frozen)"]
    );
    // Inside a loop body that writes the array where the loop cannot mark it: a region of
    // the iteration.
    assert_eq!(
        regions("for (int k = 0; k < 3; k++) {\nt += T.sum(a);\nt += T.sum(a);\na[b[k]] = t;\n}"),
        ["2-3: a (0 frozen)"]
    );
    // A loop marking its stores keeps the array itself.
    assert_eq!(
        regions("for (int k = 0; k < 3; k++) {\nt += T.sum(a);\nt += T.sum(a);\na[k] = t;\n}"),
        Vec::<String>::new()
    );
    // A loop freezing a kept array each round keeps it, the freeze recorded.
    let kept_freezing =
        main_kept("for (int k = 0; k < 3; k++) { t += + ! (T @ twice(new int[[]](a))); }");
    assert_eq!(kept_freezing, ["T.main#0: a"]);
}

/// `!`s a kernel function folds in the work-item (`ProgramInfo::array_folds`) are no device
/// calls, so two of them over a private array keep nothing: where the function runs on the
/// CPU (the CPU path of its `@`), a keep scope per call only cost a lock of the registry,
/// on every thread. The same statements in a host method, whose `!`s may each be a device
/// reduction, keep the array across them.
#[test]
fn folds_in_the_work_item_keep_nothing() {
    let source = "
class Main {
    static local int digits(int x) {
        int[] t = new int[16];
        for (int k = 0; k < 16; k++) {
            t[k] = x + k;
        }
        return (+ ! t) * 31 + (max ! t);
    }

    static int hostDigits(int x) {
        int[] t = new int[16];
        for (int k = 0; k < 16; k++) {
            t[k] = x + k;
        }
        return (+ ! t) * 31 + (max ! t);
    }

    public static void main(String[] args) {
        int[[]] r = Main @ digits(Somd.range(100));
        System.out.println(r[3] + hostDigits(3));
    }
}
";
    let module = lowered(source);
    let info = somd_mir::analysis::analyze(&module);
    assert_eq!(info.array_folds.len(), 2, "{:?}", info.array_folds);
    let kept: Vec<&str> =
        info.kept_regions.iter().map(|r| module.function(r.func).name.as_str()).collect();
    assert_eq!(kept, ["Main.hostDigits"]);
}
