//! Tests of `analysis::bounds`: which array accesses of a function are proven in range
//! (their bounds check may go) and which keep their check. Each case is one static method;
//! the test lists its accesses by source text with `ok` (proven) or `check`.

mod common;

use common::lowered as module;
use somd_mir::analysis::bounds::{guardable, proven_in_bounds, GuardTest, LenSym, Range};
use somd_mir::{ExprKind, Function, LocalId, Module};

fn function<'m>(module: &'m Module, name: &str) -> &'m Function {
    module.functions.iter().find(|f| f.name == name).expect("function exists")
}

/// Every `Index` expression of `func` as `source text: ok|check`, in source order.
fn verdicts(source: &str, func: &Function, same_length: &[(LenSym, LenSym)]) -> Vec<String> {
    let proven = proven_in_bounds(func, &func.body, &[], same_length);
    let mut out: Vec<(u32, String)> = func
        .exprs
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, ExprKind::Index { .. }))
        .map(|(i, e)| {
            let id = somd_mir::ExprId(i as u32);
            let text = &source[e.span.range()];
            let verdict = if proven.contains(&id) { "ok" } else { "check" };
            (e.span.start, format!("{text}: {verdict}"))
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, s)| s).collect()
}

fn case(body: &str, method: &str) -> Vec<String> {
    let source =
        format!("class T {{\n{body}\n    public static void main(String[] args) {{ }}\n}}\n");
    let m = module(&source);
    verdicts(&source, function(&m, &format!("T.{method}")), &[])
}

#[test]
fn counted_loop_over_the_same_array_is_proven() {
    let v = case(
        "static int f(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i] + b[i]; } return s; }",
        "f",
    );
    assert_eq!(v, ["a[i]: ok", "b[i]: check"]);
}

#[test]
fn neighbours_within_the_guard_are_proven_and_one_further_is_not() {
    let v = case(
        "static int f(int[] a) { int s = 0; for (int i = 1; i < a.length - 1; i++) { s += a[i - 1] + a[i + 1] + a[i + 2] + a[i - 2]; } return s; }",
        "f",
    );
    assert_eq!(v, ["a[i - 1]: ok", "a[i + 1]: ok", "a[i + 2]: check", "a[i - 2]: check"]);
}

#[test]
fn inclusive_bounds_and_reversed_comparisons() {
    let v = case(
        "static int f(int[] a) { int s = 0; for (int i = 0; i <= a.length - 1; i++) { s += a[i]; } for (int j = 0; j <= a.length; j++) { s += a[j]; } for (int k = 0; a.length > k; k++) { s += a[k]; } return s; }",
        "f",
    );
    assert_eq!(v, ["a[i]: ok", "a[j]: check", "a[k]: ok"]);
}

#[test]
fn loops_that_change_their_index_or_step_past_one_keep_the_check() {
    let v = case(
        "static int f(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; i++; } for (int j = 0; j < a.length; j += 2) { s += a[j]; } int k = 0; do { s += a[k]; k++; } while (k < a.length); return s; }",
        "f",
    );
    assert_eq!(v, ["a[i]: check", "a[j]: check", "a[k]: check"]);
}

#[test]
fn a_reassigned_array_keeps_the_check() {
    let v = case(
        "static int f(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; a = b; } return s; }",
        "f",
    );
    assert_eq!(v, ["a[i]: check"]);
}

#[test]
fn if_guards_need_both_bounds() {
    let v = case(
        "static int f(int[] a, int k) { int s = 0; if (k >= 0 && k < a.length) { s += a[k]; } if (k < a.length) { s += a[k]; } if (k > 0 && k <= a.length) { s += a[k - 1]; s += a[k]; } return s; }",
        "f",
    );
    assert_eq!(v, ["a[k]: ok", "a[k]: check", "a[k - 1]: ok", "a[k]: check"]);
}

#[test]
fn triangular_and_offset_starts() {
    let v = case(
        "static int f(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { for (int j = i + 1; j < a.length; j++) { s += a[j] + a[j - 1] + a[j - 2]; } } for (int m = -1; m < a.length - 1; m++) { s += a[m + 1] + a[m]; } return s; }",
        "f",
    );
    assert_eq!(v, ["a[j]: ok", "a[j - 1]: ok", "a[j - 2]: check", "a[m + 1]: ok", "a[m]: check"]);
}

#[test]
fn two_dimensional_rows_and_columns() {
    let v = case(
        "static int f(int[][] g, int[][] h) { int s = 0; for (int i = 1; i < g.length - 1; i++) { for (int j = 0; j < g[i].length; j++) { s += g[i - 1][j] + g[i + 1][j] + h[i][j] + g[j][i]; } } return s; }",
        "f",
    );
    // `g[i - 1]` is the row access (dimension 0), `g[i - 1][j]` the element (dimension 1);
    // `g[i]` is the row in the inner loop's test `j < g[i].length`.
    assert_eq!(
        v,
        [
            "g[i]: ok",
            "g[i - 1]: ok",
            "g[i - 1][j]: ok",
            "g[i + 1]: ok",
            "g[i + 1][j]: ok",
            "h[i]: check",
            "h[i][j]: check",
            "g[j]: check",
            "g[j][i]: check",
        ]
    );
}

