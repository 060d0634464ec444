//! Tests of `analysis::rows`: which host loops leave which matrix on the device between
//! their calls, moving only the rows they fetch. Each case is a `main` around the SOMD
//! methods below; the test lists the loops as `Function#loop: matrix via label (fetches)`.

mod common;

use common::lowered;
use somd_mir::analysis::analyze;

/// `step` updates every column after `k` (LUFact's `eliminate`), `copy` returns a new
/// matrix rather than its parameter, `total` reduces.
const METHODS: &str = "
class T {
    static double[][] step(dist(dim = 1) double[][] a, double[] colK, int k) {
        int first = Somd.offset(a, 1);
        for (int jj = 0; jj < a.length; jj++) {
            if (first + jj <= k) { continue; }
            double[] colJ = a[jj];
            double t = colJ[k];
            for (int i = k + 1; i < colK.length; i++) { colJ[i] += t * colK[i]; }
        }
        return a;
    }
    static double[][] copy(dist(dim = 1) double[][] a) {
        double[][] out = new double[a.length][4];
        for (int i = 0; i < a.length; i++) { out[i][0] = a[i][0]; }
        return out;
    }
    static int peek(double[] r) { return r.length; }
    static double[] keepRow;
    static void stash(double[] r) { keepRow = r; }
    static void scale(double[] r) { r[0] = 2 * r[0]; }
";

fn rows(main: &str) -> Vec<String> {
    let source = format!(
        "{METHODS}\n    public static void main(String[] args) {{\n\
         double[][] a = new double[8][8]; int n = 8;\n{main}\n    }}\n}}\n"
    );
    let module = lowered(&source);
    analyze(&module)
        .rows
        .iter()
        .map(|r| {
            let func = module.function(r.func);
            format!(
                "{}#{}: {} via {} ({})",
                func.name,
                r.loop_id.0,
                func.local(r.matrix).name,
                r.label,
                r.fetches.len()
            )
        })
        .collect()
}

#[test]
fn a_loop_that_fetches_rows_before_its_call_leaves_the_matrix_on_the_device() {
    assert_eq!(
        rows(
            "for (int k = 0; k < n - 1; k++) {
                double[] colK = a[k];
                colK[k] = colK[k] * 2 + T.peek(colK);
                if (colK[k] != 0) {
                    for (int i = k + 1; i < n; i++) { colK[i] *= 0.5; }
                    a = T.step(a, colK, k);
                }
            }
            System.out.println(a[0][0] + a.length);"
        ),
        ["T.main#0: a via T.step (1)"]
    );
    // Another call of the method in the loop, on another matrix, leaves the analysed one
    // in place (the runtime serves only the armed call).
    assert_eq!(
        rows(
            "double[][] b = new double[8][8]; double[] w = new double[8];
            for (int k = 0; k < n - 1; k++) {
                double[] colK = a[k];
                a = T.step(a, colK, k);
                double[][] c = T.step(b, w, k);
            }"
        ),
        ["T.main#0: a via T.step (1)"]
    );
}

#[test]
fn rows_used_after_the_call_or_kept_elsewhere_block_it() {
    // The row is read after the call.
    assert!(rows(
        "for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            a = T.step(a, colK, k);
            colK[0] = 1;
        }"
    )
    .is_empty());
    // The row escapes into a static field.
    assert!(rows(
        "for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            T.stash(colK);
            a = T.step(a, colK, k);
        }"
    )
    .is_empty());
    // A callee writes the row (not read-only: refused, conservatively).
    assert!(rows(
        "for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            T.scale(colK);
            a = T.step(a, colK, k);
        }"
    )
    .is_empty());
    // The row local outlives the iteration.
    assert!(rows(
        "double[] colK = a[0];
        for (int k = 0; k < n - 1; k++) {
            colK = a[k];
            a = T.step(a, colK, k);
        }"
    )
    .is_empty());
}

#[test]
fn other_uses_of_the_matrix_block_it() {
    // An element read that is not a row fetch.
    assert!(rows(
        "for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            double x = a[k][0];
            a = T.step(a, colK, k);
        }"
    )
    .is_empty());
    // The matrix is copied to another local.
    assert!(rows(
        "double[][] b = a;
        for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            b = a;
            a = T.step(a, colK, k);
        }"
    )
    .is_empty());
    // The call is in a nested loop: only that loop, where the host touches no row,
    // qualifies.
    assert_eq!(
        rows(
            "for (int k = 0; k < n - 1; k++) {
                double[] colK = a[k];
                for (int r = 0; r < 1; r++) { a = T.step(a, colK, k); }
            }"
        ),
        ["T.main#1: a via T.step (0)"]
    );
    // An argument of the call calls something (the scope could serve that call instead).
    assert!(rows(
        "for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            a = T.step(a, colK, T.peek(colK));
        }"
    )
    .is_empty());
    // The method returns a new matrix, not its parameter.
    assert!(rows(
        "for (int k = 0; k < n - 1; k++) {
            double[] colK = a[k];
            colK[0] = 1;
            a = T.copy(a);
        }"
    )
    .is_empty());
}
