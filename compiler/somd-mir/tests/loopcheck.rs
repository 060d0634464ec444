//! Tests of `analysis::loopcheck`: which accesses of a counted loop one test before the
//! loop keeps in range, with the index form the test evaluates (`scale * v + lo..hi + K`).
//! Each case is one static method; the test describes each loop of it in source order.

mod common;

use common::lowered_with_stdlib as module;
use somd_mir::analysis::loopcheck::loop_checks;
use somd_mir::analysis::walk::each_stmt;
use somd_mir::{BinOpKind, Function, Module, Stmt};
use std::collections::BTreeSet;

fn function<'m>(module: &'m Module, name: &str) -> &'m Function {
    module.functions.iter().find(|f| f.name == name).expect("function exists")
}

/// Per `for` loop of `method`, in source order: `none`, or its comparison, step and each
/// index range as `array[scale*v + lo..hi + terms]: accesses` (the bound's reads first).
fn loops(body: &str, method: &str) -> Vec<String> {
    let source =
        format!("class T {{\n{body}\n    public static void main(String[] args) {{ }}\n}}\n");
    let m = module(&source);
    let func = function(&m, &format!("T.{method}"));
    let text = |e: somd_mir::ExprId| source[func.expr(e).span.range()].to_string();
    let mut out = Vec::new();
    each_stmt(&func.body, &mut |stmt| {
        let Stmt::Loop { test: Some(t), test_at_end: false, body, update, .. } = stmt else {
            return;
        };
        let Some(c) =
            loop_checks(&m, func, *t, body, update, &BTreeSet::new(), &BTreeSet::new(), &|_| true)
        else {
            out.push("none".to_string());
            return;
        };
        let op = match c.op {
            BinOpKind::Lt => "<",
            BinOpKind::Le => "<=",
            BinOpKind::Gt => ">",
            _ => ">=",
        };
        let mut line =
            format!("{} {op} {} by {}:", func.local(c.index).name, text(c.bound), c.step);
        for r in c.bound_reads.iter().chain(&c.ranges) {
            let terms: String = r
                .terms
                .iter()
                .map(|(e, add)| format!(" {} {}", if *add { "+" } else { "-" }, text(*e)))
                .collect();
            let accesses: Vec<String> = r.accesses.iter().map(|e| text(*e)).collect();
            let array = &func.local(r.len.array).name;
            line += &format!(
                " {array}.{}[{}*v + {}..{}{terms}]: {}",
                r.len.dim,
                r.scale,
                r.lo,
                r.hi,
                accesses.join(", ")
            );
            line.push(';');
        }
        if !c.divisors.is_empty() {
            let divisions: Vec<String> = c.divisors.iter().map(|e| text(*e)).collect();
            line += &format!(" divides: {};", divisions.join(", "));
        }
        out.push(line);
    });
    out
}

#[test]
fn divisions_by_the_index_are_listed() {
    let v = loops(
        "static long f(int[] q, int x, long y, int n) { long s = 0; \
         for (int d = 1; d < n; d++) { s += x % d + x / d + q[d]; } \
         for (int d = n; d >= 1; d -= 2) { y /= d; if (d > 3) { s += y % d; } } \
         for (int d = 0; d < n; d++) { s += x % (d + 1) + d / 2 + (x * 1.5) / d; } \
         return s + y; }",
        "f",
    );
    assert_eq!(
        v,
        [
            // Both operators, beside an access the test also keeps in range.
            "d < n by 1: q.0[1*v + 0..0]: q[d]; divides: x % d, x / d;",
            // A compound assignment of a `long` by the `int` index, and one under an `if`.
            "d >= 1 by -2: divides: y /= d, y % d;",
            // Divisors other than the index itself, constant ones and floating-point ones.
            "none",
        ]
    );
}

#[test]
fn a_stride_of_four_reads_its_group() {
    let v = loops(
        "static float f(float[] q, float x) { float s = 0; for (int a = 0; a < q.length; a += 4) { s += (q[a] - x) * q[a + 1] + q[a + 2] / q[a + 3]; } return s; }",
        "f",
    );
    assert_eq!(v, ["a < q.length by 4: q.0[1*v + 0..3]: q[a], q[a + 1], q[a + 2], q[a + 3];"]);
}