#[test]
fn equal_lengths_from_the_caller_prove_the_other_array() {
    let source = "class T {\nstatic int f(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { s += b[i]; } return s; }\n    public static void main(String[] args) { }\n}\n";
    let m = module(source);
    let f = function(&m, "T.f");
    let (a, b) = (f.params[0], f.params[1]);
    let sym = |array: LocalId| LenSym { array, dim: 0 };
    assert_eq!(verdicts(source, f, &[(sym(b), sym(a))]), ["b[i]: ok"]);
    assert_eq!(verdicts(source, f, &[]), ["b[i]: check"]);
}

/// Every checked access `guardable` finds in `T.method` (no facts from a caller), as
/// `source text: a.DIM > MAX` (the array local, its dimension and the largest index), in
/// source order.
fn guards(body: &str, method: &str) -> Vec<String> {
    let source =
        format!("class T {{\n{body}\n    public static void main(String[] args) {{ }}\n}}\n");
    let m = module(&source);
    let func = function(&m, &format!("T.{method}"));
    let proven = proven_in_bounds(func, &func.body, &[], &[]);
    let mut out: Vec<(u32, String)> = Vec::new();
    for g in guardable(func, &func.body, &proven, &[]) {
        let name = &func.local(g.len.array).name;
        let GuardTest::Above(max) = g.test else { panic!("no facts, no length guard: {g:?}") };
        for e in &g.accesses {
            let span = func.expr(*e).span;
            out.push((
                span.start,
                format!("{}: {name}.{} > {max}", &source[span.range()], g.len.dim),
            ));
        }
    }
    out.sort();
    out.into_iter().map(|(_, s)| s).collect()
}

#[test]
fn counters_bound_their_indices_by_the_number_of_increments() {
    // IDEA's key schedule: `ik` grows by one per read, 6 per round over 8 rounds, then 4.
    let v = guards(
        "static int f(int[] key) { int ik = 0; int x = 0; for (int r = 0; r < 8; r++) { x += key[ik++]; x += key[ik++]; x ^= key[ik++]; x += key[ik++]; x ^= key[ik++]; x += key[ik++]; } x += key[ik++]; x += key[ik++]; x += key[ik++]; x += key[ik++]; return x; }",
        "f",
    );
    assert_eq!(v.len(), 10);
    assert!(v.iter().all(|g| g == "key[ik++]: key.0 > 51"), "{v:?}");
}

#[test]
fn constant_loops_and_constants_bound_their_indices() {
    let v = guards(
        "static int f(int[] a, int[][] m) { int s = a[3]; for (int i = 0; i < 4; i++) { s += a[i + 2] + m[1][i]; } for (int j = 2; j <= 5; j++) { s += a[j - 2]; } return s; }",
        "f",
    );
    assert_eq!(
        v,
        [
            "a[3]: a.0 > 5",
            "a[i + 2]: a.0 > 5",
            "m[1]: m.0 > 1",
            "m[1][i]: m.1 > 3",
            "a[j - 2]: a.0 > 5"
        ]
    );
}

