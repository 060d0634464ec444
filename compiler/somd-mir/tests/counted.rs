//! `walk::counted`: which loops end on their own (the OpenCL writer bounds the others by a
//! failure check, `Writer::spin_guard`); `walk::trip_test`, `holds_loop` and `quiet_value`:
//! which of them the back ends give a check only where their bound lets them run long.

mod common;

use common::lowered_with_stdlib as module;
use somd_mir::analysis::walk;
use somd_mir::Stmt;

/// `judge` of the first loop of `static int f(int n, int[] a) { BODY }` (with a helper
/// `g` holding a loop), given the module and the function.
fn first_loop<T>(
    body: &str,
    judge: impl Fn(&somd_mir::Module, &somd_mir::Function, &Stmt) -> T,
) -> T {
    let m = module(&format!(
        "public class Main {{\n    static int f(int n, int[] a) {{\n{body}\n    }}\n    \
         static int g(int n) {{ int s = 0; for (int i = 0; i < n; i++) {{ s += i; }} return s; }}\n    \
         public static void main(String[] args) {{ }}\n}}\n"
    ));
    let func = m.functions.iter().find(|f| f.name == "Main.f").expect("Main.f exists");
    let mut found = None;
    walk::each_stmt(&func.body, &mut |s| {
        if let (Stmt::Loop { .. }, None) = (s, &found) {
            found = Some(judge(&m, func, s));
        }
    });
    found.expect("a loop")
}

/// Whether the first loop of `static int f(int n, int[] a) { BODY }` is counted.
fn first_loop_counted(body: &str) -> bool {
    first_loop(body, |_, func, s| match s {
        Stmt::Loop { test, body, update, .. } => walk::counted(func, *test, body, update),
        _ => unreachable!("a loop"),
    })
}

/// What the back ends ask of the first loop of `f` for its stop checks: its trip test's
/// bound is quiet (`Some(true)`: evaluated once before the loop), or not (`Some(false)`),
/// or it has none (`None`); and whether it holds a loop.
fn first_loop_trips(body: &str) -> (Option<bool>, bool) {
    first_loop(body, |m, func, s| match s {
        Stmt::Loop { test, body, update, .. } => (
            walk::trip_test(m, func, *test, body, update)
                .map(|(_, _, _, bound)| walk::quiet_value(m, func, bound)),
            walk::holds_loop(m, func, body),
        ),
        _ => unreachable!("a loop"),
    })
}

#[test]
fn trip_tests_and_loops_held() {
    for (body, want) in [
        // Bounds the back ends evaluate once before the loop.
        ("int s = 0; for (int i = 0; i < n; i++) { s += a[i]; } return s;", (Some(true), false)),
        ("int s = 0; for (int i = n; i >= 0; i -= 2) { s += i; } return s;", (Some(true), false)),
        (
            "int s = 0; for (int j = n; j < Math.min(n + 64, 1000); j++) { s += j; } return s;",
            (Some(true), false),
        ),
        (
            "int s = 0; for (int d = 1; d <= (int) Math.sqrt(n); d++) { s += d; } return s;",
            (Some(true), false),
        ),
        ("int s = 0; int m = n; while (--m > 0) { s += m; } return s;", (Some(true), false)),
        // A length (which throws for `null`) or an element (which may fail): not quiet.
        ("int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s;", (Some(false), false)),
        ("int s = 0; for (int i = 0; i < a[0]; i++) { s += i; } return s;", (Some(false), false)),
        ("int s = 0; for (int i = 0; i < n / 2; i++) { s += i; } return s;", (Some(false), false)),
        // Loops held: a loop, a helper holding one, a `!`.
        (
            "int s = 0; for (int i = 0; i < n; i++) { for (int j = 0; j < i; j++) { s++; } } return s;",
            (Some(true), true),
        ),
        ("int s = 0; for (int i = 0; i < n; i++) { s += Main.g(i); } return s;", (Some(true), true)),
        ("int s = 0; for (int i = 0; i < n; i++) { s += + ! a; } return s;", (Some(true), true)),
        ("int s = 0; for (int i = 0; i < n; i++) { s += Math.abs(i); } return s;", (Some(true), false)),
        // A `long` index or bound (the back ends take the distance wider than `long`).
        ("int s = 0; for (long i = 0; i < n; i++) { s++; } return s;", (Some(true), false)),
        (
            "int s = 0; for (long i = Long.MIN_VALUE; i < n * 7L; i += 3) { s++; } return s;",
            (Some(true), false),
        ),
        // No trip test: a loop only its data end, a floating-point index, a `byte` index
        // (compared after its promotion to `int`, no counted test).
        ("int x = n; while (x != 1) { x = x / 2; } return x;", (None, false)),
        ("int s = 0; for (double x = 0; x < n; x++) { s++; } return s;", (None, false)),
        ("int s = 0; for (byte b = 0; b < 100; b++) { s++; } return s;", (None, false)),
    ] {
        assert_eq!(first_loop_trips(body), want, "{body}");
    }
}

