//! `walk::counted`: which loops end on their own (the OpenCL writer bounds the others by a
//! failure check, `Writer::spin_guard`).

mod common;

use common::lowered_with_stdlib as module;
use somd_mir::analysis::walk;
use somd_mir::Stmt;

/// Whether the first loop of `static int f(int n, int[] a) { BODY }` is counted.
fn first_loop_counted(body: &str) -> bool {
    let m = module(&format!(
        "public class Main {{\n    static int f(int n, int[] a) {{\n{body}\n    }}\n    \
         public static void main(String[] args) {{ }}\n}}\n"
    ));
    let func = m.functions.iter().find(|f| f.name == "Main.f").expect("Main.f exists");
    let mut found = None;
    walk::each_stmt(&func.body, &mut |s| {
        if let (Stmt::Loop { test, body, update, .. }, None) = (s, &found) {
            found = Some(walk::counted(func, *test, body, update));
        }
    });
    found.expect("a loop")
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
        // A bound calling the library's `Math` (which has no effect: `loopcheck` takes it) may
        // come from a stand-in after a failure and be huge: the loop keeps its stop checks.
        "int s = 0; for (int j = n; j < Math.min(n + 64, a.length); j++) { s += a[j]; } return s;",
        "int s = 0; for (int j = n; j >= Math.max(0, n - 8); j--) { s += j; } return s;",
    ] {
        assert!(!first_loop_counted(body), "{body}");
    }
}