#[test]
fn outer_values_join_the_index_as_terms() {
    let v = loops(
        "static long f(int[] m, int[] rs, int w) { long s = 0; for (int k = 0; k < rs.length; k++) { int r = rs[k]; for (int j = 1; j <= w; j++) { s += m[r * w + j - 1] - m[w - j]; } } return s; }",
        "f",
    );
    assert_eq!(
        v,
        [
            // The outer loop: `rs[k]`; the inner loop's accesses change with `j` and `r`.
            "k < rs.length by 1: rs.0[1*v + 0..0]: rs[k];",
            "j <= w by 1: m.0[1*v + -1..-1 + r * w]: m[r * w + j - 1]; m.0[-1*v + 0..0 + w]: m[w - j];",
        ]
    );
}

#[test]
fn loops_stepping_down_and_rows_of_a_matrix() {
    let v = loops(
        "static double f(double[][] g, int i, int n) { double s = 0; for (int j = n - 1; j >= 0; j -= 2) { s += g[i][j] * g[j][0]; } return s; }",
        "f",
    );
    assert_eq!(
        v,
        ["j >= 0 by -2: g.0[0*v + 0..0 + i]: g[i]; g.1[1*v + 0..0]: g[i][j]; g.0[1*v + 0..0]: g[j]; g.1[0*v + 0..0]: g[j][0];"]
    );
}

#[test]
fn guarded_and_conditional_accesses_and_the_test_before_its_count_stay_out() {
    let v = loops(
        "static int f(int[] a, int[] b, int n) { int s = 0; \
         for (int j = 0; j < n && a[j] > 0; j++) { if (j + 1 < n) { s += a[j + 1]; } s += j > 2 ? a[j - 2] : 0; if (a[j] < 0) break; } \
         for (int j = 0; b[j] > 0 && j < n && (s > 3 || b[j + 1] > 0); j++) { s += a[j]; } \
         return s; }",
        "f",
    );
    assert_eq!(
        v,
        [
            // The test's `a[j]` after `j < n`, and the body's.
            "j < n by 1: a.0[1*v + 0..0]: a[j], a[j];",
            // `b[j]` before the count stays out, as does `b[j + 1]`, right of `||`.
            "j < n by 1: a.0[1*v + 0..0]: a[j];",
        ]
    );
}

#[test]
fn loops_that_cannot_be_tested_keep_their_checks() {
    let v = loops(
        "static int f(int[] a, int[] b, int n) { int s = 0; \
         for (int i = 0; i < n; i++) { s += a[i]; i += 0; } \
         for (int i = 0; i < n; i++) { s += a[i]; a = b; } \
         for (int i = 0; i <= 2147483647; i++) { s += a[i]; } \
         for (int i = 0; i < n; i++) { s += a[i * i]; } \
         for (int i = 0; i < n; i++) { s += a[s]; } \
         for (int i = 0; i < n; i++) { n--; s += a[i]; } \
         for (long i = 0; i < n; i++) { s += a[(int) i]; } \
         int k = 0; while (k < n) { k++; s += a[k]; } \
         k = 0; while (k < n) { if (a[k] > 3) { k++; continue; } s += a[k]; k++; } \
         k = 0; while (k++ < n) { s += a[k]; } \
         return s; }",
        "f",
    );
    assert_eq!(v, ["none", "none", "none", "none", "none", "none", "none", "none", "none", "none"]);
}

#[test]
fn a_constant_index_below_zero_is_left_to_its_check() {
    let v = loops(
        "static int f(int[] a, int n) { int s = 0; for (int j = 0; j < n; j++) { s += a[-1] + a[3] + a[j]; } return s; }",
        "f",
    );
    assert_eq!(v, ["j < n by 1: a.0[0*v + 3..3]: a[3]; a.0[1*v + 0..0]: a[j];"]);
}

#[test]
fn bounds_reading_elements_or_dividing_by_constants() {
    let v = loops(
        "static double f(int[] row, int[] col, double[] val, int i, int w, int[][] ends) { double s = 0; \
         for (int k = row[i]; k < row[i + 1]; k++) { s += val[k] * col[k]; } \
         for (int j = 0; j < w / 2; j++) { s += val[2 * j + 1]; } \
         for (int j = 1; j <= (w + 1) % 7; j++) { s += val[j - 1]; } \
         for (int j = 0; j < ends[i][1]; j++) { s += col[j]; } \
         return s; }",
        "f",
    );
    assert_eq!(
        v,
        [
            "k < row[i + 1] by 1: row.0[0*v + 1..1 + i]: row[i + 1]; val.0[1*v + 0..0]: val[k]; col.0[1*v + 0..0]: col[k];",
            "j < w / 2 by 1: val.0[2*v + 1..1]: val[2 * j + 1];",
            "j <= (w + 1) % 7 by 1: val.0[1*v + -1..-1]: val[j - 1];",
            "j < ends[i][1] by 1: ends.1[0*v + 1..1]: ends[i][1]; ends.0[0*v + 0..0 + i]: ends[i]; col.0[1*v + 0..0]: col[j];",
        ]
    );
}