#[test]
fn counters_changed_otherwise_or_in_unbounded_loops_keep_their_check() {
    // `k` is decreased, `n` assigned, `w` increased in a loop whose bound is not a
    // constant, `d` declared inside a loop, and `b` indexed below zero.
    let v = guards(
        "static int f(int[] a, int n0) { int k = 0; k--; int s = a[k]; int n = 0; n = n0; s += a[n]; int w = 0; for (int i = 0; i < n0; i++) { w++; } s += a[w]; for (int i = 0; i < 3; i++) { int d = 0; d++; s += a[d]; } int b = 0; b++; s += a[b - 2]; return s; }",
        "f",
    );
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn increments_in_a_loop_update_or_a_changed_loop_index_keep_their_check() {
    let v = guards(
        "static int f(int[] a) { int s = 0; int c = 0; for (int i = 0; i < 4; i++, c++) { s += a[c]; } for (int j = 0; j < 4; j++) { j++; s += a[j]; } return s; }",
        "f",
    );
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn conditional_increments_count_as_taken() {
    // Either branch may run each time: the bound counts both.
    let v = guards(
        "static int f(int[] a, boolean[] p) { int c = 0; int s = 0; for (int i = 0; i < 3; i++) { if (p[i]) { c++; } else { c += 2; } s += a[c]; } return s; }",
        "f",
    );
    assert_eq!(v, ["p[i]: p.0 > 2", "a[c]: a.0 > 9"]);
}

#[test]
fn a_parallel_index_bounded_by_one_array_guards_the_others() {
    // `i` in [0, a.length) (the caller's fact): `b[i]` and `b[i + 1]` are in range when `b`
    // is one longer than `a`; `a[i]` is proven already; `c[i - 1]` and `c[i - 2]` keep their
    // checks (the `if` is not used: from the fact alone they can be negative).
    let source = "class T {\n static int f(int[] a, int[] b, int[] c) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i] + b[i] + b[i + 1]; if (i > 0) { s += c[i - 1] + c[i - 2]; } } return s; }\n public static void main(String[] args) { }\n}\n";
    let m = module(source);
    let func = function(&m, "T.f");
    let somd_mir::Stmt::Block(outer) = &func.body.stmts[1] else { panic!("for block") };
    let somd_mir::Stmt::Loop { body, .. } = &outer.stmts[1] else { panic!("loop") };
    let local = |name: &str| {
        LocalId(func.locals.iter().position(|l| l.name == name).expect("local") as u32)
    };
    let (a, i) = (local("a"), local("i"));
    let fact = Range { lo: Some(0), below: vec![(LenSym { array: a, dim: 0 }, 0)] };
    let proven = proven_in_bounds(func, body, &[(i, fact.clone())], &[]);
    let mut seen: Vec<String> = guardable(func, body, &proven, &[(i, fact)])
        .into_iter()
        .map(|g| {
            let name = |l: LocalId| func.local(l).name.clone();
            let GuardTest::AtLeast(other, k) = g.test else { panic!("constant guard: {g:?}") };
            let texts: Vec<&str> =
                g.accesses.iter().map(|e| &source[func.expr(*e).span.range()]).collect();
            format!("{} >= {} + {k}: {}", name(g.len.array), name(other.array), texts.join(", "))
        })
        .collect();
    seen.sort();
    assert_eq!(seen, ["b >= a + 1: b[i], b[i + 1]"]);
}

#[test]
fn arrays_declared_in_the_block_are_not_guarded() {
    // The length test runs before the block, where `r` does not exist yet.
    let v = guards(
        "static int f(int[][] m) { int[] r = m[0]; int s = 0; for (int i = 0; i < 4; i++) { s += r[i]; } return s + m[0][2]; }",
        "f",
    );
    assert_eq!(v, ["m[0]: m.0 > 0", "m[0]: m.0 > 0", "m[0][2]: m.1 > 2"]);
}

/// A private array (`analysis::private`) has a constant length: constant indices below
/// it, indices of loops bounded by a constant no larger (`k < 4`, `k <= 3`) and `e & m` with
/// `0 <= m < length` are proven; a larger bound or mask and a loop changing its index keep
/// their checks. An array passed to a method keeps its constant length (Java's lengths never
/// change, and the local is never reassigned), so its indices are proven as well.
#[test]
fn private_arrays_prove_indices_against_their_constant_length() {
    let v = case(
        "static int f(int x) { int[] d = new int[4]; for (int k = 0; k < 4; k++) { d[k] = x + k; } for (int k = 0; k <= 3; k++) { d[k] += 1; } for (int k = 0; k < 5; k++) { x += d[k]; } for (int k = 0; k < 4; k++) { x += d[k]; k += x & 1; } return d[3] + d[x & 3] + d[x & 4] + d[4]; }",
        "f",
    );
    assert_eq!(
        v,
        [
            "d[k]: ok",
            "d[k]: ok",
            "d[k]: check",
            "d[k]: check",
            "d[3]: ok",
            "d[x & 3]: ok",
            "d[x & 4]: check",
            "d[4]: check"
        ]
    );
    let v = case(
        "static void g(int[] t) { t[0] = 1; } static int f(int x) { int[] d = new int[4]; g(d); return d[0] + d[x & 3] + d[x & 4]; }",
        "f",
    );
    assert_eq!(v, ["d[0]: ok", "d[x & 3]: ok", "d[x & 4]: check"]);
}

#[test]
fn starts_that_may_wrap_and_tests_that_assign_prove_nothing() {
    let v = case(
        "static int f(int[] a, int w) { int s = 0; \
         if (w >= 0) { for (int v = w + 1; v < a.length; v++) { s += a[v]; } } \
         for (int i = 0; i < a.length; i++) { for (int j = i + 2; j < a.length; j++) { s += a[j]; } } \
         for (int k = 0; k < a.length && (k += 5) > 0; k++) { s += a[k]; } \
         return s; }",
        "f",
    );
    // `w + 1` wraps at `Integer.MAX_VALUE`; `i + 2` may too (`i` only below the length);
    // the test's `k += 5` moves `k` past what `k < a.length` saw.
    assert_eq!(v, ["a[v]: check", "a[j]: check", "a[k]: check"]);
}