/// Whether the first loop of `f` may wrap around, for `walk::wraps_at` with the module
/// (which takes bounds calling `Math`) and without.
fn first_loop_wraps(body: &str) -> (bool, bool) {
    first_loop(body, |m, func, s| match s {
        Stmt::Loop { test, body, update, .. } => (
            walk::wraps_at(Some(m), func, *test, body, update).is_some(),
            walk::wraps_at(None, func, *test, body, update).is_some(),
        ),
        _ => unreachable!("a loop"),
    })
}

#[test]
fn loops_bounded_by_math_may_wrap_around() {
    for (body, want) in [
        // `Math.max(n, 0)` may be `Integer.MAX_VALUE`: `k <=` it never ends.
        ("int s = 0; for (int k = n; k <= Math.max(n, 0); k++) { s++; } return s;", (true, false)),
        ("int s = 0; for (int k = 0; k <= n; k++) { s++; } return s;", (true, true)),
        // `<` one step at a time never passes an `int` bound.
        ("int s = 0; for (int k = 0; k < Math.max(n, 0); k++) { s++; } return s;", (false, false)),
    ] {
        assert_eq!(first_loop_wraps(body), want, "{body}");
    }
}

#[test]
fn loops_stepping_toward_a_steady_bound_are_counted() {
    for body in [
        "int s = 0; for (int i = 0; i < n; i++) { s += a[i]; } return s;",
        "int s = 0; for (int i = n; i >= 0; i -= 2) { s += i; } return s;",
        "int s = 0; for (int i = 0; a.length > i; i += 3) { s += i; } return s;",
        // The escape-time form: a conjunct bounds the step at the body's top level.
        "int k = 0; int x = n; while (k < 64 && x != 1) { x = x / 2; k++; } return k;",
        "int k = 0; while (n > k) { k++; } return k;",
        // The step in the test (Series' `while (--nsteps > 0)`), after a conjunct too.
        "int s = 0; int m = n; while (--m > 0) { s += m; } return s;",
        "int s = 0; int k = 0; while (s < 100 && k++ <= n) { s += a[k]; } return s;",
    ] {
        assert!(first_loop_counted(body), "{body}");
    }
}

#[test]
fn loops_ending_by_their_data_are_not() {
    for body in [
        // Collatz: only the data end it.
        "int x = n; while (x != 1) { x = x % 2 == 0 ? x / 2 : 3 * x + 1; } return x;",
        // The index also moves in the body, or the bound does.
        "int s = 0; for (int i = 0; i < n; i++) { i = a[i]; s++; } return s;",
        "int m = n; int s = 0; for (int i = 0; i < m; i++) { m++; s++; } return s;",
        // A step that `continue` can skip, or one under an `if`.
        "int k = 0; while (k < n) { if (a[k] > 0) { continue; } k++; } return k;",
        "int k = 0; while (k < n) { if (a[0] > 0) { k++; } } return k;",
        // A step away from the bound.
        "int s = 0; for (int i = 0; i < n; i--) { s++; } return s;",
        // A step in the test away from the bound, or beside another assignment of it.
        "int s = 0; int m = n; while (++m > 0) { s++; } return s;",
        "int s = 0; int m = n; while (--m > 0) { m = a[m]; s++; } return s;",
        "int s = 0; int m = n; while (--m > 0 && (m = a[m]) > 0) { s++; } return s;",
        // A bound calling a method.
        "int s = 0; for (int i = 0; i < Main.f(n - 1, a); i++) { s++; } return s;",
        // A bound's local the test assigns: before the loop it holds another value.
        "int s = 0; int m = 0; for (int k = 0; (m = n) > 0 && k < m; k++) { s++; } return s;",
        "int s = 0; int m = 0; int k = n; while ((m = a[0]) > 0 && --k > m) { s++; } return s;",
        // A bound calling the library's `Math` (which has no effect: `loopcheck` takes it) may
        // come from a stand-in after a failure and be huge: the loop keeps its stop checks.
        "int s = 0; for (int j = n; j < Math.min(n + 64, a.length); j++) { s += a[j]; } return s;",
        "int s = 0; for (int j = n; j >= Math.max(0, n - 8); j--) { s += j; } return s;",
    ] {
        assert!(!first_loop_counted(body), "{body}");
    }
}