#[test]
fn bounds_calling_the_library_math() {
    let v = loops(
        "static int g(int x) { return x; } \
         static float f(float[] a, int[] row, int i, int r, int n) { float s = 0; \
         for (int jj = 0; jj < n; jj += 64) { for (int j = jj; j < Math.min(jj + 64, n); j++) { s += a[j]; } } \
         for (int k = Math.max(0, i - r); k <= Math.min(i + r, a.length - 1); k++) { s += a[k]; } \
         for (int k = row[i]; k < Math.min(row[i + 1], n); k++) { s += a[k]; } \
         for (int k = 0; k < Math.min(g(n), a.length); k++) { s += a[k]; } \
         for (int k = 0; k < Math.min(n / i, a.length); k++) { s += a[k]; } \
         for (int k = 2; k <= (int) Math.sqrt(n); k++) { s += a[k]; } \
         return s; }",
        "f",
    );
    assert_eq!(
        v,
        [
            "none",
            "j < Math.min(jj + 64, n) by 1: a.0[1*v + 0..0]: a[j];",
            "k <= Math.min(i + r, a.length - 1) by 1: a.0[1*v + 0..0]: a[k];",
            "k < Math.min(row[i + 1], n) by 1: row.0[0*v + 1..1 + i]: row[i + 1]; a.0[1*v + 0..0]: a[k];",
            // A helper of the program, a divisor that may be 0.
            "none",
            "none",
            "k <= (int) Math.sqrt(n) by 1: a.0[1*v + 0..0]: a[k];",
        ]
    );
}

#[test]
fn bounds_whose_elements_or_divisors_may_change_or_fail_are_not_tested() {
    let v = loops(
        "static int g(int[] x) { return x.length; } \
         static int f(int[] row, int[] a, long[] b, int i, int w, int n) { int s = 0; \
         for (int k = 0; k < row[i]; k++) { s += a[k]; a[k] = 1; } \
         for (int k = 0; k < row[i]; k++) { s += a[k] + g(a); } \
         for (int k = 0; k < row[i]; k++) { s += a[k]; i++; } \
         for (int k = 0; k < row[a[i]]; k++) { s += a[k]; } \
         for (int k = 0; k < row[k]; k++) { s += a[k]; } \
         for (int k = 0; k < w / i; k++) { s += a[k]; } \
         for (int k = 0; k < w % 0; k++) { s += a[k]; } \
         for (int k = 0; k < row[i]; k++) { s += a[k]; b[k] = 1; } \
         for (int k = 0; k < row[-1]; k++) { s += a[k]; } \
         for (int k = 0; k < row[i]; k++) { T t = new T(); s += a[k]; } \
         for (int k = 0; k < n && a[k++] > 0; k++) { s += a[k]; } \
         int k = 0; while (k < n && a[k++] > 0) { s += a[k]; k++; } \
         return s; }",
        "f",
    );
    assert_eq!(
        v,
        [
            "none",
            "none",
            "none",
            "none",
            "none",
            "none",
            "none",
            // A `long` store cannot change an `int` element.
            "k < row[i] by 1: row.0[0*v + 0..0 + i]: row[i]; a.0[1*v + 0..0]: a[k]; b.0[1*v + 0..0]: b[k];",
            // A constant index below 0, an object made (a constructor may run code), a test
            // stepping the index too.
            "none",
            "none",
            "none",
            "none",
        ]
    );
}

#[test]
fn while_loops_stepped_by_their_last_statement() {
    let v = loops(
        "static int f(int[] a, int n) { int s = 0; int k = 1; \
         while (k < n) { s += a[k - 1] * a[k]; k += 2; } \
         k = n - 1; while (k >= 0 && s > -1000) { s -= a[k]; k--; } \
         return s; }",
        "f",
    );
    assert_eq!(
        v,
        ["k < n by 2: a.0[1*v + -1..0]: a[k - 1], a[k];", "k >= 0 by -1: a.0[1*v + 0..0]: a[k];",]
    );
}
